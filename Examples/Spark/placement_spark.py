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

import json
import os
import subprocess
import sys
import tarfile
import threading
from dataclasses import dataclass
from typing import Iterator, Optional, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.json as pj

# One row per record of `placement resolve --emit decisions,exposures,assignments --errors inline`: the columns of
# every record type, null where a record has no such field. docs/Spark.md describes each column.
RECORD_SCHEMA = pa.schema(
    [
        ("record", pa.string()),  # decision | exposure | assignment | error
        ("key", pa.string()),  # the --key member's JSON text as in the input line (null when absent or null)
        ("line", pa.int64()),  # the line in the partition's stream (error records, id-less decisions; 1-based)
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
        ("variation", pa.string()),  # null on a not_new_user or in_other_test exposure: the profile is in no arm
        ("bucket", pa.int32()),
        # exposures: decided | fell_through | holdout | override | sticky (in an arm) | not_new_user | in_other_test
        # (a cross-placement test kept the profile out: count them, never in an arm)
        ("outcome", pa.string()),
        ("assignments", pa.string()),  # assignment records: {"<version_id>":"<variation>"}, the JSON text written
        ("warnings", pa.string()),  # decisions: the warnings' JSON array as written, null when empty
        ("rules_version", pa.string()),
        ("resolved_at", pa.string()),  # the pinned --now, ISO 8601 UTC
        ("error", pa.string()),  # error records: why the line could not be resolved
        ("json", pa.string()),  # the record exactly as `placement resolve` wrote it
    ]
)

_SPARK_TYPES = {pa.string(): "string", pa.int64(): "bigint", pa.int32(): "int"}
# RECORD_SCHEMA as Spark declares a mapInArrow result: a DDL string, the same on classic Spark and Spark Connect.
RECORD_DDL = ", ".join(f"{field.name} {_SPARK_TYPES[field.type]}" for field in RECORD_SCHEMA)

DECISION_COLUMNS = [
    "key", "profile_id", "placement", "audience_index", "audience_name", "content_type", "content_id", "paywall_id",
    "reason", "test", "version_id", "variation", "bucket", "warnings", "rules_version", "resolved_at", "error",
]
EXPOSURE_COLUMNS = [
    "key", "profile_id", "placement", "test", "version_id", "variation", "bucket", "outcome", "rules_version",
    "resolved_at",
]
ASSIGNMENT_COLUMNS = ["key", "profile_id", "assignments", "rules_version", "resolved_at"]

# Lines of input written to the process at a time by `resolve_lines`.
BLOCK_LINES = 4096
# Bytes of output read before a batch is built: whole records, ~370 bytes each, so batches of ~11,000 rows.
CHUNK_BYTES = 1 << 22


class RulesVersionMismatch(RuntimeError):
    """A record's rules_version is not the bundle's: the executor ran other rules than the driver shipped."""


def bundle_manifest(bundle: str) -> dict:
    """The manifest of a rules bundle (a ustar archive whose first entry is manifest.json)."""
    with tarfile.open(bundle, "r:") as archive:
        member = archive.getmember("manifest.json")
        handle = archive.extractfile(member)
        assert handle is not None
        return json.loads(handle.read())


# The members of a record that become columns, as `pyarrow.json` parses them; every other member is skipped.
# `key`, `warnings` and `assignments` are taken as text from the line instead (see `_batch`).
_PARSED_SCHEMA = pa.schema(
    [
        ("record", pa.string()),
        ("line", pa.int64()),
        ("profile_id", pa.string()),
        ("placement", pa.string()),
        ("audience", pa.struct([("index", pa.int32()), ("name", pa.string())])),
        ("content", pa.struct([("type", pa.string()), ("id", pa.string()), ("paywall", pa.string())])),
        ("ab_test", pa.struct(
            [("name", pa.string()), ("version_id", pa.string()), ("variation", pa.string()), ("bucket", pa.int32())]
        )),
        ("reason", pa.string()),
        ("test", pa.string()),
        ("version_id", pa.string()),
        ("variation", pa.string()),
        ("bucket", pa.int32()),
        ("outcome", pa.string()),
        ("rules_version", pa.string()),
        ("resolved_at", pa.string()),
        ("error", pa.string()),
    ]
)
_PARSE = pj.ParseOptions(explicit_schema=_PARSED_SCHEMA, unexpected_field_behavior="ignore")

