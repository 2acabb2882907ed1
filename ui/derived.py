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


def readable_derived(conn: apsw.Connection, event_id: str, seq: int) -> dict[str, Any]:
    """What memory made of the event, for a person: the entities it names, the relations and
    traits it supports (with their status now, so a denial or a supersession shows), the
    summaries built from it — names and text, not table rows of ids — then a count of the
    other derived rows by table (the bookkeeping: jobs, batch logs, chunks)."""
    out: dict[str, Any] = {}
    if schema.has_table(conn, "l1_event_entities") and schema.has_table(conn, "entity_catalog"):
        names = [f"{r[0]} ({r[1]})" for r in conn.execute(
            "SELECT c.canonical_name, c.entity_type FROM l1_event_entities x "
            "JOIN entity_catalog c ON c.entity_id = x.entity_id WHERE x.event_id = ? ORDER BY c.canonical_name",
            (event_id,))]
        if names:
            out["entities it names"] = names
    if schema.has_table(conn, "l2_evidence"):
        if schema.has_table(conn, "knowledge_graph"):
            edges = [f"{s} —{p}→ {o} · {status}" for s, p, o, status in conn.execute(
                "SELECT coalesce(s.canonical_name, '?'), k.predicate, coalesce(o.canonical_name, '?'), k.status "
                "FROM l2_evidence v JOIN knowledge_graph k ON k.triple_id = v.owner_id "
                "LEFT JOIN entity_catalog s ON s.entity_id = k.subject_id "
                "LEFT JOIN entity_catalog o ON o.entity_id = k.object_id "
                "WHERE v.event_id = ? AND v.owner_kind = 'edge' ORDER BY k.status, k.predicate", (event_id,))]
            if edges:
                out["relations it supports"] = edges
        if schema.has_table(conn, "tom_trait_assertions"):
            traits = [f"{t}: {'' if pol else 'not '}{v} · {status}" for t, v, pol, status in conn.execute(
                "SELECT a.trait, a.value, a.polarity, a.status FROM l2_evidence v "
                "JOIN tom_trait_assertions a ON a.assertion_id = v.owner_id "
                "WHERE v.event_id = ? AND v.owner_kind = 'assertion' ORDER BY a.status, a.trait", (event_id,))]
            if traits:
                out["traits it supports"] = traits
    if schema.has_table(conn, "summary_event_links") and schema.has_table(conn, "summaries"):
        sums = [f"{title} ({gran or kind})" for title, gran, kind in conn.execute(
            "SELECT s.title, s.granularity, s.summary_type FROM summary_event_links l "
            "JOIN summaries s ON s.summary_id = l.summary_id WHERE l.event_id = ? "
            "ORDER BY s.window_start DESC", (event_id,))]
        if sums:
            out["summaries built from it"] = sums
    # rows already said above in words (entity links, the evidence rows behind the relations and
    # traits, summary links) are not counted again as bookkeeping
    shown = {"l1_event_entities", "l2_evidence", "summary_event_links", "summaries"}
    other = {(k.split(" (")[0]): len(v) for k, v in derived_objects(conn, event_id, seq).items() if k not in shown}
    if other:
        out["other derived rows (bookkeeping)"] = {k: f"{n} row{'s' if n != 1 else ''}" for k, n in sorted(other.items())}
    return out
