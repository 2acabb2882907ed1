"""``magi-memory``: the engine from the command line.

Sub-commands live in small modules, each with ``register(subparsers)``; a module that is not
present (a layer not installed) simply adds no command.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import logging
import sys
from pathlib import Path
from typing import Sequence

from ..db.connection import DatabaseError

COMMAND_MODULES = ("core", "query", "eval", "bench", "l2", "l3", "l4", "providers")


def engine_from_args(args: argparse.Namespace, **kwargs):
    """Open the engine on ``--db`` (or the default database in the user data folder)."""
    from ..config import MemoryConfig
    from ..engine import MemoryEngine

    config = MemoryConfig.load()
    db = Path(args.db) if getattr(args, "db", None) else None
    if db is not None and not db.parent.exists():
        # an explicit path under a missing folder is a typo more often than a wish for folders
        raise DatabaseError(f"--db {db}: folder {db.parent} does not exist")
    return MemoryEngine(db, config=config, **kwargs)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="magi-memory", description=__doc__.splitlines()[0])
    parser.add_argument("--db", metavar="PATH", help="database file (default: the user data folder)")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress to stderr")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"memory_core.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"memory_core.cli.{name}":
                continue
            raise
        module.register(sub)
    # allow --db after the sub-command too
    for action in sub.choices.values():
        action.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    return parser


@functools.lru_cache(maxsize=1)
def _parser() -> argparse.ArgumentParser:
    """One parser per process: parsing never changes it, and building it (~50 sub-commands)
    costs ~16 ms — per call of :func:`main`, which the scenario harness makes ~3 times a
    scenario, thousands of times a run."""
    return build_parser()


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        return int(args.func(args) or 0)
    except DatabaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
