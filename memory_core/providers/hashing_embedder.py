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
import threading
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


#: a feature's weight by its key's prefix (``_accumulate`` adds these; every key of a prefix gets
#: the same weight, so a feature's summed weight is a function of its prefix and its count)
_PREFIX_WEIGHT = {"w": W_WORD, "c": W_CHAR3, "b": W_WORD_BIGRAM, "u": W_CJK_UNIGRAM, "z": W_CJK_BIGRAM,
                  "k": W_CONCEPT, "q": W_EQUIVALENT}
_PREFIXES = tuple(_PREFIX_WEIGHT)
#: counts up to this are read from a table; a feature repeated more often in one text is summed
#: in a loop (the same additions, so the same float)
_COUNT_TABLE = 64
#: distinct features remembered per embedder; past it the tables start again (bounded memory)
_FEATURE_TABLE_MAX = 300_000


#: distinct CJK runs remembered per embedder (a run's ids; past it new runs are not remembered)
_RUN_CACHE_MAX = 100_000

#: vectors remembered by text (1 kB each at 256 dimensions); past it the memo starts again
_VECTOR_CACHE_MAX = 8192


def _feature_value(weight: float, count: int) -> float:
    """The value ``embed`` gives a feature seen ``count`` times: ``_accumulate``'s float sum of
    ``count`` additions of ``weight`` (not ``weight * count``, which may round differently),
    then the sublinear term frequency."""
    total = 0
    for _ in range(count):
        total = total + weight
    return (1.0 + math.log(total)) if total >= 1 else total


_VALUE_TABLE = np.array([[_feature_value(_PREFIX_WEIGHT[p], n) if n else 0.0 for n in range(_COUNT_TABLE + 1)]
                         for p in _PREFIXES], dtype=np.float64)


class _FeatureIds:
    """Feature string → a small int, and per id its bucket, sign and prefix, as numpy arrays, so
    ``embed`` looks up a text's features once each and does the arithmetic on whole batches.

    The per-word and per-character caches hold ids, not strings: a repeated word costs one
    dictionary look-up for its word and trigram features together."""

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self.ids: dict[str, int] = {}
        self.words: dict[str, tuple[str, tuple[int, ...]] | None] = {}
        self.pairs: dict[tuple[str, str], int] = {}
        self.chars: dict[str, int] = {}
        self.cjk2: dict[str, int] = {}
        #: a CJK run → its ids: chat repeats its clauses (in a 20k import 195k runs, 3.4k distinct),
        #: and the per-character loop over them was the largest part of ``text_ids``
        self.runs: dict[str, tuple[int, ...]] = {}
        self._slot = np.zeros(1024, dtype=np.int64)
        self._neg = np.zeros(1024, dtype=bool)
        self._kind = np.zeros(1024, dtype=np.int64)

    def full(self) -> bool:
        return len(self.ids) >= _FEATURE_TABLE_MAX

    def id(self, feat: str) -> int:
        i = self.ids.get(feat)
        if i is None:
            i = len(self.ids)
            if i == len(self._slot):
                self._slot = np.resize(self._slot, 2 * i)
                self._neg = np.resize(self._neg, 2 * i)
                self._kind = np.resize(self._kind, 2 * i)
            h = zlib.crc32(feat.encode("utf-8"))  # once per feature: the id is what repeats
            self._slot[i] = h % self.dim
            self._neg[i] = not (h >> 31) & 1
            self._kind[i] = _PREFIXES.index(feat[0])
            self.ids[feat] = i
        return i

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return self._slot, self._neg, self._kind

    def _run_ids(self, run: str) -> tuple[int, ...]:
        """A CJK run's feature ids: its characters' (stopwords left out), then its bigrams'."""
        fid, out = self.id, []
        chars, cjk2 = self.chars, self.cjk2
        for ch in run:
            i = chars.get(ch)
            if i is None:
                i = chars[ch] = -1 if ch in STOPWORDS else fid("u:" + ch)
            if i >= 0:
                out.append(i)
        for j in range(len(run) - 1):
            bg = run[j:j + 2]
            i = cjk2.get(bg)
            if i is None:
                i = cjk2[bg] = fid("z:" + bg)
            out.append(i)
        return tuple(out)

    def text_ids(self, lowered: str) -> list[int]:
        """Every feature occurrence of a lower-cased text, as ids, in ``_accumulate``'s order."""
        fid, out = self.id, []
        words_cache, stems = self.words, []
        for raw in _WORD.findall(lowered):
            wf = words_cache.get(raw, False)
            if wf is False:
                f = _word_features(raw)
                wf = None if f is None else (f[0], (fid(f[1]), *map(fid, f[2])))
                words_cache[raw] = wf
            if wf is not None:
                stems.append(wf[0])
                out.extend(wf[1])
        if len(stems) > 1:
            pairs = self.pairs
            for pair in zip(stems, stems[1:]):
                i = pairs.get(pair)
                if i is None:
                    i = pairs[pair] = fid(f"b:{pair[0]}_{pair[1]}")
                out.append(i)
        runs = self.runs
        for run in _CJK_RUN.findall(lowered):
            ids = runs.get(run)
            if ids is None:
                ids = self._run_ids(run)
                if len(runs) < _RUN_CACHE_MAX:
                    runs[run] = ids
            out.extend(ids)
        for member, cat in members_in(lowered):
            out.append(fid("k:" + cat.key))
            concept = concept_of(member)
            if concept is not None:
                out.append(fid("q:" + concept))
        for cat in categories_named_in(lowered):
            out.append(fid("k:" + cat.key))
        return out


