"""The cost and privacy ledger: every LLM / embedding call, and whether any left the machine.

Reads ``provider_calls`` (migration 0001): tier, model, tokens, latency, outcome and the
``trigger`` (what caused it: an ingest's L2 phase, a query, a summary window …). Totals are
grouped by trigger so "what did that ingest cost" and "what did that question cost" are one
glance. The banner says whether the app is offline, in which case no network call is made at all
(the provider factory builds no network client, and the app's network guard refuses any
non-loopback connection).
"""

from __future__ import annotations

from typing import Any

import apsw
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QLabel, QSplitter,
                               QTableView, QVBoxLayout, QWidget)
from PySide6.QtCore import Qt

from magi_desktop.engine_host import EngineHost
from memory_core.db.connection import query_all

from .panel import Panel
from .widgets.formatting import ts
from .widgets.empty_state import EmptyOr
from .widgets.keep_place import reload_rows
from .widgets.rows_model import RowsModel

CALL_COLUMNS = (("started_at", "time"), ("provider", "provider"), ("kind", "kind"), ("tier", "tier"),
                ("model", "model"), ("trigger", "trigger"), ("prompt_tokens", "prompt tok"),
                ("completion_tokens", "completion tok"), ("latency_ms", "ms"), ("attempts", "tries"),
                ("outcome", "outcome"), ("network", "network"), ("error", "error"))
TOTAL_COLUMNS = (("trigger", "trigger"), ("kind", "kind"), ("calls", "calls"),
                 ("network_calls", "network calls"), ("prompt_tokens", "prompt tok"),
                 ("completion_tokens", "completion tok"), ("mean_ms", "mean ms"), ("errors", "errors"))
LIMIT = 2000


def ledger(conn: apsw.Connection, *, trigger: str | None = None, since: float | None = None) -> dict[str, Any]:
    clauses, params = [], []
    if trigger:
        clauses.append("trigger = ?")
        params.append(trigger)
    if since is not None:
        clauses.append("started_at >= ?")
        params.append(since)
    where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
    calls = query_all(conn, f"SELECT * FROM provider_calls {where} ORDER BY started_at DESC, call_id DESC "
                            "LIMIT ?", (*params, LIMIT))
    totals = query_all(conn, "SELECT coalesce(trigger, '') AS trigger, kind, count(*) AS calls, "
                             "sum(network) AS network_calls, sum(coalesce(prompt_tokens, 0)) AS prompt_tokens, "
                             "sum(coalesce(completion_tokens, 0)) AS completion_tokens, "
                             "avg(latency_ms) AS mean_ms, sum(outcome != 'ok') AS errors "
                             f"FROM provider_calls {where} GROUP BY 1, 2 ORDER BY calls DESC", params)
    triggers = [r[0] for r in conn.execute(
        "SELECT DISTINCT coalesce(trigger, '') FROM provider_calls ORDER BY 1")]
    overall = conn.execute("SELECT count(*), coalesce(sum(network), 0) FROM provider_calls").fetchone()
    return {"calls": calls, "totals": totals, "triggers": triggers,
            "all_calls": overall[0], "all_network_calls": overall[1]}


def offline_state(engine: Any) -> dict[str, Any]:
    """Is anything able to reach the network? (from the engine's providers and the config)."""
    providers = engine.providers
    embedder = getattr(providers, "embedder", None)
    chat = getattr(providers, "chat", None)
    uses_network = getattr(providers, "uses_network", None)
    net = uses_network() if callable(uses_network) else bool(uses_network) if uses_network is not None else (
        bool(getattr(embedder, "uses_network", False)) or _chat_any_available(chat))
    cfg = engine.config.providers
    notes = list(getattr(providers, "notes", []) or [])
    return {"offline_only": bool(cfg.offline_only), "network_possible": bool(net) and not cfg.offline_only,
            "chat_provider": getattr(providers, "chat_provider", "offline"),
            "embedding_provider": getattr(providers, "embedding_provider", "offline"),
            "embedder": getattr(embedder, "model_id", "?"), "notes": notes}


def _chat_any_available(chat: Any) -> bool:
    from memory_core.policy import Tier

    if chat is None:
        return False
    try:
        return any(chat.available(t) for t in Tier)
    except Exception:  # noqa: BLE001
        return False


