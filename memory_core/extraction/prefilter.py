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

Reading the literals means parsing every pattern (~0.45 s for the ~500 statement patterns, in
every process that imports the extractor), so they are kept in ``prefilter_literals.json``
beside this module, keyed by a hash of each pattern's source and flags: a pattern that is new or
changed misses the file and is parsed as before (the results never depend on the file being
current), and ``tests/extraction/test_prefilter.py`` fails until it is rewritten with
``python -m memory_core.extraction.prefilter``.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path
from re import _constants as sre  # noqa: PLC2701 - the parse tree is the only place the literals are written down
from re import _parser as sre_parse  # noqa: PLC2701
from typing import Any, Iterable, Protocol, Sequence

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


class _Source(Protocol):
    """A compiled pattern or a :class:`~.lazy_regex.LazyPattern`: its source is enough."""

    @property
    def pattern(self) -> str: ...

    @property
    def flags(self) -> int: ...


#: the file of literals read by earlier runs (see the module's docstring)
CACHE_PATH = Path(__file__).with_name("prefilter_literals.json")


def required_literals(regex: _Source) -> frozenset[str] | None:
    """Lower-cased strings one of which every match of ``regex`` contains, or None."""
    req = _required(sre_parse.parse(regex.pattern, regex.flags))
    return req if req and all(req) else None


def pattern_key(regex: _Source) -> str:
    """The cache key of a pattern: its source and flags, hashed (the flags of a compiled
    pattern include the implicit ``re.UNICODE``; a lazy one's do not, so they are masked)."""
    flags = regex.flags & ~re.UNICODE
    return hashlib.blake2b(f"{flags}\x00{regex.pattern}".encode(), digest_size=12).hexdigest()


def load_cache(path: Path = CACHE_PATH) -> dict[str, list[str] | None]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def literals_of(patterns: Sequence[_Source], path: Path = CACHE_PATH) -> tuple[frozenset[str] | None, ...]:
    """:func:`required_literals` of each pattern, from the file where it holds the pattern's key."""
    cached = load_cache(path)
    out: list[frozenset[str] | None] = []
    for regex in patterns:
        key = pattern_key(regex)
        if key in cached:
            hit = cached[key]
            out.append(frozenset(hit) if hit is not None else None)
        else:
            out.append(required_literals(regex))
    return tuple(out)


def cache_contents(patterns: Sequence[_Source]) -> dict[str, list[str] | None]:
    """What the file should hold for these patterns (sorted, for a stable diff)."""
    out: dict[str, list[str] | None] = {}
    for regex in patterns:
        req = required_literals(regex)
        out[pattern_key(regex)] = sorted(req) if req is not None else None
    return dict(sorted(out.items()))


def write_cache(patterns: Sequence[_Source], path: Path = CACHE_PATH) -> int:
    contents = cache_contents(patterns)
    lines = ",\n".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in contents.items())
    path.write_text("{\n" + lines + "\n}\n", encoding="utf-8")  # one pattern a line: a readable diff
    return len(contents)


class LiteralIndex:
    """Every required literal of a list of patterns, looked up by its first two characters (one
    for a one-character literal), so the literals a sentence contains are found once for all
    patterns: a literal in the sentence starts at a position whose two characters (or one) are a
    key, so only the literals under the sentence's own bigrams and characters are tested.

    ``not literals.isdisjoint(index.present(lowered))`` is ``may_match(literals, lowered)`` for
    every pattern whose literal set went into the index (the per-pattern ``any(... in ...)``
    tested the same literals again for each of ~300 patterns a sentence)."""

    __slots__ = ("_by_head", "_heads", "_empty")

    def __init__(self, literal_sets: Iterable[frozenset[str] | None]) -> None:
        by_head: dict[str, set[str]] = {}
        self._empty = False
        for literals in literal_sets:
            for lit in literals or ():
                if lit:
                    by_head.setdefault(lit[:2], set()).add(lit)
                else:
                    self._empty = True  # "" is in every text
        self._by_head = {k: tuple(sorted(v)) for k, v in by_head.items()}
        self._heads = frozenset(by_head)

    def present(self, lowered: str) -> frozenset[str]:
        """The indexed literals that occur in ``lowered``."""
        by_head = self._by_head
        heads = set(map(str.__add__, lowered, lowered[1:]))
        heads.update(lowered)
        found = {lit for head in heads & self._heads for lit in by_head[head] if lit in lowered}
        if self._empty:
            found.add("")
        return frozenset(found)


def may_match(literals: frozenset[str] | None, lowered: str) -> bool:
    """Whether a pattern with these :func:`required_literals` can match the text whose lower
    case is ``lowered`` (only meaningful for :func:`plain_case` text)."""
    return literals is None or any(s in lowered for s in literals)


if __name__ == "__main__":  # rewrite the literals file after the statement patterns changed
    from .patterns import PATTERNS

    n = write_cache([p.regex for p in PATTERNS])
    print(f"{CACHE_PATH}: {n} patterns", file=sys.stderr)
