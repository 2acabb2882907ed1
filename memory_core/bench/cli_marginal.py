"""L1 ingest from the CLI against the raw baseline from a CLI, as marginal rates.

``magi-memory ingest --no-derive FILE`` pays for the interpreter, the imports, opening and
migrating the store, and the bulk workers' start-up before its first event. Timing N and 2N
lines, each into a fresh store, and taking ``N / (t(2N) - t(N))`` cancels that fixed cost,
leaving what one more event costs.

The baseline gets the same treatment: ``python -m memory_core.bench.cli_marginal raw ROWS DB``
reads a file of *prepared* rows (the exact ``fact_events`` columns and FTS body the pipeline
would write for the same payloads, rendered, classified and segmented before the clock) and
writes them through :class:`~.raw_baseline.RawBaseline` in transactions of the same size. Its
only per-row Python is decoding the JSON line, which the L1 CLI does too.

    python -m memory_core.bench.cli_marginal run --events 50000 [--reps 2] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..policy import INGEST_BATCH_SIZE


def write_inputs(workdir: Path, n: int, seed: int = 42) -> dict[str, Path]:
    """Payload JSONL for N and 2N events (the first N lines are shared) and the prepared raw
    rows of the same events."""
    from ..events.normalize import normalize
    from .generator import generate
    from .raw_baseline import RawBaseline

    payloads = generate(2 * n, seed)
    paths: dict[str, Path] = {}
    for label, count in (("n", n), ("2n", 2 * n)):
        path = workdir / f"payloads-{label}.jsonl"
        with open(path, "w", encoding="utf-8") as fh:
            for p in payloads[:count]:
                fh.write(json.dumps(p, ensure_ascii=False) + "\n")
        paths[f"payloads_{label}"] = path
    scratch = workdir / "prepare-scratch.db"
    raw = RawBaseline(scratch)  # only for its row preparation (seq numbering, ULIDs)
    events = [normalize(p) for p in payloads]
    rows = raw.prepare([e for e in events if e.route.name == "L1"])
    raw.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{scratch}{suffix}").unlink(missing_ok=True)
    l1_n = sum(1 for e in events[:n] if e.route.name == "L1")
    for label, part in (("n", rows[:l1_n]), ("2n", rows)):
        path = workdir / f"rows-{label}.jsonl"
        with open(path, "w", encoding="utf-8") as fh:
            for row, (_seq, body) in part:
                fh.write(json.dumps([*row, body], ensure_ascii=False) + "\n")
        paths[f"rows_{label}"] = path
    return paths


def raw_ingest(rows_path: Path, db_path: Path, batch: int = INGEST_BATCH_SIZE) -> int:
    """The baseline's CLI: prepared rows → raw table + FTS5, ``batch`` rows per transaction."""
    from .raw_baseline import RawBaseline

    raw = RawBaseline(db_path)
    done = 0
    part: list[Any] = []
    with open(rows_path, encoding="utf-8") as fh:
        for line in fh:
            values = json.loads(line)
            part.append((tuple(values[:-1]), (values[0], values[-1])))
            if len(part) >= batch:
                raw.insert_batch(part)
                done += len(part)
                part = []
    if part:
        raw.insert_batch(part)
        done += len(part)
    raw.close()
    return done


def _timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child and the children it waited for — the bulk
    workers of ``ingest``)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def run(n: int, *, reps: int = 2, workdir: Path | None = None, seed: int = 42) -> dict[str, Any]:
    """Times (best of ``reps``, fresh store each) and marginal rates for L1 and raw."""
    base = Path(tempfile.mkdtemp(prefix="magi-cli-marginal-", dir=workdir))
    try:
        inputs = write_inputs(base, n, seed)
        env = dict(os.environ)
        env.setdefault("MAGI_EMBEDDING_PROVIDER", "hashing")
        env["PYTHONPATH"] = os.pathsep.join(
            [str(Path(__file__).resolve().parents[2])] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        times: dict[str, list[float]] = {k: [] for k in ("l1_n", "l1_2n", "raw_n", "raw_2n")}
        cpu: dict[str, list[float]] = {k: [] for k in times}
        for rep in range(reps):
            for key in times:
                kind, label = key.split("_")
                run_dir = base / f"{key}-{rep}"
                run_dir.mkdir()
                env_run = dict(env, MAGI_DATA_DIR=str(run_dir))
                if kind == "l1":
                    cmd = [sys.executable, "-m", "memory_core.cli.main", "--db", str(run_dir / "memory.db"),
                           "ingest", "--no-derive", str(inputs[f"payloads_{label}"])]
                else:
                    cmd = [sys.executable, "-m", "memory_core.bench.cli_marginal", "raw",
                           str(inputs[f"rows_{label}"]), str(run_dir / "raw.db")]
                wall, used = _timed(cmd, env_run)
                times[key].append(wall)
                cpu[key].append(used)
                shutil.rmtree(run_dir, ignore_errors=True)
        best = {k: min(v) for k, v in times.items()}
        l1_rate = n / (best["l1_2n"] - best["l1_n"])
        raw_rate = n / (best["raw_2n"] - best["raw_n"])
        best_cpu = {k: min(v) for k, v in cpu.items()}
        l1_cpu_rate = n / (best_cpu["l1_2n"] - best_cpu["l1_n"])
        raw_cpu_rate = n / (best_cpu["raw_2n"] - best_cpu["raw_n"])
        return {"events_n": n, "reps": reps, "seconds": {k: [round(x, 3) for x in v] for k, v in times.items()},
                "cpu_seconds": {k: [round(x, 3) for x in v] for k, v in cpu.items()},
                "l1_marginal_events_per_s": round(l1_rate, 1), "raw_marginal_rows_per_s": round(raw_rate, 1),
                "ratio_l1_over_raw": round(l1_rate / raw_rate, 3),
                # per CPU second (all processes: the bulk workers too), robust to other load
                "l1_marginal_events_per_cpu_s": round(l1_cpu_rate, 1),
                "raw_marginal_rows_per_cpu_s": round(raw_cpu_rate, 1),
                "ratio_l1_over_raw_cpu": round(l1_cpu_rate / raw_cpu_rate, 3),
                "loadavg_at_end": [round(x, 2) for x in os.getloadavg()]}
    finally:
        shutil.rmtree(base, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="time N and 2N lines for L1 and raw; print the marginal rates")
    r.add_argument("--events", type=int, default=50_000)
    r.add_argument("--reps", type=int, default=2)
    r.add_argument("--seed", type=int, default=42)
    r.add_argument("--workdir", type=Path, default=None)
    r.add_argument("--json", dest="json_out", type=Path, default=None)
    w = sub.add_parser("raw", help="the baseline's CLI: prepared rows file → raw database")
    w.add_argument("rows", type=Path)
    w.add_argument("db", type=Path)
    args = p.parse_args(argv)
    if args.cmd == "raw":
        raw_ingest(args.rows, args.db)
        return 0
    result = run(args.events, reps=args.reps, workdir=args.workdir, seed=args.seed)
    text = json.dumps(result, indent=2)
    if args.json_out:
        args.json_out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
