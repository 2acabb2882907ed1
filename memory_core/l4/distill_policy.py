"""When to distil a skill and which traces to show the distiller (pure functions).

Distillation is lazy (design): a skill accumulates ``pending_trace_count`` new traces and is
distilled when the count reaches its threshold, or right after its breaker opened (the failure
mode is freshest then). The threshold grows with the skill's total executions — logarithmically,
see ``policy.DISTILL_THRESHOLD_GROWTH_EXECUTIONS`` — because a well-used tool's strategy moves
slowly and re-distilling it every five calls would only spend LLM calls.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..policy import (DISTILL_BASE_THRESHOLD, DISTILL_MAX_THRESHOLD, DISTILL_MAX_TRACES,
                      DISTILL_SAMPLE_FAILURES, DISTILL_SAMPLE_RECENT, DISTILL_SAMPLE_SUCCESSES,
                      DISTILL_THRESHOLD_GROWTH_EXECUTIONS)


def distill_threshold(total_executions: int) -> int:
    """New traces needed before the next distillation of a skill with this many executions."""
    total = max(0, int(total_executions))
    steps = 1 + int(math.floor(math.log2(1 + total / DISTILL_THRESHOLD_GROWTH_EXECUTIONS)))
    return min(DISTILL_MAX_THRESHOLD, DISTILL_BASE_THRESHOLD * steps)


def should_distill(pending: int, threshold: int, just_opened: bool) -> str | None:
    """The reason to distil now, or None."""
    if just_opened:
        return "breaker_opened"
    if pending >= threshold:
        return "threshold"
    return None


@dataclass(frozen=True, slots=True)
class TraceView:
    """What sampling needs to know about a trace."""

    trace_id: int
    occurred_at: float
    success: bool


def stratified_sample(traces: Sequence[TraceView], *, limit: int = DISTILL_MAX_TRACES,
                      recent: int = DISTILL_SAMPLE_RECENT, failures: int = DISTILL_SAMPLE_FAILURES,
                      successes: int = DISTILL_SAMPLE_SUCCESSES) -> list[int]:
    """Trace ids to distil from: the most recent ones, then the most recent failures and
    successes not already taken, then the next most recent to fill ``limit``. Returned oldest
    first (the order a reader follows a history in).

    Strata keep a long success streak from hiding the failure modes (and vice versa).
    """
    ordered = sorted(traces, key=lambda t: (t.occurred_at, t.trace_id), reverse=True)
    chosen: list[int] = []
    seen: set[int] = set()

    def take(pool: Sequence[TraceView], n: int) -> None:
        for t in pool:
            if n <= 0 or len(chosen) >= limit:
                return
            if t.trace_id not in seen:
                seen.add(t.trace_id)
                chosen.append(t.trace_id)
                n -= 1

    take(ordered, recent)
    take([t for t in ordered if not t.success], failures)
    take([t for t in ordered if t.success], successes)
    take(ordered, limit - len(chosen))
    by_id = {t.trace_id: t for t in traces}
    return sorted(chosen, key=lambda i: (by_id[i].occurred_at, i))
