"""The per-skill circuit breaker as a pure state machine (design write step 7).

``closed`` → ``open`` after ``BREAKER_FAILURE_THRESHOLD`` consecutive failures (the agent is told
not to call the tool) → ``half_open`` once ``BREAKER_OPEN_SECONDS`` have passed (calls are
allowed again as probes) → ``closed`` after ``BREAKER_HALF_OPEN_SUCCESSES`` successes; a failure
in ``half_open`` reopens it. Time is always passed in (the engine's injectable clock), so the
whole cycle is testable without sleeping.

The open → half_open transition is *lazy*: it is a function of the time, applied whenever the
breaker is looked at (:func:`effective`) or an execution arrives, and persisted then.

Executions observed while the breaker is open (an imported history, or an agent that ignored the
refusal) count in the statistics; a failure restarts the cool-down, a success does not close the
breaker early — recovery always goes through the half-open probes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from ..policy import BREAKER_FAILURE_THRESHOLD, BREAKER_HALF_OPEN_SUCCESSES, BREAKER_OPEN_SECONDS


class BreakerState(StrEnum):
    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


@dataclass(frozen=True, slots=True)
class Breaker:
    state: BreakerState = BreakerState.CLOSED
    consecutive_failures: int = 0
    opened_at: float | None = None
    half_open_successes: int = 0
    changed_at: float | None = None

    @property
    def allows_calls(self) -> bool:
        return self.state is not BreakerState.OPEN

    def reopen_at(self) -> float | None:
        if self.state is BreakerState.OPEN and self.opened_at is not None:
            return self.opened_at + BREAKER_OPEN_SECONDS
        return None


@dataclass(frozen=True, slots=True)
class Transition:
    breaker: Breaker
    #: the breaker went to ``open`` on this step (triggers a distillation)
    just_opened: bool = False
    #: the state before the step, after the lazy time transition
    previous: BreakerState = BreakerState.CLOSED


def effective(b: Breaker, now: float) -> Breaker:
    """The breaker as of ``now``: an open breaker whose cool-down has passed is half-open."""
    if b.state is BreakerState.OPEN and b.opened_at is not None \
            and now - b.opened_at >= BREAKER_OPEN_SECONDS:
        return replace(b, state=BreakerState.HALF_OPEN, half_open_successes=0,
                       changed_at=b.opened_at + BREAKER_OPEN_SECONDS)
    return b


def _open(b: Breaker, now: float, failures: int) -> Breaker:
    return Breaker(BreakerState.OPEN, failures, now, 0, now)


def record(b: Breaker, success: bool, now: float) -> Transition:
    """Apply one execution outcome at time ``now``."""
    cur = effective(b, now)
    prev = cur.state
    if success:
        if cur.state is BreakerState.CLOSED:
            return Transition(replace(cur, consecutive_failures=0), False, prev)
        if cur.state is BreakerState.HALF_OPEN:
            n = cur.half_open_successes + 1
            if n >= BREAKER_HALF_OPEN_SUCCESSES:
                return Transition(Breaker(BreakerState.CLOSED, 0, None, 0, now), False, prev)
            return Transition(replace(cur, half_open_successes=n, consecutive_failures=0), False, prev)
        # open, still cooling down: a success is counted but does not shorten recovery
        return Transition(replace(cur, consecutive_failures=0), False, prev)
    failures = cur.consecutive_failures + 1
    if cur.state is BreakerState.CLOSED:
        if failures >= BREAKER_FAILURE_THRESHOLD:
            return Transition(_open(cur, now, failures), True, prev)
        return Transition(replace(cur, consecutive_failures=failures), False, prev)
    if cur.state is BreakerState.HALF_OPEN:
        return Transition(_open(cur, now, failures), True, prev)
    # open: the tool is still failing, the cool-down restarts
    return Transition(replace(cur, consecutive_failures=failures, opened_at=now), False, prev)
