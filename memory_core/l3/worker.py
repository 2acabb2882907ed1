"""The L3 job worker: window summaries, rebuilds after deletion, task reflections.

A job reads its events on this thread's read connection, calls the provider (if any) with no
transaction open, then writes the summaries, links and index rows in one short write
transaction. A provider failure moves the job through the shared backoff state machine and
ends as a visible ``failed`` job; nothing of L1 is touched. With no MEMORY_SUMMARIZER provider
the extractive summariser runs instead and says so.
"""

from __future__ import annotations

import contextlib
import logging
import time
from typing import Any, Callable, ContextManager

import apsw

from ..clock import Clock
from ..db.connection import Database, placeholders, query_all, query_one
from ..jobs.queue import JobQueue
from ..policy import L3_OFFLINE_RUN_MAX_JOBS, L3_OFFLINE_RUN_MAX_S, TASK_REFLECTION_EVENTS, Tier
from ..providers.chat import AuthError, NotConfigured
from .insights import task_reflection
from .records import SummaryDraft, WindowEvent
from .store import (EVENT_COLUMNS, Embed, delete_summary, get_summary, load_window_events,
                    write_summary)
from .summarize import WindowSpec, extractive_draft, llm_draft, plan_window

log = logging.getLogger(__name__)

SUMMARY_QUEUE = JobQueue("summary_jobs")


def related_events(conn: apsw.Connection, session_id: str, until: float,
                   limit: int = TASK_REFLECTION_EVENTS) -> list[WindowEvent]:
    """The last ``limit`` events of a chat session up to ``until`` (its messages and tool runs)."""
    rows = query_all(
        conn, f"SELECT {EVENT_COLUMNS} FROM fact_events WHERE session_id = ? AND occurred_at <= ? AND "
              f"event_type IN ('CHAT_MESSAGE', 'ACTION_EXECUTED') AND l1_retrieval_scope IN "
              f"('fact_authoritative', 'conversation_only') ORDER BY occurred_at DESC, seq DESC LIMIT ?",
        (session_id, until, limit))
    out = [WindowEvent.from_row(r) for r in rows]
    return sorted(out, key=lambda e: (e.occurred_at, e.seq))


