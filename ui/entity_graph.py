"""Panel 2, the L2 entity graph and assertion history, with time travel.

* Entity list with search and a type filter.
* The selected entity's neighbourhood, laid out with networkx (spring layout, seeded so the
  picture is stable) and drawn in a QGraphicsView; inactive edges are dashed grey. Clicking an
  edge shows its details and evidence events; clicking a node moves to that entity.
* Assertion history: every assertion of the entity with status and exit reason, drawn as bars on
  a time axis per trait; the draggable vertical line is the time-travel date.
* Time travel: "what did memory believe on date T" restricts graph, assertions and profile to
  rows valid at T; ◀ / ▶ step through the selected assertion's supersession chain.
* Correction: "This is wrong" marks the selected assertion or edge ``user_denied`` through the
  L2 service (reversible there); "Delete evidence…" previews and deletes the evidence events.
"""

from __future__ import annotations

import math
from typing import Any

import networkx as nx
import pyqtgraph as pg
from PySide6.QtCore import QDateTime, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDateTimeEdit,
                               QGraphicsEllipseItem, QGraphicsLineItem, QGraphicsScene,
                               QGraphicsSimpleTextItem, QGraphicsView, QHBoxLayout, QLabel,
                               QLineEdit, QPushButton, QSplitter, QTableView, QTabWidget,
                               QVBoxLayout, QWidget)

from magi_desktop.engine_host import EngineHost

from . import l2_queries as q
from .correction_text import correction_summary, deny_preview
from .panel import Panel
from .widgets.cascade_dialog import CascadePreviewDialog
from .widgets.date_axis import DateAxis
from .widgets.empty_state import EmptyOr
from .widgets.event_list import EventList
from .widgets.formatting import one_line, pct, readable, ts
from .widgets.keep_place import reload_rows
from .widgets.kv_view import KeyValueTree
from .widgets.rows_model import RowsModel

TYPE_COLOURS = {"person": "#f4b183", "place": "#9dc3e6", "appliance": "#c5e0b4", "device": "#c5e0b4",
                "product": "#c5e0b4", "food": "#ffe699", "media": "#d5a6e6", "software": "#a9d18e",
                "organization": "#bdd7ee", "activity": "#f8cbad", "topic": "#e2efda"}
STATUS_COLOURS = {"active": "#2f6db5", "tentative": "#7fa7d9", "corroborated": "#2f6db5",
                  "stable": "#1f4e8c", "superseded": "#9a9a9a", "overwritten": "#b0b0b0",
                  "expired": "#c9a25e", "user_denied": "#c0504d", "invalidated": "#9a9a9a",
                  "rejected": "#c0504d"}
ACTIVE_STATUSES = {"active", "tentative", "corroborated", "stable"}
#: the graph is never drawn larger than this (a lone node was blown up to fill the canvas)
MAX_ZOOM = 1.25
#: the entity's Mentions tab lists at most this many events, newest first
MENTIONS_SHOWN = 500
#: the entity list's name column never grows past this (the other columns stay in view)
ENTITY_NAME_MAX_PX = 160

ENTITY_COLUMNS = (("canonical_name", "entity"), ("entity_type", "type"), ("mention_count", "mentions"),
                  ("edge_count", "edges"), ("last_seen_at", "last seen"))
ASSERTION_COLUMNS = (("trait", "trait"), ("value", "value"), ("status", "status"),
                     ("confidence", "conf."), ("evidence_count", "evid."), ("valid_from", "from"),
                     ("valid_to", "to"), ("exit", "exit reason"))


