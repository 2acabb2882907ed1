"""Find the entries of a bilingual phrase table in a text: longest match, whole words in Latin
script, characters in CJK.

``categories._find`` does the same for the category lexicon (its Latin scan kept as it is: the
rule extractor depends on its exact behaviour; the CJK scan is ``cjk_longest``, shared); the
concept families (``concepts.py``) need the same scan over
their own table, plus one thing a question needs and a statement list does not: an English
plural ("cats", "allergies") finds its singular entry, so the table lists each word once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Container, Iterable

_LATIN_WORD = re.compile(r"[0-9a-z][0-9a-z'\-]*")
_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")


def is_cjk(s: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in s)


def singular(word: str) -> str | None:
    """A naive English singular ("allergies" → "allergy", "cats" → "cat"), or None."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return None


def start_pattern(entries: Iterable[str]) -> re.Pattern[str]:
    """A character class of the first characters of the CJK entries: the only characters a
    match can start at, so :func:`cjk_longest` jumps between them instead of stepping."""
    firsts = sorted({e[0] for e in entries if e and _CJK_RUN.match(e[0])})
    return re.compile("[" + "".join(re.escape(c) for c in firsts) + "]" if firsts else "(?!)")


def cjk_runs(lowered: str) -> list[str]:
    """The maximal CJK runs of a text, as :func:`cjk_longest` reads it: no entry spans two runs,
    so a run scanned alone finds what the whole text's scan finds in it."""
    return _CJK_RUN.findall(lowered)


def cjk_longest(lowered: str, table: Container[str], prefixes: Container[str],
                starts: re.Pattern[str] | None = None) -> list[str]:
    """Entries of ``table`` in the CJK runs of ``lowered``: the longest at each character,
    non-overlapping, left to right; a candidate grows only while it is in ``prefixes`` (the
    proper prefixes of the entries), so most characters cost one look-up. ``starts``
    (:func:`start_pattern` of the table) skips the characters no entry starts with — at such a
    character the scan would find nothing and step on, so the result is the same."""
    found: list[str] = []
    for run in cjk_runs(lowered):
        size = len(run)
        j = 0
        while j < size:
            if starts is not None:
                m = starts.search(run, j)
                if m is None:
                    break
                j = m.start()
            best = 0
            for end in range(j + 1, size + 1):
                cand = run[j:end]
                if cand in table:
                    best = end
                if cand not in prefixes:
                    break
            if best:
                found.append(run[j:best])
                j = best
            else:
                j += 1
    return found


@dataclass(slots=True)
class PhraseTable:
    """A set of phrases (lower-cased) and the prefixes a scan may extend through."""

    entries: frozenset[str]
    _latin_prefixes: frozenset[str] = field(default=frozenset(), repr=False)
    _cjk_prefixes: frozenset[str] = field(default=frozenset(), repr=False)

    @classmethod
    def of(cls, phrases: Iterable[str]) -> "PhraseTable":
        entries = frozenset(p.lower().strip() for p in phrases if p.strip())
        latin: set[str] = set()
        cjk: set[str] = set()
        for e in entries:
            if is_cjk(e):
                cjk.update(e[:k] for k in range(1, len(e)))
            else:
                parts = e.split()
                latin.update(" ".join(parts[:k]) for k in range(1, len(parts)))
        return cls(entries, frozenset(latin), frozenset(cjk))

    def find(self, text: str) -> list[str]:
        """Entries in ``text``, left to right, non-overlapping, the longest at each position.
        A Latin word also matches through its singular (see :func:`singular`)."""
        lowered = text.lower()
        found: list[str] = []
        words = [m.group(0).strip("'-") for m in _LATIN_WORD.finditer(lowered)]
        words = [w[:-2] if w.endswith("'s") else w for w in words]
        i = 0
        while i < len(words):
            best, best_entry, cand, cand_sg = 0, "", "", ""
            for n in range(1, len(words) - i + 1):
                w = words[i + n - 1]
                cand = w if n == 1 else cand + " " + w
                sg = singular(w)
                cand_sg = (sg or w) if n == 1 else cand_sg + " " + (sg or w)
                if cand in self.entries:
                    best, best_entry = n, cand
                elif sg and cand_sg in self.entries:
                    best, best_entry = n, cand_sg
                if cand not in self._latin_prefixes and cand_sg not in self._latin_prefixes:
                    break
            if best:
                found.append(best_entry)
                i += best
            else:
                i += 1
        found.extend(cjk_longest(lowered, self.entries, self._cjk_prefixes))
        return found
