"""Display formatting shared by the panels (times, ids, percentages)."""

from __future__ import annotations

import datetime as dt
from typing import Any


def ts(value: Any) -> str:
    """Unix seconds → local 'YYYY-MM-DD HH:MM' ('' for none)."""
    if value is None or value == "":
        return ""
    try:
        return dt.datetime.fromtimestamp(float(value)).strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError, OverflowError, OSError):
        return str(value)


def ts_full(value: Any) -> str:
    if value is None or value == "":
        return ""
    try:
        return dt.datetime.fromtimestamp(float(value)).strftime("%Y-%m-%d %H:%M:%S")
    except (TypeError, ValueError, OverflowError, OSError):
        return str(value)


def pct(value: Any) -> str:
    try:
        return f"{float(value) * 100:.0f}%"
    except (TypeError, ValueError):
        return ""


def one_line(text: Any, n: int = 160) -> str:
    s = " ".join(str(text or "").split())
    return s if len(s) <= n else s[: n - 1] + "…"
