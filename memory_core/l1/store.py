"""L1 fact events: the synchronous write (design step 3) and the reads every layer builds on.

One ingest call = one transaction per batch of ``INGEST_BATCH_SIZE`` events: the row, its FTS5
postings, its embedding job, the session index and the synchronous hooks (L2 enqueue, L4
statistics) commit together or not at all. Hooks run inside a savepoint: a failing hook is
recorded and rolled back on its own, the L1 row still commits (L1 is never affected by a
derived layer).
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol, Sequence

import apsw

from ..clock import Clock, SystemClock
from ..db.connection import Database, Row, placeholders, query_all, query_one
from ..events.errors import PayloadError
from ..events.model import MemoryEvent, StoredEvent
from ..events.normalize import normalize
from ..ids import new_ulid, short_hash
from ..policy import INGEST_BATCH_SIZE, AuthorType, EventType, Route
from ..text.segment import index_text

log = logging.getLogger(__name__)


class IngestHook(Protocol):
    """Synchronous work of another layer inside the L1 write transaction."""

    name: str

    def on_inserted(self, conn: apsw.Connection, events: Sequence[MemoryEvent]) -> None: ...


@dataclass(slots=True)
class Rejection:
    index: int  # position in the input (line number - 1 for JSONL)
    field: str
    error: str

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "field": self.field, "error": self.error}


@dataclass(slots=True)
class IngestResult:
    event_ids: list[str] = field(default_factory=list)
    duplicates: int = 0
    suppressed: int = 0  # deleted before: tombstoned, not resurrected
    runtime_traces: int = 0
    working_context: int = 0
    rejected: list[Rejection] = field(default_factory=list)
    hook_errors: list[str] = field(default_factory=list)

    @property
    def ingested(self) -> int:
        return len(self.event_ids)

    def merge(self, other: "IngestResult") -> None:
        self.event_ids.extend(other.event_ids)
        self.duplicates += other.duplicates
        self.suppressed += other.suppressed
        self.runtime_traces += other.runtime_traces
        self.working_context += other.working_context
        self.rejected.extend(other.rejected)
        self.hook_errors.extend(other.hook_errors)

    def to_json(self) -> dict[str, Any]:
        return {"ingested": self.ingested, "duplicates": self.duplicates,
                "suppressed": self.suppressed, "runtime_traces": self.runtime_traces,
                "working_context": self.working_context,
                "rejected": [r.to_json() for r in self.rejected],
                "hook_errors": self.hook_errors, "event_ids": self.event_ids}


def dedup_hash(source: str, event_type: str, idempotency_key: str) -> str:
    return short_hash(f"{source}\x1f{event_type}\x1f{idempotency_key}", 40)


_INSERT = """
INSERT INTO fact_events(event_id, occurred_at, ingested_at, event_type, source, source_item_id,
    idempotency_key, session_id, user_id, author_type, content, content_type, memory_domain,
    ingest_target, retention_class, evidence_class, l1_retrieval_scope, cognition_eligible,
    classifier_rule, l2_batch_owner, tags_json, metadata_json, embedding_state)
VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
ON CONFLICT(source, event_type, idempotency_key) DO NOTHING
RETURNING seq
"""


class L1Store:
    def __init__(self, db: Database, *, clock: Clock | None = None, locale: str = "bilingual") -> None:
        self.db = db
        self.clock = clock or SystemClock()
        self.locale = locale
        self.hooks: list[IngestHook] = []
        self.space_id: int | None = None  # active embedding space; set by the engine

    # -- write ---------------------------------------------------------------------------------

    def normalize_all(self, payloads: Iterable[Any]) -> tuple[list[tuple[int, MemoryEvent]], list[Rejection]]:
        good: list[tuple[int, MemoryEvent]] = []
        bad: list[Rejection] = []
        for i, payload in enumerate(payloads):
            try:
                good.append((i, normalize(payload, locale=self.locale)))
            except PayloadError as exc:
                bad.append(Rejection(i, exc.field, exc.reason))
        return good, bad

    def ingest_payloads(self, payloads: Iterable[Any], *, batch_size: int = INGEST_BATCH_SIZE) -> IngestResult:
        """Validate everything first, then write the good events in batched transactions."""
        good, bad = self.normalize_all(payloads)
        result = self.ingest_events([e for _, e in good], batch_size=batch_size)
        result.rejected.extend(bad)
        return result

    def ingest_events(self, events: Sequence[MemoryEvent], *,
                      batch_size: int = INGEST_BATCH_SIZE) -> IngestResult:
        result = IngestResult()
        for start in range(0, len(events), batch_size):
            result.merge(self._write_batch(events[start:start + batch_size]))
        return result

    def _write_batch(self, events: Sequence[MemoryEvent]) -> IngestResult:
        result = IngestResult()
        now = self.clock.now()
        with self.db.write() as conn:
            inserted: list[MemoryEvent] = []
            fts_rows: list[tuple[int, str]] = []
            for ev in events:
                if ev.route is Route.RUNTIME_TRACE:
                    conn.execute("INSERT INTO runtime_traces(occurred_at, source, session_id, content, "
                                 "metadata_json) VALUES (?,?,?,?,?)",
                                 (ev.occurred_at, ev.source, ev.session_id, ev.content, ev.metadata_json()))
                    result.runtime_traces += 1
                    continue
                if ev.route is Route.L0:
                    conn.execute("INSERT OR REPLACE INTO working_memory(session_id, key, value_json, "
                                 "updated_at, expires_at) VALUES (?,?,?,?,NULL)",
                                 (ev.session_id or "", ev.source_item_id,
                                  json.dumps({"content": ev.content}, ensure_ascii=False), now))
                    result.working_context += 1
                    continue
                key_hash = dedup_hash(ev.source, ev.event_type.value, ev.idempotency_key)
                if conn.execute("SELECT 1 FROM deletion_tombstones WHERE dedup_hash = ?",
                                (key_hash,)).fetchall():
                    result.suppressed += 1
                    continue
                event_id = new_ulid(ev.occurred_at)
                rows = conn.execute(_INSERT, (
                    event_id, ev.occurred_at, now, ev.event_type.value, ev.source, ev.source_item_id,
                    ev.idempotency_key, ev.session_id, ev.user_id, ev.author_type.value, ev.content,
                    ev.content_type.value, ev.memory_domain.value, ev.ingest_target.value,
                    ev.retention_class.value, ev.evidence_class.value, ev.l1_retrieval_scope.value,
                    int(ev.cognition_eligible), ev.classifier_rule, ev.l2_batch_owner,
                    json.dumps(list(ev.tags), ensure_ascii=False), ev.metadata_json(),
                    "pending" if self.space_id is not None else "skipped",
                )).fetchall()
                if not rows:
                    result.duplicates += 1
                    continue
                ev.event_id, ev.seq = event_id, rows[0][0]
                inserted.append(ev)
                fts_rows.append((ev.seq, index_text(ev.content)))
                result.event_ids.append(event_id)
            if not inserted:
                return result
            conn.executemany("INSERT INTO fact_events_fts(rowid, body) VALUES (?, ?)", fts_rows)
            if self.space_id is not None:
                conn.executemany(
                    "INSERT OR IGNORE INTO embedding_jobs(target_kind, target_id, space_id, created_at, "
                    "updated_at) VALUES ('event', ?, ?, ?, ?)",
                    [(ev.event_id, self.space_id, now, now) for ev in inserted])
            self._update_sessions(conn, inserted)
            for hook in self.hooks:
                try:
                    with self.db.savepoint(conn, "hook"):
                        hook.on_inserted(conn, inserted)
                except Exception as exc:  # noqa: BLE001 - a derived layer must not undo L1
                    log.exception("ingest hook %s failed", hook.name)
                    result.hook_errors.append(f"{hook.name}: {exc}")
        return result

    @staticmethod
    def _update_sessions(conn: apsw.Connection, events: Sequence[MemoryEvent]) -> None:
        for ev in events:
            if ev.event_type not in (EventType.CHAT_MESSAGE, EventType.ACTION_EXECUTED) or not ev.session_id:
                continue
            is_user = 1 if ev.author_type is AuthorType.USER else 0
            conn.execute(
                "INSERT INTO chat_sessions(session_id, user_id, first_at, last_at, message_count, "
                "user_message_count) VALUES (?,?,?,?,1,?) ON CONFLICT(session_id) DO UPDATE SET "
                "first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), "
                "message_count = message_count + 1, "
                "user_message_count = user_message_count + excluded.user_message_count",
                (ev.session_id, ev.user_id, ev.occurred_at, ev.occurred_at, is_user))

    # -- read ----------------------------------------------------------------------------------

    def get(self, event_id: str) -> StoredEvent | None:
        row = self.db.read_one("SELECT * FROM fact_events WHERE event_id = ?", (event_id,))
        return StoredEvent.from_row(row) if row else None

    def get_many(self, event_ids: Sequence[str]) -> list[StoredEvent]:
        if not event_ids:
            return []
        found: dict[str, StoredEvent] = {}
        ids = list(dict.fromkeys(event_ids))
        for i in range(0, len(ids), 500):
            part = ids[i:i + 500]
            for row in self.db.read_all(
                    f"SELECT * FROM fact_events WHERE event_id IN ({placeholders(len(part))})", part):
                found[row["event_id"]] = StoredEvent.from_row(row)
        return [found[i] for i in ids if i in found]

    def get_by_seq(self, seqs: Sequence[int]) -> dict[int, StoredEvent]:
        out: dict[int, StoredEvent] = {}
        seqs = list(dict.fromkeys(seqs))
        for i in range(0, len(seqs), 500):
            part = seqs[i:i + 500]
            for row in self.db.read_all(
                    f"SELECT * FROM fact_events WHERE seq IN ({placeholders(len(part))})", part):
                out[row["seq"]] = StoredEvent.from_row(row)
        return out

    def list_events(self, *, source: str | None = None, author_type: str | None = None,
                    evidence_class: str | None = None, scope: str | None = None,
                    session_id: str | None = None, since: float | None = None,
                    until: float | None = None, limit: int = 100, offset: int = 0,
                    newest_first: bool = True) -> list[StoredEvent]:
        where, params = event_filters(source=source, author_type=author_type,
                                      evidence_class=evidence_class, scope=scope,
                                      session_id=session_id, since=since, until=until)
        order = "DESC" if newest_first else "ASC"
        rows = self.db.read_all(
            f"SELECT * FROM fact_events {where} ORDER BY occurred_at {order}, seq {order} "
            f"LIMIT ? OFFSET ?", (*params, limit, offset))
        return [StoredEvent.from_row(r) for r in rows]

    def count(self, **filters: Any) -> int:
        where, params = event_filters(**filters)
        return int(self.db.read_value(f"SELECT count(*) FROM fact_events {where}", params) or 0)

    def session(self, session_id: str) -> Row | None:
        return self.db.read_one("SELECT * FROM chat_sessions WHERE session_id = ?", (session_id,))


def event_filters(*, source: str | None = None, author_type: str | None = None,
                  evidence_class: str | None = None, scope: str | None = None,
                  session_id: str | None = None, since: float | None = None,
                  until: float | None = None) -> tuple[str, list[Any]]:
    """A WHERE clause over fact_events for the common filters (CLI, GUI, retrieval)."""
    clauses: list[str] = []
    params: list[Any] = []
    for col, value in (("source", source), ("author_type", author_type),
                       ("evidence_class", evidence_class), ("l1_retrieval_scope", scope),
                       ("session_id", session_id)):
        if value is not None:
            clauses.append(f"{col} = ?")
            params.append(value)
    if since is not None:
        clauses.append("occurred_at >= ?")
        params.append(since)
    if until is not None:
        clauses.append("occurred_at < ?")
        params.append(until)
    return ("WHERE " + " AND ".join(clauses)) if clauses else "", params


def now_s() -> float:
    return time.time()
