"""An :class:`~.embedding.Embedder` over a network backend: batching, retries, breaker, ledger.

The embedding worker calls ``embed(texts)`` with its own micro-batch (64); the backend accepts
fewer per request (DashScope text-embedding-v3: 10), so the texts are split here, each request
retried under the shared policy, and one ledger row written per ``embed`` call. Rows are
re-normalised and checked for shape: a server returning the wrong dimension would silently
corrupt a vector space, so it is an :class:`InvalidResponse` instead.
"""

from __future__ import annotations

import random
import time
from typing import Callable, Sequence

import numpy as np

from .backend import EmbeddingBackend
from .chat import CircuitOpen, InvalidResponse, ProviderError
from .ledger import KIND_EMBED, OUTCOME_CIRCUIT_OPEN, OUTCOME_OK, CallLedger, CallRecord
from .resilience import BreakerRegistry, ResiliencePolicy, call_with_retries
from .router import outcome_of


class ResilientEmbedder:
    def __init__(self, backend: EmbeddingBackend, *, ledger: CallLedger | None = None,
                 breakers: BreakerRegistry | None = None, policy: ResiliencePolicy | None = None,
                 sleep: Callable[[float], None] = time.sleep,
                 rng: Callable[[], float] = random.random,
                 wall_clock: Callable[[], float] = time.time, trigger: str = "embedding") -> None:
        self.backend = backend
        self.dim = backend.dim
        #: the vector space id: provider, model and dimension (switching any re-embeds)
        self.model_id = f"{backend.name}:{backend.model}:{backend.dim}"
        self.uses_network = backend.uses_network
        self.ledger = ledger or CallLedger()
        self.policy = policy or ResiliencePolicy()
        self.breakers = breakers or BreakerRegistry(self.policy)
        self.trigger = trigger
        self._sleep = sleep
        self._rng = rng
        self._wall = wall_clock

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        breaker = self.breakers.get(self.backend.name)
        record = CallRecord(started_at=self._wall(), provider=self.backend.name, kind=KIND_EMBED,
                            model=self.backend.model, outcome=OUTCOME_OK, trigger=self.trigger,
                            attempts=0, network=self.uses_network, prompt_tokens=0)
        t0 = time.perf_counter()
        try:
            breaker.before_call()
        except CircuitOpen as exc:
            record.outcome, record.error, record.network = OUTCOME_CIRCUIT_OPEN, str(exc), False
            record.latency_ms = 0.0
            self.ledger.record(record)
            raise
        parts: list[np.ndarray] = []
        try:
            step = max(1, self.backend.batch_limit)
            for start in range(0, len(texts), step):
                batch = list(texts[start:start + step])
                (vectors, tokens), attempts = call_with_retries(
                    lambda timeout, b=batch: self.backend.embed_batch(b, timeout),
                    policy=self.policy, sleep=self._sleep, rng=self._rng)
                record.attempts += attempts
                record.prompt_tokens = (record.prompt_tokens or 0) + tokens
                if vectors.shape != (len(batch), self.dim):
                    raise InvalidResponse(
                        f"{self.backend.name} returned vectors of shape {vectors.shape}, expected "
                        f"({len(batch)}, {self.dim})", provider=self.backend.name)
                parts.append(vectors)
        except ProviderError as exc:
            record.attempts += int(getattr(exc, "attempts", 0))
            breaker.on_failure(exc)
            record.outcome, record.error = outcome_of(exc), f"{type(exc).__name__}: {exc}"
            record.latency_ms = (time.perf_counter() - t0) * 1000
            self.ledger.record(record)
            raise
        breaker.on_success()
        record.latency_ms = (time.perf_counter() - t0) * 1000
        self.ledger.record(record)
        out = np.vstack(parts).astype(np.float32, copy=False)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms > 0, norms, 1.0)
