"""The base of every inspector panel: off-thread calls, reload on memory changes, idle tracking.

``Panel.call`` runs a function on the engine host's reader pool and delivers the result on the UI
thread; ``idle`` is true when no call of this panel is in flight (tests wait on it instead of
sleeping). A change notification from the host (ingest, delete, import) schedules one reload,
coalesced over 300 ms so a burst of ingests does not reload a panel a hundred times.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable

import html

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QBoxLayout, QLabel, QWidget

from magi_desktop.engine_host import EngineHost

log = logging.getLogger(__name__)

#: automatic reloads (after ingests, background work) are at least this far apart
MIN_AUTO_RELOAD_S = 1.0


class Panel(QWidget):
    title = "panel"
    #: reload (when visible) after changes made by the engine's background work
    reload_on_background = False
    #: a human-readable error from the last failed call ('' when fine)
    error_changed = Signal(str)
    #: emitted after a reload finished (tests and the screenshot tool wait for it)
    loaded = Signal()

    def __init__(self, host: EngineHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self._in_flight = 0
        self.last_error = ""
        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(300)
        self._reload_timer.timeout.connect(self._timed_reload)
        self._last_auto_reload = 0.0
        self.auto_reload = False
        #: a failed call is said in the panel itself, above its content, until dismissed (the
        #: main window also says it in the status bar for a while)
        self.message_bar = QLabel(self)
        self.message_bar.setWordWrap(True)
        self.message_bar.setStyleSheet("QLabel { background: #fbeaea; color: #7a1f1f; padding: 6px; "
                                       "border: 1px solid #e3b4b4; }")
        self.message_bar.linkActivated.connect(lambda _l: self.message_bar.hide())
        self.message_bar.hide()
        host.memory_changed.connect(self._on_memory_changed)
        host.ready.connect(self.reload)

    # -- background calls ----------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return self._in_flight == 0

    def call(self, fn: Callable[..., Any], *args: Any, on_done: Callable[[Any], None] | None = None,
             on_error: Callable[[BaseException], None] | None = None, **kwargs: Any) -> None:
        if not self.host.is_ready:
            return
        done, failed = self._callbacks(on_done, on_error)
        self.host.call(fn, *args, on_done=done, on_error=failed, receiver=self, **kwargs)

    def submit(self, coro_fn: Callable[[Any], Any], *, on_done: Callable[[Any], None] | None = None,
               on_error: Callable[[BaseException], None] | None = None) -> None:
        """Like :meth:`call` for a coroutine on the engine loop (``engine.query``, ``engine.delete``)."""
        if not self.host.is_ready:
            return
        done, failed = self._callbacks(on_done, on_error)
        self.host.submit(coro_fn, on_done=done, on_error=failed, receiver=self)

    def _callbacks(self, on_done: Callable[[Any], None] | None,
                   on_error: Callable[[BaseException], None] | None
                   ) -> tuple[Callable[[Any], None], Callable[[BaseException], None]]:
        """Count the call in flight (``idle`` for tests and the busy indicator) and surface
        its error on the panel before the caller's own handler runs."""
        self._in_flight += 1

        def done(result: Any) -> None:
            self._in_flight -= 1
            if on_done is not None:
                on_done(result)

        def failed(exc: BaseException) -> None:
            self._in_flight -= 1
            self.last_error = f"{type(exc).__name__}: {exc}"
            log.warning("%s: %s", self.title, self.last_error)
            self.show_message(self.last_error)
            self.error_changed.emit(self.last_error)
            if on_error is not None:
                on_error(exc)

        return done, failed

    def later(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` in the next turn of the event loop, counted as work in flight.

        Why: one result can carry several views' worth of drawing (tables, a graph, a chart);
        done in one turn they add up past the 50 ms a user notices, done in two the window
        repaints and takes input in between. Counted in ``idle`` so a caller waiting for the
        panel sees the whole result."""
        self._in_flight += 1

        def run() -> None:
            self._in_flight -= 1
            fn()

        QTimer.singleShot(0, self, run)

    def show_message(self, text: str) -> None:
        """Say ``text`` (a failed action) in the panel's message bar, at the top of the panel."""
        lay = self.layout()
        if isinstance(lay, QBoxLayout) and lay.indexOf(self.message_bar) < 0:
            lay.insertWidget(0, self.message_bar)
        self.message_bar.setText(f"⚠ Something went wrong: {html.escape(text)} &nbsp; "
                                 "<a href='dismiss'>dismiss</a>")
        self.message_bar.show()

    @property
    def engine(self) -> Any:
        return self.host.engine

    # -- reloads -------------------------------------------------------------------------------

    def _on_memory_changed(self, what: str) -> None:
        if what == "background" and not self.reload_on_background:
            self._stale = True  # reload when next shown
            return
        if self.isVisible() or what in ("deleted", "imported", "settings"):
            if not self._reload_timer.isActive():
                # coalesce bursts: at least MIN_AUTO_RELOAD_S between automatic reloads
                wait = max(0.3, MIN_AUTO_RELOAD_S - (time.monotonic() - self._last_auto_reload))
                self._reload_timer.start(int(wait * 1000))
        else:
            self._stale = True

    def _timed_reload(self) -> None:
        self._last_auto_reload = time.monotonic()
        self.auto_reload = True  # panels may skip cosmetic work on automatic reloads
        try:
            self.reload()
        finally:
            self.auto_reload = False

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if getattr(self, "_stale", False):
            self._stale = False
            self._reload_timer.start()

    def reload(self) -> None:
        """Reload from the database (override)."""
        self.loaded.emit()
