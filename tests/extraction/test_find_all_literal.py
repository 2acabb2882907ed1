"""``find_all`` finds a term of ideographs alone with ``str.find``: the same spans as the term's
case-insensitive regex (``_term_pattern``), which it no longer compiles."""

from __future__ import annotations

import random
import _sre

from memory_core.bench.generator import generate
from memory_core.extraction.mentions import _ideographs_only, _term_pattern, find_all


def _regex_spans(text: str, term: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _term_pattern(term, False).finditer(text)]


def test_no_ideograph_has_a_case() -> None:
    """Why the regex of such a term is plain literals (``re._compiler`` emits a case-insensitive
    literal only for a cased character)."""
    for lo, hi in ((0x3400, 0x4DBF), (0x4E00, 0x9FFF)):
        assert not any(_sre.unicode_iscased(c) for c in range(lo, hi + 1))


def test_literal_spans_equal_the_regex_on_generated_chat() -> None:
    texts = [p.get("content") or "" for p in generate(3000, 7)]
    texts = [t for t in texts if t]
    rng = random.Random(3)
    terms = {"咖啡", "猫", "猫猫", "哈哈", "啊啊啊", "北京", "我", "的的", "上海迪士尼"}
    for t in rng.sample(texts, 300):  # pieces of the chat itself: terms that do occur
        run = "".join(ch for ch in t if "\u4e00" <= ch <= "\u9fff")
        if len(run) >= 2:
            i = rng.randrange(len(run) - 1)
            terms.add(run[i:i + rng.choice((1, 2, 3))])
    extra = ["猫猫猫猫猫", "啊啊啊啊啊啊啊", "咖啡咖啡 coffee 咖啡", "", "北京北京北"]
    checked = 0
    for term in terms:
        assert _ideographs_only(term)
        for text in texts[:400] + extra:
            assert find_all(text, term) == _regex_spans(text, term)
            checked += bool(find_all(text, term))
    assert checked > 100
    assert not _ideographs_only("iPhone手机") and not _ideographs_only("咖啡 ") and not _ideographs_only("")
    assert find_all("iPhone手机 IPHONE手机", "iphone手机") == [(0, 8), (9, 17)]


def _regex(text: str, term: str, plural: bool) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _term_pattern(term, plural).finditer(text)]


def test_ascii_spans_equal_the_regex() -> None:
    """In plain-case text (ASCII, Chinese, full-width forms) an ASCII term is found on the lower
    case with ``str.find``: the spans the term's regex (whole word, case ignored, "s" / "es"
    for plurals) finds."""
    texts = [p.get("content") or "" for p in generate(3000, 9)]
    texts = [t for t in texts if t and t.isascii()][:300] + [t for t in texts if t and not t.isascii()][:300]
    crafted = ["Boxes and boxs, a box_ or box1; BOX! boxess", "the bus buses busses BUS", "cat's cats catses Cats",
               "c++ and C++11 or (c++)", "a.b a.bs xa.b", "tea teas teaes steam tea-time", "ess esses ES", "s ss sss",
               "go going Go GOES goes", "air fryer air fryers Air-fryer", "_tea tea_ 9tea tea9",
               "我的tea和teas，喝TEA了", "买了box盒子boxes。Ｂｏｘ box", "猫cat猫cats猫", "iPhone手机 IPHONE手机"]
    terms = {"box", "bus", "cat", "c++", "a.b", "tea", "es", "s", "go", "air fryer", "Tea", "CAT", "iphone"}
    rng = random.Random(5)
    for t in rng.sample(texts, 200):
        words = t.split()
        if words:
            i = rng.randrange(len(words))
            terms.add(" ".join(words[i:i + rng.choice((1, 1, 2))]).strip(".,!?\"'"))
    terms.discard("")
    checked = 0
    for term in sorted(terms):
        for plural in (False, True):
            for text in texts + crafted:
                got = find_all(text, term, plural=plural)
                assert got == _regex(text, term, plural), (text, term, plural)
                checked += bool(got)
    assert checked > 500
    # not plain-case text: the regex decides (the Kelvin sign folds to k)
    assert find_all("\u212aitten", "kitten") == _regex("\u212aitten", "kitten", False) == [(0, 6)]
