"""Context BM25: the question's terms over ``context_fts`` (each message with the end of the
one before it, ``l1/context_index.py``).

Beside plain BM25, not instead of it: a reply that only makes sense with its question ("Yup,
we did it yesterday!") is found by the question's words, while a message that says the thing
itself still ranks on its own in plain BM25. Same terms, same OR query, same ceiling
(``ideal_score``) and the same ranking (``fts_top``) as plain BM25, so fusion reads both on
one scale. Events not indexed yet
(the worker is behind) are simply absent here; plain BM25 still has them.
"""

from __future__ import annotations

import time
from typing import Sequence

from ...policy import PATH_CONTEXT_BM25
from ...text.segment import fts_or_query
from ..plan import QueryPlan
from . import PathContext, PathResult
from .bm25 import fts_top, ideal_score, query_terms_of
from .terms import search_terms


#: the conversation-context index (migration 0013; rowid = event seq)
CONTEXT_FTS = "context_fts"


class ContextBM25Path:
    name = PATH_CONTEXT_BM25
    needs_seeds = False
    #: like plain BM25 it ignores the window: it may start before the anchor is resolved
    reads_window = False

    def skip_reason(self, plan: QueryPlan) -> str | None:
        return None if fts_or_query(search_terms(plan)) else "no searchable terms"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        terms = query_terms_of(ctx)
        expr = fts_or_query(terms)
        hits = fts_top(ctx, expr, ctx.fetch_k, table=CONTEXT_FTS)
        ceiling = ideal_score(ctx, terms) if hits else None
        return PathResult(self.name, hits, (time.perf_counter() - t0) * 1000, ceiling=ceiling,
                          info={"match": expr})
