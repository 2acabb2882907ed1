"""Identifiers: time-sortable event ids (ULID) and stable name-based ids (uuid5).

The standard library has no ULID; the format is 48 bits of milliseconds + 80 random bits in
Crockford base32. Sortable ids keep the timeline index and the primary key in the same order.
"""

from __future__ import annotations

import hashlib
import os
import uuid

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

#: Namespace for triple ids and other content-derived ids (fixed forever: ids must be stable).
MAGI_NAMESPACE = uuid.UUID("6f1c6a4e-2d0b-5d8e-9c3a-4d2f8e1b7a90")


def new_ulid(ts_seconds: float) -> str:
    value = (int(ts_seconds * 1000) & ((1 << 48) - 1)) << 80 | int.from_bytes(os.urandom(10), "big")
    out = []
    for _ in range(26):
        out.append(_CROCKFORD[value & 31])
        value >>= 5
    return "".join(reversed(out))


def stable_id(*parts: str) -> str:
    """uuid5 over ':'-joined parts (design: triple_id = uuid5(subject:predicate:object))."""
    return str(uuid.uuid5(MAGI_NAMESPACE, ":".join(parts)))


def short_hash(text: str, n: int = 24) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:n]
