"""One JSONL line at a time: bytes → text → JSON value, or a rejection naming the line.

Every importer (``magi-memory ingest``, the engine's bulk workers, the desktop's File → Ingest)
reads lines through these two functions, so one bad line — an invalid UTF-8 byte, a structure
nested past the parser's recursion limit — is rejected by itself instead of ending the file.
"""

from __future__ import annotations

import json
from typing import Any

from .prepare import Rejection

BOM = b"\xef\xbb\xbf"


def decode_line(lineno: int, raw: bytes) -> str | Rejection:
    """The line as text (a UTF-8 byte-order mark on the first line dropped)."""
    if lineno == 0 and raw.startswith(BOM):
        raw = raw[len(BOM):]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Rejection(lineno, "<utf-8>", f"invalid UTF-8 at byte {exc.start} of the line")


def parse_line(lineno: int, text: str) -> Any | Rejection:
    """The JSON value of the line (validated later by ``events.normalize``)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        return Rejection(lineno, "<json>", f"invalid JSON: {exc.msg}")
    except RecursionError:
        return Rejection(lineno, "<json>", "nested too deeply to parse")
