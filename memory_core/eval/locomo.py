"""LoCoMo retrieval eval: each conversation's sessions are ingested once into a fresh offline
store; every QA's ``evidence`` dialog ids are the gold turns (and their sessions the gold
sessions). Scored per category; category 5 (adversarial / unanswerable) is reported apart.

Both speakers are people other than the user, so each turn is a chat line with its ``speaker``:
the memory renders it "Caroline: ..." (the questions name them) and attributes what it states to
that person's entity, never to the user. Shared photos are kept as their caption. The
LLM-generated ``event_summary`` / ``observation`` / ``session_summary`` are not indexed.
"""

from __future__ import annotations

import json
import re
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

from .harness import Progress, QuestionResult, evaluate_question, fresh_engine, summarise

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
_DATE = re.compile(r"(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})", re.I)
_MONTHS = {m: i for i, m in enumerate(("january", "february", "march", "april", "may", "june", "july",
                                       "august", "september", "october", "november", "december"), 1)}
_DIA = re.compile(r"D(\d+):(\d+)")


def parse_date(text: str) -> float:
    """'1:56 pm on 8 May, 2023' → unix seconds (UTC)."""
    m = _DATE.search(text or "")
    if not m:
        raise ValueError(f"unrecognised LoCoMo date {text!r}")
    h, mi, ampm, d, mon, y = m.groups()
    hour = int(h) % 12 + (12 if ampm.lower() == "pm" else 0)
    month = next((v for k, v in _MONTHS.items() if k.startswith(mon.lower()[:3])), None)
    if month is None:
        raise ValueError(f"unrecognised month in LoCoMo date {text!r}")
    return datetime(int(y), month, int(d), hour, int(mi), tzinfo=timezone.utc).timestamp()


def sessions_of(conv: dict[str, Any]) -> list[tuple[int, float, list[dict]]]:
    out = []
    for key, value in conv.items():
        m = re.fullmatch(r"session_(\d+)", key)
        if m and isinstance(value, list):
            n = int(m[1])
            out.append((n, parse_date(conv[f"session_{n}_date_time"]), value))
    return sorted(out)


def payloads(sample: dict[str, Any]) -> tuple[list[dict], dict[str, str]]:
    rows: list[dict] = []
    session_of: dict[str, str] = {}
    for n, t0, turns in sessions_of(sample["conversation"]):
        for i, turn in enumerate(turns):
            text = (turn.get("text") or "").strip()
            if turn.get("blip_caption"):
                text = f"{text} [shares a photo: {turn['blip_caption']}]".strip()
            if not text:
                continue
            dia = turn["dia_id"]
            rows.append({"type": "chat", "session_id": f"{sample['sample_id']}:S{n}", "role": "user",
                         "speaker": turn["speaker"], "content": text, "occurred_at": t0 + i, "message_id": dia})
            session_of[dia] = f"S{n}"
    return rows, session_of


def gold_of(qa: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    for ev in qa.get("evidence") or []:
        for s, t in _DIA.findall(str(ev)):
            out.add(f"D{int(s)}:{int(t)}")
    return out


def run(path: str | Path, *, limit: int | None = None, categories: Sequence[int] | None = None,
        conversations: int | None = None, layers: Sequence[str] = (),
        progress: Progress | None = None, embedder: str = "offline", skip: int = 0) -> dict[str, Any]:
    """``skip`` / ``conversations``: use conversations ``skip .. skip+conversations-1`` only (tune
    on some, report on the others)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    results: list[QuestionResult] = []
    ingest_ms: list[float] = []
    asked = 0
    no_evidence = 0
    for ci, sample in enumerate(data):
        if ci < skip:
            continue
        if conversations is not None and ci >= skip + conversations:
            break
        if limit is not None and asked >= limit:
            break
        rows, dia_session = payloads(sample)
        with fresh_engine(layers, embedder=embedder) as engine:
            t0 = time.perf_counter()
            engine.ingest_payloads(rows)
            engine.run_until_idle()
            ingest_ms.append((time.perf_counter() - t0) * 1000)
            stored = {e["source_item_id"]: e["event_id"] for e in engine.db.read_all(
                "SELECT source_item_id, event_id FROM fact_events")}
            turn_of = {eid: dia for dia, eid in stored.items()}
            session_of = {eid: dia_session[dia] for eid, dia in turn_of.items()}
            now = max(r["occurred_at"] for r in rows) + 86400
            for qi, qa in enumerate(sample["qa"]):
                cat = int(qa.get("category", 0))
                if categories and cat not in categories:
                    continue
                if limit is not None and asked >= limit:
                    break
                gold = {g for g in gold_of(qa) if g in stored}
                if not gold:
                    no_evidence += 1
                    continue
                asked += 1
                r = evaluate_question(
                    engine, qid=f"{sample['sample_id']}#{qi}", group=CATEGORIES.get(cat, str(cat)),
                    question=qa["question"], now=now, turn_of=turn_of, session_of=session_of,
                    gold_sessions={dia_session[g] for g in gold}, gold_turns=gold, abstention=(cat == 5))
                results.append(r)
                if progress and asked % 100 == 0:
                    progress(f"{asked} questions ({sample['sample_id']})")
    name = Path(path).name if not (skip or conversations) else (
        f"{Path(path).name}, conversations {skip + 1}-{skip + conversations if conversations else len(data)}")
    return summarise(results, dataset=f"LoCoMo ({name})", ingest_ms=ingest_ms, notes={
        "store": "fresh offline store per conversation, ingested once (hashing embedder, no LLM)",
        "layers": list(layers) or ["l1"],
        "embedder": embedder,
        "ranking": "memory_query findings (limit 50, no token budget); a session ranks at its best turn",
        "baseline": "BM25 (FTS5, same segmentation) over all turns, no scope/rerank",
        "adversarial": "category 5 is reported under 'abstention' (its evidence may still be scored)",
        "skipped_without_evidence": no_evidence,
    })
