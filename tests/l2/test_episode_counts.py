"""An episode's count and span grow by the rows each batch adds instead of being recounted from
all its evidence (quadratic for a long episode). They must stay exactly what a recount gives:
after an import, after a batch projected again, after deletions and more chat."""

from __future__ import annotations

from typing import Callable

from memory_core.bench.generator import generate
from memory_core.engine import MemoryEngine
from memory_core.l2.episodes import assign_batch


def _mismatches(engine: MemoryEngine) -> list[tuple]:
    conn = engine.db.reader()
    return list(conn.execute(
        "SELECT e.episode_id, e.event_count, e.started_at, e.ended_at, count(v.event_id), min(v.occurred_at), "
        "max(v.occurred_at) FROM episodes e LEFT JOIN l2_evidence v ON v.owner_kind = 'episode' "
        "AND v.owner_id = e.episode_id GROUP BY e.episode_id "
        "HAVING e.event_count != count(v.event_id) OR e.started_at != min(v.occurred_at) "
        "OR e.ended_at != max(v.occurred_at)"))


def test_episode_counts_equal_their_evidence(make_engine: Callable[..., MemoryEngine]) -> None:
    engine = make_engine()
    payloads = generate(600, 11)
    engine.ingest_payloads(payloads[:400])
    engine.run_until_idle()
    conn = engine.db.reader()
    grown = conn.execute("SELECT count(*) FROM episodes WHERE event_count > 16").fetchone()[0]
    assert grown, "no episode grew over several batches: the incremental path was not exercised"
    assert _mismatches(engine) == []

    # a batch projected again (a retried run): no row is added, so nothing is counted twice
    ep_id, n, start, end = conn.execute(
        "SELECT episode_id, event_count, started_at, ended_at FROM episodes ORDER BY event_count DESC LIMIT 1").fetchone()
    rows = [dict(zip(("seq", "event_id", "occurred_at", "content"), r)) for r in conn.execute(
        "SELECT f.seq, f.event_id, f.occurred_at, f.content FROM l2_evidence v JOIN fact_events f "
        "ON f.event_id = v.event_id WHERE v.owner_kind = 'episode' AND v.owner_id = ? "
        "ORDER BY f.occurred_at, f.seq LIMIT 8", (ep_id,))]
    ents = [r[0] for r in conn.execute("SELECT value FROM episodes, json_each(episodes.entity_ids) "
                                       "WHERE episode_id = ?", (ep_id,))]
    with engine.db.write() as w:
        assert assign_batch(w, rows, ents, "test", engine.clock.now()) == ep_id
    assert conn.execute("SELECT event_count, started_at, ended_at FROM episodes WHERE episode_id = ?",
                        (ep_id,)).fetchone() == (n, start, end)
    assert _mismatches(engine) == []

    # deletions recount; later batches grow the recounted episodes from there
    doomed = [r[0] for r in conn.execute(
        "SELECT event_id FROM l2_evidence WHERE owner_kind = 'episode' ORDER BY event_seq LIMIT 40")]
    engine.delete_events(doomed[::3])
    engine.ingest_payloads(payloads[400:])
    engine.run_until_idle()
    assert _mismatches(engine) == []
