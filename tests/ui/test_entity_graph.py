"""L2 panel: entity list/search, neighbourhood graph, edge evidence, assertion history, time
travel through a supersession chain, "this is wrong", evidence delete — on real L2 output."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.ui.conftest import show_panel, wait_idle
from ui import l2_queries as q
from ui.entity_graph import EntityGraphPanel


def _entity(panel: EntityGraphPanel, name: str) -> str:
    for r in panel.entities.rows():
        if r["canonical_name"].lower() == name.lower():
            return r["entity_id"]
    raise AssertionError(f"{name} not in {[r['canonical_name'] for r in panel.entities.rows()]}")


def test_empty_database_shows_empty_state(qtbot, empty_host) -> None:
    panel = show_panel(qtbot, EntityGraphPanel, empty_host)
    assert panel.stack.is_empty
    assert panel.entities.rowCount() == 0
    panel.search.setText("anything")
    panel.reload()
    wait_idle(qtbot, panel)
    assert panel.last_error == ""


def _user_with_history(panel: EntityGraphPanel, qtbot) -> str:
    user = next(r["entity_id"] for r in panel.entities.rows() if r["is_user"])
    panel.select_entity(user)
    wait_idle(qtbot, panel)
    return user


def test_search_graph_edge_evidence(qtbot, demo_host) -> None:
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    assert not panel.stack.is_empty and panel.entities.rowCount() > 5
    panel.search.setText("air fr")
    panel.reload()
    wait_idle(qtbot, panel)
    names = [r["canonical_name"].lower() for r in panel.entities.rows()]
    assert names and all("air fr" in n for n in names)
    panel.search.setText("")
    panel.reload()
    wait_idle(qtbot, panel)
    user = _user_with_history(panel, qtbot)
    assert panel.hood is not None and panel.hood.edges, "the user entity has edges in the demo"
    assert len(panel.graph.node_items()) == len(panel.hood.nodes)
    assert len(panel.graph.edge_items()) == len(panel.hood.edges)
    appliance_edge = next(e for e in panel.hood.edges
                          if panel.hood.nodes[e["object_id"]].get("canonical_name", "").lower() == "air fryer")
    panel.select_edge(appliance_edge["triple_id"])
    wait_idle(qtbot, panel)
    assert panel.edge is not None and panel.edge["subject"] and panel.edge["evidence"]
    ev_ids = [e["event_id"] for e in panel.edge["evidence"]]
    assert all(demo_host.engine.get_event(i) is not None for i in ev_ids)
    assert "air fryer" in " ".join(e["content"] for e in panel.edge["evidence"]).lower()
    assert panel.delete_button.isEnabled() and panel.wrong_button.isEnabled()
    del user


def test_assertion_history_time_travel_and_chain(qtbot, demo_host) -> None:
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    _user_with_history(panel, qtbot)
    superseded = [a for a in panel.assertions if a["status"] == "superseded"]
    assert superseded, "the move story supersedes an assertion"
    old = superseded[0]
    assert old["exit"] == q.EXIT_REASONS["superseded"]
    panel.select_assertion(old["assertion_id"])
    wait_idle(qtbot, panel)
    chain = panel.assertion["chain"]
    assert len(chain) >= 2 and chain[0]["assertion_id"] == old["assertion_id"]
    assert panel.next_button.isEnabled() and not panel.prev_button.isEnabled()
    # step forward: time travel to the successor's start, the successor is selected
    panel.step_chain(+1)
    wait_idle(qtbot, panel)
    qtbot.waitUntil(lambda: panel.assertion is not None and
                    panel.assertion["assertion"]["assertion_id"] == chain[1]["assertion_id"], timeout=5000)
    wait_idle(qtbot, panel)
    assert panel.as_of is not None and panel.profile["computed by"].startswith("L2 service")
    believed_now = {a["value"] for a in panel.profile["assertions"]}
    assert chain[1]["value"] in believed_now and old["value"] not in believed_now
    # back in time: before the successor, memory believed the old value
    before = (chain[1]["valid_from"] or chain[1]["first_observed_at"]) - 3600
    panel.travel_to(before)
    wait_idle(qtbot, panel)
    believed_then = {a["value"] for a in panel.profile["assertions"]}
    assert old["value"] in believed_then and chain[1]["value"] not in believed_then
    assert all(a["believed_then"] for a in panel.assertion_model.rows())
    # the old value was current on that date: it reads so, with today's status beside it
    [old_row] = [a for a in panel.assertion_model.rows() if a["assertion_id"] == old["assertion_id"]]
    assert old_row["status"] == "current then, now superseded"
    panel.travel_to(None)
    wait_idle(qtbot, panel)
    assert panel.as_of is None and "current snapshot" in panel.profile


def test_this_is_wrong_marks_user_denied(qtbot, demo_host) -> None:
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    _user_with_history(panel, qtbot)
    live = [a for a in panel.assertions if a["status"] in ("tentative", "corroborated", "stable")]
    assert live
    target = live[0]
    panel.select_assertion(target["assertion_id"])
    wait_idle(qtbot, panel)
    assert panel.wrong_button.isEnabled()
    panel.mark_wrong()
    wait_idle(qtbot, panel)
    qtbot.waitUntil(lambda: panel.last_action is not None, timeout=5000)
    wait_idle(qtbot, panel)
    status = demo_host.engine.db.read_value(
        "SELECT status FROM tom_trait_assertions WHERE assertion_id = ?", (target["assertion_id"],))
    assert status == "user_denied"
    assert panel.assertion["assertion"]["status"] == "user_denied"
    # undo puts back exactly what was there
    assert panel.undo_button.isEnabled()
    panel.undo_last_correction()
    qtbot.waitUntil(lambda: isinstance(panel.last_action, dict) and "undone" in panel.last_action, timeout=5000)
    wait_idle(qtbot, panel)
    status = demo_host.engine.db.read_value(
        "SELECT status FROM tom_trait_assertions WHERE assertion_id = ?", (target["assertion_id"],))
    assert status == target["status"] and not panel.undo_button.isEnabled()


def test_this_is_wrong_says_which_value_comes_back(qtbot, demo_host, tmp_path) -> None:
    """Denying a value that replaced another makes that one current again: the button says so
    before, the note after, and undo puts both back."""
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    _user_with_history(panel, qtbot)
    conn = demo_host.engine.db.reader()
    successor = next((a for a in panel.assertions if a.get("supersedes") and a["status"] != "user_denied" and
                      demo_host.engine.db.read_value("SELECT status FROM tom_trait_assertions WHERE assertion_id = ?",
                                                     (a["supersedes"],)) == "superseded"), None)
    assert successor is not None, "the demo's user has a value that replaced another"
    old = q.assertion_detail(conn, successor["supersedes"])["assertion"]
    panel.select_assertion(successor["assertion_id"])
    wait_idle(qtbot, panel)
    assert f"{old['trait']}: {old['value']}" in panel.wrong_button.toolTip()
    assert "current again" in panel.wrong_button.toolTip()
    panel.mark_wrong()
    qtbot.waitUntil(lambda: panel.last_action is not None, timeout=5000)
    wait_idle(qtbot, panel)
    note = panel.correction_note.text()
    assert panel.correction_note.isVisible() and f"Current again: “{old['trait']}: {old['value']}”" in note
    assert demo_host.engine.db.read_value("SELECT status FROM tom_trait_assertions WHERE assertion_id = ?",
                                          (old["assertion_id"],)) != "superseded"
    panel.resize(1400, 800)
    shot = tmp_path / "entity_graph_deny_note.png"  # looked at by hand: the note under the toolbar
    assert panel.grab().save(str(shot)) and shot.stat().st_size > 0
    panel.undo_last_correction()
    qtbot.waitUntil(lambda: isinstance(panel.last_action, dict) and "undone" in panel.last_action, timeout=5000)
    wait_idle(qtbot, panel)
    assert panel.correction_note.text().startswith("Undone:")
    assert demo_host.engine.db.read_value("SELECT status FROM tom_trait_assertions WHERE assertion_id = ?",
                                          (old["assertion_id"],)) == "superseded"


def _first_edge_selected(qtbot, demo_host) -> tuple[EntityGraphPanel, list[str]]:
    """The panel on the user's entity with its first edge selected, and that edge's evidence."""
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    _user_with_history(panel, qtbot)
    panel.select_edge(panel.hood.edges[0]["triple_id"])
    wait_idle(qtbot, panel)
    return panel, [e["event_id"] for e in panel.edge["evidence"]]


def test_delete_edge_evidence_with_cascade_preview(qtbot, demo_host) -> None:
    panel, ids = _first_edge_selected(qtbot, demo_host)
    panel.preview_delete_evidence()
    wait_idle(qtbot, panel)
    dialog = panel.preview_dialog
    assert dialog is not None and dialog.layers["l1"]["fact_events"] == len(ids)
    assert "l2" in dialog.layers
    dialog.accept()
    qtbot.waitUntil(lambda: panel.last_action is not None, timeout=10_000)
    wait_idle(qtbot, panel)
    engine = demo_host.engine
    assert all(engine.get_event(i) is None for i in ids)
    left = engine.db.read_value(f"SELECT count(*) FROM l2_evidence WHERE event_id IN "
                                f"({','.join('?' * len(ids))})", ids)
    assert left == 0


@pytest.mark.slow
def test_100k_database_loads_and_searches(qtbot, big_host) -> None:
    panel = show_panel(qtbot, EntityGraphPanel, big_host)
    assert panel.entities.rowCount() > 5
    panel.type_filter.setCurrentIndex(panel.type_filter.findData("appliance"))
    wait_idle(qtbot, panel)
    assert panel.entities.rowCount() > 0
    assert {r["entity_type"] for r in panel.entities.rows()} == {"appliance"}
    panel.select_entity(panel.entities.row(0)["entity_id"])
    wait_idle(qtbot, panel)
    assert panel.hood is not None and panel.last_error == ""


def test_delete_entity_with_preview(qtbot, demo_host) -> None:
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    target = next(r for r in panel.entities.rows() if not r["is_user"] and r["edge_count"])
    panel.select_entity(target["entity_id"])
    wait_idle(qtbot, panel)
    assert panel.delete_entity_button.isEnabled()
    panel.preview_delete_entity()
    wait_idle(qtbot, panel)
    dialog = panel.preview_dialog
    assert dialog is not None and dialog.layers["l2"]["edges"] == target["edge_count"]
    events_before = demo_host.engine.db.read_value("SELECT count(*) FROM fact_events")
    dialog.accept()
    qtbot.waitUntil(lambda: panel.last_action is not None, timeout=10_000)
    wait_idle(qtbot, panel)
    engine = demo_host.engine
    assert engine.db.read_value("SELECT count(*) FROM entity_catalog WHERE entity_id = ? AND status = 'active'",
                                (target["entity_id"],)) == 0
    assert engine.db.read_value("SELECT count(*) FROM fact_events") == events_before  # memories stay
    assert target["entity_id"] not in [r["entity_id"] for r in panel.entities.rows()]


def test_profile_timestamps_are_shown_as_dates() -> None:
    from ui.widgets.formatting import dated, ts

    shown = dated({"as_of": 1709990000.0, "assertions": [{"trait": "residence", "valid_from": 1700000000,
                                                          "confidence": 0.7, "evidence_count": 3}]})
    assert shown["as_of"] == ts(1709990000.0) and shown["assertions"][0]["valid_from"] == ts(1700000000)
    assert shown["assertions"][0]["confidence"] == 0.7 and shown["assertions"][0]["evidence_count"] == 3


def test_a_deletion_elsewhere_updates_the_selected_edge(qtbot, demo_host) -> None:
    """Deleting an edge's evidence from the timeline left the edge on screen as active, with the
    deleted text as its evidence and its buttons enabled."""
    panel, ids = _first_edge_selected(qtbot, demo_host)
    assert ids and panel.wrong_button.isEnabled()
    demo_host.engine.delete_events(ids)  # as the timeline panel does, then it tells every panel
    demo_host.notify_changed("deleted")
    qtbot.waitUntil(lambda: panel.edge is None or not set(ids) & {e["event_id"] for e in panel.edge["evidence"]},
                    timeout=10_000)
    wait_idle(qtbot, panel)
    if panel.edge is None:  # its only evidence was deleted: the edge is gone, so are its actions
        assert not panel.wrong_button.isEnabled() and not panel.delete_button.isEnabled()


def test_relation_filter_legend_and_a_layout_that_stays_put(qtbot, demo_host) -> None:
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    _user_with_history(panel, qtbot)
    all_edges = len(panel.hood.edges)
    before = dict(panel.graph.positions)
    predicates = [panel.relation_filter.itemData(i) for i in range(1, panel.relation_filter.count())]
    assert predicates and "you" in panel.legend.text() and "current" in panel.legend.text()
    panel.relation_filter.setCurrentIndex(1)  # one relation only
    shown = panel.shown_hood()
    assert shown.edges and all(e["predicate"] == predicates[0] for e in shown.edges)
    assert len(shown.edges) <= all_edges and len(panel.graph.edge_items()) == len(shown.edges)
    # what was placed stays where it was: filtering (and time travel) moves no node
    assert all(panel.graph.positions[k] == before[k] for k in panel.graph.positions)
    panel.relation_filter.setCurrentIndex(0)
    assert panel.graph.positions == before


def test_mentions_tab_lists_every_event_that_names_the_entity(qtbot, demo_host) -> None:
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    row = max(panel.entities.rows(), key=lambda r: r.get("mention_count") or 0)
    panel.select_entity(row["entity_id"])
    wait_idle(qtbot, panel)
    linked = demo_host.engine.db.read_value("SELECT count(*) FROM l1_event_entities WHERE entity_id = ?",
                                            (row["entity_id"],))
    assert linked > 1 and panel.mentions.model_.rowCount() == linked
    assert f"Mentions ({linked}" in panel.tabs.tabText(panel.tabs.indexOf(panel.mentions))


def test_assertion_timeline_labels_do_not_pile_up(qtbot) -> None:
    from ui.entity_graph import AssertionTimeline

    tl = AssertionTimeline()
    qtbot.addWidget(tl)
    now = 1_800_000_000.0
    rows = [{"trait": "preference", "value": f"thing {i}", "status": "tentative", "polarity": 1,
             "valid_from": now - 3600 * i} for i in range(20)]  # 20 values an hour apart
    rows.append({"trait": "residence", "value": "jiaxing", "status": "tentative", "polarity": 1,
                 "valid_from": now - 30 * 86400})
    tl.show_assertions(rows, now, None)
    assert 2 <= tl.labels <= 4  # the newest preference, the residence, not 21 overlapping texts


def test_entity_list_keeps_its_columns_in_view(qtbot, demo_host) -> None:
    from ui.entity_graph import ENTITY_NAME_MAX_PX

    panel = show_panel(qtbot, EntityGraphPanel, demo_host, size=(1400, 860))
    wait_idle(qtbot, panel)
    assert panel.entity_table.columnWidth(0) <= ENTITY_NAME_MAX_PX
    # every column starts inside the list's view ("last seen" sat off-screen)
    header = panel.entity_table.horizontalHeader()
    last = panel.entities.columnCount() - 1
    assert header.sectionViewportPosition(last) + 40 <= panel.entity_table.viewport().width()


def test_an_entity_search_without_match_says_so(qtbot, demo_host) -> None:
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    panel.search.setText("zzzz-no-such-entity")
    panel.reload()
    wait_idle(qtbot, panel)
    assert panel.entities.rowCount() == 0
    assert panel.entity_count.text().startswith("No entity matches")


def test_graph_filters_by_entity_type_and_labels_never_overlap(qtbot, demo_host) -> None:
    """The user hub was a hairball: no filter by entity type, labels drawn on top of each other."""
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    _user_with_history(panel, qtbot)
    rects = panel.graph.label_rects
    assert rects and not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    types = [panel.node_type_filter.itemData(i) for i in range(1, panel.node_type_filter.count())]
    assert types
    panel.node_type_filter.setCurrentIndex(1)
    shown = panel.shown_hood()
    others = [info.get("entity_type") for nid, info in shown.nodes.items() if nid != shown.center]
    assert others and set(others) <= {types[0]} | {None} and types[0] in others
    assert len(panel.graph.node_items()) == len(shown.nodes) < len(panel.hood.nodes) + (len(types) == 1)
    panel.node_type_filter.setCurrentIndex(0)
    assert len(panel.graph.node_items()) == len(panel.hood.nodes)


def test_mention_double_click_opens_the_event_in_the_timeline(qtbot, demo_host) -> None:
    from magi_desktop.main_window import MainWindow
    from magi_desktop.settings import AppSettings

    w = MainWindow(demo_host, AppSettings(data_dir=demo_host.engine.db.path.parent))
    qtbot.addWidget(w)
    w.show()
    w.tabs.setCurrentWidget(w.entities)
    w.entities.reload()
    wait_idle(qtbot, w.entities)
    qtbot.waitUntil(lambda: w.entities.entities.rowCount() > 0, timeout=10_000)
    row = max(w.entities.entities.rows(), key=lambda r: r.get("mention_count") or 0)
    w.entities.select_entity(row["entity_id"])
    wait_idle(qtbot, w.entities)
    mentions = w.entities.mentions
    mentions.doubleClicked.emit(mentions.model_.index(2, 0))  # the third mention
    wanted = mentions.model_.row(2)["event_id"]
    assert w.tabs.currentWidget() is w.timeline
    qtbot.waitUntil(lambda: w.timeline.detail is not None and w.timeline.detail["event"]["event_id"] == wanted,
                    timeout=10_000)
    wait_idle(qtbot, w.timeline)
    seq = w.timeline.detail["event"]["seq"]
    assert w.timeline.selected_seqs() == [seq] and w.timeline.delete_button.isEnabled()


def test_a_correction_made_elsewhere_reaches_the_open_views(qtbot, demo_host) -> None:
    """Panels followed deletions only: an edge denied from another view stayed 'active' with
    "This is wrong" enabled, and the timeline's open event still showed it as derived and active."""
    from tests.ui.conftest import show_panel as show
    from ui.timeline import TimelinePanel

    panel, ids = _first_edge_selected(qtbot, demo_host)
    edge = panel.edge["edge"]
    assert edge["status"] == "active" and panel.wrong_button.isEnabled()
    timeline = show(qtbot, TimelinePanel, demo_host)
    timeline.show_event(ids[0])
    qtbot.waitUntil(lambda: timeline.detail is not None and bool(timeline.selected_seqs()), timeout=10_000)
    wait_idle(qtbot, timeline)

    def kg_status() -> str | None:
        # the detail names the relation and its status (it was a raw l2_evidence row of ids)
        rows = (timeline.detail or {}).get("derived objects", {}).get("relations it supports") or []
        return next((r.rsplit(" · ", 1)[1] for r in rows if f"—{edge['predicate']}→" in r), None)

    assert kg_status() == "active"
    # the evidence rows behind that relation are not counted again as bookkeeping
    assert "l2_evidence" not in timeline.detail["derived objects"].get("other derived rows (bookkeeping)", {})
    demo_host.engine.components["l2"].deny_edge(edge["triple_id"])  # e.g. from the review inbox
    demo_host.notify_changed("l2")
    qtbot.waitUntil(lambda: panel.edge is not None and panel.edge["edge"]["status"] == "user_denied", timeout=10_000)
    wait_idle(qtbot, panel)
    assert not panel.wrong_button.isEnabled()  # denied already: undo is the way back
    qtbot.waitUntil(lambda: kg_status() == "user_denied", timeout=10_000)


