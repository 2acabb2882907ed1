"""SQL for L3: reading a window's events, writing a summary with its links and index rows,
and removing one. Callers pass the connection of their own write transaction.

A summary is matched by its ``dedup_key`` (one per window and granularity, per thematic
category, per insight): writing it again rewrites it in place — same ``summary_id`` — so a
rebuild never leaves two versions behind.
"""

from __future__ import annotations

import json
from typing import Callable, Iterable, Sequence

import apsw

from ..db.connection import Row, placeholders, query_all, query_one
from ..ids import new_ulid
from ..text.segment import index_text
from .extractive import FACET_KEYS
from .records import Summary, SummaryDraft, WindowEvent

EVENT_COLUMNS = ("event_id, seq, occurred_at, source, event_type, author_type, content, "
                 "metadata_json, evidence_class, session_id")
#: What a window summarises: the user's activity — their messages, tool runs and sensor events.
#: Assistant replies are not the user's activity; audit-only and working-context rows never
#: leave their scope.
SUMMARIZABLE = ("author_type != 'assistant' AND l1_retrieval_scope IN "
                "('fact_authoritative', 'conversation_only') AND event_type IN "
                "('CHAT_MESSAGE', 'ACTION_EXECUTED', 'SENSOR_EVENT')")

Embed = Callable[[apsw.Connection, list[str]], None]


#: provenance fields the summarisers read (extractive.FACET_KEYS), pulled out in SQL
_LIGHT_COLUMNS = ("event_id, seq, occurred_at, source, event_type, author_type, content, "
                  "evidence_class, session_id, json_extract(metadata_json, '$.tool') AS tool_json, "
                  + ", ".join(f"json_extract(metadata_json, '$.raw.provenance.{k}') AS p_{k}"
                              for k in FACET_KEYS))


def load_window_events(conn: apsw.Connection, start: float, end: float,
                       exclude: Iterable[str] = ()) -> list[WindowEvent]:
    skip = set(exclude)
    rows = query_all(conn, f"SELECT {_LIGHT_COLUMNS} FROM fact_events WHERE occurred_at >= ? AND "
                           f"occurred_at < ? AND {SUMMARIZABLE} ORDER BY occurred_at, seq", (start, end))
    return [WindowEvent.from_row(r) for r in rows if r["event_id"] not in skip]


def count_window_events(conn: apsw.Connection, start: float, end: float) -> int:
    return int(conn.execute(f"SELECT count(*) FROM fact_events WHERE occurred_at >= ? AND "
                            f"occurred_at < ? AND {SUMMARIZABLE}", (start, end)).fetchone()[0])


def first_event_time(conn: apsw.Connection) -> float | None:
    return conn.execute(f"SELECT min(occurred_at) FROM fact_events WHERE {SUMMARIZABLE}").fetchone()[0]


def load_events(conn: apsw.Connection, event_ids: Sequence[str]) -> list[WindowEvent]:
    out: list[WindowEvent] = []
    ids = list(dict.fromkeys(event_ids))
    for i in range(0, len(ids), 400):
        part = ids[i:i + 400]
        out.extend(WindowEvent.from_row(r) for r in query_all(
            conn, f"SELECT {EVENT_COLUMNS} FROM fact_events WHERE event_id IN ({placeholders(len(part))})",
            part))
    return sorted(out, key=lambda e: (e.occurred_at, e.seq))


def fts_text(draft_or_row: SummaryDraft | Row) -> str:
    get = (lambda k: getattr(draft_or_row, k)) if isinstance(draft_or_row, SummaryDraft) \
        else draft_or_row.__getitem__
    granularity = get("granularity") or ""
    category = get("summary_category")
    return index_text("\n".join([get("title"), get("body"), category, category.replace("_", " "),
                                 granularity, get("summary_type")]))


def write_summary(conn: apsw.Connection, draft: SummaryDraft, now: float,
                  embed: Embed | None = None) -> str:
    """Insert or rewrite (by dedup_key) one summary with its links and FTS row."""
    existing = query_one(conn, "SELECT seq, summary_id FROM summaries WHERE dedup_key = ?",
                         (draft.dedup_key,))
    ids = list(dict.fromkeys(draft.source_event_ids))
    values = (draft.summary_type, draft.summary_category, draft.granularity, draft.window_start,
              draft.window_end, draft.title, draft.body, draft.producer, json.dumps(ids),
              json.dumps(draft.source_stats, sort_keys=True), draft.event_count, draft.status,
              draft.trigger, json.dumps(draft.metadata, ensure_ascii=False, default=str, sort_keys=True))
    if existing:
        seq, summary_id = existing["seq"], existing["summary_id"]
        conn.execute(
            "UPDATE summaries SET summary_type = ?, summary_category = ?, granularity = ?, "
            "window_start = ?, window_end = ?, title = ?, body = ?, producer = ?, source_event_ids = ?, "
            "source_stats_json = ?, event_count = ?, status = ?, trigger = ?, metadata_json = ?, "
            "embedding_state = ?, updated_at = ? WHERE seq = ?",
            (*values, "pending" if embed else "skipped", now, seq))
        conn.execute("DELETE FROM summary_event_links WHERE summary_id = ?", (summary_id,))
        conn.execute("DELETE FROM summaries_fts WHERE rowid = ?", (seq,))
    else:
        summary_id = new_ulid(draft.window_end or now)
        conn.execute(
            "INSERT INTO summaries(summary_id, summary_type, summary_category, granularity, "
            "window_start, window_end, title, body, producer, source_event_ids, source_stats_json, "
            "event_count, status, trigger, metadata_json, embedding_state, dedup_key, created_at, "
            "updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (summary_id, *values, "pending" if embed else "skipped", draft.dedup_key, now, now))
        seq = conn.last_insert_rowid()
    conn.executemany("INSERT OR IGNORE INTO summary_event_links(summary_id, event_id) VALUES (?, ?)",
                     [(summary_id, e) for e in ids])
    conn.execute("INSERT INTO summaries_fts(rowid, body) VALUES (?, ?)", (seq, fts_text(draft)))
    if embed:
        embed(conn, [summary_id])
    return summary_id


def get_summary(conn: apsw.Connection, summary_id: str) -> Summary | None:
    row = query_one(conn, "SELECT * FROM summaries WHERE summary_id = ?", (summary_id,))
    return Summary.from_row(row) if row else None


def summaries_by_seq(conn: apsw.Connection, seqs: Sequence[int]) -> dict[int, Summary]:
    if not seqs:
        return {}
    return {r["seq"]: Summary.from_row(r) for r in query_all(
        conn, f"SELECT * FROM summaries WHERE seq IN ({placeholders(len(seqs))})", list(seqs))}


def delete_summary(conn: apsw.Connection, seq: int, summary_id: str) -> None:
    from .embedding import delete_summary_vectors

    delete_summary_vectors(conn, seq)
    conn.execute("DELETE FROM summaries_fts WHERE rowid = ?", (seq,))
    conn.execute("DELETE FROM embedding_jobs WHERE target_kind = 'summary' AND target_id = ?", (summary_id,))
    conn.execute("DELETE FROM summary_event_links WHERE summary_id = ?", (summary_id,))
    conn.execute("DELETE FROM summaries WHERE seq = ?", (seq,))
