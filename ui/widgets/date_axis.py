"""A date axis (pyqtgraph's ``DateAxisItem``) that places its ticks without asking Qt for the
system time zone once per tick.

pyqtgraph moves day/month/year ticks to local midnight through ``QDateTime.timeZone()``, and
Qt 6.11 answers that by resolving the system zone from the file system on every call (a read of
``/etc/timezone``, a walk of the zoneinfo directory): ~1.4 ms a tick, ~8 ms each time the
timeline's histogram was painted, inside a UI-thread pass that also painted its table (measured
with ``perf`` on the 100k store). The same offsets come from the C library's ``localtime``, which
reads the zone once per process: same ticks (``tests/ui/test_date_axis.py`` compares them with
pyqtgraph's over years of days, months and DST changes), no file system.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any

import numpy as np
import pyqtgraph as pg
from pyqtgraph.graphicsItems.DateAxisItem import HOUR_SPACING, ZoomLevel


def local_offset(timestamp: float) -> int:
    """Seconds east of UTC of local time at ``timestamp`` (DST included)."""
    try:
        return int(time.localtime(timestamp).tm_gmtoff)
    except (OverflowError, OSError, ValueError):
        return 0


def shift_to_local(timestamp: float, preferred_offset: int | None = None) -> int:
    """What pyqtgraph's ``applyOffsetToUtc`` adds to a UTC-aligned tick to put it on the same
    wall-clock time in the local zone (the preferred offset, when the axis has one, wins)."""
    if preferred_offset is not None:
        return preferred_offset
    wall_clock_as_local = timestamp - local_offset(timestamp)
    return -local_offset(wall_clock_as_local)


class LocalZoomLevel(ZoomLevel):
    """A zoom level whose day-and-coarser ticks move to local time without Qt's zone lookup."""

    def __init__(self, level: ZoomLevel) -> None:
        super().__init__(level.tickSpecs, level.exampleText)
        self.utcOffset = level.utcOffset

    def moveTicksToLocalTimeCoords(self, ticks: np.ndarray, spacing: int,  # noqa: N802 - pyqtgraph API
                                   skipFactor: int) -> np.ndarray:  # noqa: N803
        if len(ticks) and ((spacing == HOUR_SPACING and skipFactor > 1) or spacing > HOUR_SPACING):
            ticks += [shift_to_local(tick, self.utcOffset) for tick in ticks]
            return ticks
        return super().moveTicksToLocalTimeCoords(ticks, spacing, skipFactor)


class DateAxis(pg.DateAxisItem):
    def __init__(self, orientation: str = "bottom", **kwargs: Any) -> None:
        super().__init__(orientation=orientation, **kwargs)
        # pyqtgraph shares its zoom levels between axes: this axis gets its own copies
        self.zoomLevels = OrderedDict((spacing, LocalZoomLevel(level)) for spacing, level in self.zoomLevels.items())
        self.zoomLevel = next(iter(self.zoomLevels.values()))