def test_profile_reads_as_beliefs_not_ids(qtbot, demo_host) -> None:
    """The profile tab listed assertion, entity and event ids and epoch floats beside the values."""
    import re

    from PySide6.QtWidgets import QTreeWidgetItemIterator

    from ui.widgets.formatting import readable

    shown = readable({"as_of": 1_795_000_000.0, "assertions": [
        {"assertion_id": "asr_1", "trait": "residence", "value": "shanghai", "polarity": 1,
         "status_now": "superseded", "evidence_event_ids": ["01M4BRBC80X0SR0HHPV7002YB6"]}],
        "edges": [{"subject": "user", "predicate": "LIVES_IN", "object": "shanghai", "status_now": "superseded",
                   "triple_id": "t1"}], "snapshot_json": '{"entity_id": "e1", "name": "user"}'})
    assert shown["assertions"] == ["residence: shanghai · now superseded"]
    assert shown["edges"] == ["user —LIVES_IN→ shanghai · now superseded"]
    assert shown["snapshot"] == {"name": "user"} and not shown["as_of"].startswith("1795")
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    _user_with_history(panel, qtbot)
    texts = []
    it = QTreeWidgetItemIterator(panel.profile_view)
    while it.value():
        texts += [it.value().text(0), it.value().text(1)]
        it += 1
    joined = " ".join(texts)
    assert "LIVES_IN" in joined or "residence" in joined
    ulid_or_uuid = r"\b[0-9A-HJKMNP-TV-Z]{26}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-"
    assert not re.search(ulid_or_uuid, joined) and not re.search(r"\b1[78]\d{8}\.\d\b", joined)


