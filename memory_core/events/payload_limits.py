"""Shape limits every payload passes before it is normalised (pure, iterative).

A payload is untrusted input (plugins, imported files). Three things used to get past
validation and fail later, where they cost good data:

* a lone surrogate ("\\ud800", valid JSON) in any string cannot be encoded as UTF-8: SQLite's
  insert raised and took the whole batch of 500 with it;
* deep nesting (100k ``[``) raised ``RecursionError`` in the JSON parser or in ``json.dumps`` of
  ``metadata_json``;
* a 10 MB field outside ``content`` landed in ``metadata_json``.

The walk is iterative (no recursion to exhaust) and stops at the first problem, naming the field
by its path (``provenance.title``, ``entities[3].mention_text``).
"""

from __future__ import annotations

from typing import Any

from .errors import PayloadError

#: deepest nesting of objects/lists a payload may have (real payloads: 3-4)
MAX_DEPTH = 32
#: longest string anywhere but ``content`` (which has its own limit, ``MAX_CONTENT_CHARS``)
MAX_FIELD_CHARS = 20_000
#: all strings of a payload together (content included)
MAX_PAYLOAD_CHARS = 1_000_000
#: the one field allowed to be long
LONG_FIELDS = frozenset({"content"})


def _surrogate_at(text: str) -> int:
    """Index of the first lone surrogate in ``text``, or -1 (they cannot be stored as UTF-8)."""
    try:
        text.encode("utf-8")
        return -1
    except UnicodeEncodeError as exc:
        return exc.start


#: value types the quick check understands; anything else takes the naming walk
_SCALARS = frozenset({int, float, bool, type(None)})


def within_limits(payload: Any) -> bool:
    """True when ``payload`` certainly breaks no limit above (the common case, checked without
    building a path per value: ~3x cheaper than the naming walk, which was ~15 % of ingest).
    False means "maybe": the naming walk decides and names the field.

    Level by level, so a container's level is its depth; every string longer than
    ``MAX_FIELD_CHARS`` counts as maybe (only a long ``content`` is allowed, the walk knows
    which); one ``encode`` of all strings and keys together finds any lone surrogate (UTF-8
    refuses every surrogate code point, paired in the text or not)."""
    strings: list[str] = []
    level: list[Any] = [payload]
    depth = 0
    while level:
        below: list[Any] = []
        for value in level:
            kind = type(value)
            if kind is str:
                if len(value) > MAX_FIELD_CHARS:
                    return False
                strings.append(value)
            elif kind is dict:
                if depth >= MAX_DEPTH:
                    return False
                for key in value:
                    if type(key) is not str:
                        return False
                    strings.append(key)
                below.extend(value.values())
            elif kind is list or kind is tuple:
                if depth >= MAX_DEPTH:
                    return False
                below.extend(value)
            elif kind not in _SCALARS:
                return False
        level = below
        depth += 1
    text = "".join(strings)
    if len(text) > MAX_PAYLOAD_CHARS:  # keys counted too: stricter than the limit, never looser
        return False
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return False
    return True


def check_payload(payload: Any) -> None:
    """Raise :class:`PayloadError` (naming the field) when ``payload`` breaks a limit above."""
    if not within_limits(payload):
        naming_walk(payload)


def naming_walk(payload: Any) -> None:
    """The full check: stops at the first problem and names its field by its path."""
    total = 0
    stack: list[tuple[str, Any, int]] = [("", payload, 0)]
    while stack:
        path, value, depth = stack.pop()
        if isinstance(value, str):
            at = _surrogate_at(value)
            if at >= 0:
                raise PayloadError(path or "<payload>", f"contains an unpaired surrogate "
                                                         f"(U+{ord(value[at]):04X}) at character {at}")
            total += len(value)
            if len(value) > MAX_FIELD_CHARS and path not in LONG_FIELDS:
                raise PayloadError(path, f"longer than {MAX_FIELD_CHARS:,} characters ({len(value):,})")
            if total > MAX_PAYLOAD_CHARS:
                raise PayloadError(path or "<payload>",
                                   f"the payload's text passes {MAX_PAYLOAD_CHARS:,} characters")
        elif isinstance(value, dict):
            if depth >= MAX_DEPTH:
                raise PayloadError(path or "<payload>", f"nested deeper than {MAX_DEPTH} levels")
            for key, item in value.items():
                key_text = str(key)
                if _surrogate_at(key_text) >= 0:
                    raise PayloadError(path or "<payload>", "a key contains an unpaired surrogate")
                stack.append((f"{path}.{key_text}" if path else key_text, item, depth + 1))
        elif isinstance(value, (list, tuple)):
            if depth >= MAX_DEPTH:
                raise PayloadError(path or "<payload>", f"nested deeper than {MAX_DEPTH} levels")
            for i, item in enumerate(value):
                stack.append((f"{path}[{i}]", item, depth + 1))
