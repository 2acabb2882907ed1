"""L3 retrieval: BM25 + vector + keyword over summaries, fused by weighted RRF (design).

* ``summary_type`` (temporal / thematic / insight) is a **hard** SQL filter: a caller that asks
  for temporal summaries never gets an insight.
* ``summary_category`` (browser_activity, task_reflection, ...) is a **soft** boost: recall is
  not filtered by it, every path fetches ``L3_CATEGORY_FETCH_FACTOR`` × more, and after fusion a
  hit of the wanted category is multiplied by ``L3_CATEGORY_BOOST``. A misclassified intent then
  costs ranking, not the whole L3 path.
* With a time window (summary modes) a fourth path ranks temporal summaries by how well their
  window fits the question's (IoU), and the fit boosts the fused score: "last week" puts the
  week summary above the 168 hour summaries inside it. Summaries that do not overlap the window
  at all are filtered out (the question asked about that time).

Every hit carries its ``source_event_ids`` — the drill-down from a summary to its L1 events.
"""

from __future__ import annotations

import logging
import math
import time
from collections import defaultdict
from typing import Any, Callable

import apsw

from ..db.connection import Database
from ..policy import (L3_CATEGORY_BOOST, L3_CATEGORY_FETCH_FACTOR, L3_RRF_WEIGHTS,
                      L3_WINDOW_FIT_BOOST, PATH_FETCH_K, SUMMARY_OVERVIEW_CATEGORY, SUMMARY_TYPES,
                      QueryMode)
from ..retrieval.plan import LayerHit, LayerResult, QueryPlan
from ..retrieval.rrf import weighted_rrf
from ..text.segment import fts_or_query, query_terms
from .embedding import knn
from .records import Summary
from .store import summaries_by_seq

log = logging.getLogger(__name__)

#: modes in which the time-window path runs (broad-window questions)
WINDOW_MODES = frozenset({QueryMode.SUMMARY, QueryMode.ACTIVITY_SUMMARY, QueryMode.TEMPORAL_COMPARE})
#: modes whose broad questions target the whole-window overview when no category is named
OVERVIEW_MODES = frozenset({QueryMode.SUMMARY, QueryMode.ACTIVITY_SUMMARY})
#: query words -> the summary_category they suggest (the soft boost's target when the caller
#: gave none). A wrong guess only costs ranking.
CATEGORY_CUES: dict[str, tuple[str, ...]] = {
    "browser_activity": ("browse", "browsing", "browsed", "website", "websites", "web", "page",
                         "pages", "site", "sites", "浏览", "网页", "网站", "上网"),
    "coding_activity": ("code", "coding", "commit", "commits", "git", "repo", "repository",
                        "programming", "terminal", "编程", "代码", "提交", "仓库", "开发"),
    "media_activity": ("music", "song", "songs", "listen", "listened", "video", "音乐", "听歌", "歌", "视频"),
    "conversation": ("chat", "chatted", "talk", "talked", "conversation", "聊天", "对话", "聊"),
    "task_reflection": ("task", "tasks", "handled", "reflection", "任务", "复盘"),
    "tool_activity": ("tool", "tools", "工具"),
    "state_change": ("changed", "change", "变化", "改变"),
    "long_term_trend": ("trend", "trends", "regularly", "趋势", "长期"),
}
_TEXT_CHARS = 900


def infer_category(terms: list[str]) -> str | None:
    votes: dict[str, int] = defaultdict(int)
    for t in terms:
        for cat, cues in CATEGORY_CUES.items():
            if t.lower() in cues:
                votes[cat] += 1
    return max(sorted(votes), key=lambda c: votes[c]) if votes else None


def iou(a0: float, a1: float, b0: float, b1: float) -> float:
    inter = max(0.0, min(a1, b1) - max(a0, b0))
    union = max(a1, b1) - min(a0, b0)
    return inter / union if union > 0 else 0.0


