"""Ends told by how long since, or in the doctor's words: "It's been 6 months since my last
cigarette", "Hit 9 months sober yesterday", 医生说已经没有癌细胞了, "Decided to take a gap year" —
none was a change word, so the old state answered "am I still smoking?", "do I still drink?",
我现在还有癌症吗？, "am I in school right now?"."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import change_at
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("text,family", [
    ("It's been 6 months since my last cigarette.", "health"),
    ("Hit 9 months sober yesterday.", "diet"),
    ("化疗结束了，医生说已经没有癌细胞了。", "health"),
    ("Decided to take a gap year, I'm working at my uncle's shop until next fall.", "school"),
])
def test_an_end_counted_or_in_the_doctors_words_is_a_change(text: str, family: str) -> None:
    assert change_at(text, family) is not None


@pytest.mark.parametrize("text,family", [("Is a gap year a good idea?", "school"), ("How long since my last drink counts as sober?", "diet")])
def test_asked_it_is_none(text: str, family: str) -> None:
    assert change_at(text, family) is None


@pytest.mark.parametrize("sid,lang,family,lines,question,expect", [
    ("ec-1", "en", "health", ["I smoke about a pack a day.", "It's been 6 months since my last cigarette."],
     "am I still smoking?", "last cigarette"),
    ("ec-2", "en", "diet", ["I drink way too much.", "Hit 9 months sober yesterday."], "do I still drink?", "sober"),
    ("ec-3", "zh", "health", ["我查出了乳腺癌。", "化疗结束了，医生说已经没有癌细胞了。"], "我现在还有癌症吗？", "没有癌细胞"),
    ("ec-4", "en", "school", ["I'm a freshman at Penn State.", "Decided to take a gap year, I'm working at my uncle's shop until next fall."],
     "am I in school right now?", "gap year"),
], ids=["smoking", "sober", "cancer", "gap-year"])
def test_the_end_answers(sid, lang, family, lines, question, expect, tmp_path, monkeypatch) -> None:
    """Through the CLI: each put the old state first on the code before."""
    assert_first_finding(told(sid, lang, family, lines, question, expect), tmp_path, monkeypatch)
