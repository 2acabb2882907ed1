"""The empty state: what a panel shows when its layer has no data (or is not installed yet)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QStackedWidget, QWidget


class EmptyState(QLabel):
    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setObjectName("emptyState")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setStyleSheet("QLabel#emptyState { color: #777; font-size: 14px; padding: 24px; }")


class EmptyOr(QStackedWidget):
    """Shows ``content`` when there is data, otherwise an explanatory empty state."""

    def __init__(self, content: QWidget, empty_text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.content = content
        self.empty = EmptyState(empty_text)
        self.addWidget(content)
        self.addWidget(self.empty)
        self.setCurrentWidget(self.empty)

    def show_content(self, has_data: bool, empty_text: str | None = None) -> None:
        if empty_text is not None:
            self.empty.setText(empty_text)
        self.setCurrentWidget(self.content if has_data else self.empty)

    @property
    def is_empty(self) -> bool:
        return self.currentWidget() is self.empty
