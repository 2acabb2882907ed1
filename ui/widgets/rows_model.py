"""A read-only table model over a list of dict rows (small result sets: skills, summaries, ...).

Large tables (the L1 timeline) use their own paged model; everything else is small enough to
load at once on a reader thread and hand to this model.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

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

    def set_rows(self, rows: Sequence[dict[str, Any]]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
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
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        key = self._columns[index.column()][0]
        if role == Qt.ItemDataRole.DisplayRole:
            value = row.get(key)
            fmt = self._formatters.get(key)
            if fmt is not None:
                return fmt(value, row)
            if value is None:
                return ""
            if isinstance(value, float):
                return f"{value:.3g}"
            return str(value).replace("\n", " ")[:300]
        if role == Qt.ItemDataRole.ToolTipRole:
            value = row.get(key)
            return None if value is None else str(value)[:2000]
        if role == Qt.ItemDataRole.BackgroundRole and self._colour is not None:
            colour = self._colour(row)
            if colour and key == self._columns[0][0]:
                return QBrush(QColor(colour))
        return None
