"""Identifiers: time-sortable event ids (ULID) and stable name-based ids (uuid5).

The standard library has no ULID; the format is 48 bits of milliseconds + 80 random bits in
Crockford base32. Sortable ids keep the timeline index and the primary key in the same order.
"""

from __future__ import annotations

import hashlib
import os
import uuid
from collections import deque
from functools import lru_cache

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: every 10-bit value as its two Crockford characters: a ULID is 13 lookups, not 26 shifts
_PAIRS = tuple(a + b for a in _CROCKFORD for b in _CROCKFORD)
_TS_MASK = (1 << 48) - 1

#: Namespace for triple ids and other content-derived ids (fixed forever: ids must be stable).
MAGI_NAMESPACE = uuid.UUID("6f1c6a4e-2d0b-5d8e-9c3a-4d2f8e1b7a90")

#: 80-bit random parts drawn from one ``os.urandom`` call per ``_RANDOM_BATCH`` ids (an ingest
#: batch asks for hundreds at once). ``deque.popleft`` is atomic, so threads need no lock; a
#: forked child drops what it inherited, so two processes never hand out the same bits.
_RANDOM_BATCH = 256
_random_parts: deque[int] = deque()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_random_parts.clear)


def _random80() -> int:
    while True:
        try:
            return _random_parts.popleft()
        except IndexError:
            raw = os.urandom(10 * _RANDOM_BATCH)
            _random_parts.extend(int.from_bytes(raw[i:i + 10], "big") for i in range(0, len(raw), 10))


def new_ulid(ts_seconds: float) -> str:
    v = (int(ts_seconds * 1000) & _TS_MASK) << 80 | _random80()
    p = _PAIRS
    return (p[v >> 120] + p[(v >> 110) & 1023] + p[(v >> 100) & 1023] + p[(v >> 90) & 1023]
            + p[(v >> 80) & 1023] + p[(v >> 70) & 1023] + p[(v >> 60) & 1023]
            + p[(v >> 50) & 1023] + p[(v >> 40) & 1023] + p[(v >> 30) & 1023]
            + p[(v >> 20) & 1023] + p[(v >> 10) & 1023] + p[v & 1023])


def stable_id(*parts: str) -> str:
    """uuid5 over ':'-joined parts (design: triple_id = uuid5(subject:predicate:object))."""
    return _stable_id(":".join(parts))


@lru_cache(maxsize=65_536)
def _stable_id(name: str) -> str:
    """Memoised: the projection asks for the same triple's id on every re-observation and for
    the user's entity id per batch (uuid5 hashes and formats a UUID object each time)."""
    return str(uuid.uuid5(MAGI_NAMESPACE, name))


def short_hash(text: str, n: int = 24) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:n]
