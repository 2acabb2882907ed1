"""``memory_query``: mode-aware multi-path retrieval over L1 (+ L2/L3/L4 when installed).

``install(engine)`` sets ``engine.retrieval`` to the :class:`~.service.RetrievalService`; other
layers register on it (``register_layer`` / ``register_event_path``, contract in ``plan.py``).
"""

from __future__ import annotations

from typing import Any

from .plan import Anchor, EventPath, LayerHit, LayerResult, LayerRetriever, QueryPlan, TimeWindow

__all__ = ["Anchor", "EventPath", "LayerHit", "LayerResult", "LayerRetriever", "QueryPlan",
           "TimeWindow", "install"]


def install(engine: Any) -> None:
    from .service import RetrievalService

    if engine.retrieval is None:
        engine.retrieval = RetrievalService(engine)
        engine.components["retrieval"] = engine.retrieval
