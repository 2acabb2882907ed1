"""Short-term traits expire as of the oldest event not yet projected, at the latest.

An imported chat history is all past its TTLs by the wall clock. When the expiry worker ended a
mood by the wall clock between two projection runs, a second "happy" an hour after the first
made a new assertion instead of corroborating the first — and whether it did depended on how
the workers interleaved (tests/reliability/test_derived_resume.py differed between two clean
runs on a loaded machine)."""

from __future__ import annotations

from memory_core.l2.projection import projection_watermark
from tests.helpers import T0, chat

HOUR = 3600.0


def _worker(engine, name):
    return next(w for w in engine.workers if w.name == name)


def _emotions(engine):
    return engine.db.read_all("SELECT assertion_id, status FROM tom_trait_assertions "
                              "WHERE trait IN ('emotion', 'mood') ORDER BY created_at")


def test_a_pending_event_holds_expiry_back_until_it_is_projected(make_engine, clock):
    clock.set(T0 + 30 * 86400)  # the wall clock: a month after the chats
    engine = make_engine(layers=("l2",))
    engine.ingest_payloads([chat("s1", "user", "I'm so happy today!", T0, "a")])
    projection = _worker(engine, "l2_projection")
    while projection.run_once():
        pass
    first = _emotions(engine)
    assert len(first) == 1 and first[0]["status"] != "expired"
    # a second statement, an hour later, in another conversation: not projected yet
    engine.ingest_payloads([chat("s2", "user", "I am so happy today!", T0 + HOUR, "b")])
    with engine.db.write() as conn:
        assert projection_watermark(conn) == T0 + HOUR
    _worker(engine, "l2_expiry").run_once()
    assert _emotions(engine)[0]["status"] != "expired"  # the pending event may corroborate it
    engine.run_until_idle()
    rows = _emotions(engine)
    assert len(rows) == 1, rows  # corroborated, not a second assertion
    evidence = engine.db.read_all("SELECT event_id FROM l2_evidence WHERE owner_id = ?", (rows[0]["assertion_id"],))
    assert len(evidence) == 2
    # nothing pending: expiry runs by the clock again, and the trait ends
    assert rows[0]["status"] == "expired"


def test_no_backlog_means_the_clock(make_engine, clock):
    clock.set(T0 + 30 * 86400)
    engine = make_engine(layers=("l2",))
    with engine.db.write() as conn:
        assert projection_watermark(conn) is None
    engine.ingest_payloads([chat("s1", "user", "I'm so happy today!", T0, "a")])
    engine.run_until_idle()
    assert [r["status"] for r in _emotions(engine)] == ["expired"]
