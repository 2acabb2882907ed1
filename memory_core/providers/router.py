"""The tiered chat router: tier → (backend, model), with every robustness rule applied once.

``complete(request)`` resolves the tier's route, asks the provider's breaker, runs the backend
attempt under :func:`~.resilience.call_with_retries`, validates JSON output against the
request's schema with exactly one repair round trip, and records one ledger row whatever the
outcome. ``available(tier)`` is False when no route serves the tier (offline) or the
provider's breaker is open, so callers take their offline path instead of queueing failures.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Callable, Mapping

from ..policy import TIER_REASONING, Tier
from .backend import BackendChatCall, ChatBackend
from .chat import (ChatMessage, ChatRequest, ChatResult, CircuitOpen, InvalidResponse,
                   NotConfigured, ProviderError, ProviderTimeout, RateLimited)
from .json_output import (JsonOutputError, check_schema, parse_and_validate, repair_message,
                          schema_instruction)
from .ledger import (KIND_CHAT, OUTCOME_CIRCUIT_OPEN, OUTCOME_ERROR, OUTCOME_INVALID, OUTCOME_OK,
                     OUTCOME_RATE_LIMITED, OUTCOME_TIMEOUT, CallLedger, CallRecord)
from .resilience import BreakerRegistry, ResiliencePolicy, call_with_retries


@dataclass(frozen=True, slots=True)
class TierRoute:
    backend: ChatBackend
    model: str


def outcome_of(exc: BaseException) -> str:
    if isinstance(exc, CircuitOpen):
        return OUTCOME_CIRCUIT_OPEN
    if isinstance(exc, ProviderTimeout):
        return OUTCOME_TIMEOUT
    if isinstance(exc, RateLimited):
        return OUTCOME_RATE_LIMITED
    if isinstance(exc, InvalidResponse):
        return OUTCOME_INVALID
    return OUTCOME_ERROR


def _with_schema_instruction(messages: list[ChatMessage], schema: dict) -> list[ChatMessage]:
    instruction = schema_instruction(schema)
    if messages and messages[0].role == "system":
        first = messages[0]
        return [replace(first, content=f"{first.content}\n\n{instruction}"), *messages[1:]]
    return [ChatMessage("system", instruction), *messages]


class TieredChatRouter:
    def __init__(self, routes: Mapping[Tier, TierRoute] | None = None, *,
                 ledger: CallLedger | None = None, breakers: BreakerRegistry | None = None,
                 policy: ResiliencePolicy | None = None,
                 sleep: Callable[[float], None] = time.sleep,
                 rng: Callable[[], float] = random.random,
                 wall_clock: Callable[[], float] = time.time) -> None:
        self.routes: dict[Tier, TierRoute] = dict(routes or {})
        self.ledger = ledger or CallLedger()
        self.policy = policy or ResiliencePolicy()
        self.breakers = breakers or BreakerRegistry(self.policy)
        self._sleep = sleep
        self._rng = rng
        self._wall = wall_clock

    # -- the ChatRouter protocol -----------------------------------------------------------------

    def available(self, tier: Tier) -> bool:
        route = self.routes.get(Tier(tier))
        return route is not None and self.breakers.get(route.backend.name).would_allow()

    def complete(self, request: ChatRequest) -> ChatResult:
        tier = Tier(request.tier)
        route = self.routes.get(tier)
        if route is None:
            raise NotConfigured(f"no provider serves tier {tier.value} (offline)")
        if not request.messages:
            raise ValueError("ChatRequest.messages: at least one message is required")
        if request.json_schema is not None:
            check_schema(request.json_schema)
        thinking = (TIER_REASONING[tier] if request.enable_thinking is None
                    else bool(request.enable_thinking))
        messages = list(request.messages)
        if request.json_schema is not None:
            messages = _with_schema_instruction(messages, request.json_schema)
        call = BackendChatCall(
            model=route.model, messages=tuple(messages), json_mode=request.json_schema is not None,
            tools=tuple(request.tools) if request.tools else None, enable_thinking=thinking,
            max_tokens=request.max_tokens, temperature=request.temperature)
        backend = route.backend
        breaker = self.breakers.get(backend.name)
        record = CallRecord(started_at=self._wall(), provider=backend.name, kind=KIND_CHAT,
                            model=route.model, outcome=OUTCOME_OK, tier=tier.value,
                            trigger=request.trigger or None, attempts=0,
                            network=backend.uses_network, prompt_tokens=0, completion_tokens=0)
        t0 = time.perf_counter()
        try:
            breaker.before_call()
        except CircuitOpen as exc:
            record.outcome, record.error, record.network = OUTCOME_CIRCUIT_OPEN, str(exc), False
            record.latency_ms = 0.0
            self.ledger.record(record)
            raise
        try:
            result = self._attempts(call, backend, record)
            if request.json_schema is not None and not result.tool_calls:
                result = self._validated(call, backend, record, result, request.json_schema)
        except ProviderError as exc:
            record.attempts += int(getattr(exc, "attempts", 0))
            if isinstance(exc, InvalidResponse) and not exc.retryable:
                breaker.on_success()  # the provider answered; the answer was unusable
            else:
                breaker.on_failure(exc)
            record.outcome, record.error = outcome_of(exc), f"{type(exc).__name__}: {exc}"
            record.latency_ms = (time.perf_counter() - t0) * 1000
            self.ledger.record(record)
            raise
        breaker.on_success()
        record.latency_ms = (time.perf_counter() - t0) * 1000
        self.ledger.record(record)
        result.attempts = record.attempts
        result.latency_ms = record.latency_ms
        result.prompt_tokens = record.prompt_tokens or 0
        result.completion_tokens = record.completion_tokens or 0
        return result

    # -- internals -------------------------------------------------------------------------------

    def _attempts(self, call: BackendChatCall, backend: ChatBackend,
                  record: CallRecord) -> ChatResult:
        result, attempts = call_with_retries(lambda timeout: backend.chat(call, timeout),
                                             policy=self.policy, sleep=self._sleep, rng=self._rng)
        record.attempts += attempts
        record.prompt_tokens = (record.prompt_tokens or 0) + result.prompt_tokens
        record.completion_tokens = (record.completion_tokens or 0) + result.completion_tokens
        if result.model:
            record.model = result.model
        return result

    def _validated(self, call: BackendChatCall, backend: ChatBackend, record: CallRecord,
                   result: ChatResult, schema: dict) -> ChatResult:
        try:
            result.data = parse_and_validate(result.text, schema)
            return result
        except JsonOutputError as first_error:
            repair = replace(call, messages=(*call.messages,
                                             ChatMessage("assistant", result.text),
                                             ChatMessage("user", repair_message(first_error))))
        repaired = self._attempts(repair, backend, record)
        try:
            repaired.data = parse_and_validate(repaired.text, schema)
        except JsonOutputError as second_error:
            raise InvalidResponse(f"after one repair retry: {second_error}",
                                  provider=backend.name) from None
        return repaired

    # -- for status / GUI ------------------------------------------------------------------------

    def describe(self) -> dict[str, dict[str, object]]:
        out: dict[str, dict[str, object]] = {}
        for tier in Tier:
            route = self.routes.get(tier)
            out[tier.value] = ({"provider": None, "model": None, "available": False}
                               if route is None else
                               {"provider": route.backend.name, "model": route.model,
                                "reasoning": TIER_REASONING[tier],
                                "available": self.available(tier)})
        return out
