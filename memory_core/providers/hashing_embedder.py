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
from ..policy import OFFLINE_EMBED_DIM
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


def features(text: str) -> Counter[str]:
    lowered = text.lower()
    acc: dict[str, float] = {}  # plain dict: Counter's __missing__ per new key was a fifth of this
    get = acc.get
    words = [stem(w) for w in _WORD.findall(lowered) if w not in STOPWORDS]
    for w in words:
        k = "w:" + w
        acc[k] = get(k, 0) + W_WORD
        padded = f"<{w}>"
        for i in range(len(padded) - 2):
            k = "c:" + padded[i:i + 3]
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
    return Counter(acc)


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

    def __init__(self, dim: int = OFFLINE_EMBED_DIM) -> None:
        self.dim = dim
        # v2: equivalence-group features (vectors differ from v1's: a new embedding space, so
        # existing stores are re-embedded instead of mixing the two feature sets)
        self.model_id = f"magi-hashing-v2-{dim}"

    def _vector(self, text: str) -> np.ndarray:
        dim, cache = self.dim, _CRC_CACHE
        buckets: list[int] = []
        values: list[float] = []
        for feat, weight in features(text).items():
            h = cache.get(feat)
            if h is None:
                h = _crc(feat)
            v = (1.0 + math.log(weight)) if weight >= 1 else weight
            buckets.append(h % dim)
            values.append(v if (h >> 31) & 1 else -v)  # the sign bit: ±1.0 * v, exactly
        vec = np.zeros(dim, dtype=np.float32)
        np.add.at(vec, np.array(buckets, dtype=np.int64),  # one call, same sums as a loop
                  np.array(values, dtype=np.float64).astype(np.float32))
        norm = float(np.linalg.norm(vec))
        return vec / norm if norm > 0 else vec

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.vstack([self._vector(t) for t in texts])
