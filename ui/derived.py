"""What was derived from an L1 event, in every installed layer (the detail view's "derived objects").

Rather than hard-coding each layer's schema, a table counts as *derived from* an event when it
has an ``event_id``-like column equal to the event id or an ``*event_ids`` JSON column that
contains it. That is the project's traceability contract (every derived row keeps the event ids
behind it), so a new layer shows up here without a GUI change.
"""

from __future__ import annotations

from typing import Any

import apsw

from memory_core.db.connection import query_all

from . import schema

#: L1's own tables and indexes, shown separately (FTS, chunks) or not at all
_SKIP = {"fact_events", "fact_events_fts", "deletion_log", "deletion_tombstones", "schema_migrations"}
_EQ_COLS = ("event_id", "source_event_id", "evidence_event_id", "l1_event_id", "trigger_event_id")
MAX_ROWS_PER_TABLE = 20


def derived_objects(conn: apsw.Connection, event_id: str, seq: int) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    chunks = query_all(conn, "SELECT space_id, chunk_index, char_start, char_end FROM event_chunks "
                             "WHERE event_seq = ? ORDER BY space_id, chunk_index", (seq,))
    if chunks:
        out["event_chunks (vectors)"] = chunks
    for table in schema.tables(conn):
        if (table in _SKIP or table.startswith("fact_events_fts") or table.startswith("vec_")
                or table.startswith("sqlite_") or table == "event_chunks"):
            continue
        cols = schema.columns(conn, table)
        clauses, params = [], []
        for c in cols:
            if c in _EQ_COLS:
                clauses.append(f'"{c}" = ?')
                params.append(event_id)
            elif c.endswith("event_ids") or c.endswith("event_ids_json"):
                clauses.append(f'instr("{c}", ?) > 0')
                params.append(event_id)
        if table == "embedding_jobs":
            clauses, params = ["target_kind = 'event' AND target_id = ?"], [event_id]
        if not clauses:
            continue
        try:
            rows = query_all(conn, f'SELECT * FROM "{table}" WHERE {" OR ".join(clauses)} '
                                   f"LIMIT {MAX_ROWS_PER_TABLE}", params)
        except apsw.Error:
            continue
        if rows:
            out[table] = [{k: v for k, v in r.items() if not isinstance(v, bytes)} for r in rows]
    return out
