"""Bilingual paraphrase / cross-lingual retrieval eval (``magi-memory eval paraphrase FILE``).

The file (``docs/eval/bilingual_paraphrase.json``) holds items that state one fact in English
and in Chinese, ask about it in both languages without the evidence's words, and add distractor
statements that share the question's words but do not answer it. One store is built per
evidence language with every item's evidence and distractors (so each question also competes
with 29 other facts); each question is asked against both stores, giving four directions:
EN→EN, ZH→ZH (paraphrase) and EN→ZH, ZH→EN (cross-lingual). A third, *mixed* store holds each
fact in one language only (alternating) beside the distractors of both languages, as a
bilingual user's memory would; it is reported apart. A hit is the item's evidence among the top
k findings. BM25 over the same store is the baseline, measured in the same run.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Sequence

from ..text.segment import query_terms
from .harness import EVAL_LIMIT, Progress, bm25_baseline, fresh_engine
from .metrics import average, percentile

LANGS = ("en", "zh")
#: a third store: each fact stated in one language only (alternating), the distractors of both
#: languages beside it — a bilingual user's memory, where a question's own language has many
#: statements sharing its words and the answer may be in the other language
MIXED = "mixed"
#: occurred_at of the first stored statement (the stores are timeless: spacing only orders them)
START = 1_700_000_000.0


def load_items(path: str | Path) -> list[dict[str, Any]]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    items = data["items"] if isinstance(data, dict) else data
    for i, item in enumerate(items):
        for key in ("id", "evidence", "question", "distractors"):
            if key not in item:
                raise ValueError(f"item {i}: missing field {key!r}")
        for key in ("evidence", "question", "distractors"):
            for lang in LANGS:
                if lang not in item[key]:
                    raise ValueError(f"item {item['id']}: {key}.{lang} is missing")
    return items


def shared_terms(question: str, evidence: str) -> list[str]:
    """Content terms the question shares with its evidence (the set promises none)."""
    return sorted(set(query_terms(question)) & set(query_terms(evidence)))


def _ranks(event_ids: Sequence[str], gold: str) -> int | None:
    return event_ids.index(gold) + 1 if gold in event_ids else None


def run(path: str | Path, *, embedder: str = "offline", ks: Sequence[int] = (1, 5, 10),
        progress: Progress | None = None) -> dict[str, Any]:
    items = load_items(path)
    results: list[dict[str, Any]] = []
    overlaps: list[dict[str, Any]] = []
    ingest_ms: list[float] = []
    query_ms: list[float] = []
    for store_lang in (*LANGS, MIXED):
        with fresh_engine((), embedder=embedder) as engine:
            payloads, gold_of = [], {}
            evidence_lang: dict[str, str] = {}
            n = 0
            for k, item in enumerate(items):
                ev_lang = store_lang if store_lang != MIXED else LANGS[k % 2]
                evidence_lang[item["id"]] = ev_lang
                distractors = (item["distractors"][store_lang] if store_lang != MIXED
                               else [d for lang in LANGS for d in item["distractors"][lang]])
                for role, text in [("evidence", item["evidence"][ev_lang]),
                                   *(("distractor", d) for d in distractors)]:
                    mid = f"{item['id']}:{role}:{n}"
                    # one session per statement: they are independent facts, not a conversation
                    # (a chat message is embedded with the one before it in its session)
                    payloads.append({"type": "chat", "role": "user", "session_id": f"s-{n}",
                                     "message_id": mid, "content": text,
                                     "occurred_at": START + 3600.0 * n})
                    if role == "evidence":
                        gold_of[item["id"]] = mid
                    n += 1
            t0 = time.perf_counter()
            report = engine.ingest_payloads(payloads)
            if report.rejected:
                raise ValueError(f"rejected while building the {store_lang} store: {report.rejected}")
            engine.run_until_idle()
            ingest_ms.append((time.perf_counter() - t0) * 1000)
            event_of = {r["source_item_id"]: r["event_id"]
                        for r in engine.db.read_all("SELECT source_item_id, event_id FROM fact_events")}
            now = START + 3600.0 * (n + 24)
            for item in items:
                gold = event_of[gold_of[item["id"]]]
                for q_lang in LANGS:
                    question = item["question"][q_lang]
                    if q_lang == store_lang:  # (the mixed store repeats the same pairs)
                        common = shared_terms(question, item["evidence"][store_lang])
                        if common:
                            overlaps.append({"id": item["id"], "lang": q_lang, "terms": common})
                    t0 = time.perf_counter()
                    package = engine.retrieval.query(question, None, now=now, limit=EVAL_LIMIT,
                                                     budget_tokens=None)
                    query_ms.append((time.perf_counter() - t0) * 1000)
                    ours = [f.event_id for f in (package.ranked or package.findings)]
                    facing = [f.event_id for f in package.findings]
                    base = bm25_baseline(engine, question)
                    direction = (f"{q_lang}->{store_lang}" if store_lang != MIXED
                                 else f"{q_lang}->{evidence_lang[item['id']]} in a mixed store")
                    row: dict[str, Any] = {"id": item["id"], "direction": direction,
                                           "question": question, "rank": _ranks(ours, gold),
                                           "bm25_rank": _ranks(base, gold),
                                           "first_finding_is_gold": bool(facing) and facing[0] == gold}
                    results.append(row)
            if progress:
                progress(f"{store_lang} store: {len(items) * len(LANGS)} questions asked")

    def metrics(rows: Sequence[dict[str, Any]], key: str) -> dict[str, float]:
        per = []
        for r in rows:
            rank = r[key]
            m = {f"recall@{k}": float(rank is not None and rank <= k) for k in ks}
            m["mrr"] = 1.0 / rank if rank else 0.0
            per.append(m)
        return average(per)

    directions = sorted({r["direction"] for r in results})
    main_rows = [r for r in results if "mixed" not in r["direction"]]
    mixed_rows = [r for r in results if "mixed" in r["direction"]]
    cross_mixed = [r for r in mixed_rows if r["direction"][:2] != r["direction"][4:6]]
    return {
        "dataset": f"bilingual paraphrase ({Path(path).name})",
        "n_items": len(items), "n_questions": len(main_rows), "embedder": embedder,
        "overall": {"ours": metrics(main_rows, "rank"), "bm25": metrics(main_rows, "bm25_rank"),
                    "first_finding_is_gold": round(sum(r["first_finding_is_gold"] for r in main_rows)
                                                   / max(1, len(main_rows)), 4)},
        "mixed_store": {"n": len(mixed_rows), "ours": metrics(mixed_rows, "rank"),
                        "bm25": metrics(mixed_rows, "bm25_rank"),
                        "cross_lingual": {"n": len(cross_mixed), "ours": metrics(cross_mixed, "rank"),
                                          "bm25": metrics(cross_mixed, "bm25_rank")}},
        "by_direction": {d: {"n": sum(r["direction"] == d for r in results),
                             "ours": metrics([r for r in results if r["direction"] == d], "rank"),
                             "bm25": metrics([r for r in results if r["direction"] == d], "bm25_rank")}
                         for d in directions},
        "misses_at_5": [{k: r[k] for k in ("id", "direction", "question", "rank")}
                        for r in main_rows if not (r["rank"] and r["rank"] <= 5)],
        "shared_content_terms": overlaps,
        "timing_ms": {"query_p50": round(percentile(query_ms, 50), 2),
                      "query_p95": round(percentile(query_ms, 95), 2),
                      "ingest_and_embed_per_store": [round(x) for x in ingest_ms]},
    }


def render(result: dict[str, Any]) -> str:
    lines = [f"## {result['dataset']}: {result['n_questions']} questions over {result['n_items']} "
             f"facts (embedder: {result['embedder']})", "",
             "| system / direction | n | recall@1 | recall@5 | recall@10 | MRR |", "|---|---|---|---|---|---|"]

    def row(label: str, n: int, m: dict[str, float]) -> str:
        return (f"| {label} | {n} | {m.get('recall@1', 0):.3f} | {m.get('recall@5', 0):.3f} | "
                f"{m.get('recall@10', 0):.3f} | {m.get('mrr', 0):.3f} |")

    o = result["overall"]
    lines.append(row("ours, overall", result["n_questions"], o["ours"]))
    lines.append(row("BM25-only, overall", result["n_questions"], o["bm25"]))
    for d, v in result["by_direction"].items():
        if "mixed" in d:
            continue
        lines.append(row(f"ours, {d}", v["n"], v["ours"]))
        lines.append(row(f"BM25-only, {d}", v["n"], v["bm25"]))
    mx = result["mixed_store"]
    lines.append(row("ours, mixed store (all)", mx["n"], mx["ours"]))
    lines.append(row("BM25-only, mixed store (all)", mx["n"], mx["bm25"]))
    lines.append(row("ours, mixed store, cross-lingual", mx["cross_lingual"]["n"], mx["cross_lingual"]["ours"]))
    lines.append(row("BM25-only, mixed store, cross-lingual", mx["cross_lingual"]["n"],
                     mx["cross_lingual"]["bm25"]))
    lines += ["", f"first answer-facing finding is the evidence: {o['first_finding_is_gold']:.3f}",
              f"query p50 {result['timing_ms']['query_p50']} ms, p95 {result['timing_ms']['query_p95']} ms",
              f"questions sharing a content term with their evidence (same language): "
              f"{len(result['shared_content_terms'])}"]
    for m in result["misses_at_5"]:
        lines.append(f"  miss@5: {m['direction']} {m['id']}: {m['question']} (rank {m['rank']})")
    return "\n".join(lines)
