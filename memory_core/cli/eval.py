"""``magi-memory eval``: retrieval evals (LongMemEval, LoCoMo) and the latency / vector-recall
measurements. Offline components only; each prints what it measured, baseline included."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .output import print_json

EMBEDDERS = ("offline", "use", "hashing", "sentence_model")


def default_eval_embedder() -> str:
    """The offline embedder the engine would run with: ``hashing`` when the configuration (or
    ``MAGI_EMBEDDING_PROVIDER``) chooses it, else the bundled model."""
    from ..config import MemoryConfig

    return "hashing" if MemoryConfig.load().providers.embedding_provider == "hashing" else "offline"

EMBEDDER_HELP = ("offline: the bundled multilingual-e5-small; use: USE multilingual (the Windows "
                 "default); hashing: the lexical hashing embedder; sentence_model: English MiniLM "
                 "(extra [model]). Default: the configured one (offline unless config.json or "
                 "MAGI_EMBEDDING_PROVIDER says hashing)")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("eval", help="retrieval evals and latency measurements (offline)")
    ev = p.add_subparsers(dest="eval_command", required=True, metavar="EVAL")

    q = ev.add_parser("longmemeval", help="LongMemEval retrieval: session/turn Recall@k and NDCG@k")
    q.add_argument("path", type=Path)
    q.add_argument("--json", dest="json_out", type=Path, metavar="OUT", help="write the figures as JSON")
    q.add_argument("--limit", type=int, help="ask at most N questions")
    q.add_argument("--types", nargs="+", metavar="TYPE", help="only these question types")
    q.add_argument("--layers", nargs="*", default=[], metavar="LAYER",
                   help="derived layers to run too (default: none, L1 retrieval only)")
    q.add_argument("--embedder", choices=EMBEDDERS, default=None, help=EMBEDDER_HELP)
    q.add_argument("-q", "--quiet", action="store_true")
    q.set_defaults(func=cmd_longmemeval)

    c = ev.add_parser("locomo", help="LoCoMo retrieval: turn/session Recall@k and NDCG@k per category")
    c.add_argument("path", type=Path)
    c.add_argument("--json", dest="json_out", type=Path, metavar="OUT")
    c.add_argument("--limit", type=int, help="ask at most N questions")
    c.add_argument("--conversations", type=int, help="only N conversations (the first N after --skip)")
    c.add_argument("--skip", type=int, default=0, metavar="N", help="leave out the first N conversations")
    c.add_argument("--categories", nargs="+", type=int, metavar="N", help="only these categories (1-5)")
    c.add_argument("--layers", nargs="*", default=[], metavar="LAYER")
    c.add_argument("--embedder", choices=EMBEDDERS, default=None, help=EMBEDDER_HELP)
    c.add_argument("-q", "--quiet", action="store_true")
    c.set_defaults(func=cmd_locomo)

    pp = ev.add_parser("paraphrase", help="bilingual paraphrase / cross-lingual recall@k "
                       "(docs/eval/bilingual_paraphrase.json)")
    pp.add_argument("path", type=Path)
    pp.add_argument("--json", dest="json_out", type=Path, metavar="OUT")
    pp.add_argument("--embedder", choices=EMBEDDERS, default=None, help=EMBEDDER_HELP)
    pp.add_argument("-q", "--quiet", action="store_true")
    pp.set_defaults(func=cmd_paraphrase)

    sc = ev.add_parser("state-changes", help="state-change scenarios through the CLI: after a change, "
                       "is the first current_state finding the new state? (format: memory_core/eval/state_changes.py)")
    sc.add_argument("path", type=Path)
    sc.add_argument("--json", dest="json_out", type=Path, metavar="OUT")
    sc.add_argument("--only", nargs="+", default=[], metavar="ID", help="run only these scenario ids")
    sc.add_argument("-v", "--verbose", action="store_true", help="list every failing scenario with its first finding")
    sc.set_defaults(func=cmd_state_changes)

    tsl = ev.add_parser("train-state-lines", help="fit the state-line model (retrieval/state_lines.py) on "
                        "state-change scenario files with the bundled e5 (format: eval/state_lines_fit.py)")
    tsl.add_argument("paths", type=Path, nargs="+", help="scenario files to train on")
    tsl.add_argument("--check", type=Path, nargs="*", default=[], metavar="FILE",
                     help="files kept out of training: report per language how many of their state lines "
                          "the model recognises and how many other lines it flags")
    tsl.add_argument("--out", type=Path, help="weights file (default: the packaged one)")
    tsl.add_argument("--l2", type=float, default=None, help="L2 penalty of the fit")
    tsl.set_defaults(func=cmd_train_state_lines)

    lat = ev.add_parser("latency", help="memory_query p50/p95 latency on a synthetic store")
    lat.add_argument("--events", type=int, nargs="+", default=[10_000], metavar="N")
    lat.add_argument("--queries", type=int, default=200)
    lat.add_argument("--work-dir", type=Path, help="keep the generated stores here (reused when present)")
    lat.add_argument("--json", dest="json_out", type=Path, metavar="OUT")
    lat.set_defaults(func=cmd_latency)

    vec = ev.add_parser("vector", help="recall@10 and latency of the quantised prefilter vs exact KNN")
    vec.add_argument("--chunks", type=int, default=100_000)
    vec.add_argument("--queries", type=int, default=200)
    vec.add_argument("--work-dir", type=Path)
    vec.add_argument("--json", dest="json_out", type=Path, metavar="OUT")
    vec.set_defaults(func=cmd_vector)


def _progress(args: argparse.Namespace):
    if getattr(args, "quiet", False):
        return None
    return lambda msg: print(msg, file=sys.stderr, flush=True)


def _finish(args: argparse.Namespace, result: dict) -> int:
    if args.json_out:
        args.json_out.write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")
        print(f"wrote {args.json_out}", file=sys.stderr)
    from ..eval.report import render

    print(render(result))
    return 0


def cmd_longmemeval(args: argparse.Namespace) -> int:
    from ..eval import longmemeval

    if not args.path.exists():
        print(f"no such file: {args.path}", file=sys.stderr)
        return 2
    result = longmemeval.run(args.path, limit=args.limit, types=args.types, layers=args.layers,
                             progress=_progress(args), embedder=args.embedder or default_eval_embedder())
    return _finish(args, result)


def cmd_locomo(args: argparse.Namespace) -> int:
    from ..eval import locomo

    if not args.path.exists():
        print(f"no such file: {args.path}", file=sys.stderr)
        return 2
    result = locomo.run(args.path, limit=args.limit, categories=args.categories,
                        conversations=args.conversations, layers=args.layers, progress=_progress(args),
                        embedder=args.embedder or default_eval_embedder(), skip=args.skip)
    return _finish(args, result)


def cmd_paraphrase(args: argparse.Namespace) -> int:
    from ..eval import paraphrase

    if not args.path.is_file():
        print(f"no such file: {args.path}", file=sys.stderr)
        return 2
    try:
        result = paraphrase.run(args.path, embedder=args.embedder or default_eval_embedder(),
                                progress=_progress(args))
    except (ValueError, KeyError) as exc:
        print(f"{args.path}: {exc}", file=sys.stderr)
        return 2
    if args.json_out:
        args.json_out.write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")
        print(f"wrote {args.json_out}", file=sys.stderr)
    print(paraphrase.render(result))
    return 0


def cmd_state_changes(args: argparse.Namespace) -> int:
    from ..eval import state_changes

    if not args.path.is_file():
        print(f"no such file: {args.path}", file=sys.stderr)
        return 2
    try:
        outcomes, summary = state_changes.run_file(args.path, only=args.only)
    except state_changes.ScenarioError as exc:
        print(f"{args.path}: {exc}", file=sys.stderr)
        return 2
    if args.json_out:
        rows = [{"id": o.scenario.id, "lang": o.scenario.lang, "family": o.scenario.family, "passed": o.passed,
                 "first_after": o.first_after, "passed_before": o.passed_before, "error": o.error,
                 "l2_holds_change": o.l2_new, "l2_still_old": o.l2_old}
                for o in outcomes]
        args.json_out.write_text(json.dumps({"summary": summary, "scenarios": rows}, indent=2, ensure_ascii=False),
                                 encoding="utf-8")
        print(f"wrote {args.json_out}", file=sys.stderr)
    print(state_changes.format_report(outcomes, summary, verbose=args.verbose))
    return 0


def cmd_train_state_lines(args: argparse.Namespace) -> int:
    from importlib import resources

    import numpy as np

    from ..eval import state_lines_fit
    from ..eval.state_changes import ScenarioError
    from ..eval.state_changes import load as load_scenarios
    from ..providers.e5_embedder import E5Embedder
    from ..retrieval.state_lines import WEIGHTS

    for p in [*args.paths, *args.check]:
        if not p.is_file():
            print(f"no such file: {p}", file=sys.stderr)
            return 2
    overlap = {p.resolve() for p in args.paths} & {p.resolve() for p in args.check}
    if overlap:
        print(f"--check files are also trained on: {', '.join(sorted(map(str, overlap)))}", file=sys.stderr)
        return 2
    try:
        for p in args.check:  # a malformed --check file fails before the fit, naming itself
            load_scenarios(p)
    except ScenarioError as exc:
        print(f"train-state-lines: {exc}", file=sys.stderr)
        return 2
    embedder = E5Embedder()
    out = args.out or Path(str(resources.files("memory_core.resources").joinpath(
        next(f for k, f in WEIGHTS.items() if embedder.model_id.startswith(k)))))
    try:
        model, counts = state_lines_fit.train(args.paths, embedder.embed, embedder.model_id,
                                              embed_query=embedder.embed_query,
                                              l2=args.l2 if args.l2 is not None else state_lines_fit.DEFAULT_L2)
    except (ScenarioError, ValueError) as exc:
        print(f"train-state-lines: {exc}", file=sys.stderr)
        return 2
    with open(out, "wb") as fh:
        np.savez(fh, **model.to_arrays())
    print(f"wrote {out}: {len(args.paths)} files, rows per label {json.dumps(counts, sort_keys=True)}")
    if args.check:
        from ..policy import STATE_LINE_LIFT_MIN_PROBABILITY, STATE_LINE_MIN_PROBABILITY

        for t in sorted({STATE_LINE_MIN_PROBABILITY, STATE_LINE_LIFT_MIN_PROBABILITY}):
            print(f"held apart, threshold {t}: {json.dumps(state_lines_fit.evaluate(model, args.check, embedder.embed, t))}")
        print(f"held apart, questions: "
              f"{json.dumps(state_lines_fit.question_accuracy(model, args.check, embedder.embed_query))}")
    return 0


def cmd_latency(args: argparse.Namespace) -> int:
    from ..eval import latency

    result = latency.run(args.events, queries=args.queries, work_dir=args.work_dir,
                         progress=lambda m: print(m, file=sys.stderr, flush=True))
    if args.json_out:
        args.json_out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print_json(result)
    return 0


def cmd_vector(args: argparse.Namespace) -> int:
    from ..eval import latency

    result = latency.vector_recall(args.chunks, queries=args.queries, work_dir=args.work_dir,
                                   progress=lambda m: print(m, file=sys.stderr, flush=True))
    if args.json_out:
        args.json_out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print_json(result)
    return 0