class SummaryWorker:
    name = "l3_summaries"
    idle_interval_s = 10.0

    def __init__(self, db: Database, clock: Clock, providers: Any, embed: Embed | None) -> None:
        self.db = db
        self.clock = clock
        self.providers = providers
        self.embed = embed

    # -- provider --------------------------------------------------------------------------------

    def chat(self) -> Any:
        chat = getattr(self.providers, "chat", None)
        if chat is None:
            return None
        try:
            return chat if chat.available(Tier.MEMORY_SUMMARIZER) else None
        except Exception:  # noqa: BLE001 - a broken router is an offline router here
            log.exception("chat.available failed")
            return None

    def produce(self, spec: WindowSpec, plans: list) -> list[SummaryDraft]:
        chat = self.chat()
        drafts = []
        for plan in plans:
            if chat is None:
                drafts.append(extractive_draft(spec, plan))
                continue
            try:
                drafts.append(llm_draft(spec, plan, chat))
            except NotConfigured:
                drafts.append(extractive_draft(spec, plan))
        return drafts

    # -- the job loop ----------------------------------------------------------------------------

    def run_once(self) -> int:
        """One job with a summarizer model (each may take seconds); offline, jobs until
        ``L3_OFFLINE_RUN_MAX_JOBS`` or ``L3_OFFLINE_RUN_MAX_S``. An extractive job takes ~1 ms,
        and one per call made every other worker's idle check run once per summary job: a
        20k-event import drained in 3,330 rounds of every worker for 3,328 task reflections."""
        if self.chat() is not None:
            return self._run_one()
        return self._run_offline()

    def _run_offline(self) -> int:
        """Offline jobs in *one* write transaction: each claimed, handled and completed on the
        writer's connection, so it reads what the jobs before it wrote, as it would after their
        commits. Two commits per job (claim, write) were 6.7k of the 7.5k commits of a 20k-event
        drain. A job that raises rolls the whole run back (claims included: nothing
        half-written, the jobs pending again); the jobs up to the failing one are then run one
        transaction each by :meth:`_run_jobs`, which records the failure on that job alone."""
        if not self._ready():
            return 0  # nothing to do: no write transaction
        done, t0 = 0, time.monotonic()
        try:
            with self.db.write() as conn:
                while done < L3_OFFLINE_RUN_MAX_JOBS and time.monotonic() - t0 < L3_OFFLINE_RUN_MAX_S:
                    jobs = SUMMARY_QUEUE.claim(conn, self.clock.now(), 1)
                    if not jobs:
                        break
                    self._handler(jobs[0])(jobs[0], conn)
                    done += 1
        except Exception:  # noqa: BLE001 - rolled back; the per-job path isolates the failure
            log.warning("offline L3 run failed at its job %d; retrying job by job", done + 1, exc_info=True)
            return self._run_jobs(done + 1)
        return done

    def _run_jobs(self, limit: int) -> int:
        """Up to ``limit`` jobs, each claimed and written in transactions of its own."""
        done = 0
        while done < limit and self._run_one():
            done += 1
        return done

    def _ready(self) -> bool:
        """Whether a job is ready to claim (the claim's own condition, read on a reader)."""
        return SUMMARY_QUEUE.has_ready(self.db.reader(), self.clock.now())

    def _handler(self, job: dict[str, Any]) -> Callable[[dict[str, Any], apsw.Connection | None], None]:
        return {"window": self._window, "rebuild": self._rebuild,
                "task_reflection": self._reflection}.get(job["kind"], self._unknown)

    def _run_one(self) -> int:
        now = self.clock.now()
        with self.db.write() as conn:
            jobs = SUMMARY_QUEUE.claim(conn, now, 1)
        if not jobs:
            return 0
        job = jobs[0]
        try:
            self._handler(job)(job, None)
        except Exception as exc:  # noqa: BLE001 - provider / parse failure: backoff, then failed
            log.warning("summary job %s (%s) failed: %s", job["job_id"], job["kind"], exc)
            with self.db.write() as conn:
                SUMMARY_QUEUE.fail(conn, [job["job_id"]], f"{type(exc).__name__}: {exc}",
                                   self.clock.now(), permanent=isinstance(exc, AuthError))
        return 1

    def _reading(self, conn: apsw.Connection | None) -> apsw.Connection:
        """Where a job reads: the offline run's writer (it sees the run's earlier jobs), else
        this thread's reader (it sees the commits of the earlier jobs)."""
        return conn if conn is not None else self.db.reader()

    def _writing(self, conn: apsw.Connection | None) -> ContextManager[apsw.Connection]:
        """Where a job writes: inside the offline run's transaction, else a transaction of its own."""
        return contextlib.nullcontext(conn) if conn is not None else self.db.write()

    def _unknown(self, job: dict[str, Any], conn: apsw.Connection | None = None) -> None:
        raise ValueError(f"unknown summary job kind {job['kind']!r}")

    def _write(self, drafts: list[SummaryDraft], job_id: int, into: apsw.Connection | None = None) -> list[str]:
        ids = []
        with self._writing(into) as conn:
            for d in drafts:
                d = self._guard_deleted(conn, d)
                if d is not None:
                    ids.append(write_summary(conn, d, self.clock.now(), self.embed))
            SUMMARY_QUEUE.complete(conn, [job_id], self.clock.now())
        return ids

    def _guard_deleted(self, conn: apsw.Connection, d: SummaryDraft) -> SummaryDraft | None:
        """Events deleted while the model was writing: never store text built from them. The
        draft is rebuilt extractively from what is left and marked stale (a rebuild follows)."""
        ids = d.source_event_ids
        if not ids:
            return d
        present = {r[0] for part in range(0, len(ids), 400) for r in conn.execute(
            f"SELECT event_id FROM fact_events WHERE event_id IN ({placeholders(len(ids[part:part + 400]))})",
            ids[part:part + 400])}
        if len(present) == len(ids):
            return d
        if d.summary_type not in ("temporal", "thematic") or d.window_start is None or d.window_end is None:
            return None
        spec = WindowSpec(d.granularity, d.window_start, d.window_end, d.trigger)
        events = load_window_events(conn, d.window_start, d.window_end)
        plans = plan_window(spec, events, only=(d.summary_type, d.summary_category))
        if not plans:
            return None
        redone = extractive_draft(spec, plans[0])
        redone.status = "stale" if d.producer != "extractive" else "active"
        return redone

    def _window(self, job: dict[str, Any], into: apsw.Connection | None = None) -> None:
        spec = WindowSpec(job["granularity"], job["window_start"], job["window_end"], job["trigger"])
        events = load_window_events(self._reading(into), spec.start, spec.end)
        drafts = self.produce(spec, plan_window(spec, events))
        self._write(drafts, job["job_id"], into)

    def _rebuild(self, job: dict[str, Any], into: apsw.Connection | None = None) -> None:
        summary = get_summary(self._reading(into), job["summary_id"])
        if summary is None or summary.window_start is None or summary.window_end is None:
            with self._writing(into) as conn:
                SUMMARY_QUEUE.complete(conn, [job["job_id"]], self.clock.now())
            return
        spec = WindowSpec(summary.granularity, summary.window_start, summary.window_end, "rebuild")
        events = load_window_events(self._reading(into), spec.start, spec.end)
        plans = plan_window(spec, events, only=(summary.summary_type, summary.summary_category))
        if not plans:
            with self._writing(into) as conn:
                delete_summary(conn, summary.seq, summary.summary_id)
                SUMMARY_QUEUE.complete(conn, [job["job_id"]], self.clock.now())
            return
        drafts = self.produce(spec, plans)
        for d in drafts:
            d.dedup_key = summary.dedup_key or d.dedup_key
        self._write(drafts, job["job_id"], into)

    def _reflection(self, job: dict[str, Any], into: apsw.Connection | None = None) -> None:
        reader = self._reading(into)
        anchor = query_one(reader, "SELECT occurred_at, session_id FROM fact_events "
                                   "WHERE event_id = ?", (job["anchor_event_id"],))
        draft = None
        if anchor is not None and anchor["session_id"]:
            events = related_events(reader, anchor["session_id"], anchor["occurred_at"])
            draft = task_reflection(events, session_id=anchor["session_id"],
                                    anchor_event_id=job["anchor_event_id"])
        self._write([draft] if draft else [], job["job_id"], into)


