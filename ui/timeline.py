"""Panel 1, the L1 timeline: every fact event, filterable, searchable, with its derived objects.

The table is virtual (``timeline_model``): the model holds the ordered ``seq`` snapshot of the
current filter and only the rows in view hold cells, filled from pages fetched on a reader
thread. 100k rows scroll like 100. A reload (new events, a filter) keeps what the user is looking
at: the selection, the current event and its detail, and — when scrolled down — the row at the
top of the view stay where they are. The activity histogram above it is a ``GROUP BY`` in SQL;
dragging its region sets the time filter.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import time
from dataclasses import dataclass
from typing import Any, Sequence

import pyqtgraph as pg
from PySide6.QtCore import QDateTime, QItemSelection, QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDateTimeEdit, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QPushButton, QSplitter,
                               QTableView, QVBoxLayout, QWidget)

from magi_desktop.engine_host import EngineHost

from .derived import readable_derived
from .panel import Panel
from .timeline_model import CONTENT_COLUMN, FILL_MARGIN, TimelineModel, prepare_rows
from .timeline_query import (Histogram, TimelineFilter, distinct_values, histogram, load_event, load_listing,
                             load_rows, parse_search, positions)
from .widgets.cascade_dialog import (LAYER_NAMES, CascadePreviewDialog, describe_changes, humanize, is_zero,
                                     layer_order)
from .widgets.count_axis import CountAxis
from .widgets.date_axis import DateAxis
from .widgets.highlight import HighlightDelegate
from .widgets.formatting import dated, ts
from .widgets.kv_view import KeyValueTree

HIST_MIN_INTERVAL_S = 3.0
#: the histogram is redrawn in an event-loop turn of its own, after the table's repaint
HIST_DEFER_MS = 40
#: a selection up to this size survives a reload (re-selected by seq)
KEEP_SELECTION_MAX = 2000
ROW_HEIGHT = 22


@dataclass(frozen=True)
class ViewState:
    """What the user is looking at, by seq, so that a reload can put it back."""

    #: the row at the top of the view and how many pixels of it are scrolled out (None: the view
    #: is at the very top, where it stays — new events appear there)
    top_seq: int | None = None
    top_row: int = 0
    top_offset: int = 0
    current_seq: int | None = None
    selected: tuple[int, ...] = ()
    #: rows the view shows
    visible: int = 40

    def wanted(self) -> list[int]:
        return [s for s in (self.top_seq, self.current_seq) if s is not None] + list(self.selected)


def selection_runs(rows: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted rows as inclusive runs of consecutive rows (one selection range each)."""
    runs: list[tuple[int, int]] = []
    for r in sorted(rows):
        if runs and r == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], r)
        else:
            runs.append((r, r))
    return runs


class ActivityHistogram(pg.PlotWidget):
    """Events per time bucket; the draggable region is the time filter."""

    range_chosen = Signal(float, float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent, axisItems={"bottom": DateAxis(),
                                                   "left": CountAxis(orientation="left")})
        self.setBackground("w")
        self.setMenuEnabled(False)
        self.setMouseEnabled(x=True, y=False)
        self.getPlotItem().hideButtons()
        self.getPlotItem().setLabel("left", "events")
        self.setFixedHeight(150)
        self._bars: pg.BarGraphItem | None = None
        self.region = pg.LinearRegionItem(brush=pg.mkBrush(80, 140, 220, 40))
        self.region.setZValue(10)
        self.region.hide()
        self.addItem(self.region)
        self.region.sigRegionChangeFinished.connect(self._region_done)
        self.histogram: Histogram | None = None
        self._suppress = False

    def set_histogram(self, hist: Histogram) -> None:
        old = self.histogram
        self.histogram = hist
        if old is not None and old == hist:
            return
        if not hist.counts:
            if self._bars is not None:
                self.removeItem(self._bars)
                self._bars = None
            return
        w = hist.width_s
        if self._bars is None:
            self._bars = pg.BarGraphItem(x0=hist.starts, height=hist.counts, width=w * 0.9,
                                         brush=pg.mkBrush(70, 120, 200), pen=pg.mkPen(None))
            self.addItem(self._bars)
        else:  # update in place: cheaper than a new item (reloads during an ingest burst)
            self._bars.setOpts(x0=hist.starts, height=hist.counts, width=w * 0.9)
        x_range = (hist.starts[0], hist.starts[-1] + w)
        y_top = max(hist.counts) * 1.1
        if old is None or not old.counts or (old.starts[0], old.starts[-1] + old.width_s) != x_range:
            self.setXRange(*x_range, padding=0.02)
        if old is None or not old.counts or abs(max(old.counts) * 1.1 - y_top) > y_top * 0.1:
            self.setYRange(0, y_top, padding=0)

    def show_range(self, since: float | None, until: float | None) -> None:
        self._suppress = True
        try:
            if since is None and until is None:
                self.region.hide()
                return
            hist = self.histogram
            lo = since if since is not None else (hist.starts[0] if hist and hist.starts else 0.0)
            hi = until if until is not None else (hist.starts[-1] + hist.width_s
                                                  if hist and hist.starts else lo + 86400)
            self.region.setRegion((lo, hi))
            self.region.show()
        finally:
            self._suppress = False

    def _region_done(self) -> None:
        if self._suppress or not self.region.isVisible():
            return
        lo, hi = self.region.getRegion()
        self.range_chosen.emit(float(lo), float(hi))


