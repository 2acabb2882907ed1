"""A tree view of nested dicts/lists (event metadata, trace stages, provider payloads)."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget


class KeyValueTree(QTreeWidget):
    def __init__(self, parent: QWidget | None = None, *, headers: tuple[str, str] = ("field", "value")) -> None:
        super().__init__(parent)
        self.setHeaderLabels(list(headers))
        self.setColumnWidth(0, 180)
        self.setAlternatingRowColors(True)

    def show_value(self, value: Any, *, expand_depth: int = 1) -> None:
        self.clear()
        self._add(self.invisibleRootItem(), value)
        self.expandToDepth(expand_depth - 1)

    def _add(self, parent: QTreeWidgetItem, value: Any) -> None:
        items = (value.items() if isinstance(value, dict)
                 else enumerate(value) if isinstance(value, (list, tuple)) else None)
        if items is None:
            parent.addChild(QTreeWidgetItem(["", _scalar(value)]))
            return
        for key, child in items:
            if isinstance(child, (dict, list, tuple)) and child:
                node = QTreeWidgetItem([str(key), _summary(child)])
                parent.addChild(node)
                self._add(node, child)
            else:
                node = QTreeWidgetItem([str(key), _scalar(child)])
                node.setToolTip(1, _scalar(child, limit=4000))
                parent.addChild(node)


def _summary(value: Any) -> str:
    if isinstance(value, dict):
        return f"{{{len(value)} fields}}"
    return f"[{len(value)} items]"


def _scalar(value: Any, limit: int = 400) -> str:
    if isinstance(value, (dict, list, tuple)):
        text = json.dumps(value, ensure_ascii=False, default=str)
    else:
        text = "" if value is None else str(value)
    text = text.replace("\n", " ⏎ ")
    return text if len(text) <= limit else text[: limit - 1] + "…"
