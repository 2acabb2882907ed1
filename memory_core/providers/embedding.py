"""The embedder interface every provider implements (offline hashing, DashScope, OpenAI-compatible,
packaged sentence models)."""

from __future__ import annotations

from typing import Protocol, Sequence, runtime_checkable

import numpy as np


@runtime_checkable
class Embedder(Protocol):
    #: identifies the vector space: vectors of different model ids are never compared
    model_id: str
    dim: int
    #: False for purely local embedders (the privacy ledger and the offline switch use it)
    uses_network: bool

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dim) float32, L2-normalised rows."""
        ...


def embed_queries(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    """Questions in the embedder's query form: asymmetric models (e5) embed a question with a
    different prefix than the passages it should find; symmetric ones use ``embed``."""
    embed_query = getattr(embedder, "embed_query", None)
    return embed_query(texts) if embed_query is not None else embedder.embed(texts)
