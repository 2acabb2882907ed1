"""``EngineHost``: the memory engine on its own thread, reachable from the UI without blocking.

Why a dedicated thread with its own asyncio loop (and not the qasync loop): the engine's
background workers are asyncio tasks that hop onto a thread pool for every SQLite step. On the
qasync loop each of those hops would wake the Qt event loop; a long ingest, a re-embedding or a
slow provider call would then compete with painting. On a private loop the UI thread only ever
receives *results*.

Two ways in, both non-blocking:

* ``host.call(fn, *args, on_done=..., on_error=...)`` runs a plain function on the host's small
  reader pool (every thread gets its own ``db.reader()`` connection) and delivers the result on
  the UI thread through a queued Qt signal. Panels use it for every read.
* ``host.submit(coro_fn)`` schedules a coroutine on the engine loop
  (``asyncio.run_coroutine_threadsafe``) and returns a ``concurrent.futures.Future``;
  ``await host.run(coro_fn)`` wraps it for the qasync loop.

A callback whose receiver widget was destroyed meanwhile is dropped, not called.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Awaitable, Callable

import shiboken6
from PySide6.QtCore import QObject, Signal, Slot

from memory_core.engine import MemoryEngine

log = logging.getLogger(__name__)

EngineFactory = Callable[[], MemoryEngine]
Callback = Callable[[Any], None]


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
    """Owns the engine thread, its loop and the engine. Create it on the UI thread."""

    ready = Signal()
    failed = Signal(str)
    #: something changed in memory ("events", "deleted", "imported", "settings", ...): panels reload
    memory_changed = Signal(str)
    stopped = Signal()

    def __init__(self, factory: EngineFactory, *, start_workers: bool = True,
                 reader_threads: int = 2, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._factory = factory
        self._start_workers = start_workers
        self._dispatcher = _Dispatcher()
        self._readers = ThreadPoolExecutor(max_workers=reader_threads, thread_name_prefix="magi-ui-read")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._done = threading.Event()
        self._stop_requested: asyncio.Event | None = None
        self.engine: MemoryEngine | None = None
        self.error: str | None = None

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
            loop.run_until_complete(self._serve())
        except Exception as exc:  # noqa: BLE001 - reported to the UI, never silently lost
            log.exception("engine host failed")
            self.error = f"{type(exc).__name__}: {exc}"
            self._ready.set()
            self._emit(lambda: self.failed.emit(self.error or "engine failed"))
        finally:
            try:
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()
                self._done.set()
                self._emit(self.stopped.emit)

    async def _serve(self) -> None:
        self._stop_requested = asyncio.Event()
        engine = await asyncio.get_running_loop().run_in_executor(None, self._factory)
        self.engine = engine
        try:
            if self._start_workers:
                await engine.start()
            self._ready.set()
            self._emit(self.ready.emit)
            await self._stop_requested.wait()
        finally:
            if self._start_workers:
                await engine.stop()
            await asyncio.get_running_loop().run_in_executor(None, engine.close)

    def wait_ready(self, timeout: float = 30.0) -> MemoryEngine:
        """Block until the engine is open (tests and the CLI; never call it on the UI thread)."""
        if not self._ready.wait(timeout):
            raise TimeoutError("the engine did not open in time")
        if self.engine is None:
            raise RuntimeError(self.error or "the engine failed to open")
        return self.engine

    @property
    def is_ready(self) -> bool:
        return self._ready.is_set() and self.engine is not None and not self._done.is_set()

    def stop(self, timeout: float = 30.0) -> None:
        """Stop workers, close the engine, end the thread (waits: call at quit time)."""
        loop, ev = self._loop, self._stop_requested
        if loop is not None and ev is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(ev.set)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout)
        self._readers.shutdown(wait=True, cancel_futures=True)

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

    def submit(self, coro_fn: Callable[[MemoryEngine], Awaitable[Any]], *,
               on_done: Callback | None = None, on_error: Callback | None = None,
               receiver: QObject | None = None) -> Future:
        """Schedule ``coro_fn(engine)`` on the engine loop."""
        if self._loop is None or self.engine is None:
            raise RuntimeError("the engine is not running")
        engine = self.engine
        future = asyncio.run_coroutine_threadsafe(_as_coroutine(coro_fn(engine)), self._loop)
        if on_done is not None or on_error is not None:
            future.add_done_callback(lambda f: self._deliver(f, on_done, on_error, receiver))
        return future

    async def run(self, coro_fn: Callable[[MemoryEngine], Awaitable[Any]]) -> Any:
        """``await`` a coroutine on the engine loop from the qasync (UI) loop."""
        return await asyncio.wrap_future(self.submit(coro_fn))

    def notify_changed(self, what: str) -> None:
        self._emit(lambda: self.memory_changed.emit(what))


async def _as_coroutine(awaitable: Awaitable[Any]) -> Any:
    return await awaitable
