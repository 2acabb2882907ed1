"""``memory_query`` latency per mode next to the raw paths it is built on, over the same data.

* ``memory_query[mode]`` — ``engine.retrieval.query(text, mode, now=…)``: every path, fusion,
  reranking, hydration and the answer package (offline embedder, no LLM);
* ``raw_fts5`` — one FTS5 ``MATCH`` with the same segmented OR-expression, top 50 by BM25;
* ``raw_vec_knn`` — one sqlite-vec exact KNN (k = 50) with the query's embedding
  (the embedding time is reported separately as ``query_embed``).
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any, Sequence

import numpy as np

from ..l1.vectors import vec_table
from ..providers.embedding import embed_queries
from ..text.segment import fts_or_query, query_terms
from .measure import percentiles

RAW_FTS_SQL = ("SELECT rowid, bm25(fact_events_fts) AS score FROM fact_events_fts "
               "WHERE fact_events_fts MATCH ? ORDER BY score LIMIT 50")


class Watchdog:
    """Interrupts every SQLite read connection of the engine when one query runs past
    ``timeout_s``: a pathological plan must cost the benchmark a counted timeout, not an hour.
    (``apsw.Connection.interrupt`` is thread-safe; the interrupted statement raises, the path
    reports the error and ``memory_query`` returns what the other paths found.)"""

    def __init__(self, engine: Any, timeout_s: float) -> None:
        self.engine, self.timeout_s = engine, timeout_s
        self._timer: Any = None
        self.fired = False

    def __enter__(self) -> "Watchdog":
        import threading

        self.fired = False
        if self.timeout_s > 0:
            self._timer = threading.Timer(self.timeout_s, self._fire)
            self._timer.daemon = True
            self._timer.start()
        return self

    def _fire(self) -> None:
        self.fired = True
        for conn in list(getattr(self.engine.db, "_readers", [])):
            try:
                conn.interrupt()
            except Exception:  # noqa: BLE001 - a closed connection cannot be interrupted
                pass

    def __exit__(self, *exc: object) -> None:
        if self._timer is not None:
            self._timer.cancel()


def run(engine: Any, queries: Sequence[tuple[str, str]], *, now: float, warmup: int = 3,
        timeout_s: float = 0.0) -> dict[str, Any]:
    conn = engine.db.reader()
    space_id = engine.l1.space_id
    embedder = engine.providers.embedder
    out: dict[str, Any] = {"queries": len(queries)}

    # warm the page cache and jieba once (first-query costs are not the steady state)
    for mode, text in queries[:warmup]:
        expr = fts_or_query(query_terms(text))
        if expr:
            conn.execute(RAW_FTS_SQL, (expr,)).fetchall()
        if engine.retrieval is not None:
            try:
                engine.retrieval.query(text, mode, now=now)
            except Exception:  # noqa: BLE001 - recorded below
                pass

    fts_lat, fts_hits, embed_lat, knn_lat = [], [], [], []
    qvecs = []
    for _mode, text in queries:
        expr = fts_or_query(query_terms(text))
        t0 = time.perf_counter()
        rows = conn.execute(RAW_FTS_SQL, (expr,)).fetchall() if expr else []
        fts_lat.append(time.perf_counter() - t0)
        fts_hits.append(len(rows))
        t0 = time.perf_counter()
        q = np.asarray(embed_queries(embedder, [text])[0], dtype=np.float32)
        embed_lat.append(time.perf_counter() - t0)
        qvecs.append(q)
        t0 = time.perf_counter()
        conn.execute(f"SELECT chunk_id, distance FROM {vec_table(space_id)} WHERE embedding MATCH ? "
                     f"AND k = 50", (q.tobytes(),)).fetchall()
        knn_lat.append(time.perf_counter() - t0)
    out["raw_fts5"] = {**percentiles(fts_lat), "mean_hits": round(float(np.mean(fts_hits)), 1)}
    out["query_embed"] = percentiles(embed_lat)
    out["raw_vec_knn"] = percentiles(knn_lat)
    out["query_vectors"] = np.vstack(qvecs) if qvecs else np.zeros((0, embedder.dim), np.float32)

    if engine.retrieval is None:
        out["memory_query"] = {"skipped": "retrieval is not installed"}
        return out
    per_mode: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, str] = {}
    statuses: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    all_lat: list[float] = []
    stages: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    path_errors: dict[str, int] = {}
    path_error_text: dict[str, str] = {}
    timeouts: dict[str, int] = defaultdict(int)
    for mode, text in queries:
        t0 = time.perf_counter()
        dog = Watchdog(engine, timeout_s)
        try:
            with dog:
                pkg = engine.retrieval.query(text, mode, now=now)
        except Exception as exc:  # noqa: BLE001 - a failing mode is reported, not hidden
            errors.setdefault(mode, f"{type(exc).__name__}: {exc}")
            if dog.fired:
                timeouts[mode] += 1
            continue
        dt = time.perf_counter() - t0
        if dog.fired:  # interrupted: the latency is the timeout, the answer is incomplete
            timeouts[mode] += 1
        trace = getattr(engine.retrieval, "last_trace", None)
        for stage, ms in (getattr(trace, "timings_ms", None) or {}).items():
            if isinstance(ms, (int, float)):
                stages[mode][stage].append(ms / 1000.0)
        for name, path in (getattr(trace, "paths", None) or {}).items():
            if getattr(path, "skipped", None):
                continue
            stages[mode][f"path:{name}"].append(float(getattr(path, "elapsed_ms", 0.0)) / 1000.0)
            if getattr(path, "error", None):
                path_errors[f"{mode}/{name}"] = path_errors.get(f"{mode}/{name}", 0) + 1
                path_error_text.setdefault(name, str(path.error)[:200])
        for err in getattr(trace, "errors", None) or []:
            path_error_text.setdefault("trace", str(err)[:200])
        per_mode[mode].append(dt)
        all_lat.append(dt)
        statuses[mode][str(getattr(pkg, "status", "?"))] += 1
    out["memory_query"] = {mode: {**percentiles(lat), "status": dict(statuses[mode])}
                           for mode, lat in per_mode.items()}
    out["memory_query_all"] = percentiles(all_lat)
    # where the time goes: the retrieval trace's own per-stage timings (mean / p95 ms)
    out["memory_query_stages"] = {
        mode: {stage: {"mean_ms": percentiles(v)["mean_ms"], "p95_ms": percentiles(v)["p95_ms"]}
               for stage, v in st.items()} for mode, st in stages.items()}
    if errors:
        out["memory_query_errors"] = errors
    if timeouts:
        out["memory_query_timeouts"] = {"timeout_s": timeout_s, "counts": dict(timeouts),
                                        "queries": [t for m, t in queries if m in timeouts][:5]}
    if path_errors:
        out["memory_query_path_errors"] = {"counts": path_errors, "examples": path_error_text}
    return out
