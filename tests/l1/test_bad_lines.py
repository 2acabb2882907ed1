"""Bad input loses nothing good: each bad JSONL line is rejected by itself, naming the line and
the field; every good line is kept (issue 17, items 1-3 and 9: invalid UTF-8, lone surrogates,
deep nesting, huge fields, a byte-order mark), through the file path, the CLI and the API."""

from __future__ import annotations

import json

from memory_core.cli.main import main
from memory_core.events.payload_limits import MAX_DEPTH, MAX_FIELD_CHARS

from tests.helpers import T0


def _line(i: int, **extra) -> bytes:
    payload = {"type": "chat", "session_id": f"s{i}", "role": "user", "message_id": f"m{i}",
               "occurred_at": T0 + i, "content": f"good line number {i}", **extra}
    return json.dumps(payload).encode("utf-8")


def _bad_file(tmp_path):
    lines = [b"\xef\xbb\xbf" + _line(0)]                          # BOM on line 1: still good
    lines += [_line(i) for i in range(1, 40)]
    lines[5] = _line(5)[:-10] + b"\xff" + _line(5)[-10:]          # invalid UTF-8
    lines[9] = _line(9).replace(b"good line", b"bad \\ud800 line")  # lone surrogate (valid JSON)
    lines[13] = b"[" * 100_000 + b"]" * 100_000                    # nesting
    lines[17] = _line(17, deep=json.loads("[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2)))
    lines[21] = _line(21, note="x" * (MAX_FIELD_CHARS + 1))         # huge field outside content
    lines[25] = _line(25, provenance={"t\udc80": 1})             # surrogate in a key
    lines[29] = b"{not json"
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\r\n".join(lines) + b"\r\n")                  # CRLF line ends
    bad = {5: "<utf-8>", 9: "content", 13: "<json>", 17: "deep", 21: "note", 25: "provenance", 29: "<json>"}
    return path, bad


def test_every_good_line_is_kept_and_every_bad_one_named(make_engine, tmp_path):
    path, bad = _bad_file(tmp_path)
    engine = make_engine(layers=())
    report = engine.ingest_jsonl(path)
    rejected = {r.index: r for r in report.rejected}
    assert set(rejected) == set(bad), {i: (r.field, r.error) for i, r in rejected.items()}
    for line, field in bad.items():
        assert rejected[line].field.startswith(field), (line, rejected[line])
    assert report.result.ingested == 40 - len(bad)
    stored = {r["source_item_id"] for r in engine.db.read_all("SELECT source_item_id FROM fact_events")}
    assert stored == {f"m{i}" for i in range(40) if i not in bad}


def test_the_api_rejects_a_bad_payload_and_keeps_the_good_ones(make_engine):
    engine = make_engine(layers=())
    good = json.loads(_line(1))
    surrogate = {**json.loads(_line(2)), "content": "bad \ud800 text"}
    deep: list = []
    node = deep
    for _ in range(MAX_DEPTH + 5):
        node.append([])
        node = node[0]
    nested = {**json.loads(_line(3)), "provenance": {"x": deep}}
    result = engine.ingest_payloads([good, surrogate, nested])  # never raises
    assert result.ingested == 1
    by_index = {r.index: r for r in sorted(result.rejected, key=lambda r: r.index)}
    assert sorted(by_index) == [1, 2]
    assert by_index[1].field == "content" and "surrogate" in by_index[1].error
    assert by_index[2].field.startswith("provenance.x") and "deeper" in by_index[2].error


def test_cli_ingest_names_each_bad_line_and_exits_1(tmp_path, capsys):
    path, bad = _bad_file(tmp_path)
    code = main(["--db", str(tmp_path / "cli.db"), "ingest", str(path), "--no-derive"])
    out = capsys.readouterr()
    assert code == 1
    assert f"ingested: {40 - len(bad)}" in out.out
    for line in bad:
        assert f"line {line + 1}: rejected" in out.err
