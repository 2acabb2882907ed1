"""L1 timeline panel: empty DB, 100k events, filters, search, selection, detail, delete."""

from __future__ import annotations

import time

import pytest

from tests.helpers import chat
from tests.ui.conftest import UI_NOW as T0, show_panel, wait_idle
from ui.timeline import STORED_FIELDS, TimelinePanel
from ui.timeline_query import TimelineFilter, bucket_width, fts_expression


def _panel(qtbot, host) -> TimelinePanel:
    return show_panel(qtbot, TimelinePanel, host, size=(1200, 700))


def test_bucket_width_is_standard_and_bounded() -> None:
    assert bucket_width(3600) == 60
    assert bucket_width(90 * 86400) == 86400
    assert 90 * 86400 / bucket_width(90 * 86400) <= 120
    assert fts_expression("  ") == ""
    assert fts_expression("咖啡") == '"咖啡"'
    assert fts_expression("咖啡 OR tea") == fts_expression("咖啡 tea")  # the separator, not the word
    assert '"or"' in fts_expression("tea or coffee") and fts_expression("OR") == ""


def test_empty_database(qtbot, empty_host) -> None:
    panel = _panel(qtbot, empty_host)
    assert panel.model.rowCount() == 0
    assert "Memory is empty" in panel.count_label.text() and "demo sample" in panel.count_label.text()
    panel.set_filter(TimelineFilter(text="coffee"))
    wait_idle(qtbot, panel)
    assert panel.model.rowCount() == 0
    assert panel.count_label.text().startswith("No event matches this search")
    panel.preview_delete_selected()  # nothing selected: no dialog, no error
    assert panel.preview_dialog is None and panel.last_error == ""


def test_small_database_search_filter_detail_delete(qtbot, empty_host) -> None:
    engine = empty_host.engine
    res = engine.ingest_payloads([
        chat("s1", "user", "我买了一个新的高压锅", T0, "m1"),
        chat("s1", "assistant", "Here is a pressure cooker soup recipe", T0 + 5, "m2"),
        chat("s1", "user", "I just bought an air fryer", T0 + 86400, "m3"),
    ])
    assert res.ingested == 3
    panel = _panel(qtbot, empty_host)
    assert panel.model.rowCount() == 3
    panel.set_filter(TimelineFilter(text="高压锅"))
    wait_idle(qtbot, panel)
    assert panel.model.rowCount() == 1
    panel.set_filter(TimelineFilter(author_type="assistant"))
    wait_idle(qtbot, panel)
    assert panel.model.rowCount() == 1
    panel.set_filter(TimelineFilter(scope="fact_authoritative"))
    wait_idle(qtbot, panel)
    assert panel.model.rowCount() == 2  # the assistant reply is conversation_only

    panel.clear_filters()
    wait_idle(qtbot, panel)
    panel.select_rows([0])  # newest first: the air fryer
    wait_idle(qtbot, panel)
    assert panel.detail is not None
    assert panel.detail["event"]["content"] == "I just bought an air fryer"
    assert list(panel.detail["deleting it would change"])[0] == "Events (L1)"  # the deletion itself first
    # the tree: what memory made of it open, the 22 stored fields last and folded
    tree = panel.detail_view
    tops = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    assert tops[0].text(0) == "derived objects" and tops[0].isExpanded()
    assert tops[-1].text(0) == STORED_FIELDS and not tops[-1].isExpanded()
    assert tops[-1].childCount() >= 20 and "event" not in [t.text(0) for t in tops]

    panel.preview_delete_selected()
    wait_idle(qtbot, panel)
    dialog = panel.preview_dialog
    assert dialog is not None
    assert dialog.layers["l1"]["fact_events"] == 1 and dialog.layers["l1"]["fts_rows"] == 1
    # the dialog shows the text being deleted, L1 first, and no screen of zero counters
    assert dialog.items_label is not None and "I just bought an air fryer" in dialog.items_label.text()
    first = dialog.tree.topLevelItem(0)
    assert first.text(0).startswith("Events (L1)")
    rows = [dialog.tree.topLevelItem(i).child(j).text(2) for i in range(dialog.tree.topLevelItemCount())
            for j in range(dialog.tree.topLevelItem(i).childCount())]
    assert sum(1 for r in rows if r == "0") <= dialog.tree.topLevelItemCount()  # one folded line per layer at most
    dialog.accept()
    wait_idle(qtbot, panel)
    qtbot.waitUntil(lambda: panel.last_delete_report is not None, timeout=10_000)
    wait_idle(qtbot, panel)
    assert panel.model.rowCount() == 2
    assert engine.db.read_value("SELECT count(*) FROM fact_events WHERE content LIKE '%air fryer%'") == 0


