"""The asynchronous embedding worker: drains ``embedding_jobs`` in micro-batches.

The embedder is called *outside* any write transaction (it may be a slow network call), and its
failure only moves the jobs through the retry/backoff state machine: the L1 rows are untouched,
the event's ``embedding_state`` says ``failed`` once retries are exhausted, and BM25/keyword
retrieval keep working for it meanwhile.

Other layers embed their own objects (entities, edges, summaries) through the same queue by
registering an :class:`EmbeddingTarget` for their ``target_kind``.

Event jobs are written lazily: ingest writes none; every event above a space's
``embedding_cursor`` is owed one (migration 0011), and the worker writes the job rows of the
next owed events — ``EMBED_JOBS_MATERIALISE`` at a time, when less than a micro-batch is
ready — moving the cursor in the same transaction. From then on they are ordinary jobs (retry,
backoff, leases, ``failed``). Each event gets exactly one job per space (``INSERT OR IGNORE``
on the queue's unique key, the cursor only moves forward past materialised rows); a deleted
event owes nothing because the owed set is read from ``fact_events`` itself. Counts of the
queue include the owed events as ``pending`` (:class:`EmbeddingQueue`).
"""

from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Protocol, Sequence

import apsw
import numpy as np

from ..clock import Clock
from ..db.connection import Database, Row, placeholders, query_all, query_one
from ..jobs.owners import JobOwner
from ..jobs.queue import JobQueue
from ..policy import EMBED_BATCH_SIZE, EMBED_CONTEXT_CHARS, EMBED_JOBS_MATERIALISE
from ..providers.embedding import Embedder
from .chunking import chunk_spans
from .vectors import delete_vectors, insert_vectors

log = logging.getLogger(__name__)


# -- owed event jobs (the cursor) ------------------------------------------------------------------


def event_cursor(conn: apsw.Connection, space_id: int) -> int:
    """The space's cursor: events with a greater seq have no job in it yet. A space without
    one (created after migration 0011) starts at 0: every event is owed."""
    row = conn.execute("SELECT event_seq FROM embedding_cursor WHERE space_id = ?", (space_id,)).fetchone()
    return int(row[0]) if row is not None else 0


def ensure_cursor(conn: apsw.Connection, space_id: int) -> int:
    """Create the space's cursor at 0 if it has none (call inside a write); returns it."""
    conn.execute("INSERT OR IGNORE INTO embedding_cursor(space_id, event_seq) VALUES (?, 0)", (space_id,))
    return event_cursor(conn, space_id)


def owed_events(conn: apsw.Connection, space_id: int) -> int:
    """Events that have no job in ``space_id`` yet and will get one (a rowid range count)."""
    return int(conn.execute("SELECT count(*) FROM fact_events WHERE seq > ?",
                            (event_cursor(conn, space_id),)).fetchone()[0])


def materialise_event_jobs(conn: apsw.Connection, space_id: int, limit: int = EMBED_JOBS_MATERIALISE) -> int:
    """Write the job rows of the next ``limit`` owed events and move the cursor past them
    (call inside a write). A job keeps the event's ``ingested_at`` as its ``created_at``, as
    when ingest wrote it. Returns the number of events taken from the owed range."""
    cursor = ensure_cursor(conn, space_id)
    top = conn.execute("SELECT max(seq), count(*) FROM (SELECT seq FROM fact_events WHERE seq > ? "
                       "ORDER BY seq LIMIT ?)", (cursor, limit)).fetchone()
    if not top or top[0] is None:
        return 0
    conn.execute("INSERT OR IGNORE INTO embedding_jobs(target_kind, target_id, space_id, created_at, updated_at) "
                 "SELECT 'event', event_id, ?, ingested_at, ingested_at FROM fact_events "
                 "WHERE seq > ? AND seq <= ? ORDER BY seq", (space_id, cursor, top[0]))
    conn.execute("UPDATE embedding_cursor SET event_seq = ? WHERE space_id = ?", (top[0], space_id))
    return int(top[1])


