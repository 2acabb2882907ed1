"""``magi-memory bench``: the benchmark, the long reliability run and the payload fuzzer.

    magi-memory bench [--sizes 10k,100k] [--out DIR]      # ~3 min on 2 cores
    magi-memory bench large [--out DIR]                    # the 1M corpus (~30-40 min)
    magi-memory bench report [--out DIR]                   # rebuild table/JSON/PNG from results
    magi-memory bench reliability [--kills 10]             # SIGKILL / replay / faults / deletion
    magi-memory bench fuzz [--cases 10000]                 # hypothesis-fuzzed payloads
    magi-memory bench profile [--events 12000]             # cProfile of L1 ingest
    magi-memory bench derived [--events 20000]             # derived layers: seconds per worker
    magi-memory bench ingest [--size 100k]                 # only the ingest part (L1 vs raw)
    magi-memory bench cli-marginal [--events 50k]          # `ingest --no-derive` vs a raw CLI

Each size runs in its own process (``python -m memory_core.bench.runner``) so the peak RSS
reported is that size's; results accumulate as ``bench-<size>.json`` in ``--out`` and the
table, ``bench.json`` and ``latency.png`` are rebuilt from every size found there.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DEFAULT_OUT = Path("bench-results")


def parse_size(text: str) -> int:
    t = text.strip().lower().replace("_", "")
    mult = 1
    if t.endswith("k"):
        mult, t = 1000, t[:-1]
    elif t.endswith("m"):
        mult, t = 1_000_000, t[:-1]
    try:
        n = int(float(t) * mult)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (use e.g. 10k, 100k, 1m)") from None
    if n < 1000:
        raise argparse.ArgumentTypeError(f"size {text!r} is below 1k events")
    return n


def parse_sizes(text: str) -> list[int]:
    return [parse_size(s) for s in text.split(",") if s.strip()]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="benchmarks: ingest vs raw SQLite, memory_query latency, scale")
    _common(p)
    p.add_argument("--sizes", type=parse_sizes, default=[10_000, 100_000],
                   help="comma-separated corpus sizes (default 10k,100k; 1m is `bench large`)")
    p.set_defaults(func=cmd_bench)
    bsub = p.add_subparsers(dest="bench_command", metavar="SUBCOMMAND")

    lp = bsub.add_parser("large", help="the 1M-event corpus (long: run it in the background)")
    _common(lp)
    lp.add_argument("--size", type=parse_size, default=1_000_000)
    lp.set_defaults(func=cmd_large)

    rp = bsub.add_parser("report", help="rebuild the table, bench.json and latency.png from --out")
    rp.add_argument("--out", type=Path, default=DEFAULT_OUT)
    rp.set_defaults(func=cmd_report)

    fp = bsub.add_parser("fuzz", help="hypothesis-fuzzed payloads against a fresh database")
    fp.add_argument("--cases", type=int, default=10_000)
    fp.add_argument("--seed", type=int, default=0)
    fp.add_argument("--out", type=Path, default=DEFAULT_OUT)
    fp.set_defaults(func=cmd_fuzz)

    pp = bsub.add_parser("profile", help="cProfile of L1 ingest (where the time goes)")
    pp.add_argument("--events", type=int, default=12_000)
    pp.add_argument("--top", type=int, default=30)
    pp.add_argument("--call", type=int, default=500,
                    help="payloads per ingest call (>= 2000: the bulk path; only the writer is profiled)")
    pp.set_defaults(func=cmd_profile)

    ip = bsub.add_parser("ingest", help="only the ingest part at one size: L1 vs the raw baseline "
                         "(interleaved, in-process), the bulk path, the schema diagnostic")
    ip.add_argument("--size", type=parse_size, default=100_000)
    ip.add_argument("--seed", type=int, default=42)
    ip.add_argument("--layers", default=None, metavar="L2,L3,...",
                    help="layers installed (default: the configured ones; '' for L1 alone)")
    ip.add_argument("--workdir", type=Path, default=None)
    ip.add_argument("--json", dest="json_out", type=Path, default=None, metavar="OUT")
    ip.set_defaults(func=cmd_ingest)

    mp = bsub.add_parser("cli-marginal", help="`magi-memory ingest --no-derive` of N and 2N lines "
                         "against a raw-baseline CLI: marginal rates (process start cancels out)")
    mp.add_argument("--events", type=parse_size, default=50_000)
    mp.add_argument("--reps", type=int, default=2)
    mp.add_argument("--seed", type=int, default=42)
    mp.add_argument("--json", dest="json_out", type=Path, default=None, metavar="OUT")
    mp.set_defaults(func=cmd_cli_marginal)

    cp = bsub.add_parser("coldstart", help="first memory_query from a fresh process with the real "
                         "offline embedder: latency, RSS, then p50/p95 beyond the query embedding")
    cp.add_argument("--events", type=parse_size, default=100_000)
    cp.add_argument("--workdir", type=Path, default=None, help="keep/reuse the store here")
    cp.add_argument("--json", dest="json_out", type=Path, metavar="OUT")
    cp.set_defaults(func=cmd_coldstart)

    dp = bsub.add_parser("derived", help="derived layers (embedding, L2, L3, L4) to idle on a generated "
                         "corpus, hashing embedder: seconds and events/s per worker")
    dp.add_argument("--events", type=parse_size, default=20_000)
    dp.add_argument("--seed", type=int, default=42)
    dp.add_argument("--workdir", type=Path, default=None, help="build the store here (kept)")
    dp.add_argument("--profile", type=Path, default=None, metavar="OUT", help="cProfile of the drain")
    dp.add_argument("--state", type=Path, default=None, metavar="OUT",
                    help="write the derived state (JSON) to compare two runs")
    dp.add_argument("--json", dest="json_out", type=Path, metavar="OUT")
    dp.set_defaults(func=cmd_derived)

    xp = bsub.add_parser("reliability", help="SIGKILL during ingest/L2, replay, provider faults, deletion audit")
    xp.add_argument("--kills", type=int, default=10, help="SIGKILL/restart cycles during ingest")
    xp.add_argument("--events", type=int, default=10_000)
    xp.add_argument("--out", type=Path, default=DEFAULT_OUT)
    xp.set_defaults(func=cmd_reliability)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help="results folder (default ./bench-results)")
    p.add_argument("--workdir", type=Path, default=None,
                   help="where the benchmark databases are built (default: a temporary folder)")
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--queries-per-mode", type=int, default=20)
    p.add_argument("--keep", action="store_true", help="keep the benchmark databases")
    p.add_argument("--reuse", action="store_true",
                   help="reuse a kept database of that size; re-run only the query measurements")
    p.add_argument("--no-plot", action="store_true")
    p.add_argument("--query-timeout", type=float, default=120.0,
                   help="interrupt a memory_query running longer than this many seconds (counted)")


def _run_sizes(args: argparse.Namespace, sizes: list[int]) -> int:
    from ..bench.plot import size_label

    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    workdir = args.workdir or Path(tempfile.gettempdir()) / "magi-bench"
    workdir.mkdir(parents=True, exist_ok=True)
    for size in sizes:
        label = size_label(size)
        print(f"== {label} events: running (progress on stderr) ...", flush=True)
        cmd = [sys.executable, "-m", "memory_core.bench.runner", "--size", str(size),
               "--workdir", str(workdir), "--json", str(out / f"bench-{label}.json"),
               "--seed", str(args.seed), "--queries-per-mode", str(args.queries_per_mode),
               "--query-timeout", str(args.query_timeout)]
        if args.reuse:
            cmd.append("--reuse")
        rc = subprocess.call(cmd)
        if not (args.keep or args.reuse):
            shutil.rmtree(workdir / f"corpus-{size}", ignore_errors=True)
        if rc != 0:
            print(f"benchmark for {label} failed (exit {rc})", file=sys.stderr)
            return rc
    return _report(out, plot=not args.no_plot)


def _report(out: Path, *, plot: bool = True) -> int:
    from ..bench.report import build

    built = build(out, with_plot=plot)
    print(built["markdown"])
    print(f"\nwrote {built['json']}" + (f", {built['png']}" if built["png"] else "") + f", {out / 'bench.md'}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    return _run_sizes(args, args.sizes)


def cmd_large(args: argparse.Namespace) -> int:
    return _run_sizes(args, [args.size])


def cmd_report(args: argparse.Namespace) -> int:
    return _report(args.out)


def cmd_profile(args: argparse.Namespace) -> int:
    from ..bench.ingest_bench import profile

    print(profile(args.events, top=args.top, call=args.call))
    return 0


def cmd_derived(args: argparse.Namespace) -> int:
    from ..bench import derived_bench

    result = derived_bench.run(args.events, seed=args.seed, workdir=args.workdir, profile=args.profile,
                               state_out=args.state)
    if args.json_out:
        args.json_out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(derived_bench.table(result))
    return 0


_INGEST_KEYS = ("events", "l1_events_per_s", "raw_rows_per_s", "ratio_l1_over_raw",
                "ratio_l1_over_raw_cpu", "schema_baseline_rows_per_s", "bulk_events_per_s",
                "ratio_bulk_over_raw", "normalize_seconds", "row_prep_seconds", "l1_seconds",
                "raw_seconds", "l1_cpu_seconds", "raw_cpu_seconds")


def cmd_ingest(args: argparse.Namespace) -> int:
    import os

    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="magi-bench-ingest-"))
    out = args.json_out or workdir / "ingest.json"
    env = dict(os.environ)
    env.setdefault("MAGI_EMBEDDING_PROVIDER", "hashing")
    if args.layers is not None:
        env["MAGI_BENCH_LAYERS"] = args.layers
    cmd = [sys.executable, "-m", "memory_core.bench.runner", "--size", str(args.size), "--phases", "ingest",
           "--workdir", str(workdir), "--json", str(out), "--seed", str(args.seed)]
    rc = subprocess.call(cmd, env=env)
    if rc == 0:
        result = json.loads(out.read_text(encoding="utf-8"))
        summary = {k: result["ingest"].get(k) for k in _INGEST_KEYS}
        summary["layers_installed"] = result.get("layers_installed")
        summary["loadavg"] = [result["machine"].get("loadavg_at_start"), result.get("loadavg_at_end")]
        print(json.dumps(summary, indent=2))
    if args.workdir is None:  # a temporary folder: nothing of it is kept but --json
        shutil.rmtree(workdir if args.json_out is None else workdir / f"corpus-{args.size}",
                      ignore_errors=True)
    return rc


def cmd_cli_marginal(args: argparse.Namespace) -> int:
    from ..bench import cli_marginal

    argv = ["run", "--events", str(args.events), "--reps", str(args.reps), "--seed", str(args.seed)]
    if args.json_out:
        argv += ["--json", str(args.json_out)]
    return cli_marginal.main(argv)


def cmd_fuzz(args: argparse.Namespace) -> int:
    from ..bench.fuzz import main as fuzz_main

    return fuzz_main(["--cases", str(args.cases), "--seed", str(args.seed), "--out", str(args.out)])


def cmd_coldstart(args: argparse.Namespace) -> int:
    from ..bench import coldstart

    result = coldstart.run(args.events, workdir=args.workdir,
                           progress=lambda m: print(m, file=sys.stderr, flush=True))
    if args.json_out:
        args.json_out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


def cmd_reliability(args: argparse.Namespace) -> int:
    from ..bench.reliability import main as rel_main

    return rel_main(["--kills", str(args.kills), "--events", str(args.events), "--out", str(args.out)])
