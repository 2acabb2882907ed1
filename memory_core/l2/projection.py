"""The L2 projection queue: ingest hook (enqueue) and background worker (micro-batches).

The hook runs inside the L1 write transaction and only enqueues: fact_authoritative,
cognition-eligible events get one ``l2_projection_jobs`` row keyed by ``session_id`` or the
plugin's ``l2_batch_owner``. The worker claims the oldest ready batch key's jobs (up to
``L2_BATCH_MAX_EVENTS``), builds the Phase 1 context, runs Phase 1 → resolution → Phase 2 →
arbitration on reader connections and the LLM (outside any transaction), then applies the plan
and completes the jobs in *one* write transaction. A crash leaves the jobs ``running`` with no
partial writes; start-up returns them to ``pending`` (``JobQueue.recover_stuck``).
Provider failures follow the queue's retry/backoff and end ``failed`` with the error (visible
in stats, the CLI and the GUI); L1 is never touched.
"""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING, Any, Sequence

import apsw

from ..events.model import MemoryEvent
from ..jobs.queue import JobQueue
from ..policy import (L2_BATCH_MAX_EVENTS, L2_BATCHES_PER_RUN, L2_OFFLINE_RUN_MAX_EVENTS, L2_OFFLINE_RUN_MAX_S,
                      L2_SNAPSHOT_MAX_DELAY_S, RetrievalScope, Tier)
from ..providers.chat import ProviderError
from .catalog import ensure_user_entity, user_entity_id
from .context import build_context, load_batch
from .episodes import assign_batch
from .extract import chat_available, run_phase1
from .reconcile import ApplyReport, apply_plan

if TYPE_CHECKING:
    from .service import L2Service

log = logging.getLogger(__name__)

PROJECTION_QUEUE = JobQueue("l2_projection_jobs")
#: the batch key to project next: the oldest ready job's
_HEAD = ("SELECT batch_key FROM l2_projection_jobs WHERE state = 'pending' AND next_attempt_at <= ? "
         "ORDER BY next_attempt_at, occurred_at, job_id LIMIT 1")


def _claim_next(conn: apsw.Connection, now: float) -> list[dict[str, Any]]:
    """Claim the next batch on ``conn`` (inside the caller's write transaction): the jobs of the
    oldest ready batch key, at most ``L2_BATCH_MAX_EVENTS``. The per-batch path and the offline
    run both claim through here, so an offline run's batches are exactly the ones the per-batch
    path would have taken next. Empty when nothing is ready."""
    head = conn.execute(_HEAD, (now,)).fetchone()
    if head is None:
        return []
    return PROJECTION_QUEUE.claim(conn, now, L2_BATCH_MAX_EVENTS, where="batch_key = ?", params=(head[0],))


SNAPSHOT_QUEUE = JobQueue("l2_snapshot_jobs")


def batch_key_of(ev: MemoryEvent | dict[str, Any]) -> str:
    get = ev.get if isinstance(ev, dict) else (lambda k: getattr(ev, k))
    return get("session_id") or get("l2_batch_owner") or f"source:{get('source')}"


def eligible(ev: MemoryEvent) -> bool:
    return bool(ev.cognition_eligible) and ev.l1_retrieval_scope is RetrievalScope.FACT_AUTHORITATIVE


class ProjectionHook:
    name = "l2_projection"

    def __init__(self, clock: Any = None) -> None:
        self.clock = clock

    def on_inserted(self, conn: apsw.Connection, events: Sequence[MemoryEvent]) -> None:
        rows = [(ev.event_id, ev.seq, batch_key_of(ev), ev.occurred_at) for ev in events if eligible(ev)]
        if rows:
            now = self.clock.now() if self.clock is not None else time.time()
            conn.executemany(
                "INSERT INTO l2_projection_jobs(event_id, event_seq, batch_key, occurred_at, created_at, updated_at) "
                "VALUES (?,?,?,?,?,?) ON CONFLICT(event_id) DO NOTHING",
                [(a, b, c, d, now, now) for a, b, c, d in rows])


