"""The server's life: reloads on SIGHUP from a rules bundle (a broken one refused), the bearer token, and the
drain on SIGTERM that answers the request in flight. (Following a bundle URL: test_fleet.py.)"""

import shutil
import signal
import socket
import subprocess

import requests
from openfeature import api
from openfeature.contrib.provider.ofrep import OFREPProvider
from openfeature.evaluation_context import EvaluationContext
from openfeature.exception import ErrorCode

from conftest import PLACEMENT, ROOT, Served, placement, wait_until


def build_bundle(folder, output, revision):
    placement("bundle", "build", str(folder), "-o", str(output), "--revision", revision)


def test_sighup_reloads_a_bundle_and_refuses_a_broken_one(tmp_path):
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "Rules", rules, ignore=shutil.ignore_patterns("tests"))
    bundle = tmp_path / "rules.bundle"
    build_bundle(rules, bundle, "r1")
    served = Served(["--rules", str(bundle), "--poll-interval", "3600"])
    try:
        first = requests.get(f"{served.url}/v1/rules", timeout=10).json()
        assert (first["rules_version"], first["revision"]) == (served.rules_version, "r1")
        with open(rules / "paywall.rules", "a") as file:
            file.write("# a change\n")
        build_bundle(rules, bundle, "r2")
        served.process.send_signal(signal.SIGHUP)
        changed = wait_until(lambda: requests.get(f"{served.url}/v1/rules", timeout=10).json()["revision"] == "r2")
        assert changed
        second = requests.get(f"{served.url}/v1/rules", timeout=10).json()
        assert second["rules_version"] != first["rules_version"]
        data = bytearray(bundle.read_bytes())
        data[len(data) // 2] ^= 0x20
        corrupt = tmp_path / "corrupt.bundle"
        corrupt.write_bytes(bytes(data))
        corrupt.rename(bundle)
        served.process.send_signal(signal.SIGHUP)
        assert wait_until(lambda: served.metric("placement_rules_reload_failures_total") == 1)
        third = requests.get(f"{served.url}/v1/rules", timeout=10).json()
        assert (third["rules_version"], third["revision"], third["reloads"]) == (second["rules_version"], "r2", 2)
        evaluation = requests.post(
            f"{served.url}/ofrep/v1/evaluate/flags/main_paywall", json={"context": {"targetingKey": "u"}}, timeout=10)
        assert evaluation.json()["metadata"]["rules_version"] == second["rules_version"]
    finally:
        status, err = served.stop()
    assert status == 0
    assert "reload of" in err and "refused; still serving rules_version " + second["rules_version"] in err


def test_a_token_is_required_and_the_sdk_sends_it(tmp_path):
    token = tmp_path / "token"
    token.write_text("e2e-secret\n")
    served = Served(["--rules", "Rules", "--token-file", str(token)])
    try:
        assert requests.get(f"{served.url}/v1/rules", timeout=10).status_code == 401
        assert requests.get(f"{served.url}/healthz", timeout=10).status_code == 200
        api.set_provider(
            OFREPProvider(served.url, headers_factory=lambda: {"Authorization": "Bearer e2e-secret"}), domain="token")
        details = api.get_client(domain="token").get_string_details(
            "onboarding_end", "fallback", EvaluationContext("t-1", {"experience": "pro", "app_version": "2.4.0"}))
        assert (details.value, details.error_code) == ("pro_onboarding", None)
        api.set_provider(OFREPProvider(served.url), domain="no-token")
        refused = api.get_client(domain="no-token").get_string_details("onboarding_end", "fallback", EvaluationContext("t-1"))
        assert (refused.value, refused.error_code) == ("fallback", ErrorCode.GENERAL)
    finally:
        status, _ = served.stop()
    assert status == 0


def test_a_public_address_without_a_token_is_refused():
    run = subprocess.run([PLACEMENT, "serve", "--rules", "Rules", "--listen", "0.0.0.0:0"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 64
    assert "refusing to listen on 0.0.0.0:0 without --token-file" in run.stderr


def test_sigterm_answers_the_request_in_flight_then_exits():
    served = Served(["--rules", "Rules", "--shutdown-timeout", "20", "--threads", "1"])
    body = b'{"profile_id":"late","custom_attributes":{"experience":"pro"}}'
    head = b"POST /v1/resolve HTTP/1.1\r\nHost: h\r\nContent-Length: %d\r\n\r\n" % len(body)
    with socket.create_connection(("127.0.0.1", served.port), timeout=20) as busy, \
            socket.create_connection(("127.0.0.1", served.port), timeout=20) as idle:
        idle.sendall(b"GET /healthz HTTP/1.1\r\nHost: h\r\n\r\n")
        assert idle.recv(4096).startswith(b"HTTP/1.1 200 OK")
        busy.sendall(head + body[:10])
        # The loop has read the partial request once it answers a later request.
        assert requests.get(f"{served.url}/healthz", timeout=10).status_code == 200
        served.process.send_signal(signal.SIGTERM)
        assert idle.recv(4096) == b""
        busy.sendall(body[10:])
        answer = b""
        while chunk := busy.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200 OK")
    assert b"\r\nConnection: close\r\n" in answer
    assert b'"profile_id":"late"' in answer
    status, err = served.stop()
    assert status == 0
    assert "placement serve: stopped" in err
