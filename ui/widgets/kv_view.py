"""A tree view of nested dicts/lists (event metadata, trace stages, provider payloads)."""

from __future__ import annotations

import json
from typing import Any, Sequence

from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget


class KeyValueTree(QTreeWidget):
    def __init__(self, parent: QWidget | None = None, *, headers: tuple[str, str] = ("field", "value")) -> None:
        super().__init__(parent)
        self.setHeaderLabels(list(headers))
        self.setColumnWidth(0, 180)
        self.setAlternatingRowColors(True)

    def show_value(self, value: Any, *, expand_depth: int = 1, collapsed: Sequence[str] = ()) -> None:
        """``collapsed``: top-level names left folded whatever the depth (reference material a
        reader opens on purpose, e.g. an event's stored fields)."""
        self.clear()
        self._add(self.invisibleRootItem(), value)
        self.expandToDepth(expand_depth - 1)
        root = self.invisibleRootItem()
        for i in range(root.childCount()):
            if root.child(i).text(0) in collapsed:
                root.child(i).setExpanded(False)
        # the names whole ("summaries built fro…" was clipped), but never most of the width
        self.resizeColumnToContents(0)
        cap = max(180, int(self.viewport().width() * 0.45))
        self.setColumnWidth(0, max(120, min(self.columnWidth(0) + 8, cap)))

    def _add(self, parent: QTreeWidgetItem, value: Any) -> None:
        items = (value.items() if isinstance(value, dict)
                 else enumerate(value) if isinstance(value, (list, tuple)) else None)
        if items is None:
            parent.addChild(QTreeWidgetItem(["", _scalar(value)]))
            return
        bullet = isinstance(value, (list, tuple))
        for key, child in items:
            # a list's items are bullets, not 0, 1, 2 (the index means nothing to a reader)
            name = "•" if bullet else str(key)
            if isinstance(child, (dict, list, tuple)) and child:
                node = QTreeWidgetItem([name, _summary(child)])
                parent.addChild(node)
                self._add(node, child)
            else:
                node = QTreeWidgetItem([name, _scalar(child)])
                node.setToolTip(1, _scalar(child, limit=4000))
                parent.addChild(node)


def _summary(value: Any) -> str:
    """A collapsed branch's value column: how many entries it holds."""
    n = len(value)
    if isinstance(value, dict):
        return f"{n} field{'s' if n != 1 else ''}"
    return f"{n} item{'s' if n != 1 else ''}"


def _scalar(value: Any, limit: int = 400) -> str:
    if isinstance(value, (dict, list, tuple)):
        text = json.dumps(value, ensure_ascii=False, default=str)
    else:
        text = "" if value is None else str(value)
    text = text.replace("\n", " ⏎ ")
    return text if len(text) <= limit else text[: limit - 1] + "…"
