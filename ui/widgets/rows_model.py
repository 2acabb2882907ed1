"""A read-only table model over a list of dict rows (small result sets: skills, summaries, ...).

Everything but the L1 timeline (at most a few thousand rows) is loaded at once on a reader
thread and handed to this model. Its cells are Qt items (``QStandardItemModel``), not a Python
``data()``: a view asks about seven roles per visible cell on every repaint, and each of those
~1,500 calls into Python needs the GIL. While a reader thread runs Python (the next panel's
rows, a summary's linked events) every call waits for a GIL hand-over, and one repaint of the
L3 summaries table took 13-28 ms instead of ~8 (measured on the 100k store, 2 cores): with the
event list and the text pane beside it, showing the tab stalled the UI thread for 60-73 ms.

Items cost ~35 us a row to make, so a 2,000-row list is not made at once (70 ms): the first
``FIRST_ROWS`` rows are filled when the rows arrive, the rest ``CHUNK_ROWS`` per event-loop
turn, the chunk holding a row the caller is about to show (``fill_around``) first. The rows are
all there from the start (a scroll bar of the final length, a selectable current row); a row
not yet filled shows blank for the few turns it waits.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtCore import QTimer, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from .brushes import brush

Formatter = Callable[[Any, dict[str, Any]], str]

#: rows filled as soon as they arrive (more than a window shows)
FIRST_ROWS = 60
#: rows filled per event-loop turn after that (~2.5 ms of the UI thread)
CHUNK_ROWS = 60
#: a cell's tooltip holds at most this much of the value
TOOLTIP_CHARS = 2000
#: a cell shows at most this much (Qt lays out a cell's whole text before eliding it)
DISPLAY_CHARS = 300

_READ_ONLY = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled


class RowsModel(QStandardItemModel):
    """Rows as dicts for the panels (``rows()``, ``row(i)``), cells as Qt items for the view.

    No Qt virtual (``data``, ``flags``, ``rowCount``…) is overridden here: the view's calls stay
    in C++."""

    def __init__(self, columns: Sequence[tuple[str, str]], *,
                 formatters: dict[str, Formatter] | None = None,
                 colour: Callable[[dict[str, Any]], str | None] | None = None,
                 parent: Any = None) -> None:
        super().__init__(0, len(columns), parent)
        self._columns = list(columns)  # (key, header)
        self._rows: list[dict[str, Any]] = []
        self._formatters = formatters or {}
        self._colour = colour
        self._unfilled: list[int] = []  # chunk starts still to fill, in fill order
        self._fill_timer = QTimer(self)
        self._fill_timer.setSingleShot(True)
        self._fill_timer.setInterval(0)
        self._fill_timer.timeout.connect(self._fill_next)
        self.setHorizontalHeaderLabels([h for _k, h in self._columns])

    def set_rows(self, rows: Sequence[dict[str, Any]]) -> bool:
        """Replace the rows (a model reset): the first rows get their cells now. Rows equal to
        the ones shown change nothing and return False: every memory change reloads the open
        panels, and most reloads read the same rows; a reset would repaint the table (~15 ms of
        text layout for a window of cells) and move nothing."""
        rows = list(rows)
        if rows == self._rows:
            return False
        self._fill_timer.stop()
        self._rows = rows
        # one model reset, as a Python model's begin/endResetModel was: the rows' own
        # remove/insert signals stay silent (clear() would drop the columns and the widths the
        # view gave them, and move the current row once per removed row)
        self.beginResetModel()
        blocked = self.blockSignals(True)
        try:
            self.setRowCount(0)
            self.setRowCount(len(self._rows))
        finally:
            self.blockSignals(blocked)
            self.endResetModel()
        self._unfilled = list(range(0, len(self._rows), CHUNK_ROWS))
        self._fill_range(0, FIRST_ROWS)
        self._schedule()
        return True

    def rows(self) -> list[dict[str, Any]]:
        return self._rows

    def row(self, i: int) -> dict[str, Any]:
        return self._rows[i]

    @property
    def complete(self) -> bool:
        """Every row has its cells."""
        return not self._unfilled

    def fill_around(self, row: int) -> None:
        """Give ``row`` and its chunk's neighbours their cells now (the row about to be shown)."""
        if 0 <= row < len(self._rows):
            start = max(0, row - CHUNK_ROWS // 2)
            self._fill_range(start, start + CHUNK_ROWS)

    def _schedule(self) -> None:
        if self._unfilled:
            self._fill_timer.start()

    def _fill_next(self) -> None:
        if self._unfilled:
            start = self._unfilled[0]
            self._fill_range(start, start + CHUNK_ROWS)
        self._schedule()

    def _fill_range(self, start: int, end: int) -> None:
        """Cells for rows [start, end) whose chunk is still unfilled, one dataChanged per chunk
        (an item's own change signal per cell made filling 2.3x slower)."""
        end = min(end, len(self._rows))
        for chunk in [c for c in self._unfilled if c < end and c + CHUNK_ROWS > start]:
            self._unfilled.remove(chunk)
            last = min(chunk + CHUNK_ROWS, len(self._rows))
            blocked = self.blockSignals(True)
            try:
                for i in range(chunk, last):
                    self._fill_row(i)
            finally:
                self.blockSignals(blocked)
            self.dataChanged.emit(self.index(chunk, 0), self.index(last - 1, len(self._columns) - 1))

    def _fill_row(self, i: int) -> None:
        row = self._rows[i]
        background = self._row_brush(row)
        for col, (key, _h) in enumerate(self._columns):
            item = QStandardItem(self._display(key, row))
            item.setFlags(_READ_ONLY)
            value = row.get(key)
            if value is not None:
                item.setToolTip(str(value)[:TOOLTIP_CHARS])
            if col == 0 and background is not None:
                item.setBackground(background)
            self.setItem(i, col, item)

    def _display(self, key: str, row: dict[str, Any]) -> str:
        value = row.get(key)
        fmt = self._formatters.get(key)
        if fmt is not None:
            return fmt(value, row)
        if value is None:
            return ""
        if isinstance(value, float):
            return f"{value:.3g}"
        return str(value).replace("\n", " ")[:DISPLAY_CHARS]

    def _row_brush(self, row: dict[str, Any]) -> Any:
        colour = self._colour(row) if self._colour is not None else None
        return brush(colour) if colour else None