@pytest.mark.slow
def test_100k_loads_scrolls_filters_and_searches(qtbot, big_host) -> None:
    panel = _panel(qtbot, big_host)
    total = big_host.engine.db.read_value("SELECT count(*) FROM fact_events")
    assert total > 100_000
    assert panel.model.rowCount() == total
    assert panel.histogram.histogram is not None and panel.histogram.histogram.total == total
    # scroll through the table: only the visible pages are fetched, each once
    bar = panel.table.verticalScrollBar()
    started = time.perf_counter()
    for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
        bar.setValue(int(bar.maximum() * frac))
        qtbot.wait(1)
        wait_idle(qtbot, panel)
    elapsed = time.perf_counter() - started
    assert panel.model.pages_fetched <= 15, panel.model.pages_fetched
    last_row = total - 1
    qtbot.waitUntil(lambda: panel.model.row_data(last_row) is not None, timeout=5000)
    assert elapsed < 5.0
    assert panel.model.data(panel.model.index(last_row, 5)) not in ("…", None)

    panel.set_filter(TimelineFilter(source="git"))
    wait_idle(qtbot, panel)
    n_git = panel.model.rowCount()
    assert 0 < n_git < total
    assert n_git == big_host.engine.db.read_value("SELECT count(*) FROM fact_events WHERE source='git'")

    panel.set_filter(TimelineFilter(text="嘉兴"))
    wait_idle(qtbot, panel)
    n_jx = panel.model.rowCount()
    assert n_jx == big_host.engine.db.read_value(
        "SELECT count(*) FROM fact_events WHERE content LIKE '%嘉兴%'")

    lo = big_host.engine.db.read_value("SELECT min(occurred_at) FROM fact_events")
    panel.set_filter(TimelineFilter(since=lo, until=lo + 7 * 86400, evidence_class="user_self_report"))
    wait_idle(qtbot, panel)
    assert panel.model.rowCount() == big_host.engine.db.read_value(
        "SELECT count(*) FROM fact_events WHERE occurred_at >= ? AND occurred_at < ? "
        "AND evidence_class = 'user_self_report'", (lo, lo + 7 * 86400))
    assert panel.histogram.region.isVisible()


@pytest.mark.slow
def test_100k_select_preview_and_delete(qtbot, big_host) -> None:
    big_host_rw = big_host
    panel = _panel(qtbot, big_host_rw)
    total = big_host.engine.db.read_value("SELECT count(*) FROM fact_events")
    panel.select_rows(range(0, 3))
    wait_idle(qtbot, panel)
    seqs = panel.selected_seqs()
    assert len(seqs) == 3
    panel.preview_delete_selected()
    wait_idle(qtbot, panel)
    assert panel.preview_dialog.layers["l1"]["fact_events"] == 3
    panel.preview_dialog.accept()
    qtbot.waitUntil(lambda: panel.last_delete_report is not None, timeout=10_000)
    wait_idle(qtbot, panel)
    assert panel.model.rowCount() == total - 3
    assert big_host_rw.engine.db.read_value(
        f"SELECT count(*) FROM fact_events WHERE seq IN ({','.join(map(str, seqs))})") == 0


