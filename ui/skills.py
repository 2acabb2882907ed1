"""Panel 4, L4 procedural skills: success rate, duration, circuit breaker, traces, strategy.

Reads ``procedural_skills`` / ``l4_execution_traces`` (migration 0004). The success-rate plot is
computed from the L1 ActionExecuted events of the tool (per day, in SQL), not from the capped
trace table, so it covers the tool's whole history.
"""

from __future__ import annotations

import html
import json
from typing import Any

import apsw
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QLabel, QSplitter, QTableView, QTextBrowser,
                               QVBoxLayout, QWidget)

from magi_desktop.engine_host import EngineHost
from memory_core.db.connection import query_all

from . import schema
from .panel import Panel
from .widgets.date_axis import DateAxis
from .widgets.empty_state import EmptyOr
from .widgets.event_list import EventList
from .widgets.formatting import one_line, pct, ts
from .widgets.keep_place import reload_rows, selection_moved
from .widgets.rows_model import RowsModel

BREAKER_COLOURS = {"closed": "#bfe5c4", "half_open": "#ffe19a", "open": "#f5a3a3"}
COLUMNS = (("breaker_state", "breaker"), ("tool_name", "tool"), ("category", "category"),
           ("success_rate", "success rate"), ("runs", "runs"), ("mean_duration_ms", "mean ms"),
           ("consecutive_failures", "consec. fails"), ("strategy_status", "strategy"),
           ("last_used_at", "last used"))
TRACE_COLUMNS = (("success", "ok"), ("duration_ms", "ms"), ("error", "error"))


def list_skills(conn: apsw.Connection) -> list[dict[str, Any]] | None:
    if not schema.has_table(conn, "procedural_skills"):
        return None
    rows = query_all(conn, "SELECT * FROM procedural_skills ORDER BY coalesce(last_used_at, 0) DESC, tool_name")
    for r in rows:
        runs = (r.get("success_count") or 0) + (r.get("failure_count") or 0)
        r["runs"] = runs
        r["success_rate"] = (r["success_count"] / runs) if runs else None
    return rows


def skill_detail(conn: apsw.Connection, skill: dict[str, Any], *, bucket_s: int = 86400) -> dict[str, Any]:
    traces = query_all(
        conn, "SELECT t.*, e.source, e.author_type, e.evidence_class, e.content FROM l4_execution_traces t "
              "LEFT JOIN fact_events e ON e.event_id = t.event_id WHERE t.skill_id = ? "
              "ORDER BY t.occurred_at DESC, t.trace_id DESC", (skill["skill_id"],))
    runs = conn.execute(
        "SELECT occurred_at, CASE WHEN json_extract(metadata_json, '$.tool.success') THEN 1 ELSE 0 END "
        "FROM fact_events WHERE event_type = 'ACTION_EXECUTED' "
        "AND json_extract(metadata_json, '$.tool.tool_name') = ? "
        "AND coalesce(json_extract(metadata_json, '$.tool.category'), 'general') = ? ORDER BY occurred_at",
        (skill["tool_name"], skill["category"])).fetchall()
    rolling = rolling_success(runs)
    series = conn.execute(
        "SELECT CAST(occurred_at / ? AS INTEGER) AS b, "
        "sum(CASE WHEN json_extract(metadata_json, '$.tool.success') THEN 1 ELSE 0 END), count(*) "
        "FROM fact_events WHERE event_type = 'ACTION_EXECUTED' "
        "AND json_extract(metadata_json, '$.tool.tool_name') = ? "
        "AND coalesce(json_extract(metadata_json, '$.tool.category'), 'general') = ? "
        "GROUP BY b ORDER BY b", (bucket_s, skill["tool_name"], skill["category"])).fetchall()
    strategy: Any = skill.get("optimized_prompt")
    if strategy:
        try:
            strategy = json.loads(strategy)
        except (TypeError, ValueError):
            pass
    return {"traces": traces, "strategy": strategy, "rolling": rolling,
            "series": [(b * bucket_s, ok, n) for b, ok, n in series]}


ROLLING_WINDOW = 10


