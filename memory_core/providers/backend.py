"""What a provider backend implements: exactly one attempt, typed errors, nothing else.

Retries, backoff, the breaker, JSON validation and the ledger are the router's job
(``router.py`` / ``resilient_embedder.py``); a backend only speaks its wire format. That keeps
each backend small and makes every robustness rule apply to all of them alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence

import numpy as np

from .chat import ChatMessage, ChatResult


@dataclass(frozen=True, slots=True)
class BackendChatCall:
    model: str
    messages: tuple[ChatMessage, ...]
    #: ask the server for JSON output (``response_format: json_object``) where it supports it
    json_mode: bool = False
    tools: tuple[dict[str, Any], ...] | None = None
    enable_thinking: bool = False
    max_tokens: int | None = None
    temperature: float | None = None


class ChatBackend(Protocol):
    name: str  # provider name: dashscope | openai_compat (the breaker and ledger key)
    uses_network: bool

    def chat(self, call: BackendChatCall, timeout_s: float) -> ChatResult:
        """One attempt. Raises ``ProviderError`` subclasses (never SDK or httpx exceptions)."""
        ...


class EmbeddingBackend(Protocol):
    name: str
    model: str
    dim: int
    #: the most texts one request may carry (DashScope text-embedding-v3: 10)
    batch_limit: int
    uses_network: bool

    def embed_batch(self, texts: Sequence[str], timeout_s: float) -> tuple[np.ndarray, int]:
        """One attempt for at most ``batch_limit`` texts: (vectors, tokens used)."""
        ...