def test_moving_to_another_entity_clears_the_edge_shown(qtbot, demo_host) -> None:
    panel, _ids = _first_edge_selected(qtbot, demo_host)
    other = next(r["entity_id"] for r in panel.entities.rows() if not r["is_user"])
    panel.select_entity(other)
    wait_idle(qtbot, panel)
    shown = panel.edge_view.topLevelItem(0).text(0)
    assert panel.edge is None and shown == "(no edge selected)" and not panel.wrong_button.isEnabled()


def test_an_edge_whose_evidence_is_deleted_elsewhere_leaves_the_canvas(qtbot, demo_host) -> None:
    """After deleting an event from the timeline the graph still drew the edge it supported."""
    panel = show_panel(qtbot, EntityGraphPanel, demo_host)
    _user_with_history(panel, qtbot)
    engine = demo_host.engine
    # an edge whose evidence events support no other edge of the hub: deleting them removes it
    target = None
    for e in panel.hood.edges:
        ids = [r[0] for r in engine.db.reader().execute(
            "SELECT event_id FROM l2_evidence WHERE owner_kind = 'edge' AND owner_id = ?", (e["triple_id"],))]
        if ids and e["status"] == "active":
            target, evidence = e, ids
            break
    assert target is not None
    drawn = {i.data(1) for i in panel.graph.edge_items()}
    assert target["triple_id"] in drawn
    engine.delete_events(evidence)  # as the timeline does
    demo_host.notify_changed("deleted")
    gone = engine.db.read_value("SELECT count(*) FROM knowledge_graph WHERE triple_id = ? AND status = 'active'",
                                (target["triple_id"],)) == 0
    assert gone, "deleting all of an edge's evidence removes it (or it is no longer active)"
    qtbot.waitUntil(lambda: target["triple_id"] not in {e["triple_id"] for e in panel.hood.edges
                                                        if e["status"] == "active"}, timeout=10_000)
    wait_idle(qtbot, panel)
    active_drawn = {i.data(1) for i in panel.graph.edge_items()
                    if i.pen().style() != Qt.PenStyle.DashLine}
    assert target["triple_id"] not in active_drawn


def test_layout_of_placed_nodes_builds_no_graph(monkeypatch) -> None:
    """The UI thread draws what a reader laid out: with every node placed, graph_layout returns
    the known positions without building a networkx graph (the panel never blocks on it)."""
    import ui.entity_graph as eg
    from ui.l2_queries import Neighbourhood

    hood = Neighbourhood("a", {"a": {}, "b": {}, "c": {}},
                         [{"subject_id": "a", "object_id": "b"}, {"subject_id": "a", "object_id": "c"}])
    laid_out = eg.graph_layout(hood, {})
    assert set(laid_out) == {"a", "b", "c"}

    def no_graph(*_a, **_k):
        raise AssertionError("networkx graph built for an already placed neighbourhood")

    monkeypatch.setattr(eg.nx, "Graph", no_graph)
    assert eg.graph_layout(hood, {**laid_out, "gone": (9.0, 9.0)}) == laid_out
    hood.edges.append({"subject_id": "a", "object_id": "d"})  # a new node: it must be placed
    with pytest.raises(AssertionError):
        eg.graph_layout(hood, laid_out)
