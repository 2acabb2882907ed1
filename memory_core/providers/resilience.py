"""Timeouts, retries with backoff and jitter, Retry-After, and the per-provider circuit breaker.

This is the one place where provider robustness lives. Backends (DashScope, OpenAI-compatible)
make exactly one attempt and translate whatever went wrong into a typed error from
``providers/chat.py``; the chat router and the resilient embedder wrap every attempt in
:func:`call_with_retries` and consult the provider's :class:`CircuitBreaker`. So a rule such as
"honour Retry-After, but never wait more than a minute" is written once, not once per SDK.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass
from typing import Callable, TypeVar

from ..policy import (PROVIDER_BACKOFF_BASE_S, PROVIDER_BACKOFF_MAX_S, PROVIDER_BREAKER_COOLDOWN_S,
                      PROVIDER_BREAKER_FAILURES, PROVIDER_MAX_RETRIES, PROVIDER_RETRY_AFTER_MAX_S,
                      PROVIDER_TIMEOUT_S)
from .chat import (AuthError, CircuitOpen, MalformedResponse, ProviderError, ProviderTimeout,
                   RateLimited, ServerError)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ResiliencePolicy:
    timeout_s: float = PROVIDER_TIMEOUT_S
    #: retries after the first attempt (so at most ``max_retries + 1`` attempts)
    max_retries: int = PROVIDER_MAX_RETRIES
    backoff_base_s: float = PROVIDER_BACKOFF_BASE_S
    backoff_max_s: float = PROVIDER_BACKOFF_MAX_S
    #: a server asking us to wait longer than this is treated as down for now
    retry_after_max_s: float = PROVIDER_RETRY_AFTER_MAX_S
    breaker_failures: int = PROVIDER_BREAKER_FAILURES
    breaker_cooldown_s: float = PROVIDER_BREAKER_COOLDOWN_S


def backoff_delay(attempt: int, policy: ResiliencePolicy, rng: Callable[[], float]) -> float:
    """Delay before retry number ``attempt`` (1-based): exponential, capped, "equal jitter".

    Half of the exponential step is fixed and half random, so clients that failed together do
    not retry together, yet no retry comes sooner than half the nominal delay.
    """
    step = min(policy.backoff_max_s, policy.backoff_base_s * (2 ** (attempt - 1)))
    return step / 2 + rng() * step / 2


def retry_delay(exc: ProviderError, attempt: int, policy: ResiliencePolicy,
                rng: Callable[[], float]) -> float | None:
    """How long to wait before retrying after ``exc``; None = do not retry."""
    if not exc.retryable or attempt > policy.max_retries:
        return None
    delay = backoff_delay(attempt, policy, rng)
    if isinstance(exc, RateLimited) and exc.retry_after is not None:
        if exc.retry_after > policy.retry_after_max_s:
            return None
        delay = max(delay, exc.retry_after)
    return delay


def call_with_retries(attempt_fn: Callable[[float], T], *, policy: ResiliencePolicy,
                      sleep: Callable[[float], None] = time.sleep,
                      rng: Callable[[], float] = random.random) -> tuple[T, int]:
    """Run ``attempt_fn(timeout_s)`` until it succeeds or a retry is not allowed.

    Returns ``(result, attempts)``. The raised error carries ``.attempts`` for the ledger.
    """
    attempt = 0
    while True:
        attempt += 1
        try:
            return attempt_fn(policy.timeout_s), attempt
        except ProviderError as exc:
            exc.attempts = attempt  # type: ignore[attr-defined]
            delay = retry_delay(exc, attempt, policy, rng)
            if delay is None:
                raise
            sleep(delay)


def counts_against_provider(exc: BaseException) -> bool:
    """Failures that say the *provider* is unwell (not that one answer was bad)."""
    return isinstance(exc, (ProviderTimeout, ServerError, RateLimited, AuthError, MalformedResponse))


class CircuitBreaker:
    """closed → (N consecutive failed calls) → open → (cooldown) → half_open → one trial call.

    Counted per *call* (after its retries), not per attempt: one flaky request that recovers on
    the second try is not a provider failure. A successful trial closes the breaker; a failed
    one opens it for another cooldown.
    """

    CLOSED, OPEN, HALF_OPEN = "closed", "open", "half_open"

    def __init__(self, name: str, *, failures: int = PROVIDER_BREAKER_FAILURES,
                 cooldown_s: float = PROVIDER_BREAKER_COOLDOWN_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.name = name
        self.failures_threshold = failures
        self.cooldown_s = cooldown_s
        self._clock = clock
        self._state = self.CLOSED
        self._failures = 0
        self._opened_at = 0.0
        self._trial_in_flight = False
        self._lock = threading.Lock()

    @property
    def state(self) -> str:
        with self._lock:
            self._maybe_half_open()
            return self._state

    def _maybe_half_open(self) -> None:
        if self._state == self.OPEN and self._clock() - self._opened_at >= self.cooldown_s:
            self._state = self.HALF_OPEN
            self._trial_in_flight = False

    def would_allow(self) -> bool:
        """True if a call now would be let through (no side effect: ``available()`` uses it)."""
        with self._lock:
            self._maybe_half_open()
            return self._state == self.CLOSED or (self._state == self.HALF_OPEN
                                                  and not self._trial_in_flight)

    def before_call(self) -> None:
        """Raise :class:`CircuitOpen` unless the call may go out."""
        with self._lock:
            self._maybe_half_open()
            if self._state == self.CLOSED:
                return
            if self._state == self.HALF_OPEN and not self._trial_in_flight:
                self._trial_in_flight = True
                return
            remaining = max(0.0, self.cooldown_s - (self._clock() - self._opened_at))
            raise CircuitOpen(f"{self.name}: circuit open after {self._failures} failed calls; "
                              f"retry in {remaining:.0f} s", provider=self.name)

    def on_success(self) -> None:
        with self._lock:
            self._state = self.CLOSED
            self._failures = 0
            self._trial_in_flight = False

    def on_failure(self, exc: BaseException) -> None:
        with self._lock:
            if not counts_against_provider(exc):
                self._trial_in_flight = False
                return
            self._failures += 1
            if self._state == self.HALF_OPEN or self._failures >= self.failures_threshold:
                self._state = self.OPEN
                self._opened_at = self._clock()
            self._trial_in_flight = False

    def snapshot(self) -> dict[str, object]:
        with self._lock:
            self._maybe_half_open()
            return {"state": self._state, "consecutive_failures": self._failures}


class BreakerRegistry:
    """One breaker per provider name, shared by its chat and embedding clients."""

    def __init__(self, policy: ResiliencePolicy | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.policy = policy or ResiliencePolicy()
        self._clock = clock
        self._breakers: dict[str, CircuitBreaker] = {}
        self._lock = threading.Lock()

    def get(self, provider: str) -> CircuitBreaker:
        with self._lock:
            breaker = self._breakers.get(provider)
            if breaker is None:
                breaker = CircuitBreaker(provider, failures=self.policy.breaker_failures,
                                         cooldown_s=self.policy.breaker_cooldown_s,
                                         clock=self._clock)
                self._breakers[provider] = breaker
            return breaker

    def snapshot(self) -> dict[str, dict[str, object]]:
        with self._lock:
            breakers = dict(self._breakers)
        return {name: b.snapshot() for name, b in breakers.items()}