def rolling_success(runs: list[tuple[float, int]], window: int = ROLLING_WINDOW) -> list[tuple[float, float]]:
    """Success rate over the last ``window`` executions, at each execution's time."""
    out: list[tuple[float, float]] = []
    acc: list[int] = []
    total = 0
    for t, ok in runs:
        acc.append(int(ok))
        total += int(ok)
        if len(acc) > window:
            total -= acc.pop(0)
        out.append((float(t), total / len(acc)))
    return out


_STRATEGY_LISTS = (("recommendations", "What to do"), ("failure_patterns", "How it fails"),
                   ("when_to_use", "When it works"))


def strategy_html(strategy: Any) -> str:
    """A distilled strategy for people: the summary, then advice, failures and good inputs as
    lists, then where it came from (it was shown as its JSON)."""
    if isinstance(strategy, str):
        return f"<p>{html.escape(strategy)}</p>"
    if not isinstance(strategy, dict):
        return f"<pre>{html.escape(json.dumps(strategy, ensure_ascii=False, indent=2))}</pre>"
    parts = [f"<p><b>{html.escape(str(strategy.get('summary') or ''))}</b></p>"]
    for key, title in _STRATEGY_LISTS:
        items = [x for x in strategy.get(key) or [] if str(x).strip()]
        if items:
            parts.append(f"<p>{title}:</p><ul>" + "".join(f"<li>{html.escape(str(x))}</li>" for x in items) + "</ul>")
    if strategy.get("recent_outcomes"):
        parts.append(f"<p>Recent runs (oldest → newest): {html.escape(str(strategy['recent_outcomes']))}</p>")
    based = strategy.get("based_on") or {}
    how = "a language model" if strategy.get("method") == "llm" else "statistics, no language model"
    if isinstance(based, dict) and based.get("traces") is not None:
        parts.append(f"<p style='color:#666'>From {based['traces']} trace(s) ({based.get('successes', 0)} succeeded, "
                     f"{based.get('failures', 0)} failed), by {how}.</p>")
    return "".join(parts)


