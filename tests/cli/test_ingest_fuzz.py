"""Byte-level fuzz of `magi-memory ingest FILE`: good lines mixed with every kind of bad line —
random bytes, invalid UTF-8, a BOM, CRLF endings, lone surrogates, deep nesting, huge fields,
JSON that is not an object. Every good line is kept, every bad line is named (line + field),
the exit code is 1, and no traceback is printed."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import apsw
import pytest

T = 1_715_000_000.0


def _good(i: int, rng: random.Random) -> bytes:
    text = rng.choice(["I moved to Hangzhou last spring.", "我今天买了一台咖啡机。", "Meeting notes: ship v2 😀",
                       "Tab\tseparated and \"quoted\" text", "混合 mixed 文本 with ünïcödé"])
    payload = {"type": "chat", "session_id": f"s{i % 7}", "role": rng.choice(["user", "assistant"]),
               "content": f"{text} #{i}", "occurred_at": T + i, "message_id": f"good-{i}"}
    return json.dumps(payload, ensure_ascii=rng.random() < 0.5).encode("utf-8")


def _bad(i: int, rng: random.Random) -> tuple[bytes, str]:
    kind = rng.choice(["random", "invalid_utf8", "surrogate", "surrogate_key", "deep", "huge_content",
                       "huge_extra", "not_object", "truncated", "nul_in_json"])
    base = {"type": "chat", "session_id": "sb", "role": "user", "content": f"bad {i}",
            "occurred_at": T + 10_000 + i, "message_id": f"bad-{i}"}
    if kind == "random":
        raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 120)))
        raw = raw.replace(b"\n", b"").replace(b"\r", b"")
        return b"{" + raw, kind  # starts like an object, so it is never blank or valid
    if kind == "invalid_utf8":
        good = json.dumps(base, ensure_ascii=False).encode("utf-8")
        cut = rng.randrange(1, len(good) - 1)
        return good[:cut] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"]) + good[cut:], kind
    if kind == "surrogate":
        return json.dumps({**base, "content": "lone \ud800 surrogate"}).encode("ascii"), kind
    if kind == "surrogate_key":
        return json.dumps({**base, "metadata": {"k\udfff": "v"}}).encode("ascii"), kind
    if kind == "deep":
        depth = rng.choice([40, 1000, 100_000])
        return b'{"type": "chat", "role": "user", "content": "x", "extra": ' + b"[" * depth + b"]" * depth + b"}", kind
    if kind == "huge_content":
        return json.dumps({**base, "content": "y" * 1_100_000}).encode(), kind
    if kind == "huge_extra":
        return json.dumps({**base, "metadata": {"blob": "z" * 2_000_000}}).encode(), kind
    if kind == "not_object":
        return rng.choice([b"[1, 2, 3]", b"42", b'"just a string"', b"null", b"true"]), kind
    if kind == "truncated":
        return json.dumps(base).encode()[:-rng.randrange(1, 10)], kind
    return json.dumps(base).encode().replace(b'"user"', b'"us\x00er"'), kind  # raw NUL: invalid JSON


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ingest_file_keeps_every_good_line_and_names_every_bad_one(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    lines: list[bytes] = []
    good_ids: dict[int, str] = {}
    bad_kinds: dict[int, str] = {}
    for i in range(160):
        if rng.random() < 0.35:
            raw, kind = _bad(i, rng)
            bad_kinds[len(lines) + 1] = kind
        else:
            raw = _good(i, rng)
            good_ids[len(lines) + 1] = f"good-{i}"
        lines.append(raw)
        if rng.random() < 0.05:
            lines.append(rng.choice([b"", b"   ", b"\t"]))  # blank lines are skipped, not errors
    endings = [rng.choice([b"\n", b"\r\n"]) for _ in lines]
    data = (b"\xef\xbb\xbf" if seed != 3 else b"") + b"".join(l + e for l, e in zip(lines, endings))
    src = tmp_path / "input.jsonl"
    src.write_bytes(data)
    db = tmp_path / "fuzz.db"
    env = {**os.environ, "MAGI_EMBEDDING_PROVIDER": "hashing"}
    out = subprocess.run([sys.executable, "-m", "memory_core.cli.main", "--db", str(db), "ingest", str(src),
                          "--json", "--no-derive"], capture_output=True, env=env, timeout=300)
    assert b"Traceback" not in out.stderr, out.stderr.decode("utf-8", "replace")[-3000:]
    assert out.returncode == 1, out.stderr.decode("utf-8", "replace")[-2000:]
    report = json.loads(out.stdout.decode("utf-8"))  # the report itself is valid UTF-8 JSON
    rejected = {r["line"]: r for r in report["rejected"]}
    assert set(rejected) == set(bad_kinds), (
        {n: bad_kinds[n] for n in set(bad_kinds) - set(rejected)}, sorted(set(rejected) - set(bad_kinds)))
    for n, r in rejected.items():
        assert r["field"] and r["error"], (n, bad_kinds[n], r)
        assert len(r["error"]) < 2000, "a rejection must not echo a huge line back"
    assert report["ingested"] == len(good_ids)
    conn = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
    kept = {r[0] for r in conn.execute("SELECT source_item_id FROM fact_events")}
    assert kept == set(good_ids.values())
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # the text arrives intact, whatever escaping the line used
    row = conn.execute("SELECT content FROM fact_events WHERE source_item_id = ?",
                       (next(iter(good_ids.values())),)).fetchone()
    assert "#" in row[0] and "\ufffd" not in row[0]


def test_json_output_is_valid_utf8_even_for_lone_surrogates() -> None:
    from memory_core.cli.output import json_text

    text = json_text({"content": "old row \ud800 stored before validation", "zh": "中文"})
    raw = text.encode("utf-8")  # would raise if a surrogate were left unescaped
    assert json.loads(raw.decode("utf-8"))["zh"] == "中文"
    assert json_text({"zh": "中文"}) == '{\n  "zh": "中文"\n}'  # normal text stays readable