class FilterCombo(QComboBox):
    """'any' plus the values present in the data."""

    def __init__(self, label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = label
        self.setMinimumWidth(130)
        self.set_values([])

    def set_values(self, values: Sequence[str]) -> None:
        if list(values) == [self.itemData(i) for i in range(1, self.count())]:
            return  # unchanged: rebuilding a combo re-measures every item (visible on reloads)
        current = self.value()
        self.blockSignals(True)
        self.clear()
        self.addItem(f"{self.label}: any", None)
        for v in values:
            self.addItem(v, v)
        if current is not None:
            i = self.findData(current)
            self.setCurrentIndex(i if i >= 0 else 0)
        self.blockSignals(False)

    def value(self) -> str | None:
        return self.currentData()

    def set_value(self, value: str | None) -> None:
        if value is not None and self.findData(value) < 0:
            self.addItem(value, value)
        self.setCurrentIndex(max(0, self.findData(value)) if value is not None else 0)


TIME_PRESETS = (("all time", None), ("last 24 hours", 86400.0), ("last 7 days", 7 * 86400.0),
                ("last 30 days", 30 * 86400.0), ("custom range", -1.0))


class TimelinePanel(Panel):
    title = "L1 timeline"
    #: the user asked to see a retrieval trace for this text
    trace_requested = Signal(str)

    def __init__(self, host: EngineHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.filter = TimelineFilter()
        self.preview_dialog: CascadePreviewDialog | None = None
        self.last_delete_report: Any = None
        self.detail: dict[str, Any] | None = None

        self.search = QLineEdit(placeholderText='Search memory (中文 or English; "a phrase" in quotes)…')
        self.search.setClearButtonEnabled(True)
        self.search.returnPressed.connect(self.apply_filters)
        self._search_timer = QTimer(self, singleShot=True, interval=350)
        self._search_timer.timeout.connect(self.apply_filters)
        self.search.textEdited.connect(lambda _t: self._search_timer.start())
        # how a text search matches and orders: any word (every-word events first) or every
        # word only; most relevant or newest first
        self.match_mode = QComboBox()
        self.match_mode.addItem("any word", False)
        self.match_mode.addItem("every word", True)
        self.match_mode.setToolTip('Which events a search lists: any word (those with every word first) or every '
                                   'word only. A "quoted phrase" must always occur as written.')
        self.order = QComboBox()
        self.order.addItem("best match first", False)
        self.order.addItem("newest first", True)
        self.order.setToolTip("How a search's hits are ordered (without a search the list is by date)")
        for combo in (self.match_mode, self.order):
            combo.currentIndexChanged.connect(lambda _i: self.apply_filters())
        self.source = FilterCombo("source")
        self.author = FilterCombo("author")
        self.evidence = FilterCombo("evidence")
        self.scope = FilterCombo("scope")
        for combo in (self.source, self.author, self.evidence, self.scope):
            combo.currentIndexChanged.connect(lambda _i: self.apply_filters())
        self.time_preset = QComboBox()
        for label, span in TIME_PRESETS:
            self.time_preset.addItem(label, span)
        self.time_preset.currentIndexChanged.connect(self._preset_changed)
        self.since_edit = QDateTimeEdit(calendarPopup=True, displayFormat="yyyy-MM-dd HH:mm")
        self.until_edit = QDateTimeEdit(calendarPopup=True, displayFormat="yyyy-MM-dd HH:mm")
        for edit in (self.since_edit, self.until_edit):
            edit.setVisible(False)
            edit.editingFinished.connect(self._custom_range_edited)
        clear = QPushButton("Clear filters")
        clear.clicked.connect(self.clear_filters)

        bar = QHBoxLayout()
        bar.addWidget(self.search, 3)
        for w in (self.match_mode, self.order, self.source, self.author, self.evidence, self.scope, self.time_preset,
                  self.since_edit, self.until_edit, clear):
            bar.addWidget(w)

        self.histogram = ActivityHistogram()
        self.histogram.range_chosen.connect(self._region_chosen)
        self._pending_hist: tuple[Histogram, TimelineFilter] | None = None
        self._hist_timer = QTimer(self, singleShot=True)
        self._hist_timer.timeout.connect(
            lambda: self._pending_hist is not None and self._draw_histogram(*self._pending_hist))

        self.model = TimelineModel(self)
        self.model.rows_requested.connect(self._fetch_rows)
        self._restoring = False
        self._detail_seq: int | None = None
        self._shown_filter: TimelineFilter | None = None
        #: an event to select once the list holds it (opened from chat before the list loaded)
        self._select_after_load: int | None = None
        self.table = QTableView()
        self.table.setModel(self.model)
        self.highlight = HighlightDelegate(self.table)  # the searched words, marked in the text
        self.table.setItemDelegateForColumn(CONTENT_COLUMN, self.highlight)
        self.model.selection = self.table.selectionModel()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        for col, width in enumerate((130, 110, 80, 150, 130)):
            header.resizeSection(col, width)
        header.setStretchLastSection(True)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        bar_v = self.table.verticalScrollBar()
        bar_v.valueChanged.connect(lambda _v: self._view_changed())
        bar_v.rangeChanged.connect(lambda _lo, _hi: self._view_changed())  # resized, rows changed

        self.count_label = QLabel("")
        self.delete_button = QPushButton("Delete selected…")
        self.delete_button.setEnabled(False)
        self.delete_button.clicked.connect(self.preview_delete_selected)
        self.trace_button = QPushButton("Trace this search")
        self.trace_button.setToolTip("Run the search text through memory_query and show the retrieval trace")
        self.trace_button.clicked.connect(lambda: self.trace_requested.emit(self.search.text()))
        self.table.selectionModel().selectionChanged.connect(
            lambda *_: self.delete_button.setEnabled(self.table.selectionModel().hasSelection()))

        self.detail_text = QLabel("Select an event to see its text, where it came from, what memory "
                                  "derived from it, and what deleting it would change.")
        self.detail_text.setWordWrap(True)
        self.detail_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail_text.setStyleSheet("QLabel { background: #fafafa; padding: 6px; border: 1px solid #ddd; }")
        self.detail_view = KeyValueTree()
        left = QWidget()
        left_lay = QVBoxLayout(left)
        left_lay.setContentsMargins(0, 0, 0, 0)
        left_lay.addWidget(self.histogram)
        left_lay.addWidget(self.table)
        foot = QHBoxLayout()
        foot.addWidget(self.count_label, 1)
        foot.addWidget(self.trace_button)
        foot.addWidget(self.delete_button)
        left_lay.addLayout(foot)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        detail_box = QWidget()
        dl = QVBoxLayout(detail_box)
        dl.setContentsMargins(0, 0, 0, 0)
        dl.addWidget(QLabel("<b>Event detail</b> — metadata and derived objects"))
        dl.addWidget(self.detail_text)
        dl.addWidget(self.detail_view, 1)
        split.addWidget(detail_box)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([800, 520])

        lay = QVBoxLayout(self)
        lay.addLayout(bar)
        lay.addWidget(split, 1)

    # -- filters -------------------------------------------------------------------------------

    def current_filter(self) -> TimelineFilter:
        preset = self.time_preset.currentData()
        since = until = None
        if preset == -1.0:
            since = self.since_edit.dateTime().toSecsSinceEpoch()
            until = self.until_edit.dateTime().toSecsSinceEpoch()
        elif preset:
            now = self.engine.clock.now() if self.engine is not None else dt.datetime.now().timestamp()
            since = now - preset
        return TimelineFilter(since=since, until=until, source=self.source.value(),
                              author_type=self.author.value(), evidence_class=self.evidence.value(),
                              scope=self.scope.value(), text=self.search.text().strip(),
                              every_word=bool(self.match_mode.currentData()), by_date=bool(self.order.currentData()))

    def set_filter(self, flt: TimelineFilter) -> None:
        """Set every filter widget at once and reload (used by tests and drill-downs)."""
        # the search box's signals stay on: only textEdited (typing) reloads, and blocking
        # textChanged left the line edit's clear button showing on an emptied field
        widgets = (self.match_mode, self.order, self.source, self.author, self.evidence, self.scope,
                   self.time_preset, self.since_edit, self.until_edit)
        for w in widgets:
            w.blockSignals(True)
        try:
            self.search.setText(flt.text)
            self.match_mode.setCurrentIndex(1 if flt.every_word else 0)
            self.order.setCurrentIndex(1 if flt.by_date else 0)
            self.source.set_value(flt.source)
            self.author.set_value(flt.author_type)
            self.evidence.set_value(flt.evidence_class)
            self.scope.set_value(flt.scope)
            if flt.since is None and flt.until is None:
                self.time_preset.setCurrentIndex(0)
                custom = False
            else:
                self.time_preset.setCurrentIndex(len(TIME_PRESETS) - 1)
                self.since_edit.setDateTime(QDateTime.fromSecsSinceEpoch(int(flt.since or 0)))
                self.until_edit.setDateTime(QDateTime.fromSecsSinceEpoch(
                    int(flt.until if flt.until is not None else 4_102_444_800)))
                custom = True
            self.since_edit.setVisible(custom)
            self.until_edit.setVisible(custom)
        finally:
            for w in widgets:
                w.blockSignals(False)
        self.apply_filters()

    def clear_filters(self) -> None:
        self.set_filter(TimelineFilter())

    def _preset_changed(self) -> None:
        custom = self.time_preset.currentData() == -1.0
        self.since_edit.setVisible(custom)
        self.until_edit.setVisible(custom)
        if custom and self.histogram.histogram and self.histogram.histogram.starts:
            h = self.histogram.histogram
            self.since_edit.setDateTime(QDateTime.fromSecsSinceEpoch(int(h.starts[0])))
            self.until_edit.setDateTime(QDateTime.fromSecsSinceEpoch(int(h.starts[-1] + h.width_s)))
        self.apply_filters()

    def _custom_range_edited(self) -> None:
        if self.time_preset.currentData() == -1.0:
            self.apply_filters()

    def _region_chosen(self, lo: float, hi: float) -> None:
        self.set_filter(self.current_filter().with_(since=lo, until=hi))

    def apply_filters(self) -> None:
        self.filter = self.current_filter()
        self.reload()

    # -- loading -------------------------------------------------------------------------------

    def _on_memory_changed(self, what: str) -> None:
        # a correction, a review decision, a deletion or background work may change what the
        # open event's detail says (its derived edge denied or superseded): re-read it after the
        # reload. New events alone change no existing event's detail (ingest bursts stay cheap).
        if what != "events":
            self._detail_stale = True
        super()._on_memory_changed(what)

    def reload(self) -> None:
        if not self.host.is_ready:
            return
        flt = self.filter
        auto = self.auto_reload
        state = self.view_state()
        same_filter = flt == self._shown_filter

        def work() -> dict[str, Any]:
            conn = self.host.engine.db.reader()
            seqs, all_words = load_listing(conn, flt)
            where = positions(seqs, state.wanted())
            n = len(seqs)
            if state.top_seq is None:
                top = 0
            else:  # the same row when the event at the top is gone; a new filter starts at the top
                top = where.get(state.top_seq, min(state.top_row, max(0, n - 1)) if same_filter else 0)
            window = seqs[max(0, top - FILL_MARGIN):top + state.visible + FILL_MARGIN].tolist()
            return {"seqs": seqs.tolist(), "where": where, "top": top, "all_words": all_words,
                    "rows": prepare_rows(load_rows(conn, window)),
                    "hist": histogram(conn, flt), "choices": distinct_values(conn)}

        self.call(work, on_done=lambda r: self._loaded(flt, state, r, auto))

    @property
    def idle(self) -> bool:
        """No read in flight or about to start, no histogram waiting to be drawn."""
        return super().idle and self._pending_hist is None and not self.model.pending_pages

    def view_state(self) -> ViewState:
        """The view's position, current event and selection, by seq (read on the UI thread)."""
        n = self.model.rowCount()
        visible = self.table.viewport().height() // ROW_HEIGHT + 1
        if n == 0:
            return ViewState(visible=visible)
        top_row = max(0, self.table.rowAt(0))
        top_seq = offset = None
        if self.table.verticalScrollBar().value() > 0:
            top_seq = self.model.seq_at(top_row)
            offset = -self.table.rowViewportPosition(top_row)
        current = self.table.selectionModel().currentIndex()
        current_seq = self.model.seq_at(current.row()) if current.isValid() and current.row() < n else None
        return ViewState(top_seq=top_seq, top_row=top_row, top_offset=offset or 0, current_seq=current_seq,
                         selected=tuple(self._selected_seqs(limit=KEEP_SELECTION_MAX) or ()), visible=visible)

    def _draw_histogram(self, hist: Histogram, flt: TimelineFilter) -> None:
        self._last_hist_draw = time.monotonic()
        self._pending_hist = None
        self.histogram.set_histogram(hist)
        self.histogram.show_range(flt.since, flt.until)

    def _loaded(self, flt: TimelineFilter, state: ViewState, result: dict[str, Any], auto: bool = False) -> None:
        if flt != self.filter:
            return  # a newer filter is loading
        pending_select = self._select_after_load
        choices = result["choices"]
        self.source.set_values(choices["source"])
        self.author.set_values(choices["author_type"])
        self.evidence.set_values(choices["evidence_class"])
        self.scope.set_values(choices["scope"])
        self._shown_filter = flt
        self.highlight.set_terms(parse_search(flt.text).terms if flt.text.strip() else [])
        self._restoring = True
        try:
            self.model.set_seqs(result["seqs"], result["rows"])
            self._restore(state, result["where"], result["top"])
        finally:
            self._restoring = False
        self._view_changed()
        # the plot is redrawn in a later event-loop turn than the table's repaint (each is a few
        # ms; together they were the longest stall of the UI thread during an ingest), and
        # during an ingest burst at most every HIST_MIN_INTERVAL_S; the last state always lands
        since_draw = time.monotonic() - getattr(self, "_last_hist_draw", 0.0)
        wait_ms = HIST_DEFER_MS
        if auto and since_draw < HIST_MIN_INTERVAL_S:
            wait_ms = max(wait_ms, int((HIST_MIN_INTERVAL_S - since_draw) * 1000) + 50)
        self._pending_hist = (result["hist"], flt)
        if not (auto and self._hist_timer.isActive()):
            self._hist_timer.start(wait_ms)
        n = len(result["seqs"])
        total = result["hist"].total
        filtered = any((flt.source, flt.author_type, flt.evidence_class, flt.scope, flt.text,
                        flt.since, flt.until))
        text = f"{n:,} events" + (f" (filtered; {total:,} in histogram)" if filtered else "")
        if result.get("all_words") is not None:
            order = "newest first" if flt.by_date else "by relevance"
            if flt.every_word:
                text += f" with every word, {order}"
            elif flt.by_date:
                text += f" · {result['all_words']:,} with every word · newest first"
            else:
                text += (f" · {result['all_words']:,} with every word, listed first by relevance"
                         if result["all_words"] else " · none has every word: best partial matches first")
            if n == 0:
                text = "No event matches this search. Try fewer or other words, or clear the filters."
        elif n == 0 and filtered:
            text = "No event matches these filters."
        elif n == 0:
            text = "Memory is empty. Memory → “Load the demo sample”, or import a JSONL file."
        self.count_label.setText(text)
        if getattr(self, "_detail_stale", False):
            self._detail_stale = False
            current = self.table.selectionModel().currentIndex()
            if self._detail_seq is not None and current.isValid() and \
                    self.model.seq_at(current.row()) == self._detail_seq:
                self.show_detail_for_seq(self._detail_seq)
        if pending_select is not None:
            self._select_after_load = None
            if pending_select in self.model.seqs():
                self.select_seq(pending_select)
        self.loaded.emit()

    def _restore(self, state: ViewState, where: dict[int, int], top: int) -> None:
        """Put back the view's position, the current event and the selection after a reload."""
        table = self.table
        n = self.model.rowCount()
        sel = table.selectionModel()
        runs = selection_runs([where[s] for s in state.selected if s in where])
        if runs:
            chosen = QItemSelection()
            last_col = self.model.columnCount() - 1
            for a, b in runs:
                chosen.select(self.model.index(a, 0), self.model.index(b, last_col))
            sel.select(chosen, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        current = where.get(state.current_seq) if state.current_seq is not None else None
        if current is not None:
            sel.setCurrentIndex(self.model.index(current, 0), QItemSelectionModel.SelectionFlag.NoUpdate)
        elif self._detail_seq is not None:
            self._detail_seq = None
            self.detail = None
            self.detail_view.clear()
        if n:  # after the current index: setting it scrolls the view to it
            table.doItemsLayout()  # the scroll range for the new row count, now
            table.verticalScrollBar().setValue(
                0 if state.top_seq is None
                else table.verticalHeader().sectionPosition(min(top, n - 1)) + state.top_offset)
        self.delete_button.setEnabled(sel.hasSelection())

    def _view_changed(self) -> None:
        """The rows in view changed (scroll, resize, new snapshot): give them their cells."""
        if self._restoring:
            return
        n = self.model.rowCount()
        if n == 0:
            return
        first = self.table.rowAt(0)
        last = self.table.rowAt(self.table.viewport().height() - 1)
        first = 0 if first < 0 else first
        last = n - 1 if last < 0 else last
        self.model.show_rows(first, last)

    def _fetch_rows(self, generation: int, page: int, seqs: list[int]) -> None:
        self.call(lambda: prepare_rows(load_rows(self.host.engine.db.reader(), seqs)),
                  on_done=lambda rows: self.model.rows_loaded(generation, page, seqs, rows))

    # -- selection and detail ------------------------------------------------------------------

    def select_rows(self, rows: Sequence[int]) -> None:
        sel = self.table.selectionModel()
        sel.clearSelection()
        for i, r in enumerate(rows):
            flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
            if i == 0:
                sel.setCurrentIndex(self.model.index(r, 0), flags)
            else:
                sel.select(self.model.index(r, 0), flags)

    def selected_seqs(self) -> list[int]:
        return self._selected_seqs() or []

    def _selected_seqs(self, limit: int | None = None) -> list[int] | None:
        """The selected rows' seqs in row order, read from the selection's ranges (a 100k-row
        selection is a handful of ranges, not 100k indexes); None when over ``limit``."""
        seqs = self.model.seqs()
        ranges = [(r.top(), r.bottom()) for r in self.table.selectionModel().selection()]
        if limit is not None and sum(b - a + 1 for a, b in ranges) > limit:
            return None
        rows: set[int] = set()
        for a, b in ranges:
            rows.update(range(a, b + 1))
        return [seqs[r] for r in sorted(rows) if r < len(seqs)]

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._restoring or not current.isValid():
            return  # a reload putting the current event back keeps the detail shown
        self.show_detail_for_seq(self.model.seq_at(current.row()))

    def show_detail_for_seq(self, seq: int) -> None:
        self._detail_seq = seq

        def work() -> dict[str, Any] | None:
            conn = self.host.engine.db.reader()
            row = conn.execute("SELECT event_id FROM fact_events WHERE seq = ?", (seq,)).fetchone()
            return None if row is None else event_detail(self.host.engine, row[0])

        self.call(work, on_done=self._show_detail)

    def show_event(self, event_id: str) -> None:
        """Show one event (from a chat answer's finding or a summary's drill-down), and select
        its row so it can be deleted or inspected in place: the list is cleared of filters that
        hide it, then scrolled to it."""
        self._detail_seq = None

        def loaded(detail: dict[str, Any] | None) -> None:
            self._show_detail(detail)
            if detail is not None:
                self.select_seq(int(detail["event"]["seq"]))

        self.call(lambda: event_detail(self.host.engine, event_id), on_done=loaded)

    def select_seq(self, seq: int) -> None:
        """Select and scroll to the event ``seq`` (clearing the filters first if they hide it)."""
        seqs = self.model.seqs()
        if seq not in seqs:  # hidden by a filter, or the list has not loaded yet
            self._select_after_load = seq
            if self.filter != TimelineFilter():
                self.clear_filters()
            else:
                self.reload()
            return
        row = seqs.index(seq)
        self.select_rows([row])
        self.table.scrollTo(self.model.index(row, 0), QAbstractItemView.ScrollHint.PositionAtCenter)

    def _show_detail(self, detail: dict[str, Any] | None) -> None:
        self.detail = detail
        if detail is None:
            self.detail_text.setText("This event is not in memory (deleted?).")
            self.detail_view.show_value({"event": "not found (deleted?)"})
            return
        ev = detail["event"]
        # the whole text, wrapped, with who/when/where above the key/value inspector (it was one
        # truncated line among 22 fields)
        self.detail_text.setText(
            f"<small>{html.escape(str(ev.get('occurred_at', '')).split('  (')[0])} · "
            f"{html.escape(str(ev.get('author_type', '')))} · {html.escape(str(ev.get('source', '')))} · "
            f"{html.escape(str(ev.get('evidence_class', '')))} · {html.escape(str(ev.get('l1_retrieval_scope', '')))}"
            f"</small><br>{html.escape(str(ev.get('content') or ''))}")
        # what memory made of it, open; every stored field last and folded: the header above
        # already says who, when, where and what, in words
        shown = {k: v for k, v in detail.items() if k != "event" and v not in ([], {})}
        shown[STORED_FIELDS] = ev
        self.detail_view.show_value(shown, expand_depth=2, collapsed=(STORED_FIELDS,))

    # -- delete --------------------------------------------------------------------------------

    def preview_delete_selected(self) -> None:
        seqs = self.selected_seqs()
        if seqs:
            self.preview_delete_seqs(seqs)

    def preview_delete_seqs(self, seqs: Sequence[int]) -> None:
        seqs = list(seqs)

        def work() -> Any:
            engine = self.host.engine
            conn = engine.db.reader()
            ids: list[str] = []
            for i in range(0, len(seqs), 500):
                part = seqs[i:i + 500]
                ids.extend(r[0] for r in conn.execute(
                    f"SELECT event_id FROM fact_events WHERE seq IN ({','.join('?' * len(part))})", part))
            report = engine.preview_delete(ids)
            texts = [r[0] for r in conn.execute(
                f"SELECT content FROM fact_events WHERE seq IN ({','.join('?' * len(seqs[:6]))}) "
                f"ORDER BY occurred_at", seqs[:6])]
            return report, texts

        self.call(work, on_done=lambda r: self._show_preview(*r))

    def _show_preview(self, report: Any, texts: list[str] | None = None) -> None:
        n = len(report.event_ids)
        dialog = CascadePreviewDialog(
            "Delete memories", f"Delete {n:,} event(s) from memory, everywhere? Nothing is changed "
            "until you confirm. A tombstone keeps a re-sent or re-imported copy from coming back.",
            report.layers, missing=report.missing, items=texts, items_total=n, parent=self)
        dialog.accepted.connect(lambda: self.delete_events(report.event_ids))
        self.preview_dialog = dialog
        dialog.open()

    def delete_events(self, event_ids: Sequence[str]) -> None:
        ids = list(event_ids)
        self.submit(lambda engine: engine.delete(ids), on_done=self._deleted)

    def _deleted(self, report: Any) -> None:
        self.last_delete_report = report
        self.host.notify_changed("deleted")
        self.reload()


#: the detail tree's folded branch with the event's row as stored (ids, dates, flags)
STORED_FIELDS = "all stored fields"


def event_detail(engine: Any, event_id: str) -> dict[str, Any] | None:
    """Everything the detail view shows about one event (runs on a reader thread)."""
    conn = engine.db.reader()
    row = load_event(conn, event_id)
    if row is None:
        return None
    meta = json.loads(row.pop("metadata_json") or "{}")
    tags = json.loads(row.pop("tags_json") or "[]")
    # dates, not epoch floats (the row keeps its seq and ids: they are the event's address)
    row = dated(row)
    meta = dated(meta)
    preview = engine.preview_delete([event_id])
    # the same words as the delete preview: layers by name, changes in words, rows by their
    # names (never ids), only what would change
    changes: dict[str, dict[str, str]] = {}
    for layer, what, shown in describe_changes({k: preview.layers[k] or {} for k in layer_order(preview.layers)}):
        if not is_zero(shown):
            changes.setdefault(LAYER_NAMES.get(layer, humanize(layer)), {})[humanize(what)] = shown
    # what memory made of it first; the 22 stored fields after (the text and its origin are in
    # the header above the tree)
    return {"derived objects": readable_derived(conn, event_id, row["seq"]) or {"(none yet)": ""},
            # only what would change: a screen of zero counters hid the few that matter
            "deleting it would change": {k: v for k, v in changes.items() if v} or {"(only the event itself)": ""},
            "event": row, "tags": tags, "metadata": meta}
