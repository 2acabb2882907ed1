"""Fixtures for the desktop app tests: engine hosts on an empty and on a generated 100k-event DB.

The 100k database is generated once per test session through the engine's batch write path
(~10 s on two cores) and copied for tests that delete. Engine workers are not started here
(``start_workers=False``): the panels are under test, not the embedding of 100k events, and a
background embedder would steal one of the machine's two cores from every test.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Callable, Iterator

import pytest

pytest.importorskip("PySide6")

from magi_desktop.engine_host import EngineHost  # noqa: E402
from magi_desktop.sample_data import bulk_ingest, generate_payloads  # noqa: E402
from memory_core.clock import FakeClock  # noqa: E402
from memory_core.config import MemoryConfig  # noqa: E402
from memory_core.engine import MemoryEngine  # noqa: E402

from tests.helpers import T0  # noqa: E402

BIG_N = 100_000
BIG_START = T0 - 90 * 86400.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/ui/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.qt)


def _engine_factory(db_path: Path, clock: FakeClock, **kw) -> Callable[[], MemoryEngine]:
    def factory() -> MemoryEngine:
        config = MemoryConfig(data_dir=db_path.parent)
        config.providers.offline_only = True
        return MemoryEngine(db_path, config=config, clock=clock, **kw)
    return factory


@pytest.fixture(scope="session")
def big_db_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.db"
    config = MemoryConfig(data_dir=path.parent)
    started = time.perf_counter()
    with MemoryEngine(path, config=config, clock=FakeClock(T0), layers=()) as engine:
        written = bulk_ingest(engine, generate_payloads(BIG_N, start=BIG_START))
    assert written == BIG_N, written
    print(f"\ngenerated the {BIG_N:,}-event database in {time.perf_counter() - started:.1f} s")
    return path


@pytest.fixture
def big_db_copy(big_db_template: Path, tmp_path: Path) -> Path:
    dest = tmp_path / "big" / "big.db"
    dest.parent.mkdir()
    shutil.copy(big_db_template, dest)
    return dest


@pytest.fixture
def host_on(qtbot, clock: FakeClock) -> Iterator[Callable[..., EngineHost]]:
    hosts: list[EngineHost] = []

    def make(db_path: Path, *, start_workers: bool = False, **kw) -> EngineHost:
        host = EngineHost(_engine_factory(db_path, clock, **kw), start_workers=start_workers)
        with qtbot.waitSignal(host.ready, timeout=60_000):
            host.start()
        hosts.append(host)
        return host

    yield make
    for host in hosts:
        host.stop()


@pytest.fixture
def empty_host(host_on, tmp_path: Path) -> EngineHost:
    return host_on(tmp_path / "empty" / "memory.db")


@pytest.fixture
def big_host(host_on, big_db_template: Path) -> EngineHost:
    """Read-only use of the shared 100k database (tests that delete use ``big_host_rw``)."""
    return host_on(big_db_template)


@pytest.fixture
def big_host_rw(host_on, big_db_copy: Path) -> EngineHost:
    return host_on(big_db_copy)


def wait_idle(qtbot, *panels, timeout: int = 20_000) -> None:
    qtbot.waitUntil(lambda: all(p.idle for p in panels), timeout=timeout)
