"""/metrics in the Prometheus text format, read with prometheus_client's own parser."""

import requests
from prometheus_client.parser import text_string_to_metric_families


def test_the_metrics_page_parses_and_counts(server):
    before = server.metric("placement_http_requests_total", route="/v1/resolve", status="200") or 0
    for index in range(5):
        requests.post(f"{server.url}/v1/resolve?placements=onboarding_end", json={"profile_id": f"m{index}"}, timeout=10)
    requests.get(f"{server.url}/nowhere", timeout=10)
    text = requests.get(f"{server.url}/metrics", timeout=10).text
    families = {family.name: family for family in text_string_to_metric_families(text)}
    assert {"placement_http_requests", "placement_http_request_duration_seconds", "placement_decisions",
            "placement_rules_reloads", "placement_rules_reload_failures", "placement_rules_info",
            "placement_rules_loaded", "placement_rules_staleness_seconds", "placement_rules_served_from_cache",
            "placement_http_connections_open"} <= set(families)
    assert families["placement_http_request_duration_seconds"].type == "histogram"
    assert server.metric("placement_http_requests_total", route="/v1/resolve", status="200") == before + 5
    assert server.metric("placement_http_requests_total", route="other", status="404") >= 1
    assert server.metric("placement_decisions_total", placement="onboarding_end", reason="DEFAULT") >= 5
    assert server.metric("placement_rules_info", rules_version=server.rules_version) == 1
    assert server.metric("placement_rules_loaded") == 1
    count = server.metric("placement_http_request_duration_seconds_count", route="/v1/resolve")
    assert server.metric("placement_http_request_duration_seconds_bucket", route="/v1/resolve", le="+Inf") == count
