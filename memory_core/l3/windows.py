"""Which summary windows are due (a pure function of the schedule state and the clock).

Each granularity is an independent loop over sliding windows of ``N`` seconds
(``policy.SUMMARY_WINDOWS_S``): a window is "the N seconds before the moment it closes". The
loops tile time from where they last stopped — ``[last_end, last_end + N)``, then the next —
so nothing is summarised twice and nothing falls into a gap, whether the app ran throughout or
was closed for days. After a long absence only the newest ``SUMMARY_CATCHUP_MAX_WINDOWS`` missed
windows are produced (older hours are covered by day summaries, and so on); the skipped count is
reported, never silently lost.

On the very first run the grid starts at the oldest summarisable event (an imported history is
treated as "missed while off"), bounded by the same catch-up cap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class DuePlan:
    windows: list[tuple[float, float]] = field(default_factory=list)
    #: the schedule position after these windows (persist it with the jobs)
    new_last_end: float | None = None
    #: missed windows older than the catch-up cap (not produced)
    skipped: int = 0
    #: more than one window at once, or the first run: a catch-up
    catch_up: bool = False


def due_windows(last_end: float | None, now: float, period: float, cap: int, *,
                first_event_at: float | None = None) -> DuePlan:
    if period <= 0:
        raise ValueError("period must be positive")
    first_run = last_end is None
    if last_end is None:
        if first_event_at is None:
            return DuePlan()
        last_end = max(first_event_at, now - cap * period)
    if now < last_end + period:
        return DuePlan([], last_end if first_run else None, 0, False)
    n_due = int(math.floor((now - last_end) / period))
    skipped = max(0, n_due - cap)
    windows = [(last_end + i * period, last_end + (i + 1) * period) for i in range(skipped, n_due)]
    return DuePlan(windows, last_end + n_due * period, skipped, first_run or n_due > 1)
