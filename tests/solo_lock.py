"""Tests marked ``solo`` run while no other test of the suite runs.

The suite runs its files on two processes (``pytest -n 2 --dist loadfile``, README). A
scheduling measurement — the UI thread's largest timer gap while memory works — is a claim
about the app only when nothing else keeps the machine's two cores busy; next to another test
process it would mostly measure the neighbour (and ``tests/ui/cpu_share`` would turn a missed
bound into a skip). So every test holds a lock across its whole run protocol (fixture set-up
included: a module fixture may work for a minute), shared by ordinary tests and exclusive for a
``solo`` one.

Linux ``flock`` does not queue a waiting exclusive lock ahead of new shared ones, so a process
running short tests back to back could keep a ``solo`` test waiting indefinitely; a turnstile
lock in front (taken briefly by every entrant, and held by a ``solo`` test while it waits for the
room) lets at most the neighbour's current test finish first.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


class SoloLock:
    """Two lock files shared by every process of one test run."""

    def __init__(self, run_id: str) -> None:
        base = Path(tempfile.gettempdir()) / f"magi-pytest-{run_id}"
        self._turn = os.open(f"{base}.turn", os.O_RDWR | os.O_CREAT, 0o600)
        self._room = os.open(f"{base}.room", os.O_RDWR | os.O_CREAT, 0o600)

    @contextmanager
    def hold(self, alone: bool) -> Iterator[None]:
        fcntl.flock(self._turn, fcntl.LOCK_EX)
        try:
            fcntl.flock(self._room, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        finally:
            fcntl.flock(self._turn, fcntl.LOCK_UN)
        try:
            yield
        finally:
            fcntl.flock(self._room, fcntl.LOCK_UN)

    def close(self) -> None:
        os.close(self._turn)
        os.close(self._room)
