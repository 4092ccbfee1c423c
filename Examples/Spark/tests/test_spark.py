"""The Spark integration against one `placement` process, on 20,000 generated profiles of the shipped rules.

Run by .ci/run in a virtual environment with pinned pyspark, pyarrow and pandas (Examples/Spark/requirements.txt),
Spark in local mode on loopback. PLACEMENT_BIN is the `placement` binary; the bundle is built from Rules/.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import placement_spark  # noqa: E402
from placement_spark import Placement  # noqa: E402

ROOT = HERE.parent.parent.parent
BINARY = os.environ.get("PLACEMENT_BIN", str(ROOT / ".build" / "debug" / "placement"))
NOW = "2026-12-01T00:00:00Z"
COUNT = int(os.environ.get("PLACEMENT_SPARK_PROFILES", "20000"))
BAD_KEY = "k-bad"


def profile(index: int, rng: random.Random) -> dict:
    """A profile of the shipped rules' attributes, some missing; the key `k` first so a broken line keeps it."""
    p: dict = {"k": f"k-{index}"}
    if rng.random() < 0.97:
        p["profile_id"] = f"p-{index}-{rng.randrange(100000)}"
    p["country"] = rng.choice(["US", "DE", "AT", "CH", "FR", "BR"])
    p["platform"] = rng.choice(["iOS", "Android"])
    p["app_version"] = rng.choice(["2.1.0", "2.3.0", "2.4.1", "3.0.0"])
    p["subscription_state"] = rng.choice(["never_subscribed", "expired", "cancelled", "active"])
    p["total_revenue_usd"] = rng.choice([0, 0, 4.99, 59.99])
    if rng.random() < 0.5:
        p["installed_at"] = f"2026-11-{rng.randrange(1, 30):02d}T10:00:00Z"
    custom: dict = {}
    if rng.random() < 0.85:
        custom["experience"] = rng.choice(["beginner", "amateur", "pro"])
    if rng.random() < 0.7:
        custom["interests"] = [i for i in ["sports", "music", "yoga", "running"] if rng.random() < 0.4]
    if rng.random() < 0.6:
        custom["birthday"] = f"{rng.randrange(1960, 2015)}-06-01"
    if rng.random() < 0.6:
        custom["reminders"] = rng.random() < 0.5
    p["custom_attributes"] = custom
    if rng.random() < 0.02:
        p["assignments"] = {"main_paywall/music_fans/music_paywalls": "music_b"}
    return p


@pytest.fixture(scope="session")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("spark")


@pytest.fixture(scope="session")
def bundle(work: Path) -> str:
    path = work / "rules.bundle"
    subprocess.run([BINARY, "bundle", "build", str(ROOT / "Rules"), "-o", str(path)], check=True, capture_output=True)
    return str(path)


