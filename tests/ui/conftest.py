"""Fixtures for the desktop app tests: engine hosts on an empty, a demo and a 100k-event DB.

* demo DB: the bundled sample (worked example, move story, sensors, tool calls) ingested and
  every derived layer run to idle — real L2 entities/edges/assertions, L3 summaries, L4 skills.
* 100k DB: 100,000 generated events (``magi_desktop.sample_data``, written through the engine's
  batch path with L4 on, so tool executions become skills) plus the demo sample, derived layers
  run to idle with the embedding worker paused (embedding 100k events is not what these tests
  test). Building it takes ~30 s on two cores, so it is cached under the temp dir keyed by the
  migrations, the generator and the sample; a changed schema builds a new one.

Engine workers are not started by the hosts here (``start_workers=False``) unless a test asks:
a background embedder would steal one of the machine's two cores from every test.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import time
from importlib import resources
from pathlib import Path
from typing import Callable, Iterator

import pytest

pytest.importorskip("PySide6")

from magi_desktop.engine_host import EngineHost  # noqa: E402
from magi_desktop.engine_server import EngineSpec  # noqa: E402
from magi_desktop.sample_data import bulk_ingest, generate_payloads  # noqa: E402
from memory_core.clock import FakeClock  # noqa: E402
from memory_core.config import MemoryConfig  # noqa: E402
from memory_core.engine import MemoryEngine, WorkerStatus  # noqa: E402

BIG_N = 100_000
#: one day after the bundled sample's last event: "now" for every UI test
UI_NOW = 1_795_227_300.0 + 86400.0
BIG_START = UI_NOW - 120 * 86400.0
_CACHE_FORMAT = "3"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/ui/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.qt)


def sample_path() -> Path:
    return Path(str(resources.files("memory_core.resources").joinpath("sample_memory.jsonl")))


def _config(db_path: Path) -> MemoryConfig:
    config = MemoryConfig(data_dir=db_path.parent)
    config.providers.offline_only = True
    return config


def _derive_demo(db_path: Path, clock: FakeClock) -> dict[str, int]:
    """Ingest the bundled sample and run every derived layer (embeddings paused) to idle."""
    with MemoryEngine(db_path, config=_config(db_path), clock=clock) as engine:
        engine.worker_status["embedding"] = WorkerStatus("embedding", paused=True)
        report = engine.ingest_jsonl(sample_path())
        assert not report.rejected, report.rejected
        return engine.run_until_idle()


def _park_generated_projection(db_path: Path, clock: FakeClock) -> None:
    """Give the generated events L2 jobs marked failed, with the reason, instead of projecting them.

    Projecting ~60k eligible sensor events with the offline extractor takes ~15 minutes on two
    cores; the panels' behaviour does not depend on it (the demo sample is projected for real).
    The jobs stay visible as failed in stats and the inspector, and L2's backfill (which enqueues
    events without a job on every open) leaves them alone.
    """
    with MemoryEngine(db_path, config=_config(db_path), clock=clock, layers=()) as engine:
        from memory_core.db.migrate import migrate  # noqa: F401 - the L2 tables exist already

        with engine.db.write() as conn:
            conn.execute(
                "INSERT OR IGNORE INTO l2_projection_jobs(event_id, event_seq, batch_key, occurred_at, state, "
                "attempts, last_error, created_at, updated_at) "
                "SELECT event_id, seq, coalesce(session_id, l2_batch_owner, 'source:' || source), occurred_at, "
                "'failed', 0, 'test fixture: generated background event, not projected (too slow offline)', ?, ? "
                "FROM fact_events WHERE cognition_eligible = 1 AND l1_retrieval_scope = 'fact_authoritative'",
                (clock.now(), clock.now()))


def _cache_key() -> str:
    h = hashlib.sha256(_CACHE_FORMAT.encode())
    migrations = Path(str(resources.files("memory_core.db").joinpath("migrations")))
    for f in sorted(migrations.glob("*.sql")):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    import magi_desktop.sample_data as gen

    h.update(Path(gen.__file__).read_bytes())
    h.update(sample_path().read_bytes())
    return h.hexdigest()[:16]


@pytest.fixture(autouse=True)
def _isolated_qsettings(tmp_path_factory: pytest.TempPathFactory) -> None:
    """QSettings (window state, provider choice) go to a temp dir, never the user's real ones."""
    from PySide6.QtCore import QSettings

    where = str(tmp_path_factory.mktemp("qsettings"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for fmt in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, where)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(UI_NOW)


@pytest.fixture(scope="session")
def demo_db_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo") / "demo.db"
    _derive_demo(path, FakeClock(UI_NOW))
    return path


@pytest.fixture(scope="session")
def big_db_template() -> Path:
    cache = Path(tempfile.gettempdir()) / "magi-ui-test-cache" / _cache_key()
    path = cache / "big.db"
    if path.exists():
        return path
    cache.mkdir(parents=True, exist_ok=True)
    partial = cache / f"building-{os.getpid()}"
    partial.mkdir(exist_ok=True)
    tmp_db = partial / "big.db"
    started = time.perf_counter()
    clock = FakeClock(UI_NOW)
    with MemoryEngine(tmp_db, config=_config(tmp_db), clock=clock, layers=("l4",)) as engine:
        written = bulk_ingest(engine, generate_payloads(BIG_N, start=BIG_START, span_days=110))
    assert written == BIG_N, written
    _park_generated_projection(tmp_db, clock)
    _derive_demo(tmp_db, clock)
    for suffix in ("-wal", "-shm"):
        Path(str(tmp_db) + suffix).unlink(missing_ok=True)
    os.replace(tmp_db, path)
    shutil.rmtree(partial, ignore_errors=True)
    print(f"\nbuilt the {BIG_N:,}-event database in {time.perf_counter() - started:.1f} s ({path})")
    return path


def _copy(template: Path, dest_dir: Path) -> Path:
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / template.name
    shutil.copy(template, dest)
    return dest


@pytest.fixture
def host_on(qtbot, clock: FakeClock) -> Iterator[Callable[..., EngineHost]]:
    hosts: list[EngineHost] = []

    def make(db_path: Path, *, start_workers: bool = False, layers: tuple[str, ...] | None = None,
             offline_guard: bool = False) -> EngineHost:
        spec = EngineSpec(db_path=str(db_path), config=_config(db_path).to_json(), clock_start=clock.now(),
                          layers=layers, start_workers=start_workers, offline_guard=offline_guard,
                          paused_workers=() if start_workers else ("embedding",))
        db_path.parent.mkdir(parents=True, exist_ok=True)
        host = EngineHost(spec)
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
def demo_host(host_on, demo_db_template: Path, tmp_path: Path) -> EngineHost:
    """The derived demo memory (a private copy: tests may change it)."""
    return host_on(_copy(demo_db_template, tmp_path / "demo"))


@pytest.fixture
def big_host(host_on, big_db_template: Path, tmp_path: Path) -> EngineHost:
    """A private copy of the 100k database (copying 120 MB costs ~0.1 s; tests may delete). The
    copy is flushed to disk first: the kernel writing 120 MB back later, while a test measures the
    UI thread's gaps, would be the disk's stall, not the app's."""
    db = _copy(big_db_template, tmp_path / "big")
    if hasattr(os, "sync"):
        os.sync()
    return host_on(db)


def wait_idle(qtbot, *panels, timeout: int = 20_000) -> None:
    qtbot.waitUntil(lambda: all(p.idle for p in panels), timeout=timeout)


def show_panel(qtbot, panel_cls, host, size=(1300, 800)):
    panel = panel_cls(host)
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    panel.reload()
    wait_idle(qtbot, panel)
    return panel
