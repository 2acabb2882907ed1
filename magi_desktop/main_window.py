"""The memory inspector window: the panels as tabs, menus, and a status bar that tells the truth.

The status bar always shows: whether the engine is open, how many events memory holds, whether
capture is paused, whether the app is offline (no network call possible) and the progress of
background work with a Cancel button. Panels talk to each other only through signals wired
here (a chat finding opens in the timeline, a timeline search opens in the trace view).
"""

from __future__ import annotations

import logging
from importlib import resources
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QIcon
from PySide6.QtWidgets import (QFileDialog, QLabel, QMainWindow, QMessageBox, QStatusBar,
                               QTabWidget, QWidget)

from memory_core.purge import describe as describe_purge
from memory_core.purge import status as purge_status
from ui.chat import ChatPanel
from ui.entity_graph import EntityGraphPanel
from ui.jobs_bar import JobsBar
from ui.ledger import LedgerPanel, offline_state
from ui.panel import Panel
from ui.retrieval_trace import RetrievalTracePanel
from ui.review_inbox import ReviewInboxPanel
from ui.skills import SkillsPanel
from ui.summaries import SummariesPanel
from ui.timeline import TimelinePanel

from .engine_host import EngineHost
from .jobs import BackgroundJob, JobFn, eval_job, ingest_file_job, reembed_job
from .memory_export import export_memory, import_memory, reapply_corrections
from .settings import AppSettings

log = logging.getLogger(__name__)

#: the status bar re-reads its counts this often while background work is left, and when idle
STATUS_BUSY_MS = 1500
STATUS_IDLE_MS = 5000


def app_icon() -> QIcon:
    icon = QIcon()
    base = resources.files("magi_desktop.resources")
    for size in (16, 32, 64, 128, 256):
        ref = base.joinpath(f"magi-{size}.png")
        if ref.is_file():
            with resources.as_file(ref) as p:
                icon.addFile(str(p))
    return icon


def _set_text(label: QLabel, text: str) -> None:
    """Set a label only when its text changes (a rich-text label re-lays out the status bar)."""
    if label.text() != text:
        label.setText(text)


