"""The category scan skips the positions no entry can start at (Latin words that begin no entry,
CJK characters no entry starts with). Skipping must be exact: the result is what stepping
through every position gives, on text built to put entries at every kind of boundary."""

from __future__ import annotations

import random

from memory_core.lexicon import categories
from memory_core.lexicon.categories import _find, _index, _latin_words, _prefixes
from memory_core.lexicon.scan import cjk_longest, start_pattern


def _stepping_find(text: str, which: str) -> tuple[str, ...]:
    """The scan with no skipping: every word, every character."""
    by_name, by_member = _index()
    table = by_name if which == "names" else by_member
    latin_prefixes, cjk_prefixes = _prefixes(which)
    lowered = text.lower()
    words = _latin_words(lowered)
    found: list[str] = []
    i = 0
    while i < len(words):
        best, cand = 0, words[i]
        for n in range(1, len(words) - i + 1):
            if n > 1:
                cand = cand + " " + words[i + n - 1]
            if cand in table:
                best = n
            if cand not in latin_prefixes:
                break
        if best:
            found.append(" ".join(words[i:i + best]))
            i += best
        else:
            i += 1
    found.extend(cjk_longest(lowered, table, cjk_prefixes))
    return tuple(found)


def _texts(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    by_name, by_member = _index()
    entries = sorted({*by_name, *by_member})
    filler = ["I", "bought", "a", "new", "the", "我", "买了", "一个", "和", "今天", "很", "好", "of", "air",
              "咖", "啡", "电", "子", "-", "'s", "，", "。", " "]
    out = []
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(1, 12)):
            if rng.random() < 0.45:
                e = rng.choice(entries)
                # whole entries, their heads and tails (prefixes that end without a match)
                cut = rng.choice([len(e), max(1, len(e) - 1), max(1, len(e) // 2)])
                parts.append(e[:cut] if rng.random() < 0.5 else e[-cut:])
            else:
                parts.append(rng.choice(filler))
        sep = rng.choice([" ", "", "，"])
        text = sep.join(parts)
        out.append(text.upper() if rng.random() < 0.1 else text)
    return out


def test_skipping_scan_equals_stepping_scan() -> None:
    categories._find.cache_clear()
    hits = 0
    for text in _texts(7, 3000):
        for which in ("names", "members"):
            got = _find(text, which)
            assert got == _stepping_find(text, which), (text, which)
            hits += bool(got)
    assert hits > 1000  # the texts do contain entries


def test_cjk_start_pattern_skips_only_what_cannot_match() -> None:
    table = {"空气炸锅", "咖啡", "咖啡机", "电子书"}
    prefixes = {e[:k] for e in table for k in range(1, len(e))}
    starts = start_pattern(table)
    for text in ["我买了空气炸锅和咖啡机", "咖咖啡", "没有", "电子电子书", "空气炸", "咖啡咖啡机咖"]:
        assert cjk_longest(text, table, prefixes, starts) == cjk_longest(text, table, prefixes)
    assert cjk_longest("没有条目", table, prefixes, start_pattern([])) == []


def test_remembered_runs_equal_the_whole_text_scan() -> None:
    """The CJK scan remembers each run's entries: a text whose runs were all seen before (in
    other texts, in another order) finds what scanning the whole text finds."""
    texts = _texts(11, 1500)
    rng = random.Random(3)
    shuffled = ["，".join(rng.sample(texts, 3)) for _ in range(500)]
    by_name, by_member = _index()
    for which, table in (("names", by_name), ("members", by_member)):
        _, cjk_prefixes = _prefixes(which)
        for text in texts + shuffled:
            lowered = text.lower()
            whole = cjk_longest(lowered, table, cjk_prefixes)
            got = _find(text, which)
            assert got[len(got) - len(whole):] == tuple(whole), (text, which)
