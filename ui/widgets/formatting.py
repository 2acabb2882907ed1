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


#: keys whose numbers are Unix seconds in the L2 rows, profiles and snapshots the panels show
_TIME_KEYS = ("_at", "as_of", "since", "valid_from", "valid_to", "expires_at", "first_observed",
              "last_observed", "first_seen", "last_seen")


def dated(value: Any, key: str = "") -> Any:
    """A nested row / profile with every timestamp shown as a date (the inspector showed raw
    epoch floats: "since 1709990000.0")."""
    if isinstance(value, dict):
        return {k: dated(v, str(k)) for k, v in value.items()}
    if isinstance(value, list):
        return [dated(v, key) for v in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool) and \
            any(key.endswith(t) or key == t for t in _TIME_KEYS) and 1e8 < float(value) < 1e11:
        return ts(value)
    return value
