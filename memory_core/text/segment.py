"""Text segmentation for the FTS5 index and for queries, Chinese and English alike.

Index side: FTS5's ``unicode61`` tokenizer sees a run of Chinese characters as one token, so
"我喜欢喝咖啡" would only match itself; ``trigram`` cannot match 2-character words such as 咖啡.
We rewrite every CJK run into overlapping character bigrams plus its last character
("高压锅煲汤" → "高压 压锅 锅煲 煲汤 汤") before FTS5 sees it. This is the classic CJK
indexing scheme (Lucene's CJKAnalyzer): any word of two or more characters is a phrase of
consecutive bigrams, a single character is a prefix query, and it runs at ~9M chars/s — word
segmentation with jieba (~0.1–0.4M chars/s) on the write path would cap ingest throughput.

Query side: the query is short, so jieba splits it into words (高压锅, 咖啡, 空气炸锅) and each
word becomes an exact phrase over the bigram index. English words go through unchanged and
FTS5's porter stemmer matches "fryers" with "fryer".
"""

from __future__ import annotations

import re
import threading
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Iterator

from .stopwords import STOPWORDS

_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_CJK_CHAR = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"[0-9a-z][0-9a-z'_\-\.]*[0-9a-z]|[0-9a-z]", re.I)
_jieba_lock = threading.Lock()
_jieba = None


_CJK_SPLIT = re.compile(f"({_CJK_RUN.pattern})").split
_concat = str.__add__


def index_text(text: str) -> str:
    """The string handed to FTS5 for a document (lower-cased, CJK runs as bigrams).

    Every ingested event goes through here, so: ASCII text (no CJK possible) is returned
    lower-cased at once, and CJK runs come from one ``split`` (no match object and callback per
    run) with their bigrams built by ``map`` in C. Output is byte-identical to rewriting each run
    as ``" " + " ".join(bigrams) + " " + last + " "`` (a single character: ``" c "``).
    """
    lowered = text.lower()
    if lowered.isascii():
        return lowered
    parts = _CJK_SPLIT(lowered)
    if len(parts) == 1:
        return lowered
    parts[1::2] = [f" {run} " if len(run) == 1
                   else " " + " ".join(map(_concat, run, run[1:])) + f" {run[-1]} "
                   for run in parts[1::2]]
    return "".join(parts)


def has_cjk(text: str) -> bool:
    return bool(_CJK_CHAR.search(text))


class _WholeFileMarshal:
    """``marshal`` as jieba's module sees it while it loads its dictionary cache, except that
    ``load(file)`` reads the whole file and unmarshals the bytes. The stdlib's ``marshal.load``
    reads a file piece by piece: jieba's 9 MB prefix dictionary (498k words) took 1.1-1.25 s
    that way and 0.3 s from bytes — the same objects, in the same order. Writing the cache
    (``dump``) and everything else is the real module's."""

    def __init__(self, real: Any) -> None:
        self._real = real

    def load(self, file: Any) -> Any:
        return self._real.loads(file.read())

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@contextmanager
def _whole_file_marshal(jieba: Any) -> Iterator[None]:
    """jieba's ``marshal`` swapped for :class:`_WholeFileMarshal` during ``initialize``
    (called under ``_jieba_lock``, once per process)."""
    real = getattr(jieba, "marshal", None)
    if real is None:  # another jieba layout: leave it alone
        yield
        return
    jieba.marshal = _WholeFileMarshal(real)
    try:
        yield
    finally:
        jieba.marshal = real


def _get_jieba():
    global _jieba
    if _jieba is None:
        with _jieba_lock:
            if _jieba is None:
                import logging

                import jieba

                jieba.setLogLevel(logging.WARNING)
                with _whole_file_marshal(jieba):
                    jieba.initialize()
                from ..lexicon.categories import all_cjk_terms

                for word in all_cjk_terms():
                    jieba.add_word(word, freq=2000)
                _jieba = jieba
    return _jieba


def jieba_posseg():
    """jieba's part-of-speech tagger over the same dictionary as :func:`cjk_words` (the
    lexicon's words added): one loader, so a tagger never cuts differently depending on
    whether segmentation happened to run first in this process."""
    _get_jieba()
    import jieba.posseg

    return jieba.posseg


def jieba_knows(word: str) -> bool:
    """Whether ``word`` is in jieba's dictionary (with a frequency): a word it lacks is cut and
    tagged by its HMM guess, which for a brand or shop name (喜茶, 瑞幸) is often a verb."""
    return bool(_get_jieba().dt.FREQ.get(word))


def cjk_words(text: str) -> list[str]:
    """jieba word segmentation of the CJK parts of ``text`` (search mode: words and sub-words)."""
    jieba = _get_jieba()
    out: list[str] = []
    for run in _CJK_RUN.findall(text):
        out.extend(w for w in jieba.lcut_for_search(run) if w.strip())
    return out


@lru_cache(maxsize=4096)
def _query_terms_cached(text: str, keep_stopwords: bool) -> tuple[str, ...]:
    lowered = text.lower()
    terms: list[str] = []
    seen: set[str] = set()
    for w in _WORD.findall(lowered):
        w = w.strip("'.-_")
        if w and w not in seen and (keep_stopwords or w not in STOPWORDS):
            seen.add(w)
            terms.append(w)
    if has_cjk(lowered):
        words = [w for w in cjk_words(lowered) if keep_stopwords or w not in STOPWORDS]
        # lcut_for_search yields "喝咖啡" and its part "咖啡": keep multi-character parts (the
        # document may say "咖啡" alone) but drop single characters already inside a longer word
        for w in words:
            if w in seen or (len(w) == 1 and any(w != o and w in o for o in words)):
                continue
            seen.add(w)
            terms.append(w)
    return tuple(terms)


def query_terms(text: str, *, keep_stopwords: bool = False) -> list[str]:
    """Content words of a query, in order, de-duplicated (English words and Chinese words)."""
    return list(_query_terms_cached(text, keep_stopwords))


def fts_phrase(term: str) -> str:
    """One query term as an FTS5 expression over the bigram index."""
    t = term.lower()
    if has_cjk(t):
        parts = []
        for piece in re.split(r"([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)", t):
            if not piece.strip():
                continue
            if _CJK_RUN.fullmatch(piece):
                if len(piece) == 1:
                    parts.append(f"\"{piece}\" *")
                else:
                    parts.append(" ".join(piece[i:i + 2] for i in range(len(piece) - 1)))
            else:
                parts.append(" ".join(_WORD.findall(piece)))
        body = " ".join(p for p in parts if p)
        if body.endswith("*"):
            return body
        return f"\"{body}\""
    words = _WORD.findall(t)
    if not words:
        return ""
    return "\"" + " ".join(words).replace("\"", "\"\"") + "\""


def fts_or_query(terms: list[str]) -> str:
    """OR of the terms' phrases: BM25 ranks the documents by how many and how rare."""
    exprs = [fts_phrase(t) for t in terms]
    return " OR ".join(e for e in exprs if e)


def fts_and_query(terms: list[str]) -> str:
    exprs = [fts_phrase(t) for t in terms]
    return " AND ".join(e for e in exprs if e)
