"""The OpenFeature Python SDK with its OFREP provider against `placement serve`: the same content as
`placement resolve` for every profile and placement, and each error case as the SDK reports it."""

import json

import pytest
import requests
from openfeature import api
from openfeature.contrib.provider.ofrep import OFREPProvider
from openfeature.evaluation_context import EvaluationContext
from openfeature.exception import ErrorCode
from openfeature.flag_evaluation import Reason

from conftest import placement
from profiles import all_profiles, context

PLACEMENTS = ["onboarding_end", "main_paywall", "upgrade_prompt"]


@pytest.fixture(scope="module")
def client(server):
    api.set_provider(OFREPProvider(server.url, timeout=10), domain="e2e")
    return api.get_client(domain="e2e")


def engine_decisions(profiles):
    """`placement resolve --profiles` (at the current time, like the server's OFREP routes) by profile and placement."""
    lines = "".join(json.dumps(profile) + "\n" for profile in profiles)
    out = placement("resolve", "--rules", "Rules", "--profiles", "-", stdin=lines)
    return {(d["profile_id"], d["placement"]): d for d in map(json.loads, out.splitlines())}


def test_the_sdk_gets_the_content_placement_resolve_decides(client, server):
    profiles = all_profiles()
    expected = engine_decisions(profiles)
    compared = 0
    reasons = set()
    for profile in profiles:
        key, attributes = context(profile)
        for name in PLACEMENTS:
            details = client.get_string_details(name, "fallback", EvaluationContext(key, attributes))
            decision = expected[(key, name)]
            content = decision["content"]
            assert details.error_code is None, (key, name, details.error_message)
            assert details.value == ("" if content["type"] == "holdout" else content["id"]), (key, name)
            test = decision["ab_test"]
            assert details.variant == (test["variation"] if test else details.value), (key, name)
            metadata = details.flag_metadata
            assert metadata["content_type"] == content["type"]
            assert metadata["rules_version"] == server.rules_version
            assert metadata["decision_reason"] == decision["reason"]
            if decision["exposures"]:
                last = decision["exposures"][-1]
                assert (metadata["test"], metadata["version_id"], metadata["outcome"]) == (
                    last["test"], last["version_id"], last["outcome"])
                assert metadata.get("bucket") == last["bucket"]
            else:
                assert "test" not in metadata
            if "config" in decision:
                assert json.loads(metadata["config"]) == decision["config"], (key, name)
                assert metadata["locale"] == decision["locale"], (key, name)
            else:
                assert "config" not in metadata and "locale" not in metadata, (key, name)
            reasons.add(details.reason)
            compared += 1
    assert compared == len(profiles) * len(PLACEMENTS)
    # The comparison reaches splits and targeting, not only defaults.
    assert {Reason.SPLIT, Reason.TARGETING_MATCH, Reason.DEFAULT} <= reasons


def test_an_unknown_placement_is_flag_not_found(client):
    details = client.get_string_details("no_such_placement", "fallback", EvaluationContext("u-1", {}))
    assert details.value == "fallback"
    assert details.error_code == ErrorCode.FLAG_NOT_FOUND
    assert "unknown placement 'no_such_placement'" in details.error_message


def test_a_missing_targeting_key_is_reported(client):
    details = client.get_string_details("main_paywall", "fallback", EvaluationContext(None, {"experience": "pro"}))
    assert details.value == "fallback"
    assert details.error_code == ErrorCode.TARGETING_KEY_MISSING


def test_a_context_that_contradicts_itself_is_invalid(client):
    details = client.get_string_details("main_paywall", "fallback", EvaluationContext("u-1", {"profile_id": "u-2"}))
    assert details.value == "fallback"
    assert details.error_code == ErrorCode.INVALID_CONTEXT


def test_a_value_of_the_wrong_type_is_a_warning_in_metadata(client):
    details = client.get_string_details("main_paywall", "fallback", EvaluationContext("u-1", {"app_version": 7}))
    assert details.error_code is None
    assert "app_version" in details.flag_metadata["warnings"]


@pytest.mark.parametrize("body, code", [
    ('{"context": [1, 2]}', "INVALID_CONTEXT"),
    ('{"context": {"targetingKey": 5}}', "INVALID_CONTEXT"),
    ('{"context": ', "PARSE_ERROR"),
    ('"context"', "PARSE_ERROR"),
    ('{}', "TARGETING_KEY_MISSING"),
])
def test_bad_bodies_get_their_ofrep_error(server, body, code):
    response = requests.post(f"{server.url}/ofrep/v1/evaluate/flags/main_paywall", data=body, timeout=10)
    assert response.status_code == 400
    assert response.json() == {"key": "main_paywall", "errorCode": code, "errorDetails": response.json()["errorDetails"]}


def test_bulk_evaluation_with_etag_and_304(server):
    url = f"{server.url}/ofrep/v1/evaluate/flags"
    body = {"context": {"targetingKey": "bulk-1", "experience": "pro", "app_version": "2.4.0"}}
    first = requests.post(url, json=body, timeout=10)
    assert first.status_code == 200
    flags = first.json()["flags"]
    assert [flag["key"] for flag in flags] == PLACEMENTS
    assert all(flag["metadata"]["rules_version"] == server.rules_version for flag in flags)
    tag = first.headers["ETag"]
    again = requests.post(url, json=body, headers={"If-None-Match": tag}, timeout=10)
    assert (again.status_code, again.content, again.headers["ETag"]) == (304, b"", tag)
    changed = requests.post(url, json={"context": {"targetingKey": "bulk-2"}}, headers={"If-None-Match": tag}, timeout=10)
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    missing = requests.post(url, json={"context": {}}, timeout=10)
    assert missing.status_code == 400
    assert missing.json()["errorCode"] == "TARGETING_KEY_MISSING"
    assert "key" not in missing.json()