def graph_layout(hood: q.Neighbourhood, known: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """Positions (layout units, around 0,0) for every node of ``hood``: ``known`` ones stay where
    they are, the others are placed by a spring layout around them.

    Pure numpy/networkx, so a reader thread runs it with the neighbourhood's query: on the UI
    thread the first spring layout of a process took ~90 ms (networkx's lazy imports) and a
    later one 6-8 ms of a turn that also drew the graph. When every node is placed already (the
    UI thread drawing what the reader laid out) no graph is built at all."""
    nodes = set(hood.nodes) | {e[k] for e in hood.edges for k in ("subject_id", "object_id")}
    n = len(nodes)
    known = {k: v for k, v in known.items() if k in nodes}
    if n <= 1:
        return {hood.center: known.get(hood.center, (0.0, 0.0))}
    if len(known) == n:
        return known
    graph = nx.Graph()
    graph.add_nodes_from(hood.nodes)
    graph.add_edges_from((e["subject_id"], e["object_id"]) for e in hood.edges)
    pos = nx.spring_layout(graph, seed=7, center=(0, 0), scale=1.0, k=1.6 / math.sqrt(n),
                           pos=known or None, fixed=list(known) or None)
    return {k: (float(v[0]), float(v[1])) for k, v in pos.items()}


class GraphView(QGraphicsView):
    """Nodes and edges of a neighbourhood; emits what was clicked."""

    node_clicked = Signal(str)
    edge_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setBackgroundBrush(QBrush(QColor("#fbfbfd")))
        self.hood: q.Neighbourhood | None = None
        self.positions: dict[str, tuple[float, float]] = {}
        self.selected_edge: str | None = None
        #: layout per centre entity, in layout units: time travel and filters move nothing that
        #: was already placed (the layout reshuffled between time-travel steps)
        self._layouts: dict[str, dict[str, tuple[float, float]]] = {}
        #: above this many edges the relation names are tooltips, not labels (they overlapped)
        self.max_edge_labels = 24
        #: labels left out of the last drawing for want of room (their text is a tooltip)
        self.hidden_labels = 0
        self.label_rects: list[QRectF] = []

    def highlight_edge(self, triple_id: str | None) -> None:
        """Draw the selected edge thick and orange (the others keep their status colours)."""
        self.selected_edge = triple_id
        for item in self.edge_items():
            tid = item.data(1)
            pen = item.pen()
            base = item.data(2)
            if base is None:
                item.setData(2, (pen.color().name(), pen.widthF()))
                base = item.data(2)
            colour, width = base
            if tid == triple_id:
                pen.setColor(QColor("#e07b00"))
                pen.setWidthF(width + 3)
                item.setZValue(1)
            else:
                pen.setColor(QColor(colour))
                pen.setWidthF(width)
                item.setZValue(0)
            item.setPen(pen)

    def show_neighbourhood(self, hood: q.Neighbourhood) -> None:
        self.hood = hood
        scene = self.scene()
        scene.clear()
        n = max(1, len(hood.nodes))
        # placed already when the panel loaded the neighbourhood (graph_layout on a reader thread)
        pos = graph_layout(hood, self._layouts.get(hood.center, {}))
        self.remember_layout(hood.center, pos)
        # the scale follows every node ever placed around this centre, so a filtered or
        # time-travelled view draws the same node at the same place
        radius = 170 + 28 * math.sqrt(max(n, len(self._layouts.get(hood.center, {}))))
        self.positions = {k: (float(v[0]) * radius, float(v[1]) * radius) for k, v in pos.items()}
        pair_count: dict[frozenset[str], int] = {}
        small = QFont()
        small.setPointSize(8)
        # label collision avoidance: nodes are placed first and are obstacles; each label takes
        # the first of its candidate places that overlaps nothing placed yet, or is left out
        # (its text stays in the tooltip). The user hub piled 60 labels on each other.
        radii = {nid: (30 if nid == hood.center else 22) for nid in hood.nodes}
        placed: list[QRectF] = [QRectF(x - radii[nid], y - radii[nid], 2 * radii[nid], 2 * radii[nid])
                                for nid, (x, y) in ((n, self.positions.get(n, (0.0, 0.0))) for n in hood.nodes)]
        self.hidden_labels = 0
        self.label_rects: list[QRectF] = []

        def place(item: QGraphicsSimpleTextItem, spots: list[tuple[float, float]]) -> bool:
            br = item.boundingRect()
            for cx, cy in spots:
                rect = QRectF(cx - br.width() / 2, cy - br.height() / 2, br.width(), br.height())
                if not any(rect.intersects(o) for o in placed):
                    placed.append(rect)
                    self.label_rects.append(rect)
                    item.setPos(rect.topLeft())
                    scene.addItem(item)
                    return True
            self.hidden_labels += 1
            return False

        for nid, info in hood.nodes.items():  # node names first: they matter more than relations
            x, y = self.positions.get(nid, (0.0, 0.0))
            r = radii[nid]
            text = QGraphicsSimpleTextItem(one_line(info.get("canonical_name"), 24))
            if nid == hood.center:
                f = QFont()
                f.setBold(True)
                text.setFont(f)
            h = text.boundingRect().height()
            w = text.boundingRect().width()
            text.setZValue(4)
            text.setData(0, "node")
            text.setData(1, nid)
            text.setToolTip(f"{info.get('canonical_name')} ({info.get('entity_type')})")
            place(text, [(x, y + r + 2 + h / 2), (x, y - r - 2 - h / 2), (x + r + 4 + w / 2, y),
                         (x - r - 4 - w / 2, y)])
        for e in hood.edges:
            a, b = self.positions[e["subject_id"]], self.positions[e["object_id"]]
            pair = frozenset((e["subject_id"], e["object_id"]))
            k = pair_count.get(pair, 0)
            pair_count[pair] = k + 1
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) or 1.0
            off = (k - 0.0) * 14.0
            ox, oy = -dy / length * off, dx / length * off
            line = QGraphicsLineItem(a[0] + ox, a[1] + oy, b[0] + ox, b[1] + oy)
            active = e["status"] == "active"
            pen = QPen(QColor(STATUS_COLOURS.get(e["status"], "#888")), 1.2 + 2.0 * float(e["confidence"] or 0))
            if not active:
                pen.setStyle(Qt.PenStyle.DashLine)
            line.setPen(pen)
            line.setData(0, "edge")
            line.setData(1, e["triple_id"])
            line.setFlag(QGraphicsLineItem.GraphicsItemFlag.ItemIsSelectable)
            line.setToolTip(f"{e['predicate']} ({e['status']}, confidence {pct(e['confidence'])}, "
                            f"{e['observation_count']} observations)")
            line.setZValue(0)
            scene.addItem(line)
            if len(hood.edges) > self.max_edge_labels and e["triple_id"] != self.selected_edge:
                continue  # a hub: the relation is in the tooltip and the legend's filter
            label = QGraphicsSimpleTextItem(e["predicate"] + ("" if active else f" [{e['status']}]"))
            label.setFont(small)
            label.setBrush(QBrush(QColor("#333" if active else "#888")))
            label.setData(0, "edge")
            label.setData(1, e["triple_id"])
            label.setZValue(2)
            label.setToolTip(line.toolTip())
            # towards the outer end first: near the centre node they would all overlap
            fs = (0.62, 0.75, 0.5) if e["subject_id"] == hood.center else (0.38, 0.25, 0.5)
            place(label, [(a[0] + dx * f + ox, a[1] + dy * f + oy) for f in fs])
        for nid, info in hood.nodes.items():
            x, y = self.positions.get(nid, (0.0, 0.0))
            r = radii[nid]
            node = QGraphicsEllipseItem(x - r, y - r, 2 * r, 2 * r)
            colour = "#ffd966" if info.get("is_user") else TYPE_COLOURS.get(info.get("entity_type"), "#dddddd")
            node.setBrush(QBrush(QColor(colour)))
            node.setPen(QPen(QColor("#333"), 2.5 if nid == hood.center else 1))
            node.setData(0, "node")
            node.setData(1, nid)
            node.setToolTip(f"{info.get('canonical_name')} ({info.get('entity_type')})")
            node.setZValue(3)
            scene.addItem(node)
        scene.setSceneRect(scene.itemsBoundingRect().adjusted(-40, -40, 40, 40))
        if self.selected_edge:
            self.highlight_edge(self.selected_edge)
        self.fit()

    def known_layout(self, center: str) -> dict[str, tuple[float, float]]:
        """The positions placed so far around ``center`` (a copy a reader thread may extend)."""
        return dict(self._layouts.get(center, {}))

    def remember_layout(self, center: str, positions: dict[str, tuple[float, float]]) -> None:
        self._layouts.setdefault(center, {}).update(positions)

    def fit(self) -> None:
        """The whole neighbourhood in view, shrunk when needed but never blown up past its
        natural size (one node filled the canvas at 4x, its name in 40-pt letters)."""
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        if self.transform().m11() > MAX_ZOOM:
            self.resetTransform()
            self.scale(MAX_ZOOM, MAX_ZOOM)
            self.centerOn(self.scene().sceneRect().center())

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self.scene().items():
            self.fit()

    def mousePressEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        item = self.itemAt(event.position().toPoint())
        if item is not None and item.data(0) == "edge":
            self.edge_clicked.emit(item.data(1))
        elif item is not None and item.data(0) == "node":
            self.node_clicked.emit(item.data(1))
        super().mousePressEvent(event)

    def edge_items(self) -> list[QGraphicsLineItem]:
        return [i for i in self.scene().items() if isinstance(i, QGraphicsLineItem)]

    def node_items(self) -> list[QGraphicsEllipseItem]:
        return [i for i in self.scene().items() if isinstance(i, QGraphicsEllipseItem)]


