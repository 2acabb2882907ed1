"""Keyword path: substring matching + token-coverage scoring — the fallback for what BM25's exact
tokens miss (word prefixes and variants, identifiers, numbers like "27:12", parts of words).

Candidates come from two cheap sources: FTS5 *prefix* queries of each term over the whole store
("hunter2" finds "hunter2xyz"), and a ``LIKE`` scan of the newest ``policy.KEYWORD_SCAN_MAX_ROWS``
rows (infix matches: "fryer" inside "airfryer"). Both are scored the same way: the share of the
question's term characters present in the event (longer terms weigh more), so the ranking is
"covers most of the question", unlike BM25's "rarest terms".
"""

from __future__ import annotations

import re
import time
from typing import Sequence

from ...policy import (KEYWORD_MIN_COVERAGE, KEYWORD_PREFIX_CANDIDATES, KEYWORD_SCAN_MAX_ROWS,
                       KEYWORD_SCORE_CHARS)
from ...text.segment import fts_phrase, has_cjk
from ..plan import QueryPlan
from . import PathContext, PathResult
from .terms import search_terms

_WORD = re.compile(r"^[0-9a-z][0-9a-z_]*$")


def keyword_terms(plan: QueryPlan) -> list[str]:
    terms = [t for t in search_terms(plan) if len(t) >= 2 or not t.isascii()]
    for q in plan.quoted_phrases:
        if q.lower() not in terms:
            terms.append(q.lower())
    # drop terms that are part of a longer term (jieba gives 空气炸锅 and 空气)
    return [t for t in terms if not any(t != o and t in o for o in terms)]


def _like_escape(term: str) -> str:
    return "%" + term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _prefix_expr(terms: Sequence[str]) -> str:
    parts = []
    for t in terms:
        if has_cjk(t):
            parts.append(fts_phrase(t))
        elif _WORD.match(t):
            parts.append(f'"{t}" *')
        else:
            phrase = fts_phrase(t)
            if phrase:
                parts.append(phrase)
    return " OR ".join(p for p in parts if p)


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
    #: the newest matches whatever the window: may start before the anchor is resolved
    reads_window = False

    def skip_reason(self, plan: QueryPlan) -> str | None:
        return None if keyword_terms(plan) else "no keyword terms"

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        terms = keyword_terms(ctx.plan)[:12]
        # scope and filters without their indexes: a rowid range or slice drives both reads below
        where, params = ctx.where(unindexed=True, window=ctx.until_window)
        bounds, bound_params = ctx.rowid_bounds(ctx.until_window, alias="fact_events_fts")
        conn = ctx.db.reader()
        rows: dict[int, str] = {}
        pruned = set(ctx.pruned_terms)
        expr = _prefix_expr([t for t in terms if t not in pruned])
        if expr:
            # newest matches first, no BM25 scoring: FTS5 walks its doclists in rowid order and
            # stops at the LIMIT, so the cost is the rows read, not the (possibly huge) match
            # count; relevance over the whole history is BM25's job, coverage ranks these.
            # One statement: the newest matches drive, each looks its event up by primary key,
            # the filters drop what is out of scope, and only the kept rows' text is read (the
            # id list used to be filtered in 500-id chunks that returned the oldest of them)
            for seq, content in conn.execute(
                    "SELECT r.rid, substr(e.content, 1, ?) FROM (SELECT rowid AS rid FROM fact_events_fts "
                    f"WHERE fact_events_fts MATCH ?{bounds} ORDER BY rowid DESC LIMIT ?) r "
                    f"CROSS JOIN fact_events e ON e.seq = r.rid WHERE 1{where} ORDER BY r.rid DESC LIMIT ?",
                    (KEYWORD_SCORE_CHARS, expr, *bound_params, KEYWORD_PREFIX_CANDIDATES * 4, *params,
                     KEYWORD_PREFIX_CANDIDATES)):
                rows[seq] = content
        from_prefix = len(rows)
        top = conn.execute("SELECT max(seq) FROM fact_events").fetchone()[0] or 0
        low = max(0, int(top) - KEYWORD_SCAN_MAX_ROWS)
        # LIKE is case-insensitive for ASCII already: no lower() copy of every row
        likes = " OR ".join("e.content LIKE ? ESCAPE '\\'" for _ in terms)
        for seq, content in conn.execute(
                f"SELECT e.seq, substr(e.content, 1, {KEYWORD_SCORE_CHARS}) FROM fact_events e "
                f"WHERE e.seq > ?{where} AND ({likes})",
                (low, *params, *[_like_escape(t) for t in terms])):
            rows[seq] = content
        scored = [(int(seq), coverage(content, terms)) for seq, content in rows.items()]
        scored = [s for s in scored if s[1] >= KEYWORD_MIN_COVERAGE or len(terms) == 1]
        scored.sort(key=lambda s: (-s[1], -s[0]))
        return PathResult(self.name, scored[: ctx.fetch_k], (time.perf_counter() - t0) * 1000,
                          info={"terms": terms, "prefix_candidates": from_prefix,
                                "scanned_candidates": len(rows) - from_prefix, "scan_from_seq": low})
