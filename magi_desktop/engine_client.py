"""The UI process's view of the engine: local read connections, everything else by request.

``EngineClient`` looks enough like ``MemoryEngine`` that panels are written against one API:

* ``db`` is a local :class:`~memory_core.db.connection.Database` on the same file: panels read
  through ``db.reader()`` on their reader threads (WAL: no lock with the engine process);
* ``ingest_payloads``, ``preview_delete``, ``delete_events``, ``stats`` … are forwarded to the
  engine process and block the *calling* thread (always a reader or job thread, never the UI);
* ``await query(...)`` / ``ingest`` / ``delete`` / ``preview`` / ``drain`` do the same from the
  host's asyncio loop;
* ``components["l2"].deny_assertion(...)``, ``retrieval.explain_missing(...)`` go through
  :class:`ComponentProxy`, which exposes exactly the methods the real object has, so
  ``getattr(service, "deny_assertion", None)`` answers truthfully;
* ``providers`` is a snapshot of the provider set (tier availability, embedder, notes).
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import threading
from concurrent.futures import Future
from typing import Any, Sequence

from memory_core.clock import FakeClock, SystemClock
from memory_core.config import MemoryConfig
from memory_core.db.connection import Database

from .engine_server import EngineSpec


class EngineProcessError(RuntimeError):
    """The engine process is gone (crashed or stopped) while a request was pending."""


class RpcClient:
    def __init__(self, conn: Any) -> None:
        self._conn = conn
        self._send_lock = threading.Lock()
        self._ids = itertools.count(1)
        self._pending: dict[int, Future] = {}
        self._lock = threading.Lock()
        self.closed = threading.Event()
        self._reader = threading.Thread(target=self._read_loop, name="magi-rpc-reader", daemon=True)

    def start(self) -> None:
        self._reader.start()

    def _read_loop(self) -> None:
        from .engine_host import lower_thread_priority

        lower_thread_priority()
        while True:
            try:
                msg = self._conn.recv()
            except (EOFError, OSError):
                break
            if msg and msg[0] == "stopped":
                break
            rid, ok, value = msg
            with self._lock:
                fut = self._pending.pop(rid, None)
            if fut is None:
                continue
            if ok:
                fut.set_result(value)
            else:
                fut.set_exception(value if isinstance(value, BaseException) else RuntimeError(str(value)))
        self.closed.set()
        with self._lock:
            pending, self._pending = self._pending, {}
        for fut in pending.values():
            fut.set_exception(EngineProcessError("the engine process ended"))

    def submit(self, method: str, *args: Any, **kwargs: Any) -> Future:
        fut: Future = Future()
        if self.closed.is_set():
            fut.set_exception(EngineProcessError("the engine process ended"))
            return fut
        rid = next(self._ids)
        with self._lock:
            self._pending[rid] = fut
        try:
            with self._send_lock:
                self._conn.send((rid, method, args, kwargs))
        except (OSError, EOFError, BrokenPipeError) as exc:
            with self._lock:
                self._pending.pop(rid, None)
            fut.set_exception(EngineProcessError(f"the engine process is gone: {exc}"))
        return fut

    def call(self, method: str, *args: Any, timeout: float | None = None, **kwargs: Any) -> Any:
        return self.submit(method, *args, **kwargs).result(timeout)

    def stop(self) -> None:
        try:
            with self._send_lock:
                self._conn.send(("stop",))
        except (OSError, EOFError, BrokenPipeError):
            pass


class ComponentProxy:
    """A layer service in the engine process; only its real public methods are reachable."""

    def __init__(self, rpc: RpcClient, prefix: str, methods: Sequence[str]) -> None:
        self._rpc = rpc
        self._prefix = prefix
        self._methods = frozenset(methods)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name not in self._methods:
            raise AttributeError(name)
        return functools.partial(self._rpc.call, f"{self._prefix}.{name}")

    def __repr__(self) -> str:
        return f"ComponentProxy({self._prefix!r})"


class _ChatView:
    def __init__(self, available: dict[str, bool]) -> None:
        self._available = available

    def available(self, tier: Any) -> bool:
        return bool(self._available.get(getattr(tier, "value", str(tier)), False))


class _EmbedderView:
    def __init__(self, snap: dict[str, Any]) -> None:
        self.model_id = snap["embedder_model_id"]
        self.dim = snap["embedder_dim"]
        self.uses_network = snap["embedder_uses_network"]


class ProvidersView:
    """A snapshot of ``engine.providers`` (refreshed by :meth:`EngineClient.refresh_info`)."""

    def __init__(self, snap: dict[str, Any]) -> None:
        self.snapshot = snap
        self.chat = _ChatView(snap["chat_available"])
        self.embedder = _EmbedderView(snap)
        self.notes = snap["notes"]
        self.chat_provider = snap["chat_provider"]
        self.embedding_provider = snap["embedding_provider"]
        self._uses_network = snap["uses_network"]

    def uses_network(self) -> bool:
        return self._uses_network


class EngineClient:
    def __init__(self, rpc: RpcClient, spec: EngineSpec, info: dict[str, Any]) -> None:
        self.rpc = rpc
        self.spec = spec
        self.db = Database(spec.db_path)
        self.clock = FakeClock(spec.clock_start) if spec.clock_start is not None else SystemClock()
        self.config = MemoryConfig.from_json(spec.config) if spec.config else MemoryConfig.load()
        self._apply_info(info)

    def _apply_info(self, info: dict[str, Any]) -> None:
        self.info = info
        self.components = {name: ComponentProxy(self.rpc, f"components.{name}", methods)
                           for name, methods in info["components"].items()}
        self.retrieval = (ComponentProxy(self.rpc, "retrieval", info["retrieval"])
                          if info["retrieval"] is not None else None)
        self.providers = ProvidersView(info["providers"])
        self._capture = bool(info["capture_enabled"])
        self.workers = list(info["workers"])

    def refresh_info(self) -> None:
        self._apply_info(self.rpc.call("info"))

    # -- capture -------------------------------------------------------------------------------

    @property
    def capture_enabled(self) -> bool:
        return self._capture

    @capture_enabled.setter
    def capture_enabled(self, value: bool) -> None:
        self._capture = bool(value)
        self.rpc.submit("set_capture", bool(value))  # ordered before any later request

    # -- synchronous API (call from a worker thread) -------------------------------------------

    def ingest_payloads(self, payloads: Sequence[Any]) -> Any:
        return self.rpc.call("ingest_payloads", list(payloads))

    def ingest_jsonl(self, path: str) -> Any:
        return self.rpc.call("ingest_jsonl", str(path))

    def preview_delete(self, event_ids: Sequence[str]) -> Any:
        return self.rpc.call("preview_delete", list(event_ids))

    def delete_events(self, event_ids: Sequence[str]) -> Any:
        return self.rpc.call("delete_events", list(event_ids))

    def get_event(self, event_id: str) -> Any:
        return self.rpc.call("get_event", event_id)

    def list_events(self, **filters: Any) -> Any:
        return self.rpc.call("list_events", **filters)

    def stats(self) -> dict[str, Any]:
        return self.rpc.call("stats")

    def run_until_idle(self, max_rounds: int = 10_000) -> dict[str, int]:
        return self.rpc.call("drain", max_rounds)

    def ask_agent(self, session_id: str | None, text: str, query_mode: str | None = None) -> Any:
        return self.rpc.call("ask_agent", session_id, text, query_mode)

    def query_sync(self, query: str, query_mode: str | None = None, **kwargs: Any) -> Any:
        return self.rpc.call("query", query, query_mode, **kwargs)

    # -- asynchronous API (from the host's asyncio loop) ---------------------------------------

    async def _acall(self, method: str, *args: Any, **kwargs: Any) -> Any:
        return await asyncio.wrap_future(self.rpc.submit(method, *args, **kwargs))

    async def query(self, query: str, query_mode: str | None = None, **kwargs: Any) -> Any:
        return await self._acall("query", query, query_mode, **kwargs)

    async def ingest(self, payload: Any) -> Any:
        payloads = payload if isinstance(payload, list) else [payload]
        return await self._acall("ingest_payloads", payloads)

    async def delete(self, event_ids: Sequence[str]) -> Any:
        return await self._acall("delete_events", list(event_ids))

    async def preview(self, event_ids: Sequence[str]) -> Any:
        return await self._acall("preview_delete", list(event_ids))

    async def drain(self, max_rounds: int = 10_000) -> Any:
        return await self._acall("drain", max_rounds)

    async def stats_async(self) -> Any:
        return await self._acall("stats")

    async def ask(self, session_id: str | None, text: str, query_mode: str | None = None) -> Any:
        return await self._acall("ask_agent", session_id, text, query_mode)

    def close(self) -> None:
        self.db.close()
