"""The L3 scheduler: independent hour / day / week / month loops over sliding windows.

One worker, four loops: on every tick each granularity asks :func:`~.windows.due_windows`
which of its windows have closed since it last ran, queues a summary job for each non-empty
one, and records how far it got in ``summary_schedule`` — in the same transaction as the jobs.
That row is what makes catch-up exact: after the app was closed, the next start resumes from
it, so a missed window is produced once (the job's unique ``dedup_key`` guards the rest), and a
window already produced is never produced again.

Time comes from ``engine.clock`` (a FakeClock in tests steps a simulated week in seconds).
"""

from __future__ import annotations

import logging
from collections import Counter
from datetime import tzinfo

from ..clock import Clock
from ..db.connection import Database
from ..policy import SUMMARY_CATCHUP_MAX_WINDOWS, SUMMARY_WINDOWS_S
from .store import count_window_events, first_event_time
from .windows import due_windows

log = logging.getLogger(__name__)


class SummaryScheduler:
    name = "l3_scheduler"
    idle_interval_s = 60.0

    def __init__(self, db: Database, clock: Clock, tz: tzinfo | None = None) -> None:
        self.db = db
        self.clock = clock
        #: the user's time zone for calendar windows (None: the system's local time)
        self.tz = tz
        #: missed windows older than the catch-up cap, per granularity (since start-up)
        self.skipped: Counter[str] = Counter()
        #: jobs queued per granularity (since start-up)
        self.queued: Counter[str] = Counter()

    def _state(self) -> dict[str, float]:
        return dict(self.db.reader().execute(
            "SELECT granularity, last_window_end FROM summary_schedule").fetchall())

    def run_once(self) -> int:
        now = self.clock.now()
        state = self._state()
        first = first_event_time(self.db.reader()) if len(state) < len(SUMMARY_WINDOWS_S) else None
        plans = {g: due_windows(state.get(g), now, g, SUMMARY_CATCHUP_MAX_WINDOWS[g],
                                first_event_at=first, tz=self.tz)
                 for g in SUMMARY_WINDOWS_S}
        if not any(p.new_last_end is not None and p.new_last_end != state.get(g) for g, p in plans.items()):
            return 0
        created = 0
        with self.db.write() as conn:
            for g, plan in plans.items():
                if plan.new_last_end is None:
                    continue
                # another process / tick may have advanced the loop meanwhile: re-check
                row = conn.execute("SELECT last_window_end FROM summary_schedule WHERE granularity = ?",
                                   (g,)).fetchone()
                if row is not None and row[0] != state.get(g):
                    continue
                trigger = "catch_up" if plan.catch_up else "schedule"
                for start, end in plan.windows:
                    if not count_window_events(conn, start, end):
                        continue
                    conn.execute(
                        "INSERT OR IGNORE INTO summary_jobs(kind, granularity, window_start, window_end, "
                        "trigger, dedup_key, created_at, updated_at) VALUES ('window',?,?,?,?,?,?,?)",
                        (g, start, end, trigger, f"window:{g}:{start:.3f}:{end:.3f}", now, now))
                    n = conn.changes()
                    created += n
                    self.queued[g] += n
                conn.execute(
                    "INSERT INTO summary_schedule(granularity, last_window_end, updated_at) VALUES (?,?,?) "
                    "ON CONFLICT(granularity) DO UPDATE SET last_window_end = excluded.last_window_end, "
                    "updated_at = excluded.updated_at", (g, plan.new_last_end, now))
                if plan.skipped:
                    self.skipped[g] += plan.skipped
                    log.info("l3 %s loop: %d missed windows older than the catch-up cap skipped",
                             g, plan.skipped)
        return created