class SkillsPanel(Panel):
    title = "L4 skills"
    event_requested = Signal(str)

    def __init__(self, host: EngineHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.detail: dict[str, Any] | None = None
        self._shown: tuple[dict[str, Any], dict[str, Any]] | None = None  # what the detail draws
        self.model = RowsModel(COLUMNS, formatters={
            "success_rate": lambda v, _r: pct(v) if v is not None else "–",
            "mean_duration_ms": lambda v, _r: f"{v:.0f}" if v is not None else "–",
            "last_used_at": lambda v, _r: ts(v)},
            colour=lambda r: BREAKER_COLOURS.get(r.get("breaker_state")))
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.selectionModel().currentRowChanged.connect(lambda cur, _p: self.select(cur.row()))

        self.plot = pg.PlotWidget(axisItems={"bottom": DateAxis()})
        self.plot.setBackground("w")
        self.plot.setMenuEnabled(False)
        self.plot.getPlotItem().hideButtons()
        self.plot.setLabel("left", "success rate")
        self.plot.setYRange(0, 1.05)
        self.plot.setMinimumHeight(160)
        # two curves made once and given new data per skill: making pyqtgraph items per
        # selection (clear + plot) was most of a 30 ms detail update on the UI thread
        self.rolling_curve = self.plot.plot([], [], pen=pg.mkPen("#3a6fc4", width=2),
                                            name=f"last {ROLLING_WINDOW} runs")
        self.daily_dots = self.plot.plot([], [], pen=None, symbol="o", symbolBrush=pg.mkBrush(240, 140, 40, 160),
                                         symbolPen=None, name="per day")
        self.strategy = QTextBrowser()
        self.traces = EventList(extra_columns=TRACE_COLUMNS)
        self.traces.event_activated.connect(self.event_requested)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(QLabel(f"<b>Success rate over time</b> — line: last {ROLLING_WINDOW} runs; dots: per day "
                            "(size = runs), from every execution in L1"))
        rl.addWidget(self.plot, 2)
        rl.addWidget(QLabel("<b>Distilled strategy</b> (fed to the agent before it uses the tool)"))
        rl.addWidget(self.strategy, 1)
        self.traces_label = QLabel("<b>Recent traces</b>")
        rl.addWidget(self.traces_label)
        rl.addWidget(self.traces, 2)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(right)
        split.setSizes([650, 550])
        legend = QLabel("Breaker: <span style='background:#bfe5c4'>&nbsp;closed&nbsp;</span> "
                        "<span style='background:#ffe19a'>&nbsp;half-open&nbsp;</span> "
                        "<span style='background:#f5a3a3'>&nbsp;open (calls refused)&nbsp;</span>")
        self.stack = EmptyOr(split, "No tool executions yet.")
        lay = QVBoxLayout(self)
        lay.addWidget(legend)
        lay.addWidget(self.stack, 1)
        self._clear_detail()  # the unselected detail says what it is for

    def reload(self) -> None:
        self.call(lambda: list_skills(self.host.engine.db.reader()), on_done=self._loaded)

    def _loaded(self, rows: list[dict[str, Any]] | None) -> None:
        if rows is None:
            self.stack.show_content(False, "L4 skills are not installed in this database yet.")
        else:
            self.stack.show_content(bool(rows), "No tool executions yet: skills appear after the agent "
                                                "uses a tool (ActionExecuted events).")
        # the skill being read stays selected (and its detail is re-read); a skill that is gone
        # leaves an empty detail, not the old one
        shown = self.model.rows()
        if reload_rows(self.table, self.model, rows or [], "skill_id") is None:
            self._clear_detail()
        if self.model.rows() is not shown:  # new rows (the same ones again keep their list)
            for col in range(len(COLUMNS) - 1):
                self.table.resizeColumnToContents(col)
        self.loaded.emit()

    def _clear_detail(self) -> None:
        self.detail = self._shown = None
        self.rolling_curve.setData([], [])
        self.daily_dots.setData([], [])
        self.strategy.setPlainText("Select a tool to see its success rate over time, the strategy "
                                   "distilled from its runs and its recent traces.")
        self.traces.set_rows([])
        self.traces_label.setText("<b>Recent traces</b>")

    def select(self, row: int) -> None:
        if row < 0 or row >= len(self.model.rows()):
            return
        skill = self.model.row(row)
        if selection_moved(self.table, row):
            return  # currentRowChanged ran select(row) already: one detail load, not two
        self.call(lambda: skill_detail(self.host.engine.db.reader(), skill),
                  on_done=lambda d: self._show(skill, d))

    def _show(self, skill: dict[str, Any], detail: dict[str, Any]) -> None:
        self.detail = detail
        if (skill, detail) == self._shown:
            return  # a reload re-read the same skill: replotting and relaying out would change nothing
        self._shown = (skill, detail)
        series = detail["series"]
        rolling = detail["rolling"]
        self.rolling_curve.setData([t for t, _r in rolling], [r for _t, r in rolling])
        # one dot per day, its size the number of runs that day
        self.daily_dots.setData([t + 43200 for t, _ok, _n in series], [ok / n for _t, ok, n in series],
                                symbolSize=[4 + min(10, n) for _t, _ok, n in series])
        self.plot.setYRange(0, 1.05)
        strategy = detail["strategy"]
        if strategy:
            self.strategy.setHtml(strategy_html(strategy) + (
                f"<p style='color:#666'>— {html.escape(str(skill.get('distill_producer') or 'unknown producer'))}, "
                f"{html.escape(ts(skill.get('distilled_at')))}, status {html.escape(str(skill.get('strategy_status')))}</p>"))
        else:
            self.strategy.setPlainText(f"No strategy distilled yet ({skill.get('pending_trace_count', 0)} of "
                                       f"{skill.get('distill_threshold', '?')} traces pending).")
        # the traces in a turn of their own (a chart, a strategy and a table in one turn added
        # up to ~30 ms of the UI thread)
        shown = self._shown
        self.later(lambda: self._show_traces(shown, detail))

    def _show_traces(self, shown: Any, detail: dict[str, Any]) -> None:
        if shown is not self._shown:
            return  # another skill was shown meanwhile
        rows = []
        for t in detail["traces"]:
            rows.append({**t, "success": "✓" if t["success"] else "✗",
                         "duration_ms": "" if t.get("duration_ms") is None else f"{t['duration_ms']:.0f}",
                         "error": one_line(t.get("error") or "", 60),
                         "content": t.get("content") or t.get("output_text") or ""})
        self.traces.set_rows(rows)
        self.traces_label.setText(f"<b>Recent traces</b>: {len(rows)} (last {len(rows)} kept; "
                                  "double-click to open the event)")
