"""Latency vs corpus size as a PNG, drawn with pyqtgraph (already a dependency) off-screen.

matplotlib is not a dependency of the project and one chart does not justify adding it;
pyqtgraph's ``ImageExporter`` renders the same ``PlotItem`` the GUI uses, headless under
Qt's ``offscreen`` platform.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Mapping, Sequence

COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f",
          "#bcbd22", "#17becf", "#000000", "#aec7e8")


def size_label(n: int) -> str:
    return f"{n // 1_000_000}M" if n >= 1_000_000 and n % 1_000_000 == 0 else \
        f"{n // 1000}k" if n >= 1000 and n % 1000 == 0 else str(n)


def latency_plot(path: Path, sizes: Sequence[int], series: Mapping[str, Sequence[float | None]],
                 *, title: str = "latency vs corpus size (p95, ms)") -> Path:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import pyqtgraph as pg
    import pyqtgraph.exporters
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    pg.setConfigOptions(antialias=True, background="w", foreground="k")
    widget = pg.PlotWidget(title=title)
    widget.resize(900, 600)
    plot = widget.getPlotItem()
    plot.setLogMode(x=True, y=True)
    plot.showGrid(x=True, y=True, alpha=0.3)
    plot.setLabel("bottom", "events in the corpus")
    plot.setLabel("left", "milliseconds")
    plot.addLegend(offset=(10, 10))
    for i, (name, values) in enumerate(series.items()):
        pts = [(s, v) for s, v in zip(sizes, values) if v is not None and v > 0]
        if not pts:
            continue
        xs, ys = zip(*pts)
        color = COLORS[i % len(COLORS)]
        dashed = name.startswith("target")
        pen = pg.mkPen(color, width=2, style=pg.QtCore.Qt.PenStyle.DashLine if dashed else
                       pg.QtCore.Qt.PenStyle.SolidLine)
        plot.plot(list(xs), list(ys), pen=pen, symbol=None if dashed else "o", symbolSize=7,
                  symbolBrush=color, name=name)
    plot.getAxis("bottom").setTicks([[(math.log10(s), size_label(s)) for s in sizes], []])
    values = [v for vs in series.values() for v in vs if v is not None and v > 0]
    if values:
        lo_e, hi_e = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
        major = [(e, f"{10.0 ** e:g}") for e in range(lo_e, hi_e + 1)]
        minor = [(math.log10(m * 10.0 ** e), "") for e in range(lo_e, hi_e) for m in (2, 5)]
        plot.getAxis("left").setTicks([major, minor])
    lo = min(sizes)
    hi = max(sizes)
    plot.setXRange(math.log10(lo) - 0.1, math.log10(hi) + 0.1, padding=0)
    app.processEvents()
    exporter = pyqtgraph.exporters.ImageExporter(plot)
    exporter.parameters()["width"] = 1200
    path.parent.mkdir(parents=True, exist_ok=True)
    exporter.export(str(path))
    widget.close()
    return path
