"""L3 summaries and reflection: sliding-window summaries (hour/day/week/month), thematic
summaries, rule-template insights, task reflections — every row linked back to its L1 events.

``install(engine)`` wires the scheduler and the summary worker, the reflection ingest hook, the
L2 observer (insights), the summary embedding target, the deletion participant, stats, the
retriever and ``engine.components["l3"]`` (:class:`L3Service`).
"""

from __future__ import annotations

import logging
from typing import Any

from .records import Summary, SummaryDraft, WindowEvent

__all__ = ["Summary", "SummaryDraft", "WindowEvent", "install"]

log = logging.getLogger(__name__)


def install(engine: Any) -> None:
    from .deletion import L3Deletion
    from .embedding import KIND, SummaryEmbeddingTarget
    from .hooks import ReflectionHook
    from .l2_bridge import InsightBridge
    from .retrieval import L3Retriever
    from .scheduler import SummaryScheduler
    from .service import L3Service
    from .worker import SUMMARY_QUEUE, SummaryWorker

    def embed(conn: Any, summary_ids: list[str]) -> None:
        engine.embedding_worker.enqueue(conn, KIND, summary_ids)

    engine.add_embedding_target(SummaryEmbeddingTarget())
    scheduler = SummaryScheduler(engine.db, engine.clock, tz=engine.config.tzinfo())
    worker = SummaryWorker(engine.db, engine.clock, engine.providers, embed)
    bridge = InsightBridge(engine.db, engine.clock, embed)
    service = L3Service(engine, scheduler, worker, bridge)
    engine.components["l3"] = service
    engine.add_worker(scheduler)
    engine.add_worker(worker)
    engine.add_hook(ReflectionHook(engine.clock))
    engine.add_deletion(L3Deletion(embed))
    engine.add_stats(service.stats)
    engine.add_queue("summary_jobs", SUMMARY_QUEUE)
    _subscribe_l2(engine, bridge)
    if engine.retrieval is None:
        from .. import retrieval

        retrieval.install(engine)
    engine.retrieval.register_layer(L3Retriever(engine.db, lambda: engine.l1.space_id))


def _subscribe_l2(engine: Any, bridge: Any) -> None:
    """L2 exposes ``subscribe(callback)`` for reconcile decisions (``L2Change``)."""
    l2 = engine.components.get("l2")
    subscribe = getattr(l2, "subscribe", None)
    if callable(subscribe):
        subscribe(bridge.on_changes, batch=True)
    elif l2 is not None:
        log.warning("L2 is installed but has no subscribe(): L3 insights from L2 are off")