def test_reload_keeps_selection_detail_and_scroll_position(qtbot, empty_host) -> None:
    """New events arriving (an automatic reload every second during an ingest) must not take
    away what the user is looking at: the selected events, the detail shown, the rows in view."""
    engine = empty_host.engine
    engine.ingest_payloads([chat("s1", "user", f"note {i} about the garden", T0 + i * 60, f"m{i}")
                            for i in range(600)])
    panel = _panel(qtbot, empty_host)
    assert panel.model.rowCount() == 600
    panel.select_rows([300, 301, 302])
    wait_idle(qtbot, panel)
    chosen = panel.selected_seqs()
    detail_id = panel.detail["event"]["event_id"]
    bar = panel.table.verticalScrollBar()
    bar.setValue(290 * 22 + 5)
    wait_idle(qtbot, panel)
    top_seq = panel.model.seq_at(panel.table.rowAt(0))
    details_loaded = panel.detail

    engine.ingest_payloads([chat("s1", "user", f"later note {i}", T0 + 86400 + i, f"n{i}") for i in range(40)])
    panel._timed_reload()  # what a memory_changed("events") notification runs
    wait_idle(qtbot, panel)
    assert panel.model.rowCount() == 640
    assert panel.selected_seqs() == chosen
    assert panel.model.seq_at(panel.table.selectionModel().currentIndex().row()) == chosen[0]
    assert panel.detail is details_loaded and panel.detail["event"]["event_id"] == detail_id
    assert panel.model.seq_at(panel.table.rowAt(0)) == top_seq  # the same event at the top of the view
    assert panel.delete_button.isEnabled()
    assert panel.model.item(panel.table.rowAt(0), 5).text().startswith("note ")  # cells, no placeholder

    # at the very top the view follows the newest events
    bar.setValue(0)
    engine.ingest_payloads([chat("s1", "user", "the newest note", T0 + 2 * 86400, "z1")])
    panel._timed_reload()
    wait_idle(qtbot, panel)
    assert bar.value() == 0 and panel.model.item(0, 5).text() == "the newest note"

    # the selected events deleted elsewhere: selection and detail go, nothing else is selected
    assert panel.selected_seqs() == chosen
    ids = [r[0] for r in engine.db.reader().execute(
        f"SELECT event_id FROM fact_events WHERE seq IN ({','.join(map(str, chosen))})")]
    engine.delete_events(ids)
    panel._timed_reload()
    wait_idle(qtbot, panel)
    assert panel.selected_seqs() == [] and panel.detail is None
    assert not panel.delete_button.isEnabled()


def test_search_lists_events_with_every_word_first_by_relevance(qtbot, empty_host) -> None:
    """"LGBTQ support group yesterday" used to list the exact sentence last of 90 (any word,
    date order). Now every-word matches come first, the closest one on top."""
    from tests.helpers import T0, chat

    engine = empty_host.engine
    rows = [chat("s", "user", f"The support team answered ticket {i} about the group chat.", T0 + 3600 * i, f"n{i}")
            for i in range(40)]
    rows.append(chat("s", "user", "I went to a LGBTQ support group yesterday.", T0 - 86400, "exact"))
    rows.append(chat("s", "user", "The LGBTQ group met yesterday for support and tea.", T0 - 2 * 86400, "all"))
    engine.ingest_payloads(rows)
    panel = _panel(qtbot, empty_host)
    panel.set_filter(TimelineFilter(text="LGBTQ support group yesterday"))
    wait_idle(qtbot, panel)
    n = panel.model.rowCount()
    assert n == 42  # every event with any of the words is still listed ...
    firsts = [engine.db.read_value("SELECT source_item_id FROM fact_events WHERE seq = ?", (panel.model.seq_at(r),))
              for r in range(2)]
    assert set(firsts) == {"exact", "all"}  # ... but the two with every word come first
    assert "2 with every word" in panel.count_label.text()


