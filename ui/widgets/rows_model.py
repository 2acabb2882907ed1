"""A read-only table model over a list of dict rows (small result sets: skills, summaries, ...).

Large tables (the L1 timeline) use their own model with C++ cells; everything else (at most a
few thousand rows) is loaded at once on a reader thread and handed to this model. A view asks
``data()`` about seven roles per visible cell on every repaint, so the roles this model has no
answer for return first, and a row's cells are formatted once, on its first paint, not on every
repaint (a timestamp formatter costs a ``strftime`` a call).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush

from .brushes import brush

Formatter = Callable[[Any, dict[str, Any]], str]
Index = QModelIndex | QPersistentModelIndex


class RowsModel(QAbstractTableModel):
    def __init__(self, columns: Sequence[tuple[str, str]], *,
                 formatters: dict[str, Formatter] | None = None,
                 colour: Callable[[dict[str, Any]], str | None] | None = None,
                 parent: Any = None) -> None:
        super().__init__(parent)
        self._columns = list(columns)  # (key, header)
        self._rows: list[dict[str, Any]] = []
        self._formatters = formatters or {}
        self._colour = colour
        self._cells: dict[int, tuple[tuple[str, ...], tuple[str | None, ...], QBrush | None]] = {}

    def set_rows(self, rows: Sequence[dict[str, Any]]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self._cells = {}
        self.endResetModel()

    def rows(self) -> list[dict[str, Any]]:
        return self._rows

    def row(self, i: int) -> dict[str, Any]:
        return self._rows[i]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt API
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self._columns[section][1]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED or not index.isValid():
            return None
        display, tips, brush = self._row_cells(index.row())
        if role == _DISPLAY:
            return display[index.column()]
        if role == _TOOLTIP:
            return tips[index.column()]
        return brush if index.column() == 0 else None

    def _row_cells(self, i: int) -> tuple[tuple[str, ...], tuple[str | None, ...], QBrush | None]:
        cached = self._cells.get(i)
        if cached is None:
            row = self._rows[i]
            cached = self._cells[i] = (tuple(self._display(key, row) for key, _h in self._columns),
                                       tuple(None if row.get(key) is None else str(row.get(key))[:2000]
                                             for key, _h in self._columns),
                                       self._row_brush(row))
        return cached

    def _display(self, key: str, row: dict[str, Any]) -> str:
        value = row.get(key)
        fmt = self._formatters.get(key)
        if fmt is not None:
            return fmt(value, row)
        if value is None:
            return ""
        if isinstance(value, float):
            return f"{value:.3g}"
        return str(value).replace("\n", " ")[:300]

    def _row_brush(self, row: dict[str, Any]) -> QBrush | None:
        colour = self._colour(row) if self._colour is not None else None
        return brush(colour) if colour else None


_DISPLAY = Qt.ItemDataRole.DisplayRole
_TOOLTIP = Qt.ItemDataRole.ToolTipRole
_ANSWERED = frozenset({_DISPLAY, _TOOLTIP, Qt.ItemDataRole.BackgroundRole})
