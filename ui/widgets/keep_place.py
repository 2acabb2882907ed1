"""Reloading a small table without losing the user's place.

Every memory change reloads the open panels; replacing a RowsModel's rows reset the view, so the
selected skill / review item / entity lost its selection and the view jumped to the top (the
L3 summary being read was emptied). :func:`reload_rows` replaces the rows and puts back the
current row (found again by its key, wherever it moved) and the scroll position. The timeline
has its own, larger version of this (``timeline.ViewState``) for its virtual 100k-row model.
"""

from __future__ import annotations

from typing import Any, Sequence

from PySide6.QtCore import QItemSelectionModel, QSignalBlocker
from PySide6.QtWidgets import QTableView

from .rows_model import RowsModel


def selection_moved(table: QTableView, row: int) -> bool:
    """Make ``row`` the table's current row; True when that moved it, so the table's
    currentRowChanged handler (the panel's select) has already loaded the row's detail and the
    caller must not load it a second time."""
    if table.currentIndex().row() == row:
        return False
    table.selectRow(row)
    return table.currentIndex().row() == row


def current_key(table: QTableView, model: RowsModel, key: str) -> Any:
    """The key of the table's current row (None when no row is current)."""
    cur = table.currentIndex()
    if not cur.isValid() or cur.row() >= model.rowCount():
        return None
    return model.row(cur.row()).get(key)


def reload_rows(table: QTableView, model: RowsModel, rows: Sequence[dict[str, Any]], key: str, *,
                keep: Any = None, quiet: bool = False) -> int | None:
    """Replace ``model``'s rows, keeping the current row (by ``key``; ``keep`` overrides which)
    and the scroll position. Returns the row put back, or None when it is gone (or there was
    none). ``quiet``: the selection model's signals stay silent (the panel keeps its detail and
    re-reads it itself); otherwise the panel's current-row handler runs for the row as usual.

    The same rows again (``RowsModel.set_rows`` says so) reset and repaint nothing: the row to
    keep is made current if it is not (``keep`` named another row); when it already was and the
    panel is not ``quiet``, the current-row handler still runs once, as after a reset: the
    row's detail (text, links) is not in the list and may have changed."""
    keep = current_key(table, model, key) if keep is None else keep
    v_pos = table.verticalScrollBar().value()
    h_pos = table.horizontalScrollBar().value()
    sel = table.selectionModel()
    blocker = QSignalBlocker(sel) if quiet else None
    try:
        changed = model.set_rows(rows)
        row = next((i for i, r in enumerate(rows) if r.get(key) == keep), None) if keep is not None else None
        if row is not None:
            index = model.index(row, 0)
            if not changed and sel.currentIndex().row() == row:
                if not quiet:
                    sel.currentRowChanged.emit(index, index)
                return row
            model.fill_around(row)
            sel.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                | QItemSelectionModel.SelectionFlag.Rows)
    finally:
        if blocker is not None:
            blocker.unblock()
    if not changed:
        return row
    table.doItemsLayout()  # the scroll range for the new rows, now
    table.verticalScrollBar().setValue(v_pos)
    table.horizontalScrollBar().setValue(h_pos)
    model.fill_around(table.rowAt(0))  # the rows back in view have their cells before the paint
    table.viewport().update()
    return row
