"""Writes the event-line workload: e<N>.jsonl (100 events a line: 75 app_open, 25 shown with placement and content
properties, in time order over the 30 days before 2026-11-30, ISO 8601 `at`, compact JSON, about 6.3 KB a line) and
n<N>.jsonl (the same profiles without events), for N in 200 and 600, plus R/events.rules (one event condition and
one cap) and R0/plain.rules (the same table without them), into the folder given."""
import datetime, json, os, random, sys

out = sys.argv[1]
os.makedirs(f"{out}/R", exist_ok=True)
os.makedirs(f"{out}/R0", exist_ok=True)
TABLE = """placement main_paywall: paywall {{
  us{cap} -> paywall winback
  engaged -> paywall engaged_offer
  default -> paywall standard
}}
"""
with open(f"{out}/R/events.rules", "w") as f:
    f.write('segment engaged = count(event "app_open" within last 7 days) >= 5\nsegment us = country == "US"\n')
    f.write(TABLE.format(cap=" limit 3 per 7 days"))
with open(f"{out}/R0/plain.rules", "w") as f:
    f.write('segment engaged = app_version >= 2.5\nsegment us = country == "US"\n' + TABLE.format(cap=""))
now = datetime.datetime(2026, 11, 30, tzinfo=datetime.timezone.utc)
span = 30 * 24 * 3600


def line(i, events):
    profile = {"profile_id": f"ev-{i}", "country": random.choice(["US", "DE", "FR"]),
               "app_version": random.choice(["2.4.0", "2.6.1"])}
    if events:
        profile["events"] = []
        for k, t in enumerate(sorted(random.sample(range(1, span), 100))):
            at = (now - datetime.timedelta(seconds=span - t)).strftime("%Y-%m-%dT%H:%M:%SZ")
            if k % 4 == 3:
                profile["events"].append(
                    {"name": "shown", "at": at, "properties": {"placement": "main_paywall", "content": "winback"}})
            else:
                profile["events"].append({"name": "app_open", "at": at})
    return json.dumps(profile, separators=(",", ":"))


for n in (200, 600):
    for prefix, events in (("e", True), ("n", False)):
        random.seed(11)
        with open(f"{out}/{prefix}{n}.jsonl", "w") as f:
            f.write("\n".join(line(i, events) for i in range(n)) + "\n")
