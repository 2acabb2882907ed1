"""The review inbox: uncertain L2 decisions wait here for the user, with the evidence shown.

Supersessions, arbitration outcomes and entity merges below the review confidence threshold are
applied provisionally by L2 and listed in ``review_items`` (migration 0007) with both sides.
Approve keeps the provisional decision, reject reverts it, split undoes a merge; every decision
is recorded in ``review_decisions`` and can be undone. The decisions themselves are made by the
review service (``engine.components["review"]``); this panel only reads and asks.
"""

from __future__ import annotations

import json
from typing import Any

import apsw
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QLabel, QPushButton,
                               QSplitter, QTableView, QVBoxLayout, QWidget)

from magi_desktop.engine_host import EngineHost
from memory_core.db.connection import query_all, query_one

from . import schema
from .panel import Panel
from .widgets.empty_state import EmptyOr
from .widgets.event_list import EventList, load_events
from .widgets.formatting import readable, pct, ts
from .widgets.kv_view import KeyValueTree
from .widgets.keep_place import reload_rows, selection_moved
from .widgets.rows_model import RowsModel

COLUMNS = (("status", "status"), ("kind", "kind"), ("confidence", "confidence"),
           ("provisional", "applied"), ("created_at", "since"), ("title", "decision"))
STATUS_COLOURS = {"pending": "#fff1c2", "approved": "#d5ecd9", "rejected": "#f3d6d6"}
#: the review service's action for each button (first name it has wins)
ACTIONS = {"approve": ("approve",), "reject": ("reject",), "split": ("split",),
           "undo": ("undo", "undo_last", "undo_decision")}


def list_items(conn: apsw.Connection, status: str | None) -> list[dict[str, Any]] | None:
    if not schema.has_table(conn, "review_items"):
        return None
    if status:
        return query_all(conn, "SELECT * FROM review_items WHERE status = ? ORDER BY created_at DESC LIMIT 1000",
                         (status,))
    return query_all(conn, "SELECT * FROM review_items ORDER BY (status = 'pending') DESC, created_at DESC "
                           "LIMIT 1000")


def item_detail(conn: apsw.Connection, item_id: int) -> dict[str, Any] | None:
    item = query_one(conn, "SELECT * FROM review_items WHERE item_id = ?", (item_id,))
    if item is None:
        return None
    ids = json.loads(item.get("evidence_event_ids") or "[]")
    decisions = query_all(conn, "SELECT * FROM review_decisions WHERE item_id = ? ORDER BY decided_at",
                          (item_id,)) if schema.has_table(conn, "review_decisions") else []
    old = json.loads(item.get("old_side_json") or "{}")
    new = json.loads(item.get("new_side_json") or "{}")
    for side in (old, new):
        if isinstance(side, dict):
            now = describe_side(conn, side)
            if now:
                side["now"] = now
    return {"item": item, "old": old, "new": new, "events": load_events(conn, ids), "decisions": decisions}


def describe_side(conn: apsw.Connection, side: dict[str, Any]) -> str:
    """What a side's row says and its status now ("user LIVES_IN shanghai — superseded")."""
    kind, oid = side.get("kind"), side.get("id")
    if kind == "edge" and schema.has_table(conn, "knowledge_graph"):
        r = query_one(conn, "SELECT s.canonical_name AS s, k.predicate AS p, o.canonical_name AS o, k.status "
                            "FROM knowledge_graph k LEFT JOIN entity_catalog s ON s.entity_id = k.subject_id "
                            "LEFT JOIN entity_catalog o ON o.entity_id = k.object_id WHERE k.triple_id = ?", (oid,))
        return f"{r['s']} {r['p']} {r['o']} — {r['status']}" if r else ""
    if kind == "assertion" and schema.has_table(conn, "tom_trait_assertions"):
        r = query_one(conn, "SELECT trait, value, polarity, status FROM tom_trait_assertions WHERE assertion_id = ?",
                      (oid,))
        return f"{r['trait']}: {'' if r['polarity'] else 'not '}{r['value']} — {r['status']}" if r else ""
    if kind == "entity" and schema.has_table(conn, "entity_catalog"):
        r = query_one(conn, "SELECT canonical_name, entity_type, status FROM entity_catalog WHERE entity_id = ?", (oid,))
        return f"{r['canonical_name']} ({r['entity_type']}) — {r['status']}" if r else ""
    return ""


