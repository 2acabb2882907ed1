"""Small output helpers shared by the sub-commands."""

from __future__ import annotations

import json
import sys
from datetime import datetime, timezone
from typing import Any


def json_text(value: Any) -> str:
    """JSON that is always valid UTF-8: a lone surrogate (text stored before ingest rejected
    them, or a provider's reply) would otherwise be written as bytes no decoder accepts, or
    crash the encoder; such text is written with ASCII escapes instead."""
    text = json.dumps(value, ensure_ascii=False, indent=2, default=str)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(value, ensure_ascii=True, indent=2, default=str)
    return text


def print_json(value: Any) -> None:
    text = json_text(value) + "\n"
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a replaced stdout (tests, embedding hosts): text is all it takes
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))  # UTF-8 whatever the locale's encoding says
    buffer.flush()


def iso(ts: float | None) -> str:
    if ts is None:
        return "-"
    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def one_line(text: str, width: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"
