"""One corpus size, end to end, in this process (the CLI starts one process per size, so the
peak RSS reported is that size's alone).

    python -m memory_core.bench.runner --size 100000 --workdir /tmp/magi-bench --json out.json

Steps: stream the synthetic corpus into the engine and the raw baseline (interleaved), time
single-event ingest, measure the database size, drain the embedding worker (offline
``HashingEmbedder``), measure again, then time ``memory_query`` per mode next to raw FTS5 and
raw sqlite-vec KNN, and the vector prefilter trade-off. ``--reuse`` keeps an existing database
of that size and re-runs only the query measurements (for the 1M corpus); ``--phases query``
then times ``memory_query`` alone (no vector trade-off, no deletions: the store stays as it
was, so before/after timings can share one 1M store, built once with ``--phases ingest,embed``).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from . import ingest_bench, query_bench, vector_tradeoff
from .generator import MemoryGenerator, queries
from .measure import Stopwatch, db_bytes, machine, memory_now, peak_rss_mb, remove_db
from .raw_baseline import RawBaseline, SchemaBaseline

log = logging.getLogger("memory_core.bench")

SINGLE_EVENTS = 300
#: every step; ``query`` alone times memory_query and its raw baselines (tradeoff: the vector
#: options table, delete: 20 single-event deletions and a purge, which change the store)
PHASES = ("ingest", "embed", "query", "tradeoff", "delete")


def checkpoint(db: Any) -> None:
    db.writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def embed_all(engine: Any) -> dict[str, Any]:
    sw = Stopwatch()
    jobs = 0
    while True:
        with sw():
            n = engine.embedding_worker.run_once()
        if not n:
            break
        jobs += n
        if jobs % 50_000 < engine.embedding_worker.batch_size:
            log.info("embedded %d jobs (%.0f/s)", jobs, jobs / max(sw.total, 1e-9))
    conn = engine.db.reader()
    chunks = conn.execute("SELECT count(*) FROM event_chunks").fetchone()[0]
    failed = conn.execute("SELECT count(*) FROM embedding_jobs WHERE state = 'failed'").fetchone()[0]
    # the embedder alone on a sample: how much of the worker's time is the model
    texts = [r[0] for r in conn.execute("SELECT content FROM fact_events ORDER BY seq LIMIT 2000")]
    t0 = time.perf_counter()
    engine.providers.embedder.embed(texts)
    model_rate = len(texts) / (time.perf_counter() - t0)
    return {"jobs": jobs, "chunks": chunks, "failed": failed, "seconds": round(sw.total, 2),
            "events_per_s": round(jobs / sw.total, 1) if sw.total else None,
            "chunks_per_s": round(chunks / sw.total, 1) if sw.total else None,
            "embedder_alone_texts_per_s": round(model_rate, 1),
            "model_id": engine.providers.embedder.model_id, "dim": engine.providers.embedder.dim}


def run_size(size: int, workdir: Path, *, seed: int = 42, per_mode: int = 20,
             reuse: bool = False, previous: dict[str, Any] | None = None,
             phases: tuple[str, ...] = PHASES, query_timeout_s: float = 120.0,
             save: Any = None) -> dict[str, Any]:
    from ..config import MemoryConfig
    from ..engine import MemoryEngine

    t_all = time.perf_counter()
    base = workdir / f"corpus-{size}"
    db_path, raw_path = base / "memory.db", base / "raw.db"
    if not reuse and base.exists():
        shutil.rmtree(base)
    base.mkdir(parents=True, exist_ok=True)
    config = MemoryConfig(data_dir=base)
    if os.environ.get("MAGI_BENCH_LAYERS") is not None:  # e.g. "" for L1 + retrieval only
        config.layers = tuple(x for x in os.environ["MAGI_BENCH_LAYERS"].split(",") if x)
    result: dict[str, Any] = dict(previous or {})
    save = save or (lambda _r: None)  # written after every phase: a killed run keeps what it measured
    result.update({"size": size, "seed": seed, "machine": machine()})

    engine = MemoryEngine(db_path, config=config, max_threads=2)
    result["layers_installed"] = sorted(engine.components) or []
    result["ingest_hooks"] = [getattr(h, "name", type(h).__name__) for h in engine.l1.hooks]
    try:
        have = engine.l1.count()
        if not reuse or have < size - 100:
            if have:
                raise SystemExit(f"{db_path} has {have} events, expected 0 or {size}; drop --reuse")
            raw = RawBaseline(raw_path)
            gen = MemoryGenerator(seed)
            stream = gen.payloads(size + SINGLE_EVENTS)
            schema = SchemaBaseline(base / "schema.db")
            # the bulk-import path (whole chunks per call, worker processes) on its own database
            bulk_engine = MemoryEngine(base / "bulk.db", config=config, max_threads=2)
            result["ingest"] = ingest_bench.bulk(engine, raw, stream, size, schema=schema,
                                                 bulk_engine=bulk_engine)
            bulk_engine.close()
            remove_db(base / "bulk.db")
            schema.close()
            checkpoint(engine.db)
            checkpoint(raw.db)
            n_events = engine.l1.count()
            result["db_bytes_l1"] = db_bytes(db_path)
            result["raw_db_bytes"] = db_bytes(raw_path)
            result.setdefault("memory_mb", {})["after_ingest"] = memory_now()
            result["single_ingest"] = ingest_bench.single(engine, raw, list(stream))
            raw.close()
            result["db_kb_per_1k_events"] = {
                "l1_only": round(result["db_bytes_l1"] / 1024 * 1000.0 / size, 1),
                "raw_baseline": round(result["raw_db_bytes"] / 1024 * 1000.0 / size, 1)}
            save(result)
        if "embed" in phases and engine.backlog().get("embedding_jobs"):
            log.info("embedding %d events", engine.l1.count())
            result["embedding"] = embed_all(engine)
            checkpoint(engine.db)
            result.setdefault("memory_mb", {})["after_embedding"] = memory_now()
            n_events = engine.l1.count()
            result["events_total"] = n_events
            result["db_bytes_with_vectors"] = db_bytes(db_path)
            result.setdefault("db_kb_per_1k_events", {})["with_vectors"] = round(
                result["db_bytes_with_vectors"] / 1024 * 1000.0 / max(1, n_events), 1)
            save(result)
        if "query" in phases:
            result["vector_cache_build_s"] = build_vector_cache(engine)
            run_queries(engine, result, per_mode=per_mode, query_timeout_s=query_timeout_s, save=save,
                        phases=phases)
    finally:
        engine.close()
    result["peak_rss_mb"] = max(peak_rss_mb(), float((previous or {}).get("peak_rss_mb") or 0.0))
    result["loadavg_at_end"] = [round(x, 2) for x in os.getloadavg()]
    result["wall_seconds"] = round(time.perf_counter() - t_all, 1)
    return result


def run_queries(engine: Any, result: dict[str, Any], *, per_mode: int, query_timeout_s: float,
                save: Any, phases: tuple[str, ...] = PHASES) -> None:
    now = float(engine.db.read_value("SELECT max(occurred_at) FROM fact_events")) + 3600.0
    qs = queries(per_mode)
    log.info("querying (%d queries)", len(qs))
    q = query_bench.run(engine, qs, now=now, timeout_s=query_timeout_s)
    qvecs = q.pop("query_vectors")
    result["query"] = q
    result.setdefault("memory_mb", {})["after_queries"] = memory_now()
    save(result)
    if "tradeoff" in phases:
        search = _retrieval_vector_search(engine)
        log.info("vector trade-off")
        result["vector_tradeoff"] = vector_tradeoff.run(
            engine.db.reader(), engine.l1.space_id, qvecs[: min(len(qvecs), 30)], extra=search)
        result.setdefault("memory_mb", {})["after_vector_tradeoff"] = memory_now()
    if "delete" in phases:
        result["deletion"] = deletion_cost(engine)


def build_vector_cache(engine: Any) -> float | None:
    """Let the retrieval vector cache load the way the app's background worker does after an
    ingest. A query never builds it (a cold query searches sqlite-vec exactly instead), so
    without this the first modes measured the cold path: exact_fact 160 ms of vector search at
    100k against ~10 ms from the cache."""
    worker = next((w for w in engine.workers if getattr(w, "name", "") == "vector_cache"), None)
    if worker is None:
        return None
    t0 = time.perf_counter()
    for _ in range(1000):
        if not worker.run_once():
            break
    return round(time.perf_counter() - t0, 2)


def deletion_cost(engine: Any, n: int = 20) -> dict[str, Any]:
    """Deleting single events at this size (the cascade, one transaction each), then the one
    on-disk purge that the debounce gives those deletions together (FTS5 optimize of every
    index + TRUNCATE checkpoint: contentless_delete leaves the terms on disk until a merge)."""
    ids = [r[0] for r in engine.db.reader().execute(
        "SELECT event_id FROM fact_events WHERE source = 'chat' ORDER BY seq DESC LIMIT ?", (n,))]
    sw = Stopwatch()
    for event_id in ids:
        with sw():
            engine.delete_events([event_id])
    purge = engine.purge_now(30.0)
    from .measure import percentiles

    return {"delete_one_event": percentiles(sw.laps), "purge_reports": [purge],
            "purge_complete": purge.get("complete")}


def _retrieval_vector_search(engine: Any) -> dict[str, Any]:
    """The retrieval layer's own vector search (``VectorIndex.search``) per strategy, as
    ``q -> [chunk_id…]`` over all scopes (the truth of the trade-off table is unfiltered)."""
    vi_factory = getattr(engine.retrieval, "vector_index", None)
    vi = vi_factory() if callable(vi_factory) else None
    if vi is None:
        return {}
    out: dict[str, Any] = {}
    for strategy in ("sqlite_vec", "prefilter"):
        def call(q: np.ndarray, strategy: str = strategy) -> list[int]:
            hits, _stats = vi.search(q, 10, strategy=strategy)
            return [h.chunk_id for h in hits]
        out[f"retrieval.VectorIndex[{strategy}]"] = call
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=int, required=True)
    p.add_argument("--workdir", type=Path, required=True)
    p.add_argument("--json", type=Path, required=True)
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--queries-per-mode", type=int, default=20)
    p.add_argument("--reuse", action="store_true")
    p.add_argument("--merge", action="store_true", help="start from the existing --json (keep its sections)")
    p.add_argument("--phases", default=",".join(PHASES))
    p.add_argument("--query-timeout", type=float, default=120.0,
                   help="interrupt a memory_query running longer than this (s); counted as a timeout")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(name)s: %(message)s")
    previous = (json.loads(args.json.read_text()) if (args.reuse or args.merge) and args.json.exists()
                else None)
    args.json.parent.mkdir(parents=True, exist_ok=True)

    def save(r: dict[str, Any]) -> None:
        args.json.write_text(json.dumps(r, indent=2, ensure_ascii=False))

    result = run_size(args.size, args.workdir, seed=args.seed, per_mode=args.queries_per_mode,
                      reuse=args.reuse, previous=previous, save=save,
                      phases=tuple(x for x in args.phases.split(",") if x),
                      query_timeout_s=args.query_timeout)
    save(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
