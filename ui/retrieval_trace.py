"""Panel 6, the retrieval trace: how memory_query arrived at its findings, and "Why not X?".

For a typed query (or one sent here from a chat answer) it shows the plan (mode and why, time
window / anchor, scopes, filters), every path with its weight and candidates, the fused list
with per-path ranks, RRF contributions and reranker deltas, and the final findings. "Why not
X?" takes an event the user expected (an id, or text that finds it) and asks the retrieval
layer's ``explain_missing`` which stage dropped it.
"""

from __future__ import annotations

from typing import Any, Mapping

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QSplitter, QTableView, QTabWidget, QTextBrowser,
                               QVBoxLayout, QWidget)

from magi_desktop.answer_template import findings, package_dict
from magi_desktop.engine_host import EngineHost
from memory_core.policy import QueryMode

from .panel import Panel
from .timeline_query import TimelineFilter, load_seqs
from .widgets.event_list import EventList
from .widgets.formatting import dated, one_line, ts
from .widgets.kv_view import KeyValueTree
from .widgets.rows_model import RowsModel

PATH_COLUMNS = (("path", "path"), ("weight", "RRF weight"), ("candidates", "candidates"),
                ("ms", "ms"), ("top", "top candidates / note"))
CAND_COLUMNS = (("rank", "RRF rank"), ("outcome", "outcome"), ("ranks", "path rank × weight"),
                ("rrf", "RRF score"), ("rerank_delta", "rerank Δ"), ("deltas", "reranker deltas"),
                ("final_score", "score"), ("content", "content"))


def _as_dict(x: Any) -> Any:
    if hasattr(x, "to_json") and callable(x.to_json):
        return x.to_json()
    return x


def extract_trace(package: Mapping[str, Any]) -> dict[str, Any]:
    trace = _as_dict(package.get("trace")) or {}
    return dict(trace) if isinstance(trace, Mapping) else {"trace": trace}


def path_top_ids(trace: Mapping[str, Any], n: int = 4) -> list[str]:
    """The event ids each path ranked first (to read their texts before showing the paths)."""
    out: list[str] = []
    paths = trace.get("paths") or {}
    infos = paths.values() if isinstance(paths, Mapping) else paths
    for info in infos:
        info = _as_dict(info)
        cands = info.get("candidates") or info.get("hits") or info.get("ranked") or [] if isinstance(info, Mapping) else []
        for c in (cands[:n] if isinstance(cands, (list, tuple)) else []):
            c = _as_dict(c)
            eid = c.get("event_id") if isinstance(c, Mapping) else None
            if eid and eid not in out:
                out.append(str(eid))
    return out


