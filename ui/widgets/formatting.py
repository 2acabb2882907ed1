"""Display formatting shared by the panels (times, ids, percentages)."""

from __future__ import annotations

import json
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


#: keys that hold ids: an inspector shows what they point at, never the ids themselves
_ID_KEYS = ("_id", "_ids", "superseded_by", "supersedes")


def _is_id_key(key: str) -> bool:
    return any(key == k or key.endswith(k) for k in _ID_KEYS)


def _belief_line(d: dict[str, Any]) -> str | None:
    """One trait value or one relation as a sentence-like line, or None when ``d`` is neither."""
    # a profile as of a past date says what the row's status is *now* (it was current then)
    status = d.get("status") or (f"now {d['status_now']}" if d.get("status_now") else "")
    since = d.get("valid_from") or d.get("since")
    until = d.get("valid_to")
    when = f" · since {ts(since)[:10]}" if since else ""
    if until:
        when += f" until {ts(until)[:10]}"
    conf = f" · {pct(d['confidence'])}" if isinstance(d.get("confidence"), (int, float)) else ""
    tail = f"{' · ' + str(status) if status else ''}{when}{conf}"
    if "predicate" in d:
        subject = d.get("subject_name") or d.get("subject") or ""
        obj = d.get("object_name") or d.get("object") or "?"
        return f"{subject + ' ' if subject else ''}—{d['predicate']}→ {obj}{tail}"
    if "value" in d and ("polarity" in d or "trait" in d):
        trait = f"{d['trait']}: " if d.get("trait") else ""
        return f"{trait}{'' if d.get('polarity', 1) else 'not '}{d['value']}{tail}"
    return None


def readable(value: Any, key: str = "") -> Any:
    """A profile / snapshot for people: each trait value and relation as one line, dates not
    epochs, JSON columns opened, and no ids (the profile tab showed assertion, entity and event
    ids beside the values)."""
    if isinstance(value, str) and key.endswith("_json"):
        try:
            return readable(json.loads(value), key[:-5])
        except ValueError:
            return value
    if isinstance(value, dict):
        line = _belief_line(value)
        if line is not None:
            return line
        return {k.removesuffix("_json"): readable(v, str(k)) for k, v in value.items() if not _is_id_key(str(k))}
    if isinstance(value, list):
        return [readable(v, key) for v in value]
    return dated(value, key)
