"""L3 summaries, L4 skills, review inbox and the cost & privacy ledger, on empty / demo / 100k DBs."""

from __future__ import annotations

import json

import pytest

from tests.ui.conftest import show_panel, wait_idle
from ui.ledger import LedgerPanel
from ui.review_inbox import ReviewInboxPanel
from ui.skills import BREAKER_COLOURS, SkillsPanel
from ui.summaries import SummariesPanel


@pytest.mark.parametrize("cls", [SummariesPanel, SkillsPanel, ReviewInboxPanel])
def test_empty_database_empty_state(qtbot, empty_host, cls) -> None:
    panel = show_panel(qtbot, cls, empty_host)
    assert panel.stack.is_empty
    assert panel.last_error == ""


def test_empty_database_ledger(qtbot, empty_host) -> None:
    panel = show_panel(qtbot, LedgerPanel, empty_host)
    assert panel.last_error == "" and panel.calls_model.rowCount() == 0
    assert "Offline" in panel.banner.text() and "0 calls recorded" in panel.summary.text()
    # an empty ledger says why, instead of two blank tables
    assert panel.stack.is_empty and "No model calls yet" in panel.stack.empty.text()


def test_summaries_filter_and_drill_down(qtbot, demo_host) -> None:
    panel = show_panel(qtbot, SummariesPanel, demo_host)
    assert not panel.stack.is_empty and panel.model.rowCount() > 0
    panel.granularity.setCurrentIndex(panel.granularity.findData("day"))
    wait_idle(qtbot, panel)
    assert panel.model.rowCount() > 0
    assert {r["granularity"] for r in panel.model.rows()} == {"day"}
    panel.select(0)
    wait_idle(qtbot, panel)
    detail = panel.detail
    linked = demo_host.engine.db.read_value("SELECT count(*) FROM summary_event_links WHERE summary_id = ?",
                                            (detail["summary"]["summary_id"],))
    assert linked > 0 and len(detail["events"]) == linked
    assert panel.events.model_.rowCount() == linked
    got = []
    panel.event_requested.connect(got.append)
    panel.events.event_activated.emit(detail["events"][0]["event_id"])
    assert got == [detail["events"][0]["event_id"]]
    # a memory change elsewhere reloads the list: the summary being read stays shown
    panel.reload()
    wait_idle(qtbot, panel)
    assert panel.detail is not None and panel.detail["summary"]["summary_id"] == detail["summary"]["summary_id"]
    assert panel.events.model_.rowCount() == linked and str(linked) in panel.events_label.text()
    panel.kind.setCurrentIndex(panel.kind.findData("insight"))
    panel.granularity.setCurrentIndex(0)
    wait_idle(qtbot, panel)
    assert all(r["summary_type"] == "insight" for r in panel.model.rows())


def test_skills_breaker_colours_traces_and_plot(qtbot, demo_host) -> None:
    panel = show_panel(qtbot, SkillsPanel, demo_host)
    rows = panel.model.rows()
    assert rows, "the demo sample has tool executions"
    for i, r in enumerate(rows):
        brush = panel.model.data(panel.model.index(i, 0), role=8)  # BackgroundRole
        assert brush.color().name() == BREAKER_COLOURS[r["breaker_state"]]
        assert r["runs"] == r["success_count"] + r["failure_count"]
    panel.select(0)
    wait_idle(qtbot, panel)
    d = panel.detail
    traces = demo_host.engine.db.read_value("SELECT count(*) FROM l4_execution_traces WHERE skill_id = ?",
                                            (rows[0]["skill_id"],))
    assert len(d["traces"]) == traces and panel.traces.model_.rowCount() == traces
    runs = sum(n for _t, _ok, n in d["series"])
    assert runs == rows[0]["runs"]
    days, rates = panel.daily_dots.getData()
    assert len(days) == len(d["series"]) and all(0 <= r <= 1 for r in rates)
    assert len(panel.rolling_curve.getData()[0]) == len(d["rolling"])
    # the strategy reads as text, not as its JSON
    shown = panel.strategy.toPlainText()
    assert '"summary"' not in shown and '"recommendations"' not in shown and d["strategy"]["summary"] in shown