class MainWindow(QMainWindow):
    capture_toggled = Signal(bool)

    def __init__(self, host: EngineHost, settings: AppSettings | None = None, *,
                 hide_on_close: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.settings = settings or AppSettings()
        self.hide_on_close = hide_on_close
        self.jobs: list[BackgroundJob] = []
        self.setWindowTitle("Magi — memory inspector")
        self.setWindowIcon(app_icon())
        self.resize(1400, 860)

        self.timeline = TimelinePanel(host)
        self.entities = EntityGraphPanel(host)
        self.summaries = SummariesPanel(host)
        self.skills = SkillsPanel(host)
        self.chat = ChatPanel(host)
        self.trace = RetrievalTracePanel(host)
        self.review = ReviewInboxPanel(host)
        self.ledger = LedgerPanel(host)
        self.last_panel_error = ""
        self.panels: list[Panel] = [self.chat, self.timeline, self.entities, self.summaries, self.skills,
                                    self.trace, self.review, self.ledger]
        self.tabs = QTabWidget()
        for p in self.panels:
            self.tabs.addTab(p, p.title)
        self.setCentralWidget(self.tabs)

        for p in (self.entities, self.summaries, self.skills, self.chat, self.trace, self.review):
            p.event_requested.connect(self.open_event)
        for p in self.panels:  # a panel's failed call reaches the user, not only the log
            p.error_changed.connect(lambda error, panel=p: self.show_panel_error(panel, error))
        self.tabs.currentChanged.connect(self._clear_error_mark)
        self.timeline.trace_requested.connect(self.open_trace_text)
        self.chat.trace_requested.connect(self.open_trace_answer)

        self.engine_label = QLabel("opening memory…")
        self.count_label = QLabel("")
        for label in (self.engine_label, self.count_label):
            # a label's text width must never become the window's minimum width: a longer count
            # or path would grow the window and re-lay out and repaint all of it
            label.setMinimumWidth(1)
        self.capture_label = QLabel("")
        self.offline_label = QLabel("")
        self.jobs_bar = JobsBar()
        bar = QStatusBar()
        bar.addWidget(self.engine_label)
        bar.addWidget(self.count_label)
        bar.addWidget(self.jobs_bar, 1)
        bar.addPermanentWidget(self.capture_label)
        bar.addPermanentWidget(self.offline_label)
        self.setStatusBar(bar)
        self._build_menus()

        host.ready.connect(self._ready)
        host.failed.connect(self._failed)
        self._status_soon = QTimer(self, singleShot=True, interval=1000)
        self._status_soon.timeout.connect(self.refresh_status)
        # coalesced: a burst of ingests refreshes the status bar about once a second
        host.memory_changed.connect(lambda _w: self._status_soon.isActive() or self._status_soon.start())
        self._status_timer = QTimer(self, interval=STATUS_IDLE_MS)
        self._status_timer.timeout.connect(self.refresh_status)
        if host.is_ready:
            self._ready()

    def show_panel_error(self, panel: Panel, error: str) -> None:
        """A panel's background call failed: say so in the status bar (for 15 s) with the panel's
        name; the tab title gets a marker until the panel is shown again."""
        self.last_panel_error = f"{panel.title}: {error}"
        self.statusBar().showMessage(f"⚠ {self.last_panel_error}", 15_000)
        i = self.tabs.indexOf(panel)
        if i >= 0 and self.tabs.currentIndex() != i:
            self.tabs.setTabText(i, f"{panel.title} ⚠")

    def _clear_error_mark(self, index: int) -> None:
        """A marked tab loses its mark when it is shown."""
        panel = self.tabs.widget(index)
        if isinstance(panel, Panel):
            self.tabs.setTabText(index, panel.title)

    # -- menus ---------------------------------------------------------------------------------

    def _build_menus(self) -> None:
        m = self.menuBar().addMenu("&File")
        self._action(m, "Ingest a JSONL file…", self.choose_ingest_file)
        self._action(m, "Export memory…", self.choose_export)
        self._action(m, "Import memory…", self.choose_import)
        m.addSeparator()
        self._action(m, "Settings…", self.open_settings)
        m.addSeparator()
        self._action(m, "Quit", self._quit)
        mem = self.menuBar().addMenu("&Memory")
        self.pause_action = QAction("Pause memory capture", self, checkable=True)
        self.pause_action.toggled.connect(lambda paused: self.set_capture(not paused))
        mem.addAction(self.pause_action)
        self._action(mem, "Re-embed all events", self.start_reembed)
        self._action(mem, "Run the retrieval eval (LongMemEval)…", self.choose_eval)
        self._action(mem, "Load the demo sample", self.load_demo_sample)
        self._action(mem, "Run background work now", self.run_background_now)

    def _action(self, menu: Any, text: str, fn: Callable[[], None]) -> QAction:
        a = QAction(text, self)
        a.triggered.connect(lambda _c=False: fn())
        menu.addAction(a)
        return a

    # -- engine state --------------------------------------------------------------------------

    def _ready(self) -> None:
        engine = self.host.engine
        self.engine_label.setText(f"memory: {Path(engine.db.path).name}")
        self.engine_label.setToolTip(str(engine.db.path))
        self.pause_action.blockSignals(True)
        self.pause_action.setChecked(not engine.capture_enabled)
        self.pause_action.blockSignals(False)
        self._status_timer.start()
        self.refresh_status()

    def _failed(self, error: str) -> None:
        self.engine_label.setText(f"<span style='color:#a33'>memory failed to open: {error}</span>")
        self.engine_label.setToolTip(error)

    def refresh_status(self) -> None:
        if not self.host.is_ready:
            return

        def work() -> dict[str, Any]:
            from memory_core.l1.embedding_worker import EMBEDDING_QUEUE  # counts owed events too

            engine = self.host.engine
            conn = engine.db.reader()
            l2 = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'l2_projection_jobs'").fetchone()
            return {"events": conn.execute("SELECT count(*) FROM fact_events").fetchone()[0],
                    "pending_embeddings": EMBEDDING_QUEUE.counts(conn)["pending"],
                    # L2's backlog: after an import it works for a while with nothing else shown
                    "pending_l2": conn.execute("SELECT count(*) FROM l2_projection_jobs "
                                               "WHERE state IN ('pending', 'running')").fetchone()[0] if l2 else 0,
                    "offline": offline_state(engine), "capture": engine.capture_enabled,
                    "purge": purge_status(conn)}

        self.host.call(work, on_done=self._status, receiver=self)

    def _status(self, s: dict[str, Any]) -> None:
        pending = f" · {s['pending_embeddings']:,} awaiting embedding" if s["pending_embeddings"] else ""
        if s.get("pending_l2"):
            pending += f" · {s['pending_l2']:,} awaiting L2 (entities, relations)"
        # while background work is left the counts are re-read often, so they follow the queue
        # (every 5 s they lagged behind it); idle, every 5 s is enough
        busy = bool(s["pending_embeddings"] or s.get("pending_l2"))
        interval = STATUS_BUSY_MS if busy else STATUS_IDLE_MS
        if self._status_timer.interval() != interval:
            self._status_timer.setInterval(interval)
        purge = s.get("purge")
        if purge is not None and purge.pending:
            pending += " · <b style='color:#b35c00'>purge of deleted text pending</b>"
        # a new user's empty memory says where to start (the menus are the only other hint)
        first_run = " — empty: try Memory → “Load the demo sample”" if not s["events"] else ""
        _set_text(self.count_label, f"{s['events']:,} events{first_run}{pending}")
        self.chat.set_memory_empty(not s["events"])
        self.count_label.setToolTip(describe_purge(purge) if purge is not None and purge.pending else "")
        _set_text(self.capture_label, "<b style='color:#b35c00'>⏸ capture paused</b>" if not s["capture"]
                  else "● capturing")
        off = s["offline"]
        if off["offline_only"] or not off["network_possible"]:
            _set_text(self.offline_label, "<b style='color:#1e7b34'>● offline — no network calls</b>")
        else:
            _set_text(self.offline_label, f"<b style='color:#b35c00'>● online ({off['chat_provider']})</b>")
        self.offline_label.setToolTip("\n".join(off.get("notes") or []) or "")

    def set_capture(self, enabled: bool) -> None:
        """Pause / resume capture (persisted; the tray menu calls this too)."""
        if self.host.engine is not None:
            self.host.engine.capture_enabled = enabled
        self.settings.capture_enabled = enabled
        try:
            self.settings.save()
        except OSError as exc:
            log.warning("could not save settings: %s", exc)
        self.pause_action.blockSignals(True)
        self.pause_action.setChecked(not enabled)
        self.pause_action.blockSignals(False)
        self.capture_toggled.emit(enabled)
        self.refresh_status()

    # -- navigation between panels -------------------------------------------------------------

    def open_event(self, event_id: str) -> None:
        self.tabs.setCurrentWidget(self.timeline)
        self.timeline.show_event(event_id)

    def open_trace_text(self, text: str) -> None:
        self.tabs.setCurrentWidget(self.trace)
        if text.strip():
            self.trace.trace(text)

    def open_trace_answer(self, answer: Any) -> None:
        self.tabs.setCurrentWidget(self.trace)
        self.trace.show_answer(answer)

    # -- background work -----------------------------------------------------------------------

    def start_job(self, name: str, fn: JobFn, *, describe: Callable[[Any], str] | None = None) -> BackgroundJob:
        job = BackgroundJob(name, fn, parent=self)
        self.jobs.append(job)
        self.jobs_bar.add(job, describe=describe)
        job.finished.connect(lambda _r: self.host.notify_changed("imported"))
        job.cancelled_signal.connect(lambda _r: self.host.notify_changed("imported"))
        job.start()
        return job

    def ingest_file(self, path: str) -> BackgroundJob:
        return self.start_job("ingest", ingest_file_job(self.host.engine, path,
                                                        on_batch=lambda: self.host.notify_changed("events")),
                              describe=lambda r: f"{r['ingested']:,} ingested, {r['duplicates']:,} duplicates, "
                                                 f"{len(r['rejected'])} rejected")

    def export_to(self, path: str) -> BackgroundJob:
        engine = self.host.engine
        return self.start_job("export", lambda progress, cancelled: export_memory(
            engine, path, progress=progress, cancelled=cancelled),
            describe=lambda r: f"{r['events']:,} events → {Path(r.get('path', path)).name}")

    def import_from(self, path: str) -> BackgroundJob:
        engine = self.host.engine

        def run(progress: Any, cancelled: Any) -> dict[str, Any]:
            report = import_memory(engine, path, progress=progress, cancelled=cancelled)
            if report["corrections"]:
                # the user's "this is wrong" decisions apply to rows L2 derives from the events
                progress(report["events"], report["events"], "deriving, then re-applying corrections…")
                engine.run_until_idle()
                report["corrections_reapplied"] = reapply_corrections(engine, report["corrections"])
            return report

        return self.start_job("import", run, describe=lambda r: (
            f"{r['ingested']:,} new, {r['duplicates']:,} already present, {len(r['rejected'])} rejected"
            + (f", {r['corrections_reapplied']['applied'] + r['corrections_reapplied']['already']} of "
               f"{len(r['corrections'])} corrections applied" if r.get("corrections_reapplied") else "")))

    def start_reembed(self) -> BackgroundJob | None:
        if not self.host.is_ready:
            return None
        return self.start_job("re-embed", reembed_job(self.host.engine),
                              describe=lambda r: f"{r['embedded']:,} of {r['total']:,} embedded")

    def run_eval(self, dataset: str, *, limit: int | None = None) -> BackgroundJob:
        def describe(r: dict[str, Any]) -> str:
            o = r.get("overall", {})
            return (f"{r['questions']} questions, session R@5 {o.get('session_recall@5', '?')}, "
                    f"turn R@5 {o.get('turn_recall@5', '?')} → {r['path']}")

        return self.start_job("eval", eval_job(dataset, limit=limit), describe=describe)

    def choose_eval(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        path, _ = QFileDialog.getOpenFileName(self, "LongMemEval data", "", "JSON (*.json)")
        if not path:
            return
        limit, ok = QInputDialog.getInt(self, "Retrieval eval", "Questions to ask (0 = all):", 20, 0, 100_000)
        if ok:
            self.run_eval(path, limit=limit or None)

    def load_demo_sample(self) -> BackgroundJob | None:
        if not self.host.is_ready:
            return None
        ref = resources.files("memory_core.resources").joinpath("sample_memory.jsonl")
        with resources.as_file(ref) as p:
            return self.ingest_file(str(p))

    def run_background_now(self) -> None:
        """Drain every worker (embeddings, L2 projection, summaries) now, off the UI thread."""
        if self.host.is_ready:
            self.host.submit(lambda engine: engine.drain(),
                             on_done=lambda _r: self.host.notify_changed("imported"), receiver=self)

    def choose_ingest_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Ingest events", "", "JSON lines (*.jsonl *.ndjson);;All (*)")
        if path:
            self.ingest_file(path)

    def choose_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export memory", "magi-memory.json", "JSON (*.json)")
        if path:
            self.export_to(path)

    def choose_import(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import memory", "", "JSON (*.json)")
        if path:
            self.import_from(path)

    def open_settings(self) -> None:
        from .settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        if dialog.exec():
            old = self.settings
            self.settings = dialog.settings
            self.set_capture(self.settings.capture_enabled)
            if (old.data_dir != self.settings.data_dir or old.offline_only != self.settings.offline_only
                    or old.chat_provider != self.settings.chat_provider
                    or old.embedding_provider != self.settings.embedding_provider):
                QMessageBox.information(self, "Settings saved",
                                        "Provider and data-folder changes take effect after a restart.")

    # -- closing -------------------------------------------------------------------------------

    def _quit(self) -> None:
        self.hide_on_close = False
        self.close()
        from PySide6.QtWidgets import QApplication

        QApplication.quit()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if self.hide_on_close:
            event.ignore()
            self.hide()
            return
        for job in self.jobs:
            job.cancel()
        super().closeEvent(event)
