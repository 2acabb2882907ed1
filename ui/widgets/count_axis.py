"""A plot axis for counts: ticks only at whole numbers.

pyqtgraph picks tick spacings for any real range, so a histogram whose tallest bar is 1 event
was labelled 0, 0.5, 1 — half an event. Counts get whole ticks only (at least 0 and the top).
"""

from __future__ import annotations

import math
from typing import Any

import pyqtgraph as pg


class CountAxis(pg.AxisItem):
    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:  # noqa: N802,N803
        levels: list[tuple[float, list[float]]] = []
        for spacing, values in super().tickValues(minVal, maxVal, size):
            if spacing < 1:
                continue  # a sub-unit level: there is no half event
            levels.append((spacing, [v for v in values if float(v).is_integer()]))
        if not any(values for _s, values in levels):
            lo, hi = math.ceil(minVal), math.floor(maxVal)
            levels = [(1.0, [float(v) for v in range(lo, hi + 1)])] if hi >= lo else []
        return levels

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[Any]:  # noqa: N802
        return [f"{int(round(v * scale)):,}" for v in values]