def backfill(conn: apsw.Connection, now: float) -> int:
    """Enqueue eligible events that have no projection job (L2 enabled on an existing store)."""
    conn.execute(
        "INSERT OR IGNORE INTO l2_projection_jobs(event_id, event_seq, batch_key, occurred_at, created_at, updated_at) "
        "SELECT e.event_id, e.seq, coalesce(e.session_id, e.l2_batch_owner, 'source:' || e.source), e.occurred_at, ?, ? "
        "FROM fact_events e WHERE e.cognition_eligible = 1 AND e.l1_retrieval_scope = 'fact_authoritative' "
        "AND NOT EXISTS (SELECT 1 FROM l2_projection_jobs j WHERE j.event_id = e.event_id)", (now, now))
    return conn.changes()


def projection_backlog(conn: apsw.Connection) -> bool:
    """Whether projection jobs are still waiting or in flight (failed ones do not count)."""
    return conn.execute("SELECT 1 FROM l2_projection_jobs WHERE state IN ('pending', 'running') "
                        "LIMIT 1").fetchone() is not None


def projection_watermark(conn: apsw.Connection) -> float | None:
    """The event time of the oldest event still waiting for (or in) projection; None when none
    is. Time-based L2 upkeep (the expiry of short-term traits) runs as of this moment at the
    latest: an event told before it may still corroborate what would otherwise be ended."""
    row = conn.execute("SELECT min(occurred_at) FROM l2_projection_jobs "
                       "WHERE state IN ('pending', 'running')").fetchone()
    return None if row is None or row[0] is None else float(row[0])


