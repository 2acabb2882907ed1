"""L1 retrieval paths. Each path turns the plan into a ranked list of event seqs, best first.

Paths are independent and read-only, so the service runs them in parallel (``asyncio.gather``,
each on its own reader thread and connection). Scope and the caller's filters are applied in
each path's SQL: a fact question never spends its candidate budget on assistant text. Only the
temporal path applies the time window in SQL (design); the window is enforced for every path's
hits at fetch, and structured expansions (category, entity) also restrict to it in SQL because
they exist to find candidates *around the anchor* ("before the air fryer").
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

from ...db.connection import Database
from ..plan import QueryPlan, TimeWindow
from ..vector_search import VectorIndex
from .seq_bounds import window_seq_bounds

#: caller filters the L1 paths understand (column names of fact_events)
FILTER_COLUMNS = ("source", "session_id", "author_type", "evidence_class", "event_type",
                  "content_type", "memory_domain", "user_id")
#: (seq, l1_retrieval_scope, occurred_at): what the full-text paths' filter reads (migration 0012)
SCOPE_INDEX = "ix_fact_events_seq_scope"


def until_of(db: Database, as_of: float | None, k: int) -> float | None:
    """``as_of`` (the question's ``now``) when at least ``k`` events (a path's fetch) happened
    after it, else None. Fewer later events cannot crowd an earlier one out of a path's k — the
    fetch drops them — and on a small store they still anchor each path's score normalisation
    as they did: bounded, a two-line list spreads a hair's difference over the whole scale (hashing,
    44 sets: six before-checks lost, e.g. "another monday at Deloitte" under "tips for surviving
    6 back to back meetings"). One range count over the time index, at most ``k`` rows."""
    if as_of is None:
        return None
    later = db.reader().execute("SELECT count(*) FROM (SELECT 1 FROM fact_events WHERE occurred_at > ? LIMIT ?)",
                                (as_of, k)).fetchone()[0]
    return as_of if later >= k else None


