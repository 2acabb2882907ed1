"""The conversation-context index: each event's text, a chat message's preceded by the end of
the message before it in its session, in a second BM25 index (``context_fts``).

Why: BM25 over a chat turn alone misses a reply whose meaning is in the question it answers
("Did you go hiking after the road trip?" / "Yup, we just did it yesterday!"). The vector path
already embeds each message with its context (``embedding_worker.conversation_context``); this
gives the lexical side the same reading, as a separate path beside plain BM25 so an exact
match in the message itself still ranks on its own (``retrieval/paths/context_bm25.py``).

Derived, not L1 truth: a background worker fills it from a cursor over ``fact_events.seq``
(ingest writes nothing more; an existing store is backfilled), and deletion removes a deleted
event's row and rewrites the row of the message after it, whose context was the deleted text.
"""

from __future__ import annotations

from typing import Any, Sequence

import apsw

from ..db.connection import Database, placeholders, query_all
from ..policy import CONTEXT_INDEX_BATCH, CONTEXT_INDEX_CHARS
from ..text.segment import index_text
from .embedding_worker import neighbour_in_session, previous_contents

_ROW = "SELECT seq, event_id, content, session_id, event_type, occurred_at FROM fact_events"


def context_body(conn: apsw.Connection, row: dict[str, Any], *,
                 previous: dict[int, str | None] | None = None) -> str:
    """The indexed text of ``row``: the last ``CONTEXT_INDEX_CHARS`` of the chat message before
    it in its session (if any), then its own content. ``previous``: ``previous_contents`` of a
    batch holding ``row`` (no query then)."""
    if previous is not None:
        prev = {"content": previous[row["seq"]]} if row["seq"] in previous else None
    else:
        prev = neighbour_in_session(conn, row, after=False)
    context = " ".join((prev or {}).get("content", "").split())[-CONTEXT_INDEX_CHARS:] if prev else ""
    return f"{context}\n{row['content'] or ''}" if context else (row["content"] or "")


def _bodies(conn: apsw.Connection, rows: Sequence[dict[str, Any]]) -> list[tuple[int, str]]:
    """(rowid, indexed text) of ``rows``, their previous messages read in one statement."""
    previous = previous_contents(conn, [int(r["seq"]) for r in rows])
    return [(int(r["seq"]), index_text(context_body(conn, r, previous=previous))) for r in rows]


def cursor(conn: apsw.Connection) -> int:
    row = conn.execute("SELECT event_seq FROM context_cursor WHERE id = 1").fetchone()
    return int(row[0]) if row else 0


def index_rows(conn: apsw.Connection, rows: Sequence[dict[str, Any]]) -> int:
    """(Re)write the index rows of ``rows`` (a row already there is replaced)."""
    if not rows:
        return 0
    seqs = [int(r["seq"]) for r in rows]
    conn.execute(f"DELETE FROM context_fts WHERE rowid IN ({placeholders(len(seqs))})", seqs)
    conn.executemany("INSERT INTO context_fts(rowid, body) VALUES (?, ?)", _bodies(conn, rows))
    return len(rows)


def reindex(conn: apsw.Connection, seqs: Sequence[int]) -> int:
    """Rewrite the rows of the already-indexed events among ``seqs`` (deletion: the messages
    after deleted ones get their new context); events above the cursor are the worker's."""
    done = cursor(conn)
    wanted = [int(s) for s in seqs if int(s) <= done]
    if not wanted:
        return 0
    rows = query_all(conn, f"{_ROW} WHERE seq IN ({placeholders(len(wanted))})", wanted)
    return index_rows(conn, rows)


def unindex(conn: apsw.Connection, seqs: Sequence[int]) -> None:
    for i in range(0, len(seqs), 500):
        part = [int(s) for s in seqs[i:i + 500]]
        if part:
            conn.execute(f"DELETE FROM context_fts WHERE rowid IN ({placeholders(len(part))})", part)


class ContextIndexWorker:
    """Indexes the events above the cursor, ``CONTEXT_INDEX_BATCH`` per transaction."""

    name = "context_index"
    idle_interval_s = 2.0

    def __init__(self, db: Database, batch: int = CONTEXT_INDEX_BATCH) -> None:
        self.db = db
        self.batch = batch

    def backlog(self) -> int:
        conn = self.db.reader()
        newest = conn.execute("SELECT coalesce(max(seq), 0) FROM fact_events").fetchone()[0]
        return max(0, int(newest) - cursor(conn))

    def run_once(self) -> int:
        with self.db.write() as conn:
            after = cursor(conn)
            rows = query_all(conn, f"{_ROW} WHERE seq > ? ORDER BY seq LIMIT ?", (after, self.batch))
            if not rows:
                return 0
            conn.executemany("INSERT INTO context_fts(rowid, body) VALUES (?, ?)", _bodies(conn, rows))
            conn.execute("UPDATE context_cursor SET event_seq = ? WHERE id = 1", (int(rows[-1]["seq"]),))
            return len(rows)
