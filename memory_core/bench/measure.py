"""Timing and resource helpers shared by the benchmark runners."""

from __future__ import annotations

import os
import resource
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Sequence

import numpy as np


def percentiles(samples_s: Sequence[float]) -> dict[str, float]:
    """p50/p95/p99/mean/max in milliseconds (empty → {})."""
    if not samples_s:
        return {}
    a = np.asarray(samples_s, dtype=np.float64) * 1000.0
    p50, p95, p99 = np.percentile(a, [50, 95, 99])
    return {"n": int(a.size), "p50_ms": round(float(p50), 3), "p95_ms": round(float(p95), 3),
            "p99_ms": round(float(p99), 3), "mean_ms": round(float(a.mean()), 3),
            "max_ms": round(float(a.max()), 3)}


@dataclass
class Stopwatch:
    """Accumulates the time spent inside ``with sw:`` blocks: wall clock, and the calling
    thread's CPU time (``cpu_total``), which other processes on a shared machine inflate far
    less than the wall clock (a ratio of two CPU totals stays put when the load moves)."""

    total: float = 0.0
    laps: list[float] = field(default_factory=list)
    cpu_total: float = 0.0

    @contextmanager
    def __call__(self) -> Iterator[None]:
        t0, c0 = time.perf_counter(), time.thread_time()
        try:
            yield
        finally:
            dt = time.perf_counter() - t0
            self.cpu_total += time.thread_time() - c0
            self.total += dt
            self.laps.append(dt)


def peak_rss_mb() -> float:
    """This process's peak resident set size: ``VmHWM`` where the kernel reports it, else
    ``ru_maxrss`` (KiB on Linux, bytes on macOS).

    Why not ``ru_maxrss`` first: Linux carries the parent's high-water mark into a child across
    fork + exec (the child's ``ru_maxrss`` is at least what its parent had resident when it
    forked). A bench child started by a parent that had just built a 100k store reported that
    parent's 650 MB as its own; ``VmHWM`` belongs to the child's own address space (310 MB)."""
    hwm = memory_now().get("VmHWM")
    if hwm:
        return hwm
    scale = 1024.0 * 1024.0 if sys.platform == "darwin" else 1024.0
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / scale, 1)


def memory_now() -> dict[str, float]:
    """Current resident memory split as the kernel reports it: anonymous (the heap: numpy
    caches, Python objects) vs file-backed (mostly the database pages SQLite memory-maps, which
    are page cache shared with the OS, not memory the process owns). Linux only."""
    out: dict[str, float] = {}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
                out[key] = round(int(rest.split()[0]) / 1024.0, 1)
    except OSError:
        pass
    return out


#: a SQLite database in WAL mode is these files together
DB_FILE_SUFFIXES = ("", "-wal", "-shm")


def remove_db(path: Path) -> None:
    """Delete a database with its WAL and shared-memory files (a stale -wal next to a new main
    file would be replayed into it)."""
    for suffix in DB_FILE_SUFFIXES:
        Path(str(path) + suffix).unlink(missing_ok=True)


def db_bytes(path: Path) -> int:
    """Main file + WAL (+ shm): what the database occupies on disk right now."""
    total = 0
    for suffix in DB_FILE_SUFFIXES:
        p = Path(str(path) + suffix)
        if p.exists():
            total += p.stat().st_size
    return total


def machine() -> dict[str, object]:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gb = None
    try:
        mem_gb = round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1)
    except (ValueError, OSError):
        pass
    import platform

    import apsw
    import sqlite_vec

    return {"nproc": os.cpu_count(), "loadavg_at_start": [round(x, 2) for x in os.getloadavg()], "cpu_model": model, "memory_gib": mem_gb,
            "python": platform.python_version(), "platform": platform.platform(),
            "sqlite": apsw.sqlite_lib_version(), "apsw": apsw.apsw_version(), "sqlite_vec": getattr(sqlite_vec, "__version__", "?"),
            "numpy": np.__version__}