def path_rows(trace: Mapping[str, Any], contents: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """One row per retrieval path (the trace keeps them as a dict or a list); its best hits
    by their text when ``contents`` has it (ULIDs told a user nothing)."""
    contents = contents or {}
    paths = trace.get("paths") or {}
    weights = trace.get("weights") or trace.get("rrf_weights") or {}
    items = paths.items() if isinstance(paths, Mapping) else (
        (p.get("name") or p.get("path"), p) for p in paths if isinstance(p, Mapping))
    rows = []
    for name, info in items:
        info = _as_dict(info)
        info = info if isinstance(info, Mapping) else {"candidates": info}
        cands = info.get("candidates") or info.get("hits") or info.get("ranked") or []
        count = info.get("count", len(cands) if isinstance(cands, (list, tuple)) else cands)
        top = []
        if isinstance(cands, (list, tuple)):
            for c in cands[:4]:
                c = _as_dict(c)
                key = str(c.get("event_id") or c.get("seq") or c.get("id")) if isinstance(c, Mapping) else str(c)
                text = contents.get(key)
                top.append(f"“{one_line(text, 48)}”" if text else key)
        rows.append({"path": name, "weight": info.get("weight", weights.get(name)),
                     "candidates": count, "ms": info.get("ms") or info.get("elapsed_ms"),
                     "top": (f"error: {info['error']}" if info.get("error") else
                             f"skipped: {info['skipped']}" if info.get("skipped") else " · ".join(top))})
    return rows


def candidate_rows(trace: Mapping[str, Any], contents: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The fused list joined with the reranker's deltas and each candidate's fate.

    ``fused``: ``{event_id, rank, fused, contributions{path: [rank, weight, contribution]}}``;
    ``rerank``: ``{event_id, rank_before, rank_after, base, deltas{...}, score}``; ``final`` are
    the findings; ``cuts`` / ``dropped`` say why the others went (RRF window, dedup, limit,
    token budget; scope, time window, chat artifact).
    """
    contents = contents or {}
    rerank = {r.get("event_id"): r for r in trace.get("rerank") or [] if isinstance(r, Mapping)}
    final = list(trace.get("final") or [])
    cuts = dict(trace.get("cuts") or {})
    dropped = dict(trace.get("dropped") or {})
    rows = []
    for i, c in enumerate(trace.get("fused") or [], start=1):
        c = _as_dict(c)
        if not isinstance(c, Mapping):
            continue
        eid = c.get("event_id") or c.get("key")
        contrib = c.get("contributions") or {}
        ranks_txt = ", ".join(_contribution(p, v) for p, v in contrib.items()) \
            if isinstance(contrib, Mapping) else str(contrib)
        rr = rerank.get(eid) or {}
        deltas = rr.get("deltas") or {}
        delta = sum(float(v) for v in deltas.values() if isinstance(v, (int, float))) if deltas else None
        if eid in final:
            outcome = f"finding #{final.index(eid) + 1}"
        elif eid in cuts:
            outcome = f"cut: {cuts[eid].get('stage')}"
        elif eid in dropped:
            outcome = f"dropped: {dropped[eid].get('stage')}"
        else:
            outcome = ""
        rows.append({"rank": c.get("rank", i), "event_id": eid, "ranks": ranks_txt,
                     "rrf": c.get("fused", c.get("score")), "rerank_delta": delta,
                     "deltas": ", ".join(f"{k} {v:+.2f}" for k, v in deltas.items()
                                         if isinstance(v, (int, float)) and v),
                     "final_score": rr.get("score"), "outcome": outcome,
                     "content": contents.get(eid, "")})
    return rows


def _contribution(path: str, v: Any) -> str:
    """'entity #2 ×1.0' from {'rank', 'weight', 'rrf'} (or a (rank, weight, contribution) tuple)."""
    if isinstance(v, Mapping):
        return f"{path} #{v.get('rank')} ×{float(v.get('weight') or 0):g}"
    if isinstance(v, (list, tuple)) and len(v) >= 2:
        return f"{path} #{v[0]} ×{float(v[1]):g}"
    return f"{path}: {v}"


def _fmt(v: Any, _r: Any = None) -> str:
    if isinstance(v, float):
        return f"{v:.4f}"
    return "" if v is None else str(v)


class RetrievalTracePanel(Panel):
    title = "Retrieval trace"
    event_requested = Signal(str)

    def __init__(self, host: EngineHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.package: dict[str, Any] | None = None
        self.query_text = ""
        self.explanation: Any = None
        self.query = QLineEdit(placeholderText="A question to trace (as the agent would ask memory_query)…")
        self.query.returnPressed.connect(self.run_query)
        self.mode = QComboBox()
        self.mode.addItem("mode: auto (intent parser)", None)
        for m in QueryMode:
            self.mode.addItem(m.value, m.value)
        run = QPushButton("Trace")
        run.clicked.connect(self.run_query)
        bar = QHBoxLayout()
        bar.addWidget(self.query, 1)
        bar.addWidget(self.mode)
        bar.addWidget(run)

        self.headline = QLabel("")
        self.headline.setWordWrap(True)
        self.plan_view = KeyValueTree()
        self.path_model = RowsModel(PATH_COLUMNS, formatters={"weight": _fmt})
        self.path_table = _table(self.path_model)
        self.cand_model = RowsModel(CAND_COLUMNS, formatters={
            "rrf": _fmt, "rerank_delta": _fmt, "final_score": _fmt,
            "content": lambda v, _r: one_line(v, 90)})
        self.cand_table = _table(self.cand_model)
        self.cand_table.doubleClicked.connect(
            lambda i: self.event_requested.emit(self.cand_model.row(i.row())["event_id"]))
        self.findings = EventList(extra_columns=(("evidence_strength", "strength"),))
        self.findings.event_activated.connect(self.event_requested)
        self.raw = KeyValueTree()

        self.why_input = QLineEdit(placeholderText="Why not X? — an event id, or words of the event you expected")
        self.why_input.returnPressed.connect(self.why_not)
        why_button = QPushButton("Why not?")
        why_button.clicked.connect(self.why_not)
        self.why_view = QTextBrowser()
        self.why_view.setOpenLinks(False)
        self.why_view.anchorClicked.connect(self._why_link)
        why_box = QWidget()
        wl = QVBoxLayout(why_box)
        wl.setContentsMargins(0, 0, 0, 0)
        wrow = QHBoxLayout()
        wrow.addWidget(self.why_input, 1)
        wrow.addWidget(why_button)
        wl.addLayout(wrow)
        wl.addWidget(self.why_view)

        tabs = QTabWidget()
        tabs.addTab(self.cand_table, "Candidates (fused → reranked)")
        tabs.addTab(self.findings, "Final findings")
        tabs.addTab(why_box, "Why not X?")
        tabs.addTab(self.raw, "Raw trace")
        self.tabs = tabs
        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(self.plan_view)
        top.addWidget(self.path_table)
        top.setSizes([420, 700])
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(tabs)
        split.setSizes([260, 440])
        lay = QVBoxLayout(self)
        lay.addLayout(bar)
        lay.addWidget(self.headline)
        lay.addWidget(split, 1)

    def reload(self) -> None:
        self.loaded.emit()

    # -- tracing -------------------------------------------------------------------------------

    def trace(self, text: str, mode: str | None = None) -> None:
        self.query.setText(text)
        if mode is not None:
            self.mode.setCurrentIndex(max(0, self.mode.findData(mode)))
        self.run_query()

    def run_query(self) -> None:
        text = self.query.text().strip()
        if not text:
            return
        self.query_text = text
        mode = self.mode.currentData()
        self.headline.setText("tracing…")
        self.submit(lambda engine: engine.query(text, mode, now=engine.clock.now() + 1),
                    on_done=lambda p: self.show_package(package_dict(p)), on_error=self._failed)

    def _failed(self, exc: BaseException) -> None:
        self.headline.setText(f"<span style='color:#a33'>memory_query failed: {exc}</span>")

    def show_answer(self, answer: Any) -> None:
        """A chat answer's trace (its last package)."""
        self.query.setText(answer.question)
        self.query_text = answer.question
        if answer.packages:
            self.show_package(answer.package)

    def show_package(self, package: dict[str, Any]) -> None:
        """Show a package; candidate texts are read from L1 on a reader thread first."""
        trace = extract_trace(package)
        ids = [(_as_dict(c) or {}).get("event_id") for c in trace.get("fused") or []]
        ids += [i for i in path_top_ids(trace) if i not in ids]
        anchor = trace.get("anchor") or package.get("anchor")
        if isinstance(anchor, Mapping) and anchor.get("event_id") not in ids:
            ids.append(anchor.get("event_id"))

        def contents() -> dict[str, str]:
            from .widgets.event_list import load_events

            return {r["event_id"]: r.get("content", "") for r in load_events(
                self.host.engine.db.reader(), [i for i in ids if i])}

        self.call(contents, on_done=lambda c: self._show_package(package, trace, c))

    def _show_package(self, package: dict[str, Any], trace: dict[str, Any], contents: dict[str, str]) -> None:
        self.package = package
        plan = _as_dict(trace.get("plan") or package.get("plan") or {})
        found = findings(package)
        self.headline.setText(
            f"<b>{package.get('status', '')}</b> · mode <b>{package.get('query_mode')}</b> "
            f"({_esc(trace.get('mode_reason') or '')}) · evidence <b>{package.get('evidence_level', '?')}</b> · "
            f"{len(found)} findings · insufficient evidence: {package.get('insufficient_evidence')}<br>"
            f"{_esc(' '.join(str(package.get('summary') or '').split()))}")  # whole, wrapped
        anchor = trace.get("anchor") or package.get("anchor")
        if isinstance(anchor, Mapping) and anchor.get("event_id"):
            # the anchor event by its text (the view showed its ULID)
            anchor = {**anchor, "event": one_line(contents.get(anchor["event_id"]) or "(not loaded)", 120)}
        self.plan_view.show_value(_people({
            "scope filters": trace.get("scopes") or (plan.get("allowed_scopes") if isinstance(plan, Mapping) else None),
            "time window": trace.get("time_window") or package.get("time_window"),
            "anchor": anchor,
            "answering hints": package.get("answering_hints"),
            "token budget": trace.get("budget"), "timings (ms)": trace.get("timings_ms"),
            "layers": trace.get("layers"), "errors": trace.get("errors"), "plan": plan}), expand_depth=1)
        self.path_model.set_rows(path_rows(trace, contents))
        self.path_table.resizeColumnsToContents()
        self.cand_model.set_rows(candidate_rows(trace, contents))
        self.cand_table.resizeColumnsToContents()
        self.findings.set_rows([{**f, "content": f.get("content") or f.get("text")} for f in found])
        self.raw.show_value(trace, expand_depth=1)
        self.loaded.emit()

    # -- why not X? ----------------------------------------------------------------------------

    def _why_link(self, url: Any) -> None:
        text = url.toString()
        if text.startswith("whynot:"):
            self.why_input.setText(text.split(":", 1)[1])
            self.why_not()

    def why_not(self) -> None:
        target = self.why_input.text().strip()
        if not target or not self.query_text:
            self.why_view.setPlainText("Trace a query first, then name the event you expected.")
            return
        query, mode = self.query_text, self.mode.currentData()

        def work() -> Any:
            engine = self.host.engine
            candidates = resolve_candidates(engine, target)
            if not candidates:
                return {"event_id": None, "explanation": f"no event in memory matches {target!r}",
                        "candidates": []}
            from .widgets.event_list import load_events

            event_id = candidates[0]
            events = load_events(engine.db.reader(), candidates)
            return {"event_id": event_id, "event": events[0], "candidates": events, "target": target,
                    "explanation": engine.rpc.call("explain_missing", query, event_id, query_mode=mode,
                                                   now=engine.clock.now() + 1)}

        self.call(work, on_done=self._explained)

    def _explained(self, result: dict[str, Any]) -> None:
        self.explanation = result
        self.tabs.setCurrentIndex(2)
        exp = _as_dict(result["explanation"])
        if isinstance(exp, Mapping):
            stage = exp.get("stage") or exp.get("dropped_at") or exp.get("dropped_by")
            reason = exp.get("reason") or exp.get("explanation") or ""
            rows = "".join(f"<tr><td><b>{_esc(k)}</b></td><td>{_esc(dated(v, str(k)))}</td></tr>"
                           for k, v in exp.items()
                           if k not in ("stage", "reason", "explanation", "event_id", "query")
                           and v not in (None, "", [], {}))
            ev = result.get("event") or {}
            others = [c for c in result.get("candidates") or [] if c.get("event_id") != result["event_id"]]
            choices = ""
            if others:  # the words matched several events: explained the best match, offer the rest
                links = "".join(f"<li><a href='whynot:{_esc(c['event_id'])}'>{_esc(ts(c.get('occurred_at')))} "
                                f"{_esc(one_line(c.get('content'), 120))}</a></li>" for c in others)
                choices = (f"<p><small>“{_esc(result.get('target', ''))}” also matches — explain another:</small>"
                           f"</p><ul>{links}</ul>")
            self.why_view.setHtml(f"<p>Event of {_esc(ts(ev.get('occurred_at')))} "
                                  f"{_esc(ev.get('author_type') or '')}: <i>{_esc(one_line(ev.get('content'), 200))}</i></p>"
                                  f"<h3>Dropped at: {_esc(stage)}</h3><p>{_esc(reason)}</p>"
                                  f"<table cellspacing=4>{rows}</table>{choices}")
        else:
            self.why_view.setPlainText(f"Event {result['event_id']}: {exp}")


def resolve_candidates(engine: Any, target: str, n: int = 6) -> list[str]:
    """The events ``target`` names: the id itself, or the best text matches (every word first,
    then by BM25), at most ``n`` — the first is explained, the others offered."""
    conn = engine.db.reader()
    if conn.execute("SELECT 1 FROM fact_events WHERE event_id = ?", (target,)).fetchone():
        return [target]
    seqs = load_seqs(conn, TimelineFilter(text=target))[:n]
    out = []
    for seq in seqs:
        row = conn.execute("SELECT event_id FROM fact_events WHERE seq = ?", (seq,)).fetchone()
        if row:
            out.append(row[0])
    return out


def _table(model: RowsModel) -> QTableView:
    t = QTableView()
    t.setModel(model)
    t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    t.verticalHeader().setVisible(False)
    t.verticalHeader().setDefaultSectionSize(22)
    t.horizontalHeader().setStretchLastSection(True)
    t.setWordWrap(False)
    return t


def _esc(v: Any) -> str:
    return str("" if v is None else v).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _people(value: Any, key: str = "") -> Any:
    """The plan as the user reads it: dates instead of epoch floats, without the ISO copies of
    the same dates and without event ids (their text is shown); the Raw trace tab keeps all."""
    if isinstance(value, Mapping):
        return {k: _people(v, str(k)) for k, v in value.items()
                if not str(k).endswith("_iso") and str(k) not in ("event_id", "event_ids")}
    if isinstance(value, list):
        return [_people(v, key) for v in value]
    if key in ("start", "end") and isinstance(value, (int, float)) and 1e8 < float(value) < 1e11:
        return ts(value)
    return dated(value, key)
