"""Derived-layer throughput: where ``run_until_idle`` spends its time, worker by worker.

``magi-memory ingest`` writes L1 and then waits for every derived layer; the derived layers
dominate. This benchmark takes the same two steps on a fresh store — the generated corpus
(:mod:`.generator`) into L1, then the workers until idle — but puts a stopwatch around each
worker's ``run_once`` so the report says which layer the time goes to (the issue-16 profile
table in ``docs/benchmarks.md``). The embedder is the hashing one, so the figures measure the
pipeline, not a model.

It can also keep the store and print a digest of its derived state
(:mod:`.derived_state`), so a change to a worker can be checked to produce the same rows.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from ..blas_threads import limited_blas_threads
from .derived_state import derived_state
from .generator import generate
from .measure import Stopwatch

#: payloads per ``ingest_payloads`` call while L1 is filled (untimed: the L1 bench owns it)
L1_CALL = 2000


def _engine(db: Path) -> Any:
    from ..config import MemoryConfig, ProviderSettings
    from ..engine import MemoryEngine

    config = MemoryConfig(data_dir=db.parent, providers=ProviderSettings(embedding_provider="hashing"))
    return MemoryEngine(db, config=config, max_threads=2)


def drain(engine: Any, *, max_rounds: int = 1_000_000) -> dict[str, Any]:
    """``engine.run_until_idle`` with a stopwatch per worker: {worker: {"s": .., "cpu_s": ..,
    "done": ..}}. ``cpu_s`` is this process's CPU time in the step: on a shared machine the
    wall clock also counts the time other processes held the cores, the CPU time does not."""
    watches = {w.name: Stopwatch() for w in engine.workers}
    cpu = {w.name: 0.0 for w in engine.workers}
    done = {w.name: 0 for w in engine.workers}
    for _ in range(max_rounds):
        busy = False
        for worker in list(engine.workers):
            sw = watches.setdefault(worker.name, Stopwatch())
            c0 = time.process_time()
            with sw():
                n = engine._run_worker_step(worker)
            cpu[worker.name] = cpu.get(worker.name, 0.0) + time.process_time() - c0
            if n:
                busy = True
                done[worker.name] = done.get(worker.name, 0) + n
        if not busy:
            break
    return {name: {"s": round(watches[name].total, 3), "cpu_s": round(cpu.get(name, 0.0), 3),
                   "done": done.get(name, 0)} for name in watches}


def digest(state: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def run(events: int = 20_000, *, seed: int = 42, workdir: Path | None = None, profile: Path | None = None,
        state_out: Path | None = None) -> dict[str, Any]:
    """Fill L1 with ``events`` generated payloads, then drain every worker under a stopwatch.
    ``profile``: write a cProfile of the drain there; ``state_out``: write the derived state
    (JSON) there for :func:`.derived_state.diff_states` against another run."""
    workdir = workdir or Path(tempfile.mkdtemp(prefix="magi-derived-"))
    workdir.mkdir(parents=True, exist_ok=True)
    db = workdir / "memory.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    payloads = generate(events, seed)
    engine = _engine(db)
    try:
        t0 = time.perf_counter()
        ingested = 0
        for i in range(0, len(payloads), L1_CALL):
            ingested += engine.ingest_payloads(payloads[i:i + L1_CALL]).ingested
        l1_s = time.perf_counter() - t0
        prof = None
        if profile is not None:
            import cProfile

            prof = cProfile.Profile()
            prof.enable()
        t0, c0 = time.perf_counter(), time.process_time()
        with limited_blas_threads(1):  # as `magi-memory ingest` drains
            workers = drain(engine)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        if prof is not None:
            prof.disable()
            prof.dump_stats(str(profile))
        state = derived_state(engine.db.reader())
    finally:
        engine.close()
    if state_out is not None:
        state_out.write_text(json.dumps(state, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    return {"events": events, "ingested": ingested, "seed": seed, "l1_s": round(l1_s, 3),
            "derived_s": round(wall, 3), "derived_events_per_s": round(ingested / wall, 1) if wall else None,
            "derived_cpu_s": round(cpu, 3), "derived_events_per_cpu_s": round(ingested / cpu, 1) if cpu else None,
            "workers": workers, "state_digest": digest(state), "db": str(db)}


def table(result: dict[str, Any]) -> str:
    """The per-worker table printed by ``magi-memory bench derived``."""
    n = result["ingested"]
    lines = [f"{'worker':<24}{'seconds':>10}{'share':>8}{'events/s':>12}{'cpu s':>9}{'jobs':>9}"]
    total = result["derived_s"] or 1e-9
    for name, w in sorted(result["workers"].items(), key=lambda kv: -kv[1]["s"]):
        rate = f"{n / w['s']:,.0f}" if w["s"] > 0.001 else "-"
        lines.append(f"{name:<24}{w['s']:>10.2f}{w['s'] / total:>8.0%}{rate:>12}{w['cpu_s']:>9.2f}{w['done']:>9,}")
    lines.append(f"{'total (derived)':<24}{result['derived_s']:>10.2f}{'':>8}"
                 f"{result['derived_events_per_s']:>12,.0f}{result['derived_cpu_s']:>9.2f}")
    lines.append(f"per CPU second: {result['derived_events_per_cpu_s']:,.0f} events/s")
    lines.append(f"L1 fill (untimed above): {result['l1_s']:.2f} s; derived-state digest {result['state_digest']}")
    return "\n".join(lines)
