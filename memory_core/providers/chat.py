"""The chat-completion interface shared by every provider and every caller.

Callers (L2 Phase 1/2, arbitration, L3 summaries, L4 distillation, the chat agent) ask for a
*tier*, never a model: tier → model mapping is configuration. ``ChatRouter.available(tier)`` is
False offline; callers then take their offline path (rule extractor, extractive summary,
template distillation) instead of failing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..policy import Tier


class ProviderError(Exception):
    """Base of every provider failure. ``retryable`` tells the retry loop what to do."""

    retryable = False

    def __init__(self, message: str, *, provider: str = "", status: int | None = None) -> None:
        super().__init__(message)
        self.provider = provider
        self.status = status


class ProviderTimeout(ProviderError):
    retryable = True


class RateLimited(ProviderError):
    retryable = True

    def __init__(self, message: str, *, retry_after: float | None = None, **kw: Any) -> None:
        super().__init__(message, **kw)
        self.retry_after = retry_after


class ServerError(ProviderError):
    retryable = True


class AuthError(ProviderError):
    pass


class InvalidResponse(ProviderError):
    """Unparseable output, or JSON that fails the requested schema (after one repair retry)."""


class MalformedResponse(InvalidResponse):
    """The wire body itself was not the protocol's JSON (a proxy error page, a truncated body).

    Unlike a model answer that fails the schema, this says nothing about the prompt, so the
    attempt is retried like a server error.
    """

    retryable = True


class CircuitOpen(ProviderError):
    """The provider's breaker is open: calls are refused until it cools down."""


class NotConfigured(ProviderError):
    """No provider serves this tier (offline)."""


@dataclass(slots=True)
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]


def parse_tool_calls(raw: list[dict[str, Any]] | None, *, provider: str) -> list[ToolCall]:
    """OpenAI-style ``tool_calls`` (DashScope uses the same shape) into records; arguments that
    are not JSON are the model's error, raised as :class:`InvalidResponse` for the repair path."""
    out = []
    for i, item in enumerate(raw or []):
        fn = item.get("function") or {}
        args = fn.get("arguments") or "{}"
        try:
            parsed = json.loads(args) if isinstance(args, str) else dict(args)
        except json.JSONDecodeError:
            raise InvalidResponse(f"tool call {fn.get('name')!r}: arguments are not JSON",
                                  provider=provider) from None
        out.append(ToolCall(id=item.get("id") or f"call_{i}", name=fn.get("name") or "",
                            arguments=parsed))
    return out


@dataclass(slots=True)
class ChatMessage:
    role: str  # system | user | assistant | tool
    content: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None


@dataclass(slots=True)
class ChatRequest:
    tier: Tier
    messages: list[ChatMessage]
    #: ask for JSON output validated against this JSON schema (one repair retry on failure)
    json_schema: dict[str, Any] | None = None
    #: OpenAI-style tool definitions for the agent
    tools: list[dict[str, Any]] | None = None
    #: None = the tier's default (policy.TIER_REASONING)
    enable_thinking: bool | None = None
    max_tokens: int | None = None
    temperature: float | None = None
    #: what caused the call (ledger): l2_phase1, l2_phase2, arbitration, summary_day, chat, ...
    trigger: str = ""


@dataclass(slots=True)
class ChatResult:
    text: str
    data: Any = None  # parsed and schema-validated JSON when json_schema was given
    tool_calls: list[ToolCall] = field(default_factory=list)
    model: str = ""
    provider: str = ""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0
    attempts: int = 1


class ChatRouter(Protocol):
    def available(self, tier: Tier) -> bool: ...

    def complete(self, request: ChatRequest) -> ChatResult:
        """Synchronous (callers run on worker threads). Raises ProviderError subclasses."""
        ...
