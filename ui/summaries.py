"""Panel 3, L3 summaries: by granularity and window, with drill-down to the linked L1 events.

Reads ``summaries`` / ``summary_event_links`` (migration 0003). The per-source statistics of a
temporal summary (events in the window vs. kept after compression) are shown beside the text,
so the user can see that low-frequency sources survived compression.
"""

from __future__ import annotations

import json
from typing import Any

import apsw
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QLabel, QLineEdit,
                               QSplitter, QTableView, QTextBrowser, QVBoxLayout, QWidget)

from magi_desktop.engine_host import EngineHost
from memory_core.db.connection import query_all
from memory_core.policy import SUMMARY_TYPES, SUMMARY_WINDOWS_S

from . import schema
from .panel import Panel
from .widgets.empty_state import EmptyOr
from .widgets.event_list import EventList, load_events
from .widgets.formatting import one_line, ts
from .widgets.keep_place import reload_rows, selection_moved
from .widgets.rows_model import RowsModel

LIST_LIMIT = 2000
COLUMNS = (("window_start", "window"), ("granularity", "granularity"), ("summary_type", "type"),
           ("summary_category", "category"), ("event_count", "events"), ("producer", "producer"),
           ("title", "title"))


def list_summaries(conn: apsw.Connection, *, granularity: str | None, summary_type: str | None,
                   text: str = "", limit: int = LIST_LIMIT) -> list[dict[str, Any]] | None:
    """Summaries newest window first; None when L3 is not installed in this database."""
    if not schema.has_table(conn, "summaries"):
        return None
    clauses, params = [], []
    if granularity:
        clauses.append("granularity = ?")
        params.append(granularity)
    if summary_type:
        clauses.append("summary_type = ?")
        params.append(summary_type)
    if text.strip():
        clauses.append("(instr(lower(title), lower(?)) > 0 OR instr(lower(body), lower(?)) > 0)")
        params += [text.strip(), text.strip()]
    where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
    return query_all(conn, "SELECT summary_id, summary_type, summary_category, granularity, window_start, "
                           "window_end, title, event_count, producer, status, trigger FROM summaries "
                           f"{where} ORDER BY coalesce(window_end, created_at) DESC, seq DESC LIMIT ?",
                     (*params, limit))


def summary_detail(conn: apsw.Connection, summary_id: str) -> dict[str, Any] | None:
    rows = query_all(conn, "SELECT * FROM summaries WHERE summary_id = ?", (summary_id,))
    if not rows:
        return None
    row = rows[0]
    linked = [r[0] for r in conn.execute(
        "SELECT l.event_id FROM summary_event_links l LEFT JOIN fact_events e ON e.event_id = l.event_id "
        "WHERE l.summary_id = ? ORDER BY e.occurred_at", (summary_id,))]
    return {"summary": row, "stats": json.loads(row.get("source_stats_json") or "{}"),
            "events": load_events(conn, linked)}


SELECT_HINT = ("Select a summary to read it, see which sources it kept and open the events it was "
               "built from.")


