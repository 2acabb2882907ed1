"""How much CPU other processes used while a test measured a scheduling bound (Linux /proc).

A UI-latency bound is a claim about the app; when other programs keep the machine's cores busy
meanwhile, a missed bound says nothing about the app. The load average cannot tell (it is a
one-minute moving average: two CPU hogs started a moment before the test showed 0.8), so this
counts CPU time directly: all busy time of the machine (``/proc/stat``, including *steal*: time
a virtual machine's hypervisor gave this VM's cores to others) minus that of the test's own
process tree (its process and every descendant: the engine process, bulk workers). Seen on the
2-core VM: quiet runs 0.00–0.12 cores; runs where the UI gap rose to 42–79 ms had 0.30–0.62,
mostly steal.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass


def _machine_busy() -> tuple[int, int] | None:
    """(busy ticks including steal, steal ticks) of all cores since boot."""
    try:
        with open("/proc/stat", encoding="ascii") as fh:
            fields = [int(x) for x in fh.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return user + nice + system + irq + softirq + steal, steal


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
    _start: tuple[float, int, int, int] | None = None
    #: the last ``cores()`` reading, and how much of it the hypervisor stole
    last: float | None = None
    steal: float | None = None

    def start(self) -> "ForeignCpu":
        now = _machine_busy()
        self._start = None if now is None else (time.monotonic(), *now, _tree_busy(self.root))
        return self

    def cores(self) -> float | None:
        now = _machine_busy()
        if self._start is None or now is None:
            return None
        t0, busy0, steal0, own0 = self._start
        per_s = os.sysconf("SC_CLK_TCK") * max(time.monotonic() - t0, 1e-6)
        self.steal = (now[1] - steal0) / per_s
        self.last = max(0.0, ((now[0] - busy0) - (_tree_busy(self.root) - own0)) / per_s)
        return self.last

    def describe(self) -> str:
        """The last ``cores()`` reading in words."""
        others = self.last if self.last is not None else self.cores()
        if others is None:
            return "CPU use of other processes unknown"
        return f"other processes and the hypervisor used {others:.2f} cores meanwhile (steal {self.steal:.2f})"
