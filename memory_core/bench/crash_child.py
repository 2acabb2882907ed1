"""The process the reliability runs SIGKILL: ingest (or embed, or project L2) and report progress.

    python -m memory_core.bench.crash_child ingest --db PATH --events 10000 --seed 42
    python -m memory_core.bench.crash_child embed  --db PATH
    python -m memory_core.bench.crash_child l2     --db PATH

Protocol: one line on stdout per unit of work, written and flushed only *after* the call that
committed it returned — ``committed <batch> <ingested> <duplicates>`` for ingest, ``done <n>``
for worker steps — so every line the parent has read names work that must survive the kill.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..policy import INGEST_BATCH_SIZE, L2_BATCHES_PER_RUN


def open_engine(db: Path, *, layers: tuple[str, ...] | None = None):
    from ..config import MemoryConfig
    from ..engine import MemoryEngine

    config = MemoryConfig(data_dir=db.parent)
    if layers is None and os.environ.get("MAGI_BENCH_LAYERS") is not None:
        layers = tuple(x for x in os.environ["MAGI_BENCH_LAYERS"].split(",") if x)
    if layers is not None:
        config.layers = layers
    return MemoryEngine(db, config=config, max_threads=2)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=("ingest", "embed", "l2"))
    p.add_argument("--db", type=Path, required=True)
    p.add_argument("--events", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--batch", type=int, default=INGEST_BATCH_SIZE)
    p.add_argument("--layers", default=None, help="comma-separated layers (default: the config's)")
    p.add_argument("--l2-per-batch", action="store_true",
                   help="l2: one transaction per batch (the path with an LLM tier) instead of the offline runs")
    args = p.parse_args(argv)
    layers = tuple(x for x in args.layers.split(",") if x) if args.layers is not None else None
    engine = open_engine(args.db, layers=layers)
    out = sys.stdout
    print("ready", flush=True)
    if args.mode == "ingest":
        from .generator import generate

        payloads = generate(args.events, args.seed)
        for b, start in enumerate(range(0, len(payloads), args.batch)):
            res = engine.ingest_payloads(payloads[start:start + args.batch])
            out.write(f"committed {b} {res.ingested} {res.duplicates}\n")
            out.flush()
    elif args.mode == "embed":
        while n := engine.embedding_worker.run_once():
            out.write(f"done {n}\n")
            out.flush()
    else:
        # the projection worker first, to idle, then the rest of L2: the parent kills a few
        # progress lines in, and that kill is meant to land inside a projection micro-batch (a
        # maintenance pass importing networkx, ~0.2 s, used to catch it instead)
        workers = sorted((w for w in engine.workers if w.name.startswith("l2")),
                         key=lambda w: w.name != "l2_projection")
        if not workers:
            print("no-l2", flush=True)
            return 3
        projection = workers[0]
        step = (lambda: projection.run_batches(L2_BATCHES_PER_RUN)) if args.l2_per_batch else projection.run_once
        while n := step():
            out.write(f"done {n}\n")
            out.flush()
        busy = True
        while busy:
            busy = False
            for w in workers:
                n = w.run_once()
                if n:
                    busy = True
                    out.write(f"done {n}\n")
                    out.flush()
    print("finished", flush=True)
    engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
