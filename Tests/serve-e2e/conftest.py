"""Fixtures of the `placement serve` end-to-end tests: the built binary, started on a free loopback port."""

import json
import os
import pathlib
import re
import signal
import subprocess
import time

import pytest
import requests

ROOT = pathlib.Path(__file__).resolve().parents[2]
PLACEMENT = os.environ.get("PLACEMENT_BIN", str(ROOT / ".build" / "debug" / "placement"))
# The clock every comparison pins: inside the shipped rules' schedules (see .ci/run).
NOW = "2026-12-01T12:00:00Z"


class Served:
    """A running `placement serve`: its process, base URL and the lines it wrote to stderr."""

    def __init__(self, arguments, cwd=ROOT):
        self.process = subprocess.Popen(
            [PLACEMENT, "serve", "--listen", "127.0.0.1:0", *arguments],
            cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        # What it says before it listens (a source that failed, the cache served instead).
        self.preamble = ""
        line = self.process.stderr.readline()
        while line and "listening on" not in line:
            self.preamble += line
            line = self.process.stderr.readline()
        match = re.search(r"listening on (http://127\.0\.0\.1:\d+) \((?:rules_version (\w+)|no rules yet)", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"placement serve did not start: {line}{self.process.stderr.read()}")
        self.url = match.group(1)
        self.port = int(self.url.rsplit(":", 1)[1])
        self.rules_version = match.group(2)

    def stop(self, timeout=20):
        """SIGTERM, then the exit status and the rest of stderr."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            status = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise
        return status, self.process.stderr.read()

    def rss_kib(self):
        """The server's resident memory in KiB (Linux /proc)."""
        for line in pathlib.Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def metric(self, name, **labels):
        """The value of one sample of /metrics, parsed with prometheus_client."""
        from prometheus_client.parser import text_string_to_metric_families

        text = requests.get(f"{self.url}/metrics", timeout=10).text
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items()):
                    return sample.value
        return None


@pytest.fixture(scope="module")
def server():
    """The shipped rules, with ?now= allowed and a short read timeout (for the slow-client test)."""
    served = Served(["--rules", "Rules", "--allow-now", "--read-timeout", "2", "--idle-timeout", "5"])
    yield served
    status, err = served.stop()
    assert status == 0, err


def placement(*arguments, stdin=None, status=0):
    """Runs the CLI; returns its standard output (fails the test on another exit status than `status`)."""
    run = subprocess.run([PLACEMENT, *arguments], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=120)
    assert run.returncode == status, run.stderr
    return run.stdout


def cli_decisions(profile_path, *options):
    """`placement resolve --profile FILE --now NOW` as a list of decision objects."""
    out = placement("resolve", "--rules", "Rules", "--profile", str(profile_path), "--now", NOW, *options)
    return [json.loads(line) for line in out.splitlines()]


def wait_until(predicate, seconds=10, step=0.05):
    """Polls `predicate` until it is true or `seconds` pass; returns its last value."""
    deadline = time.monotonic() + seconds
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(step)
