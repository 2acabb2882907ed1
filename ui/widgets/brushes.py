"""Background brushes by colour, made once: table models hand the same brush to every cell of a
colour instead of building a QBrush per cell (UI thread only, like every QBrush use here)."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QBrush, QColor


@lru_cache(maxsize=64)
def brush(colour: str) -> QBrush:
    return QBrush(QColor(colour))
