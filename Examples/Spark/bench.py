"""CPU and throughput of resolving through Spark (mapInArrow, one `placement` process per partition) against one
`placement` process on the same profiles (docs/Performance.md, "Batch on Spark").

    SPARK_LOCAL_IP=127.0.0.1 python Examples/Spark/bench.py --binary dist/placement --profiles 200000 \
        --partitions 1,2,4

Prints one JSON object per measurement. CPU is counted over the whole process tree of the Spark session (the JVM,
Python workers and `placement` processes, their exited children included), before and after each job; the job
writes to Spark's `noop` sink, so the figure is resolving and moving rows, no file output.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "tests"))

from placement_spark import Placement, pipe_command  # noqa: E402
from test_spark import NOW, profile  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def tree_cpu(root: int) -> float:
    """User + system CPU seconds of `root` and its live descendants, with their waited-for children."""
    children: dict = {}
    stats: dict = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        pid, ppid = int(entry), int(fields[1])
        children.setdefault(ppid, []).append(pid)
        stats[pid] = sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICKS
    total, stack = 0.0, [root]
    while stack:
        pid = stack.pop()
        total += stats.get(pid, 0.0)
        stack.extend(children.get(pid, []))
    return total


def one_process(binary: str, bundle: str, source: Path, extra: list) -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with source.open("rb") as stdin:
        subprocess.run([binary, "resolve", "--rules", bundle, "--profiles", "-", "--now", NOW] + extra, stdin=stdin,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"cpu_s": round(cpu, 3), "wall_s": round(wall, 3)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--profiles", type=int, default=200_000)
    parser.add_argument("--partitions", default="1,2,4")
    parser.add_argument("--startups", type=int, default=20)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    work = Path(tempfile.mkdtemp(prefix="placement-spark-bench-"))
    bundle = str(work / "rules.bundle")
    subprocess.run([binary, "bundle", "build", str(HERE.parent.parent / "Rules"), "-o", bundle], check=True,
                   capture_output=True)
    rng = random.Random(20261201)
    lines = [json.dumps(profile(i, rng), separators=(",", ":")) for i in range(args.profiles)]
    source = work / "profiles.jsonl"
    source.write_text("\n".join(lines) + "\n")
    n = args.profiles

    def report(name: str, figures: dict) -> None:
        print(json.dumps({"measure": name, "profiles": n, **figures}), flush=True)

    plain = one_process(binary, bundle, source, [])
    report("one process, default output", {**plain, "cpu_s_per_million": round(plain["cpu_s"] * 1e6 / n, 2)})
    records = one_process(binary, bundle, source, pipe_command(binary, bundle, NOW, "k")[8:])
    report("one process, records (--emit all --key --errors inline)",
           {**records, "cpu_s_per_million": round(records["cpu_s"] * 1e6 / n, 2)})

    empty = work / "empty.jsonl"
    empty.write_text("")
    starts = [one_process(binary, bundle, empty, ["--emit", "decisions", "--errors", "inline"])
              for _ in range(args.startups)]
    report("one process start-up (empty input, bundle loaded and compiled)", {
        "runs": args.startups,
        "cpu_ms_median": round(sorted(s["cpu_s"] for s in starts)[args.startups // 2] * 1e3, 1),
        "wall_ms_median": round(sorted(s["wall_s"] for s in starts)[args.startups // 2] * 1e3, 1),
    })

    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.master("local[2]").appName("placement-bench").config("spark.ui.enabled", "false")
             .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1").getOrCreate())
    frame = spark.createDataFrame([(line,) for line in lines], "line string")
    job = Placement.local(binary=binary, bundle=bundle)
    me = os.getpid()
    for partitions in [int(p) for p in args.partitions.split(",")]:
        df = frame.repartition(partitions).cache()
        df.count()  # the input in memory, partitioned, before the clock starts
        for label, resolve in (
            ("spark, rows only (no placement)", False),
            ("spark, mapInArrow + placement", True),
        ):
            cpu0, wall0 = tree_cpu(me), time.perf_counter()
            if resolve:
                out = job.resolve(df, now=NOW, key="k", json_column="line").records
            else:
                out = df.selectExpr("line as json")
            out.write.format("noop").mode("overwrite").save()
            wall, cpu = time.perf_counter() - wall0, tree_cpu(me) - cpu0
            report(label, {
                "partitions": partitions, "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
                "cpu_s_per_million": round(cpu * 1e6 / n, 2), "profiles_per_s": round(n / wall),
            })
        # Many small partitions: the cost of a partition beyond its rows.
        df.unpersist()
    tiny = frame.limit(64).repartition(64).cache()
    tiny.count()
    cpu0, wall0 = tree_cpu(me), time.perf_counter()
    job.resolve(tiny, now=NOW, key="k", json_column="line").records.write.format("noop").mode("overwrite").save()
    wall, cpu = time.perf_counter() - wall0, tree_cpu(me) - cpu0
    report("spark, 64 partitions of 1 profile", {"partitions": 64, "cpu_ms_per_partition": round(cpu * 1e3 / 64, 1),
                                                 "wall_ms_per_partition": round(wall * 1e3 / 64, 1)})
    spark.stop()


if __name__ == "__main__":
    main()