def _queue_conflict_for_review(engine) -> tuple[int, dict]:
    """Put one of the demo's real L2 conflicts in the inbox, as L2 does for a low-confidence one."""
    from memory_core.review.store import create_item

    conflict = engine.db.read_one("SELECT * FROM l2_conflicts ORDER BY conflict_id LIMIT 1")
    assert conflict is not None, "the demo's move story produces a conflict"
    with engine.db.write() as conn:
        item_id = create_item(conn, kind="supersession", confidence=0.4, title="moved: Shanghai → Jiaxing?",
                              old_side={"kind": conflict["old_kind"], "id": conflict["old_id"]},
                              new_side={"kind": conflict["new_kind"], "id": conflict["new_id"]},
                              evidence_event_ids=json.loads(conflict["evidence_event_ids"]),
                              ref_kind="conflict", ref_id=conflict["conflict_id"],
                              provisional=conflict["decision"], reason="test: below threshold",
                              now=engine.clock.now())
    return item_id, conflict


def test_review_inbox_approve_reject_undo(qtbot, demo_host) -> None:
    engine = demo_host.engine
    item_id, conflict = _queue_conflict_for_review(engine)
    panel = show_panel(qtbot, ReviewInboxPanel, demo_host)
    assert panel.model.rowCount() == 1 and not panel.stack.is_empty
    panel.select(0)
    wait_idle(qtbot, panel)
    ids = json.loads(panel.detail["item"]["evidence_event_ids"])
    assert ids and panel.events.model_.rowCount() == len(ids)
    assert panel.buttons["approve"].isEnabled() and panel.buttons["reject"].isEnabled()
    assert not panel.buttons["undo"].isEnabled()
    old_kind, old_id = conflict["old_kind"], conflict["old_id"]
    table, key = (("tom_trait_assertions", "assertion_id") if old_kind == "assertion"
                  else ("knowledge_graph", "triple_id"))
    status_before = engine.db.read_value(f"SELECT status FROM {table} WHERE {key} = ?", (old_id,))

    panel.decide("reject")  # revert the provisional decision: the old side is live again
    qtbot.waitUntil(lambda: panel.last_result is not None, timeout=5000)
    wait_idle(qtbot, panel)
    assert engine.db.read_value("SELECT status FROM review_items WHERE item_id = ?", (item_id,)) == "rejected"
    status_rejected = engine.db.read_value(f"SELECT status FROM {table} WHERE {key} = ?", (old_id,))
    assert status_rejected != status_before
    panel.status_filter.setCurrentIndex(panel.status_filter.findData(None))  # "all"
    wait_idle(qtbot, panel)
    panel.select(0)
    wait_idle(qtbot, panel)
    assert panel.buttons["undo"].isEnabled()
    panel.last_result = None
    panel.decide("undo")  # reversible: back to pending with the provisional outcome
    qtbot.waitUntil(lambda: panel.last_result is not None, timeout=5000)
    wait_idle(qtbot, panel)
    assert engine.db.read_value("SELECT status FROM review_items WHERE item_id = ?", (item_id,)) == "pending"
    assert engine.db.read_value(f"SELECT status FROM {table} WHERE {key} = ?", (old_id,)) == status_before
    decisions = [r[0] for r in engine.db.reader().execute(
        "SELECT decision FROM review_decisions WHERE item_id = ? ORDER BY decision_id", (item_id,))]
    assert decisions == ["reject", "undo"]


def test_ledger_offline_banner_and_totals(qtbot, demo_host) -> None:
    engine = demo_host.engine
    with engine.db.write() as conn:  # calls as the providers' recorder writes them
        conn.executemany(
            "INSERT INTO provider_calls(started_at, provider, kind, tier, model, trigger, prompt_tokens, "
            "completion_tokens, latency_ms, outcome, network) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [(1.0, "dashscope", "chat", "FAST_CLASSIFY", "qwen-turbo", "l2_phase1", 100, 20, 300.0, "ok", 1),
             (2.0, "dashscope", "chat", "FAST_CLASSIFY", "qwen-turbo", "l2_phase1", 120, 30, 500.0, "error", 1),
             (3.0, "offline", "embed", None, "hashing", "query", 5, 0, 1.0, "ok", 0)])
    panel = show_panel(qtbot, LedgerPanel, demo_host)
    assert "Offline" in panel.banner.text()
    totals = {(r["trigger"], r["kind"]): r for r in panel.totals_model.rows()}
    p1 = totals[("l2_phase1", "chat")]
    assert p1["calls"] == 2 and p1["prompt_tokens"] == 220 and p1["errors"] == 1 and p1["network_calls"] == 2
    assert totals[("query", "embed")]["network_calls"] == 0
    panel.trigger.setCurrentIndex(panel.trigger.findData("query"))
    wait_idle(qtbot, panel)
    assert [r["trigger"] for r in panel.calls_model.rows()] == ["query"]


