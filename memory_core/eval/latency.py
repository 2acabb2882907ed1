"""memory_query latency on synthetic stores, and the vector prefilter's recall vs exact KNN.

Measurement commands, not tests: ``magi-memory eval latency --events 10000 100000`` and
``magi-memory eval vector --chunks 100000``. The store is synthetic but shaped like real use —
bilingual chat sessions (short user turns, long assistant replies) mixed with plugin activity
(browser, music) — ingested through the real write path and embedded by the offline hashing
embedder; no LLM anywhere. Queries mix every mode, time expressions and anchors.
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from ..clock import FakeClock
from ..config import MemoryConfig
from ..engine import MemoryEngine
from ..policy import VECTOR_PREFILTER_MIN_CHUNKS
from ..providers.embedding import embed_queries
from ..retrieval.vector_search import VectorIndex
from .metrics import percentile

START = 1_700_000_000.0
Progress = Callable[[str], None]

_TOPICS_EN = ["pressure cooker", "air fryer", "rice cooker", "coffee", "jazz", "hiking", "python", "tax return",
              "piano lessons", "marathon", "sushi", "garden", "cat", "new job", "apartment", "wedding",
              "guitar", "yoga", "camera", "laptop", "vacation", "dentist", "birthday party", "book club"]
_TOPICS_ZH = ["高压锅", "空气炸锅", "电饭煲", "咖啡", "爵士乐", "徒步", "编程", "报税", "钢琴课", "马拉松", "寿司",
              "花园", "猫", "新工作", "公寓", "婚礼", "吉他", "瑜伽", "相机", "笔记本电脑", "旅行", "牙医", "生日聚会"]
_USER_EN = ["I just bought a {t} and I love it.", "I'm thinking about {t} this weekend.",
            "My sister told me about a {t} place nearby.", "Can you help me plan my {t}?",
            "I finally finished the {t} project I mentioned.", "What do you think about {t}?"]
_USER_ZH = ["我刚买了{t}，很喜欢。", "这个周末我想去{t}。", "我姐姐跟我说附近有个{t}的地方。", "你能帮我安排一下{t}吗？",
            "我终于把{t}的事情做完了。"]
_FILLER = ("Here are a few suggestions you might find useful. First, consider the time you have available "
           "and plan around it. Second, ask friends who have experience. Third, keep notes so you can "
           "compare options later. Many people find that starting small works best, and you can always "
           "adjust as you go. Let me know if you want more details on any of these points. ")


DEFAULT_BENCH_DIR = Path(__file__).resolve().parents[3] / "shared" / "bench"
_SENT = __import__("re").compile(r"(?<=[.!?])\s+")


def real_sentences(bench_dir: Path | None = None) -> list[str]:
    """Sentences from the benchmark conversations (LoCoMo turns, LongMemEval turns split into
    sentences) — real vocabulary and lengths for the synthetic store. Empty when absent."""
    import json

    base = bench_dir or DEFAULT_BENCH_DIR
    out: list[str] = []
    loco = base / "locomo10.json"
    if loco.exists():
        for sample in json.loads(loco.read_text(encoding="utf-8")):
            for key, turns in sample["conversation"].items():
                if key.startswith("session_") and isinstance(turns, list):
                    out.extend(t["text"].strip() for t in turns if t.get("text"))
    lme = base / "longmemeval_s_3q_sample.json"
    if lme.exists():
        for item in json.loads(lme.read_text(encoding="utf-8")):
            for session in item["haystack_sessions"]:
                for turn in session:
                    out.extend(x.strip() for x in _SENT.split(turn.get("content") or "") if len(x.strip()) > 20)
    return list(dict.fromkeys(out))


def synthetic_payloads(n: int, *, seed: int = 7, sentences: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """``n`` events: chat sessions (user turns 1-2 sentences, assistant replies 3-8, drawn from
    ``sentences`` when given so the texts are real and distinct; bilingual templates otherwise),
    browser visits and music plays."""
    rng = random.Random(seed)
    sents = list(sentences or [])
    out: list[dict[str, Any]] = []
    t = START - n * 600.0
    s = 0
    while len(out) < n:
        kind = rng.random()
        if kind < 0.7:  # a chat session: 2-6 user/assistant pairs
            s += 1
            zh = rng.random() < 0.4
            for _ in range(rng.randint(1, 3)):
                topic = rng.choice(_TOPICS_ZH if zh else _TOPICS_EN)
                tmpl = rng.choice(_USER_ZH if zh else _USER_EN)
                t += rng.uniform(30, 900)
                user = tmpl.format(t=topic)
                if sents and not zh:
                    user = user + " " + " ".join(rng.sample(sents, rng.randint(1, 2)))
                out.append({"type": "chat", "session_id": f"s{s}", "role": "user",
                            "content": user, "occurred_at": t, "message_id": f"u{len(out)}"})
                t += rng.uniform(5, 60)
                if sents and not zh:
                    reply = f"About {topic}: " + " ".join(rng.sample(sents, rng.randint(3, 8)))
                else:
                    reply = (f"About {topic}: " if not zh else f"关于{topic}：") + _FILLER[: rng.randint(120, len(_FILLER))]
                out.append({"type": "chat", "session_id": f"s{s}", "role": "assistant", "content": reply,
                            "occurred_at": t, "message_id": f"a{len(out)}"})
        elif kind < 0.85:
            t += rng.uniform(30, 600)
            topic = rng.choice(_TOPICS_EN)
            out.append({"source_type": "browser", "source_item_id": f"b{len(out)}", "occurred_at": t,
                        "activity": {"source_code": "browser", "action_code": "visit_page", "object_code": "page"},
                        "provenance": {"title": f"Best {topic} guide {rng.randint(1, 999)}",
                                       "url": f"https://example.com/{topic.replace(' ', '-')}/{len(out)}"}})
        else:
            t += rng.uniform(30, 600)
            out.append({"source_type": "netease_music", "source_item_id": f"m{len(out)}", "occurred_at": t,
                        "activity": {"source_code": "netease_music", "action_code": "listen_music",
                                     "object_code": "song"},
                        "provenance": {"track_name": f"Song {rng.randint(1, 5000)}",
                                       "artist_name": rng.choice(["Dua Lipa", "周杰伦", "Miles Davis", "Adele"]),
                                       "play_duration_sec": rng.randint(60, 400)}})
    return out[:n]


QUERIES = [
    ("What kitchen appliance did I buy before the air fryer?", None),
    ("我在买空气炸锅前买了什么厨房家电？", None),
    ("What did I say about {t}?", None),
    ("Where do I live now?", None),
    ("What was I busy with last week?", None),
    ("上周三我浏览了哪些跟{t}相关的页面？", None),
    ("What did you recommend about {t}?", None),
    ("How many times did I mention {t}?", None),
    ("What happened recently?", None),
    ("{t}", "event_stream"),
    ("What music did I listen to yesterday?", None),
    ("我最近在忙什么？", None),
    ("Summarize my {t} plans", None),
    ("How did I handle the web_search tool last time?", "strategy"),
]


def _queries(n: int, seed: int = 11) -> list[tuple[str, str | None]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        q, mode = QUERIES[i % len(QUERIES)]
        topic = rng.choice(_TOPICS_ZH if "{t}" in q and any("\u4e00" <= c <= "\u9fff" for c in q) else _TOPICS_EN)
        out.append((q.format(t=topic), mode))
    return out


def open_store(n: int, work_dir: Path | None, progress: Progress) -> tuple[MemoryEngine, float]:
    """A store with ``n`` synthetic events (reused from ``work_dir`` when already built)."""
    base = work_dir or Path(__import__("tempfile").mkdtemp(prefix="magi-latency-"))
    base.mkdir(parents=True, exist_ok=True)
    config = MemoryConfig(data_dir=base)
    config.layers = ()
    config.providers.offline_only = True
    from ..engine import _OfflineProviders
    from ..providers.hashing_embedder import HashingEmbedder

    engine = MemoryEngine(base / f"latency-{n}.db", config=config, clock=FakeClock(START), layers=(),
                          providers=_OfflineProviders(embedder=HashingEmbedder()))
    have = engine.db.read_value("SELECT count(*) FROM fact_events") or 0
    build_s = 0.0
    if have < n:
        t0 = time.perf_counter()
        payloads = synthetic_payloads(n, sentences=real_sentences())
        for i in range(have, n, 5000):
            engine.ingest_payloads(payloads[i:i + 5000])
            engine.run_until_idle()
            progress(f"  built {min(i + 5000, n)}/{n} events ({time.perf_counter() - t0:.0f} s)")
        build_s = time.perf_counter() - t0
    engine.run_until_idle()  # background workers, incl. the vector cache upkeep (as in the app)
    return engine, build_s


def run(sizes: Sequence[int], *, queries: int = 200, work_dir: Path | None = None,
        progress: Progress = lambda m: None) -> dict[str, Any]:
    out: dict[str, Any] = {"setup": {
        "embedder": "offline hashing (256-d)", "layers": "L1 only (no LLM, no L2/L3/L4 retrievers)",
        "vector_prefilter_min_chunks": VECTOR_PREFILTER_MIN_CHUNKS, "queries": queries,
        "measured": "wall time of engine.retrieval.query() per call, after the background workers ran "
                    "(vector cache built) and 5 warm-up queries"}, "sizes": {}}
    for n in sizes:
        progress(f"store of {n} events")
        engine, build_s = open_store(n, work_dir, progress)
        try:
            qs = _queries(queries + 5)
            for q, mode in qs[:5]:
                engine.retrieval.query(q, mode, now=START + 3600)
            times: list[float] = []
            stages: dict[str, list[float]] = {}
            strategy = None
            for q, mode in qs[5:]:
                t0 = time.perf_counter()
                pkg = engine.retrieval.query(q, mode, now=START + 3600)
                times.append((time.perf_counter() - t0) * 1000)
                for k, v in pkg.trace.timings_ms.items():
                    stages.setdefault(k, []).append(v)
                vp = pkg.trace.paths.get("vector")
                if vp is not None and vp.info.get("strategy"):
                    strategy = vp.info["strategy"]
            chunks = engine.db.read_value("SELECT count(*) FROM event_chunks")
            out["sizes"][str(n)] = {
                "events": engine.db.read_value("SELECT count(*) FROM fact_events"), "chunks": chunks,
                "vector_strategy": strategy, "build_s": round(build_s, 1),
                "p50_ms": round(percentile(times, 50), 1), "p95_ms": round(percentile(times, 95), 1),
                "mean_ms": round(statistics.mean(times), 1), "max_ms": round(max(times), 1),
                "stage_p50_ms": {k: round(percentile(v, 50), 1) for k, v in stages.items()},
                "stage_p95_ms": {k: round(percentile(v, 95), 1) for k, v in stages.items()},
            }
            progress(f"  p50 {out['sizes'][str(n)]['p50_ms']} ms, p95 {out['sizes'][str(n)]['p95_ms']} ms")
        finally:
            engine.close()
    return out


def vector_recall(n_events: int, *, queries: int = 200, work_dir: Path | None = None,
                  progress: Progress = lambda m: None) -> dict[str, Any]:
    """Recall@10 (chunk ids) of the quantised prefilter against exact sqlite-vec KNN, on the
    synthetic store, with and without the fact scope; and both strategies' latency."""
    engine, _ = open_store(n_events, work_dir, progress)
    try:
        vi = VectorIndex(engine.db, engine.l1.space_id, engine.providers.embedder.dim)
        t0 = time.perf_counter()
        rows = vi.warm()
        build_ms = (time.perf_counter() - t0) * 1000
        qtexts = [q for q, _ in _queries(queries, seed=3)]
        rng = random.Random(5)
        sample = engine.db.read_all("SELECT content FROM fact_events ORDER BY random() LIMIT ?", (queries,))
        qtexts = [qtexts[i] if i % 2 else " ".join(rng.sample(sample[i]["content"].split(), 
                                                              min(5, len(sample[i]["content"].split()))))
                  for i in range(min(queries, len(sample)))]
        vecs = embed_queries(engine.providers.embedder, qtexts)
        result: dict[str, Any] = {"events": n_events, "chunks": rows, "cache_build_ms": round(build_ms),
                                  "cache": vi.cache_info(), "queries": len(qtexts)}
        for label, scopes in (("all_scopes", None), ("fact_scope", ["fact_authoritative"])):
            recalls, t_exact, t_pre = [], [], []
            for v in vecs:
                if not np.any(v):
                    continue
                a = time.perf_counter()
                exact, _ = vi.search(v, 10, scopes=scopes, strategy="sqlite_vec")
                b = time.perf_counter()
                pre, _ = vi.search(v, 10, scopes=scopes, strategy="prefilter")
                c = time.perf_counter()
                t_exact.append((b - a) * 1000)
                t_pre.append((c - b) * 1000)
                # tie-aware: a returned chunk counts if its true similarity reaches the 10th best
                # exact one (the store has duplicate texts; which of equal vectors is "the" 10th
                # is arbitrary). The prefilter's head similarities are exact (float rescoring).
                if not exact:
                    continue
                kth = exact[min(9, len(exact) - 1)].similarity - 1e-6
                good = sum(1 for h in pre[:10] if h.exact and h.similarity >= kth)
                recalls.append(good / min(10, len(exact)))
            result[label] = {"recall@10": round(statistics.mean(recalls), 4),
                             "exact_p50_ms": round(percentile(t_exact, 50), 1),
                             "exact_p95_ms": round(percentile(t_exact, 95), 1),
                             "prefilter_p50_ms": round(percentile(t_pre, 50), 1),
                             "prefilter_p95_ms": round(percentile(t_pre, 95), 1)}
            progress(f"  {label}: {result[label]}")
        return result
    finally:
        engine.close()
