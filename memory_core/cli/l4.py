"""L4 sub-commands: ``skills`` (list / show with traces), ``check-skill TOOL`` (what the agent
asks before using a tool), ``distill`` (re-distil a skill now)."""

from __future__ import annotations

import argparse
import sys

from .output import iso, one_line, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("skills", help="list L4 procedural skills, or show one with its traces")
    p.add_argument("skill_id", nargs="?")
    p.add_argument("--state", choices=("closed", "open", "half_open"), help="breaker state filter")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_skills)

    p = sub.add_parser("check-skill", help="breaker state, success rate and strategy of a tool")
    p.add_argument("tool")
    p.add_argument("--category")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("distill", help="queue a skill's distillation and run it now")
    p.add_argument("skill_id")
    p.set_defaults(func=cmd_distill)


def _l4(engine):
    l4 = engine.components.get("l4")
    if l4 is None:
        print("L4 is not installed in this engine (config.layers)", file=sys.stderr)
    return l4


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.0%}"


def cmd_skills(args: argparse.Namespace) -> int:
    from .main import engine_from_args

    with engine_from_args(args) as engine:
        l4 = _l4(engine)
        if l4 is None:
            return 2
        if args.skill_id:
            s = l4.get_skill(args.skill_id)
            if s is None:
                print(f"skill_id: no skill {args.skill_id!r}", file=sys.stderr)
                return 1
            if args.json:
                print_json(s)
                return 0
            print(f"{s['tool_name']} [{s['category']}]  breaker={s['breaker_state']}  "
                  f"success={_pct(s['success_rate'])} of {s['executions']}  "
                  f"mean={s['mean_duration_ms'] or 0:.0f} ms  pending={s['pending_trace_count']}/"
                  f"{s['distill_threshold']}")
            if s["strategy"]:
                print(f"strategy ({s['distill_producer']}, {s['strategy_status']}): "
                      f"{s['strategy'].get('summary', '')}")
                for k in ("failure_patterns", "recommendations"):
                    for line in s["strategy"].get(k, []):
                        print(f"  {k[:-1].replace('_', ' ')}: {line}")
            print(f"traces ({len(s['traces'])}):")
            for t in s["traces"]:
                print(f"  {iso(t['occurred_at'])} {'ok  ' if t['success'] else 'FAIL'} "
                      f"{(t['duration_ms'] or 0):>7.0f} ms  {t['event_id']}  {one_line(t['input_text'], 60)}")
            return 0
        rows = l4.list_skills(state=args.state, limit=args.limit)
        if args.json:
            print_json(rows)
            return 0
        for s in rows:
            print(f"{s['skill_id']}  {s['tool_name']:<24} {s['category']:<14} {s['breaker_state']:<9} "
                  f"{_pct(s['success_rate']):>5} of {s['executions']:<5} "
                  f"{'strategy' if s['strategy'] else '':<8} last {iso(s['last_used_at'])}")
        if not rows:
            print("no skills")
        return 0


def cmd_check(args: argparse.Namespace) -> int:
    from .main import engine_from_args

    with engine_from_args(args) as engine:
        l4 = _l4(engine)
        if l4 is None:
            return 2
        try:
            check = l4.check_skill(args.tool, args.category)
        except ValueError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        if args.json:
            print_json(check.to_json())
        else:
            print(f"{'ALLOWED' if check.allowed else 'REFUSED'}: {check.reason}")
            print(check.hint)
        return 0 if check.allowed else 3


def cmd_distill(args: argparse.Namespace) -> int:
    from .main import engine_from_args

    with engine_from_args(args) as engine:
        l4 = _l4(engine)
        if l4 is None:
            return 2
        if not l4.request_distillation(args.skill_id):
            print(f"skill_id: no skill {args.skill_id!r}", file=sys.stderr)
            return 1
        engine.run_until_idle()
        s = l4.get_skill(args.skill_id)
        job = s["distill_job"] or {}
        print(f"distillation {job.get('state')}: "
              + (s["strategy"] or {}).get("summary", job.get("last_error") or ""))
        return 0 if job.get("state") == "done" else 1