def pending_event_embeddings(conn: apsw.Connection, space_id: int) -> int:
    """Events still to embed in ``space_id``: job rows pending or running, plus owed events."""
    queued = conn.execute("SELECT count(*) FROM embedding_jobs WHERE target_kind = 'event' AND space_id = ? "
                          "AND state IN ('pending', 'running')", (space_id,)).fetchone()[0]
    return int(queued) + owed_events(conn, space_id)


def _active_space_id(conn: apsw.Connection) -> int | None:
    row = conn.execute("SELECT space_id FROM embedding_spaces WHERE active = 1").fetchone()
    return int(row[0]) if row is not None else None


@dataclass(frozen=True, slots=True)
class EmbeddingQueue(JobQueue):
    """The embedding job queue, owed event jobs included: a claim that finds less than it
    asked for writes the next owed events' jobs first, and the counts show the owed events as
    pending, so backlog, stats and progress see work that has no row yet."""

    def claim(self, conn: apsw.Connection, now: float, limit: int, *, where: str = "",
              params: Sequence[Any] = (), owner: JobOwner | None = None,
              space_id: int | None = None) -> list[Row]:
        """As :meth:`JobQueue.claim`; owed events of ``space_id`` (default: the active space)
        become jobs when fewer than ``limit`` are ready."""
        rows = JobQueue.claim(self, conn, now, limit, where=where, params=params, owner=owner)
        if len(rows) < limit:
            space = space_id if space_id is not None else _active_space_id(conn)
            if space is not None and materialise_event_jobs(conn, space):
                rows += JobQueue.claim(self, conn, now, limit - len(rows), where=where, params=params,
                                       owner=owner)
        return rows

    def counts(self, conn: apsw.Connection) -> dict[str, int]:
        out = JobQueue.counts(self, conn)
        space = _active_space_id(conn)
        if space is not None:
            out["pending"] = out.get("pending", 0) + owed_events(conn, space)
        return out


EMBEDDING_QUEUE = EmbeddingQueue("embedding_jobs")


class EmbeddingTarget(Protocol):
    kind: str

    def load_texts(self, conn: apsw.Connection, target_ids: Sequence[str]) -> dict[str, list[str]]:
        """Texts to embed per target id (several for chunked text); missing ids were deleted."""
        ...

    def store(self, conn: apsw.Connection, space_id: int, target_id: str,
              vectors: np.ndarray) -> None: ...

    def mark_failed(self, conn: apsw.Connection, target_ids: Sequence[str]) -> None: ...


def neighbour_in_session(conn: apsw.Connection, row: dict, *, after: bool) -> dict | None:
    """The chat message just before (or ``after``) ``row`` in its session, by time then write
    order. Before: the context ``row`` is embedded with; after: the message that embeds ``row``'s
    text as its context, so deleting ``row`` must re-embed it (``deletion``)."""
    if not row.get("session_id") or row.get("event_type") != "CHAT_MESSAGE":
        return None
    cmp, order = (">", "") if after else ("<", " DESC")
    return query_one(conn, f"SELECT seq, event_id, content, session_id, event_type, occurred_at "
                           f"FROM fact_events WHERE session_id = ? AND event_type = 'CHAT_MESSAGE' "
                           f"AND (occurred_at {cmp} ? OR (occurred_at = ? AND seq {cmp} ?)) "
                           f"ORDER BY occurred_at{order}, seq{order} LIMIT 1",
                     (row["session_id"], row["occurred_at"], row["occurred_at"], row["seq"]))


#: :func:`neighbour_in_session` (before) of many rows in one statement, as a correlated
#: subquery (``content`` is NOT NULL: NULL means no message before)
_PREVIOUS_MANY = (
    "SELECT b.seq, (SELECT p.content FROM fact_events p WHERE p.session_id = b.session_id "
    "AND p.event_type = 'CHAT_MESSAGE' AND (p.occurred_at < b.occurred_at OR "
    "(p.occurred_at = b.occurred_at AND p.seq < b.seq)) ORDER BY p.occurred_at DESC, p.seq DESC LIMIT 1) "
    "FROM fact_events b WHERE b.seq IN ({}) AND b.session_id IS NOT NULL AND b.session_id != '' "
    "AND b.event_type = 'CHAT_MESSAGE'")


