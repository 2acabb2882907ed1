"""The ingest hot paths are faster, not different: each is checked against the plain
implementation it replaced (ULID encoding, CJK bigrams, metadata JSON, field lookup, the
session index and the tombstone check)."""

from __future__ import annotations

import json
import os
import random
import re
from collections import OrderedDict
from types import MappingProxyType

import pytest

from memory_core import ids
from memory_core.events.fields import get_path, require_mapping, require_str
from memory_core.events.normalize import normalize
from memory_core.text.segment import index_text
from tests.helpers import T0, chat, netease

_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def reference_index_text(text: str) -> str:
    def bigrams(m: re.Match[str]) -> str:
        run = m.group(0)
        if len(run) == 1:
            return f" {run} "
        return " " + " ".join(run[i:i + 2] for i in range(len(run) - 1)) + f" {run[-1]} "
    return _CJK_RUN.sub(bigrams, text.lower())


def reference_ulid(value: int) -> str:
    out = []
    for _ in range(26):
        out.append(ids._CROCKFORD[value & 31])
        value >>= 5
    return "".join(reversed(out))


def test_index_text_matches_the_reference_on_random_mixed_text() -> None:
    rnd = random.Random(7)
    alphabet = "ab Z9 中文字符高压锅。，Ａ１\u3400\u4dbf\u9fff\uf900\ufaff\U00020000İß\n"
    for _ in range(5000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 40)))
        assert index_text(text) == reference_index_text(text), text
    assert index_text("Air Fryer") == "air fryer"


def test_ulid_encoding_matches_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    for ts in (0.0, T0, T0 + 0.999, 7_258_118_400.0):
        for rand in (0, 1, (1 << 80) - 1, random.getrandbits(80)):
            monkeypatch.setattr(ids, "_random80", lambda r=rand: r)
            value = (int(ts * 1000) & ((1 << 48) - 1)) << 80 | rand
            assert ids.new_ulid(ts) == reference_ulid(value)


def test_ulids_are_unique_sortable_and_refill_their_random_pool() -> None:
    many = [ids.new_ulid(T0 + i / 1000) for i in range(3 * ids._RANDOM_BATCH + 5)]
    assert len(set(many)) == len(many) and all(len(u) == 26 for u in many)
    assert [u[:10] for u in many] == sorted(u[:10] for u in many)  # the time prefix orders them


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork-only platform detail")
def test_a_forked_child_draws_its_own_random_bits() -> None:
    ids.new_ulid(T0)  # the parent's pool now holds unused random parts
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: report the next id's random part, exit at once
        os.write(w, ids.new_ulid(T0)[10:].encode())
        os._exit(0)
    os.close(w)
    child = os.read(r, 64).decode()
    os.waitpid(pid, 0)
    assert child != ids.new_ulid(T0)[10:]


def test_metadata_json_is_byte_identical_to_sorted_dumps() -> None:
    for payload in (netease("n1", T0), chat("s", "user", "我喜欢喝咖啡", T0, "m"),
                    {"type": "chat", "session_id": "s", "role": "tool", "content": "ok", "occurred_at": T0,
                     "tool_name": "web_search", "input": {"q": "x", "a": [1, 2]}, "output": None}):
        ev = normalize(payload)
        assert ev.metadata_json() == json.dumps(ev.metadata(), ensure_ascii=False, sort_keys=True, default=str)


def test_field_lookup_accepts_any_mapping() -> None:
    inner = {"source_code": "x"}
    for wrap in (dict, OrderedDict, MappingProxyType):
        payload = wrap({"activity": wrap(inner), "name": " v "})
        assert get_path(payload, "activity.source_code") == "x"
        assert get_path(payload, "activity.missing") is None and get_path(payload, "name.deeper") is None
        assert require_str(payload, "name") == "v"
        assert require_mapping(payload, "activity")["source_code"] == "x"
    assert get_path(["not", "a", "mapping"], "a") is None


def test_one_session_upsert_per_batch_gives_the_per_message_counts(engine) -> None:
    msgs = [chat("s1", "user" if i % 3 else "assistant", f"message {i}", T0 + 100 - i, f"m{i}")
            for i in range(30)]
    msgs += [chat("s2", "user", "hello there again", T0 + 500, "x1")]
    engine.ingest_payloads(msgs[:10])
    engine.ingest_payloads(msgs[5:])  # overlaps: duplicates must not count
    s1, s2 = engine.l1.session("s1"), engine.l1.session("s2")
    assert (s1["message_count"], s1["user_message_count"]) == (30, 20)
    assert (s1["first_at"], s1["last_at"]) == (T0 + 71, T0 + 100)
    assert (s2["message_count"], s2["first_at"], s2["last_at"]) == (1, T0 + 500, T0 + 500)


def test_batch_tombstone_check_suppresses_exactly_the_deleted_keys(engine) -> None:
    payloads = [chat("s", "user", f"statement number {i}", T0 + i, f"t{i}") for i in range(40)]
    first = engine.ingest_payloads(payloads)
    engine.delete_events(first.event_ids[::4])
    again = engine.ingest_payloads(payloads + payloads[:4])
    # 10 deleted keys, one of them twice in this input; the other 30 (+3 repeats) are duplicates
    assert (again.ingested, again.suppressed, again.duplicates) == (0, 11, 33)
    assert engine.l1.count() == 30


def test_seqs_are_found_even_when_sqlite_allocates_rowids_at_random(engine) -> None:
    """At the largest rowid SQLite picks new rowids at random: the ids are looked up instead."""
    engine.ingest_payloads([chat("s", "user", "the first message here", T0, "first")])
    with engine.db.write() as conn:
        conn.execute("UPDATE fact_events SET seq = 9223372036854775807 WHERE seq = 1")
    res = engine.ingest_payloads([chat("s", "user", f"message number {i}", T0 + i, f"r{i}") for i in range(20)]
                                 + [chat("s", "user", "the first message here", T0, "first")])
    assert (res.ingested, res.duplicates) == (20, 1)
    rows = dict(engine.db.reader().execute("SELECT event_id, seq FROM fact_events"))
    assert all(rows[e] < 9223372036854775807 for e in res.event_ids)
    fts = {r[0] for r in engine.db.reader().execute("SELECT rowid FROM fact_events_fts")}
    assert {rows[e] for e in res.event_ids} <= fts
