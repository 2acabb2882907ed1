"""A job-queue state machine over any table with the standard job columns.

States: ``pending → running → done``, or back to ``pending`` with exponential backoff and jitter
after a failure, until ``JOB_MAX_ATTEMPTS`` is reached and the job is ``failed`` (kept, with its
last error, visible in stats and the GUI, and retryable by hand). A job left ``running`` by a
process that died is returned to ``pending`` by :meth:`JobQueue.reclaim_abandoned` — only
then: each claim records its owner (:mod:`.owners`), and a live owner's jobs stay its own.

Required columns: ``job_id INTEGER PRIMARY KEY, state, attempts, last_error, next_attempt_at,
locked_at, updated_at, owner``. The embedding, L2 projection and snapshot queues all use this class.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

import apsw

from ..db.connection import Row, placeholders, query_all
from ..policy import JOB_BACKOFF_BASE_S, JOB_BACKOFF_MAX_S, JOB_MAX_ATTEMPTS
from .owners import JobOwner, heartbeat, live_owners

PENDING, RUNNING, DONE, FAILED = "pending", "running", "done", "failed"
STATES = (PENDING, RUNNING, DONE, FAILED)


def backoff_seconds(attempts: int, *, rng: random.Random | None = None) -> float:
    """Exponential backoff with ±50 % jitter, so a burst of failures does not retry in lockstep."""
    r = rng or random
    base = min(JOB_BACKOFF_MAX_S, JOB_BACKOFF_BASE_S * (2 ** max(0, attempts - 1)))
    return base * (0.5 + r.random())


#: a job :meth:`JobQueue.claim` may take at a time (the one parameter)
_READY = "state = 'pending' AND next_attempt_at <= ?"


@dataclass(frozen=True, slots=True)
class JobQueue:
    table: str
    max_attempts: int = JOB_MAX_ATTEMPTS

    def claim(self, conn: apsw.Connection, now: float, limit: int, *,
              where: str = "", params: Sequence[Any] = (), owner: JobOwner | None = None) -> list[Row]:
        """Mark up to ``limit`` ready jobs running, owned by this process (or ``owner``), and
        return them (call inside a write)."""
        extra = f" AND ({where})" if where else ""
        rows = query_all(
            conn,
            f"SELECT * FROM {self.table} WHERE {_READY}{extra} "
            f"ORDER BY next_attempt_at, job_id LIMIT ?",
            (now, *params, limit))
        if rows:
            ids = [r["job_id"] for r in rows]
            token = heartbeat(conn, owner)
            conn.execute(
                f"UPDATE {self.table} SET state = 'running', locked_at = ?, updated_at = ?, owner = ? "
                f"WHERE job_id IN ({placeholders(len(ids))})", (now, now, token, *ids))
        return rows

    def has_ready(self, conn: apsw.Connection, now: float) -> bool:
        """Whether :meth:`claim` would find a job at ``now`` (read on any connection: a caller
        that takes the write lock only when there is work)."""
        return conn.execute(f"SELECT 1 FROM {self.table} WHERE {_READY} LIMIT 1", (now,)).fetchone() is not None

    def complete(self, conn: apsw.Connection, job_ids: Sequence[int], now: float) -> None:
        if job_ids:
            conn.execute(
                f"UPDATE {self.table} SET state = 'done', locked_at = NULL, owner = NULL, last_error = NULL, "
                f"updated_at = ? WHERE job_id IN ({placeholders(len(job_ids))})", (now, *job_ids))

    def fail(self, conn: apsw.Connection, job_ids: Sequence[int], error: str, now: float,
             *, permanent: bool = False) -> dict[int, str]:
        """Record a failure; returns the new state per job (pending with backoff, or failed)."""
        out: dict[int, str] = {}
        for job_id in job_ids:
            row = conn.execute(f"SELECT attempts FROM {self.table} WHERE job_id = ?",
                               (job_id,)).fetchone()
            if row is None:
                continue
            attempts = int(row[0]) + 1
            if permanent or attempts >= self.max_attempts:
                state, next_at = FAILED, now
            else:
                state, next_at = PENDING, now + backoff_seconds(attempts)
            conn.execute(
                f"UPDATE {self.table} SET state = ?, attempts = ?, last_error = ?, "
                f"next_attempt_at = ?, locked_at = NULL, owner = NULL, updated_at = ? WHERE job_id = ?",
                (state, attempts, error[:2000], next_at, now, job_id))
            out[job_id] = state
        return out

    def release(self, conn: apsw.Connection, job_ids: Sequence[int], now: float) -> None:
        """Give claimed jobs back untouched (worker stopping, or nothing to do yet)."""
        if job_ids:
            conn.execute(
                f"UPDATE {self.table} SET state = 'pending', locked_at = NULL, owner = NULL, updated_at = ? "
                f"WHERE job_id IN ({placeholders(len(job_ids))}) AND state = 'running'",
                (now, *job_ids))

    def reclaim_abandoned(self, conn: apsw.Connection, now: float, live: set[str] | None = None) -> int:
        """Return running jobs whose owner is gone to 'pending' (``live``: the owners still
        alive, computed once by the caller for several queues). A job without an owner was
        claimed before owners were recorded, by a process that is gone."""
        live = live_owners(conn) if live is None else live
        rows = [r[0] for r in conn.execute(f"SELECT job_id, owner FROM {self.table} WHERE state = 'running'")
                if r[1] is None or r[1] not in live]
        for i in range(0, len(rows), 500):
            part = rows[i:i + 500]
            conn.execute(
                f"UPDATE {self.table} SET state = 'pending', locked_at = NULL, owner = NULL, updated_at = ?, "
                f"last_error = coalesce(last_error, 'recovered after interruption') "
                f"WHERE job_id IN ({placeholders(len(part))}) AND state = 'running'", (now, *part))
        return len(rows)

    def release_owned(self, conn: apsw.Connection, owner_token: str, now: float) -> int:
        """Give back every job this owner still holds (its engine is closing)."""
        conn.execute(f"UPDATE {self.table} SET state = 'pending', locked_at = NULL, owner = NULL, updated_at = ? "
                     f"WHERE state = 'running' AND owner = ?", (now, owner_token))
        return conn.changes()

    def retry_failed(self, conn: apsw.Connection, now: float) -> int:
        conn.execute(
            f"UPDATE {self.table} SET state = 'pending', attempts = 0, next_attempt_at = ?, "
            f"updated_at = ? WHERE state = 'failed'", (now, now))
        return conn.changes()

    def counts(self, conn: apsw.Connection) -> dict[str, int]:
        out = {s: 0 for s in STATES}
        for state, n in conn.execute(f"SELECT state, count(*) FROM {self.table} GROUP BY state"):
            out[state] = n
        return out

    def failures(self, conn: apsw.Connection, limit: int = 50) -> list[Row]:
        return query_all(conn, f"SELECT * FROM {self.table} WHERE state = 'failed' "
                               f"ORDER BY updated_at DESC LIMIT ?", (limit,))
