"""Numbered schema migrations (``migrations/NNNN_name.sql``), applied once each, in order.

Each file runs in its own transaction together with its ``schema_migrations`` row, so a crash
mid-migration leaves the schema at the previous version, never half-way.
"""

from __future__ import annotations

import re
import time
from importlib import resources

from .connection import Database, DatabaseError

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


def available_migrations() -> list[tuple[int, str, str]]:
    """(version, name, sql) for every bundled migration, sorted by version."""
    found: list[tuple[int, str, str]] = []
    for entry in resources.files("memory_core.db.migrations").iterdir():
        m = _NAME.match(entry.name)
        if m:
            found.append((int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
    found.sort()
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
    for version, name, sql in available_migrations():
        if version <= have:
            continue
        try:
            with db.write() as conn:
                conn.execute(sql)
                conn.execute("INSERT INTO schema_migrations(version, name, applied_at) VALUES (?,?,?)",
                             (version, name, time.time()))
        except Exception as exc:  # noqa: BLE001 - re-raised with the file named
            raise DatabaseError(f"migration {version:04d}_{name} failed: {exc}") from exc
        applied.append(version)
    return applied
