"""Which statement patterns can match a sentence, decided before running them.

The rule extractor tries some 340 regular expressions on every sentence a user writes, and
almost all of them find nothing: scanning them was most of the statement step. Nearly every
pattern has literal text that every match contains — its verb ("moved to", 辞职, 搬到) or a fixed
word around it. :func:`required_literals` reads that from the compiled pattern's own parse tree
(a set of strings, one of which any match contains), and a sentence containing none of them is
not scanned. The test is exact in what it keeps: a pattern that could match is always scanned
(``tests/extraction/test_prefilter.py`` checks every pattern against every dev sentence).

Literals are compared in lower case against the lower-cased sentence, which is sound for text
whose case folding ``str.lower`` reproduces (:func:`plain_case`); other text scans every pattern.
"""

from __future__ import annotations

import re
from re import _constants as sre  # noqa: PLC2701 - the parse tree is the only place the literals are written down
from re import _parser as sre_parse  # noqa: PLC2701
from typing import Any, Iterable

#: Text of only these characters (ASCII, CJK, their punctuation, full-width forms): a
#: case-insensitive match in it is a match of the lower-cased literals in ``str.lower()`` of it
#: (no character with Python's extra case equivalences, ſ/s or K/k, is in these ranges)
_PLAIN_CASE = re.compile(r"[\x00-\x7f\u2000-\u206f\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff"
                         r"\uf900-\ufaff\uff00-\uffef]*")

_REPEATS = tuple(op for op in (sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", None)) if op)
_ATOMIC = getattr(sre, "ATOMIC_GROUP", None)


def plain_case(text: str) -> bool:
    return text.isascii() or _PLAIN_CASE.fullmatch(text) is not None


def _charset(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    """A character class of plain literals ([买卖], or a branch of single characters the parser
    folded into one): the set of its characters; None for ranges, categories, negation."""
    if items and all(op is sre.LITERAL for op, _ in items):
        return frozenset(chr(av).lower() for _, av in items)
    return None


def _required(seq: Iterable[tuple[Any, Any]]) -> frozenset[str] | None:
    """Strings of which every match of the sequence contains at least one (None: none known).

    A run of literals is matched as one string; a group requires what its content requires; a
    branch requires one of what each alternative requires; a repeat of at least one requires
    what its body requires. Of the sets a sequence offers, the one whose shortest string is
    longest is kept (the most selective)."""
    candidates: list[frozenset[str]] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            candidates.append(frozenset(["".join(run).lower()]))
            run.clear()

    for op, av in seq:
        if op is sre.LITERAL:
            run.append(chr(av))
            continue
        flush()  # zero-width items too: the literals either side are kept apart (still sound)
        req: frozenset[str] | None = None
        if op is sre.SUBPATTERN:
            req = _required(av[3])
        elif op is sre.BRANCH:
            alternatives = [_required(alt) for alt in av[1]]
            if alternatives and all(a is not None for a in alternatives):
                req = frozenset().union(*alternatives)  # type: ignore[arg-type]
        elif op in _REPEATS:
            low, _high, body = av
            if low >= 1:
                req = _required(body)
        elif _ATOMIC is not None and op is _ATOMIC:
            req = _required(av)
        elif op is sre.IN:
            req = _charset(av)
        if req:
            candidates.append(req)
    flush()
    if not candidates:
        return None
    return max(candidates, key=lambda s: (min(map(len, s)), -len(s)))


def required_literals(regex: re.Pattern[str]) -> frozenset[str] | None:
    """Lower-cased strings one of which every match of ``regex`` contains, or None."""
    req = _required(sre_parse.parse(regex.pattern, regex.flags))
    return req if req and all(req) else None


def may_match(literals: frozenset[str] | None, lowered: str) -> bool:
    """Whether a pattern with these :func:`required_literals` can match the text whose lower
    case is ``lowered`` (only meaningful for :func:`plain_case` text)."""
    return literals is None or any(s in lowered for s in literals)
