"""The cascade preview: what a deletion will change in every layer, before it happens.

The engine's deletion participants compute the preview with the same queries as the delete
itself, so the numbers shown here are exactly what "Delete everywhere" removes.
"""

from __future__ import annotations

from typing import Any, Mapping

from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)


def describe_changes(layers: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str, str]]:
    """(layer, what, how many) rows; zero counts are kept so the user sees what is untouched."""
    out: list[tuple[str, str, str]] = []
    for layer, changes in layers.items():
        if not isinstance(changes, Mapping):
            out.append((layer, "", str(changes)))
            continue
        for key, value in changes.items():
            if isinstance(value, (list, tuple, set)):
                shown = f"{len(value)}" + (f" ({', '.join(map(str, list(value)[:5]))}"
                                           f"{', …' if len(value) > 5 else ''})" if value else "")
            elif isinstance(value, Mapping):
                shown = ", ".join(f"{k}={v}" for k, v in value.items()) or "0"
            else:
                shown = str(value)
            out.append((layer, key, shown))
    return out


def _is_zero(shown: str) -> bool:
    return shown.strip() in ("0", "0.0", "", "[]", "{}", "False", "None")


class CascadePreviewDialog(QDialog):
    """Non-modal by default (``open()``): tests and the UI accept/reject it programmatically."""

    def __init__(self, title: str, headline: str, layers: Mapping[str, Mapping[str, Any]],
                 *, confirm_text: str = "Delete everywhere", missing: list[str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(560, 420)
        self.layers = layers
        lay = QVBoxLayout(self)
        head = QLabel(headline)
        head.setWordWrap(True)
        lay.addWidget(head)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["layer", "what changes", "count"])
        by_layer: dict[str, QTreeWidgetItem] = {}
        bold = QFont()
        bold.setBold(True)
        grey = QBrush(QColor("#999"))
        # what changes first (bold); untouched counts stay listed, greyed, so nothing is hidden
        rows = sorted(describe_changes(layers), key=lambda r: (list(layers).index(r[0]), _is_zero(r[2])))
        for layer, what, shown in rows:
            parent_item = by_layer.get(layer)
            if parent_item is None:
                parent_item = QTreeWidgetItem([layer, "", ""])
                parent_item.setFont(0, bold)
                self.tree.addTopLevelItem(parent_item)
                by_layer[layer] = parent_item
            item = QTreeWidgetItem(["", what, shown])
            for col in (1, 2):
                if _is_zero(shown):
                    item.setForeground(col, grey)
                else:
                    item.setFont(col, bold)
            parent_item.addChild(item)
        self.tree.expandAll()
        for col in range(3):
            self.tree.resizeColumnToContents(col)
        lay.addWidget(self.tree)
        if missing:
            warn = QLabel(f"Not found (already deleted?): {', '.join(missing[:10])}")
            warn.setWordWrap(True)
            warn.setStyleSheet("color: #a33;")
            lay.addWidget(warn)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.confirm_button = buttons.addButton(confirm_text, QDialogButtonBox.ButtonRole.AcceptRole)
        self.confirm_button.setStyleSheet("QPushButton { color: #b00; font-weight: bold; }")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
