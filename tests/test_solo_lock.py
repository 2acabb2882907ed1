"""The suite's solo lock (tests/solo_lock.py): a ``solo`` test waits for running tests, keeps
new ones out while it waits, and runs with none beside it."""

from __future__ import annotations

import threading
import time
import uuid

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


def test_a_solo_holder_waits_for_the_running_test_and_keeps_later_ones_out() -> None:
    run = uuid.uuid4().hex
    # one SoloLock per simulated process: flock conflicts between open file descriptions
    shared_a, solo, shared_b = SoloLock(run), SoloLock(run), SoloLock(run)
    log: list[str] = []
    try:
        a = _run(shared_a, False, log, "a", 0.3)
        time.sleep(0.05)
        s = _run(solo, True, log, "solo", 0.2)
        time.sleep(0.05)
        b = _run(shared_b, False, log, "b", 0.05)  # arrives while solo waits: must not overtake it
        for t in (a, s, b):
            t.join(5)
    finally:
        for lock in (shared_a, solo, shared_b):
            lock.close()
    assert log == ["a+", "a-", "solo+", "solo-", "b+", "b-"], log


def test_shared_holders_run_side_by_side() -> None:
    run = uuid.uuid4().hex
    one, two = SoloLock(run), SoloLock(run)
    log: list[str] = []
    try:
        a = _run(one, False, log, "a", 0.3)
        time.sleep(0.05)
        b = _run(two, False, log, "b", 0.05)
        a.join(5)
        b.join(5)
    finally:
        one.close()
        two.close()
    assert log == ["a+", "b+", "b-", "a-"], log