def rrf(ranked: dict[str, list[int]], weights: dict[str, float]) -> dict[int, float]:
    """Weighted RRF (the retrieval package's implementation) as seq -> fused score."""
    return {f.key: f.score for f in weighted_rrf(ranked, weights)}


class L3Retriever:
    name = "l3"

    def __init__(self, db: Database, space_id: Callable[[], int | None]) -> None:
        self.db = db
        self.space_id = space_id

    def search(self, plan: QueryPlan) -> LayerResult:
        started = time.perf_counter()
        conn = self.db.reader()
        trace: dict[str, Any] = {"layer": "l3"}
        stype = plan.filters.get("summary_type")
        if stype is not None and stype not in SUMMARY_TYPES:
            trace["ignored_filter"] = f"summary_type {stype!r} is not one of {SUMMARY_TYPES}"
            stype = None
        terms = plan.target_terms or plan.terms or query_terms(plan.query)
        # the soft-boost target: the caller's, else one the question's words suggest, else —
        # for a broad "what was I doing" question — the whole-window overview
        category, category_from = plan.filters.get("summary_category"), "caller"
        if not category:
            category, category_from = infer_category(plan.terms or terms), "query_words"
        if not category and plan.mode in OVERVIEW_MODES:
            category, category_from = SUMMARY_OVERVIEW_CATEGORY, "mode_default"
        k = PATH_FETCH_K
        if category:
            k = int(math.ceil(k * L3_CATEGORY_FETCH_FACTOR))
        where, params = ["s.status != 'redacted'"], []
        if stype:
            where.append("s.summary_type = ?")
            params.append(stype)
        window = None
        if plan.time_window is not None:
            w0 = plan.time_window.start
            w1 = plan.time_window.end if plan.time_window.end is not None else plan.now
            if w0 is not None:
                where.append("(s.window_end IS NULL OR s.window_end > ?)")
                params.append(w0)
            if w1 is not None:
                where.append("(s.window_start IS NULL OR s.window_start < ?)")
                params.append(w1)
            if w0 is not None and w1 is not None and w1 > w0:
                window = (w0, w1)
        clause = " AND ".join(where)
        ranked: dict[str, list[int]] = {
            "bm25": self._bm25(conn, terms, clause, params, k),
            "keyword": self._keyword(conn, terms, clause, params, k),
        }
        vec = self._vector(conn, plan, clause, params, k)
        if vec is not None:
            ranked["vector"] = vec
        fits: dict[int, float] = {}
        if window is not None and plan.mode in WINDOW_MODES:
            fits = self._window_fits(conn, window, clause, params)
            ranked["window"] = sorted(fits, key=lambda s: (-fits[s], s))[:k]
        fused = rrf(ranked, dict(L3_RRF_WEIGHTS))
        rows = summaries_by_seq(conn, list(fused))
        boosted: dict[int, float] = {}
        for seq, score in fused.items():
            s = rows.get(seq)
            if s is None:
                continue
            if category and s.summary_category == category:
                score *= L3_CATEGORY_BOOST
            if seq in fits:
                score *= 1.0 + L3_WINDOW_FIT_BOOST * fits[seq]
            boosted[seq] = score
        order = sorted(boosted, key=lambda s: (-boosted[s], -(rows[s].window_end or 0), s))[:plan.limit]
        hits = [self._hit(rows[seq], boosted[seq], category,
                          {p: ids.index(seq) + 1 for p, ids in ranked.items() if seq in ids},
                          fits.get(seq)) for seq in order]
        trace.update({"paths": {p: len(v) for p, v in ranked.items()}, "terms": terms,
                      "summary_type": stype, "summary_category_boost": category,
                      "category_from": category_from if category else None,
                      "fetch_k": k, "weights": dict(L3_RRF_WEIGHTS), "window": window,
                      "ms": round((time.perf_counter() - started) * 1000, 2)})
        return LayerResult(hits, trace)

    # -- paths ---------------------------------------------------------------------------------

    @staticmethod
    def _bm25(conn: apsw.Connection, terms: list[str], clause: str, params: list[Any], k: int) -> list[int]:
        expr = fts_or_query(terms)
        if not expr:
            return []
        try:
            return [r[0] for r in conn.execute(
                f"SELECT f.rowid FROM summaries_fts f CROSS JOIN summaries s ON s.seq = f.rowid "
                f"WHERE summaries_fts MATCH ? AND {clause} ORDER BY bm25(summaries_fts) LIMIT ?",
                (expr, *params, k))]
        except apsw.SQLError as exc:
            log.debug("l3 bm25 skipped: %s", exc)
            return []

    @staticmethod
    def _keyword(conn: apsw.Connection, terms: list[str], clause: str, params: list[Any],
                 k: int) -> list[int]:
        scores: dict[int, int] = defaultdict(int)
        for term in terms[:12]:
            like = f"%{term.lower()}%"
            for (seq,) in conn.execute(
                    f"SELECT s.seq FROM summaries s WHERE (lower(s.title) LIKE ? OR lower(s.body) LIKE ?) "
                    f"AND {clause}", (like, like, *params)):
                scores[seq] += 1
        return [s for s, _ in sorted(scores.items(), key=lambda x: (-x[1], -x[0]))][:k]

    def _vector(self, conn: apsw.Connection, plan: QueryPlan, clause: str, params: list[Any],
                k: int) -> list[int] | None:
        space = self.space_id()
        if plan.query_vector is None or space is None:
            return None
        near = knn(conn, space, plan.query_vector, k * 2)
        if not near:
            return []
        seqs = [s for s, _ in near]
        allowed = {r[0] for r in conn.execute(
            f"SELECT s.seq FROM summaries s WHERE s.seq IN ({','.join('?' * len(seqs))}) AND {clause}",
            (*seqs, *params))}
        return [s for s in seqs if s in allowed][:k]

    @staticmethod
    def _window_fits(conn: apsw.Connection, window: tuple[float, float], clause: str,
                     params: list[Any]) -> dict[int, float]:
        out = {}
        for seq, a0, a1 in conn.execute(
                f"SELECT s.seq, s.window_start, s.window_end FROM summaries s WHERE "
                f"s.summary_type IN ('temporal', 'thematic') AND s.window_start IS NOT NULL AND {clause}",
                params):
            fit = iou(a0, a1, window[0], window[1])
            if fit > 0:
                out[seq] = fit
        return out

    @staticmethod
    def _hit(s: Summary, score: float, category: str | None, ranks: dict[str, int],
             fit: float | None) -> LayerHit:
        text = f"{s.title}\n{s.body}"
        if len(text) > _TEXT_CHARS:
            text = text[:_TEXT_CHARS - 1] + "…"
        return LayerHit(
            layer="l3", kind="summary", id=s.summary_id, text=text, score=score,
            event_ids=list(s.source_event_ids), occurred_at=_about(s),
            payload={"summary_type": s.summary_type, "summary_category": s.summary_category,
                     "granularity": s.granularity, "window_start": s.window_start,
                     "window_end": s.window_end, "producer": s.producer, "status": s.status,
                     "event_count": s.event_count, "source_stats": s.source_stats,
                     "title": s.title, "category_boosted": bool(category and s.summary_category == category),
                     "window_fit": fit, "path_ranks": ranks,
                     "drill_down": {"summary_id": s.summary_id, "event_ids": len(s.source_event_ids)}})


def _about(s: Summary) -> float | None:
    """The point in time a summary is about, for point-in-window checks downstream: the middle
    of a window summary (its end lies on the next window's border, e.g. Monday 00:00 for "last
    week"), the moment of an insight."""
    if s.summary_type != "insight" and s.window_start is not None and s.window_end is not None:
        return (s.window_start + s.window_end) / 2
    return s.window_end
