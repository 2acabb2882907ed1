"""Search hits highlighted in a table cell: the words the user typed, marked where they occur.

The timeline's search box ranks events with every word first; without a mark the user still had
to read each row to see *why* it matched. The delegate only paints the cells in view, and only
when a search is active; the text is elided to the cell like a plain cell.
"""

from __future__ import annotations

import html
import re
from typing import Sequence

from PySide6.QtCore import QModelIndex, QRectF, Qt
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPalette, QTextDocument
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

MARK = "<span style='background:#fff0a0; font-weight:600'>{}</span>"
#: a first match further into the text than this is brought into view, keeping this much before it
LEAD_MAX = 20
LEAD_KEEP = 12


def highlight_html(text: str, terms: Sequence[str], *, limit: int = 400) -> str | None:
    """``text`` (its first ``limit`` characters) as HTML with every occurrence of a term marked,
    case-insensitively; None when no term occurs (the cell then paints as plain text)."""
    words = sorted({t for t in terms if t and t.strip()}, key=len, reverse=True)
    if not words:
        return None
    head = " ".join(text[:limit].split())
    pattern = re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)
    first = pattern.search(head)
    if first is not None and first.start() > LEAD_MAX:
        # the match in view: a cell shows ~60 characters, and a mark past them was cut off
        start = first.start() - LEAD_KEEP
        space = head.find(" ", start, first.start())  # from a word's start, not mid-word
        head = "…" + head[space + 1 if space != -1 else start:]
    parts, last, found = [], 0, False
    for m in pattern.finditer(head):
        parts.append(html.escape(head[last:m.start()]))
        parts.append(MARK.format(html.escape(m.group(0))))
        last, found = m.end(), True
    if not found:
        return None
    parts.append(html.escape(head[last:]))
    return "".join(parts)


class HighlightDelegate(QStyledItemDelegate):
    def __init__(self, parent=None) -> None:  # noqa: ANN001 - Qt parent
        super().__init__(parent)
        self.terms: list[str] = []

    def set_terms(self, terms: Sequence[str]) -> None:
        self.terms = [t for t in terms if t]

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        text = index.data(Qt.ItemDataRole.DisplayRole)
        marked = highlight_html(str(text), self.terms) if self.terms and text else None
        if marked is None:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        doc = QTextDocument()
        doc.setDefaultFont(opt.font)
        doc.setDocumentMargin(2)
        doc.setHtml(f"<span style='white-space:nowrap'>{marked}</span>")
        ctx = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        ctx.palette.setColor(QPalette.ColorRole.Text, opt.palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text))
        painter.save()
        painter.translate(opt.rect.left(), opt.rect.top() + max(0, (opt.rect.height() - doc.size().height()) / 2))
        painter.setClipRect(QRectF(0, 0, opt.rect.width(), opt.rect.height()))
        doc.documentLayout().draw(painter, ctx)
        painter.restore()
