"""L4 background work: the distillation job (outside the ingest transaction) and the breaker
cool-down sweep.

Distillation is queued by the ingest hook and runs "right after" on the engine's worker pool:
the provider call happens between two short write transactions, never inside one, so a slow or
failing model can never hold the writer or undo an L1 write. Failures go through the shared
JobQueue backoff and end as a visible ``failed`` job; the previous strategy stays in place.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from ..clock import Clock
from ..db.connection import Database
from ..jobs.queue import JobQueue
from ..policy import Tier
from ..providers.chat import AuthError, NotConfigured
from .distill import llm_request, parse_llm_strategy, strategy_json, template_strategy
from .distill_policy import TraceView, distill_threshold, stratified_sample
from .records import Skill
from .store import enqueue_distill, get_skill_row, persist_lazy_transitions, refresh_fts, traces

log = logging.getLogger(__name__)

DISTILL_QUEUE = JobQueue("l4_distill_jobs")
TEMPLATE_PRODUCER = "template"


class DistillWorker:
    name = "l4_distill"
    idle_interval_s = 5.0

    def __init__(self, db: Database, clock: Clock, providers: Any) -> None:
        self.db = db
        self.clock = clock
        self.providers = providers

    def _chat(self) -> Any:
        chat = getattr(self.providers, "chat", None)
        if chat is None:
            return None
        try:
            return chat if chat.available(Tier.CONTEXT_COMPACT) else None
        except Exception:  # noqa: BLE001 - a broken router is an offline router here
            log.exception("chat.available failed")
            return None

    def run_once(self) -> int:
        now = self.clock.now()
        with self.db.write() as conn:
            jobs = DISTILL_QUEUE.claim(conn, now, 1)
            if not jobs:
                return 0
            job = jobs[0]
            row = get_skill_row(conn, job["skill_id"])
            if row is None:
                DISTILL_QUEUE.complete(conn, [job["job_id"]], now)
                return 1
            all_traces = traces(conn, row["skill_id"])
            pending_at_claim = row["pending_trace_count"]
        by_id = {t.trace_id: t for t in all_traces}
        sample = [by_id[i] for i in stratified_sample(
            [TraceView(t.trace_id, t.occurred_at, t.success) for t in all_traces])]
        skill = Skill.from_row(row)
        if not sample:
            with self.db.write() as conn:
                DISTILL_QUEUE.complete(conn, [job["job_id"]], self.clock.now())
            return 1
        chat = self._chat()
        try:
            if chat is not None:
                result = chat.complete(llm_request(skill, sample))
                strategy = parse_llm_strategy(result.data, sample, result.model)
                producer = result.model or "llm"
            else:
                strategy, producer = template_strategy(skill, sample), TEMPLATE_PRODUCER
        except NotConfigured:
            strategy, producer = template_strategy(skill, sample), TEMPLATE_PRODUCER
        except Exception as exc:  # noqa: BLE001 - provider failure: retry with backoff, then failed
            log.warning("distillation of %s failed: %s", skill.tool_name, exc)
            with self.db.write() as conn:
                DISTILL_QUEUE.fail(conn, [job["job_id"]], f"{type(exc).__name__}: {exc}",
                                   self.clock.now(), permanent=isinstance(exc, AuthError))
            return 1
        done_at = self.clock.now()
        with self.db.write() as conn:
            current = get_skill_row(conn, skill.skill_id)
            DISTILL_QUEUE.complete(conn, [job["job_id"]], done_at)
            if current is None:  # deleted while the model was thinking
                return 1
            pending = max(0, current["pending_trace_count"] - pending_at_claim)
            total = current["success_count"] + current["failure_count"]
            threshold = distill_threshold(total)
            conn.execute(
                "UPDATE procedural_skills SET optimized_prompt = ?, distill_producer = ?, "
                "distilled_at = ?, distill_event_ids = ?, strategy_status = 'current', "
                "pending_trace_count = ?, distill_threshold = ?, updated_at = ? WHERE skill_id = ?",
                (strategy_json(strategy), producer, done_at,
                 json.dumps([t.event_id for t in sample]), pending, threshold, done_at,
                 skill.skill_id))
            fresh = get_skill_row(conn, skill.skill_id)
            assert fresh is not None
            refresh_fts(conn, fresh)
            if pending >= threshold:  # traces kept arriving while we distilled
                enqueue_distill(conn, skill.skill_id, "threshold", pending, done_at)
        return 1


class BreakerSweepWorker:
    """Persists open → half_open once the cool-down passed, so stored rows (GUI, stats) agree
    with what ``check_skill`` computes lazily."""

    name = "l4_breaker"
    idle_interval_s = 30.0

    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock

    def run_once(self) -> int:
        if not self.db.read_value("SELECT 1 FROM procedural_skills WHERE breaker_state = 'open' LIMIT 1"):
            return 0
        with self.db.write() as conn:
            return persist_lazy_transitions(conn, self.clock.now())
