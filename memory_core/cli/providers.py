"""``magi-memory providers status|test|calls``: what serves each tier, and does it answer.

``status`` builds the provider set from the configuration without calling anything (no network);
``test`` sends one tiny JSON request per available tier and one embedding, each recorded in the
ledger like any other call; ``calls`` lists the newest rows of ``provider_calls``.
"""

from __future__ import annotations

import argparse

from .output import iso, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("providers", help="model providers: status, a live test, the call ledger")
    psub = p.add_subparsers(dest="providers_command", required=True, metavar="ACTION")
    s = psub.add_parser("status", help="which provider/model serves each tier (no network)")
    s.set_defaults(func=cmd_status)
    t = psub.add_parser("test", help="one small call per available tier and one embedding")
    t.set_defaults(func=cmd_test)
    c = psub.add_parser("calls", help="the newest provider_calls rows")
    c.add_argument("--limit", type=int, default=20)
    c.set_defaults(func=cmd_calls)


def _providers():
    from ..config import MemoryConfig
    from ..providers.factory import build_providers

    return build_providers(MemoryConfig.load())


def cmd_status(args: argparse.Namespace) -> int:
    print_json(_providers().status())
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    from ..policy import Tier
    from ..providers.chat import ChatMessage, ChatRequest, ProviderError

    providers = _providers()
    if getattr(args, "db", None):
        from ..db.connection import Database
        from ..db.migrate import migrate

        db = Database(args.db)
        migrate(db)
        providers.attach_recorder(db)
    schema = {"type": "object", "required": ["ok"], "properties": {"ok": {"type": "boolean"}}}
    failures = 0
    for tier in Tier:
        if not providers.chat.available(tier):
            print(f"{tier.value}: offline (not served)")
            continue
        request = ChatRequest(tier=tier, json_schema=schema, trigger="providers_test",
                              messages=[ChatMessage("user", 'Reply with {"ok": true}.')])
        try:
            result = providers.chat.complete(request)
            print(f"{tier.value}: ok via {result.provider}/{result.model} in "
                  f"{result.latency_ms:.0f} ms, {result.attempts} attempt(s)")
        except ProviderError as exc:
            failures += 1
            print(f"{tier.value}: FAILED {type(exc).__name__}: {exc}")
    try:
        vec = providers.embedder.embed(["magi provider test 测试"])
        print(f"embedding: ok {providers.embedder.model_id} dim={vec.shape[1]} "
              f"network={providers.embedder.uses_network}")
    except ProviderError as exc:
        failures += 1
        print(f"embedding: FAILED {type(exc).__name__}: {exc}")
    return 1 if failures else 0


def cmd_calls(args: argparse.Namespace) -> int:
    from .main import engine_from_args

    engine = engine_from_args(args, layers=())
    try:
        rows = engine.db.read_all("SELECT * FROM provider_calls ORDER BY call_id DESC LIMIT ?",
                                  (args.limit,))
    finally:
        engine.close()
    for r in rows:
        tokens = f"{r['prompt_tokens'] or 0}+{r['completion_tokens'] or 0}"
        print(f"{iso(r['started_at'])} {r['provider']:<13} {r['kind']:<5} {r['tier'] or '-':<17} "
              f"{r['model']:<20} {r['outcome']:<12} x{r['attempts']} {tokens:>9} tok "
              f"{(r['latency_ms'] or 0):7.0f} ms {r['trigger'] or ''}")
    return 0
