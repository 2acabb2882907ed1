"""Deletion that is real: an event is removed from every index and every derived layer.

Each layer contributes a :class:`DeletionParticipant` that can *preview* what it would change
and then *apply* it. Preview and apply run the same queries, so the GUI's "this will remove …"
is exactly what happens. Everything runs in one write transaction: a crash leaves either the
old state or the fully deleted one. Derived layers run before L1 (they may need the event rows
to find what cites them); L1 runs last and leaves a tombstone so a replayed export or a plugin
re-sending the item does not bring the memory back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

import apsw

from . import purge
from .clock import Clock
from .db.connection import Database, placeholders, query_all
from .l1.context_index import cursor as context_cursor, reindex, unindex
from .l1.embedding_worker import neighbour_in_session
from .l1.store import dedup_hash
from .l1.vectors import delete_vectors


@dataclass(frozen=True, slots=True)
class Target:
    """The events being deleted (resolved once, shared by all participants)."""

    event_ids: tuple[str, ...]
    seqs: tuple[int, ...]
    rows: tuple[dict[str, Any], ...]


class DeletionParticipant(Protocol):
    name: str
    #: lower runs first; L1 is 100 and runs last
    order: int

    def preview(self, conn: apsw.Connection, target: Target) -> dict[str, Any]: ...

    def apply(self, conn: apsw.Connection, target: Target, now: float) -> dict[str, Any]: ...


@dataclass(slots=True)
class CascadeReport:
    event_ids: list[str]
    missing: list[str]
    layers: dict[str, dict[str, Any]] = field(default_factory=dict)
    applied: bool = False
    #: what the on-disk purge did after the deletion (FTS optimize, WAL truncate)
    purge: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"event_ids": self.event_ids, "missing": self.missing, "layers": self.layers,
                "applied": self.applied, "purge": self.purge}


def log_counts(value: Any) -> Any:
    """What the deletion log may keep of a cascade report: its numbers. Titles of removed
    summaries and assertions, session ids and any other text can quote what was deleted, so a
    string is dropped and a list is kept as its length (the event ids have their own column)."""
    if isinstance(value, (int, float)):  # bool included
        return value
    if isinstance(value, dict):
        out = {str(k): log_counts(v) for k, v in value.items()}
        return {k: v for k, v in out.items() if v is not None}
    if isinstance(value, (list, tuple, set, frozenset)):
        return len(value)
    return None


def _chunk(seq: Sequence[Any], n: int = 400) -> list[Sequence[Any]]:
    return [seq[i:i + n] for i in range(0, len(seq), n)] or [[]]


class L1Deletion:
    name = "l1"
    order = 100

    def _chunk_ids(self, conn: apsw.Connection, target: Target) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for part in _chunk(target.seqs):
            if not part:
                continue
            for r in query_all(conn, f"SELECT chunk_id, space_id FROM event_chunks WHERE event_seq IN "
                                     f"({placeholders(len(part))})", list(part)):
                out.setdefault(r["space_id"], []).append(r["chunk_id"])
        return out

    def preview(self, conn: apsw.Connection, target: Target) -> dict[str, Any]:
        return self._report(conn, target, _successors(conn, target))

    def _report(self, conn: apsw.Connection, target: Target, successors: dict[int, str]) -> dict[str, Any]:
        chunks = self._chunk_ids(conn, target)
        jobs = 0
        for part in _chunk(target.event_ids):
            if part:
                jobs += conn.execute(
                    f"SELECT count(*) FROM embedding_jobs WHERE target_kind = 'event' AND target_id IN "
                    f"({placeholders(len(part))})", list(part)).fetchone()[0]
        # events still owed their job (above a space's cursor): that work goes with the row
        for (cursor,) in conn.execute("SELECT event_seq FROM embedding_cursor").fetchall():
            jobs += sum(1 for seq in target.seqs if seq > cursor)
        sessions = sorted({r["session_id"] for r in target.rows if r["session_id"]})
        indexed = context_cursor(conn)
        return {"fact_events": len(target.seqs), "fts_rows": len(target.seqs),
                "context_index_rows": sum(1 for s in target.seqs if s <= indexed),
                "vector_chunks": sum(len(v) for v in chunks.values()), "embedding_jobs": jobs,
                "sessions_touched": sessions,
                # the next message of each session embeds the deleted text as its context
                "reembedded_neighbours": len(successors)}

    def apply(self, conn: apsw.Connection, target: Target, now: float) -> dict[str, Any]:
        successors = _successors(conn, target)  # found once, before the rows go
        report = self._report(conn, target, successors)
        for space_id, ids in self._chunk_ids(conn, target).items():
            delete_vectors(conn, space_id, ids)
        for part in _chunk(target.seqs):
            if not part:
                continue
            conn.execute(f"DELETE FROM fact_events_fts WHERE rowid IN ({placeholders(len(part))})", list(part))
            conn.execute(f"DELETE FROM event_chunks WHERE event_seq IN ({placeholders(len(part))})", list(part))
            conn.execute(f"DELETE FROM fact_events WHERE seq IN ({placeholders(len(part))})", list(part))
        for part in _chunk(target.event_ids):
            if part:
                conn.execute(f"DELETE FROM embedding_jobs WHERE target_kind = 'event' AND target_id IN "
                             f"({placeholders(len(part))})", list(part))
        conn.executemany("INSERT OR REPLACE INTO deletion_tombstones(dedup_hash, deleted_at) VALUES (?, ?)",
                         [(dedup_hash(r["source"], r["event_type"], r["idempotency_key"]), now)
                          for r in target.rows])
        for session_id in report["sessions_touched"]:
            _recount_session(conn, session_id)
        _reembed(conn, successors, now)
        # the context index: the deleted rows go, and the message after each deleted one is
        # indexed again with its new context (its old row held the deleted text)
        unindex(conn, list(target.seqs))
        reindex(conn, list(successors))
        return report


def _successors(conn: apsw.Connection, target: Target) -> dict[int, str]:
    """The surviving chat message right after each deleted one in its session, seq -> id."""
    deleted = set(target.event_ids)
    out: dict[int, str] = {}
    for row in target.rows:
        nxt = neighbour_in_session(conn, row, after=True)
        while nxt is not None and nxt["event_id"] in deleted:  # consecutive deletions
            nxt = neighbour_in_session(conn, nxt, after=True)
        if nxt is not None:
            out[int(nxt["seq"])] = nxt["event_id"]
    return out


def _reembed(conn: apsw.Connection, successors: dict[int, str], now: float) -> None:
    """A chat message is embedded with the end of the one before it (``embedding_worker.
    conversation_context``): the message after a deleted one loses its vectors in this same
    transaction and is queued for re-embedding, so no vector derived from deleted text is left."""
    for seq, event_id in successors.items():
        for r in query_all(conn, "SELECT chunk_id, space_id FROM event_chunks WHERE event_seq = ?", (seq,)):
            delete_vectors(conn, r["space_id"], [r["chunk_id"]])
        conn.execute("DELETE FROM event_chunks WHERE event_seq = ?", (seq,))
        conn.execute("UPDATE fact_events SET embedding_state = 'pending' WHERE seq = ?", (seq,))
        conn.execute("UPDATE embedding_jobs SET state = 'pending', attempts = 0, next_attempt_at = 0, "
                     "updated_at = ? WHERE target_kind = 'event' AND target_id = ?", (now, event_id))


def _recount_session(conn: apsw.Connection, session_id: str) -> None:
    row = conn.execute(
        "SELECT count(*), sum(author_type = 'user'), min(occurred_at), max(occurred_at) FROM fact_events "
        "WHERE session_id = ? AND event_type IN ('CHAT_MESSAGE', 'ACTION_EXECUTED')", (session_id,)).fetchone()
    if not row or not row[0]:
        conn.execute("DELETE FROM chat_sessions WHERE session_id = ?", (session_id,))
    else:
        conn.execute("UPDATE chat_sessions SET message_count = ?, user_message_count = ?, first_at = ?, "
                     "last_at = ? WHERE session_id = ?", (row[0], row[1] or 0, row[2], row[3], session_id))


class DeletionService:
    def __init__(self, db: Database, clock: Clock,
                 on_deleted: Callable[[list[str]], None] | None = None) -> None:
        self.db = db
        self.clock = clock
        self.participants: list[DeletionParticipant] = [L1Deletion()]
        #: told the deleted events' texts once their deletion committed (the purge looks for
        #: what is left of them in the files: :meth:`purge.Purger.note_deleted`)
        self.on_deleted = on_deleted

    def register(self, participant: DeletionParticipant) -> None:
        self.participants.append(participant)
        self.participants.sort(key=lambda p: p.order)

    def _target(self, conn: apsw.Connection, event_ids: Sequence[str]) -> tuple[Target, list[str]]:
        ids = list(dict.fromkeys(event_ids))
        rows: list[dict[str, Any]] = []
        for part in _chunk(ids):
            if part:
                rows.extend(query_all(
                    conn, f"SELECT seq, event_id, source, event_type, idempotency_key, session_id, "
                          f"occurred_at, content FROM fact_events WHERE event_id IN ({placeholders(len(part))})",
                    list(part)))
        found = {r["event_id"] for r in rows}
        return (Target(tuple(r["event_id"] for r in rows), tuple(r["seq"] for r in rows), tuple(rows)),
                [i for i in ids if i not in found])

    def preview(self, event_ids: Sequence[str]) -> CascadeReport:
        conn = self.db.reader()
        target, missing = self._target(conn, event_ids)
        report = CascadeReport(list(target.event_ids), missing)
        for p in self.participants:
            report.layers[p.name] = p.preview(conn, target)
        return report

    def delete(self, event_ids: Sequence[str]) -> CascadeReport:
        """Delete in one transaction, which also records that an on-disk purge is owed
        (:mod:`memory_core.purge`; the engine runs it debounced or waits for it)."""
        now = self.clock.now()
        with self.db.write() as conn:
            target, missing = self._target(conn, event_ids)
            report = CascadeReport(list(target.event_ids), missing)
            if target.seqs:
                for p in self.participants:
                    report.layers[p.name] = p.apply(conn, target, now)
                conn.execute("INSERT INTO deletion_log(deleted_at, event_ids, report_json) VALUES (?,?,?)",
                             (now, json.dumps(list(target.event_ids)),
                              json.dumps(log_counts(report.layers))))
                purge.request(conn)
            report.applied = True
        if target.seqs and self.on_deleted is not None:
            self.on_deleted([r["content"] for r in target.rows])
        return report
