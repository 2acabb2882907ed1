"""Vector path: KNN over chunk vectors, chunk hits folded to their event (best chunk wins).

The answer must never be a fragment, so a chunk hit only *nominates* its event; the event is
hydrated whole at fetch. Scope (and the window, when there is one) are applied inside the
search so the K events returned are K usable ones.
"""

from __future__ import annotations

import time
from typing import Sequence

from ..plan import QueryPlan
from . import PathContext, PathResult


class VectorPath:
    name = "vector"
    needs_seeds = False

    def skip_reason(self, plan: QueryPlan) -> str | None:
        return None if plan.query_vector is not None else "no query embedding"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        if ctx.vector_index is None:
            return PathResult(self.name, skipped="no embedding space")
        # caller filters other than scope/time are checked at fetch: overfetch a little for them
        k = ctx.fetch_k * (2 if ctx.plan.filters else 1)
        chunks, stats = ctx.vector_index.search(ctx.plan.query_vector, k, scopes=ctx.scopes,
                                                window=ctx.hard_window)
        best: dict[int, float] = {}
        for h in chunks:
            if h.event_seq not in best or h.similarity > best[h.event_seq]:
                best[h.event_seq] = h.similarity
        hits = sorted(best.items(), key=lambda kv: -kv[1])[:k]
        return PathResult(self.name, hits, (time.perf_counter() - t0) * 1000,
                          info={"chunks": len(chunks), **stats.to_json()})