def test_search_words_are_marked_in_the_listed_text(qtbot, empty_host, tmp_path) -> None:
    from tests.helpers import T0, chat
    from ui.widgets.highlight import highlight_html

    assert highlight_html("I went to a LGBTQ support group", ["lgbtq", "group"]) == (
        "I went to a <span style='background:#fff0a0; font-weight:600'>LGBTQ</span> support "
        "<span style='background:#fff0a0; font-weight:600'>group</span>")
    assert highlight_html("nothing here", ["coffee"]) is None
    assert "&lt;b&gt;" in highlight_html("<b> coffee", ["coffee"])  # the text is escaped
    empty_host.engine.ingest_payloads([chat("s", "user", "我今天买了一台咖啡机", T0, "z"),
                                       chat("s", "user", "The coffee machine is great", T0 + 1, "e")])
    panel = _panel(qtbot, empty_host)
    panel.set_filter(TimelineFilter(text="coffee machine"))
    wait_idle(qtbot, panel)
    assert {"coffee", "machine"} <= set(panel.highlight.terms)
    panel.set_filter(TimelineFilter(text="咖啡机"))
    wait_idle(qtbot, panel)
    assert panel.highlight.terms and highlight_html("我今天买了一台咖啡机", panel.highlight.terms)
    panel.resize(1200, 500)
    shot = tmp_path / "timeline_search_highlight.png"  # looked at by hand: the marks render
    assert panel.grab().save(str(shot)) and shot.stat().st_size > 0


def test_search_phrase_every_word_and_newest_first(qtbot, empty_host) -> None:
    """A "quoted phrase" must occur as written; "every word" lists only events with all the
    words; "newest first" orders the hits by date (the issue asked for all three)."""
    from tests.helpers import T0, chat
    from ui.timeline_query import parse_search

    assert parse_search('"support group" yesterday').phrases == ("support group",)
    assert parse_search('“support group”').words == ()
    engine = empty_host.engine
    engine.ingest_payloads([
        chat("s", "user", "I went to a LGBTQ support group yesterday.", T0, "phrase"),
        chat("s", "user", "The group gave support to the team yesterday.", T0 + 60, "scattered"),
        chat("s", "user", "Our support group meets on Fridays.", T0 + 120, "phrase-no-yesterday"),
        chat("s", "user", "Yesterday I baked bread.", T0 + 180, "one-word")])
    panel = _panel(qtbot, empty_host)

    def listed() -> list[str]:
        return [engine.db.read_value("SELECT source_item_id FROM fact_events WHERE seq = ?", (panel.model.seq_at(r),))
                for r in range(panel.model.rowCount())]

    panel.set_filter(TimelineFilter(text='"support group" yesterday'))
    wait_idle(qtbot, panel)
    # the phrase is required; "yesterday" only ranks: the events with both come first
    assert listed() == ["phrase", "phrase-no-yesterday"]
    assert "support group" in panel.highlight.terms
    panel.set_filter(TimelineFilter(text="support group yesterday", every_word=True))
    wait_idle(qtbot, panel)
    assert sorted(listed()) == ["phrase", "scattered"] and panel.match_mode.currentIndex() == 1
    panel.set_filter(TimelineFilter(text="support group yesterday", by_date=True))
    wait_idle(qtbot, panel)
    assert listed() == ["one-word", "phrase-no-yesterday", "scattered", "phrase"]  # newest first
    assert "newest first" in panel.count_label.text()
    # the widgets drive the same filter
    panel.order.setCurrentIndex(0)
    wait_idle(qtbot, panel)
    assert listed()[0] in ("phrase", "scattered") and not panel.filter.by_date


def test_clearing_the_filters_hides_the_search_clear_button(qtbot, empty_host) -> None:
    """Clearing the filters emptied the search box with its signals blocked, so its clear (×)
    button stayed on an empty field."""
    from PySide6.QtGui import QAction

    panel = _panel(qtbot, empty_host)
    panel.set_filter(TimelineFilter(text="coffee"))
    wait_idle(qtbot, panel)
    clear = next(a for a in panel.search.findChildren(QAction) if "clear" in a.objectName().lower())
    buttons = [w for w in clear.associatedObjects() if hasattr(w, "isVisible") and w is not panel.search]
    assert buttons
    qtbot.waitUntil(lambda: any(b.isVisible() for b in buttons), timeout=2000)
    panel.clear_filters()
    wait_idle(qtbot, panel)
    assert panel.search.text() == ""
    qtbot.waitUntil(lambda: not any(b.isVisible() for b in buttons), timeout=2000)


