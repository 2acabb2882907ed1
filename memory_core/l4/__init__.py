"""L4 procedural experience: tool statistics, execution traces, circuit breakers, strategies.

``install(engine)`` wires the synchronous ingest hook (statistics, trace, breaker, distillation
job — inside the L1 transaction), the distillation and breaker-sweep workers, the deletion
participant, stats, the retriever, and ``engine.components["l4"]`` (:class:`L4Service`, whose
``check_skill(tool)`` the agent calls before using a tool).
"""

from __future__ import annotations

from typing import Any

from .hook import L4IngestHook
from .records import Skill, SkillCheck, Trace
from .service import L4Service

__all__ = ["L4IngestHook", "L4Service", "Skill", "SkillCheck", "Trace", "install"]


def install(engine: Any) -> None:
    from .deletion import L4Deletion
    from .retrieval import L4Retriever
    from .workers import DISTILL_QUEUE, BreakerSweepWorker, DistillWorker

    service = L4Service(engine.db, engine.clock)
    engine.components["l4"] = service
    engine.add_hook(L4IngestHook(engine.clock))
    engine.add_worker(DistillWorker(engine.db, engine.clock, engine.providers))
    engine.add_worker(BreakerSweepWorker(engine.db, engine.clock))
    engine.add_deletion(L4Deletion())
    engine.add_stats(service.stats)
    engine.add_queue("l4_distill_jobs", DISTILL_QUEUE)
    _register_retriever(engine, L4Retriever(engine.db, engine.clock))


def _register_retriever(engine: Any, retriever: Any) -> None:
    """Layers install before retrieval (engine order), so make sure it exists first; the
    retrieval package's ``install`` is idempotent and the engine's later call is a no-op."""
    if engine.retrieval is None:
        from .. import retrieval

        retrieval.install(engine)
    engine.retrieval.register_layer(retriever)
