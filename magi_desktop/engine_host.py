"""``EngineHost``: the memory engine in its own process, reachable from the UI without blocking.

The engine and all its workers run in a child process (``engine_server.serve``; why a process
and not a thread is explained there: the GIL). The host, created on the UI thread, owns:

* the child process and the request pipe (``RpcClient``);
* ``engine``: an :class:`~.engine_client.EngineClient` — local read connections plus forwarded
  calls — which panels use exactly like a ``MemoryEngine``;
* a small reader pool: ``host.call(fn, ..., on_done=...)`` runs ``fn`` off the UI thread and
  delivers the result on the UI thread through a queued Qt signal;
* an asyncio loop on a thread of its own: ``host.submit(lambda engine: engine.query(...))``
  schedules a coroutine there (``asyncio.run_coroutine_threadsafe``) and returns a
  ``concurrent.futures.Future``; ``await host.run(...)`` wraps that for the qasync loop.

A callback whose receiver widget was destroyed meanwhile is dropped, not called. Changes made
by the engine's own background work (L2 projection, summaries) are noticed by polling SQLite's
``PRAGMA data_version`` on a reader and announced as ``memory_changed("background")``.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Awaitable, Callable

import shiboken6
from PySide6.QtCore import QObject, QTimer, Signal, Slot

from .engine_client import EngineClient, RpcClient
from .engine_server import EngineSpec, serve

log = logging.getLogger(__name__)

Callback = Callable[[Any], None]
BACKGROUND_POLL_MS = 1500


class _Dispatcher(QObject):
    """Lives on the UI thread; a signal emitted from any thread runs the callback there."""

    deliver = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.deliver.connect(self._run)

    @Slot(object)
    def _run(self, thunk: Callable[[], None]) -> None:
        try:
            thunk()
        except Exception:  # noqa: BLE001 - a broken callback must not kill the event loop
            log.exception("UI callback failed")


class EngineHost(QObject):
    """Owns the engine process and the UI side of the conversation with it."""

    ready = Signal()
    failed = Signal(str)
    #: something changed in memory ("events", "deleted", "imported", "background", ...)
    memory_changed = Signal(str)
    stopped = Signal()

    def __init__(self, spec: EngineSpec, *, reader_threads: int = 2, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # A GUI process: when a reader thread holds the GIL, the UI thread waits at most one
        # switch interval for it; 2 ms instead of CPython's 5 ms keeps a repaint's many short
        # Python callbacks from queueing behind a background query.
        if sys.getswitchinterval() > 0.002:
            sys.setswitchinterval(0.002)
        self.spec = spec
        self._dispatcher = _Dispatcher()
        self._readers = ThreadPoolExecutor(max_workers=reader_threads, thread_name_prefix="magi-ui-read",
                                           initializer=lower_thread_priority)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._process: Any = None
        self._rpc: RpcClient | None = None
        self._ready = threading.Event()
        self._done = threading.Event()
        self.engine: EngineClient | None = None
        self.error: str | None = None
        self._data_versions: dict[int, int] = {}
        self._poll = QTimer(self)
        self._poll.setInterval(BACKGROUND_POLL_MS)
        self._poll.timeout.connect(self._poll_background)
        self.ready.connect(self._poll.start)

    # -- life cycle ----------------------------------------------------------------------------

    def start(self) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._thread_main, name="magi-engine-host", daemon=True)
        self._thread.start()

    def _thread_main(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        try:
            self._open()
        except Exception as exc:  # noqa: BLE001 - reported to the UI, never silently lost
            log.exception("engine process failed to start")
            self.error = f"{type(exc).__name__}: {exc}"
            self._ready.set()
            self._emit(lambda: self.failed.emit(self.error or "engine failed"))
            loop.close()
            self._done.set()
            return
        self._ready.set()
        self._emit(self.ready.emit)
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()
            self._done.set()
            self._emit(self.stopped.emit)

    def _open(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        parent_conn, child_conn = ctx.Pipe(duplex=True)
        self._process = ctx.Process(target=serve, args=(child_conn, self.spec), name="magi-engine",
                                    daemon=True)
        self._process.start()
        child_conn.close()
        while not parent_conn.poll(0.2):
            if not self._process.is_alive():
                raise RuntimeError(f"the engine process exited with code {self._process.exitcode}")
        msg = parent_conn.recv()
        if msg[0] != "ready":
            raise RuntimeError(str(msg[1]).strip().splitlines()[0] if len(msg) > 1 else "engine failed")
        self._rpc = RpcClient(parent_conn)
        self._rpc.start()
        self.engine = EngineClient(self._rpc, self.spec, msg[1])

    def wait_ready(self, timeout: float = 60.0) -> EngineClient:
        """Block until the engine is open (tests and tools; never call it on the UI thread)."""
        if not self._ready.wait(timeout):
            raise TimeoutError("the engine did not open in time")
        if self.engine is None:
            raise RuntimeError(self.error or "the engine failed to open")
        return self.engine

    @property
    def is_ready(self) -> bool:
        return self._ready.is_set() and self.engine is not None and not self._done.is_set()

    def stop(self, timeout: float = 60.0) -> None:
        """Stop the engine process (workers finish their step, the database closes cleanly)."""
        self._poll.stop()
        if self._rpc is not None:
            self._rpc.stop()
            self._rpc.closed.wait(timeout)
        if self._process is not None:
            self._process.join(timeout)
            if self._process.is_alive():
                log.warning("engine process did not stop in %.0f s: terminating it", timeout)
                self._process.terminate()
                self._process.join(5)
        self._readers.shutdown(wait=True, cancel_futures=True)
        if self.engine is not None:
            self.engine.close()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(loop.stop)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout)

    # -- calls ---------------------------------------------------------------------------------

    def _emit(self, thunk: Callable[[], None]) -> None:
        try:
            self._dispatcher.deliver.emit(thunk)
        except RuntimeError:  # the dispatcher was destroyed at shutdown
            pass

    def _deliver(self, future: Future, on_done: Callback | None, on_error: Callback | None,
                 receiver: QObject | None) -> None:
        def thunk() -> None:
            if receiver is not None and not shiboken6.isValid(receiver):
                return
            if future.cancelled():
                return
            exc = future.exception()
            if exc is not None:
                if on_error is not None:
                    on_error(exc)
                else:
                    log.error("background call failed: %s", exc, exc_info=exc)
            elif on_done is not None:
                on_done(future.result())

        self._emit(thunk)

    def call(self, fn: Callable[..., Any], *args: Any, on_done: Callback | None = None,
             on_error: Callback | None = None, receiver: QObject | None = None, **kwargs: Any) -> Future:
        """Run ``fn(*args, **kwargs)`` off the UI thread; deliver its result on the UI thread."""
        future = self._readers.submit(fn, *args, **kwargs)
        future.add_done_callback(lambda f: self._deliver(f, on_done, on_error, receiver))
        return future

    def submit(self, coro_fn: Callable[[EngineClient], Awaitable[Any]], *,
               on_done: Callback | None = None, on_error: Callback | None = None,
               receiver: QObject | None = None) -> Future:
        """Schedule ``coro_fn(engine)`` on the host loop."""
        if self._loop is None or self.engine is None:
            raise RuntimeError("the engine is not running")
        engine = self.engine
        future = asyncio.run_coroutine_threadsafe(_as_coroutine(coro_fn(engine)), self._loop)
        if on_done is not None or on_error is not None:
            future.add_done_callback(lambda f: self._deliver(f, on_done, on_error, receiver))
        return future

    async def run(self, coro_fn: Callable[[EngineClient], Awaitable[Any]]) -> Any:
        """``await`` a coroutine on the host loop from the qasync (UI) loop."""
        return await asyncio.wrap_future(self.submit(coro_fn))

    def notify_changed(self, what: str) -> None:
        self._emit(lambda: self.memory_changed.emit(what))

    def _poll_background(self) -> None:
        if not self.is_ready:
            return

        def version() -> tuple[int, int]:
            # data_version is per connection: compare each reader thread with its own last value
            return (threading.get_ident(),
                    int(self.engine.db.reader().execute("PRAGMA data_version").fetchone()[0]))

        def seen(tv: tuple[int, int]) -> None:
            tid, v = tv
            last = self._data_versions.get(tid)
            if last is not None and v != last:
                self.memory_changed.emit("background")
            self._data_versions[tid] = v

        self.call(version, on_done=seen, receiver=self)


def lower_thread_priority(niceness: int = 5) -> None:
    """Reader threads yield the CPU to the UI thread (Linux: per-thread nice; elsewhere a no-op).

    On two cores, a reload's SQL scans on two reader threads plus the engine process can keep
    both cores busy; the UI thread then waits for a core, which is a visible stall.
    """
    if sys.platform.startswith("linux") and hasattr(os, "setpriority"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), niceness)
        except OSError:
            pass


async def _as_coroutine(awaitable: Awaitable[Any]) -> Any:
    return await awaitable
