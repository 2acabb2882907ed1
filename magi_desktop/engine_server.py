"""The engine process: the memory engine and all its workers, served to the UI over a pipe.

Why a separate process and not a thread: measured on this project's 2-core target, the engine's
background work (L2 projection, embedding, the ingest hooks) holds the GIL for 45–60 ms at a time
in C calls, and with several workers running a thread-hosted engine stalled the UI thread for
up to ~440 ms. In its own process the engine can use a core fully and the UI thread is never
descheduled by it; the UI process keeps its own read-only connections for the panels (SQLite
WAL serves readers in other processes) and asks the engine for everything else.

Protocol (``multiprocessing.connection``, pickled tuples):

* child → parent, once: ``("ready", info)`` or ``("failed", error_text)``;
* parent → child: ``(request_id, method, args, kwargs)`` or ``("stop",)``;
* child → parent: ``(request_id, ok, result_or_exception)``.

``method`` is a dotted path on the engine (``"delete_events"``, ``"components.l2.deny_assertion"``,
``"retrieval.explain_missing"``) or one of the helpers in :data:`HELPERS`; names starting with
``_`` are refused. Requests run concurrently on a small pool, so a slow query does not hold up
a delete preview.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
import pickle
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class EngineSpec:
    """Everything the child needs to build the engine (picklable: no closures, no objects)."""

    db_path: str
    config: dict[str, Any] = field(default_factory=dict)  # MemoryConfig.to_json()
    #: a fixed clock (tests, screenshots); None = the system clock
    clock_start: float | None = None
    layers: tuple[str, ...] | None = None
    start_workers: bool = True
    #: workers that are paused from the start (e.g. "embedding" in tests)
    paused_workers: tuple[str, ...] = ()
    #: activate the network guard in the engine process (the offline switch)
    offline_guard: bool = False
    log_level: int = logging.WARNING
    #: scheduling niceness of the engine process (POSIX); 0 = as the UI
    nice: int = 10

    def build(self) -> Any:
        from memory_core.clock import FakeClock, SystemClock
        from memory_core.config import MemoryConfig
        from memory_core.engine import MemoryEngine, WorkerStatus

        config = MemoryConfig.from_json(self.config) if self.config else MemoryConfig.load()
        if self.config.get("data_dir"):
            config.data_dir = Path(self.config["data_dir"])
        clock = FakeClock(self.clock_start) if self.clock_start is not None else SystemClock()
        engine = MemoryEngine(self.db_path, config=config, clock=clock, layers=self.layers)
        for name in self.paused_workers:
            engine.worker_status[name] = WorkerStatus(name, paused=True)
        return engine


def _public_methods(obj: Any) -> list[str]:
    out = []
    for name in dir(obj):
        if name.startswith("_"):
            continue
        try:
            value = getattr(type(obj), name, None)
        except Exception:  # noqa: BLE001
            continue
        if callable(value) or inspect.ismethod(getattr(obj, name, None)):
            out.append(name)
    return sorted(out)


def providers_snapshot(engine: Any) -> dict[str, Any]:
    """What the UI shows about providers (availability per tier, embedder, notes; never keys)."""
    from memory_core.policy import Tier

    p = engine.providers
    chat = getattr(p, "chat", None)
    avail: dict[str, bool] = {}
    for tier in Tier:
        try:
            avail[tier.value] = bool(chat is not None and chat.available(tier))
        except Exception:  # noqa: BLE001 - a broken router is an offline router
            avail[tier.value] = False
    emb = getattr(p, "embedder", None)
    uses_network = getattr(p, "uses_network", None)
    try:
        net = uses_network() if callable(uses_network) else None
    except Exception:  # noqa: BLE001
        net = None
    if net is None:
        net = bool(getattr(emb, "uses_network", False)) or any(avail.values())
    return {"chat_available": avail, "embedder_model_id": getattr(emb, "model_id", "?"),
            "embedder_dim": getattr(emb, "dim", 0), "embedder_uses_network": bool(getattr(emb, "uses_network", False)),
            "uses_network": bool(net), "notes": list(getattr(p, "notes", []) or []),
            "chat_provider": getattr(p, "chat_provider", "offline"),
            "embedding_provider": getattr(p, "embedding_provider", "offline")}


def engine_info(engine: Any) -> dict[str, Any]:
    retrieval = getattr(engine, "retrieval", None)
    return {"components": {name: _public_methods(obj) for name, obj in engine.components.items()},
            "retrieval": _public_methods(retrieval) if retrieval is not None else None,
            "providers": providers_snapshot(engine), "capture_enabled": engine.capture_enabled,
            "space_id": engine.l1.space_id, "workers": [w.name for w in engine.workers]}


class _Server:
    def __init__(self, engine: Any, spec: EngineSpec) -> None:
        self.engine = engine
        self.spec = spec
        self.agents: dict[str, Any] = {}
        self.guard: Any = None
        self.agents_lock = threading.Lock()

    # -- helpers the UI calls by name ------------------------------------------------------------

    def set_capture(self, enabled: bool) -> bool:
        self.engine.capture_enabled = bool(enabled)
        return self.engine.capture_enabled

    def info(self) -> dict[str, Any]:
        return engine_info(self.engine)

    def ask_agent(self, session_id: str | None, text: str, query_mode: str | None = None) -> Any:
        from .agent import ChatAgent

        with self.agents_lock:
            agent = self.agents.get(session_id or "")
            if agent is None:
                agent = ChatAgent(self.engine, session_id=session_id)
                self.agents[agent.session_id] = agent
                self.agents[session_id or ""] = agent
        return asyncio.run(agent.ask(text, query_mode=query_mode))

    def query(self, query: str, query_mode: str | None = None, **kwargs: Any) -> Any:
        if self.engine.retrieval is None:
            raise RuntimeError("retrieval is not installed")
        from .answer_template import package_dict

        # plain data with the trace: the UI shows it and pickling stays independent of classes
        return package_dict(self.engine.retrieval.query(query, query_mode, **kwargs))

    def explain_missing(self, query: str, event_id: str, **kwargs: Any) -> Any:
        """Why did ``query`` not return ``event_id``? (the retrieval layer's explain_missing)."""
        retrieval = self.engine.retrieval
        fn = getattr(retrieval, "explain_missing", None)
        if callable(fn):
            return fn(query, event_id, **kwargs)
        import importlib

        for mod_name in ("memory_core.retrieval.explain", "memory_core.retrieval.why_not"):
            try:
                mod = importlib.import_module(mod_name)
            except ModuleNotFoundError:
                continue
            fn = getattr(mod, "explain_missing", None)
            if callable(fn):
                return fn(self.engine, query, event_id, **kwargs)
        raise NotImplementedError("the retrieval layer offers no explain_missing()")

    def network_attempts(self) -> list[str]:
        """Off-machine connections the engine process's offline guard refused (none, we hope)."""
        return list(self.guard.blocked) if self.guard is not None else []

    def run_worker(self, name: str) -> int:
        """One step of one worker, on request (re-embedding with progress), paused or not."""
        for w in self.engine.workers:
            if w.name == name:
                return int(w.run_once())
        raise KeyError(f"no worker {name!r}")

    def reembed_enqueue(self) -> int:
        """Queue every event for (re-)embedding in the active space; returns how many."""
        engine = self.engine
        ids = [r[0] for r in engine.db.reader().execute("SELECT event_id FROM fact_events")]
        for i in range(0, len(ids), 5000):
            with engine.db.write() as conn:
                engine.embedding_worker.enqueue(conn, "event", ids[i:i + 5000])
        engine.notify_workers()
        return len(ids)

    def drain(self, max_rounds: int = 10_000) -> dict[str, int]:
        return self.engine.run_until_idle(max_rounds)

    def dispatch(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        if any(part.startswith("_") for part in name.split(".")):
            raise PermissionError(f"{name}: private names are not served")
        helper = getattr(self, name, None) if "." not in name else None
        if helper is not None and name in HELPERS:
            return helper(*args, **kwargs)
        target: Any = self.engine
        parts = name.split(".")
        if parts[0] == "components" and len(parts) >= 3:
            target = self.engine.components[parts[1]]
            parts = parts[2:]
        for part in parts:
            target = getattr(target, part)
        result = target(*args, **kwargs) if callable(target) else target
        if inspect.isawaitable(result):
            result = asyncio.run(_await(result))
        return result


HELPERS = frozenset({"set_capture", "info", "ask_agent", "query", "explain_missing", "run_worker",
                     "reembed_enqueue", "drain", "network_attempts"})


async def _await(aw: Any) -> Any:
    return await aw


def _picklable_error(exc: BaseException) -> BaseException:
    try:
        pickle.dumps(exc)
        return exc
    except Exception:  # noqa: BLE001
        return RuntimeError(f"{type(exc).__name__}: {exc}")


def serve(conn: Any, spec: EngineSpec) -> None:
    """Child process main: build the engine, start its workers, answer requests until stop."""
    logging.basicConfig(level=spec.log_level, format="%(levelname)s engine %(name)s: %(message)s")
    if spec.nice and hasattr(os, "nice"):
        # background work yields the CPU to the UI: on two cores an un-niced engine busy with
        # L2 projection and embeddings can deschedule the UI thread for 100+ ms
        try:
            os.nice(spec.nice)
        except OSError:
            pass
    guard = None
    if spec.offline_guard:
        from .network_guard import NetworkGuard

        guard = NetworkGuard().activate()
    try:
        engine = spec.build()
    except BaseException as exc:  # noqa: BLE001 - reported to the UI
        conn.send(("failed", f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"))
        return
    loop = asyncio.new_event_loop()
    loop_thread = threading.Thread(target=loop.run_forever, name="magi-engine-loop", daemon=True)
    loop_thread.start()
    if spec.start_workers:
        asyncio.run_coroutine_threadsafe(engine.start(), loop).result()
    server = _Server(engine, spec)
    server.guard = guard
    send_lock = threading.Lock()

    def reply(message: tuple[Any, ...]) -> None:
        with send_lock:
            try:
                conn.send(message)
            except (OSError, EOFError, BrokenPipeError):
                pass
            except Exception as exc:  # noqa: BLE001 - an unpicklable result: say so instead
                conn.send((message[0], False, RuntimeError(f"result not transferable: {exc}")))

    def handle(rid: int, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        try:
            reply((rid, True, server.dispatch(name, args, kwargs)))
        except BaseException as exc:  # noqa: BLE001 - every failure goes back to the caller
            log.debug("request %s failed", name, exc_info=True)
            reply((rid, False, _picklable_error(exc)))

    reply(("ready", engine_info(engine)))
    pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="magi-rpc")
    try:
        while True:
            try:
                msg = conn.recv()
            except (EOFError, OSError):
                break  # the UI process is gone
            if msg and msg[0] == "stop":
                break
            rid, name, args, kwargs = msg
            pool.submit(handle, rid, name, args, kwargs)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        if spec.start_workers:
            try:
                asyncio.run_coroutine_threadsafe(engine.stop(), loop).result(60)
            except Exception:  # noqa: BLE001
                log.exception("stopping workers failed")
        loop.call_soon_threadsafe(loop.stop)
        loop_thread.join(10)
        engine.close()
        if guard is not None:
            guard.deactivate()
        with send_lock:
            try:
                conn.send(("stopped",))
            except Exception:  # noqa: BLE001
                pass


Call = Callable[..., Any]
