"""``MemoryEngine``: the facade the agent, the CLI and the desktop app use.

* L1 writes are synchronous (``ingest_*``): when the call returns, the events are committed.
* Derived work (embeddings, L2 projection, L3 summaries, snapshots, maintenance) runs in
  background workers: asyncio tasks on the caller's loop that execute each step on a thread
  pool, so neither the loop nor a GUI thread is ever blocked by SQLite or a provider call.
* ``drain()`` / ``run_until_idle()`` run every worker until its queue is empty: deterministic
  tests and batch tools use them instead of sleeping.

Layers plug in through ``install(engine)`` functions (``memory_core.l2``, ``.l3``, ``.l4``):
each registers its ingest hooks, deletion participant, workers, embedding targets and stats.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import importlib
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Protocol, Sequence

import apsw

from .clock import Clock, SystemClock
from .config import MemoryConfig
from .db.connection import Database
from .db.migrate import migrate
from .deletion import CascadeReport, DeletionParticipant, DeletionService
from .events.model import StoredEvent
from .jobs.owners import forget_dead, live_owners, process_owner
from .jobs.queue import JobQueue
from .l1.context_index import ContextIndexWorker
from .l1.embedding_worker import EMBEDDING_QUEUE, EmbeddingTarget, EmbeddingWorker, ensure_cursor
from .l1.jsonl import decode_line, parse_line
from .l1.store import IngestHook, IngestResult, L1Store, Rejection
from .l1.vectors import active_space, ensure_space
from .purge import PurgeStatus, PurgeWorker
from .purge import status as purge_status

log = logging.getLogger(__name__)

StatsProvider = Callable[[apsw.Connection], dict[str, Any]]


class Worker(Protocol):
    name: str

    def run_once(self) -> int:
        """Do one unit of background work; return how many items were processed (0 = idle)."""
        ...


@dataclass
class WorkerStatus:
    name: str
    runs: int = 0
    processed: int = 0
    errors: int = 0
    last_error: str | None = None
    paused: bool = False


@dataclass
class JsonlReport:
    result: IngestResult
    lines: int = 0
    parse_errors: list[Rejection] = field(default_factory=list)

    @property
    def rejected(self) -> list[Rejection]:
        return sorted([*self.parse_errors, *self.result.rejected], key=lambda r: r.index)


class MemoryEngine:
    def __init__(self, db_path: str | Path | None = None, *, config: MemoryConfig | None = None,
                 clock: Clock | None = None, providers: Any = None,
                 layers: Sequence[str] | None = None, max_threads: int = 4) -> None:
        self.config = config or MemoryConfig.load()
        self.clock: Clock = clock or SystemClock()
        path = Path(db_path) if db_path is not None else self.config.db_path
        self.db = Database(path)
        migrate(self.db)
        self.l1 = L1Store(self.db, clock=self.clock, locale=self.config.locale)
        self.providers = providers if providers is not None else _default_providers(self.config)
        # every provider call is recorded in provider_calls (the GUI's cost/privacy ledger)
        attach_recorder = getattr(self.providers, "attach_recorder", None)
        if attach_recorder is not None:
            attach_recorder(self.db)
        embedder = self.providers.embedder
        with self.db.write() as conn:
            was_active = active_space(conn)
            space_id = ensure_space(conn, embedder.model_id, embedder.dim)
            self._backfill_space(conn, space_id,
                                 switched=was_active is None or was_active["space_id"] != space_id)
        self.l1.space_id = space_id
        self.embedding_worker = EmbeddingWorker(self.db, embedder, self.clock, space_id)
        self.purge_worker = PurgeWorker(self.db)
        self.deletion = DeletionService(self.db, self.clock, on_deleted=self.purge_worker.purger.note_deleted)
        self.context_index = ContextIndexWorker(self.db)
        self.workers: list[Worker] = [self.embedding_worker, self.context_index, self.purge_worker]
        self.worker_status: dict[str, WorkerStatus] = {}
        self.stats_providers: list[StatsProvider] = []
        self.queues: dict[str, JobQueue] = {"embedding_jobs": EMBEDDING_QUEUE}
        self.components: dict[str, Any] = {}
        self.capture_enabled = self.config.capture_enabled
        self._pool = ThreadPoolExecutor(max_workers=max_threads, thread_name_prefix="magi-engine")
        self._tasks: list[asyncio.Task[None]] = []
        self._wake: dict[str, asyncio.Event] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = False
        self._closed = False
        self._lock = threading.Lock()
        self.retrieval: Any = None
        # retrieval first: layers register their retrievers on engine.retrieval in install()
        self._install("memory_core.retrieval")
        for name in (layers if layers is not None else self.config.layers):
            self._install(f"memory_core.{name}")
        self._reclaim_abandoned_jobs()
        if self.purge_worker.purger.status().pending:  # owed by a process that ended first
            self.purge_worker.purger.run()
        with MemoryEngine._open_lock:
            MemoryEngine._open_paths[str(self.db.path.resolve())] += 1

    # -- job ownership -------------------------------------------------------------------------

    #: stores open in this process (path → engines): jobs are released on close by the last one
    _open_paths: "collections.Counter[str]" = collections.Counter()
    _open_lock = threading.Lock()

    def _reclaim_abandoned_jobs(self) -> None:
        """Jobs left running by a process that is gone go back to pending; a live process's
        jobs stay its own (a second process opening the store must not reset them)."""
        with self.db.write() as conn:
            live = live_owners(conn)
            for name, queue in self.queues.items():
                n = queue.reclaim_abandoned(conn, self.clock.now(), live)
                if n:
                    log.info("recovered %d interrupted %s", n, name)
            forget_dead(conn, live)

    def _release_owned_jobs(self) -> None:
        path = str(self.db.path.resolve())
        with MemoryEngine._open_lock:
            MemoryEngine._open_paths[path] -= 1
            last = MemoryEngine._open_paths[path] <= 0
            if last:
                del MemoryEngine._open_paths[path]
        if not last:
            return  # another engine of this process may be inside a batch it claimed
        token = process_owner().token
        with contextlib.suppress(Exception), self.db.write() as conn:
            for queue in self.queues.values():
                queue.release_owned(conn, token, self.clock.now())
            conn.execute("DELETE FROM job_owners WHERE owner = ?", (token,))

    # -- composition ---------------------------------------------------------------------------

    def _install(self, module_name: str) -> None:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                return
            raise
        install = getattr(module, "install", None)
        if install is not None:
            install(self)

    def add_hook(self, hook: IngestHook) -> None:
        self.l1.hooks.append(hook)

    def add_worker(self, worker: Worker) -> None:
        self.workers.append(worker)
        if self._loop is not None and not self._stopping:
            self._start_worker(worker)

    def add_deletion(self, participant: DeletionParticipant) -> None:
        self.deletion.register(participant)

    def add_embedding_target(self, target: EmbeddingTarget) -> None:
        self.embedding_worker.register_target(target)

    def add_stats(self, provider: StatsProvider) -> None:
        self.stats_providers.append(provider)

    def add_queue(self, name: str, queue: JobQueue) -> None:
        self.queues[name] = queue

    @staticmethod
    def _backfill_space(conn: apsw.Connection, space_id: int, *, switched: bool) -> None:
        """The active space owes a job to every event above its cursor (every event, for a new
        space: provider switched); the embedding worker writes those jobs. Here the events
        that will be embedded say ``pending`` — stored while another space was active they say
        ``done`` (there) or ``skipped`` — and so do those with a pending job from an earlier
        activation of this space."""
        cursor = ensure_cursor(conn, space_id)
        conn.execute("UPDATE fact_events SET embedding_state = 'pending' WHERE seq > ? "
                     "AND embedding_state != 'pending'", (cursor,))
        if switched:
            conn.execute("UPDATE fact_events SET embedding_state = 'pending' WHERE event_id IN ("
                         "SELECT target_id FROM embedding_jobs WHERE target_kind = 'event' AND space_id = ? "
                         "AND state = 'pending') AND embedding_state != 'pending'", (space_id,))

    # -- synchronous API -----------------------------------------------------------------------

    def ingest_payloads(self, payloads: Iterable[Any]) -> IngestResult:
        payloads = list(payloads)
        if not self.capture_enabled:
            result = IngestResult()
            result.rejected = [Rejection(i, "<capture>", "memory capture is paused")
                               for i in range(len(payloads))]
            return result
        result = self.l1.ingest_payloads(payloads)
        if result.event_ids:
            self.notify_workers()
        return result

    def ingest_jsonl(self, path: str | Path, *, progress: Callable[[int, int], None] | None = None) -> JsonlReport:
        """Every line of a JSONL file into L1. ``progress(lines done, lines)`` after each
        written batch (the CLI's progress line)."""
        payloads: list[Any] = []
        index_of: list[int] = []
        report = JsonlReport(IngestResult())
        numbered: list[tuple[int, str]] = []
        # bytes, decoded line by line: one bad byte rejects its line, not the file
        with open(path, "rb") as fh:
            for lineno, raw in enumerate(fh):
                report.lines += 1
                line = decode_line(lineno, raw)
                if isinstance(line, Rejection):
                    report.parse_errors.append(line)
                elif line.strip():
                    numbered.append((lineno, line))
        if self.capture_enabled:
            # lines are parsed where they are normalised (worker processes for a large file)
            report.result, line_errors = self.l1.ingest_lines(numbered, progress=progress)
            report.parse_errors.extend(line_errors)
            if report.result.event_ids:
                self.notify_workers()
            return report
        for lineno, line in numbered:
            value = parse_line(lineno, line)
            if isinstance(value, Rejection):
                report.parse_errors.append(value)
            else:
                payloads.append(value)
                index_of.append(lineno)
        result = self.ingest_payloads(payloads)
        for r in result.rejected:
            r.index = index_of[r.index]
        report.result = result
        return report

    def get_event(self, event_id: str) -> StoredEvent | None:
        return self.l1.get(event_id)

    def list_events(self, **filters: Any) -> list[StoredEvent]:
        return self.l1.list_events(**filters)

    def preview_delete(self, event_ids: Sequence[str]) -> CascadeReport:
        return self.deletion.preview(event_ids)

    def delete_events(self, event_ids: Sequence[str], *, wait_purge_s: float | None = None) -> CascadeReport:
        """Delete everywhere now. The on-disk purge runs in the background once deletions
        pause (``PURGE_DEBOUNCE_S``); ``wait_purge_s`` runs it now instead, retrying that long
        while another connection holds an old snapshot (the CLI waits; the GUI does not)."""
        report = self.deletion.delete(event_ids)
        if report.event_ids and wait_purge_s is not None:
            report.purge = self.purge_now(wait_purge_s)
        else:
            if report.event_ids:
                self.notify_workers()
            report.purge = self.purge_status().to_json()
        return report

    def purge_status(self) -> PurgeStatus:
        return self.purge_worker.purger.status()

    def purge_now(self, wait_s: float = 0.0) -> dict[str, Any]:
        """Run an owed purge now (``magi-memory purge``), retrying up to ``wait_s`` seconds."""
        return {**self.purge_worker.purger.run_until_complete(wait_s), **self.purge_status().to_json()}

    def stats(self) -> dict[str, Any]:
        conn = self.db.reader()
        out: dict[str, Any] = {
            "fact_events": conn.execute("SELECT count(*) FROM fact_events").fetchone()[0],
            "db_path": str(self.db.path),
        }
        by_scope = dict(conn.execute("SELECT l1_retrieval_scope, count(*) FROM fact_events GROUP BY 1"))
        by_class = dict(conn.execute("SELECT evidence_class, count(*) FROM fact_events GROUP BY 1"))
        by_source = dict(conn.execute("SELECT source, count(*) FROM fact_events GROUP BY 1"))
        by_embedding = dict(conn.execute("SELECT embedding_state, count(*) FROM fact_events GROUP BY 1"))
        out["l1"] = {
            "fact_events": out["fact_events"],
            "by_scope": by_scope, "by_evidence_class": by_class, "by_source": by_source,
            "embedding_state": by_embedding,
            "chat_sessions": conn.execute("SELECT count(*) FROM chat_sessions").fetchone()[0],
            "vector_chunks": conn.execute("SELECT count(*) FROM event_chunks").fetchone()[0],
            "runtime_traces": conn.execute("SELECT count(*) FROM runtime_traces").fetchone()[0],
            "working_memory": conn.execute("SELECT count(*) FROM working_memory").fetchone()[0],
            "tombstones": conn.execute("SELECT count(*) FROM deletion_tombstones").fetchone()[0],
        }
        out["queues"] = {name: q.counts(conn) for name, q in self.queues.items()}
        out["purge"] = purge_status(conn).to_json()
        out["embedding"] = {"model_id": self.providers.embedder.model_id,
                            "dim": self.providers.embedder.dim,
                            "space_id": self.l1.space_id}
        for provider in self.stats_providers:
            out.update(provider(conn))
        out["workers"] = {n: vars(s) for n, s in self.worker_status.items()}
        return out

    def run_until_idle(self, max_rounds: int = 10_000,
                       progress: Callable[[dict[str, int]], None] | None = None,
                       progress_every_s: float = 2.0) -> dict[str, int]:
        """Run every worker synchronously until none has work left (tests, CLI, benchmarks).
        ``progress`` is called with the job queues' backlog at most every ``progress_every_s``
        seconds (the CLI prints it), and once at the end."""
        processed: dict[str, int] = {w.name: 0 for w in self.workers}
        last = time.monotonic()
        for _ in range(max_rounds):
            busy = False
            for worker in list(self.workers):
                n = self._run_worker_step(worker)
                if n:
                    busy = True
                    processed[worker.name] = processed.get(worker.name, 0) + n
                if progress is not None and time.monotonic() - last >= progress_every_s:
                    progress(self.backlog())
                    last = time.monotonic()
            if not busy:
                break
        if progress is not None:
            progress(self.backlog())
        return processed

    def backlog(self) -> dict[str, int]:
        """Jobs still to do per queue (pending + running), e.g. ``{"embedding_jobs": 1200}``."""
        conn = self.db.reader()
        out: dict[str, int] = {}
        for name, queue in self.queues.items():
            counts = queue.counts(conn)
            out[name] = counts.get("pending", 0) + counts.get("running", 0)
        return out

    def _run_worker_step(self, worker: Worker) -> int:
        status = self.worker_status.setdefault(worker.name, WorkerStatus(worker.name))
        if status.paused:
            return 0
        try:
            n = worker.run_once()
        except Exception as exc:  # noqa: BLE001 - a worker crash is recorded, never fatal
            log.exception("worker %s failed", worker.name)
            status.errors += 1
            status.last_error = f"{type(exc).__name__}: {exc}"
            return 0
        status.runs += 1
        status.processed += n
        return n

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._stopping = True
        self._pool.shutdown(wait=True, cancel_futures=True)
        self.l1.close()  # bulk-ingest worker processes, if any
        self._release_owned_jobs()
        for comp in self.components.values():
            closer = getattr(comp, "close", None)
            if callable(closer):
                closer()
        self.db.close()

    def __enter__(self) -> "MemoryEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- asynchronous API ----------------------------------------------------------------------

    async def _call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(*args, **kwargs))

    async def ingest(self, payload: Any | Sequence[Any]) -> IngestResult:
        """Write one payload or a list; returns once L1 has committed them."""
        payloads = payload if isinstance(payload, list) else [payload]
        return await self._call(self.ingest_payloads, payloads)

    async def query(self, query: str, query_mode: str | None = None, **kwargs: Any) -> Any:
        if self.retrieval is None:
            raise RuntimeError("retrieval is not installed")
        return await self._call(self.retrieval.query, query, query_mode, **kwargs)

    async def stats_async(self) -> dict[str, Any]:
        return await self._call(self.stats)

    async def delete(self, event_ids: Sequence[str]) -> CascadeReport:
        return await self._call(self.delete_events, event_ids)

    async def preview(self, event_ids: Sequence[str]) -> CascadeReport:
        return await self._call(self.preview_delete, event_ids)

    async def start(self) -> None:
        """Start the background workers on the running loop."""
        self._loop = asyncio.get_running_loop()
        self._stopping = False
        for worker in self.workers:
            self._start_worker(worker)

    def _start_worker(self, worker: Worker) -> None:
        assert self._loop is not None
        event = asyncio.Event()
        self._wake[worker.name] = event
        self._tasks.append(self._loop.create_task(self._worker_loop(worker, event),
                                                  name=f"magi-worker-{worker.name}"))

    async def _worker_loop(self, worker: Worker, wake: asyncio.Event) -> None:
        idle = getattr(worker, "idle_interval_s", self.config.worker_idle_s)
        while not self._stopping:
            try:
                n = await self._call(self._run_worker_step, worker)
            except RuntimeError:  # pool shut down
                return
            if n:
                await asyncio.sleep(0)
                continue
            try:
                await asyncio.wait_for(wake.wait(), timeout=idle)
            except asyncio.TimeoutError:
                pass
            wake.clear()

    def notify_workers(self) -> None:
        """Wake idle workers (thread-safe: ingest may run on a pool thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        for event in self._wake.values():
            loop.call_soon_threadsafe(event.set)

    async def drain(self, max_rounds: int = 10_000) -> dict[str, int]:
        return await self._call(self.run_until_idle, max_rounds)

    async def stop(self) -> None:
        self._stopping = True
        for event in self._wake.values():
            event.set()
        for task in self._tasks:
            try:
                await asyncio.wait_for(task, timeout=30)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                task.cancel()
        self._tasks.clear()
        self._wake.clear()
        self._loop = None


@dataclass
class _OfflineProviders:
    embedder: Any
    chat: Any = None


def _default_providers(config: MemoryConfig) -> Any:
    """The provider set from configuration; offline defaults when nothing is configured."""
    try:
        factory = importlib.import_module("memory_core.providers.factory")
    except ModuleNotFoundError:
        from .providers.hashing_embedder import HashingEmbedder

        return _OfflineProviders(embedder=HashingEmbedder())
    return factory.build_providers(config)
