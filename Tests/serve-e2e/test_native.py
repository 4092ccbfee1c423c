"""The native routes with curl and requests: decisions byte for byte those of `placement resolve` at the same
pinned instant, the streamed batch, the probes and the rules manifest."""

import json
import subprocess

import requests

from conftest import NOW, ROOT, cli_decisions, placement
from profiles import generated


def curl(*arguments):
    run = subprocess.run(["curl", "-sS", "--max-time", "30", *arguments], capture_output=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_resolve_with_curl_is_placement_resolve(server):
    for path in sorted((ROOT / "Examples" / "profiles").glob("*.json")):
        body = curl("-X", "POST", "--data-binary", f"@{path}", f"{server.url}/v1/resolve?now={NOW}&explain=true")
        answer = json.loads(body)
        assert answer["rules_version"] == server.rules_version
        assert answer["decisions"] == cli_decisions(path, "--explain"), path.name


def test_resolve_takes_placements(server):
    path = ROOT / "Examples" / "profiles" / "lapsed.json"
    response = requests.post(
        f"{server.url}/v1/resolve", params={"placements": "upgrade_prompt", "now": NOW}, data=path.read_bytes(),
        timeout=10)
    assert response.headers["Placement-Rules-Version"] == server.rules_version
    assert response.json()["decisions"] == cli_decisions(path, "--placement", "upgrade_prompt")


def test_the_batch_streams_the_lines_placement_resolve_writes(server, tmp_path):
    lines = [json.dumps(profile) for profile in generated(200)]
    lines[7] = '{"profile_id": '
    lines[11] = ""
    batch = tmp_path / "batch.jsonl"
    batch.write_text("\n".join(lines) + "\n")
    # With --errors inline, a line that fails is an error record and the exit status stays 0.
    expected = placement(
        "resolve", "--rules", "Rules", "--profiles", str(batch), "--now", NOW, "--errors", "inline", status=0)
    headers = tmp_path / "headers"
    out = curl("-X", "POST", "-D", str(headers), "--data-binary", f"@{batch}", f"{server.url}/v1/resolve/batch?now={NOW}")
    assert out.decode() == expected
    head = headers.read_text().lower()
    assert "transfer-encoding: chunked" in head
    assert f"placement-rules-version: {server.rules_version}" in head


def test_a_large_batch_arrives_whole(server):
    lines = "".join(json.dumps(profile) + "\n" for profile in generated(5_000)).encode()
    response = requests.post(f"{server.url}/v1/resolve/batch?placements=main_paywall", data=lines, timeout=120)
    out = response.content.decode().splitlines()
    assert len(out) == 5_000
    assert [json.loads(line)["profile_id"] for line in out[:3]] == ["e2e-0", "e2e-1", "e2e-2"]


def test_probes_and_manifest(server):
    assert curl(f"{server.url}/healthz") == b'{"status":"ok"}\n'
    ready = json.loads(curl(f"{server.url}/readyz"))
    assert ready == {"status": "ready", "rules_version": server.rules_version, "served_from_cache": False,
                     "staleness_seconds": ready["staleness_seconds"]}
    manifest = json.loads(curl(f"{server.url}/v1/rules"))
    assert manifest["rules_version"] == server.rules_version
    assert manifest["placements"] == ["onboarding_end", "main_paywall", "upgrade_prompt"]
    assert manifest["source"] == "Rules"


def test_native_errors(server):
    unknown = requests.post(f"{server.url}/v1/resolve?placements=nope", data="{}", timeout=10)
    assert unknown.status_code == 404
    assert unknown.json()["code"] == "unknown-placement"
    invalid = requests.post(f"{server.url}/v1/resolve", data='{"profile_id": }', timeout=10)
    assert invalid.status_code == 400
    assert invalid.json() == {"code": "invalid-profile", "message": invalid.json()["message"], "line": 1, "column": 16}