@pytest.mark.slow
@pytest.mark.parametrize("cls", [SummariesPanel, SkillsPanel, ReviewInboxPanel, LedgerPanel])
def test_100k_database_panels_load(qtbot, big_host, cls) -> None:
    panel = show_panel(qtbot, cls, big_host)
    assert panel.last_error == ""
    if cls is SummariesPanel:
        assert panel.model.rowCount() > 0
        panel.select(0)
        wait_idle(qtbot, panel)
        assert panel.detail["events"]
    if cls is SkillsPanel:
        assert panel.model.rowCount() >= 4  # generated tool calls + the sample's
        panel.select(0)
        wait_idle(qtbot, panel)
        assert panel.detail["series"]


def _select_last_and_scroll(qtbot, panel, table, model) -> None:
    table.setFixedHeight(80)  # a short view, so that the list scrolls
    qtbot.waitUntil(lambda: table.viewport().height() < 80, timeout=2000)
    panel.select(model.rowCount() - 1)
    wait_idle(qtbot, panel)
    table.scrollToBottom()


@pytest.mark.parametrize("cls, key, host", [(SkillsPanel, "skill_id", "big_host"),
                                            (SummariesPanel, "summary_id", "demo_host"),
                                            (SummariesPanel, "summary_id", "big_host")])
def test_reload_keeps_the_selected_row_its_detail_and_the_scroll(qtbot, request, cls, key, host) -> None:
    """Any memory change reloads the open panels; the selected skill / summary lost its row
    selection and the list jumped to the top (issue 15, item 4: selection, scroll position and
    open detail survive reloads in every panel). The demo has one skill: the 100k store has more."""
    panel = show_panel(qtbot, cls, request.getfixturevalue(host))
    table, model = panel.table, panel.model
    assert model.rowCount() >= 2
    _select_last_and_scroll(qtbot, panel, table, model)
    chosen = model.row(model.rowCount() - 1)[key]
    scroll = table.verticalScrollBar().value()
    assert scroll > 0 and panel.detail is not None
    panel._timed_reload()  # what a memory change does
    wait_idle(qtbot, panel)
    cur = table.currentIndex()
    assert cur.isValid() and model.row(cur.row())[key] == chosen
    assert table.selectionModel().isRowSelected(cur.row())
    assert table.verticalScrollBar().value() == scroll and panel.detail is not None


def test_review_item_survives_reloads_and_a_gone_item_disables_the_actions(qtbot, demo_host) -> None:
    engine = demo_host.engine
    item_id, _conflict = _queue_conflict_for_review(engine)
    panel = show_panel(qtbot, ReviewInboxPanel, demo_host)
    panel.select(0)
    wait_idle(qtbot, panel)
    assert panel.buttons["approve"].isEnabled()
    panel._timed_reload()  # background work reloads this panel
    wait_idle(qtbot, panel)
    assert panel.detail is not None and panel.detail["item"]["item_id"] == item_id
    assert panel.table.currentIndex().row() == 0 and panel.buttons["approve"].isEnabled()
    # decided elsewhere (another window, the CLI): it leaves the pending list, its actions go
    engine.components["review"].approve(item_id)
    panel._timed_reload()
    wait_idle(qtbot, panel)
    assert panel.model.rowCount() == 0 and panel.detail is None
    assert not any(b.isEnabled() for b in panel.buttons.values())
    assert panel.events.model_.rowCount() == 0


@pytest.mark.parametrize("cls", [SummariesPanel, SkillsPanel])
def test_selecting_a_row_loads_its_detail_once(qtbot, demo_host, cls) -> None:
    """select(row) moved the table's current row, whose signal ran select(row) again: two
    detail loads and two detail drawings on the UI thread for one click."""
    panel = show_panel(qtbot, cls, demo_host)
    assert panel.model.rowCount() >= 1
    shown: list[object] = []
    original = panel._show
    panel._show = lambda *a: (shown.append(a), original(*a))[1]  # type: ignore[method-assign]
    panel.table.clearSelection()
    panel.table.setCurrentIndex(panel.model.index(-1, 0))
    panel.select(panel.model.rowCount() - 1)
    wait_idle(qtbot, panel)
    assert len(shown) == 1 and panel.detail is not None
