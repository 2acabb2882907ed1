"""The UI thread stays responsive while memory works: a 10 ms QTimer on the UI thread, while 10k
events are ingested in the background (with the engine's own workers — embeddings, L2
projection, L3, L4 — running too, and the timeline reloading every second as events arrive).

The bound is the product target: no gap over 50 ms. Measured on a quiet 2-core machine: worst gap
20–36 ms over seven runs (idle baseline 11–19 ms), 18–30 ms with a CPU hog on one core. What it
took (each found by timing every Qt event the UI thread dispatched during the ingest): the
timeline table paints from C++ items instead of ~1,000 Python ``data()`` calls per repaint (each
waited for a GIL hand-over while reader threads ran Python: 15–22 ms per repaint, was 7 ms
alone), the histogram has no axis grid (replaying the grid picture cost ~6 ms per repaint) and is
redrawn in an event-loop turn of its own, and status-bar text no longer widens the window (which
re-laid out and repainted all of it, ~30 ms)."""

from __future__ import annotations

import os
import time

import pytest
from PySide6.QtCore import QTimer

from magi_desktop.jobs import BackgroundJob
from magi_desktop.main_window import MainWindow
from magi_desktop.sample_data import generate_payloads
from magi_desktop.settings import AppSettings
from tests.ui.conftest import UI_NOW
from tests.ui.cpu_share import ForeignCpu

TARGET_GAP_S = 0.050
#: other processes busier than this (in cores, on average during the ingest) make a missed bound
#: the machine's, not the app's: the test then skips and says so instead of failing
FOREIGN_CPU_MAX = 0.5
N_EVENTS = 10_000
#: the desktop's own file ingest commits 100 events per request (ingest_file_job's default)
BATCH = 100


def _max_gap(qtbot, ms: int) -> float:
    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()
    qtbot.wait(ms)
    timer.stop()
    return max(gaps) if gaps else 0.0


@pytest.mark.slow
@pytest.mark.parametrize("tab", ["timeline", "entities"])
def test_ui_timer_gap_during_10k_ingest(qtbot, host_on, tmp_path, capsys, tab) -> None:
    """With the panels that redraw while events arrive: the timeline (table + histogram, reloaded
    once a second) and the L2 entity graph (entity list and graph, reloaded as L2 projects)."""
    host = host_on(tmp_path / "r" / "memory.db", start_workers=True)
    window = MainWindow(host, AppSettings(data_dir=tmp_path / "r"))
    qtbot.addWidget(window)
    window.show()
    window.tabs.setCurrentWidget(getattr(window, tab))
    qtbot.wait(800)  # first paint, font loading: before the measurement starts
    baseline = _max_gap(qtbot, 1500)  # the same timer with nothing going on: the machine's own jitter
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    if load > (os.cpu_count() or 1) * 1.5 and not os.environ.get("MAGI_MEASURE_UNDER_LOAD"):
        pytest.skip(f"machine overloaded by other processes (load average {load:.1f} on {os.cpu_count()} "
                    "cores): a 50 ms scheduling bound cannot be measured")
    if baseline >= TARGET_GAP_S and not os.environ.get("MAGI_MEASURE_UNDER_LOAD"):
        pytest.skip(f"this machine is too busy to measure a {TARGET_GAP_S * 1000:.0f} ms bound: "
                    f"an idle UI timer already sees {baseline * 1000:.0f} ms gaps")
    payloads = list(generate_payloads(N_EVENTS, start=UI_NOW - 20 * 86400, seed=3))
    engine = host.engine

    def ingest(progress, cancelled):
        done = 0
        for i in range(0, len(payloads), BATCH):
            done += engine.ingest_payloads(payloads[i:i + BATCH]).ingested
            host.notify_changed("events")
            progress(i + BATCH, len(payloads), "")
        return done

    gaps: list[float] = []
    at: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        at.append(now - started)
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    job = BackgroundJob("ingest", ingest)
    window.jobs_bar.add(job)
    foreign = ForeignCpu().start()
    timer.start()
    started = time.perf_counter()
    last[0] = started
    job.start()
    qtbot.waitUntil(job.done.is_set, timeout=180_000)
    ingest_s = time.perf_counter() - started
    # the coalesced reload after the last batch (measured too: the timer still runs)
    if tab == "timeline":
        qtbot.waitUntil(lambda: window.timeline.model.rowCount() == N_EVENTS, timeout=10_000)
        qtbot.wait(300)
    else:
        qtbot.wait(1500)
    timer.stop()
    others = foreign.cores()
    assert job.result == N_EVENTS, job.error
    worst = max(gaps)
    with capsys.disabled():
        print(f"\nUI responsiveness ({tab} shown): {N_EVENTS:,} events ingested in {ingest_s:.1f} s with workers running; "
              f"load average {load:.1f}; {len(gaps)} timer ticks, max gap {worst * 1000:.1f} ms (idle baseline {baseline * 1000:.1f} ms), "
              f"p99 {sorted(gaps)[int(len(gaps) * 0.99)] * 1000:.1f} ms; other processes used "
              f"{'?' if others is None else f'{others:.2f}'} cores meanwhile; worst at "
              + ", ".join(f"{at[i]:.2f}s:{gaps[i] * 1000:.0f}ms" for i in sorted(
                  range(len(gaps)), key=lambda i: -gaps[i])[:5]))
    if tab == "timeline":
        assert window.timeline.model.rowCount() == N_EVENTS
    if worst >= TARGET_GAP_S and others is not None and others > FOREIGN_CPU_MAX:
        pytest.skip(f"the UI thread stalled for {worst * 1000:.0f} ms while other processes kept "
                    f"{others:.2f} cores busy: not a measurement of the app")
    assert worst < TARGET_GAP_S, f"the UI thread stalled for {worst * 1000:.0f} ms"
