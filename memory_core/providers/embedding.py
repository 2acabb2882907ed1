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
