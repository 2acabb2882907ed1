"""A time window as a range of event seqs, for FTS5 walks.

FTS5 is keyed by event seq and knows nothing of time, so a windowed full-text search joins every
match to ``fact_events`` to test ``occurred_at``. At 1M events "last week" BM25 (the temporal
path) looked up every match of the question's terms, and the category path for "before the air
fryer" walked the category's matches newer than the anchor, one event look-up each, before
reaching the window (57-90 and ~175 ms). Every event in a window has a seq between the smallest
seq at or after its start and the largest seq before its end; both come from the time index
(``ix_fact_events_time`` holds the seq), and a rowid range is something FTS5 applies while
walking its doclists. The range is exact whatever the order of ingestion (events imported out
of time order only make it wider); the window is still tested on every row.

Reading the index entries on the window's side of an edge costs ~0.1 us each, skipping a match
outside it ~1-3 us (for a term in a few per cent of events: about the same per event), so an
edge is bounded when its window side is the smaller one — judged from the seq of the event
nearest the edge, which is where the edge falls when events arrive in time order — and the
read is capped at twice that estimate, so a store imported out of order never pays much more.
"""

from __future__ import annotations

import apsw

from ...policy import WINDOW_SEQ_BOUND_ALWAYS
from ..plan import TimeWindow

_INDEX = "fact_events INDEXED BY ix_fact_events_time"


def window_seq_bounds(conn: apsw.Connection, window: TimeWindow,
                      min_scan: int = WINDOW_SEQ_BOUND_ALWAYS) -> tuple[int | None, int | None]:
    """(lowest, highest) seq an event inside ``window`` can have, None for an edge not worth
    bounding (see the module docstring); (1, 0) when the window holds no event at all."""
    top = conn.execute("SELECT max(seq) FROM fact_events").fetchone()[0]
    if top is None:
        return 1, 0
    lo = hi = None
    if window.end is not None:
        near = conn.execute(f"SELECT seq FROM {_INDEX} WHERE occurred_at < ? ORDER BY occurred_at DESC "
                            "LIMIT 1", (window.end,)).fetchone()
        if near is None:
            return 1, 0
        inside = int(near[0])  # events before the end, if they arrived in time order
        if inside <= min_scan or inside <= top - inside:
            cap = max(min_scan, 2 * inside)
            n, last = conn.execute(f"SELECT count(*), max(seq) FROM (SELECT seq FROM {_INDEX} "
                                   "WHERE occurred_at < ? LIMIT ?)", (window.end, cap + 1)).fetchone()
            hi = int(last) if n <= cap else None
    if window.start is not None:
        near = conn.execute(f"SELECT seq FROM {_INDEX} WHERE occurred_at >= ? ORDER BY occurred_at "
                            "LIMIT 1", (window.start,)).fetchone()
        if near is None:
            return 1, 0
        inside = top - int(near[0]) + 1  # events from the start on, if they arrived in time order
        if inside <= min_scan or inside <= top - inside:
            cap = max(min_scan, 2 * inside)
            n, first = conn.execute(f"SELECT count(*), min(seq) FROM (SELECT seq FROM {_INDEX} "
                                    "WHERE occurred_at >= ? LIMIT ?)", (window.start, cap + 1)).fetchone()
            lo = int(first) if n <= cap else None
    return lo, hi
