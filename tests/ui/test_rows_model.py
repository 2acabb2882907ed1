"""The small-table model: Qt items (no Python per painted cell), filled a chunk per turn, and the
same rows again change nothing (no reset, no repaint, the place kept)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QTableView

from ui.widgets.keep_place import reload_rows
from ui.widgets.rows_model import CHUNK_ROWS, FIRST_ROWS, RowsModel

COLUMNS = (("id", "id"), ("text", "text"))


def _rows(n: int, tag: str = "r") -> list[dict]:
    return [{"id": f"{tag}{i}", "text": f"line {i}\nsecond"} for i in range(n)]


def test_cells_are_qt_items_not_python_callbacks() -> None:
    assert RowsModel.data is QStandardItemModel.data and RowsModel.flags is QStandardItemModel.flags


def test_a_long_list_is_filled_a_chunk_per_turn_and_the_shown_row_first(qtbot) -> None:
    model = RowsModel(COLUMNS, formatters={"text": lambda v, _r: v.upper()})
    n = FIRST_ROWS + 3 * CHUNK_ROWS + 7
    assert model.set_rows(_rows(n)) is True
    assert model.rowCount() == n and not model.complete
    assert model.data(model.index(0, 1)) == "LINE 0\nSECOND"
    assert model.data(model.index(n - 1, 0)) is None  # not filled yet
    model.fill_around(n - 1)
    assert model.data(model.index(n - 1, 0)) == f"r{n - 1}"
    assert model.data(model.index(n - 1, 1), Qt.ItemDataRole.ToolTipRole) == f"line {n - 1}\nsecond"
    assert model.flags(model.index(n - 1, 1)) & Qt.ItemFlag.ItemIsEditable == Qt.ItemFlag.NoItemFlags
    qtbot.waitUntil(lambda: model.complete, timeout=5000)
    assert [model.data(model.index(i, 0)) for i in range(n)] == [f"r{i}" for i in range(n)]


def _shown(qtbot, rows: list[dict]) -> tuple[RowsModel, QTableView]:
    """A model holding ``rows`` in a table view."""
    model = RowsModel(COLUMNS)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    model.set_rows(rows)
    return model, view


def test_the_same_rows_again_reset_nothing(qtbot) -> None:
    model, _view = _shown(qtbot, _rows(30))
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    assert model.set_rows(_rows(30)) is False and resets == []
    assert model.set_rows(_rows(30, "s")) is True and resets == [1]


def test_reload_keeps_the_current_row_and_reruns_its_handler_once(qtbot) -> None:
    model, view = _shown(qtbot, _rows(200))
    seen: list[int] = []
    view.selectionModel().currentRowChanged.connect(lambda cur, _p: seen.append(cur.row()))
    view.selectRow(150)
    seen.clear()
    assert reload_rows(view, model, _rows(200), "id") == 150  # unchanged: the detail is re-read
    assert seen == [150] and view.currentIndex().row() == 150
    seen.clear()
    assert reload_rows(view, model, _rows(200), "id", quiet=True) == 150 and seen == []
    moved = [{"id": "new", "text": "x"}] + _rows(200)
    assert reload_rows(view, model, moved, "id") == 151  # found again where it moved
    assert seen == [151] and model.data(model.index(151, 0)) == "r150"
    assert reload_rows(view, model, _rows(5, "z"), "id") is None  # gone
