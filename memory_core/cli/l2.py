"""L2 sub-commands: entities, graph, assertions, l2 (status/maintain/retry/profile/chain/
delete-entity/deny), review (list/approve/reject/undo)."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime, timezone

from .output import iso, one_line, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("entities", help="L2 entity catalog")
    p.add_argument("--type", dest="entity_type")
    p.add_argument("--query", help="substring of a name or alias")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_entities)

    p = sub.add_parser("graph", help="L2 knowledge-graph edges (of one entity, or all)")
    p.add_argument("--entity", help="entity id or name (default: every edge)")
    p.add_argument("--all-statuses", action="store_true", help="include superseded / invalidated / rejected")
    p.add_argument("--limit", type=int, default=100)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_graph)

    p = sub.add_parser("assertions", help="L2 trait assertions (the user's by default)")
    p.add_argument("--entity", help="entity id or name (default: the user)")
    p.add_argument("--history", action="store_true", help="include exited rows (superseded, expired, ...)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_assertions)

    p = sub.add_parser("l2", help="L2 queue status, maintenance, time travel, corrections")
    l2 = p.add_subparsers(dest="l2_command", required=True, metavar="ACTION")
    a = l2.add_parser("status", help="projection / snapshot queues and recent failures")
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=cmd_status)
    a = l2.add_parser("maintain", help="run maintenance now (merge, orphans, predicates, expiry, episodes)")
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=cmd_maintain)
    a = l2.add_parser("run", help="project pending events now (all workers until idle)")
    a.set_defaults(func=cmd_run)
    a = l2.add_parser("retry", help="return failed projection jobs to pending")
    a.set_defaults(func=cmd_retry)
    a = l2.add_parser("profile", help="the user's profile (current snapshot, or as of a time)")
    a.add_argument("--as-of", help="ISO date/time (UTC) for time travel")
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=cmd_profile)
    a = l2.add_parser("chain", help="step through an assertion's supersession chain")
    a.add_argument("assertion_id")
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=cmd_chain)
    a = l2.add_parser("delete-entity", help="delete an entity and what was derived about it")
    a.add_argument("entity")
    a.add_argument("--dry-run", action="store_true")
    a.add_argument("--reason", default="deleted from the CLI")
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=cmd_delete_entity)
    a = l2.add_parser("deny", help="mark an assertion user_denied ('this is wrong')")
    a.add_argument("assertion_id")
    a.add_argument("--reason", default="user: this is wrong")
    a.set_defaults(func=cmd_deny)
    a = l2.add_parser("undo", help="undo a 'this is wrong' correction (its id is printed by deny)")
    a.add_argument("correction_id", type=int)
    a.set_defaults(func=cmd_undo_correction)

    p = sub.add_parser("review", help="the review inbox of uncertain L2 decisions")
    rv = p.add_subparsers(dest="review_command", required=True, metavar="ACTION")
    a = rv.add_parser("list", help="pending items (or --all)")
    a.add_argument("--all", action="store_true")
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=cmd_review_list)
    for name, help_text in (("approve", "keep the provisional decision"),
                            ("reject", "revert it (restore / split)"), ("undo", "undo the last decision")):
        a = rv.add_parser(name, help=help_text)
        a.add_argument("item_id", type=int)
        a.add_argument("--reason", default="")
        a.set_defaults(func=cmd_review_decide, action=name)


def _engine(args: argparse.Namespace):
    from .main import engine_from_args

    return engine_from_args(args)


def _resolve_entity(svc, ref: str | None) -> str | None:
    if ref is None:
        return None
    if svc.entity(ref) is not None:
        return ref
    hits = [e for e in svc.entities(query=ref, limit=5) if e.canonical_name.lower() == ref.lower()] or \
        svc.entities(query=ref, limit=1)
    return hits[0].entity_id if hits else ref


def cmd_entities(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        ents = engine.components["l2"].entities(entity_type=args.entity_type, query=args.query, limit=args.limit)
    if args.json:
        print_json([e.to_json() for e in ents])
    else:
        for e in ents:
            aliases = ", ".join(a for a in e.aliases if a != e.canonical_name)
            print(f"{e.entity_id}  {e.entity_type:<11} {e.canonical_name:<24} mentions={e.mention_count} "
                  f"last={iso(e.last_seen_at)}" + (f"  aka {aliases}" if aliases else ""))
    return 0


def cmd_graph(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        svc = engine.components["l2"]
        edges = svc.edges(_resolve_entity(svc, args.entity), statuses=None if args.all_statuses else ("active",),
                          limit=args.limit)
    if args.json:
        print_json([e.to_json() for e in edges])
    else:
        for e in edges:
            print(f"{e.subject_name or e.subject_id} -{e.predicate}-> {e.object_name or e.object_id}  "
                  f"[{e.status}, conf {e.confidence:.2f}, {e.directness}, x{e.observation_count}, "
                  f"from {iso(e.valid_from)}{' to ' + iso(e.valid_to) if e.valid_to else ''}]  "
                  f"evidence: {','.join(e.evidence_event_ids)}")
    return 0


def cmd_assertions(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        svc = engine.components["l2"]
        eid = _resolve_entity(svc, args.entity) or svc.user_id()
        rows = svc.assertions(eid, statuses=None if args.history else ("tentative", "corroborated", "stable"))
    if args.json:
        print_json([a.to_json() for a in rows])
    else:
        for a in rows:
            print(f"{a.assertion_id}  {a.describe():<30} {a.status:<12} conf {a.confidence:.2f}  "
                  f"{iso(a.valid_from)} → {iso(a.valid_to or a.expires_at)}  evidence: {','.join(a.evidence_event_ids)}")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    from ..l2.projection import PROJECTION_QUEUE, SNAPSHOT_QUEUE

    with _engine(args) as engine:
        conn = engine.db.reader()
        out = {"projection": PROJECTION_QUEUE.counts(conn), "snapshots": SNAPSHOT_QUEUE.counts(conn),
               "failures": [{k: r[k] for k in ("event_id", "batch_key", "attempts", "last_error")}
                            for r in PROJECTION_QUEUE.failures(conn, 20)],
               **engine.components["l2"].stats(conn)}
    if args.json:
        print_json(out)
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0


def cmd_maintain(args: argparse.Namespace) -> int:
    from ..l2.maintenance import MaintenanceWorker

    with _engine(args) as engine:
        report = MaintenanceWorker(engine.components["l2"]).run()
    print_json(report) if args.json else print(", ".join(f"{k}={v}" for k, v in report.items()))
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        done = engine.run_until_idle()
    print(", ".join(f"{k}={v}" for k, v in done.items()))
    return 0


def cmd_retry(args: argparse.Namespace) -> int:
    from ..l2.projection import PROJECTION_QUEUE

    with _engine(args) as engine:
        with engine.db.write() as conn:
            n = PROJECTION_QUEUE.retry_failed(conn, engine.clock.now())
    print(f"{n} failed projection job(s) back to pending")
    return 0


def _parse_time(text: str) -> float:
    try:
        dt = datetime.fromisoformat(text)
    except ValueError:
        print(f"--as-of: not an ISO date/time: {text!r}", file=sys.stderr)
        raise SystemExit(2) from None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.timestamp()


def cmd_profile(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        svc = engine.components["l2"]
        if args.as_of:
            data = svc.profile_as_of(_parse_time(args.as_of))
        else:
            snap = svc.snapshot()
            data = snap.to_json() if snap else {}
    if args.json or True:
        print_json(data)
    return 0


def cmd_chain(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        chain = engine.components["l2"].supersession_chain(args.assertion_id)
    if not chain:
        print(f"no assertion {args.assertion_id}", file=sys.stderr)
        return 1
    if args.json:
        print_json([a.to_json() for a in chain])
    else:
        for i, a in enumerate(chain):
            mark = "→" if a.assertion_id == args.assertion_id else " "
            print(f"{mark} {i + 1}. {a.describe():<28} {a.status:<12} {iso(a.valid_from)} → {iso(a.valid_to)}  "
                  f"{one_line(a.reason, 60)}")
    return 0


def cmd_delete_entity(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        svc = engine.components["l2"]
        eid = _resolve_entity(svc, args.entity)
        try:
            report = svc.preview_delete_entity(eid) if args.dry_run else svc.delete_entity(eid, args.reason)
        except (KeyError, ValueError) as exc:
            print(f"cannot delete {args.entity!r}: {exc}", file=sys.stderr)
            return 1
    if not report.get("exists", True):
        print(f"no entity {args.entity!r}", file=sys.stderr)
        return 1
    print_json(report) if args.json else print(("would delete: " if args.dry_run else "deleted: ") + ", ".join(
        f"{k}={v}" for k, v in report.items() if not isinstance(v, list)))
    return 0


def cmd_deny(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        try:
            effect = engine.components["l2"].deny_assertion(args.assertion_id, args.reason)
        except KeyError as exc:
            print(str(exc), file=sys.stderr)
            return 1
    print_json(effect)
    return 0


def cmd_undo_correction(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        try:
            result = engine.components["l2"].undo_correction(args.correction_id)
        except (KeyError, ValueError) as exc:
            print(str(exc).strip("'\""), file=sys.stderr)
            return 1
    print_json(result)
    return 0


def cmd_review_list(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        review = engine.components["review"]
        items = review.list(None) if args.all else review.list_pending()
    if args.json:
        print_json([i.to_json() for i in items])
    else:
        for i in items:
            print(f"#{i.item_id} [{i.status}] {i.kind} conf {i.confidence:.2f}: {one_line(i.title, 90)}\n"
                  f"    old: {one_line(i.old_side.get('summary', ''), 80)}\n    new: {one_line(i.new_side.get('summary', ''), 80)}\n"
                  f"    evidence: {', '.join(i.evidence_event_ids)}")
    return 0


def cmd_review_decide(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        review = engine.components["review"]
        try:
            effect = getattr(review, args.action)(args.item_id, args.reason)
        except (KeyError, ValueError) as exc:
            print(str(exc), file=sys.stderr)
            return 1
    print_json(effect)
    return 0
