"""L2 structured cognition: entities, relations (SPO), assertions, snapshots, episodes.

Write side: an ingest hook enqueues eligible events; background workers project them in
micro-batches (Phase 1 → entity resolution → Phase 2 → conflicts/arbitration), refresh
snapshots, expire short-term traits and run maintenance. Read side: the "l2" retrieval layer
and the "graph" event path. ``engine.components["l2"]`` is the :class:`~.service.L2Service`.
Module map: ``docs/l2.md``.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


def install(engine: Any) -> None:
    from .deletion import L2Deletion
    from .maintenance import ExpiryWorker, MaintenanceWorker
    from .projection import (PROJECTION_QUEUE, SNAPSHOT_QUEUE, ProjectionHook, ProjectionWorker, SnapshotWorker,
                             backfill)
    from .service import L2Service
    from .vectors import EdgeEmbeddingTarget, EntityEmbeddingTarget

    service = L2Service(engine)
    engine.components["l2"] = service
    with engine.db.write() as conn:
        n = backfill(conn, engine.clock.now())
        if n:
            log.info("enqueued %d existing events for L2 projection", n)
    engine.add_hook(ProjectionHook(engine.clock))
    engine.add_worker(ProjectionWorker(service))
    engine.add_worker(SnapshotWorker(service))
    engine.add_worker(ExpiryWorker(service))
    engine.add_worker(MaintenanceWorker(service))
    engine.add_deletion(L2Deletion(service.enqueue_vectors))
    engine.add_embedding_target(EntityEmbeddingTarget())
    engine.add_embedding_target(EdgeEmbeddingTarget())
    engine.add_queue("l2_projection_jobs", PROJECTION_QUEUE)
    engine.add_queue("l2_snapshot_jobs", SNAPSHOT_QUEUE)
    engine.add_stats(service.stats)
    try:
        from ..review.service import ReviewService

        engine.components["review"] = ReviewService(engine)
    except ImportError:  # pragma: no cover
        pass
    retrieval = getattr(engine, "retrieval", None)
    if retrieval is not None:
        from .retrieval.layer import GraphSpreadingPath, L2Retriever

        retrieval.register_layer(L2Retriever(service))
        retrieval.register_event_path(GraphSpreadingPath(service))