# `placement` writes `key` as the second member of every record, right after `record`, as the input line's member
# text; a string, number, true, false or null is matched here, an object or array (rare) is delimited by a JSON
# decoder.
_KEY_SCALAR = r'^\{"record":"[a-z]+","key":(?P<key>"(?:[^"\\]|\\.)*"|[-+.0-9A-Za-z]+)[,}]'
# `warnings` is the last member of a decision, `assignments` the last of an assignment record.
_WARNINGS = r',"warnings":(?P<warnings>\[.+\])\}$'
_ASSIGNMENTS = r',"assignments":(?P<assignments>\{.*\})\}$'


def _lines(chunk: bytes) -> pa.Array:
    """The newline-terminated JSON lines of `chunk` as a string array, without their newlines.

    A JSON line holds no raw newline byte (one in a string is escaped), so the lines are the chunk with its newline
    bytes removed, cut where each newline was.
    """
    data = np.frombuffer(chunk, dtype=np.uint8)
    newlines = np.flatnonzero(data == 0x0A)
    count = len(newlines)
    offsets = np.empty(count + 1, dtype=np.int32)
    offsets[0] = 0
    offsets[1:] = newlines - np.arange(count)
    return pa.StringArray.from_buffers(count, pa.py_buffer(offsets), pa.py_buffer(data[data != 0x0A]))


def _raw_keys(texts: pa.Array) -> pa.Array:
    """The `key` member of each record (every record has one) as written, JSON text; null when it is `null`."""
    keys = pc.struct_field(pc.extract_regex(texts, _KEY_SCALAR), "key")
    unmatched = pc.is_null(keys)
    if pc.any(unmatched).as_py():
        decoder = json.JSONDecoder()
        values = keys.to_pylist()
        for index in pc.indices_nonzero(unmatched).to_pylist():
            text = texts[index].as_py()
            start = text.index('"key":') + len('"key":')
            _, stop = decoder.raw_decode(text, start)
            values[index] = text[start:stop]
        keys = pa.array(values, pa.string())
    return pc.if_else(pc.equal(keys, "null"), pa.scalar(None, pa.string()), keys)


def _member_text(texts: pa.Array, rows: pa.Array, pattern: str, name: str) -> pa.Array:
    """Group `name` of `pattern` on the rows where `rows` is true (few: matched on those alone), else null."""
    values = pa.nulls(len(texts), pa.string())
    if not pc.any(rows).as_py():
        return values
    matched = pc.struct_field(pc.extract_regex(pc.filter(texts, rows), pattern), name)
    return pc.replace_with_mask(values, rows, matched)


def _of(kind: pa.Array, name: str, values: pa.Array) -> pa.Array:
    """`values` on the records of type `name`, null on the others."""
    return pc.if_else(pc.equal(kind, name), values, pa.nulls(len(values), values.type))


def _batch(chunk: bytes, expected_version: str, *, keyed: bool) -> pa.RecordBatch:
    """The records of `chunk` (complete JSON lines) as rows of RECORD_SCHEMA; checks every rules_version.

    `keyed`: the records were written with `--key`, so each has a `key` member; without, the column is null.

    Raises RulesVersionMismatch naming the first record whose rules_version is not `expected_version`.
    """
    texts = _lines(chunk)
    parsed = pj.read_json(
        pa.BufferReader(chunk), read_options=pj.ReadOptions(use_threads=False, block_size=len(chunk) + 1),
        parse_options=_PARSE,
    )
    column = lambda name: parsed.column(name).combine_chunks()  # noqa: E731
    kind, version = column("record"), column("rules_version")
    matches = pc.fill_null(pc.equal(version, expected_version), False)
    if not pc.all(matches).as_py():
        bad = pc.index(matches, False).as_py()
        raise RulesVersionMismatch(
            f"a {kind[bad].as_py()} record has rules_version {version[bad].as_py()!r}, the bundle is "
            f"{expected_version!r}"
        )
    audience, content, test = column("audience"), column("content"), column("ab_test")
    warned = pc.and_(pc.equal(kind, "decision"), pc.invert(pc.ends_with(texts, ',"warnings":[]}')))
    columns = {
        "record": kind,
        "key": _raw_keys(texts) if keyed else pa.nulls(len(texts), pa.string()),
        "line": column("line"),
        "profile_id": column("profile_id"),
        "placement": column("placement"),
        "audience_index": _of(kind, "decision", pc.struct_field(audience, "index")),
        "audience_name": _of(kind, "decision", pc.struct_field(audience, "name")),
        "content_type": _of(kind, "decision", pc.struct_field(content, "type")),
        "content_id": _of(kind, "decision", pc.struct_field(content, "id")),
        "paywall_id": _of(kind, "decision", pc.struct_field(content, "paywall")),
        "reason": _of(kind, "decision", column("reason")),
        "test": pc.coalesce(
            _of(kind, "decision", pc.struct_field(test, "name")), _of(kind, "exposure", column("test"))
        ),
        "version_id": pc.coalesce(
            _of(kind, "decision", pc.struct_field(test, "version_id")), _of(kind, "exposure", column("version_id"))
        ),
        "variation": pc.coalesce(
            _of(kind, "decision", pc.struct_field(test, "variation")), _of(kind, "exposure", column("variation"))
        ),
        "bucket": pc.coalesce(
            _of(kind, "decision", pc.struct_field(test, "bucket")), _of(kind, "exposure", column("bucket"))
        ),
        "outcome": _of(kind, "exposure", column("outcome")),
        "assignments": _member_text(texts, pc.equal(kind, "assignment"), _ASSIGNMENTS, "assignments"),
        "warnings": _member_text(texts, warned, _WARNINGS, "warnings"),
        "rules_version": version,
        "resolved_at": column("resolved_at"),
        "error": column("error"),
        "json": texts,
    }
    return pa.RecordBatch.from_arrays([columns[field.name] for field in RECORD_SCHEMA], schema=RECORD_SCHEMA)


