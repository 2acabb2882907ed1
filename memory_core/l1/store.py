"""L1 fact events: the synchronous write (design step 3) and the reads every layer builds on.

One ingest call = one transaction per batch of ``INGEST_BATCH_SIZE`` events: the row, its FTS5
postings, the session index and the synchronous hooks (L2 enqueue, L4 statistics) commit
together or not at all. A committed row is owed its embedding job (it lies above the embedding
cursor; the worker writes the job: ``embedding_worker``). Hooks run inside a savepoint: a
failing hook is recorded and rolled back on its own, the L1 row still commits (L1 is never
affected by a derived layer).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence

import apsw

from ..clock import Clock, SystemClock
from ..db.connection import Database, Row, placeholders, query_all, query_one
from ..events.errors import PayloadError
from ..events.model import MemoryEvent, StoredEvent
from ..events.normalize import normalize
from ..ids import short_hash
from ..policy import INGEST_BATCH_SIZE, AuthorType, EventType, Route
from .bulk import BulkPreparer, PreparedChunk, prepare_lines
from .prepare import INSERT_FACT, PreparedEvent, Rejection, prepare_event

log = logging.getLogger(__name__)


class IngestHook(Protocol):
    """Synchronous work of another layer inside the L1 write transaction."""

    name: str

    def on_inserted(self, conn: apsw.Connection, events: Sequence[MemoryEvent]) -> None: ...


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


def _insert_facts(conn: apsw.Connection, rows: list[tuple[Any, ...]]) -> dict[str, int]:
    """Insert the rows (a dedup-key conflict skips the row); ``{event_id: seq}`` of those stored.

    Not ``RETURNING``: through ``executemany`` it cost ~6 µs per row (measured), a third of the
    insert. New rows get rowids above the table's maximum (SQLite's rule while the maximum is
    below 2**63 - 1) and this transaction is the only writer, so the rows above the previous
    maximum are exactly ours; the count is checked against the changes SQLite reports, and by
    event id (fresh ULIDs, unique to this batch) otherwise.
    """
    top = conn.execute("SELECT coalesce(max(seq), 0) FROM fact_events").fetchone()[0]
    before = conn.total_changes()
    conn.executemany(INSERT_FACT, rows)
    inserted = conn.total_changes() - before
    if not inserted:
        return {}
    seq_of = dict(conn.execute("SELECT event_id, seq FROM fact_events WHERE seq > ?", (top,)))
    if len(seq_of) != inserted:  # rowids were not allocated upwards: look the ids up instead
        seq_of = {}
        ids = [r[0] for r in rows]
        for i in range(0, len(ids), 500):
            part = ids[i:i + 500]
            seq_of.update(conn.execute(
                f"SELECT event_id, seq FROM fact_events WHERE event_id IN ({placeholders(len(part))})", part))
    return seq_of


def _drop_tombstoned(conn: apsw.Connection,
                     facts: list[PreparedEvent]) -> tuple[list[PreparedEvent], int]:
    """The events whose dedup key was not deleted before, and how many were (one ``IN`` query
    per 500 keys instead of one lookup per event)."""
    hashes = [dedup_hash(p.event.source, p.event.event_type.value, p.event.idempotency_key)
              for p in facts]
    deleted: set[str] = set()
    unique = list(dict.fromkeys(hashes))
    for i in range(0, len(unique), 500):
        part = unique[i:i + 500]
        deleted.update(r[0] for r in conn.execute(
            f"SELECT dedup_hash FROM deletion_tombstones WHERE dedup_hash IN ({placeholders(len(part))})",
            part))
    if not deleted:
        return facts, 0
    kept = [p for p, h in zip(facts, hashes) if h not in deleted]
    return kept, len(facts) - len(kept)


class L1Store:
    def __init__(self, db: Database, *, clock: Clock | None = None, locale: str = "bilingual") -> None:
        self.db = db
        self.clock = clock or SystemClock()
        self.locale = locale
        self.hooks: list[IngestHook] = []
        self.space_id: int | None = None  # active embedding space; set by the engine
        #: worker processes for large imports, started on the first one (``close`` stops them)
        self.bulk = BulkPreparer(locale=locale)

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
        """Validate and write the good events in batched transactions (rejections by index).

        Large inputs are normalised in worker processes while this thread writes (``bulk``);
        the batches, results and rejections are the same as in-process.
        """
        if not isinstance(payloads, list):
            payloads = list(payloads)
        if self.bulk.wanted(len(payloads)):
            return self._write_chunks(self.bulk.prepare_payloads(payloads), batch_size=batch_size)
        good, bad = self.normalize_all(payloads)
        result = self.ingest_events([e for _, e in good], batch_size=batch_size)
        result.rejected.extend(bad)
        return result

    def ingest_lines(self, lines: Sequence[tuple[int, str]], *, batch_size: int = INGEST_BATCH_SIZE,
                     progress: Callable[[int, int], None] | None = None) -> tuple[IngestResult, list[Rejection]]:
        """JSONL ``(line index, text)`` pairs: ``(result, JSON parse errors)``, both indexed by
        line. Parsing happens where normalising does (worker processes for large files).
        ``progress(lines done, lines)`` is called after each written batch (the CLI prints it)."""
        parse_errors: list[Rejection] = []
        chunks = (self.bulk.prepare_lines(lines) if self.bulk.wanted(len(lines))
                  else iter([prepare_lines(lines, self.locale)]))
        result = self._write_chunks(chunks, batch_size=batch_size, parse_errors=parse_errors,
                                    progress=(lambda n: progress(n, len(lines))) if progress else None)
        return result, parse_errors

    def ingest_events(self, events: Sequence[MemoryEvent], *,
                      batch_size: int = INGEST_BATCH_SIZE) -> IngestResult:
        result = IngestResult()
        for start in range(0, len(events), batch_size):
            result.merge(self.write_prepared([prepare_event(ev) for ev in events[start:start + batch_size]]))
        return result

    def _write_chunks(self, chunks: Iterator[PreparedChunk], *, batch_size: int,
                      parse_errors: list[Rejection] | None = None,
                      progress: Callable[[int], None] | None = None) -> IngestResult:
        """Write prepared chunks as they arrive, in batches of ``batch_size`` good events: the
        same transactions as preparing everything first (the next chunks are prepared while a
        batch is written). ``progress(inputs done)``: inputs written or rejected so far."""
        result = IngestResult()
        pending: list[PreparedEvent] = []
        seen = 0  # inputs of the chunks received (prepared or rejected)
        for chunk in chunks:
            result.rejected.extend(chunk.rejected)
            if parse_errors is not None:
                parse_errors.extend(chunk.parse_errors)
            seen += len(chunk.prepared) + len(chunk.rejected) + len(chunk.parse_errors)
            pending.extend(chunk.prepared)
            while len(pending) >= batch_size:
                result.merge(self.write_prepared(pending[:batch_size]))
                del pending[:batch_size]
                if progress is not None:
                    progress(seen - len(pending))
        if pending:
            result.merge(self.write_prepared(pending))
        if progress is not None:
            progress(seen)
        return result

    def write_prepared(self, batch: Sequence[PreparedEvent]) -> IngestResult:
        """One transaction: the batch's rows, FTS postings, session index and hooks (the
        embedding jobs are the worker's to write). Dedup and tombstones are decided here,
        against the database."""
        result = IngestResult()
        now = self.clock.now()
        facts: list[PreparedEvent] = []
        traces: list[tuple[Any, ...]] = []
        working: list[tuple[Any, ...]] = []
        for p in batch:
            route = p.event.route
            if route is Route.L1:
                facts.append(p)
            elif route is Route.RUNTIME_TRACE:
                traces.append(p.row)
            else:
                working.append(p.row + (now,))
        with self.db.write() as conn:
            if traces:
                conn.executemany("INSERT INTO runtime_traces(occurred_at, source, session_id, content, "
                                 "metadata_json) VALUES (?,?,?,?,?)", traces)
                result.runtime_traces = len(traces)
            if working:
                conn.executemany("INSERT OR REPLACE INTO working_memory(session_id, key, value_json, "
                                 "updated_at, expires_at) VALUES (?,?,?,?,NULL)", working)
                result.working_context = len(working)
            if not facts:
                return result
            if conn.execute("SELECT 1 FROM deletion_tombstones LIMIT 1").fetchone() is not None:
                facts, result.suppressed = _drop_tombstoned(conn, facts)
                if not facts:
                    return result
            tail = (now, "pending" if self.space_id is not None else "skipped")
            seq_of = _insert_facts(conn, [p.row + tail for p in facts])
            inserted: list[MemoryEvent] = []
            fts_rows: list[tuple[int, str]] = []
            for p in facts:
                event_id = p.row[0]
                seq = seq_of.get(event_id)
                if seq is None:  # the dedup key exists (earlier import, or twice in this input)
                    continue
                ev = p.event
                ev.event_id, ev.seq = event_id, seq
                inserted.append(ev)
                fts_rows.append((seq, p.fts_body))
            result.duplicates = len(facts) - len(inserted)
            if not inserted:
                return result
            result.event_ids = [ev.event_id for ev in inserted]
            conn.executemany("INSERT INTO fact_events_fts(rowid, body) VALUES (?, ?)", fts_rows)
            # no embedding job row: the new rows are above every space's embedding cursor, so
            # the embedding worker writes their jobs (migration 0011, ``embedding_worker``)
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
        """One upsert per session and batch (same end state as one per message)."""
        sessions: dict[str, list[Any]] = {}
        for ev in events:
            if ev.event_type not in (EventType.CHAT_MESSAGE, EventType.ACTION_EXECUTED) or not ev.session_id:
                continue
            is_user = 1 if ev.author_type is AuthorType.USER else 0
            agg = sessions.get(ev.session_id)
            if agg is None:
                sessions[ev.session_id] = [ev.session_id, ev.user_id, ev.occurred_at, ev.occurred_at, 1, is_user]
            else:
                if ev.occurred_at < agg[2]:
                    agg[2] = ev.occurred_at
                if ev.occurred_at > agg[3]:
                    agg[3] = ev.occurred_at
                agg[4] += 1
                agg[5] += is_user
        if sessions:
            conn.executemany(
                "INSERT INTO chat_sessions(session_id, user_id, first_at, last_at, message_count, "
                "user_message_count) VALUES (?,?,?,?,?,?) ON CONFLICT(session_id) DO UPDATE SET "
                "first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), "
                "message_count = message_count + excluded.message_count, "
                "user_message_count = user_message_count + excluded.user_message_count",
                [tuple(agg) for agg in sessions.values()])

    def close(self) -> None:
        """Stop the bulk workers (if any were started)."""
        self.bulk.close()

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
