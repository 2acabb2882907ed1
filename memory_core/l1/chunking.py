"""Chunking of long event text for the vector index.

Short events (almost all) are one chunk. Long text is cut at sentence or line boundaries near
``CHUNK_MAX_CHARS`` with a small overlap, so a fact straddling a cut is still whole in one chunk.
Chunks are (start, end) offsets into the event's content: the text itself is stored once.
"""

from __future__ import annotations

import re

from ..policy import CHUNK_MAX_CHARS, CHUNK_OVERLAP_CHARS

_BOUNDARY = re.compile(r"[。！？!?\n]|[.;；](?=\s)")


def chunk_spans(text: str, *, max_chars: int = CHUNK_MAX_CHARS,
                overlap: int = CHUNK_OVERLAP_CHARS) -> list[tuple[int, int]]:
    n = len(text)
    if n <= max_chars:
        return [(0, n)]
    spans: list[tuple[int, int]] = []
    start = 0
    while start < n:
        end = min(n, start + max_chars)
        if end < n:
            # prefer the last sentence boundary in the second half of the window
            window = text[start + max_chars // 2:end]
            cut = None
            for m in _BOUNDARY.finditer(window):
                cut = start + max_chars // 2 + m.end()
            if cut is not None:
                end = cut
        spans.append((start, end))
        if end >= n:
            break
        start = max(end - overlap, start + 1)
    return spans
