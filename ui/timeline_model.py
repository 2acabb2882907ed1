"""The L1 timeline's table model: a ``seq`` snapshot of 100k rows of which only the rows in view
hold cells.

Why C++ items (``QStandardItemModel``) and not a Python ``data()``: a view asks its model for
about seven roles per cell on every repaint. With a Python model each of those ~1,000 calls per
repaint enters Python and needs the GIL; while another thread of the UI process runs Python (a
reader thread building rows, the ingest job pickling a batch) every call waits for a GIL
hand-over, and a repaint of the table took 15–90 ms instead of ~5 ms (measured on two cores
during a background ingest). Items are painted by Qt alone. The Python side only decides what
the rows show: the rows in view plus a margin (``FILL_MARGIN``) are filled from a cache of
prepared rows keyed by ``seq`` that reader threads fill a page (``PAGE_ROWS``) at a time. A new
snapshot (reload, filter) therefore costs a row-count change and filling ~100 rows, whatever the
table's size. The cache lives as long as its snapshot: SQLite may give a deleted event's ``seq``
to the next event, so rows cached before a reload are never trusted after it.

A cell's item, once there, is changed in place and never replaced: replacing or taking an item
invalidates the persistent indexes on it, which silently drops it from the selection. Rows
farther than ``KEEP_ROWS`` from the view give their items back as the view moves (a few rows per
scroll step, never thousands at once), except selected and current rows.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from PySide6.QtCore import QItemSelectionModel, QTimer, Signal
from PySide6.QtGui import QBrush, QStandardItem, QStandardItemModel

from .widgets.brushes import brush
from .widgets.formatting import one_line, ts

#: rows fetched per reader call (a page of the snapshot)
PAGE_ROWS = 256
#: rows above and below the view that are filled too (a short scroll needs no fill)
FILL_MARGIN = 16
#: prepared rows kept by seq (a scroll back finds them without a query)
ROW_CACHE = 8192
#: rows farther than this from the view give their items back
KEEP_ROWS = 1024
#: pages are asked for once the view has stayed this long where it is, or once they have waited
#: REQUEST_MAX_WAIT_MS while it kept moving: a fast drag across 100k rows reads about ten
#: positions a second instead of every position passed (reading and preparing a page for each
#: kept two reader threads' Python competing with the UI thread), a wheel scroll still sees its
#: rows arrive as it goes
REQUEST_DELAY_MS = 30
REQUEST_MAX_WAIT_MS = 100
PLACEHOLDER = "…"
DELETED = "(deleted)"
CONTENT_CHARS = 200
TOOLTIP_CHARS = 2000

COLUMNS = (("occurred_at", "time"), ("source", "source"), ("author_type", "author"),
           ("evidence_class", "evidence class"), ("l1_retrieval_scope", "scope"),
           ("content", "content"))
CONTENT_COLUMN = len(COLUMNS) - 1
#: a placeholder or "(deleted)" row has only its content cell
_ONLY_CONTENT: tuple[None, ...] = (None,) * CONTENT_COLUMN

_SCOPE_COLOURS = {"fact_authoritative": "#e8f4ea", "conversation_only": "#eef1fa",
                  "audit_only": "#f6efe6", "working_context": "#f2f2f2"}


@dataclass(frozen=True, slots=True)
class RowView:
    """One event as the table shows it, prepared off the UI thread."""

    raw: dict[str, Any]
    cells: tuple[str, ...]
    tooltip: str
    scope: str


def prepare_row(raw: Mapping[str, Any]) -> RowView:
    """The display strings of one ``load_rows`` row (pure; runs on a reader thread)."""
    cells = []
    for key, _label in COLUMNS:
        value = raw.get(key)
        if key == "occurred_at":
            cells.append(ts(value))
        elif key == "content":
            cells.append(one_line(value, CONTENT_CHARS))
        else:
            cells.append("" if value is None else str(value))
    return RowView(dict(raw), tuple(cells), str(raw.get("content") or "")[:TOOLTIP_CHARS],
                   str(raw.get("l1_retrieval_scope") or ""))


def prepare_rows(rows: Mapping[int, Mapping[str, Any]]) -> dict[int, RowView]:
    return {seq: prepare_row(raw) for seq, raw in rows.items()}


class TimelineModel(QStandardItemModel):
    """Rows = the seq snapshot; the rows in view hold C++ items, the others are empty."""

    #: generation, page, the page's seqs (in snapshot order): rows the view needs
    rows_requested = Signal(int, int, list)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels([label for _key, label in COLUMNS])
        self._seqs: list[int] = []
        self._cache: OrderedDict[int, RowView] = OrderedDict()
        self._shown: dict[int, int | None] = {}  # row -> seq its items show (None: placeholder)
        self._requested: set[int] = set()  # pages of this generation in flight
        self._wanted: set[int] = set()  # pages the view needs, asked for when it settles
        self._request_timer = QTimer(self)
        self._request_timer.setSingleShot(True)
        self._wanted_since = 0.0
        self._request_timer.timeout.connect(self._request_wanted)
        self._gone: set[int] = set()  # seqs a reader found deleted
        self._view = (0, -1)
        #: the view's selection (set by the panel): eviction leaves selected rows alone
        self.selection: QItemSelectionModel | None = None
        self.generation = 0
        self.pages_fetched = 0

    # -- the snapshot --------------------------------------------------------------------------

    def set_seqs(self, seqs: Sequence[int], rows: Mapping[int, RowView] | None = None) -> None:
        """Replace the snapshot (a reload or a new filter); ``rows``: its rows already fetched."""
        self.generation += 1
        self._requested.clear()
        self._wanted.clear()
        self._request_timer.stop()
        self._gone.clear()
        self._cache.clear()
        self.add_rows(rows or {})
        self._seqs = list(seqs)
        self._shown.clear()
        # every item goes, then the row count: the view sees one removal and one insertion
        self.setRowCount(0)
        self.setRowCount(len(self._seqs))

    def seqs(self) -> list[int]:
        return self._seqs

    def seq_at(self, row: int) -> int:
        return self._seqs[row]

    def row_data(self, row: int) -> dict[str, Any] | None:
        if not 0 <= row < len(self._seqs):
            return None
        view = self._cache.get(self._seqs[row])
        return None if view is None else view.raw

    @property
    def pending_pages(self) -> int:
        """Pages asked for and not back yet, or about to be asked for."""
        return len(self._requested | self._wanted)

    # -- filling the rows in view --------------------------------------------------------------

    def show_rows(self, first: int, last: int) -> None:
        """Rows ``first..last`` are in view: fill them and the margin, ask for what is missing."""
        self._view = (first, last)
        n = len(self._seqs)
        if n == 0:
            return
        lo, hi = max(0, first - FILL_MARGIN), min(n - 1, max(first, last) + FILL_MARGIN)
        missing_pages: set[int] = set()
        changed: list[int] = []
        self.blockSignals(True)  # one dataChanged for the whole fill, below
        try:
            self._evict(lo - KEEP_ROWS, hi + KEEP_ROWS)
            for row in range(lo, hi + 1):
                seq = self._seqs[row]
                view = self._cache.get(seq)
                shown = self._shown.get(row, -1)
                if view is not None:
                    if shown != seq:
                        colour = _SCOPE_COLOURS.get(view.scope)
                        self._put(row, view.cells, brush(colour) if colour else None, view.tooltip)
                        self._shown[row] = seq
                        changed.append(row)
                elif seq in self._gone:
                    if shown != seq:
                        self._put(row, _ONLY_CONTENT + (DELETED,), None, "")
                        self._shown[row] = seq
                        changed.append(row)
                else:
                    missing_pages.add(row // PAGE_ROWS)
                    if shown == -1:
                        self._put(row, _ONLY_CONTENT + (PLACEHOLDER,), None, "")
                        self._shown[row] = None
                        changed.append(row)
        finally:
            self.blockSignals(False)
        self._wanted = missing_pages - self._requested
        if self._wanted:
            now = time.monotonic()
            if not self._request_timer.isActive():
                self._wanted_since = now
            waited_ms = (now - self._wanted_since) * 1000
            self._request_timer.start(int(max(0.0, min(REQUEST_DELAY_MS, REQUEST_MAX_WAIT_MS - waited_ms))))
        else:
            self._request_timer.stop()
        if changed:
            self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), len(COLUMNS) - 1))

    def _request_wanted(self) -> None:
        for page in sorted(self._wanted - self._requested):
            self._requested.add(page)
            self.rows_requested.emit(self.generation, page, self._seqs[page * PAGE_ROWS:(page + 1) * PAGE_ROWS])
        self._wanted = set()

    def rows_loaded(self, generation: int, page: int, seqs: Sequence[int],
                    rows: Mapping[int, RowView]) -> None:
        """A reader's reply for ``page``: ``rows`` of its ``seqs`` (absent ones were deleted)."""
        self.pages_fetched += 1
        if generation != self.generation:
            return  # a reply for a snapshot that was replaced meanwhile
        self.add_rows(rows)
        self._gone.update(s for s in seqs if s not in rows)
        self._requested.discard(page)
        self.show_rows(*self._view)

    def add_rows(self, rows: Mapping[int, RowView]) -> None:
        cache = self._cache
        for seq, view in rows.items():
            cache[seq] = view
            cache.move_to_end(seq)
        while len(cache) > ROW_CACHE:
            cache.popitem(last=False)

    def _put(self, row: int, cells: Sequence[str | None], background: QBrush | None, tooltip: str) -> None:
        """Show ``cells`` in ``row`` (None: leave that cell as it is). An existing item is changed
        in place: a new one would drop the cell from the selection."""
        for col, text in enumerate(cells):
            if text is None:
                continue
            item = self.item(row, col)
            if item is None:
                item = QStandardItem(text)
                if background is not None:
                    item.setBackground(background)
                if col == CONTENT_COLUMN and tooltip:
                    item.setToolTip(tooltip)
                self.setItem(row, col, item)
                continue
            item.setText(text)
            item.setBackground(background if background is not None else QBrush())
            if col == CONTENT_COLUMN:
                item.setToolTip(tooltip)

    def _evict(self, keep_lo: int, keep_hi: int) -> None:
        """Rows outside ``keep_lo..keep_hi`` give their items back, unless selected or current."""
        far = [r for r in self._shown if r < keep_lo or r > keep_hi]
        if not far:
            return
        sel = self.selection
        current = sel.currentIndex().row() if sel is not None else -1
        for row in far:
            if row == current or (sel is not None and sel.isRowSelected(row)):
                continue
            for col in range(len(COLUMNS)):
                self.takeItem(row, col)
            del self._shown[row]
