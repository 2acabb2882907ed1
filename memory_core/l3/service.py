"""``engine.components["l3"]``: summaries for the GUI, the CLI and the agent.

Listing and reading summaries, the drill-down from a summary to its L1 events, producing a
summary on demand ("summarise the last week now"), retrying failed jobs, and the L2 observer
(:attr:`bridge`) that turns reconcile decisions into insights.
"""

from __future__ import annotations

from typing import Any

import apsw

from ..clock import Clock
from ..db.connection import Database, query_all
from ..events.model import StoredEvent
from ..policy import SUMMARY_TYPES, SUMMARY_WINDOWS_S
from .l2_bridge import InsightBridge
from .records import Summary
from .scheduler import SummaryScheduler
from .store import get_summary
from .worker import SUMMARY_QUEUE, SummaryWorker, enqueue_window


class L3Service:
    def __init__(self, engine: Any, scheduler: SummaryScheduler, worker: SummaryWorker,
                 bridge: InsightBridge) -> None:
        self.engine = engine
        self.db: Database = engine.db
        self.clock: Clock = engine.clock
        self.scheduler = scheduler
        self.worker = worker
        self.bridge = bridge

    # -- reading -------------------------------------------------------------------------------

    def list_summaries(self, *, summary_type: str | None = None, granularity: str | None = None,
                       category: str | None = None, since: float | None = None,
                       until: float | None = None, limit: int = 100, offset: int = 0) -> list[Summary]:
        if summary_type is not None and summary_type not in SUMMARY_TYPES:
            raise ValueError(f"summary_type: expected one of {', '.join(SUMMARY_TYPES)}, got {summary_type!r}")
        if granularity is not None and granularity not in SUMMARY_WINDOWS_S:
            raise ValueError(f"granularity: expected one of {', '.join(SUMMARY_WINDOWS_S)}, got {granularity!r}")
        where, params = [], []
        for col, v in (("summary_type", summary_type), ("granularity", granularity),
                       ("summary_category", category)):
            if v is not None:
                where.append(f"{col} = ?")
                params.append(v)
        if since is not None:
            where.append("coalesce(window_end, created_at) >= ?")
            params.append(since)
        if until is not None:
            where.append("coalesce(window_start, created_at) < ?")
            params.append(until)
        sql = ("SELECT * FROM summaries" + (" WHERE " + " AND ".join(where) if where else "")
               + " ORDER BY coalesce(window_end, created_at) DESC, seq DESC LIMIT ? OFFSET ?")
        return [Summary.from_row(r) for r in self.db.read_all(sql, (*params, limit, offset))]

    def get(self, summary_id: str) -> Summary | None:
        return get_summary(self.db.reader(), summary_id)

    def drill_down(self, summary_id: str, limit: int | None = None) -> list[StoredEvent]:
        """The L1 events a summary was built from, in time order."""
        s = self.get(summary_id)
        if s is None:
            raise KeyError(f"summary_id: no summary {summary_id!r}")
        ids = list(s.source_event_ids)[: limit or None]
        events = self.engine.l1.get_many(ids)
        return sorted(events, key=lambda e: (e.occurred_at, e.seq))

    def summaries_citing(self, event_id: str) -> list[Summary]:
        rows = self.db.read_all("SELECT s.* FROM summaries s JOIN summary_event_links l ON "
                                "l.summary_id = s.summary_id WHERE l.event_id = ? ORDER BY s.seq",
                                (event_id,))
        return [Summary.from_row(r) for r in rows]

    def jobs(self, state: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        if state:
            return self.db.read_all("SELECT * FROM summary_jobs WHERE state = ? ORDER BY updated_at DESC "
                                    "LIMIT ?", (state, limit))
        return self.db.read_all("SELECT * FROM summary_jobs ORDER BY updated_at DESC LIMIT ?", (limit,))

    # -- producing -----------------------------------------------------------------------------

    def summarize_now(self, granularity: str, *, now: float | None = None,
                      run: bool = True) -> dict[str, Any]:
        """Summarise ``[now - N, now)`` immediately (CLI ``summarize --now``)."""
        if granularity not in SUMMARY_WINDOWS_S:
            raise ValueError(f"granularity: expected one of {', '.join(SUMMARY_WINDOWS_S)}, got {granularity!r}")
        end = self.clock.now() if now is None else float(now)
        start = end - SUMMARY_WINDOWS_S[granularity]
        with self.db.write() as conn:
            job_id = enqueue_window(conn, granularity, start, end, "manual", self.clock.now())
        if run:
            self.run_job(job_id)
        job = self.db.read_one("SELECT * FROM summary_jobs WHERE job_id = ?", (job_id,))
        produced = self.list_summaries(granularity=granularity, since=end, until=end + 1e-6)
        return {"job": job, "summaries": [s.to_json() for s in produced
                                          if s.window_start == start and s.window_end == end]}

    def run_job(self, job_id: int) -> None:
        """Run the worker until this job is no longer pending-and-ready (done, failed, or
        waiting for its backoff)."""
        for _ in range(100):
            row = self.db.read_one("SELECT state, next_attempt_at FROM summary_jobs WHERE job_id = ?",
                                   (job_id,))
            if row is None or row["state"] in ("done", "failed") or row["next_attempt_at"] > self.clock.now():
                return
            if not self.worker.run_once():
                return

    def retry_failed(self) -> int:
        with self.db.write() as conn:
            return SUMMARY_QUEUE.retry_failed(conn, self.clock.now())

    def schedule(self) -> dict[str, Any]:
        rows = dict(self.db.reader().execute(
            "SELECT granularity, last_window_end FROM summary_schedule").fetchall())
        return {g: {"period_s": p, "last_window_end": rows.get(g),
                    "next_due_at": (rows[g] + p) if g in rows else None,
                    "skipped_since_start": self.scheduler.skipped.get(g, 0)}
                for g, p in SUMMARY_WINDOWS_S.items()}

    # -- stats ---------------------------------------------------------------------------------

    def stats(self, conn: apsw.Connection) -> dict[str, Any]:
        by_type = dict(conn.execute("SELECT summary_type, count(*) FROM summaries GROUP BY 1").fetchall())
        by_gran = dict(conn.execute("SELECT granularity, count(*) FROM summaries WHERE granularity "
                                    "IS NOT NULL GROUP BY 1").fetchall())
        by_status = dict(conn.execute("SELECT status, count(*) FROM summaries GROUP BY 1").fetchall())
        by_producer = dict(conn.execute("SELECT producer, count(*) FROM summaries GROUP BY 1").fetchall())
        return {"l3": {
            "summaries": sum(by_type.values()), "by_type": by_type, "by_granularity": by_gran,
            "by_status": by_status, "by_producer": by_producer,
            "links": conn.execute("SELECT count(*) FROM summary_event_links").fetchone()[0],
            "jobs": SUMMARY_QUEUE.counts(conn),
            "failed_jobs": [{"job_id": r["job_id"], "kind": r["kind"], "granularity": r["granularity"],
                             "last_error": r["last_error"]} for r in query_all(
                conn, "SELECT * FROM summary_jobs WHERE state = 'failed' ORDER BY updated_at DESC LIMIT 5")],
            "insight_bridge": {"written": self.bridge.written, "errors": self.bridge.errors,
                               "last_error": self.bridge.last_error},
        }}
