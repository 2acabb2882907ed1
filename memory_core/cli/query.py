"""``magi-memory query``: ask memory a question, see the answer package (and how it was found)."""

from __future__ import annotations

import argparse
import sys

from .output import iso, one_line, print_json


def register(sub: argparse._SubParsersAction) -> None:
    from ..policy import QueryMode

    p = sub.add_parser("query", help="memory_query: ask a question (answer package, optional trace)")
    p.add_argument("question")
    p.add_argument("--mode", choices=[m.value for m in QueryMode], default=None,
                   help="query mode (default: chosen by the intent rules)")
    p.add_argument("--now", metavar="ISO-8601", help="the question's date (default: now)")
    p.add_argument("--limit", type=int, default=10)
    p.add_argument("--since", metavar="ISO-8601", help="hard time window start")
    p.add_argument("--until", metavar="ISO-8601", help="hard time window end (exclusive)")
    p.add_argument("--source", help="only events from this source (chat, browser, ...)")
    p.add_argument("--json", action="store_true", help="print the answer package as JSON")
    p.add_argument("--trace", action="store_true", help="show the retrieval trace")
    p.add_argument("--why-not", metavar="EVENT_ID", action="append", default=[],
                   help="explain why this event is not among the findings (repeatable)")
    p.set_defaults(func=cmd_query)

    p = sub.add_parser("tool-schema", help="print the memory_query tool schema for LLM agents")
    p.add_argument("--openai", action="store_true", help="wrap it in the function-calling envelope")
    p.set_defaults(func=cmd_tool_schema)


def cmd_query(args: argparse.Namespace) -> int:
    from ..retrieval.service import QueryInputError
    from .main import engine_from_args

    with engine_from_args(args) as engine:
        time_range = (args.since, args.until) if (args.since or args.until) else None
        filters = {"source": args.source} if args.source else None
        try:
            package = engine.retrieval.query(args.question, args.mode, now=args.now, limit=args.limit,
                                             time_range=time_range, filters=filters)
        except QueryInputError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        why = [engine.retrieval.explain_missing(package.trace, eid) for eid in args.why_not]
    if args.json:
        data = package.to_json(include_trace=args.trace)
        if why:
            data["why_not"] = why
        print_json(data)
        return 0
    print(f"mode: {package.query_mode} ({package.trace.mode_reason})   status: {package.status}   "
          f"evidence: {package.evidence_level}")
    if package.anchor:
        a = package.anchor
        print(f"anchor: {a['text']!r} {a['direction']} -> {a['resolved_at_iso'] or 'not found'} "
              f"({a['event_id'] or '-'})")
    if package.time_window:
        w = package.time_window
        print(f"window: [{w['start_iso'] or '-inf'}, {w['end_iso'] or '+inf'})  {w['source']}")
    print(package.summary)
    for f in package.findings:
        print(f"  {f.rank:>2}. [{f.evidence_strength:<8}] {iso(f.occurred_at)} {f.author_type:<9} "
              f"{one_line(f.content, 80)}  ({f.layer} {f.event_id})")
    for h in package.answering_hints:
        print(f"  hint: {h}")
    if args.trace:
        _print_trace(package.trace)
    for w in why:
        print(f"why not {w['event_id']}: {w['stage']} — {w['explanation']}")
    return 0


def _print_trace(trace) -> None:
    print("trace:")
    print("  timings (ms): " + ", ".join(f"{k}={v:.1f}" for k, v in trace.timings_ms.items()))
    for name, p in trace.paths.items():
        state = p.skipped and f"skipped: {p.skipped}" or p.error and f"error: {p.error}" or \
            f"{len(p.candidates)} candidates"
        top = ", ".join(f"#{c['rank']} {c['event_id']} ({c['score']:.3g})" for c in p.candidates[:3])
        print(f"  path {name:<14} w={p.weight:<4} {p.elapsed_ms:7.1f} ms  {state}  {top}")
    for f in trace.fused[:10]:
        parts = ", ".join(f"{k}#{v['rank']}" for k, v in f["contributions"].items())
        print(f"  fused #{f['rank']:<3} {f['event_id']} {f['fused']:.5f}  [{parts}]")
    for r in trace.rerank[:10]:
        print(f"  rerank {r['event_id']} {r['rank_before']}->{r['rank_after']} base={r['base']:.3f} "
              f"deltas={r['deltas']} score={r['score']:.3f}")
    for eid, d in list(trace.dropped.items())[:20]:
        print(f"  dropped {eid}: {d['stage']} — {d['detail']}")
    for eid, c in list(trace.cuts.items())[:20]:
        print(f"  cut {eid}: {c['stage']} — {c['detail']}")
    for name, layer in trace.layers.items():
        print(f"  layer {name}: {layer}")
    for err in trace.errors:
        print(f"  error: {err}")


def cmd_tool_schema(args: argparse.Namespace) -> int:
    from ..retrieval.tool import load_tool_schema, openai_tool

    print_json(openai_tool() if args.openai else load_tool_schema())
    return 0
