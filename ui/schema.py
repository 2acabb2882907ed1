"""Schema introspection: panels adapt to the layers that are installed in this database.

The derived layers (L2 migration 0002, L3 0003, L4 0004, review 0007) land independently; a
panel asks here whether its tables exist and shows an empty state instead of failing when they
do not. Results are cached per connection and schema version (``PRAGMA schema_version`` changes
whenever a migration adds a table).
"""

from __future__ import annotations

import threading
from typing import Any

import apsw

_cache: dict[tuple[int, int], dict[str, tuple[str, ...]]] = {}
_lock = threading.Lock()


def _tables(conn: apsw.Connection) -> dict[str, tuple[str, ...]]:
    version = conn.execute("PRAGMA schema_version").fetchone()[0]
    key = (id(conn), int(version))
    with _lock:
        hit = _cache.get(key)
    if hit is not None:
        return hit
    names = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")]
    out: dict[str, tuple[str, ...]] = {}
    for name in names:
        try:
            out[name] = tuple(r[1] for r in conn.execute(f'PRAGMA table_info("{name}")'))
        except apsw.Error:  # a virtual table whose module is not loaded here
            out[name] = ()
    with _lock:
        _cache[key] = out
    return out


def tables(conn: apsw.Connection) -> list[str]:
    return sorted(_tables(conn))


def has_table(conn: apsw.Connection, name: str) -> bool:
    return name in _tables(conn)


def columns(conn: apsw.Connection, name: str) -> tuple[str, ...]:
    return _tables(conn).get(name, ())


def has_columns(conn: apsw.Connection, name: str, *cols: str) -> bool:
    have = set(columns(conn, name))
    return bool(have) and all(c in have for c in cols)


def first_column(conn: apsw.Connection, name: str, *candidates: str) -> str | None:
    """The first of ``candidates`` the table has (column names differ between drafts)."""
    have = set(columns(conn, name))
    for c in candidates:
        if c in have:
            return c
    return None


def count(conn: apsw.Connection, name: str, where: str = "", params: Any = ()) -> int:
    if not has_table(conn, name):
        return 0
    return int(conn.execute(f'SELECT count(*) FROM "{name}" {where}', params).fetchone()[0])
