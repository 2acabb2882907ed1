"""The statement patterns' prefilter (``extraction/prefilter.py``) may only skip a pattern that
cannot match: every match any pattern finds in the labelled sentences (all dev sets, the
normalised English and the Chinese as the extractor scans them) and in generated chat must
contain one of the pattern's required literals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from memory_core.bench.generator import generate
from memory_core.extraction.patterns import PATTERNS, STATE_PATTERNS
from memory_core.extraction.lazy_regex import LazyPattern
from memory_core.extraction.prefilter import (cache_contents, literals_of, load_cache, may_match, pattern_key, plain_case,
                                              required_literals)
from memory_core.extraction.rule_engine import normalize_en
from memory_core.text.segment import has_cjk

_DIR = Path(__file__).parent


def _sentences() -> list[str]:
    out: list[str] = []
    for path in sorted(_DIR.glob("*_sentences.json")):
        if path.name.startswith("heldout"):
            continue  # scored elsewhere, never read item by item
        out += [item["text"] for item in json.loads(path.read_text(encoding="utf-8"))["items"]]
    out += [p["content"] for p in generate(1500, 3) if p.get("type") == "chat"]
    return out


def test_every_match_contains_a_required_literal() -> None:
    texts = [t for raw in _sentences()
             for t in dict.fromkeys([raw, raw if has_cjk(raw) else normalize_en(raw)]) if plain_case(t)]
    assert len(texts) > 2000
    lowered = [t.lower() for t in texts]
    scans = skipped = 0
    for pattern in [p.regex for p in PATTERNS] + [p.regex for p in STATE_PATTERNS]:
        literals = required_literals(pattern)
        for text, low in zip(texts, lowered):
            scans += 1
            if may_match(literals, low):
                continue
            skipped += 1
            assert pattern.search(text) is None, (pattern.pattern[:80], text)
    assert skipped > scans * 0.5  # it does skip most scans


@pytest.mark.parametrize(("regex", "texts", "expect"), [
    (r"(?:i|we) (?P<verb>moved to|relocated to) (?P<obj>\w+)", ["i moved to paris"], {"moved to", "relocated to"}),
    (r"我(?:已经)?(?P<verb>辞职|离职)了", ["我辞职了"], {"辞职", "离职"}),
    (r"(?i)I (?:quit|left) (?:my job)?", ["I QUIT my job", "i left "], {"quit", "left"}),
    (r"[买卖]了(?P<obj>.+)", ["卖了车"], {"了"}),
    (r"(?:a|b)+c?", ["ab"], {"a", "b"}),
    (r"x*y?", ["xx"], None),  # nothing is required
])
def test_required_literals_of_small_patterns(regex: str, texts: list[str], expect: set[str] | None) -> None:
    rx = re.compile(regex)
    got = required_literals(rx)
    assert (set(got) if got is not None else None) == expect
    for t in texts:
        assert rx.search(t) and may_match(got, t.lower())


def test_literals_file_is_current() -> None:
    """The literals file holds exactly the current patterns' literals (a stale file is only
    slower, never wrong — see the next test — but it should not stay stale)."""
    expected = cache_contents([p.regex for p in PATTERNS])
    assert load_cache() == expected, "rewrite it: python -m memory_core.extraction.prefilter"


def test_literals_file_is_used_by_key_and_missed_for_a_changed_pattern(tmp_path: Path) -> None:
    a, b = LazyPattern(r"i (?:moved|relocated) to (?P<obj>\w+)"), LazyPattern(r"我(?P<verb>辞职|离职)了")
    path = tmp_path / "lit.json"
    path.write_text(json.dumps({pattern_key(a): ["planted"]}), encoding="utf-8")
    got = literals_of([a, b], path)
    assert got[0] == frozenset({"planted"})  # read from the file, not parsed
    assert got[1] == frozenset({"辞职", "离职"})  # not in the file: parsed
    assert pattern_key(a) == pattern_key(re.compile(a.pattern))  # compiled or lazy: one key
    assert literals_of([b], tmp_path / "missing.json") == (frozenset({"辞职", "离职"}),)


def test_lazy_pattern_compiles_on_first_use_and_matches_as_re() -> None:
    lazy = LazyPattern(r"(?P<verb>moved to) (?P<obj>\w+)")
    assert not lazy.is_compiled
    assert lazy.pattern.startswith("(?P<verb>")  # readable without compiling
    assert not lazy.is_compiled
    rx = re.compile(lazy.pattern)
    text = "we moved to lyon and then moved to nice"
    assert [m.span("obj") for m in lazy.finditer(text)] == [m.span("obj") for m in rx.finditer(text)]
    assert lazy.is_compiled
    assert lazy.search("nothing here") is None


def test_importing_the_extractor_compiles_no_statement_pattern() -> None:
    import subprocess
    import sys
    code = ("from memory_core.extraction import rule_extractor; from memory_core.extraction.patterns import PATTERNS; "
            "print(sum(p.regex.is_compiled for p in PATTERNS), len(PATTERNS))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out[0] == "0" and int(out[1]) > 400


def test_literal_index_decides_as_may_match() -> None:
    """The extractor looks a sentence's literals up once (``LiteralIndex``) and asks each pattern
    whether its set meets them: for every pattern of each language and every sentence as the
    extractor prepares it, that must be ``may_match``."""
    from memory_core.extraction.prefilter import LiteralIndex
    from memory_core.extraction.rule_engine import _LANG_LITERALS, _LANG_PATTERNS

    texts = [t for raw in _sentences()
             for t in dict.fromkeys([raw, raw if has_cjk(raw) else normalize_en(raw)]) if plain_case(t)]
    texts += ["", "a", " ", "我", "i", "moved to", "辞职了"]
    checked = kept = 0
    for text in texts:
        low = text.lower()
        for zh in (True, False):
            present = _LANG_LITERALS[zh].present(low)
            for _, literals in _LANG_PATTERNS[zh]:
                keep = literals is None or not literals.isdisjoint(present)
                assert keep == may_match(literals, low), (text, sorted(literals or ()))
                checked += 1
                kept += keep
    assert checked > 500_000 and 0 < kept < checked
    odd = LiteralIndex([frozenset({"", "ab"}), None, frozenset({"x"})])
    assert odd.present("zzz") == frozenset({""}) and odd.present("xab") == frozenset({"", "ab", "x"})
