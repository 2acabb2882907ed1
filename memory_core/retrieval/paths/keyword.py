"""Keyword path: SQL ``LIKE`` substring match + token-coverage scoring — the fallback for what
FTS tokens miss (parts of words, identifiers, numbers like "27:12", single CJK characters).

It scans at most ``policy.KEYWORD_SCAN_MAX_ROWS`` of the newest rows (by seq) so its cost stays
bounded on big stores; BM25 covers the whole history.
"""

from __future__ import annotations

import time
from typing import Sequence

from ...policy import KEYWORD_MIN_COVERAGE, KEYWORD_SCAN_MAX_ROWS
from ..plan import QueryPlan
from . import PathContext, PathResult
from .bm25 import search_terms


def keyword_terms(plan: QueryPlan) -> list[str]:
    terms = [t for t in search_terms(plan) if len(t) >= 2 or not t.isascii()]
    for q in plan.quoted_phrases:
        if q.lower() not in terms:
            terms.append(q.lower())
    # drop terms that are part of a longer term (jieba gives 空气炸锅 and 空气)
    return [t for t in terms if not any(t != o and t in o for o in terms)]


def _like_escape(term: str) -> str:
    return "%" + term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def coverage(content: str, terms: Sequence[str]) -> float:
    """Share of the terms' characters found in ``content`` (longer terms weigh more)."""
    if not terms:
        return 0.0
    lowered = content.lower()
    total = sum(len(t) for t in terms)
    found = sum(len(t) for t in terms if t in lowered)
    return found / total


class KeywordPath:
    name = "keyword"
    needs_seeds = False

    def skip_reason(self, plan: QueryPlan) -> str | None:
        return None if keyword_terms(plan) else "no keyword terms"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        terms = keyword_terms(ctx.plan)[:12]
        where, params = ctx.where()
        conn = ctx.db.reader()
        top = conn.execute("SELECT max(seq) FROM fact_events").fetchone()[0] or 0
        low = max(0, int(top) - KEYWORD_SCAN_MAX_ROWS)
        likes = " OR ".join("lower(e.content) LIKE ? ESCAPE '\\'" for _ in terms)
        rows = conn.execute(
            f"SELECT e.seq, e.content FROM fact_events e WHERE e.seq > ?{where} AND ({likes})",
            (low, *params, *[_like_escape(t) for t in terms])).fetchall()
        scored = [(int(seq), coverage(content, terms)) for seq, content in rows]
        scored = [s for s in scored if s[1] >= KEYWORD_MIN_COVERAGE or len(terms) == 1]
        scored.sort(key=lambda s: (-s[1], -s[0]))
        return PathResult(self.name, scored[: ctx.fetch_k], (time.perf_counter() - t0) * 1000,
                          info={"terms": terms, "matched": len(rows), "scan_from_seq": low})
