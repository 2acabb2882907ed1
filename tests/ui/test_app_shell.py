"""The app shell: headless fallback, main window wiring, tray menu, capture pause, settings
(the key is never shown), background jobs with progress and cancel, export/import round trip."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLineEdit

from magi_desktop import app as app_mod
from magi_desktop.jobs import BackgroundJob, ingest_file_job, reembed_job
from magi_desktop.main_window import MainWindow
from magi_desktop.sample_data import generate_payloads
from magi_desktop.settings import AppSettings
from magi_desktop.settings_dialog import SettingsDialog
from magi_desktop.tray import Tray
from tests.helpers import chat
from tests.ui.conftest import UI_NOW, wait_idle


def test_has_display_rules(monkeypatch) -> None:
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(app_mod.sys, "platform", "linux")
    assert not app_mod.has_display()
    monkeypatch.setenv("DISPLAY", ":0")
    assert app_mod.has_display()
    monkeypatch.delenv("DISPLAY")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert app_mod.has_display()


def test_no_screen_runs_the_headless_demo(monkeypatch) -> None:
    calls = []
    monkeypatch.setattr(app_mod, "has_display", lambda: False)
    monkeypatch.setattr("memory_core.cli.core.cmd_demo", lambda args: calls.append(args) or 0)
    assert app_mod.main([]) == 0
    assert len(calls) == 1 and calls[0].keep is False


def _window(qtbot, host) -> MainWindow:
    w = MainWindow(host, AppSettings(data_dir=host.engine.db.path.parent))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.count_label.text() != "", timeout=10_000)
    return w


def test_main_window_status_tabs_and_navigation(qtbot, demo_host) -> None:
    w = _window(qtbot, demo_host)
    assert w.tabs.count() == 8
    assert "offline" in w.offline_label.text()
    n = demo_host.engine.db.read_value("SELECT count(*) FROM fact_events")
    assert f"{n:,} events" in w.count_label.text()
    event_id = demo_host.engine.list_events(limit=1)[0].event_id
    w.summaries.event_requested.emit(event_id)  # a drill-down from any panel opens the timeline
    wait_idle(qtbot, w.timeline)
    assert w.tabs.currentWidget() is w.timeline
    assert w.timeline.detail["event"]["event_id"] == event_id
    # ... and its row is selected, so "Delete selected…" acts on it
    seq = demo_host.engine.db.read_value("SELECT seq FROM fact_events WHERE event_id = ?", (event_id,))
    qtbot.waitUntil(lambda: w.timeline.selected_seqs() == [seq], timeout=10_000)
    assert w.timeline.delete_button.isEnabled()
    # even when the current filter hides it: the filters are cleared first
    from ui.timeline_query import TimelineFilter

    w.timeline.set_filter(TimelineFilter(text="zzzz-nothing-matches"))
    wait_idle(qtbot, w.timeline)
    w.summaries.event_requested.emit(event_id)
    qtbot.waitUntil(lambda: w.timeline.selected_seqs() == [seq], timeout=10_000)


def test_pause_capture_from_the_tray_menu(qtbot, demo_host) -> None:
    w = _window(qtbot, demo_host)
    tray = Tray(w)
    assert [a.text() for a in tray.menu.actions() if a.text()] == ["Open Magi", "Pause memory capture", "Quit"]
    tray.pause_action.setChecked(True)
    assert demo_host.engine.capture_enabled is False
    assert w.pause_action.isChecked()
    qtbot.waitUntil(lambda: "paused" in w.capture_label.text(), timeout=5000)
    result = demo_host.engine.ingest_payloads([chat("s", "user", "not remembered", UI_NOW, "p1")])
    assert result.ingested == 0 and result.rejected[0].error == "memory capture is paused"
    w.pause_action.setChecked(False)
    assert demo_host.engine.capture_enabled is True and not tray.pause_action.isChecked()
    w.hide_on_close = True
    w.close()
    assert not w.isVisible()
    tray.show_window()
    assert w.isVisible()


def test_settings_persist_and_never_show_the_key(qtbot, tmp_path) -> None:
    store = QSettings(str(tmp_path / "magi.ini"), QSettings.Format.IniFormat)
    data = tmp_path / "data"
    s = AppSettings(data_dir=data, chat_provider="openai_compat", openai_base_url="http://127.0.0.1:8080/v1",
                    openai_model="qwen2.5", tier_models={"FAST_CLASSIFY": "small"}, capture_enabled=False,
                    offline_only=True)
    s.save(store)
    back = AppSettings.load(store)
    assert back == s
    cfg = back.to_memory_config()
    assert cfg.providers.offline_only and cfg.providers.tier_models == {"FAST_CLASSIFY": "small"}
    assert not cfg.capture_enabled

    dialog = SettingsDialog(back, store=store)
    qtbot.addWidget(dialog)
    assert dialog.api_key.echoMode() == QLineEdit.EchoMode.Password
    assert dialog.api_key.text() == "" and dialog.key_status.text() == "no key stored"
    secret = "sk-test-0123456789abcdef"
    dialog.key_provider.setCurrentText("dashscope")
    dialog.api_key.setText(secret)
    dialog.accept()
    assert dialog.api_key.text() == ""  # the typed key leaves the widget once stored
    again = SettingsDialog(AppSettings.load(store), store=store)
    qtbot.addWidget(again)
    again.key_provider.setCurrentText("dashscope")
    assert again.api_key.text() == ""
    assert again.key_status.text().startswith("a key is stored")
    for f in [tmp_path / "magi.ini", data / "config.json"]:
        assert secret not in f.read_text(encoding="utf-8")
    key_file = data / "secrets" / "dashscope.key"
    if key_file.exists():  # no keyring here: the 0600 file backend
        assert (key_file.stat().st_mode & 0o777) == 0o600


def _write_jsonl(path: Path, n: int) -> Path:
    with open(path, "w", encoding="utf-8") as fh:
        for p in generate_payloads(n, start=UI_NOW - 30 * 86400, seed=11):
            fh.write(json.dumps(p, ensure_ascii=False) + "\n")
        fh.write("{not json\n")
        fh.write(json.dumps({"type": "chat", "session_id": "x", "role": "robot", "content": "hi",
                             "occurred_at": UI_NOW}) + "\n")
    return path


def test_ingest_file_job_progress_and_rejections(qtbot, empty_host, tmp_path) -> None:
    path = _write_jsonl(tmp_path / "in.jsonl", 3000)
    job = BackgroundJob("ingest", ingest_file_job(empty_host.engine, str(path)))
    seen = []
    job.progressed.connect(lambda d, t, m: seen.append((d, t)))
    with qtbot.waitSignal(job.finished, timeout=60_000) as sig:
        job.start()
    report = sig.args[0]
    assert report["ingested"] == 3000
    assert [(r["line"], r["field"]) for r in report["rejected"]] == [(3001, "<json>"), (3002, "role")]
    assert seen and seen[-1][0] == seen[-1][1]
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:]))


def test_ingest_file_job_keeps_every_good_line_around_bad_bytes(qtbot, empty_host, tmp_path) -> None:
    """File → Ingest: an invalid UTF-8 byte, a lone surrogate or 100k nested brackets reject
    their own line; the lines after them are still ingested (they used to end the import)."""
    path = _write_jsonl(tmp_path / "in.jsonl", 300)
    lines = path.read_bytes().splitlines()
    lines[10] = lines[10][:-5] + b"\xff" + lines[10][-5:]
    lines[20] = lines[20].replace(b"{", b'{"note": "\\ud800", ', 1)
    lines[30] = b"[" * 100_000 + b"]" * 100_000
    path.write_bytes(b"\n".join(lines) + b"\n")
    job = BackgroundJob("ingest", ingest_file_job(empty_host.engine, str(path)))
    with qtbot.waitSignal(job.finished, timeout=60_000) as sig:
        job.start()
    report = sig.args[0]
    rejected = {r["line"]: r["field"] for r in report["rejected"]}
    assert rejected.get(11) == "<utf-8>" and rejected.get(21) == "note" and rejected.get(31) == "<json>"
    assert report["ingested"] == 300 - 3


def test_window_file_ingest_shows_events_arriving(qtbot, empty_host, tmp_path) -> None:
    """The open timeline reloads while a file is ingested, not only when the job is done."""
    from magi_desktop.main_window import MainWindow
    from magi_desktop.settings import AppSettings

    path = _write_jsonl(tmp_path / "in.jsonl", 20_000)
    window = MainWindow(empty_host, AppSettings(data_dir=tmp_path))
    qtbot.addWidget(window)
    window.show()
    window.tabs.setCurrentWidget(window.timeline)
    seen: list[tuple[bool, int]] = []
    job = window.ingest_file(str(path))
    window.timeline.loaded.connect(lambda: seen.append((job.done.is_set(), window.timeline.model.rowCount())))
    qtbot.waitUntil(job.done.is_set, timeout=120_000)
    assert job.result["ingested"] == 20_000
    assert any(not done and 0 < n < 20_000 for done, n in seen), seen
    qtbot.waitUntil(lambda: window.timeline.model.rowCount() == 20_000, timeout=10_000)


def test_cancel_ingest_keeps_whole_batches_only(qtbot, empty_host, tmp_path) -> None:
    path = _write_jsonl(tmp_path / "big.jsonl", 20_000)
    job = BackgroundJob("ingest", ingest_file_job(empty_host.engine, str(path), batch_lines=500))
    job.progressed.connect(lambda d, t, m: job.cancel())
    with qtbot.waitSignal(job.cancelled_signal, timeout=60_000) as sig:
        job.start()
    partial = sig.args[0]
    n = empty_host.engine.db.read_value("SELECT count(*) FROM fact_events")
    assert job.was_cancelled and 0 < n < 20_000
    assert n == partial["ingested"] and n % 500 == 0


def test_reembed_job_reports_progress(qtbot, demo_host) -> None:
    engine = demo_host.engine
    job = BackgroundJob("re-embed", reembed_job(engine))
    with qtbot.waitSignal(job.finished, timeout=60_000) as sig:
        job.start()
    n = engine.db.read_value("SELECT count(*) FROM fact_events")
    assert sig.args[0] == {"embedded": n, "total": n}
    assert engine.db.read_value("SELECT count(*) FROM fact_events WHERE embedding_state = 'done'") == n


def test_export_import_round_trip_through_the_window(qtbot, demo_host, host_on, tmp_path) -> None:
    engine = demo_host.engine
    victim = engine.list_events(limit=1)[0]
    engine.delete_events([victim.event_id])
    w = _window(qtbot, demo_host)
    out = tmp_path / "export.json"
    job = w.export_to(str(out))
    qtbot.waitUntil(job.done.is_set, timeout=30_000)
    assert job.error is None and out.exists() and (out.stat().st_mode & 0o777) == 0o600
    doc = json.loads(out.read_text(encoding="utf-8"))
    n = engine.db.read_value("SELECT count(*) FROM fact_events")
    assert doc["format"] == "magi-memory-export" and len(doc["events"]) == n and len(doc["tombstones"]) == 1
    # replay into the same memory: nothing new
    job = w.import_from(str(out))
    qtbot.waitUntil(job.done.is_set, timeout=30_000)
    assert job.result["ingested"] == 0 and job.result["duplicates"] == n
    assert engine.db.read_value("SELECT count(*) FROM fact_events") == n
    # into a fresh memory: the same events, classified the same way; the deleted one stays deleted
    fresh = host_on(tmp_path / "fresh" / "memory.db")
    w2 = _window(qtbot, fresh)
    job = w2.import_from(str(out))
    qtbot.waitUntil(job.done.is_set, timeout=60_000)
    assert job.result["ingested"] == n and job.result["reclassified"] == 0 and not job.result["rejected"]
    q = ("SELECT source, event_type, idempotency_key, content, evidence_class, l1_retrieval_scope, "
         "occurred_at, author_type, session_id FROM fact_events ORDER BY 1, 2, 3")
    assert fresh.engine.db.read_all(q) == engine.db.read_all(q)
    replay = fresh.engine.ingest_payloads([json.loads(out.read_text())["events"][0]["payload"]])
    assert replay.ingested == 0
    assert fresh.engine.db.read_value("SELECT count(*) FROM deletion_tombstones") == 1
    os.remove(out)


def test_cancelled_export_leaves_no_file(qtbot, big_host, tmp_path) -> None:
    from magi_desktop.memory_export import export_memory

    out = tmp_path / "x.json"
    job = BackgroundJob("export", lambda progress, cancelled: export_memory(
        big_host.engine, out, progress=progress, cancelled=cancelled))
    job.progressed.connect(lambda d, t, m: job.cancel())
    with qtbot.waitSignal(job.cancelled_signal, timeout=60_000):
        job.start()
    assert not out.exists() and not list(tmp_path.glob("*.partial"))


@pytest.mark.parametrize("bad, field", [("[]", "format"), ('{"format": "magi-memory-export", "version": 9}', "version"),
                                        ("{oops", "not JSON")])
def test_import_rejects_foreign_files_naming_the_field(empty_host, tmp_path, bad, field) -> None:
    from magi_desktop.memory_export import ExportFormatError, import_memory

    p = tmp_path / "bad.json"
    p.write_text(bad, encoding="utf-8")
    with pytest.raises(ExportFormatError, match=field):
        import_memory(empty_host.engine, p)


def test_corrections_survive_export_and_import(qtbot, demo_host, host_on, tmp_path) -> None:
    """"This is wrong" is not derivable from events: the export carries it and the import re-applies it."""
    engine = demo_host.engine
    target = engine.db.read_one(
        "SELECT a.assertion_id, a.trait, a.value FROM tom_trait_assertions a JOIN entity_catalog e "
        "ON e.entity_id = a.entity_id WHERE e.is_user = 1 AND a.status IN ('tentative', 'corroborated', 'stable') "
        "LIMIT 1")
    assert target is not None
    engine.components["l2"].deny_assertion(target["assertion_id"])
    w = _window(qtbot, demo_host)
    out = tmp_path / "export.json"
    job = w.export_to(str(out))
    qtbot.waitUntil(job.done.is_set, timeout=30_000)
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert [(c["kind"], c["trait"], c["value"]) for c in doc["corrections"]] == [
        ("assertion", target["trait"], target["value"])]
    fresh = host_on(tmp_path / "fresh" / "memory.db")
    w2 = _window(qtbot, fresh)
    job = w2.import_from(str(out))
    qtbot.waitUntil(job.done.is_set, timeout=120_000)
    assert job.error is None, job.error
    assert job.result["corrections_reapplied"]["applied"] == 1, job.result["corrections_reapplied"]
    status = fresh.engine.db.read_value(
        "SELECT a.status FROM tom_trait_assertions a JOIN entity_catalog e ON e.entity_id = a.entity_id "
        "WHERE e.is_user = 1 AND a.trait = ? AND a.value = ?", (target["trait"], target["value"]))
    assert status == "user_denied"


def _bench_file() -> Path | None:
    for base in (Path(__file__).resolve().parents[3] / "shared" / "bench", Path("/work/shared/bench")):
        f = base / "longmemeval_s_3q_sample.json"
        if f.exists():
            return f
    return None


@pytest.mark.slow
def test_eval_job_runs_with_progress_and_cancels(qtbot, tmp_path) -> None:
    from magi_desktop.jobs import eval_job

    data = _bench_file()
    if data is None:
        pytest.skip("no ../shared/bench/longmemeval_s_3q_sample.json here")
    job = BackgroundJob("eval", eval_job(str(data), limit=1, json_out=str(tmp_path / "e.json")))
    with qtbot.waitSignal(job.finished, timeout=300_000) as sig:
        job.start()
    assert sig.args[0]["questions"] == 1 and "session_recall@5" in sig.args[0]["overall"]
    job = BackgroundJob("eval", eval_job(str(data), limit=3))
    job.start()
    job.cancel()  # before the child has printed anything: the watcher terminates it
    started = time.perf_counter()
    qtbot.waitUntil(job.done.is_set, timeout=30_000)
    assert job.was_cancelled and time.perf_counter() - started < 15


def test_a_panels_failed_call_reaches_the_status_bar(qtbot, demo_host) -> None:
    w = _window(qtbot, demo_host)

    def fail() -> None:
        raise RuntimeError("no edge e-123 (deleted meanwhile)")

    w.entities.call(fail)
    qtbot.waitUntil(lambda: "no edge e-123" in w.last_panel_error, timeout=10_000)
    assert "no edge e-123" in w.statusBar().currentMessage()
    assert w.last_panel_error.startswith(w.entities.title)


def test_a_failed_call_is_said_in_the_panel_itself(qtbot, demo_host) -> None:
    """Panel errors reached only the log (then only the status bar, for 15 s): the panel shows
    them in a message bar above its content until dismissed."""
    w = _window(qtbot, demo_host)
    w.tabs.setCurrentWidget(w.entities)

    def fail() -> None:
        raise KeyError("no edge e-123")

    w.entities.call(fail)
    qtbot.waitUntil(lambda: w.entities.message_bar.isVisible(), timeout=10_000)
    assert "no edge e-123" in w.entities.message_bar.text()
    assert w.entities.layout().indexOf(w.entities.message_bar) == 0
    w.entities.message_bar.linkActivated.emit("dismiss")
    assert not w.entities.message_bar.isVisible()


def test_first_run_hint_and_background_work_in_the_status_bar(qtbot, empty_host) -> None:
    """An empty memory gave no hint of Memory → "Load the demo sample"; after an import L2
    worked for seconds with no progress shown, and the awaiting-embedding count lagged."""
    from tests.helpers import T0, chat

    w = _window(qtbot, empty_host)
    assert "Load the demo sample" in w.count_label.text()
    assert "Load the demo sample" in w.chat.view.toPlainText()
    engine = empty_host.engine
    engine.ingest_payloads([chat("s", "user", f"I moved to Jiaxing in spring, note {i}", T0 + i, f"m{i}")
                            for i in range(12)])
    qtbot.waitUntil(lambda: "awaiting L2" in w.count_label.text(), timeout=10_000)
    waiting = engine.db.read_value("SELECT count(*) FROM l2_projection_jobs WHERE state IN ('pending', 'running')")
    assert waiting and f"{waiting:,} awaiting L2" in w.count_label.text()
    assert "Load the demo sample" not in w.count_label.text() and "awaiting embedding" in w.count_label.text()
    assert w._status_timer.interval() < 5000  # busy: the counts follow the queue closely
    engine.run_until_idle()  # L2 drains (the test host's embedder stays paused)
    qtbot.waitUntil(lambda: "awaiting L2" not in w.count_label.text(), timeout=10_000)
