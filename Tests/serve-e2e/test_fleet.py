"""A replica of a fleet: `placement serve --rules URL --cache FILE` following a bundle published by a static HTTP
server on 127.0.0.1 (Python's http.server, as object storage or nginx would serve it): the bundle served, a
newer one installed within a poll interval, an older or corrupt one refused, a restart while the server is down
served from the cache, and a start without rules that waits, not ready, until the bundle is published."""

import functools
import http.server
import shutil
import threading

import pytest
import requests

from conftest import ROOT, Served, placement, wait_until


class Origin:
    """A static file server on 127.0.0.1 over a folder; `publish` replaces its rules.bundle by a rename."""

    def __init__(self, folder):
        self.folder = folder
        handler = functools.partial(_QuietHandler, directory=str(folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/rules.bundle"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def publish(self, data):
        temporary = self.folder / "rules.bundle.tmp"
        temporary.write_bytes(data)
        temporary.rename(self.folder / "rules.bundle")

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


@pytest.fixture
def bundles(tmp_path):
    """Bundles of the shipped rules with revisions 1-…, 2-… (other rules) and 3-… (other rules again)."""
    made = {}
    for number, suffix in ((1, ""), (2, "# two\n"), (3, "# three\n")):
        rules = tmp_path / f"rules{number}"
        shutil.copytree(ROOT / "Rules", rules, ignore=shutil.ignore_patterns("tests"))
        with open(rules / "paywall.rules", "a") as file:
            file.write(suffix)
        output = tmp_path / f"{number}.bundle"
        placement("bundle", "build", str(rules), "-o", str(output), "--revision", f"{number}-c0ffee{number}")
        made[number] = output.read_bytes()
    return made


def served_version(served):
    evaluation = requests.post(
        f"{served.url}/ofrep/v1/evaluate/flags/main_paywall", json={"context": {"targetingKey": "u"}}, timeout=10)
    assert evaluation.status_code == 200
    return evaluation.json()["metadata"]["rules_version"]


def test_a_replica_follows_the_published_bundle_and_refuses_older_or_corrupt_ones(tmp_path, bundles):
    (tmp_path / "origin").mkdir()
    origin = Origin(tmp_path / "origin")
    origin.publish(bundles[1])
    cache = tmp_path / "cache.bundle"
    served = Served(["--rules", origin.url, "--cache", str(cache), "--poll-interval", "0.2"])
    try:
        first = requests.get(f"{served.url}/v1/rules", timeout=10).json()
        assert (first["revision"], first["source"], first["served_from_cache"]) == ("1-c0ffee1", origin.url, False)
        assert served_version(served) == served.rules_version
        assert cache.read_bytes() == bundles[1]
        origin.publish(bundles[2])
        assert wait_until(lambda: requests.get(f"{served.url}/v1/rules", timeout=10).json()["revision"] == "2-c0ffee2")
        second = requests.get(f"{served.url}/v1/rules", timeout=10).json()["rules_version"]
        assert second != served.rules_version and served_version(served) == second
        assert cache.read_bytes() == bundles[2]
        failures = served.metric("placement_rules_reload_failures_total")
        origin.publish(bundles[1])
        assert wait_until(lambda: served.metric("placement_rules_reload_failures_total") > failures)
        refused = requests.get(f"{served.url}/v1/rules", timeout=10).json()
        assert "bundle revision '1-c0ffee1' is older than the served revision '2-c0ffee2'" in refused["last_error"]
        # One bit flipped in the middle of the file: inside a tar header the bundle is not valid; inside a rules
        # file it no longer matches its digest. Either way it is refused and the served rules stay.
        corrupt = bytearray(bundles[3])
        corrupt[len(corrupt) // 2] ^= 0x20
        origin.publish(bytes(corrupt))
        refusals = ("not a valid rules bundle", "corrupt or modified rules bundle")
        assert wait_until(lambda: any(refusal in (requests.get(
            f"{served.url}/v1/rules", timeout=10).json()["last_error"] or "") for refusal in refusals))
        assert served_version(served) == second
        assert served.metric("placement_rules_info", rules_version=second, revision="2-c0ffee2") == 1
        assert requests.get(f"{served.url}/readyz", timeout=10).status_code == 200
    finally:
        status, err = served.stop()
    assert status == 0
    assert "placement serve: reloaded '" + origin.url + "': rules_version " + second + ", revision 2-c0ffee2" in err

    origin.stop()
    restarted = Served(["--rules", origin.url, "--cache", str(cache)])
    try:
        assert restarted.rules_version == second
        ready = requests.get(f"{restarted.url}/readyz", timeout=10).json()
        assert (ready["status"], ready["served_from_cache"]) == ("ready", True)
        assert restarted.metric("placement_rules_served_from_cache") == 1
        assert served_version(restarted) == second
    finally:
        status, err = restarted.stop()
    assert status == 0
    assert "serving the cached bundle '" + str(cache) + "'" in restarted.preamble


def test_without_rules_a_replica_is_not_ready_until_the_bundle_is_published(tmp_path, bundles):
    (tmp_path / "origin").mkdir()
    origin = Origin(tmp_path / "origin")
    served = Served(["--rules", origin.url, "--poll-interval", "0.2"])
    try:
        assert served.rules_version is None
        assert requests.get(f"{served.url}/healthz", timeout=10).status_code == 200
        ready = requests.get(f"{served.url}/readyz", timeout=10)
        assert ready.status_code == 503
        assert "HTTP 404" in ready.json()["reason"]
        flag = requests.post(
            f"{served.url}/ofrep/v1/evaluate/flags/main_paywall", json={"context": {"targetingKey": "u"}}, timeout=10)
        assert (flag.status_code, flag.json()["errorCode"]) == (503, "GENERAL")
        assert served.metric("placement_rules_loaded") == 0
        origin.publish(bundles[1])
        assert wait_until(lambda: requests.get(f"{served.url}/readyz", timeout=10).status_code == 200)
        assert served.metric("placement_rules_loaded") == 1
        assert served_version(served) == requests.get(f"{served.url}/v1/rules", timeout=10).json()["rules_version"]
    finally:
        status, err = served.stop()
        origin.stop()
    assert status == 0
    assert "placement serve: rules loaded from '" + origin.url + "'" in err
