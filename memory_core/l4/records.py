"""L4 records: a skill row, one execution trace, and the answer of ``check_skill``."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from ..ids import stable_id
from .breaker import Breaker, BreakerState


def skill_id_for(tool_name: str, category: str) -> str:
    """Stable id of the (tool, category) skill: re-creating it after deletion gives the same id."""
    return stable_id("skill", tool_name, category)


@dataclass(frozen=True, slots=True)
class Skill:
    skill_id: str
    tool_name: str
    category: str
    success_count: int
    failure_count: int
    mean_duration_ms: float | None
    breaker: Breaker
    pending_trace_count: int
    distill_threshold: int
    times_opened: int
    strategy: dict[str, Any] | None
    strategy_status: str
    distill_producer: str | None
    distilled_at: float | None
    distill_event_ids: tuple[str, ...]
    last_error: str | None
    last_used_at: float | None
    last_success_at: float | None
    last_failure_at: float | None

    @property
    def executions(self) -> int:
        return self.success_count + self.failure_count

    @property
    def success_rate(self) -> float | None:
        return self.success_count / self.executions if self.executions else None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "Skill":
        strategy = None
        if row.get("optimized_prompt"):
            try:
                strategy = json.loads(row["optimized_prompt"])
            except ValueError:
                strategy = {"summary": row["optimized_prompt"]}
        return cls(
            skill_id=row["skill_id"], tool_name=row["tool_name"], category=row["category"],
            success_count=row["success_count"], failure_count=row["failure_count"],
            mean_duration_ms=row["mean_duration_ms"],
            breaker=Breaker(BreakerState(row["breaker_state"]), row["consecutive_failures"],
                            row["opened_at"], row["half_open_successes"], row["breaker_changed_at"]),
            pending_trace_count=row["pending_trace_count"],
            distill_threshold=row["distill_threshold"], times_opened=row["times_opened"],
            strategy=strategy, strategy_status=row["strategy_status"],
            distill_producer=row["distill_producer"], distilled_at=row["distilled_at"],
            distill_event_ids=tuple(json.loads(row["distill_event_ids"] or "[]")),
            last_error=row["last_error"], last_used_at=row["last_used_at"],
            last_success_at=row["last_success_at"], last_failure_at=row["last_failure_at"])

    def to_json(self, breaker: Breaker | None = None) -> dict[str, Any]:
        b = breaker or self.breaker
        return {
            "skill_id": self.skill_id, "tool_name": self.tool_name, "category": self.category,
            "executions": self.executions, "success_count": self.success_count,
            "failure_count": self.failure_count, "success_rate": self.success_rate,
            "mean_duration_ms": self.mean_duration_ms, "breaker_state": b.state.value,
            "consecutive_failures": b.consecutive_failures, "opened_at": b.opened_at,
            "half_open_successes": b.half_open_successes, "reopen_at": b.reopen_at(),
            "times_opened": self.times_opened, "pending_trace_count": self.pending_trace_count,
            "distill_threshold": self.distill_threshold, "strategy": self.strategy,
            "strategy_status": self.strategy_status, "distill_producer": self.distill_producer,
            "distilled_at": self.distilled_at, "distill_event_ids": list(self.distill_event_ids),
            "last_error": self.last_error, "last_used_at": self.last_used_at,
        }


@dataclass(frozen=True, slots=True)
class Trace:
    trace_id: int
    skill_id: str
    event_id: str
    occurred_at: float
    success: bool
    duration_ms: float | None
    input_text: str
    output_text: str
    error: str | None
    session_id: str | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "Trace":
        return cls(row["trace_id"], row["skill_id"], row["event_id"], row["occurred_at"],
                   bool(row["success"]), row["duration_ms"], row["input_text"], row["output_text"],
                   row["error"], row["session_id"])

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class SkillCheck:
    """What the agent learns before it calls a tool."""

    tool_name: str
    category: str | None
    #: False while the breaker is open: the agent must not call the tool now
    allowed: bool
    breaker_state: str  # closed | open | half_open | unknown (never used)
    reason: str
    success_rate: float | None = None
    executions: int = 0
    mean_duration_ms: float | None = None
    #: seconds until an open breaker lets probes through again
    retry_after_s: float | None = None
    #: the distilled strategy JSON (None before the first distillation)
    strategy: dict[str, Any] | None = None
    #: one paragraph for the agent's context: statistics + strategy
    hint: str = ""
    skill_id: str | None = None
    other_categories: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)
