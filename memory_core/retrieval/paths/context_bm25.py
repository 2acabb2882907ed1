"""Context BM25: the question's terms over ``context_fts`` (each message with the end of the
one before it, ``l1/context_index.py``).

Beside plain BM25, not instead of it: a reply that only makes sense with its question ("Yup,
we did it yesterday!") is found by the question's words, while a message that says the thing
itself still ranks on its own in plain BM25. It is plain BM25 on another index — the same
terms, OR query, ranking (``fts_top``) and ceiling (``ideal_score``) — so fusion reads both on
one scale. Events not indexed yet (the worker is behind) are simply absent here; plain BM25
still has them.
"""

from __future__ import annotations

from ...policy import PATH_CONTEXT_BM25
from .bm25 import BM25Path

#: the conversation-context index (migration 0013; rowid = event seq)
CONTEXT_FTS = "context_fts"


class ContextBM25Path(BM25Path):
    name = PATH_CONTEXT_BM25
    table = CONTEXT_FTS
