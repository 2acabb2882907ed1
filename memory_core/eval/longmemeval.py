"""LongMemEval retrieval eval: each item's haystack (sessions with their dates, user *and*
assistant turns as chat events) goes into a fresh offline store; every question of the item is
asked through ``memory_query`` with the question date as "now".

Gold, as upstream: session level = ``answer_session_ids``; turn level = the turns marked
``has_answer`` (inside the gold sessions). Abstention questions (``_abs``) are reported apart.
Accepts the upstream format (one ``question`` per item) and the bench sample's merged format
(plural ``questions`` / ``answers`` / ``answer_session_ids``).
"""

from __future__ import annotations

import json
import re
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator, Sequence

from .harness import Progress, QuestionResult, evaluate_question, fresh_engine, summarise

_DATE = re.compile(r"(\d{4})/(\d{2})/(\d{2})(?:\s*\(\w+\))?\s*(\d{1,2}):(\d{2})")


def parse_date(text: str) -> float:
    """'2023/05/30 (Tue) 23:40' → unix seconds (UTC)."""
    m = _DATE.search(text or "")
    if not m:
        raise ValueError(f"unrecognised LongMemEval date {text!r}")
    y, mo, d, h, mi = map(int, m.groups())
    return datetime(y, mo, d, h, mi, tzinfo=timezone.utc).timestamp()


def load(path: str | Path) -> list[dict[str, Any]]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError("LongMemEval file must be a JSON list of items")
    return data


def questions_of(item: dict[str, Any]) -> Iterator[tuple[str, str, list[str]]]:
    """(question id, question, gold session ids) for each question of an item."""
    if "questions" in item:
        for i, (q, gold) in enumerate(zip(item["questions"], item["answer_session_ids"])):
            yield (item["question_id"] if i == 0 else f"{item['question_id']}#{i}"), q, list(gold)
    else:
        yield item["question_id"], item["question"], list(item.get("answer_session_ids") or [])


def payloads(item: dict[str, Any]) -> tuple[list[dict], dict[str, str], set[str]]:
    """Chat payloads for the haystack, turn id per message id, and the has_answer turn ids."""
    rows: list[dict] = []
    labelled: set[str] = set()
    turn_ids: dict[str, str] = {}
    for sid, date, session in zip(item["haystack_session_ids"], item["haystack_dates"],
                                  item["haystack_sessions"]):
        t0 = parse_date(date)
        for i, turn in enumerate(session):
            content = (turn.get("content") or "").strip()
            if not content:
                continue
            tid = f"{sid}#{i}"
            role = turn.get("role") if turn.get("role") in ("user", "assistant") else "user"
            rows.append({"type": "chat", "session_id": sid, "role": role, "content": content,
                         "occurred_at": t0 + i, "message_id": tid})
            turn_ids[tid] = sid
            if turn.get("has_answer"):
                labelled.add(tid)
    return rows, turn_ids, labelled


def run(path: str | Path, *, limit: int | None = None, types: Sequence[str] | None = None,
        layers: Sequence[str] = (), progress: Progress | None = None,
        embedder: str = "offline") -> dict[str, Any]:
    items = load(path)
    results: list[QuestionResult] = []
    ingest_ms: list[float] = []
    asked = 0
    for item in items:
        qtype = item.get("question_type", "unknown")
        if types and qtype not in types:
            continue
        if limit is not None and asked >= limit:
            break
        rows, turn_sessions, labelled = payloads(item)
        with fresh_engine(layers, embedder=embedder) as engine:
            t0 = time.perf_counter()
            res = engine.ingest_payloads(rows)
            engine.run_until_idle()
            ingest_ms.append((time.perf_counter() - t0) * 1000)
            stored = {e["source_item_id"]: e["event_id"] for e in engine.db.read_all(
                "SELECT source_item_id, event_id FROM fact_events")}
            turn_of = {eid: tid for tid, eid in stored.items()}
            session_of = {eid: turn_sessions[tid] for eid, tid in turn_of.items()}
            now = parse_date(item["question_date"])
            for qid, question, gold in questions_of(item):
                if limit is not None and asked >= limit:
                    break
                asked += 1
                gold_set = set(gold)
                gold_turns = {t for t in labelled if turn_sessions[t] in gold_set}
                r = evaluate_question(engine, qid=qid, group=qtype, question=question, now=now,
                                      turn_of=turn_of, session_of=session_of, gold_sessions=gold_set,
                                      gold_turns=gold_turns, abstention=qid.split("#")[0].endswith("_abs"))
                results.append(r)
                if progress:
                    progress(f"{qid} [{qtype}] {r.mode}: session R@5 ours={r.ours.get('session_recall@5')} "
                             f"bm25={r.baseline.get('session_recall@5')} ({r.ms:.0f} ms)")
            del res
    return summarise(results, dataset=f"LongMemEval ({Path(path).name})", ingest_ms=ingest_ms, notes={
        "store": "fresh offline store per haystack item (hashing embedder, no LLM)",
        "layers": list(layers) or ["l1"],
        "embedder": embedder,
        "ranking": "memory_query findings (limit 50, no token budget); a session ranks at its best turn",
        "baseline": "BM25 (FTS5, same segmentation) over all turns, no scope/rerank",
        "turn_gold": "has_answer turns inside the gold sessions; questions without them have no turn metrics",
    })