def _chunks(stream, size: int) -> Iterator[bytes]:
    """`stream`'s bytes in chunks of complete lines, each at least `size` bytes but the last."""
    pending: list = []
    held = 0
    while True:
        piece = stream.read1(size)
        if piece:
            pending.append(piece)
            held += len(piece)
            if held < size:
                continue
        data = b"".join(pending)
        cut = data.rfind(b"\n") + 1
        if not piece:
            if data:
                yield data if data.endswith(b"\n") else data + b"\n"
            return
        if cut:
            yield data[:cut]
        pending, held = ([data[cut:]], len(data) - cut) if cut < len(data) else ([], 0)


def resolve_lines(lines: Iterator[str], **options) -> Iterator[pa.RecordBatch]:
    """Resolves JSON lines (profiles) with one `placement resolve` process; yields record batches.

    `options` are those of `resolve_blocks`.
    """
    yield from resolve_blocks(_line_blocks(lines), **options)


def _line_blocks(lines: Iterator[str]) -> Iterator[bytes]:
    """`lines` as blocks of BLOCK_LINES newline-terminated lines."""
    group: list = []
    for line in lines:
        group.append(line)
        if len(group) == BLOCK_LINES:
            yield ("\n".join(group) + "\n").encode("utf-8")
            group = []
    if group:
        yield ("\n".join(group) + "\n").encode("utf-8")


def _column_blocks(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.Buffer]:
    """The non-null strings of each batch's first column as one block of newline-terminated lines per batch,
    joined by pyarrow."""
    for batch in batches:
        texts = pc.drop_null(batch.column(0))
        if len(texts):
            whole = pa.ListArray.from_arrays(pa.array([0, len(texts)], pa.int32()), texts)
            yield pc.binary_join(whole, "\n")[0].as_buffer()
            yield pa.py_buffer(b"\n")


def resolve_blocks(
    blocks: Iterator,
    *,
    binary: str,
    bundle: str,
    now: str,
    rules_version: str,
    key: Optional[str],
    placements: Sequence[str] = (),
    fail_once_marker: Optional[str] = None,
) -> Iterator[pa.RecordBatch]:
    """Resolves blocks of JSON lines (profiles, each newline-terminated; bytes or pyarrow buffers) with one
    `placement resolve` process; yields record batches of RECORD_SCHEMA.

    A writer thread feeds the blocks to the process's standard input while this generator reads its standard
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
            for block in blocks:
                process.stdin.write(block)
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
    assert process.stdout is not None
    for chunk in _chunks(process.stdout, CHUNK_BYTES):
        yield _batch(chunk, rules_version, keyed=bool(key))
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
        from pyspark import cloudpickle
        from pyspark.sql import functions as F

        # Executors need not have this module installed: its functions travel with the task, by value.
        cloudpickle.register_pickle_by_value(sys.modules[__name__])
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
            yield from resolve_blocks(
                _column_blocks(batches), binary=exe, bundle=rules, now=now, rules_version=version, key=key,
                placements=placements,
                fail_once_marker=fail_once_marker,
            )

        return Result(lines.mapInArrow(partition, RECORD_DDL))


def pipe_command(binary: str, bundle: str, now: str, key: str) -> list:
    """The command of the classic-cluster one-liner: `rdd.pipe(pipe_command(...))` (docs/Spark.md)."""
    return [
        binary, "resolve", "--rules", bundle, "--profiles", "-", "--now", now, "--emit",
        "decisions,exposures,assignments", "--errors", "inline", "--key", key,
    ]