class HashingEmbedder:
    uses_network = False
    #: texts per embedding-worker run (the worker's default suits slower models)
    preferred_batch = HASHING_EMBED_BATCH

    def __init__(self, dim: int = OFFLINE_EMBED_DIM) -> None:
        self.dim = dim
        # v2: equivalence-group features (vectors differ from v1's: a new embedding space, so
        # existing stores are re-embedded instead of mixing the two feature sets)
        self.model_id = f"magi-hashing-v2-{dim}"
        self._features = _FeatureIds(dim)
        #: text → its vector: a terminal command, an edge's evidence or a summary comes back
        #: many times (a fifth of the texts of a 20k-event import were repeats)
        self._vectors: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """The vectors of ``texts``, bit for bit what ``_accumulate`` + per-feature hashing gives.

        Per text only the feature ids are collected (``Counter`` counts them in C, keeping the
        first-seen order); bucket, sign and value come from arrays for the whole call, and one
        ``np.add.at`` over the flat index ``row * dim + bucket`` visits each row's buckets in the
        order a per-text loop would, so every float32 sum is the same."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:  # the worker and a query may embed at once; feature ids are assigned in order
            cache = self._vectors
            got = {t: cache[t] for t in texts if t in cache}
            todo = [t for t in dict.fromkeys(texts) if t not in got]
            if todo:
                fresh = self._embed_new(todo)
                if len(cache) + len(todo) > _VECTOR_CACHE_MAX:
                    cache.clear()
                cache.update(zip(todo, fresh.copy()))  # a copy: the caller owns what it gets
                if len(todo) == len(texts):
                    return fresh
                got.update(zip(todo, fresh))
            return np.stack([got[t] for t in texts])

    def _embed_new(self, texts: Sequence[str]) -> np.ndarray:
        dim = self.dim
        n = len(texts)
        if self._features.full():
            self._features = _FeatureIds(dim)
        table = self._features
        keys: list[int] = []
        counts: list[int] = []
        lengths: list[int] = []
        for text in texts:
            c = Counter(table.text_ids(text.lower()))
            keys.extend(c.keys())
            counts.extend(c.values())
            lengths.append(len(c))
        out = np.zeros((n, dim), dtype=np.float32)
        if keys:
            slot, neg, kind = table.arrays()
            k = np.array(keys, dtype=np.int64)
            cnt = np.array(counts, dtype=np.int64)
            kinds = kind[k]
            values = _VALUE_TABLE[kinds, np.minimum(cnt, _COUNT_TABLE)]
            for i in np.flatnonzero(cnt > _COUNT_TABLE):
                values[i] = _feature_value(_PREFIX_WEIGHT[_PREFIXES[kinds[i]]], int(cnt[i]))
            values = np.where(neg[k], -values, values)
            flat = np.repeat(np.arange(n, dtype=np.int64) * dim, lengths) + slot[k]
            np.add.at(out.reshape(-1), flat, values.astype(np.float32))
        for row in range(n):  # per row: a 1-D norm is a dot product, a 2-D one sums otherwise
            vec = out[row]
            norm = float(np.linalg.norm(vec))
            if norm > 0:
                out[row] = vec / norm
        return out