class AssertionTimeline(pg.PlotWidget):
    """One row per trait; a bar per assertion from valid_from to valid_to (or now)."""

    date_dragged = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent, axisItems={"bottom": DateAxis()})
        self.setBackground("w")
        self.setMenuEnabled(False)
        self.getPlotItem().hideButtons()
        self.setMouseEnabled(x=True, y=False)
        self.cursor = pg.InfiniteLine(angle=90, movable=True, pen=pg.mkPen("#d04040", width=2),
                                      label="as of", labelOpts={"position": 0.95, "color": "#d04040",
                                                                # right of the line: centred on it, the
                                                                # label was cut at the plot's edge
                                                                "anchors": [(0, 0.5), (0, 0.5)]})
        self.cursor.sigPositionChangeFinished.connect(lambda l: self.date_dragged.emit(float(l.value())))
        self.traits: list[str] = []
        self.labels = 0

    def show_assertions(self, rows: list[dict[str, Any]], now: float, as_of: float | None) -> None:
        self.clear()
        self.traits = sorted({r["trait"] for r in rows})
        axis = self.getPlotItem().getAxis("left")
        axis.setTicks([[(i, t) for i, t in enumerate(self.traits)]])
        lo, hi = now, now
        spans = []
        for r in rows:
            start = r.get("valid_from") or r.get("first_observed_at") or r.get("created_at") or now
            end = r.get("valid_to") or (now if r["status"] in ACTIVE_STATUSES else
                                        (r.get("updated_at") or now))
            end = max(end, start + 60)
            lo, hi = min(lo, start), max(hi, end)
            spans.append((r, start, end))
        # one label per bar only where it has room: a row of 20 preferences piled its labels on
        # top of each other; the unlabelled ones are in the table below (and newest wins room)
        gap = max((hi - lo) * 0.14, 60.0)
        labelled_until: dict[int, float] = {}
        self.labels = 0
        for r, start, end in sorted(spans, key=lambda s: -s[1]):
            y = self.traits.index(r["trait"])
            colour = STATUS_COLOURS.get(r["status"], "#888")
            bar = pg.BarGraphItem(x0=[start], x1=[end], y0=[y - 0.3], y1=[y + 0.3],
                                  brush=pg.mkBrush(colour), pen=pg.mkPen("#444", width=0.5))
            self.addItem(bar)
            if y in labelled_until and labelled_until[y] - start < gap:
                continue
            labelled_until[y] = start
            label = pg.TextItem(f"{'' if r.get('polarity', 1) else 'not '}{one_line(r['value'], 30)} "
                                f"({r['status']})", color="#222", anchor=(0, 0.5))
            label.setPos(start, y)
            self.addItem(label)
            self.labels += 1
        if rows:
            pad = max((hi - lo) * 0.05, 3600)
            self.setXRange(lo - pad, hi + pad, padding=0)
            self.setYRange(-0.8, len(self.traits) - 0.2, padding=0)
        self.addItem(self.cursor)
        self.cursor.setValue(as_of if as_of is not None else now)
        self.cursor.setVisible(as_of is not None)


