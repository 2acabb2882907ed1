"""Panel 5, chat: talk to the agent; every answer links to the findings (events) it used.

Messages render as HTML in a QTextBrowser; a finding link (``event:<id>``) opens the event in
the L1 timeline, ``trace:<n>`` opens answer n's retrieval trace. The agent runs on the engine
host's loop, so a slow provider never freezes the window; while it works the input is disabled
and the status line says so.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QTextBrowser,
                               QVBoxLayout, QWidget)

from magi_desktop.agent import AgentAnswer
from magi_desktop.answer_template import answer_language, finding_words
from magi_desktop.engine_host import EngineHost
from memory_core.ids import new_ulid
from memory_core.policy import Tier

from .panel import Panel
from .widgets.formatting import one_line, ts

_STRENGTH_BADGE = {"strong": ("#1e7b34", "strong evidence"), "moderate": ("#8a6d00", "moderate evidence"),
                   "weak": ("#b35c00", "weak evidence"), "none": ("#a33", "no evidence")}


class ChatPanel(Panel):
    title = "Chat"
    event_requested = Signal(str)
    trace_requested = Signal(object)  # an AgentAnswer
    answered = Signal(object)

    def __init__(self, host: EngineHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.session_id: str | None = None
        self.answers: list[AgentAnswer] = []
        self._html: list[str] = []
        self._memory_empty = False
        self.view = QTextBrowser()
        self.view.setOpenLinks(False)
        self.view.anchorClicked.connect(self._link)
        self.input = QPlainTextEdit()
        self.input.setPlaceholderText("Ask about anything you told me or did… (Ctrl+Enter to send)")
        self.input.setFixedHeight(70)
        self.send_button = QPushButton("Send")
        self.send_button.clicked.connect(self.send)
        QShortcut(QKeySequence("Ctrl+Return"), self.input, activated=self.send)
        self.status = QLabel("")
        self.mode_label = QLabel("")
        row = QHBoxLayout()
        row.addWidget(self.input, 1)
        row.addWidget(self.send_button)
        foot = QHBoxLayout()
        foot.addWidget(self.status, 1)
        foot.addWidget(self.mode_label)
        lay = QVBoxLayout(self)
        lay.addWidget(self.view, 1)
        lay.addLayout(row)
        lay.addLayout(foot)
        self._render()

    def reload(self) -> None:
        if self.session_id is None and self.host.is_ready:
            # one conversation per window: its messages share a session in memory
            self.session_id = f"desktop-{new_ulid(self.host.engine.clock.now())}"
        self._update_mode()
        self.loaded.emit()

    def llm_available(self) -> bool:
        return bool(self.host.is_ready and self.host.engine.providers.chat.available(Tier.CORE_REASONING))

    def _update_mode(self) -> None:
        if not self.host.is_ready:
            return
        if self.llm_available():
            self.mode_label.setText("answering with the configured LLM + memory_query")
        else:
            self.mode_label.setText("offline: templated answers from memory_query findings")

    def send(self, text: str | None = None) -> None:
        message = (text if isinstance(text, str) else self.input.toPlainText()).strip()
        if not message or not self.host.is_ready:
            return
        if self.session_id is None:
            self.reload()
        session = self.session_id
        self.input.clear()
        self.input.setEnabled(False)
        self.send_button.setEnabled(False)
        self.status.setText("thinking…")
        self._html.append(_bubble("you", html.escape(message).replace("\n", "<br>"), "#e8f0fe", right=True))
        self._render()
        self.submit(lambda engine: engine.ask(session, message), on_done=self._answered, on_error=self._failed)

    def _answered(self, answer: AgentAnswer) -> None:
        self.answers.append(answer)
        n = len(self.answers)
        colour, label = _STRENGTH_BADGE.get(answer.strength, ("#555", answer.strength))
        body = html.escape(answer.text).replace("\n", "<br>")
        links = []
        lang = answer_language(answer.question)
        for i, f in enumerate(answer.findings[:8], start=1):
            links.append(f"<a href='event:{f.get('event_id')}'>[{i}] {html.escape(ts(f.get('occurred_at')))} "
                         f"{html.escape(one_line(finding_words(f, lang), 70))}</a>")
        extra = len([e for e in answer.finding_ids if e not in {f.get('event_id') for f in answer.findings}])
        if extra:
            links.append(f"<span style='color:#666'>+ {extra} more evidence event(s) behind these findings "
                         "(see the trace)</span>")
        meta = (f"<span style='color:{colour}'>● {label}</span> · mode {html.escape(str(answer.query_mode))} · "
                f"{'LLM' if answer.used_llm else 'offline template'} · <a href='trace:{n - 1}'>show trace</a>")
        notes = "".join(f"<br><i style='color:#a33'>{html.escape(x)}</i>" for x in answer.notes)
        findings_html = ("<br><small><b>Findings used:</b><br>" + "<br>".join(links) + "</small>") if links else ""
        self._html.append(_bubble("Magi", f"{body}{findings_html}<br><small>{meta}</small>{notes}", "#f4f4f4"))
        self._render()
        self._done()
        self.host.notify_changed("events")
        self.answered.emit(answer)

    def _failed(self, exc: BaseException) -> None:
        self._html.append(_bubble("Magi", f"<span style='color:#a33'>Could not answer: "
                                          f"{html.escape(str(exc))}</span>", "#fbeaea"))
        self._render()
        self._done()

    def _done(self) -> None:
        self.input.setEnabled(True)
        self.send_button.setEnabled(True)
        self.status.setText("")
        self.input.setFocus()
        self._update_mode()

    def set_memory_empty(self, empty: bool) -> None:
        """The main window tells the chat whether memory holds anything (first-run hint)."""
        if empty != self._memory_empty:
            self._memory_empty = empty
            if not self._html:
                self._render()

    def _render(self) -> None:
        if not self._html:
            hint = ("<p style='color:#555; padding:0 20px'><b>Memory is empty.</b> To see what Magi does, "
                    "load the bundled example: menu <b>Memory → “Load the demo sample”</b> (or File → "
                    "“Ingest a JSONL file…”). Then ask, for example, “Where do I live now?”</p>"
                    if self._memory_empty else "")
            self.view.setHtml("<p style='color:#777; padding:20px'>Ask me something — I answer from "
                              "your memory and show which events each answer rests on.</p>" + hint)
            return
        self.view.setHtml("".join(self._html))
        bar = self.view.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _link(self, url: QUrl) -> None:
        target = url.toString()
        kind, _, value = target.partition(":")
        if kind == "event":
            self.event_requested.emit(value)
        elif kind == "trace" and value.isdigit() and int(value) < len(self.answers):
            self.trace_requested.emit(self.answers[int(value)])


def _bubble(who: str, body: str, colour: str, *, right: bool = False) -> str:
    align = "right" if right else "left"
    return (f"<table width='100%' cellspacing=4><tr><td align='{align}'>"
            f"<table cellpadding=8 style='background:{colour}'><tr><td>"
            f"<b>{html.escape(who)}</b><br>{body}</td></tr></table></td></tr></table>")