class ReviewInboxPanel(Panel):
    title = "Review inbox"
    reload_on_background = True
    event_requested = Signal(str)

    def __init__(self, host: EngineHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.detail: dict[str, Any] | None = None
        self._shown: dict[str, Any] | None = None  # the detail the sides draw (same again: no redraw)
        self.last_result: Any = None
        self.status_filter = QComboBox()
        for label, value in (("pending", "pending"), ("all", None), ("approved", "approved"),
                             ("rejected", "rejected")):
            self.status_filter.addItem(label, value)
        self.status_filter.currentIndexChanged.connect(lambda _i: self.reload())
        self.count_label = QLabel("")
        self.model = RowsModel(COLUMNS, formatters={"confidence": lambda v, _r: pct(v),
                                                    "created_at": lambda v, _r: ts(v)},
                               colour=lambda r: STATUS_COLOURS.get(r.get("status")))
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.selectionModel().currentRowChanged.connect(lambda cur, _p: self.select(cur.row()))
        self.old_view = KeyValueTree(headers=("old side", ""))
        self.new_view = KeyValueTree(headers=("new side", ""))
        for view in (self.old_view, self.new_view):
            view.setColumnWidth(0, 90)
        self.events = EventList()
        self.events.event_activated.connect(self.event_requested)
        self.decisions = KeyValueTree(headers=("decision", ""))
        self.buttons: dict[str, QPushButton] = {}
        brow = QHBoxLayout()
        for name, label in (("approve", "Approve"), ("reject", "Reject (revert)"), ("split", "Split"),
                            ("undo", "Undo last decision")):
            b = QPushButton(label)
            b.clicked.connect(lambda _c=False, n=name: self.decide(n))
            self.buttons[name] = b
            brow.addWidget(b)
        brow.addStretch(1)
        sides = QSplitter(Qt.Orientation.Horizontal)
        sides.addWidget(self.old_view)
        sides.addWidget(self.new_view)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addLayout(brow)
        rl.addWidget(sides, 2)
        rl.addWidget(QLabel("<b>Evidence</b> (double-click to open the event)"))
        rl.addWidget(self.events, 2)
        rl.addWidget(QLabel("<b>Decisions</b> (recorded, reversible)"))
        rl.addWidget(self.decisions, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(right)
        split.setSizes([600, 600])
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Show"))
        bar.addWidget(self.status_filter)
        bar.addWidget(self.count_label, 1)
        self.stack = EmptyOr(split, "Nothing to review.")
        lay = QVBoxLayout(self)
        lay.addLayout(bar)
        lay.addWidget(self.stack, 1)
        self._clear_detail()
        self._update_buttons()

    def reload(self) -> None:
        status = self.status_filter.currentData()
        self.call(lambda: list_items(self.host.engine.db.reader(), status), on_done=self._loaded)

    def _loaded(self, rows: list[dict[str, Any]] | None) -> None:
        if rows is None:
            self.stack.show_content(False, "The review inbox is not installed in this database yet.")
        else:
            self.stack.show_content(bool(rows), "Nothing to review: uncertain supersessions, merges and "
                                                "arbitrations appear here.")
        self.count_label.setText(f"{len(rows or [])} item(s)")
        # the item being reviewed stays selected and is re-read (background work reloads this
        # panel); an item that left the list clears the sides and disables the actions
        self.detail = None
        if reload_rows(self.table, self.model, rows or [], "item_id") is None:
            self._clear_detail()
        self._update_buttons()
        self.loaded.emit()

    def _clear_detail(self) -> None:
        self.detail = self._shown = None
        self.old_view.show_value({"(select an item)": "what memory believed before"})
        self.new_view.show_value({"(select an item)": "what it believes now"})
        self.decisions.show_value({})
        self.events.set_rows([])

    def select(self, row: int) -> None:
        if row < 0 or row >= len(self.model.rows()):
            return
        item_id = self.model.row(row)["item_id"]
        if selection_moved(self.table, row):
            return  # currentRowChanged ran select(row) already: one detail load, not two
        self.call(lambda: item_detail(self.host.engine.db.reader(), item_id), on_done=self._show)

    def _show(self, d: dict[str, Any] | None) -> None:
        self.detail = d
        if d is None or d == self._shown:
            self._update_buttons()
            return  # a reload re-read the same item: redrawing its sides would change nothing
        self._shown = d
        # a side that says what it is ("user LIVES_IN jiaxing — active") needs no id beside it
        for view, side in ((self.old_view, d["old"]), (self.new_view, d["new"])):
            shown = {k: v for k, v in side.items() if not (k == "id" and side.get("now"))} \
                if isinstance(side, dict) else side
            view.show_value(readable(shown) if isinstance(shown, dict) else shown, expand_depth=2)
        self.later(lambda: self._show_events(d))
        self.decisions.show_value({f"{ts(x['decided_at'])} {x['decision']}" + (" (undone)" if x.get("undone_at") else ""):
                                   {"reason": x.get("reason"), "effect": json.loads(x.get("effect_json") or "{}")}
                                   for x in d["decisions"]} or {"(none yet)": ""})
        self._update_buttons()

    def _show_events(self, d: dict[str, Any]) -> None:
        """The evidence in a turn of its own, after both sides are drawn."""
        if d is self._shown:
            self.events.set_rows(d["events"])

    def _service_fn(self, action: str) -> Any:
        service = self.engine.components.get("review") if self.engine is not None else None
        for name in ACTIONS[action]:
            fn = getattr(service, name, None)
            if callable(fn):
                return fn
        return None

    def _update_buttons(self) -> None:
        item = (self.detail or {}).get("item")
        for name, b in self.buttons.items():
            fn = self._service_fn(name) if item else None
            pending = bool(item) and item["status"] == "pending"
            ok = fn is not None and (pending if name in ("approve", "reject") else
                                     pending and item["kind"] == "entity_merge" if name == "split" else
                                     bool((self.detail or {}).get("decisions")))
            b.setEnabled(bool(ok))

    def decide(self, action: str) -> None:
        item = (self.detail or {}).get("item")
        fn = self._service_fn(action)
        if item is None or fn is None:
            return
        item_id = item["item_id"]
        self.call(lambda: fn(item_id), on_done=self._decided)

    def _decided(self, result: Any) -> None:
        self.last_result = result
        item_id = (self.detail or {}).get("item", {}).get("item_id")
        self.host.notify_changed("review")
        self.reload()
        if item_id is not None:
            self.call(lambda: item_detail(self.host.engine.db.reader(), item_id), on_done=self._show)
