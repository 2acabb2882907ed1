"""The bench's memory figures belong to the process they are reported for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from memory_core.bench.measure import peak_rss_mb

CHILD = "from memory_core.bench.measure import peak_rss_mb; print(peak_rss_mb())"


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="VmHWM is a Linux /proc figure")
def test_a_child_reports_its_own_peak_not_its_parents() -> None:
    """Linux's ru_maxrss carries the parent's high-water mark into a child across fork + exec:
    the cold-start bench's child once reported the 650 MB its parent held after building the
    store. With 300 MB resident here, a fresh interpreter must still report its own few tens."""
    ballast = bytearray(300 * 1024 * 1024)
    for i in range(0, len(ballast), 4096):
        ballast[i] = 1
    assert peak_rss_mb() >= 300
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2])
    child = float(out.stdout.strip())
    del ballast
    assert 0 < child < 200, child