@pytest.fixture(scope="session")
def lines() -> list:
    rng = random.Random(20261201)
    out = [json.dumps(profile(i, rng), separators=(",", ":")) for i in range(COUNT)]
    # One line that is not valid JSON after its key: an error record keyed k-bad.
    out[COUNT // 2] = '{"k":"' + BAD_KEY + '","profile_id":"x","age":}'
    return out


@pytest.fixture(scope="session")
def single(work: Path, bundle: str, lines: list) -> dict:
    """One `placement resolve` process over every line: its records, and its exposure log."""
    source = work / "profiles.jsonl"
    source.write_text("\n".join(lines) + "\n")
    exposures = work / "exposures.log"
    run = subprocess.run(
        placement_spark.pipe_command(BINARY, bundle, NOW, "k") + ["--exposures", str(exposures)],
        stdin=source.open("rb"), capture_output=True, check=False,
    )
    assert run.returncode == 0, run.stderr.decode()
    records = [line for line in run.stdout.decode().splitlines()]
    return {"records": records, "exposure_log": exposures.read_text().splitlines()}


@pytest.fixture(scope="session")
def spark():
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    # local[2,2]: two cores, and a failed task is tried twice (the retry test relies on it).
    session = (
        SparkSession.builder.master("local[2,2]").appName("placement-tests")
        .config("spark.ui.enabled", "false").config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1").config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    yield session
    session.stop()


def frame(spark, lines: list, partitions: int):
    return spark.createDataFrame([(line,) for line in lines], "line string").repartition(partitions)


@pytest.fixture(scope="session")
def three(spark, bundle, lines):
    """The profiles resolved on 3 partitions, records cached: the run several tests read."""
    job = Placement.local(binary=BINARY, bundle=bundle)
    result = job.resolve(frame(spark, lines, 3), now=NOW, key="k", json_column="line")
    result.records.cache()
    return job, result


# A record's `line` member: an error record's, and an id-less profile's decision's (docs/CLI.md). A member name's
# quotes are never escaped, and no nested object of a record has a `line`, so the first match is the member.
LINE_MEMBER = re.compile(r',"line":\d+')


def comparable(records) -> list:
    """Records sorted, each as written, but for `line`: it counts the lines of the stream the process read (the
    partition's), so it is the one member that depends on the partitioning."""
    return sorted(LINE_MEMBER.sub("", record, count=1) for record in records)


def raw(result) -> list:
    """Every record's JSON line, sorted, comparable across partitionings."""
    return comparable(row["json"] for row in result.records.select("json").collect())


def digest(lines: list) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def test_spark_equals_one_process_byte_for_byte(three, single):
    job, result = three
    assert raw(result) == comparable(single["records"])
    # One process numbers the bad line in the whole input.
    assert [r for r in single["records"] if r.startswith('{"record":"error"')][0].startswith(
        '{"record":"error","key":"%s","line":%d,' % (BAD_KEY, COUNT // 2 + 1)
    )
    decisions = result.decisions.collect()
    assert len([d for d in decisions if d["error"] is None]) == (COUNT - 1) * 3
    assert {d["rules_version"] for d in decisions} == {job.rules_version}


def test_same_digest_for_any_partitioning(spark, bundle, lines, single, three):
    job = Placement.local(binary=BINARY, bundle=bundle)
    expected = digest(comparable(single["records"]))
    assert digest(raw(three[1])) == expected
    for partitions in (1, 8):
        assert digest(raw(job.resolve(frame(spark, lines, partitions), now=NOW, key="k", json_column="line"))) == expected


def test_a_bad_line_is_one_error_row_and_the_job_succeeds(three):
    result = three[1]
    errors = result.decisions.where("error is not null").collect()
    assert len(errors) == 1
    assert errors[0]["key"] == json.dumps(BAD_KEY)
    assert errors[0]["placement"] is None
    assert "invalid JSON" in errors[0]["error"]


def test_exposure_rows_equal_the_exposure_log(three, single):
    result = three[1]
    rows = [json.loads(r["json"]) for r in result.records.where("record = 'exposure'").select("json").collect()]
    for row in rows:
        del row["record"], row["key"]
    log = [json.loads(line) for line in single["exposure_log"]]
    key = lambda e: json.dumps(e, sort_keys=True)  # noqa: E731
    assert len(rows) > 100
    assert sorted(map(key, rows)) == sorted(map(key, log))
    assert result.exposures.count() == len(log)


def test_a_retried_task_leaves_no_duplicate_or_missing_row(spark, bundle, lines, single, work):
    marker = work / "failed-once"
    job = Placement.local(binary=BINARY, bundle=bundle)
    result = job.resolve(frame(spark, lines, 4), now=NOW, key="k", json_column="line", fail_once_marker=str(marker))
    assert raw(result) == comparable(single["records"])
    assert marker.exists()


def test_a_bundle_of_other_rules_fails_loudly(spark, bundle, lines, work):
    job = Placement.local(binary=BINARY, bundle=bundle)
    job.rules_version = "000000000000"
    with pytest.raises(Exception, match="rules_version"):
        job.resolve(frame(spark, lines[:50], 2), now=NOW, key="k", json_column="line").records.collect()


def test_spark_connect_gives_the_classic_result(bundle, lines, single, work):
    """Spark Connect (`remote("local[2]")`, where RDDs do not exist) in its own process: the same records."""
    source = work / "connect-lines.json"
    source.write_text(json.dumps(lines))
    out = work / "connect-records.json"
    script = f"""
import json, os, sys
sys.path.insert(0, {str(HERE.parent)!r})
os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
os.environ["PYSPARK_PYTHON"] = sys.executable
from pyspark.sql import SparkSession
from placement_spark import Placement
spark = (SparkSession.builder.remote("local[2]").config("spark.ui.enabled", "false")
         .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1").getOrCreate())
lines = json.load(open({str(source)!r}))
job = Placement.ship(spark, binary={BINARY!r}, bundle={bundle!r})
df = spark.createDataFrame([(l,) for l in lines], "line string").repartition(3)
rows = job.resolve(df, now={NOW!r}, key="k", json_column="line").records.select("json").collect()
json.dump(sorted(r["json"] for r in rows), open({str(out)!r}, "w"))
spark.stop()
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=600)
    assert run.returncode == 0, run.stderr.decode()[-4000:]
    assert comparable(json.loads(out.read_text())) == comparable(single["records"])