class ProjectionWorker:
    name = "l2_projection"
    idle_interval_s = 2.0

    def __init__(self, service: "L2Service") -> None:
        self.svc = service

    def run_once(self) -> int:
        if self.offline():
            return self.run_offline()
        return self.run_batches(L2_BATCHES_PER_RUN)

    def run_batches(self, limit: int) -> int:
        """Up to ``limit`` micro-batches, each claimed, planned and committed on its own."""
        done = 0
        for _ in range(limit):
            n = self.run_batch()
            if not n:
                break
            done += n
        return done

    def offline(self) -> bool:
        """Whether projecting a batch can call nothing slow or remote: no LLM tier the planner
        uses (Phase 1/2 and disambiguation on FAST_CLASSIFY, arbitration on CORE_REASONING) and
        an embedder that is not a network call. Only then may batches run inside a write
        transaction (:meth:`run_offline`)."""
        svc = self.svc
        return (not chat_available(svc.chat, Tier.FAST_CLASSIFY) and not chat_available(svc.chat, Tier.CORE_REASONING)
                and not getattr(svc.embedder, "uses_network", True))

    def run_offline(self) -> int:
        """Micro-batches of any sessions and sources in one write transaction.

        Each batch is exactly what :meth:`run_batch` would claim next (the oldest ready key's
        first ``L2_BATCH_MAX_EVENTS`` jobs, claimed in the same transaction) and is planned on
        the writer's connection, so it sees every earlier batch's rows as it would after their
        commits: the same contexts, resolutions, supersessions and episodes, batch for batch.
        What is shared is the overhead: one claim-and-commit per run instead of per batch, and
        the other workers run once per ``L2_OFFLINE_RUN_MAX_EVENTS`` instead of per 64 events.
        The observers (L3's insight bridge) are notified after each batch *inside* the
        transaction: they read the state that batch left, as they would after its commit (a
        trend insight is written per milestone of its count: notified once per run, a trend
        crossing two milestones in one run skipped a row), and their writes commit or roll back
        with the batches that caused them.

        A batch that raises rolls the whole run back (its jobs were claimed in the same
        transaction: they are pending again, nothing half-written); the batches before it and
        the failing one are then run one transaction each by :meth:`run_batches`, which records
        the failure on that batch alone, as the per-batch path always did."""
        svc = self.svc
        db = svc.db
        if db.reader().execute(_HEAD, (svc.clock.now(),)).fetchone() is None:
            return 0
        batches = done = 0
        try:
            with svc.lock, db.write() as conn:
                t0 = time.monotonic()
                while done < L2_OFFLINE_RUN_MAX_EVENTS and time.monotonic() - t0 < L2_OFFLINE_RUN_MAX_S:
                    jobs = _claim_next(conn, svc.clock.now())
                    if not jobs:
                        break
                    report = self._project_on(conn, jobs[0]["batch_key"], [j["event_id"] for j in jobs],
                                              [j["job_id"] for j in jobs])
                    # the observers (L3's insight bridge) see this batch's state, as after its
                    # own commit; their writes join this transaction (a savepoint each)
                    svc.notify(report.changes)
                    batches += 1
                    done += len(jobs)
        except Exception:  # noqa: BLE001 - rolled back; the per-batch path isolates the failure
            log.warning("offline L2 run failed at its batch %d; retrying batch by batch", batches + 1,
                        exc_info=True)
            # the resolver's session cache may name entities the rolled-back batches created:
            # harmless, a cached id is used only while it is live (Resolver.resolve)
            return self.run_batches(batches + 1)
        return done

    def claim(self) -> list[dict[str, Any]]:
        db, now = self.svc.db, self.svc.clock.now()
        # nothing ready (the queue drained, or backing off): say so from a reader. The worker is
        # asked every round while the other layers finish, and each empty claim was a write
        # transaction of its own
        if db.reader().execute(_HEAD, (now,)).fetchone() is None:
            return []
        with db.write() as conn:
            return _claim_next(conn, now)

    def run_batch(self) -> int:
        jobs = self.claim()
        if not jobs:
            return 0
        svc = self.svc
        job_ids = [j["job_id"] for j in jobs]
        batch_key = jobs[0]["batch_key"]
        try:
            with svc.lock:
                report = self.project(batch_key, [j["event_id"] for j in jobs], job_ids)
        except ProviderError as exc:
            with svc.db.write() as conn:
                states = PROJECTION_QUEUE.fail(conn, job_ids, f"{type(exc).__name__}: {exc}", svc.clock.now())
            log.warning("L2 projection of %s failed (%s): %s", batch_key, set(states.values()), exc)
            return len(jobs)
        except Exception as exc:  # noqa: BLE001 - a bug in one batch must not stop the worker
            log.exception("L2 projection of %s crashed", batch_key)
            with svc.db.write() as conn:
                PROJECTION_QUEUE.fail(conn, job_ids, f"{type(exc).__name__}: {exc}", svc.clock.now())
            return len(jobs)
        svc.notify(report.changes)
        return len(jobs)

    def project(self, batch_key: str, event_ids: list[str], job_ids: list[int]) -> ApplyReport:
        """One batch: planned on a reader (an LLM may be called), applied in its own write."""
        svc = self.svc
        prepared = self._prepare(svc.db.reader(), batch_key, event_ids)
        if prepared is None:  # every event deleted meanwhile
            with svc.db.write() as conn:
                PROJECTION_QUEUE.complete(conn, job_ids, svc.clock.now())
            return ApplyReport()
        with svc.db.write() as conn:
            return self._apply(conn, batch_key, event_ids, job_ids, prepared)

    def _project_on(self, conn: apsw.Connection, batch_key: str, event_ids: list[str],
                    job_ids: list[int]) -> ApplyReport:
        """One batch planned and applied on the writer's connection (inside its transaction)."""
        prepared = self._prepare(conn, batch_key, event_ids)
        if prepared is None:
            PROJECTION_QUEUE.complete(conn, job_ids, self.svc.clock.now())
            return ApplyReport()
        return self._apply(conn, batch_key, event_ids, job_ids, prepared)

    def _prepare(self, reader: apsw.Connection, batch_key: str, event_ids: list[str]) -> tuple[Any, ...] | None:
        """Context, Phase 1 and the plan of a batch (reads only); None when no event is left."""
        svc = self.svc
        batch = load_batch(reader, event_ids)
        if not batch:
            return None
        now = svc.clock.now()
        # providers may be swapped at run time (settings panel, tests): read them per batch
        svc.planner.chat = svc.resolver.chat = svc.chat
        svc.resolver.embedder, svc.resolver.space_id = svc.embedder, svc.space_id
        ctx = build_context(reader, batch, embedder=svc.embedder, space_id=svc.space_id,
                            prompt_context=chat_available(svc.chat, Tier.FAST_CLASSIFY))
        phase1 = run_phase1(ctx, svc.chat)
        uid = user_entity_id(batch[0]["user_id"])
        plan = svc.planner.plan(reader, batch, phase1.output, batch_key=batch_key, user_entity_id=uid,
                                now=now)
        plan.dropped = phase1.dropped + plan.dropped
        if phase1.producer != "rule":
            plan.count_call("phase1")
        return batch, ctx, phase1, plan, uid

    def _apply(self, conn: apsw.Connection, batch_key: str, event_ids: list[str], job_ids: list[int],
               prepared: tuple[Any, ...]) -> ApplyReport:
        svc = self.svc
        batch, ctx, phase1, plan, uid = prepared
        now = svc.clock.now()
        ensure_user_entity(conn, now, batch[0]["user_id"])
        report = apply_plan(conn, plan, now=now, enqueue_vectors=svc.enqueue_vectors)
        live_batch = [r for r in batch if conn.execute("SELECT 1 FROM fact_events WHERE event_id = ?",
                                                       (r["event_id"],)).fetchall()]
        assign_batch(conn, live_batch, sorted(report.touched_entities - {uid}), batch_key, now)
        conn.execute("INSERT INTO l2_batch_log(batch_key, event_ids, producer, phase1_json, phase2_json, "
                     "report_json, created_at) VALUES (?,?,?,?,?,?,?)",
                     (batch_key, json.dumps(event_ids), phase1.producer,
                      json.dumps({**phase1.output.to_json(), "context": ctx.to_json()}, ensure_ascii=False),
                      json.dumps(plan.phase2, ensure_ascii=False, default=str),
                      json.dumps({**report.to_json(), "llm_calls": plan.llm_calls}, ensure_ascii=False,
                                 default=str), now))
        batch_id = conn.last_insert_rowid()
        conn.executemany("INSERT OR IGNORE INTO l2_batch_events(batch_id, event_id) VALUES (?,?)",
                         [(batch_id, e) for e in event_ids])
        PROJECTION_QUEUE.complete(conn, job_ids, now)
        return report


