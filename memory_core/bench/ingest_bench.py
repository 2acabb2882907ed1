"""L1 ingest throughput next to the raw baseline, measured interleaved in one run.

The corpus is streamed in chunks; each chunk is first written through the real pipeline
(``engine.ingest_payloads`` in calls of ``INGEST_BATCH_SIZE`` — one transaction each) and then,
prepared outside the clock, into the raw baseline in transactions of the same size. Interleaving
keeps both databases at the same size and the machine in the same state while each is timed.

The normalisation the baseline is given for free (validation, rendering, classification) is
timed separately on the same payloads, so the report can say where L1's time goes.
"""

from __future__ import annotations

import itertools
import logging
import time
from typing import Any, Iterator

from ..events.normalize import normalize
from ..policy import INGEST_BATCH_SIZE
from .measure import Stopwatch, percentiles
from .raw_baseline import RawBaseline, SchemaBaseline

log = logging.getLogger(__name__)

CHUNK = 10_000


def bulk(engine: Any, raw: RawBaseline, payloads: Iterator[dict[str, Any]], n: int, *,
         batch: int = INGEST_BATCH_SIZE, schema: SchemaBaseline | None = None,
         bulk_engine: Any = None) -> dict[str, Any]:
    """``bulk_engine`` (optional): a second engine that gets each whole chunk in one
    ``ingest_payloads`` call — the bulk-import path (worker processes prepare, the caller
    writes the same transactions of ``batch``) — timed interleaved with the others."""
    l1, raw_sw, norm_sw, prep_sw, schema_sw = Stopwatch(), Stopwatch(), Stopwatch(), Stopwatch(), Stopwatch()
    bulk_sw = Stopwatch()
    bulk_ingested = 0
    ingested = rejected = duplicates = 0
    hook_errors: list[str] = []
    done = 0
    t_start = time.perf_counter()
    while done < n:
        chunk = list(itertools.islice(payloads, min(CHUNK, n - done)))
        if not chunk:
            break
        for i in range(0, len(chunk), batch):
            part = chunk[i:i + batch]
            with l1():
                res = engine.ingest_payloads(part)
            ingested += res.ingested
            rejected += len(res.rejected)
            duplicates += res.duplicates
            hook_errors.extend(res.hook_errors[:3])
        if bulk_engine is not None:
            with bulk_sw():
                bulk_ingested += bulk_engine.ingest_payloads(chunk).ingested
        with norm_sw():
            events = [normalize(p, locale=engine.l1.locale) for p in chunk]
        with prep_sw():
            rows = raw.prepare(events)
        for i in range(0, len(rows), batch):
            with raw_sw():
                raw.insert_batch(rows[i:i + batch])
        if schema is not None:
            for i in range(0, len(rows), batch):
                with schema_sw():
                    schema.insert_batch(rows[i:i + batch])
        done += len(chunk)
        log.info("ingested %d/%d  L1 %.0f ev/s  raw %.0f rows/s", done, n,
                 ingested / max(l1.total, 1e-9), done / max(raw_sw.total, 1e-9))
    l1_rate = ingested / l1.total if l1.total else 0.0
    raw_rate = done / raw_sw.total if raw_sw.total else 0.0
    return {
        "events": done, "ingested": ingested, "rejected": rejected, "duplicates": duplicates,
        "hook_errors": hook_errors[:5], "batch_size": batch,
        "l1_seconds": round(l1.total, 3), "l1_events_per_s": round(l1_rate, 1),
        "raw_seconds": round(raw_sw.total, 3), "raw_rows_per_s": round(raw_rate, 1),
        "ratio_l1_over_raw": round(l1_rate / raw_rate, 3) if raw_rate else None,
        # the same ratio in CPU time of the timing thread (robust to other processes' load)
        "l1_cpu_seconds": round(l1.cpu_total, 3), "raw_cpu_seconds": round(raw_sw.cpu_total, 3),
        "ratio_l1_over_raw_cpu": (round((ingested / l1.cpu_total) / (done / raw_sw.cpu_total), 3)
                                  if l1.cpu_total and raw_sw.cpu_total and done else None),
        "batch_latency": percentiles(l1.laps),
        "raw_batch_latency": percentiles(raw_sw.laps),
        "schema_baseline_rows_per_s": round(done / schema_sw.total, 1) if schema_sw.total else None,
        "schema_baseline_seconds": round(schema_sw.total, 3),
        # the same work L1 does before writing, timed alone on the same payloads
        "normalize_seconds": round(norm_sw.total, 3),
        "normalize_share_of_l1": round(norm_sw.total / l1.total, 3) if l1.total else None,
        "row_prep_seconds": round(prep_sw.total, 3),
        "wall_seconds": round(time.perf_counter() - t_start, 1),
        **(_bulk_figures(bulk_engine, bulk_ingested, bulk_sw.total, raw_rate) if bulk_engine is not None else {}),
    }


def _bulk_figures(engine: Any, ingested: int, seconds: float, raw_rate: float) -> dict[str, Any]:
    rate = ingested / seconds if seconds else 0.0
    return {"bulk_call_events": CHUNK, "bulk_ingested": ingested, "bulk_seconds": round(seconds, 3),
            "bulk_events_per_s": round(rate, 1),
            "ratio_bulk_over_raw": round(rate / raw_rate, 3) if raw_rate else None,
            "bulk_workers": engine.l1.bulk.workers, "bulk_fallback": engine.l1.bulk.disabled}


def single(engine: Any, raw: RawBaseline, payloads: list[dict[str, Any]]) -> dict[str, Any]:
    """One payload per call (one transaction each): the latency an agent sees per message."""
    l1, raw_sw = Stopwatch(), Stopwatch()
    for p in payloads:
        with l1():
            res = engine.ingest_payloads([p])
        assert res.ingested == 1, res.to_json()
    rows = raw.prepare([normalize(p, locale=engine.l1.locale) for p in payloads])
    for r in rows:
        with raw_sw():
            raw.insert_batch([r])
    return {"l1": percentiles(l1.laps), "raw": percentiles(raw_sw.laps)}


def profile(n: int = 12_000, *, top: int = 30, seed: int = 42, call: int = INGEST_BATCH_SIZE) -> str:
    """cProfile of ``engine.ingest_payloads`` (calls of ``call`` payloads, every layer installed)
    on a fresh temporary database; returns the report sorted by cumulative and by own time.
    With ``call`` >= the bulk threshold only the writer's thread is profiled (the preparation
    runs in worker processes)."""
    import cProfile
    import io
    import pstats
    import tempfile
    from pathlib import Path

    from ..config import MemoryConfig
    from ..engine import MemoryEngine
    from .generator import generate

    tmp = Path(tempfile.mkdtemp(prefix="magi-profile-"))
    engine = MemoryEngine(tmp / "memory.db", config=MemoryConfig(data_dir=tmp), max_threads=2)
    payloads = generate(n, seed)
    warm = min(2000, n // 5)
    try:
        engine.ingest_payloads(payloads[:warm])
        prof = cProfile.Profile()
        prof.enable()
        for i in range(warm, n, call):
            engine.ingest_payloads(payloads[i:i + call])
        prof.disable()
    finally:
        engine.close()
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return buf.getvalue()
