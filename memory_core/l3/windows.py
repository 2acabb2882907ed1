"""Which summary windows are due (a pure function of the schedule state and the clock).

Each granularity is an independent loop over **calendar** windows in the user's time zone: the
clock hour, the day from midnight to midnight, the ISO week from Monday 00:00, the month from
the 1st. (They were sliding windows of N seconds anchored wherever the loop first started: the
demo's "day" ran 10:43 → 10:43 of the day it was run.) The loops tile time from where they last
stopped — ``[last_end, next boundary)``, then the next — so nothing is summarised twice and
nothing falls into a gap, whether the app ran throughout or was closed for days. After a long
absence only the newest ``SUMMARY_CATCHUP_MAX_WINDOWS`` missed windows are produced (older hours
are covered by day summaries, and so on); the skipped count is reported, never silently lost.

On the very first run the grid starts at the calendar window holding the oldest summarisable
event (an imported history is treated as "missed while off"), bounded by the same catch-up cap.
A schedule position left by the old sliding loops is honoured: its first window ends at the next
calendar boundary, the rest are aligned. Daylight-saving days are 23 or 25 hours long.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, tzinfo


@dataclass(frozen=True, slots=True)
class DuePlan:
    windows: list[tuple[float, float]] = field(default_factory=list)
    #: the schedule position after these windows (persist it with the jobs)
    new_last_end: float | None = None
    #: missed windows older than the catch-up cap (not produced)
    skipped: int = 0
    #: more than one window at once, or the first run: a catch-up
    catch_up: bool = False


#: approximate lengths, only to skip quickly over a long absence
_APPROX_S = {"hour": 3600.0, "day": 86400.0, "week": 7 * 86400.0, "month": 30.4 * 86400.0}


def _local(t: float, tz: tzinfo | None) -> datetime:
    # tz None: the system's local time, DST rules included (a naive datetime from the C library)
    return datetime.fromtimestamp(t, tz) if tz is not None else datetime.fromtimestamp(t)


def floor_boundary(t: float, granularity: str, tz: tzinfo | None = None) -> float:
    """Start of the calendar window (hour, day, ISO week, month) that holds ``t``."""
    d = _local(t, tz)
    if granularity == "hour":
        d = d.replace(minute=0, second=0, microsecond=0)
    elif granularity == "day":
        d = d.replace(hour=0, minute=0, second=0, microsecond=0)
    elif granularity == "week":
        d = (d - timedelta(days=d.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
    elif granularity == "month":
        d = d.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    else:
        raise ValueError(f"unknown granularity {granularity!r}")
    return d.timestamp()


def next_boundary(t: float, granularity: str, tz: tzinfo | None = None) -> float:
    """The first calendar boundary strictly after ``t``."""
    b = floor_boundary(t, granularity, tz)
    step = {"hour": 1.5 * 3600, "day": 30 * 3600, "week": 7.5 * 86400, "month": 32 * 86400}[granularity]
    nxt = floor_boundary(b + step, granularity, tz)
    return nxt if nxt > t else floor_boundary(nxt + step, granularity, tz)


def due_windows(last_end: float | None, now: float, granularity: str, cap: int, *,
                first_event_at: float | None = None, tz: tzinfo | None = None) -> DuePlan:
    approx = _APPROX_S[granularity]
    first_run = last_end is None
    skipped = 0
    if last_end is None:
        if first_event_at is None:
            return DuePlan()
        start = floor_boundary(max(first_event_at, now - cap * approx), granularity, tz)
    else:
        start = last_end
        far = now - (cap + 2) * approx
        if start < far:  # a long absence: jump close to now, count what is skipped
            jump = floor_boundary(far, granularity, tz)
            skipped = max(0, round((jump - start) / approx))
            start = jump
    windows: list[tuple[float, float]] = []
    s = start
    while True:
        e = next_boundary(s, granularity, tz)
        if e > now:
            break
        windows.append((s, e))
        s = e
    if len(windows) > cap:
        skipped += len(windows) - cap
        windows = windows[-cap:]
    if not windows:
        return DuePlan([], start if first_run or start != last_end else None, skipped, False)
    return DuePlan(windows, s, skipped, first_run or len(windows) > 1 or skipped > 0)