def previous_contents(conn: apsw.Connection, seqs: Sequence[int]) -> dict[int, str | None]:
    """seq → content of the chat message just before it in its session (what
    :func:`neighbour_in_session` with ``after=False`` returns for that event's row), for the
    events that have one. One statement per 400 events instead of one query per event (a
    20k-event drain asked 13k times in the embedding worker and again in the context index)."""
    out: dict[int, str | None] = {}
    for i in range(0, len(seqs), 400):
        part = [int(s) for s in seqs[i:i + 400]]
        out.update((seq, content) for seq, content in
                   conn.execute(_PREVIOUS_MANY.format(placeholders(len(part))), part) if content is not None)
    return out


def conversation_context(conn: apsw.Connection, row: dict, *, previous: dict[int, str | None] | None = None) -> str:
    """The last ``EMBED_CONTEXT_CHARS`` of the previous message in the session ('' if none).
    A reply is embedded with what it replies to; the stored content is unchanged.
    ``previous``: :func:`previous_contents` of a batch holding ``row`` (no query then)."""
    if previous is not None:
        content = previous.get(row["seq"])
    else:
        prev = neighbour_in_session(conn, row, after=False)
        content = None if prev is None else prev["content"]
    if not content:
        return ""
    text = " ".join(content.split())
    return text[-EMBED_CONTEXT_CHARS:]


class EventEmbeddingTarget:
    """L1 events: chunked content → ``event_chunks`` + ``vec_chunks_<space>``."""

    kind = "event"

    def load_texts(self, conn: apsw.Connection, target_ids: Sequence[str]) -> dict[str, list[str]]:
        """Chunks of each event; a chat message's first chunk is prefixed with the end of the
        message before it in the same session (``conversation_context``)."""
        out: dict[str, list[str]] = {}
        rows = query_all(conn, f"SELECT seq, event_id, content, session_id, event_type, "
                               f"occurred_at FROM fact_events WHERE event_id IN "
                               f"({placeholders(len(target_ids))})", list(target_ids))
        previous = previous_contents(conn, [r["seq"] for r in rows])
        for row in rows:
            text = row["content"]
            chunks = [text[a:b] for a, b in chunk_spans(text)]
            context = conversation_context(conn, row, previous=previous)
            if context and chunks:
                chunks[0] = f"{context}\n{chunks[0]}"
            out[row["event_id"]] = chunks
        return out

    def store(self, conn: apsw.Connection, space_id: int, target_id: str, vectors: np.ndarray) -> None:
        self.store_many(conn, space_id, [(target_id, vectors)])

    def store_many(self, conn: apsw.Connection, space_id: int, items: Sequence[tuple[str, np.ndarray]]) -> None:
        """Chunk rows and vectors of a micro-batch of events (an event deleted meanwhile is
        skipped), with one statement per step for the whole batch instead of seven per event;
        chunk rows are inserted one by one, in the batch's order, so their ids follow it."""
        ids = [target_id for target_id, _ in items]
        found: dict[str, tuple[int, str]] = {}
        for i in range(0, len(ids), 400):
            part = ids[i:i + 400]
            found.update((r[0], (r[1], r[2])) for r in conn.execute(
                f"SELECT event_id, seq, content FROM fact_events WHERE event_id IN ({placeholders(len(part))})",
                part))
        live = [(target_id, vectors) for target_id, vectors in items if target_id in found]  # deleted meanwhile
        seqs = [found[target_id][0] for target_id, _ in live]
        old: list[int] = []
        for i in range(0, len(seqs), 400):
            part = seqs[i:i + 400]
            old += [r[0] for r in conn.execute(
                f"SELECT chunk_id FROM event_chunks WHERE space_id = ? AND event_seq IN ({placeholders(len(part))})",
                [space_id, *part])]
        delete_vectors(conn, space_id, old)
        for i in range(0, len(seqs), 400):
            part = seqs[i:i + 400]
            conn.execute(f"DELETE FROM event_chunks WHERE space_id = ? AND event_seq IN ({placeholders(len(part))})",
                         [space_id, *part])
        rows = []
        for target_id, vectors in live:
            seq, content = found[target_id]
            for idx, ((a, b), vec) in enumerate(zip(chunk_spans(content), vectors)):
                conn.execute("INSERT INTO event_chunks(event_seq, space_id, chunk_index, char_start, char_end) "
                             "VALUES (?,?,?,?,?)", (seq, space_id, idx, a, b))
                rows.append((conn.last_insert_rowid(), vec))
        insert_vectors(conn, space_id, rows)
        conn.executemany("UPDATE fact_events SET embedding_state = 'done' WHERE seq = ?", [(s,) for s in seqs])

    def mark_failed(self, conn: apsw.Connection, target_ids: Sequence[str]) -> None:
        self._set_state(conn, target_ids, "failed")

    def mark_empty(self, conn: apsw.Connection, target_ids: Sequence[str]) -> None:
        """Nothing embeddable in the text: lexical paths still find the event."""
        self._set_state(conn, target_ids, "skipped")

    @staticmethod
    def _set_state(conn: apsw.Connection, target_ids: Sequence[str], state: str) -> None:
        if target_ids:
            conn.execute(f"UPDATE fact_events SET embedding_state = ? WHERE event_id IN "
                         f"({placeholders(len(target_ids))})", [state, *target_ids])


