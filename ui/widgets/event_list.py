"""A small list of L1 events (evidence of an edge, a summary's sources, a chat answer's findings).

Double-clicking a row emits ``event_activated(event_id)``; the main window opens that event in
the L1 timeline's detail view, so every conclusion can be followed back to its evidence.
"""

from __future__ import annotations

from typing import Any, Sequence

import apsw
from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QTableView, QWidget

from memory_core.db.connection import placeholders, query_all

from .formatting import one_line, ts
from .rows_model import RowsModel

#: rows a column's width is fitted to, the padding and the widest a column gets
RESIZE_SAMPLE_ROWS = 40
COLUMN_PADDING = 16
COLUMN_MAX_WIDTH = 220
EVENT_COLUMNS = (("occurred_at", "time"), ("source", "source"), ("author_type", "author"),
                 ("evidence_class", "evidence"), ("content", "content"))


def load_events(conn: apsw.Connection, event_ids: Sequence[str], *, limit: int = 500) -> list[dict[str, Any]]:
    """Rows for ``event_ids`` in the given order; ids no longer in L1 are listed as deleted."""
    ids = list(dict.fromkeys(event_ids))[:limit]
    found: dict[str, dict[str, Any]] = {}
    for i in range(0, len(ids), 400):
        part = ids[i:i + 400]
        for r in query_all(conn, "SELECT event_id, occurred_at, source, author_type, evidence_class, "
                                 "l1_retrieval_scope, content FROM fact_events WHERE event_id IN "
                                 f"({placeholders(len(part))})", part):
            found[r["event_id"]] = r
    return [found.get(i, {"event_id": i, "content": "(deleted from L1)"}) for i in ids]


class EventList(QTableView):
    event_activated = Signal(str)

    def __init__(self, parent: QWidget | None = None, *, extra_columns: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__(parent)
        self.model_ = RowsModel([*extra_columns, *EVENT_COLUMNS],
                                formatters={"occurred_at": lambda v, _r: ts(v),
                                            "content": lambda v, _r: one_line(v, 160)})
        self.setModel(self.model_)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(22)
        self.horizontalHeader().setStretchLastSection(True)
        self.setWordWrap(False)
        self.doubleClicked.connect(self._activated)

    def set_rows(self, rows: Sequence[dict[str, Any]]) -> None:
        if not self.model_.set_rows(rows):
            return  # the same rows: widths stay
        # widths from the header and the first rows' text: Qt's resizeColumnToContents lays
        # out every row (a 100k store's summary cites 500 events: 60-160 ms on the UI thread)
        metrics = self.fontMetrics()
        model = self.model_
        sample = range(min(model.rowCount(), RESIZE_SAMPLE_ROWS))
        for col in range(model.columnCount() - 1):
            texts = [str(model.headerData(col, Qt.Orientation.Horizontal) or "")]
            texts += [str(model.data(model.index(r, col)) or "") for r in sample]
            width = max(metrics.horizontalAdvance(t) for t in texts) + COLUMN_PADDING
            self.setColumnWidth(col, min(width, COLUMN_MAX_WIDTH))

    def selected_event_ids(self) -> list[str]:
        rows = sorted({i.row() for i in self.selectionModel().selectedRows()})
        return [self.model_.row(r)["event_id"] for r in rows]

    def _activated(self, index: QModelIndex) -> None:
        row = self.model_.row(index.row())
        if row.get("event_id"):
            self.event_activated.emit(row["event_id"])
