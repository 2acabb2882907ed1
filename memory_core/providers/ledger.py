"""The provider call ledger: one record per chat or embedding call, for the GUI's cost and
privacy view (``provider_calls`` in migration 0001).

The router and the resilient embedder build a :class:`CallRecord` for every call — success,
failure or refusal by the breaker — and hand it to a :class:`CallLedger`, which fans it out to
its recorders: an in-memory ring (always there, so ``providers status`` works before any
database is attached) and, once the engine calls ``ProviderSet.attach_recorder(db)``, the
database table. A failing recorder is logged and skipped: the ledger must never turn a
successful model call into a failure.

Error texts pass through :func:`memory_core.providers.secrets.redact` so an API key echoed by a
server can never reach the table.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from .secrets import redact

log = logging.getLogger(__name__)

#: ``provider_calls.outcome`` vocabulary (0001 lists the first five; the breaker adds one).
OUTCOME_OK = "ok"
OUTCOME_ERROR = "error"
OUTCOME_TIMEOUT = "timeout"
OUTCOME_RATE_LIMITED = "rate_limited"
OUTCOME_INVALID = "invalid"
OUTCOME_CIRCUIT_OPEN = "circuit_open"

KIND_CHAT = "chat"
KIND_EMBED = "embed"

_ERROR_MAX_CHARS = 300


@dataclass(slots=True)
class CallRecord:
    """One row of ``provider_calls`` (``call_id`` is assigned by the table)."""

    started_at: float  # wall-clock seconds (what the GUI shows)
    provider: str
    kind: str  # chat | embed
    model: str
    outcome: str
    tier: str | None = None
    trigger: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    latency_ms: float | None = None
    attempts: int = 1
    error: str | None = None
    network: bool = True

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class CallRecorder(Protocol):
    def record(self, rec: CallRecord) -> None: ...


class MemoryRecorder:
    """The last ``maxlen`` calls, in memory (CLI status, tests, a GUI without a database)."""

    def __init__(self, maxlen: int = 500) -> None:
        self._calls: deque[CallRecord] = deque(maxlen=maxlen)
        self._lock = threading.Lock()

    def record(self, rec: CallRecord) -> None:
        with self._lock:
            self._calls.append(rec)

    def calls(self) -> list[CallRecord]:
        with self._lock:
            return list(self._calls)


_INSERT = """
INSERT INTO provider_calls (started_at, provider, kind, tier, model, trigger, prompt_tokens,
                            completion_tokens, latency_ms, attempts, outcome, error, network)
VALUES (:started_at, :provider, :kind, :tier, :model, :trigger, :prompt_tokens,
        :completion_tokens, :latency_ms, :attempts, :outcome, :error, :network)
"""


class DbCallRecorder:
    """Writes each record into ``provider_calls`` through the single writer.

    Provider calls run outside write transactions (the L1 write never waits for a model), so
    this short insert only queues behind other writers; it never holds a transaction open
    across a network call.
    """

    def __init__(self, db: Any) -> None:
        self.db = db

    def record(self, rec: CallRecord) -> None:
        row = rec.to_json()
        row["network"] = 1 if rec.network else 0
        with self.db.write() as conn:
            conn.execute(_INSERT, row)


class CallLedger:
    """Fans records out to every attached recorder; keeps an in-memory ring of its own."""

    def __init__(self) -> None:
        self.memory = MemoryRecorder()
        self._recorders: list[CallRecorder] = [self.memory]
        self._lock = threading.Lock()

    def attach(self, recorder: CallRecorder) -> None:
        with self._lock:
            if recorder not in self._recorders:
                self._recorders.append(recorder)

    def detach(self, recorder: CallRecorder) -> None:
        with self._lock:
            if recorder in self._recorders:
                self._recorders.remove(recorder)

    def record(self, rec: CallRecord) -> None:
        if rec.error:
            rec.error = redact(rec.error)[:_ERROR_MAX_CHARS]
        with self._lock:
            recorders = list(self._recorders)
        for recorder in recorders:
            try:
                recorder.record(rec)
            except Exception:  # noqa: BLE001 - the ledger never breaks a call
                log.warning("provider call recorder %r failed", type(recorder).__name__,
                            exc_info=True)

    def recent(self) -> list[CallRecord]:
        return self.memory.calls()
