"""The module's reader without Spark: `placement` output lines as rows of RECORD_SCHEMA, against a naive oracle.

The oracle parses each record with `json.loads` and reads the columns member by member; the module builds whole
batches with pyarrow's C++ parser and regular expressions, so the two must agree on every record of the Spark
suite's 20,000 profiles and on hand-written records of every shape.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import placement_spark  # noqa: E402
from placement_spark import (  # noqa: E402
    RECORD_SCHEMA, RulesVersionMismatch, _batch, _chunks, _column_blocks, _line_blocks,
)
from test_spark import BINARY, bundle, lines, single, work  # noqa: E402,F401 - fixtures

# The rules_version of the hand-written records below; the suite's records carry their bundle's (bundle_version).
VERSION = "35bffb338311"


def member_text(text: str, name: str):
    """The text of top-level member `name` of the JSON object `text` as written, None when absent."""
    decoder = json.JSONDecoder()
    record = json.loads(text)
    if name not in record:
        return None
    start = text.index('"%s":' % name) + len(name) + 3
    _, stop = decoder.raw_decode(text, start)
    return text[start:stop]


def oracle(text: str) -> dict:
    """One record as a row, member by member."""
    record = json.loads(text)
    kind = record["record"]
    key = member_text(text, "key")
    row = {name: None for name in RECORD_SCHEMA.names}
    row.update(
        record=kind, key=None if key in (None, "null") else key, line=record.get("line"),
        profile_id=record.get("profile_id"), placement=record.get("placement"),
        rules_version=record.get("rules_version"), resolved_at=record.get("resolved_at"), error=record.get("error"),
        json=text,
    )
    if kind == "decision":
        audience, content, test = record["audience"] or {}, record["content"] or {}, record["ab_test"] or {}
        row.update(
            audience_index=audience.get("index"), audience_name=audience.get("name"),
            content_type=content.get("type"), content_id=content.get("id"), paywall_id=content.get("paywall"),
            reason=record.get("reason"), test=test.get("name"), version_id=test.get("version_id"),
            variation=test.get("variation"), bucket=test.get("bucket"),
            warnings=member_text(text, "warnings") if record["warnings"] else None,
        )
    elif kind == "exposure":
        row.update({name: record.get(name) for name in ("test", "version_id", "variation", "bucket", "outcome")})
    elif kind == "assignment":
        row.update(assignments=member_text(text, "assignments"))
    return row


def bundle_version(bundle: str) -> str:
    """The rules_version of a rules bundle, as `placement bundle show` reports it."""
    shown = subprocess.run([BINARY, "bundle", "show", bundle, "--format", "json"], capture_output=True, check=True)
    return json.loads(shown.stdout)["rules_version"]


def rows(text: str, size: int = placement_spark.CHUNK_BYTES, keyed: bool = True, version: str = VERSION) -> list:
    stream = io.BufferedReader(io.BytesIO(text.encode()), buffer_size=max(size, 8))
    batches = [_batch(chunk, version, keyed=keyed) for chunk in _chunks(stream, size)]
    assert all(batch.schema == RECORD_SCHEMA for batch in batches)
    return pa.Table.from_batches(batches, schema=RECORD_SCHEMA).to_pylist()


def test_every_record_of_the_suite_equals_the_oracle(single, bundle):
    records = single["records"]
    assert len(records) > 60_000
    assert rows("\n".join(records) + "\n", version=bundle_version(bundle)) == [oracle(text) for text in records]


HAND = [
    '{"record":"decision","key":{"b": 1,  "a":[1, 2]},"rules_version":"35bffb338311",'
    '"resolved_at":"2026-12-01T00:00:00Z","placement":"main_paywall","profile_id":null,"line":7,'
    '"audience":{"index":-1,"name":"x","segment":null},'
    '"content":{"type":"flow","id":"f","paywall":"p"},"ab_test":{"name":"t","version_id":"v","variation":"b",'
    '"bucket":42},"reason":"SPLIT","exposures":[{"test":"t","version_id":"v","variation":"b","bucket":42,'
    '"outcome":"decided"}],"warnings":["profile has no profile_id: é \\"q\\""]}',
    '{"record":"exposure","key":12.50,"profile_id":"p","placement":"main_paywall","rules_version":"35bffb338311",'
    '"resolved_at":"2026-12-01T00:00:00Z","test":"t","version_id":"v","variation":"b","bucket":null,'
    '"outcome":"fell_through"}',
    '{"record":"assignment","key":"é\\u00e9\\"x,","rules_version":"35bffb338311",'
    '"resolved_at":"2026-12-01T00:00:00Z","profile_id":"p","assignments":{"v":"b","a":"c"}}',
    '{"record":"error","key":null,"line":3,"column":2,"error":"invalid JSON: expected a value",'
    '"rules_version":"35bffb338311","resolved_at":"2026-12-01T00:00:00Z"}',
]
# Without --key, no record has a key member.
UNKEYED = [
    '{"record":"error","line":4,"error":"a profile must be a JSON object, found array",'
    '"rules_version":"35bffb338311","resolved_at":"2026-12-01T00:00:00Z"}',
    '{"record":"assignment","rules_version":"35bffb338311","resolved_at":"2026-12-01T00:00:00Z",'
    '"profile_id":"p","assignments":{"v":"b"}}',
]


def test_hand_written_records_of_every_shape():
    got = rows("\n".join(HAND) + "\n")
    assert got == [oracle(text) for text in HAND]
    assert [row["key"] for row in got] == ['{"b": 1,  "a":[1, 2]}', "12.50", '"é\\u00e9\\"x,"', None]
    assert got[0]["warnings"] == '["profile has no profile_id: é \\"q\\""]'
    assert (got[0]["test"], got[0]["bucket"], got[0]["audience_index"], got[0]["paywall_id"]) == ("t", 42, -1, "p")
    assert (got[1]["outcome"], got[1]["bucket"], got[1]["audience_index"]) == ("fell_through", None, None)
    assert got[2]["assignments"] == '{"v":"b","a":"c"}'
    assert (got[3]["line"], got[3]["error"]) == (3, "invalid JSON: expected a value")


@pytest.mark.parametrize("size", [1, 7, 300, 1 << 20])
def test_chunks_are_whole_lines_whatever_the_read_size(size):
    text = "\n".join(HAND * 3) + "\n"
    chunks = list(_chunks(io.BufferedReader(io.BytesIO(text.encode()), buffer_size=8), size))
    assert b"".join(chunks) == text.encode()
    assert all(chunk.endswith(b"\n") for chunk in chunks)
    assert [row["json"] for row in rows(text, size)] == HAND * 3


def test_records_without_key_have_a_null_key():
    got = rows("\n".join(UNKEYED) + "\n", keyed=False)
    assert got == [oracle(text) for text in UNKEYED]
    assert [(row["key"], row["line"], row["assignments"]) for row in got] == [
        (None, 4, None), (None, None, '{"v":"b"}'),
    ]


def test_an_exposure_of_a_profile_kept_out_has_no_variation():
    # A cross-placement test's entry rules kept the profile out: counted by outcome, in no arm.
    kept_out = [
        '{"record":"exposure","key":"k","profile_id":"p","placement":"main_paywall","rules_version":"35bffb338311",'
        f'"resolved_at":"2026-12-01T00:00:00Z","test":"t","version_id":"v","variation":null,"bucket":null,'
        f'"outcome":"{outcome}"}}'
        for outcome in ("not_new_user", "in_other_test")
    ]
    got = rows("\n".join(kept_out) + "\n")
    assert got == [oracle(text) for text in kept_out]
    assert [(row["variation"], row["bucket"], row["outcome"]) for row in got] == [
        (None, None, "not_new_user"), (None, None, "in_other_test"),
    ]


def test_a_last_line_without_newline_is_kept():
    assert [row["json"] for row in rows("\n".join(HAND))] == HAND


def test_a_record_of_other_rules_names_its_version():
    other = HAND[1].replace(VERSION, "000000000000")
    with pytest.raises(RulesVersionMismatch, match="a exposure record has rules_version '000000000000'"):
        rows("\n".join([HAND[0], other]) + "\n")
    missing = HAND[3].replace(',"rules_version":"35bffb338311"', "")
    with pytest.raises(RulesVersionMismatch, match="a error record has rules_version None"):
        rows(missing + "\n")


def test_input_blocks_are_the_lines_each_ending_in_a_newline():
    line = pa.RecordBatch.from_pydict({"line": pa.array(['{"k":1}', None, '{"k":"é"}'], pa.string())})
    nulls = pa.RecordBatch.from_pydict({"line": pa.array([None], pa.string())})
    blocks = list(_column_blocks(iter([line, nulls, line])))
    assert b"".join(bytes(block) for block in blocks) == '{"k":1}\n{"k":"é"}\n{"k":1}\n{"k":"é"}\n'.encode()
    many = [f'{{"k":{i}}}' for i in range(placement_spark.BLOCK_LINES + 3)]
    blocks = list(_line_blocks(iter(many)))
    assert len(blocks) == 2
    assert b"".join(blocks) == ("\n".join(many) + "\n").encode()
