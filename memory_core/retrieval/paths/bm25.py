"""BM25 over ``fact_events_fts`` (plain, and restricted to the time window in SQL).

The index is contentless with CJK bigrams; the query goes through ``text.segment`` (jieba words,
each an exact phrase over the bigrams; English words porter-stemmed by FTS5) and is an OR of the
terms, so BM25 ranks by how many and how rare. Terms are the plan's ``target_terms`` (the
question minus its time expressions and minus the anchor: "before the air fryer" should not
make the air fryer itself the best match) — falling back to all terms when that leaves none.
"""

from __future__ import annotations

import math
import time
from typing import Any, Sequence

import apsw

from ...policy import BM25_RANKED_SLICE, BM25_SLICE_GROWTH
from ...text.segment import fts_or_query, fts_phrase
from ..plan import QueryPlan, TimeWindow
from . import PathContext, PathResult
from .terms import search_terms


def query_terms_of(ctx: PathContext) -> list[str]:
    return ctx.fts_terms if ctx.fts_terms is not None else search_terms(ctx.plan)


def fts_top(ctx: PathContext, expr: str, k: int, *, window: TimeWindow | None = None
            ) -> list[tuple[int, float]]:
    """BM25 top ``k`` for ``expr`` among events passing scope, caller filters and ``window``.

    Ranking inside FTS5 first and checking the filters on the best rows is several times
    cheaper than joining every match to ``fact_events`` (2.5k matches at 100k events: 1.5 ms vs
    16 ms measured). A window is selective, so windowed searches keep the join (the window is
    then applied in SQL, as the temporal path requires). The join is ``CROSS JOIN``: FTS5
    drives, each match looks its event up by primary key. Left to the planner, a store without
    ``sqlite_stat1`` (new, never closed) drove from the scope/time index and re-ran the MATCH
    per row: 216 ms instead of 8.7 ms for a category question at 10k events.

    The ranked slice is wide (``BM25_RANKED_SLICE`` rows, not 4k): FTS5 scores every match
    whatever the LIMIT, and the slice is read in rank order only until ``k`` rows pass the
    filters, so a wide slice costs a little more sorting, not more look-ups. A slice of 4k
    often held fewer than k fact events (the best-ranked matches of "coffee" at 1M events are
    conversation text), and each retry ranked every match again: the anchor of "在买咖啡之前"
    ranked 142k matches three times (80 + 80 + 230 ms for the joined ranking).
    """
    conn = ctx.db.reader()
    if window is not None:
        where, params = ctx.where(window=window)
        bounds, bound_params = ctx.rowid_bounds(window)
        return _joined_top(conn, expr, where + bounds, params + bound_params, k)
    where, params = ctx.where()
    # the ranked slice drives, each row looks its event up by primary key (CROSS JOIN, and no
    # index on the filter columns: an unanalysed store otherwise scanned the scope index)
    slice_where, slice_params = ctx.where(unindexed=True)
    want = max(k * 4, BM25_RANKED_SLICE)
    for attempt in range(2):
        # the ranked slice and its filter in one statement, read in rank order (a co-routine:
        # it stops at the k-th passing row; the filter used to be Python sets over 500-id
        # chunks, ~5 ms a question at 100k events)
        rows = conn.execute(
            "SELECT r.rid, r.s FROM (SELECT rowid AS rid, bm25(fact_events_fts) AS s FROM "
            "fact_events_fts WHERE fact_events_fts MATCH ? ORDER BY s LIMIT ?) r "
            f"CROSS JOIN fact_events e ON e.seq = r.rid WHERE 1{slice_where} ORDER BY r.s LIMIT ?",
            (expr, want, *slice_params, k)).fetchall()
        hits = [(int(seq), -float(score)) for seq, score in rows]  # bm25() is lower-is-better
        if len(hits) >= k:
            return hits
        # fewer than k passed: the slice either held every match (then this is the answer) or
        # was cut; counting matches up to the cap walks the doclists without ranking them
        fetched = conn.execute(
            "SELECT count(*) FROM (SELECT rowid FROM fact_events_fts WHERE fact_events_fts MATCH ? LIMIT ?)",
            (expr, want)).fetchone()[0]
        if fetched < want:
            return hits
        if attempt or len(hits) * BM25_SLICE_GROWTH < k:
            # at the rate the filters passed this slice, a larger one would not hold k either:
            # rank once more (joined), not twice (strategy questions at 1M events: the best
            # matches of "tool" are all tool output, out of scope)
            break
        want *= BM25_SLICE_GROWTH
    return _joined_top(conn, expr, where, params, k)


