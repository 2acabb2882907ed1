"""Field readers for payload validation. Each raises :class:`PayloadError` naming the field."""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

from .errors import PayloadError

#: Accept timestamps between 1990 and 2200: anything else is a unit mistake (ms for s, say).
_MIN_TS, _MAX_TS = 631_152_000.0, 7_258_118_400.0


def get_path(payload: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted path, or None when any step is missing or not an object.

    Hot on the ingest path (several calls per field of every payload): payloads decoded from
    JSON are plain dicts, so ``type(x) is dict`` answers before the ABC ``Mapping`` check (whose
    ``isinstance`` goes through the abstract-class machinery); any other mapping still works.
    """
    if "." not in path:
        if type(payload) is dict:
            return payload.get(path)
        if not isinstance(payload, Mapping) or path not in payload:
            return None
        return payload[path]
    cur: Any = payload
    for part in path.split("."):
        if type(cur) is dict:
            if part not in cur:
                return None
        elif not isinstance(cur, Mapping) or part not in cur:
            return None
        cur = cur[part]
    return cur


def require_mapping(payload: Mapping[str, Any], path: str) -> Mapping[str, Any]:
    value = get_path(payload, path)
    if value is None:
        raise PayloadError(path, "missing")
    if type(value) is not dict and not isinstance(value, Mapping):
        raise PayloadError(path, f"expected an object, got {type(value).__name__}")
    return value


def require_str(payload: Mapping[str, Any], path: str, *, max_len: int = 200_000) -> str:
    value = get_path(payload, path)
    if value is None:
        raise PayloadError(path, "missing")
    return _checked_str(value, path, max_len)


def _checked_str(value: Any, path: str, max_len: int) -> str:
    if not isinstance(value, str):
        raise PayloadError(path, f"expected a string, got {type(value).__name__}")
    value = value.strip()
    if not value:
        raise PayloadError(path, "empty")
    if len(value) > max_len:
        raise PayloadError(path, f"longer than {max_len} characters")
    if "\x00" in value:
        raise PayloadError(path, "contains a NUL character")
    return value


def optional_str(payload: Mapping[str, Any], path: str, *, max_len: int = 10_000) -> str | None:
    value = get_path(payload, path)
    if value is None:
        return None
    return _checked_str(value, path, max_len)


def optional_number(payload: Mapping[str, Any], path: str) -> float | None:
    value = get_path(payload, path)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PayloadError(path, f"expected a number, got {type(value).__name__}")
    if not math.isfinite(value):
        raise PayloadError(path, "not a finite number")
    return float(value)


def optional_bool(payload: Mapping[str, Any], path: str) -> bool | None:
    value = get_path(payload, path)
    if value is None:
        return None
    if not isinstance(value, bool):
        raise PayloadError(path, f"expected true/false, got {type(value).__name__}")
    return value


def optional_str_list(payload: Mapping[str, Any], path: str, *, max_items: int = 100) -> list[str]:
    value = get_path(payload, path)
    if value is None:
        return []
    if not isinstance(value, list):
        raise PayloadError(path, f"expected a list, got {type(value).__name__}")
    if len(value) > max_items:
        raise PayloadError(path, f"more than {max_items} items")
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise PayloadError(f"{path}[{i}]", f"expected a string, got {type(item).__name__}")
        if item.strip():
            out.append(item.strip())
    return out


def parse_timestamp(value: Any, path: str) -> float:
    """Unix seconds (int/float) or ISO-8601 text; naive ISO times are taken as UTC."""
    if value is None:
        raise PayloadError(path, "missing")
    if isinstance(value, bool):
        raise PayloadError(path, "expected unix seconds or ISO-8601 text, got bool")
    if isinstance(value, (int, float)):
        ts = float(value)
    elif isinstance(value, str):
        text = value.strip()
        try:
            ts = float(text)
        except ValueError:
            try:
                dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
            except ValueError:
                raise PayloadError(path, f"not unix seconds or ISO-8601: {text[:40]!r}") from None
            if dt.tzinfo is None:
                dt = dt.replace(tzinfo=timezone.utc)
            ts = dt.timestamp()
    else:
        raise PayloadError(path, f"expected unix seconds or ISO-8601 text, got {type(value).__name__}")
    if not math.isfinite(ts) or not (_MIN_TS <= ts <= _MAX_TS):
        raise PayloadError(path, f"timestamp {value!r} outside 1990..2200 (milliseconds given as seconds?)")
    return ts
