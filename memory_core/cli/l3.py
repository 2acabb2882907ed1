"""L3 sub-commands: ``summaries`` (list / show / drill down), ``summarize`` (run the scheduler
or summarise a window now), ``summary-jobs`` (failed jobs, retry)."""

from __future__ import annotations

import argparse
import sys

from .output import iso, one_line, print_json

GRANULARITIES = ("hour", "day", "week", "month")
TYPES = ("temporal", "thematic", "insight")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("summaries", help="list L3 summaries, or show one with its source events")
    p.add_argument("summary_id", nargs="?", help="show this summary and drill down to its events")
    p.add_argument("--type", dest="summary_type", choices=TYPES)
    p.add_argument("--granularity", choices=GRANULARITIES)
    p.add_argument("--category", help="summary_category, e.g. browser_activity, task_reflection")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--events", type=int, default=20, help="source events to show with a summary")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_summaries)

    p = sub.add_parser("summarize", help="produce due summaries (scheduler catch-up) or one window now")
    p.add_argument("--now", action="store_true", help="summarise the window ending now")
    p.add_argument("--granularity", choices=GRANULARITIES, default="day",
                   help="window length for --now (default: day)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_summarize)

    p = sub.add_parser("summary-jobs", help="L3 job queue: list (default: failed) or retry failed")
    p.add_argument("--state", choices=("pending", "running", "done", "failed"), default="failed")
    p.add_argument("--retry", action="store_true", help="re-queue every failed job")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_jobs)


def _l3(engine):
    l3 = engine.components.get("l3")
    if l3 is None:
        print("L3 is not installed in this engine (config.layers)", file=sys.stderr)
    return l3


def cmd_summaries(args: argparse.Namespace) -> int:
    from .main import engine_from_args

    with engine_from_args(args) as engine:
        l3 = _l3(engine)
        if l3 is None:
            return 2
        if args.summary_id:
            s = l3.get(args.summary_id)
            if s is None:
                print(f"summary_id: no summary {args.summary_id!r}", file=sys.stderr)
                return 1
            events = l3.drill_down(s.summary_id, limit=args.events)
            if args.json:
                print_json({**s.to_json(), "events": [e.to_json() for e in events]})
                return 0
            print(f"{s.title}\n[{s.summary_type}/{s.summary_category}] {s.granularity or '-'} "
                  f"{iso(s.window_start)} → {iso(s.window_end)}  producer={s.producer}  status={s.status}")
            print(f"{s.event_count} events in window, {len(s.source_event_ids)} linked\n")
            print(s.body)
            print(f"\nsource events ({len(events)} of {len(s.source_event_ids)}):")
            for e in events:
                print(f"  {iso(e.occurred_at)}  {e.event_id}  [{e.source}] {one_line(e.content, 80)}")
            return 0
        try:
            rows = l3.list_summaries(summary_type=args.summary_type, granularity=args.granularity,
                                     category=args.category, limit=args.limit)
        except ValueError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        if args.json:
            print_json([s.to_json() for s in rows])
            return 0
        for s in rows:
            print(f"{s.summary_id}  {iso(s.window_end)}  {s.summary_type:<8} {s.granularity or '-':<5} "
                  f"{s.summary_category:<22} {s.producer:<11} {len(s.source_event_ids):>3} ev  "
                  f"{one_line(s.title, 70)}")
        if not rows:
            print("no summaries")
        return 0


def cmd_summarize(args: argparse.Namespace) -> int:
    from .main import engine_from_args

    with engine_from_args(args) as engine:
        l3 = _l3(engine)
        if l3 is None:
            return 2
        if args.now:
            out = l3.summarize_now(args.granularity)
            if args.json:
                print_json(out)
            else:
                job = out["job"]
                print(f"job {job['job_id']}: {job['state']}"
                      + (f" ({job['last_error']})" if job.get("last_error") else ""))
                for s in out["summaries"]:
                    print(f"{s['summary_id']}  [{s['summary_type']}/{s['summary_category']}] "
                          f"{s['producer']}: {one_line(s['title'], 90)}")
                if not out["summaries"] and job["state"] == "done":
                    print("no events in that window")
            return 0 if out["job"]["state"] != "failed" else 1
        done = engine.run_until_idle()
        schedule = l3.schedule()
        if args.json:
            print_json({"processed": done, "schedule": schedule})
        else:
            print("processed: " + ", ".join(f"{k}={v}" for k, v in done.items() if v) or "nothing due")
            for g, st in schedule.items():
                print(f"  {g:<5} last window end {iso(st['last_window_end'])}  next due {iso(st['next_due_at'])}"
                      + (f"  (skipped {st['skipped_since_start']} old windows)" if st["skipped_since_start"] else ""))
        return 0


def cmd_jobs(args: argparse.Namespace) -> int:
    from .main import engine_from_args

    with engine_from_args(args) as engine:
        l3 = _l3(engine)
        if l3 is None:
            return 2
        if args.retry:
            n = l3.retry_failed()
            print(f"re-queued {n} failed job(s)")
            return 0
        rows = l3.jobs(args.state)
        if args.json:
            print_json(rows)
            return 0
        for r in rows:
            what = r["granularity"] or r["session_id"] or r["summary_id"] or ""
            print(f"{r['job_id']:>5} {r['kind']:<15} {what:<20} {r['state']:<8} attempts={r['attempts']} "
                  f"{one_line(r['last_error'] or '', 60)}")
        if not rows:
            print(f"no {args.state} jobs")
        return 0
