"""Core sub-commands: ingest, events, stats, delete, demo."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

from .output import iso, one_line, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ingest", help="ingest a JSONL file of plugin payloads / chat messages")
    p.add_argument("file", type=Path)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--no-derive", action="store_true",
                   help="only write L1; leave embeddings and derived layers to the background")
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser("events", help="list L1 events")
    p.add_argument("--source")
    p.add_argument("--author", dest="author_type")
    p.add_argument("--evidence-class")
    p.add_argument("--scope")
    p.add_argument("--session")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--offset", type=int, default=0)
    p.add_argument("--oldest-first", action="store_true")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_events)

    p = sub.add_parser("stats", help="row counts per layer, queues, workers")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_stats)

    p = sub.add_parser("delete", help="delete events everywhere (preview with --dry-run)")
    p.add_argument("event_ids", nargs="+", metavar="EVENT_ID")
    p.add_argument("--dry-run", action="store_true", help="show what would change, change nothing")
    p.add_argument("--json", action="store_true")
    p.add_argument("--wait", type=float, default=5.0, metavar="SECONDS",
                   help="how long to retry the on-disk purge while another program reads the store")
    p.set_defaults(func=cmd_delete)

    p = sub.add_parser("purge", help="finish the on-disk purge of deleted memories (if one is pending)")
    p.add_argument("--wait", type=float, default=30.0, metavar="SECONDS",
                   help="retry this long while another program holds an old snapshot")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_purge)

    p = sub.add_parser("demo", help="headless demo: ingest the bundled sample and answer questions")
    p.add_argument("--keep", action="store_true", help="keep the demo database (path printed)")
    p.set_defaults(func=cmd_demo)


def cmd_ingest(args: argparse.Namespace) -> int:
    from .main import engine_from_args

    if not args.file.exists():
        print(f"no such file: {args.file}", file=sys.stderr)
        return 2
    if not args.file.is_file():
        print(f"not a file: {args.file}", file=sys.stderr)
        return 2
    from .progress import WriteProgress

    with engine_from_args(args) as engine:
        report = engine.ingest_jsonl(args.file, progress=WriteProgress())
        if args.no_derive:
            derived = {}
            left = {k: v for k, v in engine.backlog().items() if v}
            if left and not args.json:
                print("left for the background (runs when the app or the next ingest runs): "
                      + ", ".join(f"{k.removesuffix('_jobs')} {v:,}" for k, v in left.items()),
                      file=sys.stderr)
        else:
            from ..blas_threads import limited_blas_threads
            from . import progress

            # a batch process with no queries meanwhile: OpenBLAS's second thread would only
            # spin on the other core (blas_threads module docstring)
            with limited_blas_threads(1):
                derived = engine.run_until_idle(progress=progress.BacklogProgress(), progress_every_s=progress.EVERY_S)
        res = report.result
        rejected = report.rejected
        if args.json:
            print_json({"lines": report.lines, "ingested": res.ingested, "duplicates": res.duplicates,
                        "suppressed_deleted": res.suppressed, "runtime_traces": res.runtime_traces,
                        "rejected": [{"line": r.index + 1, "field": r.field, "error": r.error}
                                     for r in rejected],
                        "hook_errors": res.hook_errors, "derived": derived})
        else:
            for r in rejected:
                print(f"line {r.index + 1}: rejected: field '{r.field}': {r.error}", file=sys.stderr)
            print(f"ingested: {res.ingested}  duplicates: {res.duplicates}  rejected: {len(rejected)}"
                  + (f"  suppressed (deleted before): {res.suppressed}" if res.suppressed else "")
                  + (f"  runtime traces: {res.runtime_traces}" if res.runtime_traces else ""))
            if derived:
                print("background work done: " + ", ".join(f"{k}={v}" for k, v in derived.items()))
        return 1 if rejected else 0


def cmd_events(args: argparse.Namespace) -> int:
    from .main import engine_from_args

    with engine_from_args(args) as engine:
        events = engine.list_events(source=args.source, author_type=args.author_type,
                                    evidence_class=args.evidence_class, scope=args.scope,
                                    session_id=args.session, limit=args.limit, offset=args.offset,
                                    newest_first=not args.oldest_first)
        if args.json:
            print_json([e.to_json() for e in events])
        else:
            for e in events:
                print(f"{e.event_id}  {iso(e.occurred_at)}  {e.source:<13} {e.author_type:<9} "
                      f"{e.evidence_class:<21} {one_line(e.content, 70)}")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from .main import engine_from_args

    with engine_from_args(args) as engine:
        stats = engine.stats()
    if args.json:
        print_json(stats)
    else:
        print(f"database: {stats['db_path']}")
        print(f"fact_events: {stats['fact_events']}")
        for key, value in stats.items():
            if key in ("db_path", "fact_events"):
                continue
            print(f"{key}: {value}")
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    from ..purge import PurgeStatus, describe
    from .main import engine_from_args

    with engine_from_args(args) as engine:
        if args.dry_run:
            report = engine.preview_delete(args.event_ids)
        else:
            report = engine.delete_events(args.event_ids, wait_purge_s=max(0.0, args.wait))
    if args.json:
        print_json(report.to_json())
    else:
        verb = "would delete" if args.dry_run else "deleted"
        print(f"{verb} {len(report.event_ids)} event(s)")
        for layer, changes in report.layers.items():
            print(f"  {layer}: " + ", ".join(f"{k}={v}" for k, v in changes.items()))
        for missing in report.missing:
            print(f"  not found: {missing}", file=sys.stderr)
        if report.purge:
            status = PurgeStatus.from_json(report.purge)
            print(describe(status), file=sys.stdout if not status.pending else sys.stderr)
    return 1 if report.missing else 0


def cmd_purge(args: argparse.Namespace) -> int:
    from ..purge import PurgeStatus, describe
    from .main import engine_from_args

    with engine_from_args(args) as engine:
        result = engine.purge_now(max(0.0, args.wait))
    status = PurgeStatus.from_json(result)
    if args.json:
        print_json(result)
    else:
        print(describe(status), file=sys.stdout if not status.pending else sys.stderr)
    return 3 if status.pending else 0


DEMO_QUESTIONS = (
    ("What kitchen appliance did I buy before the air fryer?", None),
    ("我在买空气炸锅前买了什么厨房家电？", None),
    ("Where do I live now?", "current_state"),
    ("What was I busy with last week?", None),
    ("How did I handle the web_search tool last time?", "strategy"),
)


def cmd_demo(args: argparse.Namespace) -> int:
    from ..config import MemoryConfig

    sample = resources.files("memory_core.resources").joinpath("sample_memory.jsonl")
    tmp = Path(tempfile.mkdtemp(prefix="magi-demo-"))
    db_path = Path(args.db) if getattr(args, "db", None) else tmp / "demo.db"
    config = MemoryConfig(data_dir=tmp)
    # the demo shows the offline engine: no provider is built from keys in the environment
    config.providers.offline_only = True
    try:
        return _run_demo(args, sample, db_path, config)
    finally:
        if not (args.keep or getattr(args, "db", None)):
            shutil.rmtree(tmp, ignore_errors=True)  # nothing left behind in the temp folder


def _run_demo(args: argparse.Namespace, sample: Any, db_path: Path, config: Any) -> int:
    import asyncio

    from ..engine import MemoryEngine

    with resources.as_file(sample) as sample_path, MemoryEngine(db_path, config=config) as engine:
        report = engine.ingest_jsonl(sample_path)
        print(f"ingested the bundled sample: {report.result.ingested} events "
              f"({report.result.duplicates} duplicates, {len(report.rejected)} rejected)")
        work = engine.run_until_idle()
        print("background layers: " + ", ".join(f"{k}={v}" for k, v in work.items()))
        if engine.retrieval is None:
            print("retrieval is not installed; latest events:")
            for e in engine.list_events(limit=5):
                print(f"  {iso(e.occurred_at)}  {one_line(e.content, 80)}")
            return 0
        # the questions are asked on the Tuesday after the sample's week, so "last week" is it
        now = engine.db.read_value("SELECT max(occurred_at) FROM fact_events") + 3 * 86400
        print(f"questions asked on {iso(now)} (UTC)")
        for question, mode in DEMO_QUESTIONS:
            package = asyncio.run(engine.query(question, mode, now=now))
            print(f"\nQ: {question}")
            print(f"   mode={package.query_mode} status={package.status}")
            print(f"   {package.summary}")
            for f in package.findings[:3]:
                print(f"   - [{f.evidence_strength}] {iso(f.occurred_at)} {one_line(f.content, 90)}"
                      f"  (event {f.event_id})")
        if args.keep or getattr(args, "db", None):
            print(f"\ndatabase kept at {db_path}")
    return 0
