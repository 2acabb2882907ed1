"""L4 retrieval: BM25 + keyword over ``procedural_skills``, fused by weighted RRF.

The vector path is disabled on purpose (design): the table is small (one row per tool and
category), two lexical paths already reach every candidate, and what a strategy question needs
is the tool name and scenario to line up, not semantic nearness.

A deictic question ("how did I handle this last time?") names no tool, so neither path can
match; in strategy mode the most recently used skills are then returned, marked
``match = "recent_fallback"`` so the answer can say how they were found.
"""

from __future__ import annotations

import logging
import time
from collections import defaultdict
from dataclasses import replace
from typing import Any

import apsw

from ..clock import Clock
from ..db.connection import Database, query_all
from ..policy import L4_RRF_WEIGHTS, QueryMode
from ..retrieval.plan import LayerHit, LayerResult, QueryPlan
from ..retrieval.rrf import weighted_rrf
from ..text.segment import fts_or_query, query_terms
from .breaker import effective
from .distill import strategy_hint
from .records import Skill
from .store import skills_by_seq

log = logging.getLogger(__name__)

#: provenance carried on a hit: the events of the skill's most recent traces
HIT_TRACE_EVENTS = 10


def rrf(ranked: dict[str, list[int]], weights: dict[str, float]) -> dict[int, float]:
    """Weighted RRF (the retrieval package's implementation) as seq -> fused score."""
    return {f.key: f.score for f in weighted_rrf(ranked, weights)}


def bm25_path(conn: apsw.Connection, terms: list[str], k: int) -> list[int]:
    expr = fts_or_query(terms)
    if not expr:
        return []
    try:
        return [r[0] for r in conn.execute(
            "SELECT rowid FROM procedural_skills_fts WHERE procedural_skills_fts MATCH ? "
            "ORDER BY bm25(procedural_skills_fts) LIMIT ?", (expr, k))]
    except apsw.SQLError as exc:  # a query FTS5 cannot parse: the keyword path still runs
        log.debug("l4 bm25 skipped: %s", exc)
        return []


def keyword_path(conn: apsw.Connection, terms: list[str], k: int) -> list[int]:
    """Substring match per term; a hit in the tool name counts double."""
    if not terms:
        return []
    scores: dict[int, float] = defaultdict(float)
    for term in terms[:12]:
        like = f"%{term.lower()}%"
        for seq, in_name in conn.execute(
                "SELECT seq, (lower(tool_name) LIKE ?1 OR lower(replace(tool_name, '_', ' ')) LIKE ?1) "
                "FROM procedural_skills WHERE lower(tool_name) LIKE ?1 OR "
                "lower(replace(tool_name, '_', ' ')) LIKE ?1 OR lower(category) LIKE ?1 OR "
                "lower(coalesce(optimized_prompt, '')) LIKE ?1 OR lower(coalesce(last_error, '')) LIKE ?1",
                (like,)):
            scores[seq] += 2.0 if in_name else 1.0
    return [s for s, _ in sorted(scores.items(), key=lambda x: (-x[1], x[0]))][:k]


def recent_path(conn: apsw.Connection, k: int) -> list[int]:
    return [r[0] for r in conn.execute(
        "SELECT seq FROM procedural_skills ORDER BY coalesce(last_used_at, 0) DESC LIMIT ?", (k,))]


class L4Retriever:
    name = "l4"

    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock

    def search(self, plan: QueryPlan) -> LayerResult:
        started = time.perf_counter()
        conn = self.db.reader()
        terms = plan.target_terms or plan.terms or query_terms(plan.query)
        k = max(plan.limit, 10)
        ranked = {"bm25": bm25_path(conn, terms, k), "keyword": keyword_path(conn, terms, k)}
        fused = rrf(ranked, dict(L4_RRF_WEIGHTS))
        match = "lexical"
        if not fused and plan.mode is QueryMode.STRATEGY:
            ranked["recent_fallback"] = recent_path(conn, plan.limit)
            fused = rrf({"recent_fallback": ranked["recent_fallback"]}, {"recent_fallback": 1.0})
            match = "recent_fallback"
        order = sorted(fused, key=lambda s: (-fused[s], s))[:plan.limit]
        rows = skills_by_seq(conn, order)
        now = plan.now if plan.now else self.clock.now()
        hits = []
        for seq in order:
            row = rows.get(seq)
            if row is None:
                continue
            hits.append(self._hit(conn, row, fused[seq], now, match,
                                  {p: ids.index(seq) + 1 for p, ids in ranked.items() if seq in ids}))
        return LayerResult(hits, {
            "layer": "l4", "paths": {p: len(v) for p, v in ranked.items()}, "terms": terms,
            "weights": dict(L4_RRF_WEIGHTS), "match": match, "vector": "disabled (design)",
            "ms": round((time.perf_counter() - started) * 1000, 2)})

    def _hit(self, conn: apsw.Connection, row: dict[str, Any], score: float, now: float,
             match: str, ranks: dict[str, int]) -> LayerHit:
        skill = Skill.from_row(row)
        b = effective(skill.breaker, now)
        view = replace(skill, breaker=b)
        events = [r["event_id"] for r in query_all(
            conn, "SELECT event_id FROM l4_execution_traces WHERE skill_id = ? "
                  "ORDER BY occurred_at DESC, trace_id DESC LIMIT ?", (skill.skill_id, HIT_TRACE_EVENTS))]
        payload = skill.to_json(b)
        payload.update({"match": match, "path_ranks": ranks, "hint": strategy_hint(view, skill.strategy)})
        return LayerHit(layer="l4", kind="skill", id=skill.skill_id,
                        text=strategy_hint(view, skill.strategy), score=score, event_ids=events,
                        occurred_at=skill.last_used_at, payload=payload)
