"""The offline default embedder: hashed n-gram features, no model files, deterministic.

It never downloads anything and works on any machine. Features (signed feature hashing into
``dim`` buckets, sublinear term frequency):

* English words (light suffix stemming) and word bigrams; character trigrams inside words for
  spelling variants ("fryer"/"fryers");
* Chinese character bigrams and unigrams (no segmenter needed, robust to unknown words);
* lexicon concepts: a member of a bilingual category (高压锅, "air fryer") also emits the
  category feature, so "kitchen appliance" lands near "pressure cooker";
* equivalence groups: every name of the same thing (``lexicon.categories.EQUIVALENTS``: 咖啡 /
  "coffee", 空气炸锅 / "air fryer") emits one shared feature, so a translation is closer than
  another member of the same category (咖啡 ~ "coffee" more than 咖啡 ~ "tea").

Lower quality than a neural model, honestly so: it captures shared vocabulary and a little
category semantics, not paraphrase in general.
"""

from __future__ import annotations

import math
import re
import zlib
from collections import Counter
from typing import Sequence

import numpy as np

from ..lexicon.categories import categories_named_in, concept_of, members_in
from ..policy import HASHING_EMBED_BATCH, OFFLINE_EMBED_DIM
from ..text.stopwords import STOPWORDS

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_SUFFIXES = ("ingly", "edly", "ings", "ing", "ied", "ies", "ed", "es", "s", "ly")

W_WORD, W_WORD_BIGRAM, W_CHAR3 = 1.0, 0.6, 0.25
W_CJK_BIGRAM, W_CJK_UNIGRAM = 1.0, 0.3
W_CONCEPT = 1.2
#: the shared feature of an equivalence group; above the category's, because a translation is
#: the same thing while a category only says "the same kind" (measured on the cross-language
#: triples in tests/retrieval/crosslingual_pairs.json, docs/retrieval-eval.md)
W_EQUIVALENT = 1.5


def stem(word: str) -> str:
    for suf in _SUFFIXES:
        if word.endswith(suf) and len(word) - len(suf) >= 3:
            return word[: -len(suf)]
    return word


#: raw word → its features (``None`` for a stopword): the stemmed word's key and its character
#: trigrams' keys. Chat repeats its vocabulary, and stemming and slicing every occurrence again
#: was a third of ``features``; the keys come out in the order the loop below adds them.
_WORD_CACHE: dict[str, tuple[str, str, tuple[str, ...]] | None] = {}
_WORD_CACHE_MAX = 200_000


def _word_features(w: str) -> tuple[str, str, tuple[str, ...]] | None:
    if w in STOPWORDS:
        return None
    s = stem(w)
    padded = f"<{s}>"
    out = (s, "w:" + s, tuple("c:" + padded[i:i + 3] for i in range(len(padded) - 2)))
    if len(_WORD_CACHE) < _WORD_CACHE_MAX:
        _WORD_CACHE[w] = out
    return out


def _accumulate(text: str) -> dict[str, float]:
    """Feature → summed weight, in first-seen order (the order :meth:`HashingEmbedder.embed`
    adds them in, so the float32 sums are the same whichever way the features are counted)."""
    lowered = text.lower()
    acc: dict[str, float] = {}  # plain dict: Counter's __missing__ per new key was a fifth of this
    get = acc.get
    cache = _WORD_CACHE
    words: list[str] = []
    for raw in _WORD.findall(lowered):
        wf = cache.get(raw, False)
        if wf is False:
            wf = _word_features(raw)
        if wf is None:
            continue
        s, k, trigrams = wf
        words.append(s)
        acc[k] = get(k, 0) + W_WORD
        for k in trigrams:
            acc[k] = get(k, 0) + W_CHAR3
    for a, b in zip(words, words[1:]):
        k = f"b:{a}_{b}"
        acc[k] = get(k, 0) + W_WORD_BIGRAM
    for run in _CJK_RUN.findall(lowered):
        for ch in run:
            if ch not in STOPWORDS:
                k = "u:" + ch
                acc[k] = get(k, 0) + W_CJK_UNIGRAM
        for i in range(len(run) - 1):
            k = "z:" + run[i:i + 2]
            acc[k] = get(k, 0) + W_CJK_BIGRAM
    for member, cat in members_in(lowered):
        k = "k:" + cat.key
        acc[k] = get(k, 0) + W_CONCEPT
        concept = concept_of(member)
        if concept is not None:
            k = "q:" + concept
            acc[k] = get(k, 0) + W_EQUIVALENT
    for cat in categories_named_in(lowered):
        k = "k:" + cat.key
        acc[k] = get(k, 0) + W_CONCEPT
    return acc


def features(text: str) -> Counter[str]:
    return Counter(_accumulate(text))


_CRC_CACHE: dict[str, int] = {}
_CRC_CACHE_MAX = 400_000


def _crc(feature: str) -> int:
    """crc32 of a feature, memoised: words, bigrams and trigrams repeat across texts (~90 % of
    look-ups hit), and hashing them was a third of the embedder's time."""
    h = _CRC_CACHE.get(feature)
    if h is None:
        h = zlib.crc32(feature.encode("utf-8"))
        if len(_CRC_CACHE) < _CRC_CACHE_MAX:
            _CRC_CACHE[feature] = h
    return h


class HashingEmbedder:
    uses_network = False
    #: texts per embedding-worker run (the worker's default suits slower models)
    preferred_batch = HASHING_EMBED_BATCH

    def __init__(self, dim: int = OFFLINE_EMBED_DIM) -> None:
        self.dim = dim
        # v2: equivalence-group features (vectors differ from v1's: a new embedding space, so
        # existing stores are re-embedded instead of mixing the two feature sets)
        self.model_id = f"magi-hashing-v2-{dim}"
        self._slots: dict[str, tuple[int, bool]] = {}

    def _slot(self, feat: str) -> tuple[int, bool]:
        """(bucket, negative) of a feature in this embedder's dimension, memoised like ``_crc``."""
        h = _crc(feat)
        out = (h % self.dim, not (h >> 31) & 1)
        if len(self._slots) < _CRC_CACHE_MAX:
            self._slots[feat] = out
        return out

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One ``np.add.at`` over the whole call: the flat index ``row * dim + bucket`` visits each
        row's buckets in the same order as a per-text vector would, so every float32 sum (and
        the vectors) is bit for bit what embedding the texts one at a time gives."""
        dim = self.dim
        n = len(texts)
        if not n:
            return np.zeros((0, dim), dtype=np.float32)
        slots, slot = self._slots, self._slot
        log = math.log
        index: list[int] = []
        values: list[float] = []
        for row, text in enumerate(texts):
            base = row * dim
            for feat, weight in _accumulate(text).items():
                s = slots.get(feat)
                if s is None:
                    s = slot(feat)
                v = (1.0 + log(weight)) if weight >= 1 else weight
                index.append(base + s[0])
                values.append(-v if s[1] else v)  # the sign bit: ±1.0 * v, exactly
        out = np.zeros((n, dim), dtype=np.float32)
        np.add.at(out.reshape(-1), np.array(index, dtype=np.int64),
                  np.array(values, dtype=np.float64).astype(np.float32))
        for row in range(n):
            vec = out[row]
            norm = float(np.linalg.norm(vec))
            if norm > 0:
                out[row] = vec / norm
        return out
