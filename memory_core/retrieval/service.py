"""The retrieval service behind ``engine.retrieval`` (memory_query itself lands next)."""

from __future__ import annotations

from typing import Any

from .plan import EventPath, LayerRetriever
from .registry import Registry


class RetrievalService:
    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.registry = Registry()

    def register_layer(self, retriever: LayerRetriever) -> None:
        self.registry.register_layer(retriever)

    def register_event_path(self, path: EventPath) -> None:
        self.registry.register_event_path(path)

    def query(self, query: str, query_mode: str | None = None, **kwargs: Any) -> Any:
        raise NotImplementedError("memory_query is being built (issue 3)")
