"""Bulk imports on every core: worker processes normalise while the writer writes.

Normalising a payload and preparing its row (validation, rendering, the rule classifier, the
ULID, ``metadata_json``, the CJK bigram body) is pure Python and independent per event — about
half of what an ingested event costs. For a large input (``magi-memory ingest``, an export
replay, a backfill; at least ``BULK_MIN_ITEMS``) that work runs in a small process pool, one
chunk at a time, while the calling thread writes the chunks already prepared. The writer still
does everything that needs the database — dedup, tombstones, the rows, the hooks inside its
transaction — and forms the same batches as an in-process call, so results, rejections (by
input position or JSONL line), dedup within one input and the one-batch-one-transaction crash
guarantee are unchanged.

When the pool cannot help it is not used: small inputs (start-up and transfer cost more than
they save), a process whose normalisation differs from the stock modules (a plugin registered
its own source renderer, a test swapped the classifier rules: workers would not know), and
platforms where worker processes cannot start (then it falls back, once, to in-process). A
chunk whose worker fails is prepared again in-process, so what the caller gets is always what
an in-process call would have returned or raised.

Processes (:mod:`.bulk_pool`): one per core beyond the writer's, started on the first bulk
call, at lower priority so the writer keeps its core; they stop ``BULK_IDLE_SHUTDOWN_S``
after the last bulk call, at ``close()`` (``MemoryEngine.close`` calls it), or with the parent.
One bulk call uses them at a time; a concurrent one prepares in its own thread.
"""

from __future__ import annotations

import logging
import os
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from ..events import sources
from ..events.errors import PayloadError
from ..events.normalize import normalize
from ..governance import classifier
from .bulk_pool import WorkerFailed, WorkerProcess, can_start_workers
from .jsonl import parse_line
from .prepare import PreparedEvent, Rejection, prepare_event

log = logging.getLogger(__name__)

#: Inputs smaller than this are prepared in the calling thread (a pool round trip and its
#: start-up cost more than they save).
BULK_MIN_ITEMS = 2000
#: Items per task sent to a worker: one transaction's worth, so the first write starts early.
BULK_CHUNK_ITEMS = 500
#: Chunks handed to each worker ahead of the writer. Two left a worker idle half the time
#: (measured): its answered chunks count as in flight until the writer, busy with a batch,
#: collects them, so it ran dry before the writer came back. Eight chunks are ~2 MB per worker.
BULK_CHUNKS_AHEAD = 8
#: Stop idle workers this long after the last bulk call.
BULK_IDLE_SHUTDOWN_S = 30.0
#: Worker niceness: preparation yields the CPU to the writer, whose core is the bottleneck.
_WORKER_NICENESS = 0


@dataclass(slots=True)
class PreparedChunk:
    prepared: list[PreparedEvent] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    parse_errors: list[Rejection] = field(default_factory=list)  # JSONL lines that are not JSON

    def __reduce__(self) -> tuple[Any, ...]:
        return (PreparedChunk, (self.prepared, self.rejected, self.parse_errors))


# -- the work (runs in a worker process, or in the caller's thread) -------------------------------


def prepare_payloads(payloads: Sequence[Any], start: int, locale: str) -> PreparedChunk:
    """Normalise and prepare ``payloads``; rejections carry ``start`` + their position."""
    out = PreparedChunk()
    for i, payload in enumerate(payloads, start):
        try:
            ev = normalize(payload, locale=locale)
        except PayloadError as exc:
            out.rejected.append(Rejection(i, exc.field, exc.reason))
            continue
        out.prepared.append(prepare_event(ev))
    return out


def prepare_lines(lines: Sequence[tuple[int, str]], locale: str) -> PreparedChunk:
    """JSONL ``(line index, text)`` pairs: parse, normalise, prepare; errors carry the line."""
    out = PreparedChunk()
    for lineno, text in lines:
        payload = parse_line(lineno, text)
        if isinstance(payload, Rejection):
            out.parse_errors.append(payload)
            continue
        try:
            ev = normalize(payload, locale=locale)
        except PayloadError as exc:
            out.rejected.append(Rejection(lineno, exc.field, exc.reason))
            continue
        out.prepared.append(prepare_event(ev))
    return out


