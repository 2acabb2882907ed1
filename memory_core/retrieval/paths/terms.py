"""Which question terms the full-text paths query.

BM25's cost grows with the number of documents a term matches, its benefit shrinks with it: on a
100k-event store "many" or "plans" match 20-40k events each, making one OR query cost 50-100 ms
while adding almost nothing to the ranking (IDF ~ log 3). On big stores
(``policy.BM25_PRUNE_MIN_EVENTS``) terms matching more than ``BM25_PRUNE_DF_FRACTION`` of the
events are dropped — a stop list computed from the store itself — unless nothing else would be
left. The check is a count bounded by ``LIMIT``, so it costs little even for common terms.
"""

from __future__ import annotations

from ...db.connection import Database
from ...policy import BM25_PRUNE_DF_FRACTION, BM25_PRUNE_MIN_EVENTS
from ...text.segment import fts_phrase
from ..plan import QueryPlan


def search_terms(plan: QueryPlan) -> list[str]:
    return plan.target_terms or plan.terms


def informative_terms(db: Database, terms: list[str], term_df: dict[str, int] | None = None
                      ) -> tuple[list[str], list[str]]:
    """(kept, pruned) — unchanged on small stores. ``term_df`` (optional) receives the exact
    document frequency of every term whose count stayed under the cap (the kept ones), for the
    paths that need it (``bm25.ideal_score``) not to count again."""
    conn = db.reader()
    n = conn.execute("SELECT max(seq) FROM fact_events").fetchone()[0] or 0
    if n < BM25_PRUNE_MIN_EVENTS or len(terms) < 2:
        return list(terms), []
    cap = int(BM25_PRUNE_DF_FRACTION * n)
    kept: list[str] = []
    pruned: list[tuple[int, str]] = []
    for term in terms:
        phrase = fts_phrase(term)
        if not phrase:
            continue
        df = conn.execute("SELECT count(*) FROM (SELECT rowid FROM fact_events_fts WHERE fact_events_fts "
                          "MATCH ? LIMIT ?)", (phrase, cap + 1)).fetchone()[0]
        if df > cap:
            pruned.append((df, term))
        else:
            kept.append(term)
            if term_df is not None:
                term_df[term] = int(df)
    if not kept:  # all common: keep them all rather than nothing
        return list(terms), []
    return kept, [t for _, t in pruned]
