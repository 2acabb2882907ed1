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

from ...policy import (BM25_JOIN_BELOW_SHARE, BM25_RANKED_SLICE, BM25_SHARE_SAMPLE,
                       BM25_SLICE_GROWTH)
from ...text.segment import fts_or_query, fts_phrase
from ..plan import QueryPlan, TimeWindow
from . import PathContext, PathResult
from .terms import search_terms


#: the L1 full-text index (rowid = event seq)
EVENTS_FTS = "fact_events_fts"


def query_terms_of(ctx: PathContext) -> list[str]:
    return ctx.fts_terms if ctx.fts_terms is not None else search_terms(ctx.plan)


def fts_top(ctx: PathContext, expr: str, k: int, *, window: TimeWindow | None = None,
            table: str = EVENTS_FTS) -> list[tuple[int, float]]:
    """BM25 top ``k`` for ``expr`` among events passing scope, caller filters and ``window``;
    ``table``: an FTS5 index whose rowid is the event seq (``fact_events_fts``, or the
    conversation-context index ``context_fts``).

    Two ways to the same list, chosen by what the filters let through:

    * **joined** — every match looked up in ``PathContext.events`` (the narrow covering index)
      and only those that pass are scored. Windowed searches always (the window is selective
      and applied in SQL, as the temporal path requires), and plain ones whose filters pass
      less than ``BM25_JOIN_BELOW_SHARE`` of the newest matches: the best matches of "tool"
      are tool output, out of the fact scope, and ranking every match first (~30 ms at 1M
      events) only to find too few pass, then joining, paid twice (strategy and summary
      questions: ~55 vs ~23 ms).
    * **ranked slice** — FTS5 scores every match and the filters are checked on the best
      ``BM25_RANKED_SLICE`` rows, read in rank order until ``k`` pass: cheaper when most
      matches pass (a look-up costs about what scoring does; conversation-scoped questions:
      ~30 vs ~50 ms for 50k matches). A slice that held fewer than k passing rows is widened
      once and then joined.

    Both are ``CROSS JOIN`` with FTS5 driving, each match looking its event up by seq. Left to
    the planner, a store without ``sqlite_stat1`` (new, never closed) drove from the scope/time
    index and re-ran the MATCH per row: 216 ms instead of 8.7 ms for a category question at 10k
    events. FTS5 scores every match whatever the LIMIT, so a wide slice costs a little more
    sorting, not more look-ups (the anchor of "在买咖啡之前" once ranked 142k matches three
    times).
    """
    conn = ctx.db.reader()
    if window is not None:
        bounds, bound_params = ctx.rowid_bounds(window)
        where, params = ctx.where(window=window, unindexed=True)
        return _joined_top(ctx, conn, expr, where + bounds, params + bound_params, k, table)
    # scope and filters unindexed: the seq look-up is the only seek (an IN of two scopes as an
    # index key was two seeks a match)
    where, params = ctx.where(unindexed=True)
    if filter_share(ctx, conn, expr, where, params, table) < BM25_JOIN_BELOW_SHARE:
        return _joined_top(ctx, conn, expr, where, params, k, table)
    want = max(k * 4, BM25_RANKED_SLICE)
    for attempt in range(2):
        # the ranked slice and its filter in one statement, read in rank order (a co-routine:
        # it stops at the k-th passing row)
        rows = conn.execute(
            f"SELECT r.rid, r.s FROM (SELECT rowid AS rid, bm25({table}) AS s FROM "
            f"{table} WHERE {table} MATCH ? ORDER BY s LIMIT ?) r "
            f"CROSS JOIN {ctx.events()} ON e.seq = r.rid WHERE 1{where} ORDER BY r.s LIMIT ?",
            (expr, want, *params, k)).fetchall()
        hits = [(int(seq), -float(score)) for seq, score in rows]  # bm25() is lower-is-better
        if len(hits) >= k:
            return hits
        # fewer than k passed: the slice either held every match (then this is the answer) or
        # was cut; counting matches up to the cap walks the doclists without ranking them
        fetched = conn.execute(
            f"SELECT count(*) FROM (SELECT rowid FROM {table} WHERE {table} MATCH ? LIMIT ?)",
            (expr, want)).fetchone()[0]
        if fetched < want:
            return hits
        if attempt or len(hits) * BM25_SLICE_GROWTH < k:
            # at the rate the filters passed this slice, a larger one would not hold k either
            break
        want *= BM25_SLICE_GROWTH
    return _joined_top(ctx, conn, expr, where, params, k, table)


def filter_share(ctx: PathContext, conn: apsw.Connection, expr: str, where: str,
                 params: list[Any], table: str = EVENTS_FTS) -> float:
    """Share of the newest ``BM25_SHARE_SAMPLE`` matches of ``expr`` that pass ``where``: which
    way ``fts_top`` ranks (a cost estimate only; both ways give the same list). Newest first
    because FTS5 walks a doclist backwards without reading the rest (~0.15 ms at 1M events).
    1.0 when nothing matches."""
    n, passed = conn.execute(
        f"SELECT count(*), total(1{where}) FROM (SELECT rowid AS rid FROM {table} "
        f"WHERE {table} MATCH ? ORDER BY rowid DESC LIMIT ?) r "
        f"CROSS JOIN {ctx.events()} ON e.seq = r.rid",
        (*params, expr, BM25_SHARE_SAMPLE)).fetchone()
    return float(passed) / n if n else 1.0


def _joined_top(ctx: PathContext, conn: apsw.Connection, expr: str, where: str,
                params: list[Any], k: int, table: str = EVENTS_FTS) -> list[tuple[int, float]]:
    """BM25 top ``k`` with the filters applied in SQL: only passing matches are scored."""
    rows = conn.execute(
        f"SELECT f.rowid, bm25({table}) AS s FROM {table} f "
        f"CROSS JOIN {ctx.events()} ON e.seq = f.rowid WHERE {table} MATCH ?{where} "
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
    return fts_top(ctx, expr, k, window=ctx.bounded(ctx.plan.time_window if windowed else None))


class BM25Path:
    name = "bm25"
    #: the full-text index it ranks (rowid = event seq)
    table = EVENTS_FTS
    needs_seeds = False
    #: plain BM25 ignores the window (the temporal path applies it): it may start before the anchor is resolved
    reads_window = False

    def skip_reason(self, plan: QueryPlan) -> str | None:
        return None if fts_or_query(search_terms(plan)) else "no searchable terms"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        terms = query_terms_of(ctx)
        expr = fts_or_query(terms)
        hits = fts_top(ctx, expr, ctx.fetch_k, table=self.table, window=ctx.until_window)
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
