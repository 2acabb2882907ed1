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
from memory_core.extraction.prefilter import may_match, plain_case, required_literals
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