# -- when the pool may be used ---------------------------------------------------------------------


def stock_normalisation() -> bool:
    """True when a freshly started worker would normalise exactly like this process: what it
    depends on beyond the payload — the source registry (plugins may register renderers at run
    time) and the classifier rules — is still what those modules define."""
    return sources.registry_is_builtin() and classifier.RULES is classifier.BUILTIN_RULES


def default_workers() -> int:
    """One per core beyond the writer's, at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


# -- the pipeline -----------------------------------------------------------------------------------


Task = tuple[str, tuple[Any, ...]]
_LOCAL: dict[str, Callable[..., PreparedChunk]] = {"payloads": prepare_payloads, "lines": prepare_lines}


def _run_here(task: Task) -> PreparedChunk:
    kind, args = task
    return _LOCAL[kind](*args)


class BulkPreparer:
    """Prepares large inputs in worker processes, in order, a few chunks ahead of the writer."""

    def __init__(self, *, locale: str = "bilingual", workers: int | None = None,
                 min_items: int = BULK_MIN_ITEMS, chunk_items: int = BULK_CHUNK_ITEMS,
                 idle_shutdown_s: float = BULK_IDLE_SHUTDOWN_S) -> None:
        self.locale = locale
        self.workers = workers or default_workers()
        self.min_items = min_items
        self.chunk_items = chunk_items
        self.idle_shutdown_s = idle_shutdown_s
        #: why the pool is off for good (start failed, a worker died); None while it may be used
        self.disabled: str | None = can_start_workers()
        self._procs: list[WorkerProcess] = []
        self._lock = threading.Lock()
        self._in_use = False
        self._idle_timer: threading.Timer | None = None
        self._closed = False

    def wanted(self, n_items: int) -> bool:
        return (self.min_items > 0 and n_items >= self.min_items and self.disabled is None
                and not self._closed and stock_normalisation())

    def prepare_payloads(self, payloads: Sequence[Any]) -> Iterator[PreparedChunk]:
        """Prepared chunks of ``payloads``, in input order (workers a few chunks ahead)."""
        step = self.chunk_items
        return self._results([("payloads", (payloads[i:i + step], i, self.locale))
                              for i in range(0, len(payloads), step)])

    def prepare_lines(self, lines: Sequence[tuple[int, str]]) -> Iterator[PreparedChunk]:
        """Prepared chunks of JSONL ``(line index, text)`` pairs, in order."""
        step = self.chunk_items
        return self._results([("lines", (lines[i:i + step], self.locale))
                              for i in range(0, len(lines), step)])

    def _results(self, tasks: list[Task]) -> Iterator[PreparedChunk]:
        """The chunks in order. Workers take tasks from the front; when the next chunk is not
        back yet, this thread prepares the last task not yet handed out instead of waiting, so
        it is never idle: on a machine whose other cores are busy the workers add little, and
        this thread then does most of the work itself (as without them) rather than wait."""
        procs = self._acquire()  # empty: every chunk in this thread
        acquired = bool(procs)
        depth = BULK_CHUNKS_AHEAD * len(procs)  # chunks in flight (answered ones count too)
        pending: deque[int] = deque(range(len(tasks)))  # not handed out yet
        inflight: deque[tuple[int, WorkerProcess | None]] = deque()  # submitted, in order
        local: dict[int, PreparedChunk | BaseException] = {}  # prepared here ahead of their turn
        submitted = 0
        next_out = 0
        try:
            while next_out < len(tasks):
                while procs and pending and len(inflight) < depth:
                    index = pending.popleft()
                    proc: WorkerProcess | None = procs[submitted % len(procs)]
                    try:
                        proc.submit(*tasks[index])  # type: ignore[union-attr]
                        submitted += 1
                    except OSError as exc:  # the worker is gone: no more submissions
                        self._disable(f"worker {proc.pid} unreachable: {exc}")  # type: ignore[union-attr]
                        procs, proc = [], None
                    except Exception:  # noqa: BLE001 - this chunk cannot be pickled: do it here
                        proc = None
                    inflight.append((index, proc))
                if next_out in local:
                    done = local.pop(next_out)
                    if isinstance(done, BaseException):
                        raise done  # in its turn, as an in-order preparation would
                    chunk = done
                elif inflight and inflight[0][0] == next_out:
                    proc = inflight[0][1]
                    if proc is not None and pending and not proc.ready():
                        stolen = pending.pop()
                        try:
                            local[stolen] = _run_here(tasks[stolen])
                        except Exception as exc:  # noqa: BLE001 - raised when its turn comes
                            local[stolen] = exc
                        continue
                    inflight.popleft()
                    chunk = self._collect(proc, tasks[next_out])
                else:  # no workers (any more): in order, here
                    pending.popleft()
                    chunk = _run_here(tasks[next_out])
                next_out += 1
                yield chunk
        finally:
            # answers still owed (the writer stopped early) are read and dropped, so the next
            # bulk call starts on an empty pipe
            for _, owed in inflight:
                if owed is not None:
                    try:
                        owed.result()
                    except WorkerFailed:
                        pass
            if acquired:
                self._release()

    def _collect(self, proc: WorkerProcess | None, task: Task) -> PreparedChunk:
        if proc is None:
            return _run_here(task)
        try:
            return proc.result()
        except WorkerFailed as exc:
            if exc.died:
                self._disable(f"worker {proc.pid} failed: {exc}")
            else:
                log.debug("bulk chunk failed in worker %d (%s); preparing it here", proc.pid, exc)
            # in-process is the reference: its result, or its exception, is the answer
            return _run_here(task)

    # -- worker lifetime ------------------------------------------------------------------------

    def _acquire(self) -> list[WorkerProcess]:
        with self._lock:
            if self.disabled is not None or self._closed or self._in_use:
                return []  # a concurrent bulk call prepares in its own thread
            if self._idle_timer is not None:
                self._idle_timer.cancel()
                self._idle_timer = None
            if not self._procs:
                try:
                    self._procs = [WorkerProcess(niceness=_WORKER_NICENESS) for _ in range(self.workers)]
                except OSError as exc:  # cannot start processes here
                    self.disabled = f"worker start failed: {exc}"
                    log.warning("bulk ingest runs in-process: %s", self.disabled)
                    self._stop_locked()
                    return []
            self._in_use = True
            return list(self._procs)

    def _release(self) -> None:
        with self._lock:
            self._in_use = False
            if self._closed or not self._procs:
                return
            if self.disabled is not None or self.idle_shutdown_s <= 0:
                self._stop_locked()
                return
            timer = threading.Timer(self.idle_shutdown_s, self._idle_stop)
            timer.daemon = True
            self._idle_timer = timer
            timer.start()

    def _idle_stop(self) -> None:
        with self._lock:
            if not self._in_use and self._idle_timer is not None:
                self._idle_timer = None
                self._stop_locked()

    def _disable(self, reason: str) -> None:
        with self._lock:
            if self.disabled is None:
                self.disabled = reason
                log.warning("bulk ingest falls back to in-process: %s", reason)

    def _stop_locked(self) -> None:
        for proc in self._procs:
            proc.close()  # waits for the exit: ``worker_pids`` lists live processes only
        self._procs = []

    @property
    def worker_pids(self) -> list[int]:
        """Process ids of the running workers (tests, diagnostics)."""
        return [p.pid for p in self._procs]

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._idle_timer is not None:
                self._idle_timer.cancel()
                self._idle_timer = None
            self._stop_locked()
