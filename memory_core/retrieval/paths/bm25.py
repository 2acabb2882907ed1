"""BM25 over ``fact_events_fts`` (plain, and restricted to the time window in SQL).

The index is contentless with CJK bigrams; the query goes through ``text.segment`` (jieba words,
each an exact phrase over the bigrams; English words porter-stemmed by FTS5) and is an OR of the
terms, so BM25 ranks by how many and how rare. Terms are the plan's ``target_terms`` (the
question minus its time expressions and minus the anchor: "before the air fryer" should not
make the air fryer itself the best match) — falling back to all terms when that leaves none.
"""

from __future__ import annotations

import time
from typing import Sequence

from ...text.segment import fts_or_query
from ..plan import QueryPlan
from . import PathContext, PathResult


def search_terms(plan: QueryPlan) -> list[str]:
    return plan.target_terms or plan.terms


def bm25_search(ctx: PathContext, expr: str, *, windowed: bool, k: int) -> list[tuple[int, float]]:
    where, params = ctx.where(window=ctx.plan.time_window if windowed else None)
    rows = ctx.db.reader().execute(
        f"SELECT f.rowid, bm25(fact_events_fts) AS s FROM fact_events_fts f "
        f"JOIN fact_events e ON e.seq = f.rowid WHERE fact_events_fts MATCH ?{where} "
        f"ORDER BY s LIMIT ?", (expr, *params, k)).fetchall()
    # bm25() is lower-is-better (negative); report the usual higher-is-better score
    return [(int(seq), -float(s)) for seq, s in rows]


class BM25Path:
    name = "bm25"
    needs_seeds = False

    def skip_reason(self, plan: QueryPlan) -> str | None:
        return None if fts_or_query(search_terms(plan)) else "no searchable terms"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        expr = fts_or_query(search_terms(ctx.plan))
        hits = bm25_search(ctx, expr, windowed=False, k=ctx.fetch_k)
        return PathResult(self.name, hits, (time.perf_counter() - t0) * 1000, info={"match": expr})


class TemporalBM25Path:
    """Runs beside plain BM25 only with time intent: "relevant *and* in the window" agrees in
    both lists and RRF lifts it above "merely the best the window had"."""

    name = "temporal_bm25"
    needs_seeds = False

    def skip_reason(self, plan: QueryPlan) -> str | None:
        if plan.time_window is None:
            return "no time intent"
        return None if fts_or_query(search_terms(plan)) else "no searchable terms"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        expr = fts_or_query(search_terms(ctx.plan))
        hits = bm25_search(ctx, expr, windowed=True, k=ctx.fetch_k)
        w = ctx.plan.time_window
        return PathResult(self.name, hits, (time.perf_counter() - t0) * 1000,
                          info={"match": expr, "window": [w.start, w.end] if w else None})
