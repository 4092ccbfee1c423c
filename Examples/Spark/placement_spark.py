"""Resolve a Spark DataFrame of profiles with `placement`, one subprocess per partition.

The decisions are those of one `placement resolve --profiles` process, byte for byte, whatever the partitioning:
each partition's profiles are streamed through `placement resolve --profiles -` with a pinned `--now`, the same
rules bundle everywhere, and every record of the output (decisions, exposures, assignments, errors) returned as
rows of the task, so retried and speculative task attempts neither duplicate nor lose a row (Spark commits one
attempt's rows; nothing is written to side files).

It uses `DataFrame.mapInArrow`, so it runs on classic Spark and on Spark Connect (Databricks serverless and shared
clusters), where RDDs are not available. See docs/Spark.md.

    from placement_spark import Placement
    job = Placement.ship(spark, binary="dist/placement", bundle="rules.bundle")
    result = job.resolve(profiles_df, now="2026-12-01T00:00:00Z", key="user_key")
    result.decisions.write.partitionBy("placement", "rules_version").parquet("s3://…/decisions")
    result.exposures.write.partitionBy("placement", "rules_version").parquet("s3://…/exposures")
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import tarfile
import threading
from dataclasses import dataclass
from typing import Iterator, Optional, Sequence

import pyarrow as pa

# One row per record of `placement resolve --emit decisions,exposures,assignments --errors inline`: the columns of
# every record type, null where a record has no such field. docs/Spark.md describes each column.
RECORD_SCHEMA = pa.schema(
    [
        ("record", pa.string()),  # decision | exposure | assignment | error
        ("key", pa.string()),  # the --key member of the input line, as JSON text (null when absent)
        ("line", pa.int64()),  # the profile's line in the partition's stream (error records; 1-based)
        ("profile_id", pa.string()),
        ("placement", pa.string()),
        ("audience_index", pa.int32()),
        ("audience_name", pa.string()),
        ("content_type", pa.string()),  # flow | paywall | holdout
        ("content_id", pa.string()),
        ("paywall_id", pa.string()),  # a flow's paywall
        ("reason", pa.string()),
        ("test", pa.string()),
        ("version_id", pa.string()),
        ("variation", pa.string()),
        ("bucket", pa.int32()),
        ("outcome", pa.string()),  # exposures: decided | fell_through | holdout | override | sticky
        ("assignments", pa.string()),  # assignment records: {"<version_id>": "<variation>"} as JSON text
        ("warnings", pa.string()),  # decisions: the profile's warnings as a JSON array, null when none
        ("rules_version", pa.string()),
        ("resolved_at", pa.string()),  # the pinned --now, ISO 8601 UTC
        ("error", pa.string()),  # error records: why the line could not be resolved
        ("json", pa.string()),  # the record exactly as `placement resolve` wrote it
    ]
)

DECISION_COLUMNS = [
    "key", "profile_id", "placement", "audience_index", "audience_name", "content_type", "content_id", "paywall_id",
    "reason", "test", "version_id", "variation", "bucket", "warnings", "rules_version", "resolved_at", "error",
]
EXPOSURE_COLUMNS = [
    "key", "profile_id", "placement", "test", "version_id", "variation", "bucket", "outcome", "rules_version",
    "resolved_at",
]
ASSIGNMENT_COLUMNS = ["key", "profile_id", "assignments", "rules_version", "resolved_at"]

BATCH_ROWS = 4096


class RulesVersionMismatch(RuntimeError):
    """A record's rules_version is not the bundle's: the executor ran other rules than the driver shipped."""


def bundle_manifest(bundle: str) -> dict:
    """The manifest of a rules bundle (a ustar archive whose first entry is manifest.json)."""
    with tarfile.open(bundle, "r:") as archive:
        member = archive.getmember("manifest.json")
        handle = archive.extractfile(member)
        assert handle is not None
        return json.loads(handle.read())


def _flatten(text: str, expected_version: str) -> dict:
    """One output record (a JSON line) as a row of RECORD_SCHEMA; checks its rules_version."""
    record = json.loads(text)
    kind = record.get("record")
    version = record.get("rules_version")
    if version != expected_version:
        raise RulesVersionMismatch(
            f"a {kind} record has rules_version {version!r}, the bundle is {expected_version!r}"
        )
    key = record.get("key")
    row = {
        "record": kind,
        "key": None if key is None else json.dumps(key, separators=(",", ":"), sort_keys=True),
        "line": record.get("line"),
        "profile_id": record.get("profile_id"),
        "placement": record.get("placement"),
        "rules_version": version,
        "resolved_at": record.get("resolved_at"),
        "error": record.get("error"),
        "json": text.rstrip("\n"),
    }
    if kind == "decision":
        audience = record.get("audience") or {}
        content = record.get("content") or {}
        test = record.get("ab_test") or {}
        warnings = record.get("warnings") or []
        row.update(
            audience_index=audience.get("index"),
            audience_name=audience.get("name"),
            content_type=content.get("type"),
            content_id=content.get("id"),
            paywall_id=content.get("paywall"),
            reason=record.get("reason"),
            test=test.get("name"),
            version_id=test.get("version_id"),
            variation=test.get("variation"),
            bucket=test.get("bucket"),
            warnings=json.dumps(warnings, separators=(",", ":")) if warnings else None,
        )
    elif kind == "exposure":
        row.update(
            test=record.get("test"),
            version_id=record.get("version_id"),
            variation=record.get("variation"),
            bucket=record.get("bucket"),
            outcome=record.get("outcome"),
        )
    elif kind == "assignment":
        row.update(assignments=json.dumps(record.get("assignments"), separators=(",", ":"), sort_keys=True))
    return row


def _batch(rows: list) -> pa.RecordBatch:
    columns = {field.name: [row.get(field.name) for row in rows] for field in RECORD_SCHEMA}
    return pa.RecordBatch.from_pydict(columns, schema=RECORD_SCHEMA)


def resolve_lines(
    lines: Iterator[str],
    *,
    binary: str,
    bundle: str,
    now: str,
    rules_version: str,
    key: Optional[str],
    placements: Sequence[str] = (),
    fail_once_marker: Optional[str] = None,
) -> Iterator[pa.RecordBatch]:
    """Resolves JSON lines (profiles) with one `placement resolve` process; yields record batches.

    A writer thread feeds the lines to the process's standard input while this generator reads its standard
    output, so neither side blocks on a full pipe. A non-zero exit (anything but lines failing, which are error
    records) raises, which fails the task: Spark retries it, and its rows are only committed from an attempt that
    succeeded.
    """
    command = [
        binary, "resolve", "--rules", bundle, "--profiles", "-", "--now", now, "--emit",
        "decisions,exposures,assignments", "--errors", "inline",
    ]
    if key:
        command += ["--key", key]
    for placement in placements:
        command += ["--placement", placement]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=1 << 16
    )
    failure: list = []

    def write() -> None:
        try:
            assert process.stdin is not None
            for line in lines:
                process.stdin.write(line.encode("utf-8"))
                process.stdin.write(b"\n")
        except BrokenPipeError:
            pass  # the process ended early; its exit status says why
        except BaseException as error:  # noqa: BLE001 - reported by the reading side
            failure.append(error)
        finally:
            try:
                assert process.stdin is not None
                process.stdin.close()
            except BrokenPipeError:
                pass

    writer = threading.Thread(target=write, name="placement-stdin", daemon=True)
    writer.start()
    stderr_chunks: list = []
    reader = threading.Thread(
        target=lambda: stderr_chunks.append(process.stderr.read() if process.stderr else b""), daemon=True
    )
    reader.start()
    rows: list = []
    assert process.stdout is not None
    for raw in io.TextIOWrapper(process.stdout, encoding="utf-8"):
        rows.append(_flatten(raw, rules_version))
        if len(rows) == BATCH_ROWS:
            yield _batch(rows)
            rows = []
    status = process.wait()
    writer.join()
    reader.join()
    if failure:
        raise failure[0]
    if status != 0:
        message = b"".join(stderr_chunks).decode("utf-8", "replace").strip()
        raise RuntimeError(f"placement resolve exited {status}: {message}")
    if fail_once_marker is not None and not os.path.exists(fail_once_marker):
        # Test hook: the first attempt of a task fails after producing its rows; the retry must replace them.
        open(fail_once_marker, "w").close()
        raise RuntimeError("failing this task attempt once (test hook)")
    if rows:
        yield _batch(rows)


@dataclass
class Result:
    """The records of one resolution, as DataFrames (lazily computed from one cached mapInArrow)."""

    records: object  # pyspark.sql.DataFrame, every record type

    @property
    def decisions(self):
        """One row per (profile, placement), plus one row per line that failed (error not null, placement null)."""
        from pyspark.sql import functions as F

        return self.records.where(F.col("record").isin("decision", "error")).select(*DECISION_COLUMNS)

    @property
    def exposures(self):
        from pyspark.sql import functions as F

        return self.records.where(F.col("record") == "exposure").select(*EXPOSURE_COLUMNS)

    @property
    def assignments(self):
        from pyspark.sql import functions as F

        return self.records.where(F.col("record") == "assignment").select(*ASSIGNMENT_COLUMNS)


@dataclass
class Placement:
    """The binary and the rules bundle, as executors find them, and the bundle's version."""

    binary: str
    bundle: str
    rules_version: str
    shipped: bool = False

    @staticmethod
    def ship(spark, *, binary: str, bundle: str) -> "Placement":
        """Sends the binary and the bundle to every executor with `SparkSession.addArtifacts` (classic and Connect).

        The binary should be the static build of `Examples/Spark/build-binary.sh`, so executors need no Swift
        runtime.
        """
        spark.addArtifacts(os.path.abspath(binary), file=True)
        spark.addArtifacts(os.path.abspath(bundle), file=True)
        version = bundle_manifest(bundle)["rules_version"]
        return Placement(os.path.basename(binary), os.path.basename(bundle), version, shipped=True)

    @staticmethod
    def local(*, binary: str, bundle: str) -> "Placement":
        """Paths every executor can read as they are (local mode, or a shared file system)."""
        return Placement(os.path.abspath(binary), os.path.abspath(bundle), bundle_manifest(bundle)["rules_version"])

    def resolve(
        self,
        profiles,
        *,
        now: str,
        key: Optional[str] = None,
        json_column: Optional[str] = None,
        placements: Sequence[str] = (),
        fail_once_marker: Optional[str] = None,
    ) -> Result:
        """Resolves every profile of `profiles` at `now` (pinned on the driver: executors never read a clock).

        `profiles` is either a DataFrame whose column `json_column` holds one profile as JSON text per row, or a
        DataFrame whose rows are profiles (each row is serialised with `to_json(struct(*))`). `key` names a
        top-level member copied into every record (not a profile attribute), to join the results back.
        """
        from pyspark.sql import functions as F

        if json_column is None:
            lines = profiles.select(F.to_json(F.struct(*profiles.columns)).alias("line"))
        else:
            lines = profiles.select(F.col(json_column).alias("line"))
        binary, bundle, version, shipped = self.binary, self.bundle, self.rules_version, self.shipped

        def partition(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
            from pyspark import SparkFiles

            exe = SparkFiles.get(binary) if shipped else binary
            rules = SparkFiles.get(bundle) if shipped else bundle
            if shipped and not os.access(exe, os.X_OK):
                os.chmod(exe, 0o755)
            texts = (text for batch in batches for text in batch.column(0).to_pylist() if text is not None)
            yield from resolve_lines(
                texts, binary=exe, bundle=rules, now=now, rules_version=version, key=key, placements=placements,
                fail_once_marker=fail_once_marker,
            )

        return Result(lines.mapInArrow(partition, RECORD_SCHEMA))


def pipe_command(binary: str, bundle: str, now: str, key: str) -> list:
    """The command of the classic-cluster one-liner: `rdd.pipe(pipe_command(...))` (docs/Spark.md)."""
    return [
        binary, "resolve", "--rules", bundle, "--profiles", "-", "--now", now, "--emit",
        "decisions,exposures,assignments", "--errors", "inline", "--key", key,
    ]
