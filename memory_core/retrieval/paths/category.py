"""Category expansion: a question that names a category ("kitchen appliance", "厨房家电")
also searches for the category's members (pressure cooker, 高压锅, rice cooker, ...).

This is how the offline path knows that a pressure cooker is a kitchen appliance: the bilingual
lexicon (``lexicon/categories.py``) stands in for model semantics (L2's entity types do the same
job once extracted — the entity path reads them). Members named by the anchor are left out: in
"which appliance before the air fryer" the air fryer is the reference point, not a candidate.
"""

from __future__ import annotations

import time
from typing import Sequence

from ...lexicon.categories import CATEGORIES
from ...policy import CATEGORY_RECENT_MATCHES
from ...text.segment import fts_phrase
from ..plan import QueryPlan, TimeWindow
from . import PathContext, PathResult


def recent_top(ctx: PathContext, expr: str, k: int, *, window: TimeWindow | None = None
               ) -> list[tuple[int, float]]:
    """BM25 top ``k`` among the newest ``CATEGORY_RECENT_MATCHES`` matches in scope (and window).

    A category's members (20-40 of them, OR-ed) match a large share of a store: ranking every
    match cost 31-39 ms a category question at 100k events, the slowest path left. FTS5 walks
    its doclists newest first and stops at the cap, so the cost is bounded by the cap, not by
    the store; within a window the cap counts matches in the window."""
    conn = ctx.db.reader()
    where, params = ctx.where(window=window, unindexed=True)
    bounds, bound_params = ctx.rowid_bounds(window)
    where, params = where + bounds, params + bound_params
    rows = conn.execute(
        "SELECT rid, s FROM (SELECT f.rowid AS rid, bm25(fact_events_fts) AS s FROM fact_events_fts f "
        f"CROSS JOIN {ctx.events()} ON e.seq = f.rowid WHERE fact_events_fts MATCH ?{where} "
        "ORDER BY f.rowid DESC LIMIT ?) ORDER BY s LIMIT ?",
        (expr, *params, CATEGORY_RECENT_MATCHES, k)).fetchall()
    return [(int(seq), -float(s)) for seq, s in rows]

_BY_KEY = {c.key: c for c in CATEGORIES}


def category_members(plan: QueryPlan) -> list[str]:
    cat = _BY_KEY.get(plan.target_category or "")
    if cat is None:
        return []
    anchor = (plan.anchor.text.lower() if plan.anchor else "")
    return [m for m in cat.members if not (anchor and (m.lower() in anchor or anchor in m.lower()))]


class CategoryPath:
    name = "category"
    needs_seeds = False
    reads_window = True

    def skip_reason(self, plan: QueryPlan) -> str | None:
        return None if category_members(plan) else "question names no category"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        members = category_members(ctx.plan)
        expr = " OR ".join(p for p in (fts_phrase(m) for m in members) if p)
        hits = recent_top(ctx, expr, ctx.fetch_k, window=ctx.hard_window)
        return PathResult(self.name, hits, (time.perf_counter() - t0) * 1000,
                          info={"category": ctx.plan.target_category, "members": len(members)})