class LedgerPanel(Panel):
    title = "Cost && privacy"
    reload_on_background = True

    def __init__(self, host: EngineHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.data: dict[str, Any] | None = None
        self.state: dict[str, Any] | None = None
        self.banner = QLabel("")
        self.banner.setWordWrap(True)
        self.trigger = QComboBox()
        self.trigger.addItem("all triggers", None)
        self.trigger.currentIndexChanged.connect(lambda _i: self.reload())
        self.totals_model = RowsModel(TOTAL_COLUMNS, formatters={
            "mean_ms": lambda v, _r: f"{v:.0f}" if v is not None else ""})
        self.calls_model = RowsModel(CALL_COLUMNS, formatters={
            "started_at": lambda v, _r: ts(v), "network": lambda v, _r: "yes" if v else "local",
            "latency_ms": lambda v, _r: f"{v:.0f}" if v is not None else ""},
            colour=lambda r: "#f8d7d7" if r.get("outcome") != "ok" else None)
        totals = _table(self.totals_model)
        calls = self.calls_table = _table(self.calls_model)
        self.summary = QLabel("")
        row = QHBoxLayout()
        row.addWidget(QLabel("Show"))
        row.addWidget(self.trigger)
        row.addWidget(self.summary, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        box = QWidget()
        bl = QVBoxLayout(box)
        bl.setContentsMargins(0, 0, 0, 0)
        bl.addWidget(QLabel("<b>Totals per trigger</b> (per ingest phase and per query)"))
        bl.addWidget(totals)
        split.addWidget(box)
        box2 = QWidget()
        bl2 = QVBoxLayout(box2)
        bl2.setContentsMargins(0, 0, 0, 0)
        bl2.addWidget(QLabel("<b>Every call</b> (newest first)"))
        bl2.addWidget(calls)
        split.addWidget(box2)
        split.setSizes([200, 400])
        lay = QVBoxLayout(self)
        lay.addWidget(self.banner)
        lay.addLayout(row)
        # an empty ledger says why it is empty instead of two blank tables
        self.stack = EmptyOr(split, "")
        lay.addWidget(self.stack, 1)

    def reload(self) -> None:
        trig = self.trigger.currentData()

        def work() -> dict[str, Any]:
            engine = self.host.engine
            return {"ledger": ledger(engine.db.reader(), trigger=trig), "state": offline_state(engine)}

        self.call(work, on_done=self._loaded)

    def _loaded(self, r: dict[str, Any]) -> None:
        self.data, self.state = r["ledger"], r["state"]
        st = self.state
        if st["offline_only"] or not st["network_possible"]:
            self.banner.setText(
                "<div style='background:#e6f4ea; padding:8px'><b>● Offline</b> — no network call is made. "
                f"Embeddings: {st['embedder']} (local). Chat tiers: offline paths (rule extractor, "
                "extractive summaries, templated answers)." + (" Offline switch is on." if st["offline_only"] else "")
                + "</div>")
        else:
            self.banner.setText(
                "<div style='background:#fff4e0; padding:8px'><b>● Online</b> — chat provider "
                f"<b>{st['chat_provider']}</b>, embeddings <b>{st['embedding_provider']}</b> may send memory "
                "text to the provider. Every call is listed below." + "".join(
                    f"<br><small>{n}</small>" for n in st["notes"]) + "</div>")
        current = self.trigger.currentData()
        self.trigger.blockSignals(True)
        self.trigger.clear()
        self.trigger.addItem("all triggers", None)
        for t in self.data["triggers"]:
            self.trigger.addItem(t or "(none)", t)
        if current is not None:
            self.trigger.setCurrentIndex(max(0, self.trigger.findData(current)))
        self.trigger.blockSignals(False)
        self.totals_model.set_rows(self.data["totals"])
        reload_rows(self.calls_table, self.calls_model, self.data["calls"], "call_id", quiet=True)
        self.summary.setText(f"{self.data['all_calls']:,} calls recorded, "
                             f"{self.data['all_network_calls']:,} over the network")
        filtered = self.trigger.currentData() is not None
        self.stack.show_content(bool(self.data["calls"]), (
            "No model call matches this trigger." if filtered else
            "No model calls yet. Everything so far ran on this computer: the rule extractor, extractive "
            "summaries, templated answers and the local embedder need no model provider. Calls to a "
            "configured provider are listed here with their tokens, time and cost."))
        self.loaded.emit()


def _table(model: RowsModel) -> QTableView:
    t = QTableView()
    t.setModel(model)
    t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    t.verticalHeader().setVisible(False)
    t.verticalHeader().setDefaultSectionSize(22)
    t.horizontalHeader().setStretchLastSection(True)
    return t
