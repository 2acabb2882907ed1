"""Numbered schema migrations (``migrations/NNNN_name.sql``), applied once each, in order.

Each file runs in its own transaction together with its ``schema_migrations`` row, so a crash
mid-migration leaves the schema at the previous version, never half-way.

A migration that must recompute stored values with the engine's own Python rules (a changed name
normalisation: SQL cannot repeat NFKC and the article rules) is ``migrations/NNNN_name.py`` with
``upgrade(conn)``, run in the same kind of transaction.
"""

from __future__ import annotations

import importlib
import re
import time
from importlib import resources
from typing import Callable

import apsw

from .connection import Database, DatabaseError

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.(sql|py)$")

#: a migration's body: its SQL text, or a Python migration's ``upgrade(conn)``
Step = str | Callable[[apsw.Connection], None]


def available_migrations() -> list[tuple[int, str, Step]]:
    """(version, name, SQL text or ``upgrade`` function) for every bundled migration, by version."""
    found: list[tuple[int, str, Step]] = []
    for entry in resources.files("memory_core.db.migrations").iterdir():
        m = _NAME.match(entry.name)
        if not m:
            continue
        if m.group(3) == "sql":
            found.append((int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
        else:
            module = importlib.import_module(f"memory_core.db.migrations.{entry.name[:-3]}")
            found.append((int(m.group(1)), m.group(2), module.upgrade))
    found.sort(key=lambda f: f[0])
    versions = [v for v, _, _ in found]
    if len(set(versions)) != len(versions):
        raise DatabaseError(f"duplicate migration numbers: {versions}")
    return found


def current_version(db: Database) -> int:
    conn = db.writer
    conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations ("
                 "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)")
    for (v,) in conn.execute("SELECT coalesce(max(version), 0) FROM schema_migrations"):
        return int(v)
    return 0


def migrate(db: Database) -> list[int]:
    """Apply pending migrations; returns the versions applied."""
    applied: list[int] = []
    have = current_version(db)
    for version, name, step in available_migrations():
        if version <= have:
            continue
        try:
            with db.write() as conn:
                if isinstance(step, str):
                    conn.execute(step)
                else:
                    step(conn)
                conn.execute("INSERT INTO schema_migrations(version, name, applied_at) VALUES (?,?,?)",
                             (version, name, time.time()))
        except Exception as exc:  # noqa: BLE001 - re-raised with the file named
            raise DatabaseError(f"migration {version:04d}_{name} failed: {exc}") from exc
        applied.append(version)
    return applied
