"""Shared machinery of the retrieval evals: fresh offline stores, ranking our package vs a
BM25-only baseline over the same store, per-group aggregation."""

from __future__ import annotations

import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from ..clock import FakeClock
from ..config import MemoryConfig
from ..engine import MemoryEngine
from ..text.segment import fts_or_query, query_terms
from .metrics import average, dedupe, percentile, score

#: findings requested per question (the ranking the metrics read); no token budget in evals
EVAL_LIMIT = 50


#: offline embedders an eval may use: the bundled default (multilingual-e5-small), the
#: Windows fallback (USE multilingual), the lexical hashing embedder, or the English MiniLM
#: extra. Nothing is downloaded; each model is loaded once per run, not once per store.
EMBEDDERS = ("offline", "use", "hashing", "sentence_model")
_BUNDLED = {"offline": "multilingual-e5-small", "use": "use-multilingual-v3"}
_EMBEDDER_CACHE: dict[str, object] = {}


def load_eval_embedder(embedder: str):
    from ..providers.hashing_embedder import HashingEmbedder

    if embedder not in EMBEDDERS:
        raise ValueError(f"embedder must be one of {', '.join(EMBEDDERS)}, got {embedder!r}")
    if embedder == "hashing":
        return HashingEmbedder()
    if embedder not in _EMBEDDER_CACHE:
        if embedder in _BUNDLED:
            from ..providers.bundled import load_model

            _EMBEDDER_CACHE[embedder] = load_model(_BUNDLED[embedder])
        else:
            from ..providers.sentence_model import load_sentence_embedder

            _EMBEDDER_CACHE[embedder] = load_sentence_embedder()
    return _EMBEDDER_CACHE[embedder]


def _providers(embedder: str):
    from ..engine import _OfflineProviders

    return _OfflineProviders(embedder=load_eval_embedder(embedder))


@contextmanager
def fresh_engine(layers: Sequence[str] = (), *, start: float = 1_600_000_000.0,
                 embedder: str = "offline") -> Iterator[MemoryEngine]:
    """An offline engine on a throw-away database (local embedder, no network, no LLM)."""
    tmp = Path(tempfile.mkdtemp(prefix="magi-eval-"))
    config = MemoryConfig(data_dir=tmp)
    config.layers = tuple(layers)
    config.providers.offline_only = True
    config.providers.chat_provider = "offline"
    config.providers.embedding_provider = "hashing" if embedder == "hashing" else "offline"
    engine = MemoryEngine(tmp / "eval.db", config=config, clock=FakeClock(start), layers=tuple(layers),
                          providers=_providers(embedder))
    try:
        yield engine
    finally:
        engine.close()
        for p in tmp.glob("*"):
            p.unlink(missing_ok=True)
        tmp.rmdir()


def bm25_baseline(engine: MemoryEngine, question: str, k: int = 200) -> list[str]:
    """Plain BM25 over every stored turn (no scope, no rerank): the off-the-shelf baseline,
    measured on the same index and segmentation as ours."""
    expr = fts_or_query(query_terms(question))
    if not expr:
        return []
    rows = engine.db.reader().execute(
        "SELECT e.event_id FROM fact_events_fts f JOIN fact_events e ON e.seq = f.rowid "
        "WHERE fact_events_fts MATCH ? ORDER BY bm25(fact_events_fts) LIMIT ?", (expr, k)).fetchall()
    return [r[0] for r in rows]


