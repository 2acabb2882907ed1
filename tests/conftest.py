"""Shared fixtures: an engine on a temporary database with a fake clock, no network."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterator

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Never pick up a developer's real key or config in tests.
os.environ.pop("DASHSCOPE_API_KEY", None)
os.environ.setdefault("MAGI_NO_KEYRING", "1")
# The suite runs on the hashing embedder (2,000+ texts/s); tests of the bundled model ask for it
# by name (tests/providers/test_bundled_model.py, tests/retrieval/test_semantic_recall.py).
os.environ.setdefault("MAGI_EMBEDDING_PROVIDER", "hashing")

from memory_core.clock import FakeClock  # noqa: E402
from memory_core.config import MemoryConfig  # noqa: E402
from memory_core.engine import MemoryEngine  # noqa: E402

from tests.helpers import T0  # noqa: E402
from tests.solo_lock import SoloLock  # noqa: E402

_solo_lock: SoloLock | None = None


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist every worker opens the run's lock files (``tests/solo_lock.py``)."""
    global _solo_lock
    worker = getattr(config, "workerinput", None)
    if worker is not None:
        _solo_lock = SoloLock(worker["testrunuid"])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    """A ``solo`` test runs alone; any other shares the machine with the other worker's."""
    if _solo_lock is None:
        yield
        return
    with _solo_lock.hold(alone=item.get_closest_marker("solo") is not None):
        yield


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default data folder points at a temp dir: no test touches the user's real memory."""
    monkeypatch.setenv("MAGI_DATA_DIR", str(tmp_path_factory.mktemp("magi-data")))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


@pytest.fixture
def make_engine(tmp_path: Path, clock: FakeClock) -> Iterator[Callable[..., MemoryEngine]]:
    engines: list[MemoryEngine] = []

    def factory(name: str = "memory.db", *, layers: tuple[str, ...] | None = None, **kwargs) -> MemoryEngine:
        config = MemoryConfig(data_dir=tmp_path)
        if layers is not None:
            config.layers = layers
        engine = MemoryEngine(tmp_path / name, config=config, clock=kwargs.pop("clock", clock), **kwargs)
        engines.append(engine)
        return engine

    yield factory
    for engine in engines:
        try:
            engine.close()
        except Exception:  # noqa: BLE001 - already closed by the test
            pass


@pytest.fixture
def engine(make_engine: Callable[..., MemoryEngine]) -> MemoryEngine:
    return make_engine()
