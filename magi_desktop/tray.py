"""The system tray icon: open the window, pause memory capture, quit."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from .main_window import MainWindow, app_icon


class Tray(QSystemTrayIcon):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(app_icon(), window)
        self.window = window
        self.setToolTip("Magi — memory")
        menu = QMenu()
        self.open_action = QAction("Open Magi", menu)
        self.open_action.triggered.connect(self.show_window)
        self.pause_action = QAction("Pause memory capture", menu, checkable=True)
        self.pause_action.toggled.connect(lambda paused: window.set_capture(not paused))
        self.quit_action = QAction("Quit", menu)
        self.quit_action.triggered.connect(window._quit)
        menu.addAction(self.open_action)
        menu.addAction(self.pause_action)
        menu.addSeparator()
        menu.addAction(self.quit_action)
        self.menu = menu
        self.setContextMenu(menu)
        self.activated.connect(self._activated)
        window.capture_toggled.connect(self._sync)

    def _sync(self, enabled: bool) -> None:
        self.pause_action.blockSignals(True)
        self.pause_action.setChecked(not enabled)
        self.pause_action.blockSignals(False)

    def _activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason in (QSystemTrayIcon.ActivationReason.Trigger, QSystemTrayIcon.ActivationReason.DoubleClick):
            self.show_window()

    def show_window(self) -> None:
        self.window.show()
        self.window.raise_()
        self.window.activateWindow()