@dataclass
class QuestionResult:
    qid: str
    group: str
    ours: dict[str, float]
    baseline: dict[str, float]
    ms: float
    mode: str
    insufficient: bool
    abstention: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def evaluate_question(engine: MemoryEngine, *, qid: str, group: str, question: str, now: float,
                      turn_of: dict[str, str], session_of: dict[str, str], gold_sessions: set[str],
                      gold_turns: set[str], abstention: bool = False) -> QuestionResult:
    t0 = time.perf_counter()
    package = engine.retrieval.query(question, None, now=now, limit=EVAL_LIMIT, budget_tokens=None)
    ms = (time.perf_counter() - t0) * 1000
    def events_of(findings: Sequence[Any]) -> list[str]:
        out: list[str] = []
        for f in findings:
            for eid in [f.event_id, *f.event_ids]:
                if eid in turn_of and eid not in out:
                    out.append(eid)
        return out

    # the ranking is the findings list before the relevance floor (a presentation cut: the
    # answer-facing list is scored apart, as "answer_facing")
    ranked_events = events_of(package.ranked or package.findings)
    facing = events_of(package.findings)
    base_events = bm25_baseline(engine, question)

    def metrics(events: list[str]) -> dict[str, float]:
        out: dict[str, float] = {}
        if gold_sessions:
            out.update(score(dedupe(session_of[e] for e in events), gold_sessions, "session"))
        if gold_turns:
            out.update(score(dedupe(turn_of[e] for e in events), gold_turns, "turn"))
        return out

    facing_hit: dict[str, float] = {}
    if gold_sessions:
        facing_hit["session_hit"] = float(bool(gold_sessions & {session_of[e] for e in facing}))
    if gold_turns:
        facing_hit["turn_hit"] = float(bool(gold_turns & {turn_of[e] for e in facing}))
    return QuestionResult(qid, group, metrics(ranked_events), metrics(base_events), ms,
                          package.query_mode, package.insufficient_evidence, abstention,
                          {"findings": len(package.findings), "ranked": len(package.ranked or package.findings),
                           "answer_facing": facing_hit})


def summarise(results: Sequence[QuestionResult], *, dataset: str, ingest_ms: Sequence[float],
              notes: dict[str, Any]) -> dict[str, Any]:
    scored = [r for r in results if not r.abstention]
    groups = sorted({r.group for r in scored})
    times = [r.ms for r in results]
    modes: dict[str, int] = {}
    for r in results:
        modes[r.mode] = modes.get(r.mode, 0) + 1
    abst = [r for r in results if r.abstention]
    out: dict[str, Any] = {
        "dataset": dataset,
        "n_questions": len(results),
        "n_scored": len(scored),
        "overall": average([r.ours for r in scored]),
        "by_type": {g: average([r.ours for r in scored if r.group == g]) | {"n": sum(r.group == g for r in scored)}
                    for g in groups},
        "baseline_bm25": {
            "overall": average([r.baseline for r in scored]),
            "by_type": {g: average([r.baseline for r in scored if r.group == g]) for g in groups},
        },
        "abstention": {
            "n": len(abst),
            "insufficient_evidence_rate": round(sum(r.insufficient for r in abst) / len(abst), 4) if abst else None,
            "ours": average([r.ours for r in abst]) if abst else {},
            "baseline_bm25": average([r.baseline for r in abst]) if abst else {},
        },
        "timing_ms": {"query_mean": round(sum(times) / len(times), 2) if times else 0.0,
                      "query_p50": round(percentile(times, 50), 2), "query_p95": round(percentile(times, 95), 2),
                      "ingest_mean_per_store": round(sum(ingest_ms) / len(ingest_ms), 1) if ingest_ms else 0.0},
        "modes_chosen": modes,
        "answer_facing": _answer_facing(scored),
        "notes": notes,
    }
    return out


def _answer_facing(results: Sequence[QuestionResult]) -> dict[str, float]:
    """What the answerer is shown after the relevance floor: how many findings, and how often
    they still contain a gold session / turn (vs the same in the ranking's first 10)."""
    if not results:
        return {}
    out: dict[str, float] = {
        "mean_findings": round(sum(r.extra.get("findings", 0) for r in results) / len(results), 2),
        "mean_ranked": round(sum(r.extra.get("ranked", 0) for r in results) / len(results), 2)}
    for key in ("session_hit", "turn_hit"):
        vals = [r.extra["answer_facing"][key] for r in results if key in r.extra.get("answer_facing", {})]
        if vals:
            out[key] = round(sum(vals) / len(vals), 4)
    return out


Progress = Callable[[str], None]
