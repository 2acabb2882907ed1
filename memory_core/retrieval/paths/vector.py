"""Vector path: KNN over chunk vectors, chunk hits folded to their event (best chunk wins).

The answer must never be a fragment, so a chunk hit only *nominates* its event; the event is
hydrated whole at fetch. Scope (and the window, when there is one) are applied inside the
search so the K events returned are K usable ones.
"""

from __future__ import annotations

import time
from typing import Sequence

from ...db.connection import placeholders
from ..language_bias import centre_by_script, script_of
from ..plan import QueryPlan
from . import PathContext, PathResult

#: candidates read per returned hit, so both languages are represented when the store has both
#: (the same-language bias would otherwise keep the other language out of the list itself)
LANGUAGE_OVERFETCH = 3


class VectorPath:
    name = "vector"
    needs_seeds = False
    reads_window = True

    def skip_reason(self, plan: QueryPlan) -> str | None:
        return None if plan.query_vector is not None else "no query embedding"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        if ctx.vector_index is None:
            return PathResult(self.name, skipped="no embedding space")
        # caller filters other than scope/time are checked at fetch: overfetch a little for them
        k = ctx.fetch_k * (2 if ctx.plan.filters else 1)
        chunks, stats = ctx.vector_index.search(ctx.plan.query_vector, k * LANGUAGE_OVERFETCH,
                                                scopes=ctx.scopes, window=ctx.hard_window)
        best: dict[int, float] = {}
        for h in chunks:
            if h.event_seq not in best or h.similarity > best[h.event_seq]:
                best[h.event_seq] = h.similarity
        hits = sorted(best.items(), key=lambda kv: -kv[1])
        # the question's own language scores higher in e5 (``language_bias``): centre per script
        hits, shift = centre_by_script(hits, self._scripts(ctx, [s for s, _ in hits]))
        return PathResult(self.name, hits[:k], (time.perf_counter() - t0) * 1000,
                          info={"chunks": len(chunks), **stats.to_json(),
                                **({"language_shift": shift} if shift else {})})

    @staticmethod
    def _scripts(ctx: PathContext, seqs: list[int]) -> dict[int, str]:
        """Each candidate's script (``language_bias``), from the start of its content."""
        out: dict[int, str] = {}
        conn = ctx.db.reader()
        for i in range(0, len(seqs), 500):
            part = seqs[i:i + 500]
            for seq, text in conn.execute(f"SELECT seq, substr(content, 1, 200) FROM fact_events "
                                          f"WHERE seq IN ({placeholders(len(part))})", part):
                out[int(seq)] = script_of(text or "")
        return out
