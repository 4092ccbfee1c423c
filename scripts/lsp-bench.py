#!/usr/bin/env python3
"""Latency of `placement lsp` diagnostics: the time from a `didChange` to its `publishDiagnostics`.

usage: scripts/lsp-bench.py [--binary .build/release/placement] [--edits 20]

Drives the server over stdio (Content-Length framing, standard library only) with debouncing off
(`initializationOptions.debounceMilliseconds: 0`), so the figure is the compile + lint + publish time the
server adds after an editor's debounce. Three workloads:
  shipped    Rules/ of this repository, editing Rules/paywall.rules
  10k        one file of 10,000 segments and 20 placements of 50 rows (the shapes of Sources/Benchmarks)
  4mib       a file 4 KiB under the parser's 4 MiB limit: the 10k rule set plus comment lines
Prints the wall-clock median and maximum over the edits for each, and the server's CPU time per edit (from
/proc, so a loaded machine shows in the wall-clock figures but not in the CPU ones; 10 ms resolution).
"""

import argparse
import json
import os
import pathlib
import queue
import threading
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[1]

TEMPLATES = [
    "experience == pro and app_version >= 2.{m}",
    'country in ["US", "CA", "GB", "DE"] and platform == "iOS"',
    "interests has any [music, yoga] and years_since(birthday) >= 18",
    'subscription_state in ["expired", "cancelled"] and total_revenue_usd > {i50}',
    "last_seen_at within last 7 days and not reminders",
    "goal == relax or (experience in [beginner, amateur] and weight > 80)",
    'email ends_with "@gmail.com" and language == "en"',
    'age between 18 and 34 and gender == "f"',
    "{ref} and interests has running",
    "count(interests) >= 3 and app_version < 3.0",
]

ATTRIBUTES = """attribute experience: choice(beginner, amateur, pro) from quiz "experience"
attribute interests: choices(sports, music, yoga, running, cooking, travel) from quiz "interests"
attribute goal: choice(lose_weight, gain_muscle, stay_fit, relax) from quiz "goal"
attribute email: string from input "email" on screen "scr_registration"
attribute birthday: date from input "birthday"
attribute reminders: bool from toggle "reminders"
attribute weight: number from input "weight"
"""


def generated(segments=10_000, placements=20, rows=50):
    lines = [ATTRIBUTES]
    for i in range(segments):
        ref = f"seg_{i - 9}" if i >= 10 else "reminders"
        lines.append(f"segment seg_{i} = " + TEMPLATES[i % 10].format(m=i % 10, i50=i % 50, ref=ref) + "\n")
    for p in range(placements):
        lines.append(f"\nplacement placement_{p}: flow {{\n")
        for r in range(rows - 1):
            lines.append(f"  seg_{(r * segments // rows + p) % segments} -> flow flow_{r}\n")
        lines.append("  default -> flow generic\n}\n")
    return "".join(lines)


class Server:
    def __init__(self, binary, root):
        # Swift seeds its hash tables at random per process; fixed seeds make runs repeatable (docs/Performance.md).
        env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self.next_id = 1
        # Read on a thread, as editors do: the server may write large diagnostics while a big didOpen is sent.
        self.messages = queue.Queue()
        threading.Thread(target=self.read_all, daemon=True).start()
        self.request("initialize", {"rootUri": pathlib.Path(root).as_uri(), "capabilities": {},
                                    "initializationOptions": {"debounceMilliseconds": 0}})
        self.notify("initialized", {})

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        return self.messages.get(timeout=120)

    def read_all(self):
        while True:
            try:
                self.messages.put(self.read_one())
            except Exception:
                return

    def read_one(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            if not byte:
                raise RuntimeError("server closed its output")
            header += byte
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        ident = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == ident:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics_for(self, uri):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    def cpu_seconds(self):
        """User + system CPU time of the server process so far (Linux /proc), independent of machine load."""
        fields = pathlib.Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.process.wait(timeout=10)


def measure(binary, root, path, edits):
    server = Server(binary, root)
    uri = pathlib.Path(path).as_uri()
    text = pathlib.Path(path).read_text()
    start = time.perf_counter()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "placement", "version": 1, "text": text}})
    found = server.diagnostics_for(uri)
    first = time.perf_counter() - start
    times = []
    cpu = []
    for version in range(2, edits + 2):
        text += f"# edit {version}\n"
        start = time.perf_counter()
        cpu_start = server.cpu_seconds()
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                  "contentChanges": [{"text": text}]})
        found = server.diagnostics_for(uri)
        times.append(time.perf_counter() - start)
        cpu.append(server.cpu_seconds() - cpu_start)
    server.close()
    return first, times, cpu, len(found)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(REPO / ".build" / "release" / "placement"))
    parser.add_argument("--edits", type=int, default=20)
    args = parser.parse_args()
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="placement-lsp-bench-"))
    try:
        workloads = [("shipped", REPO, REPO / "Rules" / "paywall.rules")]
        big = generated()
        (scratch / "10k" / "Rules").mkdir(parents=True)
        (scratch / "10k" / "Rules" / "rules.rules").write_text(big)
        workloads.append(("10k", scratch / "10k", scratch / "10k" / "Rules" / "rules.rules"))
        padding = "# " + "x" * 97 + "\n"
        huge = big + padding * ((4 * 1024 * 1024 - 4096 - len(big)) // len(padding))
        (scratch / "4mib" / "Rules").mkdir(parents=True)
        (scratch / "4mib" / "Rules" / "rules.rules").write_text(huge)
        workloads.append(("4mib", scratch / "4mib", scratch / "4mib" / "Rules" / "rules.rules"))
        for name, root, path in workloads:
            first, times, cpu, count = measure(args.binary, root, path, args.edits)
            size = os.path.getsize(path)
            print(f"{name:8} {size:>8} bytes  open {first * 1000:7.1f} ms  edit median {statistics.median(times) * 1000:7.1f} ms"
                  f"  max {max(times) * 1000:7.1f} ms  server CPU per edit median {statistics.median(cpu) * 1000:6.0f} ms"
                  f"  ({len(times)} edits, {count} diagnostics)")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
