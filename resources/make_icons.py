"""Render the app icon (magi_desktop/resources/magi-*.png) with QPainter; run once after editing.

A rounded square in indigo with three linked memory nodes: drawn in code so the icon has a
source that can be edited and re-rendered at any size without an image editor.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QImage, QLinearGradient, QPainter, QPen  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "magi_desktop" / "resources"


def render(size: int) -> QImage:
    img = QImage(size, size, QImage.Format.Format_ARGB32)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = size / 256.0
    grad = QLinearGradient(0, 0, size, size)
    grad.setColorAt(0, QColor("#5b6ee1"))
    grad.setColorAt(1, QColor("#3a2f8f"))
    p.setBrush(QBrush(grad))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawRoundedRect(QRectF(8 * s, 8 * s, 240 * s, 240 * s), 52 * s, 52 * s)
    nodes = [QPointF(78 * s, 170 * s), QPointF(128 * s, 78 * s), QPointF(180 * s, 170 * s)]
    pen = QPen(QColor(255, 255, 255, 220), max(1.0, 14 * s))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.drawLine(nodes[0], nodes[1])
    p.drawLine(nodes[1], nodes[2])
    p.drawLine(nodes[0], nodes[2])
    p.setPen(Qt.PenStyle.NoPen)
    for i, c in enumerate(nodes):
        p.setBrush(QBrush(QColor("#ffd966" if i == 1 else "#ffffff")))
        r = (34 if i == 1 else 28) * s
        p.drawEllipse(c, r, r)
    p.end()
    return img


def main() -> int:
    QGuiApplication(sys.argv[:1])
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (16, 32, 64, 128, 256):
        render(size).save(str(OUT / f"magi-{size}.png"))
    print(f"icons written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
