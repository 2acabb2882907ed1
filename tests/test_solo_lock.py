"""The suite's solo lock (tests/solo_lock.py): a ``solo`` test waits for running tests, keeps
new ones out while it waits, and runs with none beside it."""

from __future__ import annotations

import threading
import time
import uuid
from contextlib import contextmanager
from typing import Iterator

from tests.solo_lock import SoloLock


def _run(lock: SoloLock, alone: bool, log: list[str], name: str, hold_s: float) -> threading.Thread:
    def body() -> None:
        with lock.hold(alone):
            log.append(f"{name}+")
            time.sleep(hold_s)
            log.append(f"{name}-")
    thread = threading.Thread(target=body)
    thread.start()
    return thread


@contextmanager
def _locks(n: int) -> Iterator[list[SoloLock]]:
    """One SoloLock per simulated test process (flock conflicts between open file descriptions)."""
    run = uuid.uuid4().hex
    locks = [SoloLock(run) for _ in range(n)]
    try:
        yield locks
    finally:
        for lock in locks:
            lock.close()


def test_a_solo_holder_waits_for_the_running_test_and_keeps_later_ones_out() -> None:
    log: list[str] = []
    with _locks(3) as (shared_a, solo, shared_b):
        a = _run(shared_a, False, log, "a", 0.3)
        time.sleep(0.05)
        s = _run(solo, True, log, "solo", 0.2)
        time.sleep(0.05)
        b = _run(shared_b, False, log, "b", 0.05)  # arrives while solo waits: must not overtake it
        for t in (a, s, b):
            t.join(5)
    assert log == ["a+", "a-", "solo+", "solo-", "b+", "b-"], log


def test_shared_holders_run_side_by_side() -> None:
    log: list[str] = []
    with _locks(2) as (one, two):
        a = _run(one, False, log, "a", 0.3)
        time.sleep(0.05)
        b = _run(two, False, log, "b", 0.05)
        a.join(5)
        b.join(5)
    assert log == ["a+", "b+", "b-", "a-"], log
