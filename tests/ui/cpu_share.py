"""How much CPU other processes used while a test measured a scheduling bound (Linux /proc).

A UI-latency bound is a claim about the app; when other programs keep the machine's cores busy
meanwhile, a missed bound says nothing about the app. The load average cannot tell (it is a
one-minute moving average: two CPU hogs started a moment before the test showed 0.8), so this
counts CPU time directly: all busy time of the machine (``/proc/stat``) minus that of the test's
own process tree (its process and every descendant: the engine process, bulk workers).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass


def _machine_busy() -> int | None:
    try:
        with open("/proc/stat", encoding="ascii") as fh:
            fields = [int(x) for x in fh.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return user + nice + system + irq + softirq + steal


def _tree_busy(root: int) -> int:
    """utime + stime (+ reaped children's) of ``root`` and all its descendants, in clock ticks."""
    children: dict[int, list[int]] = {}
    used: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as fh:
                rest = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # exited meanwhile
        pid, ppid = int(name), int(rest[1])
        children.setdefault(ppid, []).append(pid)
        used[pid] = sum(int(x) for x in rest[11:15])  # utime stime cutime cstime
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += used.get(pid, 0)
        todo.extend(children.get(pid, ()))
    return total


@dataclass
class ForeignCpu:
    """``start()`` … ``cores()``: CPU cores other processes kept busy on average meanwhile
    (None where /proc is not there to tell)."""

    root: int = os.getpid()
    _start: tuple[float, int, int] | None = None

    def start(self) -> "ForeignCpu":
        busy = _machine_busy()
        self._start = None if busy is None else (time.monotonic(), busy, _tree_busy(self.root))
        return self

    def cores(self) -> float | None:
        busy = _machine_busy()
        if self._start is None or busy is None:
            return None
        t0, busy0, own0 = self._start
        elapsed = max(time.monotonic() - t0, 1e-6)
        foreign_ticks = (busy - busy0) - (_tree_busy(self.root) - own0)
        return max(0.0, foreign_ticks / os.sysconf("SC_CLK_TCK") / elapsed)