def test_histogram_counts_have_whole_ticks(qtbot) -> None:
    """The activity histogram's count axis was labelled 0, 0.5, 1 when a bucket held one event."""
    from ui.timeline import ActivityHistogram
    from ui.timeline_query import Histogram

    plot = ActivityHistogram()
    qtbot.addWidget(plot)
    plot.resize(600, 150)
    plot.show()
    plot.set_histogram(Histogram(3600, [1_700_000_000.0, 1_700_003_600.0], [1, 1]))
    axis = plot.getPlotItem().getAxis("left")
    lo, hi = plot.getPlotItem().viewRange()[1]
    ticks = [v for _s, values in axis.tickValues(lo, hi, 120) for v in values]
    assert ticks and all(float(v).is_integer() for v in ticks), ticks
    assert 1.0 in ticks and axis.tickStrings([0.0, 1.0], 1.0, 1.0) == ["0", "1"]


def test_delete_preview_names_rows_not_ids() -> None:
    """The cascade preview showed "deleted edge ids 1 (be944ecf-9b…" and "summaries 1 ({'summary_i…"."""
    from ui.widgets.cascade_dialog import describe_changes, humanize

    rows = dict(((w, shown) for _l, w, shown in describe_changes({"l2": {
        "deleted_edge_ids": ["be944ecf-9b3c-5a0e-8d7e-0e6a3c1f2b44"],
        "summaries": [{"summary_id": "01M7TFE980BKXB3SPR440TFTVF", "title": "Day summary · 2026-11-16"}],
        "sessions_touched": ["kitchen-en-1"], "removed_entity_ids": ["ent_01M80GJ3505HTF59XA99VPMWX6"]}})))
    assert rows["deleted_edge_ids"] == "1" and rows["removed_entity_ids"] == "1"
    assert rows["summaries"] == "1 (Day summary · 2026-11-16)" and rows["sessions_touched"] == "1 (kitchen-en-1)"
    assert humanize("deleted_edge_ids") == "deleted edges" and humanize("removed_entity_ids") == "removed entities"


def test_a_late_match_is_brought_into_the_cell() -> None:
    from ui.widgets.highlight import highlight_html

    text = "Work news too: I got an offer from a design studio in Hangzhou. I start in three weeks."
    marked = highlight_html("x" * 10 + " " + text, ["hangzhou"])
    import re

    plain = re.sub(r"<[^>]+>", "", marked)
    assert plain.startswith("…") and plain.index("Hangzhou") < 40  # in the cell's first characters
    assert highlight_html("short design text", ["design"]).startswith("short")


@pytest.mark.slow
def test_100k_a_finding_link_selects_and_scrolls_to_its_row(qtbot, big_host) -> None:
    """A chat finding link opened the event's detail but left its row unselected and out of view
    ("Delete selected…" stayed disabled); at 100k the row is tens of thousands of rows down."""
    panel = _panel(qtbot, big_host)
    old = big_host.engine.db.read_one("SELECT event_id, seq FROM fact_events ORDER BY occurred_at LIMIT 1 OFFSET 50000")
    panel.show_event(old["event_id"])
    qtbot.waitUntil(lambda: panel.selected_seqs() == [old["seq"]], timeout=20_000)
    wait_idle(qtbot, panel)
    row = panel.model.seqs().index(old["seq"])
    top, bottom = panel.table.rowAt(0), panel.table.rowAt(panel.table.viewport().height() - 1)
    assert row > 1000 and top <= row <= bottom and panel.delete_button.isEnabled()
    assert panel.detail["event"]["event_id"] == old["event_id"]