@dataclass(slots=True)
class PathContext:
    plan: QueryPlan
    db: Database
    scopes: tuple[str, ...]
    fetch_k: int
    vector_index: VectorIndex | None = None
    #: the terms the full-text paths query, after dropping very common ones on big stores
    #: (``paths.terms.informative_terms``; None = not computed, use the plan's)
    fts_terms: list[str] | None = None
    pruned_terms: list[str] = field(default_factory=list)
    #: exact document frequencies counted by ``informative_terms`` (empty on small stores)
    term_df: dict[str, int] = field(default_factory=dict)
    #: window -> (lowest, highest) seq it can hold, computed once per query (``seq_bounds``)
    _seq_bounds: dict[tuple[float | None, float | None], tuple[int | None, int | None]] = field(
        default_factory=dict)
    #: the windowed paths start together and each asks for the bounds first: without the lock
    #: each computed them (a count over up to 2x the window side of the time index: ~10 ms of
    #: CPU a question at 1M events for "before the air fryer", paid up to four times)
    _bounds_lock: threading.Lock = field(default_factory=threading.Lock)
    #: the question's ``now`` when at least a path's k of events happened after it (``until_of``):
    #: what happened after it is never an answer, so every path bounds its own search by it — a path
    #: that kept the newest or best k overall and left the bound to the fetch could fill its k
    #: with later events (asked as of April, "engaged since Christmas" was crowded out of the
    #: concept path's newest matches by the wedding lines of September)
    until: float | None = None

    @property
    def until_window(self) -> TimeWindow | None:
        """Up to and including ``until`` (a half-open window ends just after it)."""
        return None if self.until is None else TimeWindow(None, math.nextafter(self.until, math.inf),
                                                          source="the question's now")

    def bounded(self, w: TimeWindow | None) -> TimeWindow | None:
        """``w`` (None: no window) cut at ``until``."""
        bound = self.until_window
        if bound is None or w is None:
            return bound or w
        return TimeWindow(w.start, bound.end if w.end is None else min(w.end, bound.end), w.source, w.hard)

    @property
    def hard_window(self) -> TimeWindow | None:
        """The window every path may apply in its own search (soft windows: temporal path only),
        bounded by ``until``."""
        w = self.plan.time_window
        return self.bounded(w if w is not None and w.hard else None)

    def where(self, alias: str = "e", *, window: TimeWindow | None = None,
              unindexed: bool = False) -> tuple[str, list[Any]]:
        """`` AND ...`` clauses for scope, caller filters and (optionally) the time window.

        ``unindexed``: the scope and filter columns get SQLite's unary ``+`` so the planner
        cannot drive the query from their indexes — for a scan bounded by a rowid range, where
        the scope index (chosen on a store not yet analysed) would visit every event in scope.
        """
        col = (lambda c: f"+{alias}.{c}") if unindexed else (lambda c: f"{alias}.{c}")
        clauses = [f"{col('l1_retrieval_scope')} IN ({','.join('?' * len(self.scopes))})"]
        params: list[Any] = list(self.scopes)
        for name in FILTER_COLUMNS:
            value = self.plan.filters.get(name)
            if value is None:
                continue
            if isinstance(value, (list, tuple, set, frozenset)):
                vals = list(value)
                clauses.append(f"{col(name)} IN ({','.join('?' * len(vals))})")
                params.extend(vals)
            else:
                clauses.append(f"{col(name)} = ?")
                params.append(value)
        if window is not None:
            if window.start is not None:
                clauses.append(f"{alias}.occurred_at >= ?")
                params.append(window.start)
            if window.end is not None:
                clauses.append(f"{alias}.occurred_at < ?")
                params.append(window.end)
        return " AND " + " AND ".join(clauses), params

    def events(self, alias: str = "e") -> str:
        """``fact_events`` as a full-text search joins it (each match looked up by seq).

        Without caller filters the check reads only the scope and the time, which the narrow
        covering index ``SCOPE_INDEX`` holds: through the table each check read the event's
        whole row (2-4 events a page), so the ~40k matches of "tool" OR "work" at 1M events
        touched ~40k pages (50-110 ms); through the index they stay in a few thousand cached
        pages. ``INDEXED BY`` because a store whose statistics predate the index (or that was
        never analysed) lets the planner pick the primary key. With caller filters the row is
        read anyway, so the primary key is the one look-up."""
        if any(self.plan.filters.get(name) is not None for name in FILTER_COLUMNS):
            return f"fact_events {alias}"
        return f"fact_events {alias} INDEXED BY {SCOPE_INDEX}"

    def rowid_bounds(self, window: TimeWindow | None, alias: str = "f") -> tuple[str, list[Any]]:
        """`` AND alias.rowid >= ? AND alias.rowid <= ?`` for the seqs ``window`` can hold (the
        FTS table's rowid is the event seq): FTS5 applies rowid ranges while it walks its
        doclists, so matches outside the window are skipped without looking their event up.
        Empty when there is no window or its edges are too far to bound cheaply."""
        if window is None:
            return "", []
        key = (window.start, window.end)
        with self._bounds_lock:
            if key not in self._seq_bounds:
                self._seq_bounds[key] = window_seq_bounds(self.db.reader(), window)
            lo, hi = self._seq_bounds[key]
        sql, params = "", []
        if lo is not None:
            sql += f" AND {alias}.rowid >= ?"
            params.append(lo)
        if hi is not None:
            sql += f" AND {alias}.rowid <= ?"
            params.append(hi)
        return sql, params


@dataclass(slots=True)
class PathResult:
    name: str
    hits: list[tuple[int, float]] = field(default_factory=list)  # (seq, score) best first
    elapsed_ms: float = 0.0
    error: str | None = None
    #: the score a perfect match would get (BM25: the question's summed IDF); fusion then reads
    #: a hit as a fraction of it instead of min-max normalising the list (``score_fusion``)
    ceiling: float | None = None
    skipped: str | None = None  # why the path did not run
    info: dict[str, Any] = field(default_factory=dict)  # query expression, sub-counts, strategy


class L1Path(Protocol):
    name: str
    #: True when the path needs the seeds of the first round (entity / graph expansion)
    needs_seeds: bool
    #: False when the search never reads the plan's time window: such a path starts while the
    #: anchor ("before the air fryer") is still being resolved (a path without it is assumed to)
    reads_window: bool

    def skip_reason(self, plan: QueryPlan) -> str | None: ...

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult: ...


def default_paths() -> list[L1Path]:
    from .bm25 import BM25Path, TemporalBM25Path
    from .category import CategoryPath
    from .concept import ConceptPath
    from .context_bm25 import ContextBM25Path
    from .entity import EntityPath
    from .keyword import KeywordPath
    from .vector import VectorPath

    return [BM25Path(), ContextBM25Path(), VectorPath(), KeywordPath(), TemporalBM25Path(), CategoryPath(),
            ConceptPath(), EntityPath()]
