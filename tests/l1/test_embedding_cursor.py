"""Event embedding jobs written by the worker from a cursor (migration 0011), not by ingest:
every event is still embedded exactly once, deletion removes owed work, and a store migrated
from eager jobs neither loses nor duplicates one."""

from __future__ import annotations

from memory_core.db.migrate import migrate
from memory_core.l1.embedding_worker import EMBEDDING_QUEUE, event_cursor
from tests.helpers import T0, chat


def _event_jobs(engine, state: str | None = None) -> int:
    sql = "SELECT count(*) FROM embedding_jobs WHERE target_kind = 'event'"
    return engine.db.read_value(sql + (" AND state = ?" if state else ""), (state,) if state else ())


def _chunks_per_event(engine) -> dict[int, int]:
    return {r["event_seq"]: r["n"] for r in engine.db.read_all(
        "SELECT event_seq, count(*) AS n FROM event_chunks GROUP BY 1")}


def test_ingest_writes_no_job_and_the_worker_embeds_each_event_once(make_engine) -> None:
    engine = make_engine(layers=())
    r = engine.ingest_payloads([chat("s", "user", f"note number {i}", T0 + i, f"m{i}") for i in range(700)])
    assert r.ingested == 700
    assert _event_jobs(engine) == 0
    assert engine.backlog()["embedding_jobs"] == 700
    assert EMBEDDING_QUEUE.counts(engine.db.reader())["pending"] == 700
    engine.run_until_idle()
    assert _event_jobs(engine) == _event_jobs(engine, "done") == 700
    assert engine.backlog()["embedding_jobs"] == 0
    assert set(_chunks_per_event(engine).values()) == {1}
    assert engine.stats()["l1"]["embedding_state"] == {"done": 700}
    # a replay owes nothing new and the worker finds nothing to do
    engine.ingest_payloads([chat("s", "user", f"note number {i}", T0 + i, f"m{i}") for i in range(700)])
    assert engine.backlog()["embedding_jobs"] == 0 and engine.embedding_worker.run_once() == 0


def test_new_events_after_deleting_the_newest_are_still_embedded(make_engine) -> None:
    """A deleted top seq is reused by the next insert: the cursor must drop below it."""
    engine = make_engine(layers=())
    r = engine.ingest_payloads([chat("s", "user", f"fact {i}", T0 + i, f"m{i}") for i in range(3)])
    engine.run_until_idle()
    space = engine.l1.space_id
    assert event_cursor(engine.db.reader(), space) == 3
    engine.delete_events([r.event_ids[2]])
    assert event_cursor(engine.db.reader(), space) == 2
    new = engine.ingest_payloads([chat("s", "user", "a later fact", T0 + 10, "late")])
    seq = engine.db.read_value("SELECT seq FROM fact_events WHERE event_id = ?", (new.event_ids[0],))
    assert seq == 3  # the rowid was reused
    assert engine.backlog()["embedding_jobs"] == 1
    engine.run_until_idle()
    assert engine.get_event(new.event_ids[0]).embedding_state == "done"
    assert _chunks_per_event(engine) == {1: 1, 2: 1, 3: 1}


def test_deleting_an_owed_event_removes_its_work(make_engine) -> None:
    engine = make_engine(layers=())
    r = engine.ingest_payloads([chat("s", "user", f"fact {i}", T0 + i, f"m{i}") for i in range(4)])
    report = engine.delete_events([r.event_ids[1]])
    assert report.layers["l1"]["embedding_jobs"] == 1  # owed work counted and gone with the row
    assert engine.backlog()["embedding_jobs"] == 3
    engine.run_until_idle()
    assert _event_jobs(engine) == 3
    assert engine.db.read_value("SELECT count(*) FROM embedding_jobs WHERE target_id = ?", (r.event_ids[1],)) == 0


def test_a_store_with_eager_jobs_migrates_without_losing_or_repeating_one(make_engine) -> None:
    engine = make_engine("old.db", layers=())
    engine.ingest_payloads([chat("s", "user", f"old fact {i}", T0 + i, f"m{i}") for i in range(6)])
    space = engine.l1.space_id
    with engine.db.write() as conn:  # what a pre-0011 store holds: a job per event, two done
        conn.execute("INSERT INTO embedding_jobs(target_kind, target_id, space_id, created_at, updated_at) "
                     "SELECT 'event', event_id, ?, ingested_at, ingested_at FROM fact_events WHERE seq <= 4",
                     (space,))  # events 5 and 6: ingested while another space was active
        conn.execute("UPDATE embedding_jobs SET state = 'done' WHERE target_id IN "
                     "(SELECT event_id FROM fact_events WHERE seq <= 2)")
        conn.execute("DROP TRIGGER fact_events_embedding_cursor")
        conn.execute("DROP TABLE embedding_cursor")
        # the later migrations' objects go too: migrate() re-runs every version above the newest kept
        conn.execute("DROP TRIGGER fact_events_context_cursor")
        conn.execute("DROP TABLE context_cursor")
        conn.execute("DROP TABLE context_fts")
        conn.execute("DELETE FROM schema_migrations WHERE version >= 11")
    assert 11 in migrate(engine.db)
    conn = engine.db.reader()
    assert event_cursor(conn, space) == 4  # just below the first event without a job
    assert engine.backlog()["embedding_jobs"] == 2 + 2  # two pending jobs, two owed events
    with engine.db.write() as w:
        w.execute("DELETE FROM event_chunks")
    engine.run_until_idle()
    assert _event_jobs(engine) == 6 and _event_jobs(engine, "done") == 6
    assert set(_chunks_per_event(engine)) == {3, 4, 5, 6}  # the two done ones were not redone


def test_switching_back_to_a_space_embeds_what_it_missed(make_engine) -> None:
    from memory_core.providers.hashing_embedder import HashingEmbedder

    class Small:
        embedder = HashingEmbedder(dim=128)
        chat = None

    e1 = make_engine("m.db", layers=())
    e1.ingest_payloads([chat("s", "user", f"first {i}", T0 + i, f"a{i}") for i in range(3)])
    e1.run_until_idle()
    e1.close()
    e2 = make_engine("m.db", layers=(), providers=Small())
    assert e2.stats()["l1"]["embedding_state"] == {"pending": 3}
    e2.ingest_payloads([chat("s", "user", f"second {i}", T0 + 10 + i, f"b{i}") for i in range(2)])
    e2.run_until_idle()
    e2.close()
    e3 = make_engine("m.db", layers=())  # back to the 256-dim space: owes the two new events
    assert e3.stats()["l1"]["embedding_state"] == {"done": 3, "pending": 2}
    e3.run_until_idle()
    first_space = e3.l1.space_id
    assert e3.db.read_value(f"SELECT count(*) FROM vec_chunks_{first_space}") == 5
    assert e3.db.read_value("SELECT count(*) FROM embedding_jobs WHERE target_kind = 'event' "
                            "AND space_id = ?", (first_space,)) == 5
