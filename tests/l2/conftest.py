"""L2 test fixtures: an engine with L2 only (no L3/L4 workers), offline providers, FakeClock."""

from __future__ import annotations

from typing import Callable

import pytest

from memory_core.engine import MemoryEngine


@pytest.fixture
def l2_engine(make_engine: Callable[..., MemoryEngine]) -> MemoryEngine:
    return make_engine(layers=("l2",))


def project(engine: MemoryEngine) -> dict[str, int]:
    """Run every worker until idle (projection, vectors, snapshots, expiry)."""
    return engine.run_until_idle()
