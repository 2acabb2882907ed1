"""The date axis places the same ticks as pyqtgraph's, without Qt's per-tick zone lookup."""

from __future__ import annotations

import os
import time

import pyqtgraph as pg
import pytest
from PySide6.QtGui import QFont, QFontMetrics

from ui.widgets.date_axis import DateAxis, shift_to_local

ZONES = ("UTC", "Asia/Shanghai", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe")
#: (range start, range length, pixels): hours, days, weeks, months, years; across DST changes
RANGES = [(1_710_000_000 + i * 86_400 * 37, length, px)
          for i in range(12)
          for length, px in ((6 * 3600, 800), (3 * 86_400, 800), (40 * 86_400, 900),
                             (400 * 86_400, 900), (20 * 365 * 86_400, 900))]


@pytest.fixture(params=ZONES)
def zone(request):
    old = os.environ.get("TZ")
    os.environ["TZ"] = request.param
    time.tzset()
    yield request.param
    if old is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = old
    time.tzset()


def test_ticks_match_pyqtgraph_in_every_zone(qtbot, zone) -> None:
    ours, theirs = DateAxis(), pg.DateAxisItem(orientation="bottom")
    for axis in (ours, theirs):  # set by the first paint: the zoom level depends on label widths
        axis.fontMetrics = QFontMetrics(QFont())
    compared = 0
    for start, length, px in RANGES:
        mine = ours.tickValues(start, start + length, px)
        ref = theirs.tickValues(start, start + length, px)
        assert [(s, list(v)) for s, v in mine] == [(s, list(v)) for s, v in ref], (zone, start, length)
        assert ours.tickStrings(mine[0][1], 1, mine[0][0]) == theirs.tickStrings(ref[0][1], 1, ref[0][0])
        compared += sum(len(v) for _s, v in mine)
    assert compared > 500


def test_the_preferred_offset_wins() -> None:
    assert shift_to_local(1_700_000_000, 3600) == 3600
