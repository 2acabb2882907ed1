"""Where other layers plug into ``memory_query`` (see ``plan.py`` for the contract)."""

from __future__ import annotations

import logging
import threading

from .plan import EventPath, LayerRetriever

log = logging.getLogger(__name__)

LAYER_NAMES = frozenset({"l2", "l3", "l4"})


class Registry:
    """Layer retrievers and extra event paths, by name (re-registering a name replaces it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.layers: dict[str, LayerRetriever] = {}
        self.event_paths: dict[str, EventPath] = {}

    def register_layer(self, retriever: LayerRetriever) -> None:
        name = getattr(retriever, "name", None)
        if name not in LAYER_NAMES:
            raise ValueError(f"retriever.name must be one of {sorted(LAYER_NAMES)}, got {name!r}")
        if not callable(getattr(retriever, "search", None)):
            raise TypeError(f"retriever {name!r} has no search(plan) method")
        with self._lock:
            self.layers[name] = retriever

    def register_event_path(self, path: EventPath) -> None:
        name = getattr(path, "name", None)
        if not isinstance(name, str) or not name:
            raise ValueError("path.name must be a non-empty string (e.g. 'graph')")
        if not callable(getattr(path, "search", None)):
            raise TypeError(f"event path {name!r} has no search(plan, seed_seqs) method")
        with self._lock:
            self.event_paths[name] = path