def _joined_top(conn: apsw.Connection, expr: str, where: str, params: list[Any], k: int
                ) -> list[tuple[int, float]]:
    """BM25 top ``k`` with the filters applied in SQL; ``CROSS JOIN`` keeps FTS5 driving."""
    rows = conn.execute(
        f"SELECT f.rowid, bm25(fact_events_fts) AS s FROM fact_events_fts f "
        f"CROSS JOIN fact_events e ON e.seq = f.rowid WHERE fact_events_fts MATCH ?{where} "
        f"ORDER BY s LIMIT ?", (expr, *params, k)).fetchall()
    return [(int(seq), -float(s)) for seq, s in rows]  # bm25() is lower-is-better


def ideal_score(ctx: PathContext, terms: Sequence[str]) -> float | None:
    """What FTS5's BM25 gives a document of average length containing every term once: the sum
    of the terms' IDF, ``log((N - n + 0.5) / (n + 0.5))`` as FTS5 computes it.

    Min-max normalising a BM25 list makes its best hit 1.0 however little of the question it
    matches ("上班" alone for "我现在在哪里上班？"), so a one-word lexical coincidence outvoted a
    semantic match. Read against this ceiling, matching the question's rare words counts fully
    and matching one common word counts little; a term the store has never seen raises the
    ceiling (the lexical evidence is missing something the question asks). Document frequencies
    are counted with a cap (``N/2``: past it the IDF is ~0 anyway), so common terms stay cheap.
    """
    conn = ctx.db.reader()
    n_docs = conn.execute("SELECT max(seq) FROM fact_events").fetchone()[0] or 0
    if n_docs <= 0:
        return None
    cap = max(1, n_docs // 2)
    total = 0.0
    for term in dict.fromkeys(terms):
        phrase = fts_phrase(term)
        if not phrase:
            continue
        df = ctx.term_df.get(term)  # counted exactly already when under the pruning cap
        if df is None or df > cap:
            df = conn.execute("SELECT count(*) FROM (SELECT rowid FROM fact_events_fts WHERE "
                              "fact_events_fts MATCH ? LIMIT ?)", (phrase, cap)).fetchone()[0]
        total += max(1e-6, math.log((n_docs - df + 0.5) / (df + 0.5)))
    return total or None


def bm25_search(ctx: PathContext, expr: str, *, windowed: bool, k: int) -> list[tuple[int, float]]:
    return fts_top(ctx, expr, k, window=ctx.plan.time_window if windowed else None)


class BM25Path:
    name = "bm25"
    needs_seeds = False
    #: plain BM25 ignores the window (the temporal path applies it): it may start before the anchor is resolved
    reads_window = False

    def skip_reason(self, plan: QueryPlan) -> str | None:
        return None if fts_or_query(search_terms(plan)) else "no searchable terms"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        terms = query_terms_of(ctx)
        expr = fts_or_query(terms)
        hits = bm25_search(ctx, expr, windowed=False, k=ctx.fetch_k)
        ceiling = ideal_score(ctx, terms) if hits else None
        return PathResult(self.name, hits, (time.perf_counter() - t0) * 1000, ceiling=ceiling,
                          info={"match": expr, "pruned_common_terms": ctx.pruned_terms,
                                "ideal_score": round(ceiling, 4) if ceiling else None})


class TemporalBM25Path:
    """Runs beside plain BM25 only with time intent: "relevant *and* in the window" agrees in
    both lists and RRF lifts it above "merely the best the window had"."""

    name = "temporal_bm25"
    needs_seeds = False
    reads_window = True

    def skip_reason(self, plan: QueryPlan) -> str | None:
        if plan.time_window is None:
            return "no time intent"
        return None if fts_or_query(search_terms(plan)) else "no searchable terms"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        terms = query_terms_of(ctx)
        expr = fts_or_query(terms)
        hits = bm25_search(ctx, expr, windowed=True, k=ctx.fetch_k)
        ceiling = ideal_score(ctx, terms) if hits else None
        w = ctx.plan.time_window
        return PathResult(self.name, hits, (time.perf_counter() - t0) * 1000, ceiling=ceiling,
                          info={"match": expr, "window": [w.start, w.end] if w else None})