def enqueue_rebuild(conn: apsw.Connection, summary_id: str, now: float) -> None:
    conn.execute(
        "INSERT INTO summary_jobs(kind, summary_id, trigger, dedup_key, created_at, updated_at) "
        "VALUES ('rebuild', ?, 'deletion', ?, ?, ?) ON CONFLICT(dedup_key) DO UPDATE SET "
        "state = 'pending', attempts = 0, next_attempt_at = 0, last_error = NULL, "
        "updated_at = excluded.updated_at", (summary_id, f"rebuild:{summary_id}", now, now))


def enqueue_window(conn: apsw.Connection, granularity: str | None, start: float, end: float,
                   trigger: str, now: float) -> int:
    conn.execute(
        "INSERT INTO summary_jobs(kind, granularity, window_start, window_end, trigger, dedup_key, "
        "created_at, updated_at) VALUES ('window',?,?,?,?,?,?,?) ON CONFLICT(dedup_key) DO UPDATE SET "
        "state = 'pending', attempts = 0, next_attempt_at = 0, last_error = NULL, "
        "updated_at = excluded.updated_at",
        (granularity, start, end, trigger, f"{trigger}:{granularity}:{start:.3f}:{end:.3f}", now, now))
    return int(conn.execute("SELECT job_id FROM summary_jobs WHERE dedup_key = ?",
                            (f"{trigger}:{granularity}:{start:.3f}:{end:.3f}",)).fetchone()[0])


__all__ = ["SUMMARY_QUEUE", "SummaryWorker", "enqueue_rebuild", "enqueue_window", "related_events"]
