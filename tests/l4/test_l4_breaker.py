"""The circuit breaker state machine (pure, injected time) and the distillation policy."""

from __future__ import annotations

from memory_core.l4.breaker import Breaker, BreakerState, effective, record
from memory_core.l4.distill_policy import (TraceView, distill_threshold, should_distill,
                                           stratified_sample)
from memory_core.policy import (BREAKER_OPEN_SECONDS, DISTILL_BASE_THRESHOLD, DISTILL_MAX_THRESHOLD,
                                DISTILL_MAX_TRACES, L4_TRACES_PER_SKILL)

T = 1_000_000.0


def run(b: Breaker, outcomes: str, t: float, step: float = 1.0):
    opened = []
    for ch in outcomes:
        tr = record(b, ch == "s", t)
        b = tr.breaker
        opened.append(tr.just_opened)
        t += step
    return b, opened, t


def test_full_cycle_closed_open_half_open_closed() -> None:
    b, opened, t = run(Breaker(), "fff", T)
    assert b.state is BreakerState.OPEN and not b.allows_calls
    assert opened == [False, False, True]
    assert b.consecutive_failures == 3
    # still refused just before the cool-down ends
    assert effective(b, b.opened_at + BREAKER_OPEN_SECONDS - 1).state is BreakerState.OPEN
    half = effective(b, b.opened_at + BREAKER_OPEN_SECONDS)
    assert half.state is BreakerState.HALF_OPEN and half.allows_calls
    t = b.opened_at + BREAKER_OPEN_SECONDS
    b1 = record(b, True, t).breaker
    assert b1.state is BreakerState.HALF_OPEN and b1.half_open_successes == 1
    b2 = record(b1, True, t + 1).breaker
    assert b2.state is BreakerState.CLOSED and b2.consecutive_failures == 0


def test_two_failures_do_not_open_and_a_success_resets_the_streak() -> None:
    b, opened, _ = run(Breaker(), "ffsff", T)
    assert b.state is BreakerState.CLOSED and b.consecutive_failures == 2 and not any(opened)


def test_failure_in_half_open_reopens() -> None:
    b, _, _ = run(Breaker(), "fff", T)
    t = b.opened_at + BREAKER_OPEN_SECONDS + 5
    b = record(b, True, t).breaker  # one probe ok
    tr = record(b, False, t + 1)
    assert tr.breaker.state is BreakerState.OPEN and tr.just_opened
    assert tr.previous is BreakerState.HALF_OPEN
    assert tr.breaker.opened_at == t + 1


def test_failure_while_open_restarts_the_cool_down_success_does_not_close() -> None:
    b, _, _ = run(Breaker(), "fff", T)
    opened_at = b.opened_at
    b2 = record(b, False, opened_at + 300).breaker
    assert b2.state is BreakerState.OPEN and b2.opened_at == opened_at + 300
    assert effective(b2, opened_at + BREAKER_OPEN_SECONDS).state is BreakerState.OPEN
    b3 = record(b, True, opened_at + 10).breaker
    assert b3.state is BreakerState.OPEN


def test_adaptive_threshold_grows_logarithmically_and_is_capped() -> None:
    assert distill_threshold(0) == DISTILL_BASE_THRESHOLD == 5
    assert distill_threshold(49) == 5
    assert distill_threshold(50) == 10
    assert distill_threshold(149) == 10
    assert distill_threshold(150) == 15
    assert distill_threshold(350) == 20
    values = [distill_threshold(n) for n in range(0, 100_000, 37)]
    assert values == sorted(values)  # never decreases
    assert max(values) == DISTILL_MAX_THRESHOLD <= L4_TRACES_PER_SKILL
    assert should_distill(4, 5, False) is None
    assert should_distill(5, 5, False) == "threshold"
    assert should_distill(1, 5, True) == "breaker_opened"


def test_stratified_sample_keeps_recent_failures_and_successes() -> None:
    # 45 successes, then 5 failures long ago buried among them: failures must survive sampling
    traces = [TraceView(i, T + i, success=not (i in (3, 9, 15, 21, 27))) for i in range(50)]
    ids = stratified_sample(traces)
    assert len(ids) == DISTILL_MAX_TRACES
    assert len(set(ids)) == len(ids)
    assert {3, 9, 15, 21, 27} <= set(ids)  # every failure kept
    assert set(range(42, 50)) <= set(ids)  # the 8 most recent
    assert ids == sorted(ids)  # oldest first
    assert stratified_sample(traces[:7]) == list(range(7))  # fewer than the limit: all
