"""Projection queue: eligibility, micro-batches per session, crash recovery, provider failures."""

from __future__ import annotations

from memory_core.jobs.queue import JobQueue
from memory_core.l2.projection import PROJECTION_QUEUE
from memory_core.policy import Tier
from memory_core.providers.chat import ServerError
from tests.helpers import DAY, T0, chat, dead_owner, netease
from tests.l2.conftest import project


def test_only_fact_authoritative_cognition_eligible_events_are_enqueued(l2_engine):
    l2_engine.ingest_payloads([
        chat("s", "user", "I live in Shanghai.", T0, "a"),                 # self report: yes
        chat("s", "user", "Do you think I should buy a cat?", T0 + 1, "b"),  # question: no
        chat("s", "assistant", "You live in Shanghai, I believe.", T0 + 2, "c"),  # assistant: no
        netease("n1", T0 + 3),                                            # sensor observation: yes
    ])
    rows = l2_engine.db.read_all("SELECT e.source_item_id, j.batch_key FROM l2_projection_jobs j "
                                 "JOIN fact_events e ON e.event_id = j.event_id ORDER BY e.occurred_at")
    assert [(r["source_item_id"], r["batch_key"]) for r in rows] == [("a", "s"), ("n1", "netease_music")]


def test_micro_batches_group_by_batch_key(l2_engine):
    l2_engine.ingest_payloads([chat("s1", "user", "I live in Shanghai.", T0, "a"),
                               chat("s2", "user", "I bought a rice cooker.", T0 + 1, "b"),
                               chat("s1", "user", "I bought an air fryer.", T0 + 2, "c")])
    worker = next(w for w in l2_engine.workers if w.name == "l2_projection")
    assert worker.run_batch() == 2  # s1's two events in one batch
    assert worker.run_batch() == 1
    logs = l2_engine.db.read_all("SELECT batch_key, event_ids FROM l2_batch_log ORDER BY batch_id")
    assert [r["batch_key"] for r in logs] == ["s1", "s2"]


def test_stuck_jobs_are_recovered_at_start(make_engine):
    engine = make_engine("crash.db", layers=("l2",))
    engine.ingest_payloads([chat("s", "user", "I live in Shanghai.", T0, "a")])
    with engine.db.write() as conn:  # a worker of another process claimed the job, then died
        assert len(PROJECTION_QUEUE.claim(conn, T0, 10, owner=dead_owner())) == 1
    engine.close()
    engine2 = make_engine("crash.db", layers=("l2",))
    assert PROJECTION_QUEUE.counts(engine2.db.reader())["pending"] == 1
    project(engine2)
    assert PROJECTION_QUEUE.counts(engine2.db.reader())["done"] == 1
    assert engine2.components["l2"].assertions(engine2.components["l2"].user_id())[0].value == "shanghai"


class _FailingChat:
    def __init__(self):
        self.calls = 0

    def available(self, tier):
        return tier is Tier.FAST_CLASSIFY

    def complete(self, request):
        self.calls += 1
        raise ServerError("upstream 503", provider="fake", status=503)


def test_provider_failure_retries_then_fails_visibly_and_l1_is_untouched(l2_engine, clock):
    fake = _FailingChat()
    l2_engine.providers.chat = fake
    l2_engine.ingest_payloads([chat("s", "user", "I live in Shanghai.", T0, "a")])
    for _ in range(10):
        project(l2_engine)
        clock.advance(DAY)  # past any backoff
    counts = PROJECTION_QUEUE.counts(l2_engine.db.reader())
    assert counts["failed"] == 1 and fake.calls == JobQueue("l2_projection_jobs").max_attempts
    [job] = PROJECTION_QUEUE.failures(l2_engine.db.reader())
    assert "ServerError" in job["last_error"] and "503" in job["last_error"]
    assert l2_engine.stats()["queues"]["l2_projection_jobs"]["failed"] == 1
    assert len(l2_engine.list_events()) == 1  # L1 unaffected
    # offline again (router serves no tier) → a manual retry projects with the rule extractor
    l2_engine.providers.chat = None
    with l2_engine.db.write() as conn:
        assert PROJECTION_QUEUE.retry_failed(conn, clock.now()) == 1
    project(l2_engine)
    assert PROJECTION_QUEUE.counts(l2_engine.db.reader())["done"] == 1


def test_enabling_l2_on_an_l1_only_store_backfills(make_engine):
    l1 = make_engine("bf.db", layers=())
    l1.ingest_payloads([chat("s", "user", "I live in Shanghai.", T0, "a"),
                        chat("s", "assistant", "Nice city.", T0 + 1, "b")])
    l1.close()
    engine = make_engine("bf.db", layers=("l2",))
    assert PROJECTION_QUEUE.counts(engine.db.reader())["pending"] == 1  # only the eligible event
    project(engine)
    assert engine.components["l2"].assertions(engine.components["l2"].user_id())[0].value == "shanghai"


def test_has_ready_says_what_claim_would_find(l2_engine):
    reader = l2_engine.db.reader()
    assert not PROJECTION_QUEUE.has_ready(reader, T0)
    l2_engine.ingest_payloads([chat("s", "user", "I live in Shanghai.", T0, "a")])
    due = l2_engine.db.read_value("SELECT next_attempt_at FROM l2_projection_jobs")
    assert not PROJECTION_QUEUE.has_ready(reader, due - 1)  # not yet due: claim would take nothing
    assert PROJECTION_QUEUE.has_ready(reader, due)
    with l2_engine.db.write() as conn:
        assert len(PROJECTION_QUEUE.claim(conn, due, 10)) == 1
    assert not PROJECTION_QUEUE.has_ready(reader, due)  # running: no longer ready
