"""Test doubles for the chat router (no network) shared by the L3 and L4 tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Callable

from memory_core.policy import Tier
from memory_core.providers.chat import ChatRequest, ChatResult, ServerError
from memory_core.providers.hashing_embedder import HashingEmbedder


@dataclass
class FakeChat:
    """A ChatRouter that answers from ``respond(request) -> dict`` and can fail on demand."""

    respond: Callable[[ChatRequest], Any]
    tiers: frozenset = frozenset(Tier)
    model: str = "fake-qwen"
    fail: int = 0  # fail this many calls first (ServerError), then answer
    requests: list[ChatRequest] = field(default_factory=list)

    def available(self, tier: Tier) -> bool:
        return tier in self.tiers

    def complete(self, request: ChatRequest) -> ChatResult:
        self.requests.append(request)
        if self.fail > 0:
            self.fail -= 1
            raise ServerError("HTTP 503 from fake provider", provider="fake", status=503)
        data = self.respond(request)
        return ChatResult(text=str(data), data=data, model=self.model, provider="fake")


def providers(chat: FakeChat | None = None) -> SimpleNamespace:
    return SimpleNamespace(embedder=HashingEmbedder(), chat=chat)


def pause_embeddings(engine) -> None:
    """The offline hashing embedder is slow on thousands of events; tests that do not look at
    vectors skip it (the jobs stay pending, exactly as if the worker were busy)."""
    from memory_core.engine import WorkerStatus

    engine.worker_status.setdefault("embedding", WorkerStatus("embedding")).paused = True
