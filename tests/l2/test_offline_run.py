"""Offline, the projection runs many batches of different sessions and sources in one write
transaction (``ProjectionWorker.run_offline``). It must leave exactly the derived state of
batches committed one at a time: same entities, mentions, edges, assertions and their
supersession, episodes, conflicts and L3 insights (compared row by row through natural keys)."""

from __future__ import annotations

from typing import Callable

import pytest

from memory_core.bench.derived_resume import diff_states
from memory_core.bench.derived_state import derived_state
from memory_core.bench.generator import generate
from memory_core.engine import MemoryEngine
from memory_core.policy import L2_BATCH_MAX_EVENTS
from tests.helpers import DAY, T0, chat

#: a residence that changes across sessions, interleaved with other sessions' chat, so the
#: run's batches cross sessions and the supersession depends on the order they are planned in
STORY = [
    chat("s1", "user", "I live in Shanghai and I work at ByteDance.", T0, "s1a"),
    chat("s2", "user", "I bought an air fryer yesterday, it is great.", T0 + 60, "s2a"),
    chat("s1", "user", "My cat Mimi likes the balcony.", T0 + 120, "s1b"),
    chat("s3", "user", "I moved to Jiaxing last week.", T0 + DAY, "s3a"),
    chat("s2", "user", "I no longer like jazz, I like classical music now.", T0 + DAY + 60, "s2b"),
    chat("s4", "user", "我住在杭州，我养了一只狗叫旺财。", T0 + 2 * DAY, "s4a"),
    chat("s3", "user", "I quit ByteDance and joined Alibaba.", T0 + 2 * DAY + 60, "s3b"),
    chat("s4", "user", "我不喜欢咖啡了，现在喜欢喝茶。", T0 + 3 * DAY, "s4b"),
]


def _payloads() -> list[dict]:
    return [*generate(700, 5), *STORY]


def _project(engine: MemoryEngine, step: Callable[[object], int]) -> list[int]:
    """Projection alone until idle, then every worker (the state depends on the projection,
    not on how the other workers interleave with it)."""
    worker = next(w for w in engine.workers if w.name == "l2_projection")
    steps = []
    while (n := step(worker)):
        steps.append(n)
    engine.run_until_idle()
    return steps


@pytest.fixture
def two_stores(make_engine: Callable[..., MemoryEngine]) -> tuple[MemoryEngine, MemoryEngine]:
    a, b = make_engine("per_batch.db"), make_engine("offline_run.db")
    for engine in (a, b):
        assert engine.ingest_payloads(_payloads()).ingested > 700
    return a, b


def test_offline_run_equals_batches_committed_one_by_one(two_stores) -> None:
    per_batch, offline = two_stores
    worker = next(w for w in offline.workers if w.name == "l2_projection")
    assert worker.offline()  # hashing embedder, no LLM tier: the run applies
    one_by_one = _project(per_batch, lambda w: w.run_batches(1))
    runs = _project(offline, lambda w: w.run_offline())
    assert max(one_by_one) <= L2_BATCH_MAX_EVENTS
    assert len(runs) < len(one_by_one) / 4 and max(runs) > 4 * L2_BATCH_MAX_EVENTS
    # one run's batches belong to several sessions and sources
    keys = {k for (k,) in offline.db.reader().execute("SELECT DISTINCT batch_key FROM l2_batch_log")}
    assert len(keys) > 5
    a, b = derived_state(per_batch.db.reader()), derived_state(offline.db.reader())
    assert a["tom_trait_assertions"] and a["knowledge_graph"] and a["episodes"] and a["summaries"]
    assert diff_states(a, b) == {}
    # the story's moves were reconciled in time order across its sessions (s1 → s3 → s4):
    # Shanghai, then Jiaxing superseded, 杭州 live
    rows = dict(offline.db.reader().execute(
        "SELECT value_norm, status FROM tom_trait_assertions WHERE trait = 'residence'").fetchall())
    assert rows.get("shanghai") == rows.get("jiaxing") == "superseded", rows
    assert rows.get("杭州") not in (None, "superseded"), rows


def test_a_failing_batch_rolls_the_run_back_and_fails_alone(make_engine, monkeypatch) -> None:
    engine = make_engine()
    engine.ingest_payloads(_payloads())
    worker = next(w for w in engine.workers if w.name == "l2_projection")
    real = worker._prepare
    bad_key = "s3"

    def prepare(reader, batch_key, event_ids):
        if batch_key == bad_key:
            raise RuntimeError("boom")
        return real(reader, batch_key, event_ids)

    monkeypatch.setattr(worker, "_prepare", prepare)
    while worker.run_once():
        pass
    conn = engine.db.reader()
    states = dict(conn.execute("SELECT state, count(*) FROM l2_projection_jobs WHERE batch_key = ? "
                               "GROUP BY state", (bad_key,)).fetchall())
    assert set(states) <= {"failed", "pending"} and "RuntimeError: boom" in conn.execute(
        "SELECT last_error FROM l2_projection_jobs WHERE batch_key = ?", (bad_key,)).fetchone()[0]
    others = dict(conn.execute("SELECT state, count(*) FROM l2_projection_jobs WHERE batch_key != ? "
                               "GROUP BY state", (bad_key,)).fetchall())
    assert set(others) == {"done"}
    # nothing of the failing batch was written; the rest was
    assert conn.execute("SELECT count(*) FROM l2_batch_log WHERE batch_key = ?", (bad_key,)).fetchone()[0] == 0
    assert conn.execute("SELECT count(*) FROM l2_batch_log").fetchone()[0] > 10
    # the batches rerun after the rollback resolved their names again: the resolver's session
    # cache must not hand out the entities the rolled-back run had created
    s1 = conn.execute("SELECT m.mention_text, m.entity_id FROM entity_mentions m JOIN fact_events e "
                      "ON e.event_id = m.event_id WHERE e.session_id = 's1'").fetchall()
    assert s1 and all(entity_id is not None for _, entity_id in s1), s1


def test_entity_stats_added_per_batch_equal_a_full_recount(make_engine) -> None:
    """A first projection adds each batch's mentions to the entity stats instead of
    recounting every mention of the entity; after the import they must equal the recount."""
    engine = make_engine()
    engine.ingest_payloads(_payloads())
    engine.run_until_idle()
    conn = engine.db.reader()
    stored = {r[0]: r[1:] for r in conn.execute(
        "SELECT entity_id, mention_count, first_seen_at, last_seen_at FROM entity_catalog WHERE is_user = 0")}
    recount = {r[0]: r[1:] for r in conn.execute(
        "SELECT m.entity_id, count(DISTINCT m.event_id), min(e.occurred_at), max(e.occurred_at) "
        "FROM entity_mentions m JOIN fact_events e ON e.seq = m.event_seq WHERE m.entity_id IS NOT NULL "
        "GROUP BY m.entity_id")}
    assert len(stored) > 50 and max(n for n, _, _ in stored.values()) > 20
    for eid, (n, first, last) in stored.items():
        assert (n, first, last) == recount.get(eid, (0, None, None)), eid