@dataclass
class EmbeddingWorker:
    db: Database
    embedder: Embedder
    clock: Clock
    space_id: int
    batch_size: int = EMBED_BATCH_SIZE
    name: str = "embedding"

    def __post_init__(self) -> None:
        self.targets: dict[str, EmbeddingTarget] = {"event": EventEmbeddingTarget()}

    def register_target(self, target: EmbeddingTarget) -> None:
        self.targets[target.kind] = target

    def run_once(self) -> int:
        """Embed one micro-batch. Returns the number of jobs finished (done or failed)."""
        now = self.clock.now()
        # an embedder may say how many texts a run should take (the hashing one: more)
        limit = getattr(self.embedder, "preferred_batch", None) or self.batch_size
        with self.db.write() as conn:
            jobs = EMBEDDING_QUEUE.claim(conn, now, limit, where="space_id = ?",
                                         params=(self.space_id,), space_id=self.space_id)
            by_kind: dict[str, list[dict]] = defaultdict(list)
            for job in jobs:
                by_kind[job["target_kind"]].append(job)
            texts: dict[tuple[str, str], list[str]] = {}
            unknown: list[int] = []
            for kind, kind_jobs in by_kind.items():
                target = self.targets.get(kind)
                if target is None:
                    unknown.extend(j["job_id"] for j in kind_jobs)
                    continue
                loaded = target.load_texts(conn, [j["target_id"] for j in kind_jobs])
                for j in kind_jobs:
                    if j["target_id"] in loaded:
                        texts[(kind, j["target_id"])] = loaded[j["target_id"]]
            if unknown:
                EMBEDDING_QUEUE.fail(conn, unknown, "no embedding target registered", now, permanent=True)
        if not jobs:
            return 0
        flat: list[str] = []
        owners: list[tuple[str, str]] = []
        for key, parts in texts.items():
            flat.extend(parts)
            owners.extend([key] * len(parts))
        try:
            vectors = self.embedder.embed(flat) if flat else np.zeros((0, self.embedder.dim), np.float32)
            if vectors.shape != (len(flat), self.embedder.dim):
                raise ValueError(f"embedder returned shape {vectors.shape}, expected "
                                 f"({len(flat)}, {self.embedder.dim})")
        except Exception as exc:  # noqa: BLE001 - any provider failure → retry/backoff
            log.warning("embedding batch failed: %s", exc)
            with self.db.write() as conn:
                states = EMBEDDING_QUEUE.fail(conn, [j["job_id"] for j in jobs],
                                              f"{type(exc).__name__}: {exc}", self.clock.now())
                failed = defaultdict(list)
                for j in jobs:
                    if states.get(j["job_id"]) == "failed":
                        failed[j["target_kind"]].append(j["target_id"])
                for kind, ids in failed.items():
                    if kind in self.targets:
                        self.targets[kind].mark_failed(conn, ids)
            return len(jobs)
        grouped: dict[tuple[str, str], list[int]] = defaultdict(list)
        for row, key in enumerate(owners):
            grouped[key].append(row)
        # A provider can return well-shaped garbage: NaN/inf rows would poison every cosine
        # comparison, so those targets fail (and retry) instead of being stored as done.
        finite = np.isfinite(vectors).all(axis=1) if len(flat) else np.zeros(0, dtype=bool)
        bad = {key for key, rows in grouped.items() if not finite[rows].all()}
        # An all-zero vector means "nothing to embed" (only punctuation, say). sqlite-vec ranks a
        # zero vector first with distance NULL, so it is never stored.
        nonzero = vectors.any(axis=1) if len(flat) else np.zeros(0, dtype=bool)
        empty = {key for key, rows in grouped.items() if key not in bad and not nonzero[rows].any()}
        job_of = {(j["target_kind"], j["target_id"]): j["job_id"] for j in jobs}
        with self.db.write() as conn:
            now = self.clock.now()
            batched: dict[str, list[tuple[str, np.ndarray]]] = defaultdict(list)
            for (kind, target_id), rows in grouped.items():
                if (kind, target_id) in empty:
                    mark_empty = getattr(self.targets[kind], "mark_empty", None)
                    if mark_empty is not None:
                        mark_empty(conn, [target_id])
                elif (kind, target_id) not in bad:
                    if hasattr(self.targets[kind], "store_many"):
                        batched[kind].append((target_id, vectors[rows]))
                    else:
                        self.targets[kind].store(conn, self.space_id, target_id, vectors[rows])
            for kind, items in batched.items():
                self.targets[kind].store_many(conn, self.space_id, items)
            if bad:
                states = EMBEDDING_QUEUE.fail(conn, [job_of[k] for k in bad],
                                              "embedder returned non-finite values (NaN/inf)", now)
                for kind, target_id in bad:
                    if states.get(job_of[(kind, target_id)]) == "failed":
                        self.targets[kind].mark_failed(conn, [target_id])
            EMBEDDING_QUEUE.complete(conn, [j["job_id"] for j in jobs
                                            if (j["target_kind"], j["target_id"]) not in bad], now)
        return len(jobs)

    def enqueue(self, conn: apsw.Connection, kind: str, target_ids: Sequence[str]) -> None:
        enqueue_jobs(conn, kind, target_ids, self.space_id, self.clock.now())


def enqueue_jobs(conn: apsw.Connection, kind: str, target_ids: Sequence[str], space_id: int, now: float) -> None:
    """(Re-)embed these targets in ``space_id``: a job that exists is made pending again."""
    conn.executemany(
        "INSERT INTO embedding_jobs(target_kind, target_id, space_id, created_at, updated_at) "
        "VALUES (?,?,?,?,?) ON CONFLICT(target_kind, target_id, space_id) DO UPDATE SET "
        "state = 'pending', attempts = 0, next_attempt_at = 0, updated_at = excluded.updated_at",
        [(kind, t, space_id, now, now) for t in target_ids])


def enqueue_in_active_space(conn: apsw.Connection, kind: str, target_ids: Sequence[str], now: float) -> None:
    """:func:`enqueue_jobs` in the store's active embedding space, for writers that hold no
    embedding worker (an entity merge or split run by maintenance or the review inbox);
    nothing when the store has no active space."""
    space_id = _active_space_id(conn)
    if space_id is not None and target_ids:
        enqueue_jobs(conn, kind, target_ids, space_id, now)
