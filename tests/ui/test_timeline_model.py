"""The timeline's table model without a database: which rows hold cells, which pages are asked
for, replies for replaced snapshots, deleted rows; and the pure helpers around it."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QTableView

import ui.timeline_model as tm
from ui.timeline import selection_runs
from ui.timeline_model import (CONTENT_CHARS, DELETED, FILL_MARGIN, PAGE_ROWS, PLACEHOLDER, TOOLTIP_CHARS,
                               TimelineModel, prepare_row, prepare_rows)
from ui.timeline_query import positions
from ui.widgets.formatting import ts

N = 10 * PAGE_ROWS


def _raw(seq: int, content: str = "") -> dict:
    return {"seq": seq, "event_id": f"e{seq}", "occurred_at": 1_795_000_000.0 + seq, "source": "chat",
            "event_type": "message", "author_type": "user", "evidence_class": "user_self_report",
            "l1_retrieval_scope": "fact_authoritative", "content": content or f"event number {seq}"}


def _model(qtbot) -> tuple[TimelineModel, list[tuple[int, int, list[int]]]]:
    model = TimelineModel()
    requests: list[tuple[int, int, list[int]]] = []
    model.rows_requested.connect(lambda g, p, s: requests.append((g, p, list(s))))
    model.set_seqs(list(range(N, 0, -1)))  # newest first, like the panel
    return model, requests


def _text(model: TimelineModel, row: int, col: int = 5) -> str | None:
    item = model.item(row, col)
    return None if item is None else item.text()


def _answer(model: TimelineModel, request: tuple[int, int, list[int]], *, drop: set[int] = frozenset()) -> None:
    generation, page, seqs = request
    model.rows_loaded(generation, page, seqs, prepare_rows({s: _raw(s) for s in seqs if s not in drop}))


def test_prepare_row_formats_off_the_ui_thread() -> None:
    long = "line one\n  line two " + "x" * 3000
    view = prepare_row(_raw(7, long))
    assert view.cells[0] == ts(1_795_000_007.0)
    assert view.cells[1:5] == ("chat", "user", "user_self_report", "fact_authoritative")
    assert "\n" not in view.cells[5] and len(view.cells[5]) == CONTENT_CHARS and view.cells[5].endswith("…")
    assert view.tooltip == long[:TOOLTIP_CHARS]
    assert view.scope == "fact_authoritative" and view.raw["event_id"] == "e7"


def test_selection_runs_and_positions() -> None:
    assert selection_runs([9, 1, 3, 2, 5]) == [(1, 3), (5, 5), (9, 9)]
    assert selection_runs([]) == []
    seqs = np.array([50, 40, 30, 20, 10], dtype=np.int64)
    assert positions(seqs, [10, 40, 99]) == {10: 4, 40: 1}
    assert positions(seqs, []) == {} and positions(np.zeros(0, dtype=np.int64), [1]) == {}


def test_cells_are_qt_items_not_python_callbacks(qtbot) -> None:
    # a Python data() would be called ~7 times per cell per repaint, each needing the GIL
    assert TimelineModel.data is QStandardItemModel.data


def test_only_rows_in_view_hold_cells_and_each_page_is_asked_once(qtbot) -> None:
    model, requests = _model(qtbot)
    assert model.rowCount() == N and model.columnCount() == 6
    model.show_rows(0, 30)
    model.show_rows(0, 31)
    assert requests == [] and model.pending_pages == 1  # asked for once the view stays put
    qtbot.waitUntil(lambda: bool(requests))
    assert [(p, len(s)) for _g, p, s in requests] == [(0, PAGE_ROWS)]
    assert requests[0][2][:3] == [N, N - 1, N - 2]  # the page's seqs in row order
    assert _text(model, 0) == PLACEHOLDER and model.pending_pages == 1
    assert _text(model, 0, 1) is None  # a placeholder row has only its content cell
    _answer(model, requests[0])
    assert model.pending_pages == 0
    assert _text(model, 0) == f"event number {N}" and _text(model, 0, 2) == "user"
    assert model.item(0, 5).toolTip() == f"event number {N}"
    assert model.item(0, 0).background().color().name() == "#e8f4ea"
    assert model.row_data(3)["seq"] == N - 3
    assert _text(model, 31 + FILL_MARGIN) is not None and _text(model, 32 + FILL_MARGIN) is None

    # a fast drag: pages passed on the way are never read, only where the view stops
    for page in (2, 3, 4, 5):  # rows 40-70 of each page: the view and its margin in that page
        model.show_rows(page * PAGE_ROWS + 40, page * PAGE_ROWS + 70)
    assert _text(model, 3 * PAGE_ROWS + 50) == PLACEHOLDER
    qtbot.waitUntil(lambda: len(requests) == 2)
    qtbot.wait(2 * tm.REQUEST_DELAY_MS)
    assert [p for _g, p, _s in requests] == [0, 5]
    _answer(model, requests[-1], drop={model.seq_at(5 * PAGE_ROWS + 51)})
    assert _text(model, 5 * PAGE_ROWS + 50) == f"event number {model.seq_at(5 * PAGE_ROWS + 50)}"
    assert _text(model, 5 * PAGE_ROWS + 51) == DELETED  # gone between the snapshot and the page read
    # scrolling back: page 0's rows are still cached, no new request
    before = len(requests)
    model.show_rows(0, 30)
    assert len(requests) == before and _text(model, 0) == f"event number {N}"


def test_a_reply_for_a_replaced_snapshot_is_ignored(qtbot) -> None:
    model, requests = _model(qtbot)
    model.show_rows(0, 30)
    qtbot.waitUntil(lambda: bool(requests))
    stale = requests[-1]
    model.set_seqs([N + 2, N + 1, *range(N, 0, -1)], prepare_rows({N + 2: _raw(N + 2, "new")}))
    model.show_rows(0, 30)
    qtbot.waitUntil(lambda: len(requests) == 2)
    assert _text(model, 0) == "new"
    assert _text(model, 1) == PLACEHOLDER  # not cached: the prefetched rows were only the new one
    _answer(model, stale)  # rows read for the old snapshot
    assert _text(model, 1) == PLACEHOLDER
    _answer(model, requests[-1])
    assert _text(model, 1) == f"event number {N + 1}"
    assert model.data(model.index(1, 1), Qt.ItemDataRole.DisplayRole) == "chat"


def test_filling_a_row_keeps_it_selected_and_eviction_spares_the_selection(qtbot, monkeypatch) -> None:
    model, requests = _model(qtbot)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    model.selection = view.selectionModel()
    rows = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    model.show_rows(0, 30)
    qtbot.waitUntil(lambda: bool(requests))
    assert _text(model, 5) == PLACEHOLDER
    model.selection.select(model.index(5, 0), rows)
    model.selection.setCurrentIndex(model.index(5, 0), QItemSelectionModel.SelectionFlag.NoUpdate)
    _answer(model, requests[0])  # the placeholder row gets its text: still selected, still current
    assert _text(model, 5) == f"event number {N - 5}"
    assert model.selection.isRowSelected(5) and model.selection.currentIndex().row() == 5

    monkeypatch.setattr(tm, "KEEP_ROWS", 2 * PAGE_ROWS)
    model.selection.select(model.index(20, 0), rows)
    for page in range(1, 8):  # scroll down page by page: the rows far behind are freed
        model.show_rows(page * PAGE_ROWS, page * PAGE_ROWS + 30)
        qtbot.waitUntil(lambda: requests[-1][1] == page)
        _answer(model, requests[-1])
        assert _text(model, 6) is None or page < 3
    assert _text(model, 6) is None and _text(model, 7 * PAGE_ROWS) is not None
    assert _text(model, 5 * PAGE_ROWS + 10) is not None  # within KEEP_ROWS of the view: kept
    assert _text(model, 5) == f"event number {N - 5}" and _text(model, 20) == f"event number {N - 20}"
    assert model.selection.isRowSelected(5) and model.selection.isRowSelected(20)
    assert model.selection.currentIndex().row() == 5
