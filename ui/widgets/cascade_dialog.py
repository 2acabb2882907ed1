"""The cascade preview: what a deletion will change in every layer, before it happens.

The engine's deletion participants compute the preview with the same queries as the delete
itself, so the numbers shown here are exactly what "Delete everywhere" removes.
"""

from __future__ import annotations

from typing import Any, Mapping

import html
import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from .formatting import one_line


def describe_changes(layers: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str, str]]:
    """(layer, what, how many) rows; zero counts are kept so the user sees what is untouched."""
    out: list[tuple[str, str, str]] = []
    for layer, changes in layers.items():
        if not isinstance(changes, Mapping):
            out.append((layer, "", str(changes)))
            continue
        for key, value in changes.items():
            if isinstance(value, (list, tuple, set)):
                # what the rows are called, when they have a name; ids and raw rows are not shown
                # (the preview read "1 ({'summary_i…" and "1 (be944ecf-9b…")
                names = [n for n in (_name_of(v) for v in list(value)) if n]
                shown = f"{len(value)}" + (f" ({', '.join(names[:5])}{', …' if len(names) > 5 else ''})"
                                           if names else "")
            elif isinstance(value, Mapping):
                shown = ", ".join(f"{k}={v}" for k, v in value.items()) or "0"
            else:
                shown = str(value)
            out.append((layer, key, shown))
    return out


_ID = re.compile(r"^([0-9A-HJKMNP-TV-Z]{26}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
                 r"|[a-z]+_[0-9A-HJKMNP-TV-Z]{26})$")


def _name_of(value: Any) -> str | None:
    """A changed row's readable name (a title, a name, a short text), or None for an id."""
    if isinstance(value, Mapping):
        for key in ("title", "name", "canonical_name", "text", "content"):
            if value.get(key):
                return one_line(str(value[key]), 60)
        return None
    text = str(value)
    return None if _ID.match(text) else one_line(text, 60)


def is_zero(shown: str) -> bool:
    """A described change that changes nothing (the preview folds it, the event detail omits it)."""
    return shown.strip() in ("0", "0.0", "", "[]", "{}", "False", "None")


#: layer keys as a user reads them (the deletion participants' names)
LAYER_NAMES = {"l1": "Events (L1)", "l2": "Entities & beliefs (L2)",
               "l3": "Summaries (L3)", "l4": "Skills (L4)", "retrieval_vector_cache": "Search cache"}


def humanize(key: str) -> str:
    """``fts_rows`` → "fts rows", ``removed_entity_ids`` → "removed entities" (the count is
    of the rows, not of their ids)."""
    text = key.replace("_", " ").strip()
    if text.endswith(" ids"):
        text = text[:-4] + ("" if text[:-4].endswith("s") else "s")
        text = text.replace("entitys", "entities").replace("summarys", "summaries")
    return text


def layer_order(layers: Mapping[str, Any]) -> list[str]:
    """L1 first (the deletion itself), then the derived layers as the engine reported them."""
    return sorted(layers, key=lambda k: (k != "l1", list(layers).index(k)))


class CascadePreviewDialog(QDialog):
    """Non-modal by default (``open()``): tests and the UI accept/reject it programmatically.

    Shows, top to bottom: the text of what will be deleted, what changes per layer (L1 first,
    changed rows in bold, the untouched counters folded into one grey line per layer instead of
    a screen of zeros), then the confirm button."""

    def __init__(self, title: str, headline: str, layers: Mapping[str, Mapping[str, Any]],
                 *, confirm_text: str = "Delete everywhere", missing: list[str] | None = None,
                 items: list[str] | None = None, items_total: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(780, 560)
        self.layers = layers
        lay = QVBoxLayout(self)
        head = QLabel(headline)
        head.setWordWrap(True)
        lay.addWidget(head)
        self.items_label: QLabel | None = None
        if items:
            shown = [f"• {html.escape(one_line(t, 160))}" for t in items[:5]]
            total = max(items_total or 0, len(items))
            if total > 5:
                shown.append(f"… and {total - 5:,} more")
            self.items_label = QLabel("<b>What will be deleted:</b><br>" + "<br>".join(shown))
            self.items_label.setWordWrap(True)
            self.items_label.setTextFormat(Qt.TextFormat.RichText)
            lay.addWidget(self.items_label)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["layer", "what changes", "count"])
        bold = QFont()
        bold.setBold(True)
        grey = QBrush(QColor("#999"))
        rows = describe_changes(layers)
        for layer in layer_order(layers):
            mine = [r for r in rows if r[0] == layer]
            changed = [r for r in mine if not is_zero(r[2])]
            parent_item = QTreeWidgetItem([LAYER_NAMES.get(layer, humanize(layer)), "" if changed else
                                           "nothing changes", ""])
            parent_item.setFont(0, bold)
            self.tree.addTopLevelItem(parent_item)
            for _layer, what, shown in changed:
                item = QTreeWidgetItem(["", humanize(what), shown])
                item.setToolTip(2, shown)
                for col in (1, 2):
                    item.setFont(col, bold)
                parent_item.addChild(item)
            untouched = [humanize(r[1]) for r in mine if is_zero(r[2])]
            if changed and untouched:
                rest = QTreeWidgetItem(["", f"unchanged: {', '.join(untouched)}", "0"])
                rest.setToolTip(1, "\n".join(untouched))
                for col in (1, 2):
                    rest.setForeground(col, grey)
                parent_item.addChild(rest)
        self.tree.expandAll()
        self.tree.setColumnWidth(0, 190)
        self.tree.setColumnWidth(1, 300)
        self.tree.header().setStretchLastSection(True)
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
