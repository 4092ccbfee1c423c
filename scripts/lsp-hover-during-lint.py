#!/usr/bin/env python3
"""Hover latency while `placement lsp` lints a big document (docs/Editors.md, "Lint off the request thread").

usage: scripts/lsp-hover-during-lint.py BINARY [--segments 4000] [--delay 0.3]

Opens a generated file (scripts/lsp-bench.py's shapes: N segments, 10 placements of 50 rows), waits `--delay`
seconds so the lint has started, sends a hover and prints how long its response took and whether it came
before the diagnostics of that version; then the same for a didChange. Wall-clock figures: on a loaded machine
run it more than once. Standard library only.
"""
import argparse
import importlib.util
import pathlib
import tempfile
import time

spec = importlib.util.spec_from_file_location("bench", pathlib.Path(__file__).resolve().parent / "lsp-bench.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("--segments", type=int, default=4000)
parser.add_argument("--delay", type=float, default=0.3)
args = parser.parse_args()
root = tempfile.mkdtemp()
path = pathlib.Path(root) / "big.rules"
text = bench.generated(segments=args.segments, placements=10, rows=50)
path.write_text(text)
uri = path.as_uri()
server = bench.Server(args.binary, root)
for version in (1, 2):
    start = time.monotonic()
    if version == 1:
        document = {"uri": uri, "languageId": "placement", "version": 1, "text": text}
        server.notify("textDocument/didOpen", {"textDocument": document})
    else:
        text = text.replace("segment seg_0 =", "segment seg_0  =")
        server.notify("textDocument/didChange",
                      {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text}]})
    time.sleep(args.delay)
    sent = time.monotonic()
    server.send({"jsonrpc": "2.0", "id": 100 + version, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": uri}, "position": {"line": 30, "character": 9}}})
    hover_at = diag_at = None
    while hover_at is None or diag_at is None:
        message = server.receive()
        if message.get("id") == 100 + version:
            hover_at = time.monotonic()
        elif (message.get("method") == "textDocument/publishDiagnostics"
              and message["params"].get("version") == version):
            diag_at = time.monotonic()
    order = "hover first" if hover_at < diag_at else "diagnostics first"
    print(f"v{version}: hover answered {1000*(hover_at-sent):.0f} ms after it was sent; diagnostics "
          f"{1000*(diag_at-start):.0f} ms after the edit; {order}")
print(f"server CPU {server.cpu_seconds():.2f} s")
server.close()
path.unlink()
pathlib.Path(root).rmdir()