class EntityGraphPanel(Panel):
    title = "L2 entity graph"
    event_requested = Signal(str)

    def __init__(self, host: EngineHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.entity_id: str | None = None
        self.hood: q.Neighbourhood | None = None
        self.assertions: list[dict[str, Any]] = []
        self.edge: dict[str, Any] | None = None
        self.assertion: dict[str, Any] | None = None
        self.profile: dict[str, Any] | None = None
        self.preview_dialog: CascadePreviewDialog | None = None
        self.last_action: Any = None
        self._chain_pos = -1

        # left: entities
        self.search = QLineEdit(placeholderText="Search entities / aliases…")
        self.search.returnPressed.connect(self.reload)
        self.search.textEdited.connect(lambda _t: self.reload())
        self.type_filter = QComboBox()
        self.type_filter.addItem("all types", None)
        self.type_filter.currentIndexChanged.connect(lambda _i: self.reload())
        # the day is enough in the list (the full time is in the tooltip): every column in view
        self.entities = RowsModel(ENTITY_COLUMNS, formatters={"last_seen_at": lambda v, _r: ts(v)[:10]},
                                  colour=lambda r: "#ffd966" if r.get("is_user") else None)
        self.entity_table = QTableView()
        self.entity_table.setModel(self.entities)
        self.entity_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.entity_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.entity_table.verticalHeader().setVisible(False)
        self.entity_table.verticalHeader().setDefaultSectionSize(22)
        self.entity_table.horizontalHeader().setStretchLastSection(True)
        self.entity_table.selectionModel().currentRowChanged.connect(
            lambda cur, _p: self.select_entity(self.entities.row(cur.row())["entity_id"]) if cur.isValid() else None)
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.search, 1)
        row.addWidget(self.type_filter)
        ll.addLayout(row)
        ll.addWidget(self.entity_table)
        self.entity_count = QLabel("")  # "No entity matches …" when a search finds nothing
        self.entity_count.setWordWrap(True)
        ll.addWidget(self.entity_count)

        # time travel bar
        self.travel = QCheckBox("Time travel: what did memory believe on")
        self.travel.toggled.connect(lambda _c: self._refresh_entity())
        self.travel_date = QDateTimeEdit(calendarPopup=True, displayFormat="yyyy-MM-dd HH:mm")
        self.travel_date.setDateTime(QDateTime.currentDateTime())
        self.travel_date.editingFinished.connect(self._refresh_entity)
        self.prev_button = QPushButton("◀ older")
        self.next_button = QPushButton("newer ▶")
        self.prev_button.setToolTip("Step back along the selected assertion's supersession chain")
        self.next_button.setToolTip("Step forward along the selected assertion's supersession chain")
        self.prev_button.clicked.connect(lambda: self.step_chain(-1))
        self.next_button.clicked.connect(lambda: self.step_chain(+1))
        self.show_inactive = QCheckBox("show inactive edges")
        self.show_inactive.setChecked(True)
        self.show_inactive.toggled.connect(lambda _c: self._refresh_entity())
        self.wrong_button = QPushButton("This is wrong")
        self.wrong_button.setToolTip(deny_preview(None, {}))
        self.wrong_button.clicked.connect(self.mark_wrong)
        self.undo_button = QPushButton("Undo correction")
        self.undo_button.setToolTip("Put back exactly what the last \"This is wrong\" changed")
        self.undo_button.setEnabled(False)
        self.undo_button.clicked.connect(self.undo_last_correction)
        self.delete_button = QPushButton("Delete evidence…")
        self.delete_button.setToolTip("Preview and delete the evidence events of the selection, everywhere")
        self.delete_button.clicked.connect(self.preview_delete_evidence)
        self.delete_entity_button = QPushButton("Delete entity…")
        self.delete_entity_button.setToolTip("Remove the entity and everything derived about it (its events stay)")
        self.delete_entity_button.clicked.connect(self.preview_delete_entity)
        tbar = QHBoxLayout()
        for w in (self.travel, self.travel_date, self.prev_button, self.next_button):
            tbar.addWidget(w)
        tbar.addStretch(1)
        for w in (self.show_inactive, self.wrong_button, self.undo_button, self.delete_button, self.delete_entity_button):
            tbar.addWidget(w)

        # centre: graph ; right: tabs
        self.graph = GraphView()
        self.graph.edge_clicked.connect(self.select_edge)
        self.graph.node_clicked.connect(self._node_clicked)
        self.tabs = QTabWidget()
        self.edge_view = KeyValueTree()
        self.edge_evidence = EventList(extra_columns=(("evidence_text", "evidence span"),))
        self.edge_evidence.event_activated.connect(self.event_requested)
        edge_box = QWidget()
        el = QVBoxLayout(edge_box)
        el.setContentsMargins(0, 0, 0, 0)
        el.addWidget(self.edge_view, 1)
        el.addWidget(QLabel("<b>Evidence events</b> (double-click to open)"))
        el.addWidget(self.edge_evidence, 1)
        self.tabs.addTab(edge_box, "Edge")
        self.assertion_model = RowsModel(ASSERTION_COLUMNS, formatters={
            "valid_from": lambda v, _r: ts(v), "valid_to": lambda v, _r: ts(v),
            "confidence": lambda v, _r: pct(v),
            "value": lambda v, r: ("" if r.get("polarity", 1) else "not ") + one_line(v, 40)},
            colour=lambda r: STATUS_COLOURS.get(r.get("status")) and _tint(STATUS_COLOURS[r["status"]]))
        self.assertion_table = QTableView()
        self.assertion_table.setModel(self.assertion_model)
        self.assertion_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.assertion_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.assertion_table.verticalHeader().setVisible(False)
        self.assertion_table.verticalHeader().setDefaultSectionSize(22)
        self.assertion_table.horizontalHeader().setStretchLastSection(True)
        self.assertion_table.selectionModel().currentRowChanged.connect(
            lambda cur, _p: self.select_assertion(self.assertion_model.row(cur.row())["assertion_id"])
            if cur.isValid() else None)
        self.timeline = AssertionTimeline()
        self.timeline.date_dragged.connect(self.travel_to)
        self.assertion_view = KeyValueTree()
        self.assertion_evidence = EventList(extra_columns=(("evidence_text", "evidence span"),))
        self.assertion_evidence.event_activated.connect(self.event_requested)
        hist_box = QSplitter(Qt.Orientation.Vertical)
        hist_box.addWidget(self.timeline)
        hist_box.addWidget(self.assertion_table)
        detail_tabs = QTabWidget()
        detail_tabs.addTab(self.assertion_view, "Assertion && chain")
        detail_tabs.addTab(self.assertion_evidence, "Evidence")
        hist_box.addWidget(detail_tabs)
        hist_box.setSizes([180, 200, 200])
        self.tabs.addTab(hist_box, "Assertion history")
        self.profile_view = KeyValueTree()
        self.tabs.addTab(self.profile_view, "Profile")
        # every event that mentions the entity ("painting": 43 mentions, one was reachable)
        self.mentions = EventList()
        self.mentions.event_activated.connect(self.event_requested)
        self.tabs.addTab(self.mentions, "Mentions")
        # relation filter and legend above the canvas
        self.relation_filter = QComboBox()
        self.relation_filter.addItem("all relations", None)
        self.relation_filter.currentIndexChanged.connect(lambda _i: self._show_hood())
        # and by the type of entity at the other end (a hub of 53 nodes: "only the places")
        self.node_type_filter = QComboBox()
        self.node_type_filter.addItem("all entity types", None)
        self.node_type_filter.currentIndexChanged.connect(lambda _i: self._show_hood())
        self.legend = QLabel("")
        self.legend.setWordWrap(True)
        graph_box = QWidget()
        gl = QVBoxLayout(graph_box)
        gl.setContentsMargins(0, 0, 0, 0)
        gbar = QHBoxLayout()
        gbar.addWidget(QLabel("Show:"))
        gbar.addWidget(self.relation_filter)
        gbar.addWidget(self.node_type_filter)
        gbar.addStretch(1)
        gl.addLayout(gbar)
        gl.addWidget(self.legend)  # a line of its own: beside the filters it wrapped to four
        gl.addWidget(self.graph, 1)
        centre = QSplitter(Qt.Orientation.Horizontal)
        centre.addWidget(graph_box)
        centre.addWidget(self.tabs)
        centre.setSizes([600, 520])
        self.entity_stack = EmptyOr(centre, "Select an entity to see its neighbourhood and history.")

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.entity_stack)
        split.setSizes([450, 950])
        body = QWidget()
        bl = QVBoxLayout(body)
        bl.setContentsMargins(0, 0, 0, 0)
        bl.addLayout(tbar)
        # what the last "This is wrong" (or its undo) changed, in words: a deny may make the value
        # it replaced current again
        self.correction_note = QLabel("")
        self.correction_note.setWordWrap(True)
        self.correction_note.setVisible(False)
        bl.addWidget(self.correction_note)
        bl.addWidget(split, 1)
        self.stack = EmptyOr(body, "No entities yet.")
        lay = QVBoxLayout(self)
        lay.addWidget(self.stack)
        self._update_buttons()

    # -- time travel ---------------------------------------------------------------------------

    @property
    def as_of(self) -> float | None:
        return float(self.travel_date.dateTime().toSecsSinceEpoch()) if self.travel.isChecked() else None

    def travel_to(self, t: float | None) -> None:
        """Show the entity as memory believed it at ``t`` (None: back to the present)."""
        self.travel.blockSignals(True)
        self.travel.setChecked(t is not None)
        self.travel.blockSignals(False)
        if t is not None:
            self.travel_date.setDateTime(QDateTime.fromSecsSinceEpoch(int(t)))
        self._refresh_entity()

    def step_chain(self, direction: int) -> None:
        """Move to the previous/next assertion of the supersession chain, travelling to its date."""
        chain = (self.assertion or {}).get("chain") or []
        if not chain:
            return
        ids = [c["assertion_id"] for c in chain]
        cur = self.assertion["assertion"]["assertion_id"]
        i = ids.index(cur) + direction if cur in ids else 0
        if not 0 <= i < len(chain):
            return
        target = chain[i]
        start = target.get("valid_from") or target.get("first_observed_at") or target.get("created_at")
        self._pending_assertion = target["assertion_id"]
        self.travel_to(float(start) + 1 if start else None)

    # -- loading -------------------------------------------------------------------------------

    def reload(self) -> None:
        text, etype = self.search.text(), self.type_filter.currentData()

        def work() -> dict[str, Any]:
            conn = self.host.engine.db.reader()
            return {"entities": q.list_entities(conn, text=text, entity_type=etype),
                    "types": q.entity_types(conn)}

        self.call(work, on_done=self._loaded)

    def _loaded(self, result: dict[str, Any]) -> None:
        if not getattr(self, "_date_set", False) and self.engine is not None:
            # time travel starts at memory's "now" (the engine clock), not the wall clock
            self._date_set = True
            self.travel_date.setDateTime(QDateTime.fromSecsSinceEpoch(int(self.engine.clock.now())))
        rows = result["entities"]
        if rows is None:
            self.stack.show_content(False, "L2 (entities, graph, assertions) is not installed in this "
                                           "database yet.")
            self.loaded.emit()
            return
        filtered = bool(self.search.text().strip() or self.type_filter.currentData())
        self.stack.show_content(bool(rows) or filtered,
                                "No entities yet: L2 projects fact-authoritative events in the "
                                "background (Phase 1 extraction → entity resolution → graph).")
        self.entity_count.setText(
            (f"No entity matches “{self.search.text().strip()}”"
             f"{' of type ' + str(self.type_filter.currentData()) if self.type_filter.currentData() else ''}."
             if filtered and not rows else f"{len(rows):,} entities" + (" (filtered)" if filtered else ""))
            if rows is not None else "")
        current = self.type_filter.currentData()
        self.type_filter.blockSignals(True)
        self.type_filter.clear()
        self.type_filter.addItem("all types", None)
        for t in result["types"]:
            self.type_filter.addItem(t, t)
        if current:
            self.type_filter.setCurrentIndex(max(0, self.type_filter.findData(current)))
        self.type_filter.blockSignals(False)
        # the selected entity stays selected and the list keeps its scroll position (quiet: the
        # panel re-reads the entity below, selecting it anew would drop the selected edge)
        reload_rows(self.entity_table, self.entities, rows, "entity_id", keep=self.entity_id, quiet=True)
        self.entity_table.resizeColumnsToContents()
        # a long name must not push type / mentions / edges off the panel (the header read "menti")
        if self.entity_table.columnWidth(0) > ENTITY_NAME_MAX_PX:
            self.entity_table.setColumnWidth(0, ENTITY_NAME_MAX_PX)
        if self.entity_id and any(r["entity_id"] == self.entity_id for r in rows):
            self._refresh_entity()
            # the selected edge / assertion is re-read too: after a deletion it may be gone or
            # changed (it stayed on screen as "active", with the deleted text as evidence)
            if self.edge is not None:
                self.select_edge(self.edge["edge"]["triple_id"])
            elif self.assertion is not None:
                self.select_assertion(self.assertion["assertion"]["assertion_id"])
        else:
            if self.entity_id and not self.search.text().strip() and not self.type_filter.currentData():
                self._forget_entity()  # the entity itself is gone (its only evidence was deleted)
            self.loaded.emit()

    def _forget_entity(self) -> None:
        self.entity_id = None
        self._clear_selection()
        self.entity_stack.show_content(False)

    def select_entity(self, entity_id: str) -> None:
        self.entity_id = entity_id
        self._clear_selection()
        self._refresh_entity()

    def _clear_selection(self) -> None:
        """No edge or assertion selected: their views say so (another entity's edge stayed on
        the Edge tab, its buttons disabled, after moving to a new entity)."""
        self.edge = None
        self.assertion = None
        self.edge_view.show_value({"(no edge selected)": "click an edge in the graph"})
        self.edge_evidence.set_rows([])
        self.assertion_view.show_value({"(no assertion selected)": "pick one in the table above"})
        self.assertion_evidence.set_rows([])
        self.graph.highlight_edge(None)
        self._update_buttons()

    def _node_clicked(self, entity_id: str) -> None:
        if entity_id != self.entity_id:
            self.select_entity(entity_id)

    def _refresh_entity(self) -> None:
        eid = self.entity_id
        if not eid:
            return
        as_of, inactive = self.as_of, self.show_inactive.isChecked()
        known = self.graph.known_layout(eid)

        def work() -> dict[str, Any]:
            engine = self.host.engine
            conn = engine.db.reader()
            now = engine.clock.now()
            service = engine.components.get("l2")
            profile: Any = None
            if as_of is not None:
                fn = getattr(service, "profile_as_of", None)
                profile = fn(as_of, entity_id=eid) if callable(fn) else None
                profile = {"computed by": "L2 service (profile_as_of)" if profile else
                           "inspector (validity intervals)",
                           **(profile if isinstance(profile, dict) else q.profile_as_of(conn, eid, as_of))}
            else:
                snap = q.snapshot(conn, eid)
                profile = {"current snapshot": snap} if snap else {"current snapshot": "(not refreshed yet)"}
            mention_ids = [r[0] for r in conn.execute(
                "SELECT x.event_id FROM l1_event_entities x JOIN fact_events e ON e.event_id = x.event_id "
                "WHERE x.entity_id = ? ORDER BY e.occurred_at DESC, e.seq DESC LIMIT ?", (eid, MENTIONS_SHOWN))]
            from .widgets.event_list import load_events

            hood = q.neighbourhood(conn, eid, as_of=as_of, include_inactive=inactive)
            return {"hood": hood, "layout": graph_layout(hood, known),
                    "assertions": q.assertions_of(conn, eid), "profile": profile, "now": now,
                    "as_of": as_of, "mentions": load_events(conn, mention_ids),
                    "mention_total": conn.execute("SELECT count(*) FROM l1_event_entities WHERE entity_id = ?",
                                                  (eid,)).fetchone()[0]}

        self.call(work, on_done=self._entity_loaded)

    def _entity_loaded(self, r: dict[str, Any]) -> None:
        self.entity_stack.show_content(True)
        self.hood = r["hood"]
        self.graph.remember_layout(r["hood"].center, r["layout"])
        self.mentions.set_rows(r.get("mentions") or [])
        total = r.get("mention_total") or 0
        self.tabs.setTabText(self.tabs.indexOf(self.mentions),
                             f"Mentions ({total:,}{', newest ' + str(MENTIONS_SHOWN) if total > MENTIONS_SHOWN else ''})")
        self._fill_relation_filter(r["hood"])
        self._fill_type_filter(r["hood"])
        as_of = r["as_of"]
        rows = []
        for a in r["assertions"]:
            start = a.get("valid_from") or a.get("first_observed_at") or a.get("created_at")
            believed = as_of is None or ((start or 0) <= as_of and (a.get("valid_to") is None or a["valid_to"] > as_of))
            row = {**a, "exit": q.EXIT_REASONS.get(a["status"], ""), "believed_then": believed}
            if as_of is not None and believed and a["status"] not in ("tentative", "corroborated", "stable"):
                # the status as of the chosen date (it was current then), today's beside it
                row["status"] = f"current then, now {a['status']}"
                row["exit"] = f"later: {row['exit']}" if row["exit"] else ""
            rows.append(row)
        self.assertions = rows
        shown = [a for a in rows if a["believed_then"]] if as_of is not None else rows
        self.assertion_model.set_rows(shown)
        self.profile = r["profile"]
        self.profile_view.show_value(readable(r["profile"]), expand_depth=3)
        # the graph and the assertion chart are drawn in the next turn: with the tables above
        # they took one 40-55 ms turn on a 100k store's user hub
        self.later(lambda: self._draw_entity(r, rows, as_of))

    def _draw_entity(self, r: dict[str, Any], rows: list[dict[str, Any]], as_of: float | None) -> None:
        if self.hood is not r["hood"]:
            return  # another entity arrived meanwhile; its own turn draws it
        self._show_hood()
        # the chart in a turn of its own again: graph with label placement and chart together
        # still reached 35-42 ms on the 100k store's user hub
        self.later(lambda: self._draw_chart(r, rows, as_of))

    def _draw_chart(self, r: dict[str, Any], rows: list[dict[str, Any]], as_of: float | None) -> None:
        if self.hood is not r["hood"]:
            return
        self.timeline.show_assertions(rows, r["now"], as_of)
        pending = getattr(self, "_pending_assertion", None)
        if pending:
            self._pending_assertion = None
            self.select_assertion(pending)
        self._update_buttons()
        self.loaded.emit()

    def _fill_type_filter(self, hood: q.Neighbourhood) -> None:
        current = self.node_type_filter.currentData()
        counts: dict[str, int] = {}
        for nid, info in hood.nodes.items():
            if nid != hood.center:
                t = info.get("entity_type") or "?"
                counts[t] = counts.get(t, 0) + 1
        self.node_type_filter.blockSignals(True)
        self.node_type_filter.clear()
        self.node_type_filter.addItem(f"all entity types ({sum(counts.values())})", None)
        for t in sorted(counts):
            self.node_type_filter.addItem(f"{t} ({counts[t]})", t)
        if current in counts:
            self.node_type_filter.setCurrentIndex(self.node_type_filter.findData(current))
        self.node_type_filter.blockSignals(False)

    def _fill_relation_filter(self, hood: q.Neighbourhood) -> None:
        current = self.relation_filter.currentData()
        predicates = sorted({e["predicate"] for e in hood.edges})
        self.relation_filter.blockSignals(True)
        self.relation_filter.clear()
        self.relation_filter.addItem(f"all relations ({len(hood.edges)})", None)
        for p in predicates:
            n = sum(1 for e in hood.edges if e["predicate"] == p)
            self.relation_filter.addItem(f"{p} ({n})", p)
        if current in predicates:
            self.relation_filter.setCurrentIndex(self.relation_filter.findData(current))
        self.relation_filter.blockSignals(False)

    def shown_hood(self) -> q.Neighbourhood | None:
        """The neighbourhood as drawn: only the chosen relation's edges, only to entities of the
        chosen type, and their ends."""
        hood, pred, etype = self.hood, self.relation_filter.currentData(), self.node_type_filter.currentData()
        if hood is None or (pred is None and etype is None):
            return hood

        def kept(e: dict[str, Any]) -> bool:
            if pred is not None and e["predicate"] != pred:
                return False
            if etype is None:
                return True
            ends = [n for n in (e["subject_id"], e["object_id"]) if n != hood.center] or [hood.center]
            return any((hood.nodes.get(n) or {}).get("entity_type") == etype for n in ends)

        edges = [e for e in hood.edges if kept(e)]
        keep = {hood.center} | {e["subject_id"] for e in edges} | {e["object_id"] for e in edges}
        return q.Neighbourhood(hood.center, {k: v for k, v in hood.nodes.items() if k in keep}, edges)

    def _show_hood(self) -> None:
        hood = self.shown_hood()
        if hood is None:
            return
        self.graph.show_neighbourhood(hood)
        types = sorted({info.get("entity_type") or "?" for nid, info in hood.nodes.items()
                        if not info.get("is_user")})
        swatches = " ".join(f"<span style='background:{TYPE_COLOURS.get(t, '#dddddd')}'>&nbsp;&nbsp;&nbsp;</span>&nbsp;{t}"
                            for t in types)
        self.legend.setText(f"<small><span style='background:#ffd966'>&nbsp;&nbsp;&nbsp;</span>&nbsp;you &nbsp; "
                            f"{swatches} &nbsp;·&nbsp; <b>—</b> current &nbsp; <b>┄</b> no longer current"
                            f"{' &nbsp;·&nbsp; relation names on hover' if len(hood.edges) > self.graph.max_edge_labels else ''}"
                            f"{' &nbsp;·&nbsp; names without room on hover' if self.graph.hidden_labels and len(hood.edges) <= self.graph.max_edge_labels else ''}"
                            f"</small>")

    def select_edge(self, triple_id: str) -> None:
        self.call(lambda: q.edge_detail(self.host.engine.db.reader(), triple_id), on_done=self._edge_loaded)

    def _edge_loaded(self, d: dict[str, Any] | None) -> None:
        self.edge = d
        self.assertion = None if d else self.assertion
        self.tabs.setCurrentIndex(0)
        if d is None:
            self.edge_view.show_value({"edge": "(removed: its evidence was deleted)"})
            self.edge_evidence.set_rows([])
            self._update_buttons()
        else:
            e = d["edge"]
            self.graph.highlight_edge(e["triple_id"])
            # for people: what it says, its status and why, its dates; no empty fields and no
            # stored row of ids (the evidence events are listed below)
            shown = {
                "relation": f"{d['subject']} —{e['predicate']}→ {d['object']}",
                "status": e["status"], "exit reason": q.EXIT_REASONS.get(e["status"], ""),
                "confidence": pct(e["confidence"]), "observations": e["observation_count"],
                "first observed": ts(e["first_observed_at"]), "last observed": ts(e["last_observed_at"]),
                "valid": f"{ts(e['valid_from'])} → {ts(e['valid_to']) or 'now'}",
                "relation label (Phase 2)": e["relation_label"], "predicate family": e["predicate_family"],
                "superseded by": e["superseded_by"], "reason": e["reason"], "conflicts": d["conflicts"]}
            self.edge_view.show_value({k: v for k, v in shown.items() if v not in (None, "", [], {})},
                                      expand_depth=1)
            self.edge_evidence.set_rows(d["evidence"])
        self._update_buttons()

    def select_assertion(self, assertion_id: str) -> None:
        self.call(lambda: q.assertion_detail(self.host.engine.db.reader(), assertion_id),
                  on_done=self._assertion_loaded)

    def _assertion_loaded(self, d: dict[str, Any] | None) -> None:
        self.assertion = d
        if d is None:
            self.assertion_view.show_value({"assertion": "(removed: its evidence was deleted)"})
            self.assertion_evidence.set_rows([])
            self._update_buttons()
            return
        self.edge = None
        a = d["assertion"]
        chain = [{"step": f"{i + 1}/{len(d['chain'])}" + (" ◀ selected" if c["assertion_id"] == a["assertion_id"] else ""),
                  "value": ("" if c.get("polarity", 1) else "not ") + c["value"], "status": c["status"],
                  "exit reason": q.EXIT_REASONS.get(c["status"], ""),
                  "valid": f"{ts(c.get('valid_from'))} → {ts(c.get('valid_to')) or 'now'}"}
                 for i, c in enumerate(d["chain"])]
        shown = {
            "assertion": f"{a['trait']}: {'' if a['polarity'] else 'not '}{a['value']}",
            "status": a["status"], "exit reason": d["exit_reason"], "term": a["term"],
            "confidence": pct(a["confidence"]), "evidence": a["evidence_count"],
            "expires": ts(a.get("expires_at")), "reason": a["reason"],
            "supersession chain": chain, "conflicts": d["conflicts"]}
        self.assertion_view.show_value({k: v for k, v in shown.items() if v not in (None, "", [], {})},
                                       expand_depth=2)
        self.assertion_evidence.set_rows(d["evidence"])
        # keep the table selection in step (chain stepping selects programmatically)
        for i, r in enumerate(self.assertion_model.rows()):
            if r["assertion_id"] == a["assertion_id"] and self.assertion_table.currentIndex().row() != i:
                self.assertion_table.blockSignals(True)
                self.assertion_table.selectRow(i)
                self.assertion_table.blockSignals(False)
        self._update_buttons()

    def _update_buttons(self) -> None:
        chain = (self.assertion or {}).get("chain") or []
        ids = [c["assertion_id"] for c in chain]
        cur = (self.assertion or {}).get("assertion", {}).get("assertion_id")
        pos = ids.index(cur) if cur in ids else -1
        self.prev_button.setEnabled(pos > 0)
        self.next_button.setEnabled(0 <= pos < len(ids) - 1)
        has_sel = self.assertion is not None or self.edge is not None
        service = self.engine.components.get("l2") if self.engine is not None else None
        row = (self.assertion or {}).get("assertion") or (self.edge or {}).get("edge") or {}
        # an object already denied cannot be denied again (undo is the way back); one that is
        # gone has no selection left, so every action is off
        self.wrong_button.setEnabled(has_sel and row.get("status") != "user_denied"
                                     and _deny_fn(service, self._selection_kind()) is not None)
        self.wrong_button.setToolTip(deny_preview(self._selection_kind(), row, (self.assertion or {}).get("chain") or ()))
        sel = self._selection()
        self.delete_button.setEnabled(bool(sel and sel[2]))
        is_user = any(r.get("is_user") for r in self.entities.rows() if r["entity_id"] == self.entity_id)
        self.delete_entity_button.setEnabled(bool(self.entity_id) and not is_user and service is not None
                                             and callable(getattr(service, "delete_entity", None)))

    # -- corrections ---------------------------------------------------------------------------

    def _selection_kind(self) -> str | None:
        if self.assertion is not None:
            return "assertion"
        if self.edge is not None:
            return "edge"
        return None

    def _selection(self) -> tuple[str, str, list[str]] | None:
        if self.assertion is not None:
            return ("assertion", self.assertion["assertion"]["assertion_id"],
                    [e["event_id"] for e in self.assertion["evidence"]])
        if self.edge is not None:
            return ("edge", self.edge["edge"]["triple_id"], [e["event_id"] for e in self.edge["evidence"]])
        return None

    def mark_wrong(self) -> None:
        sel = self._selection()
        if sel is None:
            return
        kind, oid, _ids = sel

        def work() -> Any:
            service = self.host.engine.components.get("l2")
            fn = _deny_fn(service, kind)
            if fn is None:
                raise RuntimeError("the L2 service offers no user_denied action")
            return fn(oid)

        self.call(work, on_done=self._acted)

    def undo_last_correction(self) -> None:
        correction = (self.last_action or {}).get("correction_id") if isinstance(self.last_action, dict) else None
        if correction is None:
            return

        def work() -> Any:
            return self.host.engine.components["l2"].undo_correction(correction)

        self.call(work, on_done=self._undone)

    def _undone(self, result: Any) -> None:
        self.last_action = {"undone": result}
        self.undo_button.setEnabled(False)
        self._note_correction(self.last_action)
        self._show_correction()

    def _acted(self, result: Any) -> None:
        self.last_action = result
        self.undo_button.setEnabled(isinstance(result, dict) and result.get("correction_id") is not None)
        self._note_correction(result if isinstance(result, dict) else None)
        self._show_correction()

    def _note_correction(self, result: dict[str, Any] | None) -> None:
        """Say what the correction changed (read before the views re-read: the chain shown is the
        one the correction acted on)."""
        text = correction_summary(result, (self.assertion or {}).get("chain") or ())
        self.correction_note.setText(text)
        self.correction_note.setVisible(bool(text))

    def _show_correction(self) -> None:
        """After a correction or its undo: every view re-reads, the selection is shown anew."""
        self.host.notify_changed("l2")
        self._refresh_entity()
        if self.assertion is not None:
            self.select_assertion(self.assertion["assertion"]["assertion_id"])
        elif self.edge is not None:
            self.select_edge(self.edge["edge"]["triple_id"])

    def preview_delete_evidence(self) -> None:
        sel = self._selection()
        if sel is None or not sel[2]:
            return
        kind, oid, ids = sel
        self.call(lambda: self.host.engine.preview_delete(ids),
                  on_done=lambda rep: self._show_preview(kind, rep))

    def _show_preview(self, kind: str, report: Any) -> None:
        dialog = CascadePreviewDialog(
            "Delete evidence", f"Delete the {len(report.event_ids)} evidence event(s) of this {kind} "
            "from memory, everywhere? Derived edges, assertions and summaries are rewritten or "
            "removed as shown.", report.layers, missing=report.missing, parent=self)
        ids = list(report.event_ids)
        dialog.accepted.connect(lambda: self.submit(lambda engine: engine.delete(ids), on_done=self._deleted))
        self.preview_dialog = dialog
        dialog.open()

    def preview_delete_entity(self) -> None:
        """L2-level delete: the entity, its aliases, mentions, edges and assertions (not the events)."""
        eid = self.entity_id
        if not eid:
            return

        def work() -> Any:
            return self.host.engine.components["l2"].preview_delete_entity(eid)

        self.call(work, on_done=lambda fp: self._show_entity_preview(eid, fp))

    def _show_entity_preview(self, entity_id: str, footprint: dict[str, Any]) -> None:
        shown = {k: v for k, v in footprint.items() if k not in ("exists", "entity_id", "name", "is_user")}
        dialog = CascadePreviewDialog(
            "Delete entity", f"Delete the entity “{footprint.get('name')}” and everything derived about it? "
            "The L1 events that mention it stay (delete those from the timeline).",
            {"l2": shown}, confirm_text="Delete entity", parent=self)
        dialog.accepted.connect(lambda: self.call(
            lambda: self.host.engine.components["l2"].delete_entity(entity_id), on_done=self._entity_deleted))
        self.preview_dialog = dialog
        dialog.open()

    def _entity_deleted(self, report: Any) -> None:
        self.last_action = report
        self.entity_id = None
        self.edge = None
        self.assertion = None
        self.entity_stack.show_content(False)
        self.host.notify_changed("deleted")
        self.reload()

    def _deleted(self, report: Any) -> None:
        self.last_action = report
        self.edge = None
        self.assertion = None
        self.host.notify_changed("deleted")
        self.reload()


_DENY_NAMES = {"assertion": ("deny_assertion", "mark_user_denied", "user_deny_assertion", "deny"),
               "edge": ("deny_edge", "mark_edge_user_denied", "user_deny_edge", "deny")}


def _deny_fn(service: Any, kind: str | None) -> Any:
    """The L2 service's "this is wrong" action for ``kind`` (None when it has none)."""
    if service is None or kind is None:
        return None
    for name in _DENY_NAMES[kind]:
        fn = getattr(service, name, None)
        if callable(fn):
            if name == "deny":
                return lambda oid, _fn=fn: _fn(kind, oid)
            return fn
    return None


def _tint(hex_colour: str) -> str:
    c = QColor(hex_colour)
    return QColor.fromHsv(c.hue(), max(0, int(c.saturation() * 0.25)), 250).name()