class SnapshotWorker:
    name = "l2_snapshots"
    idle_interval_s = 5.0

    def __init__(self, service: "L2Service") -> None:
        self.svc = service

    def _deferred(self, now: float) -> bool:
        """A profile is rebuilt from all of an entity's live rows, and the user's entity is
        touched by nearly every batch: refreshed after each one, the user's profile was rebuilt
        16k times over a 20k-event import (14 % of it, growing with the graph). Jobs are one row
        per entity, so waiting until the projection queue drains turns those into one refresh
        each; a snapshot job is never held longer than L2_SNAPSHOT_MAX_DELAY_S (a steady stream
        of events in the app)."""
        reader = self.svc.db.reader()
        if not projection_backlog(reader):
            return False
        oldest = reader.execute("SELECT min(updated_at) FROM l2_snapshot_jobs WHERE state = 'pending'").fetchone()[0]
        return oldest is not None and now - float(oldest) < L2_SNAPSHOT_MAX_DELAY_S

    def run_once(self) -> int:
        from .snapshots import refresh

        now = self.svc.clock.now()
        if self._deferred(now):
            return 0
        if self.svc.db.reader().execute("SELECT 1 FROM l2_snapshot_jobs WHERE state = 'pending' AND "
                                        "next_attempt_at <= ? LIMIT 1", (now,)).fetchone() is None:
            return 0  # nothing to refresh: no write transaction
        with self.svc.db.write() as conn:
            jobs = SNAPSHOT_QUEUE.claim(conn, now, 50)
            for j in jobs:
                refresh(conn, j["entity_id"], now)
            SNAPSHOT_QUEUE.complete(conn, [j["job_id"] for j in jobs], now)
        return len(jobs)
