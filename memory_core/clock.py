"""Injectable clocks: TTLs, breakers, sliding windows and recency must be testable without sleeping."""

from __future__ import annotations

import threading
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Unix seconds."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class FakeClock:
    """A manually advanced clock, shared safely between the test thread and worker threads."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._t = float(start)
        self._lock = threading.Lock()

    def now(self) -> float:
        with self._lock:
            return self._t

    def advance(self, seconds: float) -> float:
        with self._lock:
            self._t += seconds
            return self._t

    def set(self, t: float) -> None:
        with self._lock:
            self._t = float(t)
