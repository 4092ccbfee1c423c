"""The profiles the end-to-end tests resolve: the shipped examples without flow events (OFREP contexts carry
attributes, not events), and generated ones that reach every row of the shipped placements, A/B tests included."""

import json

from conftest import ROOT

BUILT_IN = {
    "profile_id", "customer_user_id", "app_user_id", "age", "gender", "platform", "os_version", "device",
    "app_version", "app_version_on_install", "country", "store_country", "language", "subscription_state",
    "subscription_product", "subscription_expires_at", "paid_access_level", "total_revenue_usd", "created_at",
    "installed_at", "last_seen_at", "attribution_status", "attribution_source", "attribution_channel",
    "attribution_campaign", "attribution_ad_group", "attribution_ad_set", "attribution_creative",
    "flow_completed",
}


def shipped():
    """Examples/profiles/*.json without events."""
    for path in sorted((ROOT / "Examples" / "profiles").glob("*.json")):
        profile = json.loads(path.read_text())
        if "events" not in profile:
            yield profile


def generated(count=48):
    """Profiles over the attributes the shipped rules test: experiences, interests, versions, subscriptions."""
    experiences = ["beginner", "amateur", "pro", None]
    interests = [["music"], ["yoga"], ["running"], ["sports", "music"], []]
    for index in range(count):
        profile = {"profile_id": f"e2e-{index}", "app_version": ["2.2.0", "2.4.0", "3.0.1"][index % 3]}
        custom = {"interests": interests[index % len(interests)], "birthday": "1990-06-15",
                  "reminders": index % 2 == 0}
        if experiences[index % 4]:
            custom["experience"] = experiences[index % 4]
        if index % 7 == 0:
            profile.update(subscription_state="expired", total_revenue_usd=19.99)
        if index % 5 == 0:
            profile["installed_at"] = "2026-11-28T09:00:00Z"
        profile["platform"] = ["iOS", "Android"][index % 2]
        profile["custom_attributes"] = custom
        yield profile


def all_profiles():
    return list(shipped()) + list(generated())


def context(profile):
    """The OpenFeature evaluation context of a profile: targeting key and flat attributes (docs/Serve.md)."""
    attributes = {key: value for key, value in profile.items() if key not in ("profile_id", "custom_attributes")}
    attributes.update(profile.get("custom_attributes", {}))
    return profile["profile_id"], attributes