class SummariesPanel(Panel):
    title = "L3 summaries"
    event_requested = Signal(str)

    def __init__(self, host: EngineHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.rows: list[dict[str, Any]] | None = None
        self.detail: dict[str, Any] | None = None
        self._shown: dict[str, Any] | None = None  # the detail the pane draws (same again: no redraw)
        self.granularity = QComboBox()
        self.granularity.addItem("all windows", None)
        for g in SUMMARY_WINDOWS_S:
            self.granularity.addItem(g, g)
        self.kind = QComboBox()
        self.kind.addItem("all types", None)
        for t in SUMMARY_TYPES:
            self.kind.addItem(t, t)
        self.search = QLineEdit(placeholderText="Filter by text…")
        self.search.returnPressed.connect(self.reload)
        for combo in (self.granularity, self.kind):
            combo.currentIndexChanged.connect(lambda _i: self.reload())
        self.count_label = QLabel("")
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Granularity"))
        bar.addWidget(self.granularity)
        bar.addWidget(self.kind)
        bar.addWidget(self.search, 1)
        bar.addWidget(self.count_label)

        self.model = RowsModel(COLUMNS, formatters={
            "window_start": lambda v, r: window_text(v, r.get("window_end"), r.get("granularity")),
            "title": lambda v, _r: one_line(v, 120)})
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setWordWrap(False)
        for col, width in enumerate((165, 80, 75, 130, 55, 85)):
            self.table.setColumnWidth(col, width)
        self.table.selectionModel().currentRowChanged.connect(lambda cur, _p: self.select(cur.row()))

        self.body = QTextBrowser()
        self.body.setPlainText(SELECT_HINT)  # the unselected detail pane says what it is for
        self.events = EventList()
        self.events.event_activated.connect(self.event_requested)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.body, 2)
        self.events_label = QLabel("<b>Linked L1 events</b> (double-click to open in the timeline)")
        rl.addWidget(self.events_label)
        rl.addWidget(self.events, 3)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(right)
        split.setSizes([600, 500])
        self.stack = EmptyOr(split, "No summaries yet.")
        lay = QVBoxLayout(self)
        lay.addLayout(bar)
        lay.addWidget(self.stack, 1)

    def reload(self) -> None:
        g, k, text = self.granularity.currentData(), self.kind.currentData(), self.search.text()
        self.call(lambda: list_summaries(self.host.engine.db.reader(), granularity=g, summary_type=k,
                                         text=text), on_done=self._loaded)

    def _loaded(self, rows: list[dict[str, Any]] | None) -> None:
        self.rows = rows
        if rows is None:
            self.stack.show_content(False, "L3 summaries are not installed in this database yet.")
        else:
            self.stack.show_content(bool(rows), "No summaries yet: the hour/day/week/month loops "
                                                "produce them as windows close.")
        keep = self.detail["summary"]["summary_id"] if self.detail else None
        self.count_label.setText(f"{len(rows or []):,} summaries")
        # a reload (any memory change) keeps the summary the user was reading and the list's
        # scroll position: re-selected by id (its text and links re-read); only a summary that
        # is gone clears the pane
        row = reload_rows(self.table, self.model, rows or [], "summary_id", keep=keep)
        if row is None:
            self.detail = self._shown = None
            self.body.setPlainText(SELECT_HINT)
            self.events.set_rows([])
            self.events_label.setText("<b>Linked L1 events</b> (double-click to open in the timeline)")
        self.loaded.emit()

    def select(self, row: int) -> None:
        if row < 0 or row >= len(self.model.rows()):
            return
        sid = self.model.row(row)["summary_id"]
        if selection_moved(self.table, row):
            return  # currentRowChanged ran select(row) already: one detail load, not two
        self.call(lambda: summary_detail(self.host.engine.db.reader(), sid), on_done=self._show)

    def _show(self, detail: dict[str, Any] | None) -> None:
        self.detail = detail
        if detail is not None and detail == self._shown:
            return  # a reload re-read the same summary: relaying out its text would change nothing
        self._shown = detail
        if detail is None:
            self.body.setPlainText("(this summary was removed)")
            return
        s = detail["summary"]
        stats = detail["stats"]
        stats_html = ""
        if isinstance(stats, dict) and stats:
            cells = "".join(
                f"<tr><td>{_esc(src)}</td><td align=right>"
                f"{v.get('events', v.get('in_window', '')) if isinstance(v, dict) else v}</td>"
                f"<td align=right>{v.get('kept', '') if isinstance(v, dict) else ''}</td></tr>"
                for src, v in sorted(stats.items()))
            stats_html = ("<p><b>Sources</b> (in window / kept after compression)</p>"
                          f"<table cellspacing=6>{cells}</table>")
        self.body.setHtml(
            f"<h3>{_esc(s['title'])}</h3>"
            f"<p style='color:#666'>{s['summary_type']} · {s['summary_category']} · "
            f"{s.get('granularity') or ''} · {ts(s.get('window_start'))} → {ts(s.get('window_end'))} · "
            f"producer <i>{_esc(s['producer'])}</i> · {s['event_count']} events</p>"
            f"<p>{_esc(s['body']).replace(chr(10), '<br>')}</p>{stats_html}")
        # the linked events in a turn of their own: a day's summary (3k characters of text to
        # lay out, 120 events) took ~20 ms to show, and its repaint as much again
        self.later(lambda: self._show_events(detail))

    def _show_events(self, detail: dict[str, Any]) -> None:
        if detail is not self._shown:
            return  # another summary was shown meanwhile
        self.events.set_rows(detail["events"])
        self.events_label.setText(f"<b>Linked L1 events</b>: {len(detail['events'])} "
                                  "(double-click to open in the timeline)")


def window_text(start: Any, end: Any, granularity: Any) -> str:
    """A compact window label: '2026-11-15 → 11-22' (days and longer), '11-21 14:00–15:00' (hours)."""
    import datetime as dt

    if start is None:
        return ""
    a = dt.datetime.fromtimestamp(float(start))
    b = dt.datetime.fromtimestamp(float(end)) if end is not None else None
    if granularity == "hour" and b is not None:
        return f"{a:%Y-%m-%d %H:%M}–{b:%H:%M}"
    return f"{a:%Y-%m-%d} → {b:%m-%d}" if b is not None else f"{a:%Y-%m-%d}"


def _esc(text: Any) -> str:
    return (str(text or "").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))
