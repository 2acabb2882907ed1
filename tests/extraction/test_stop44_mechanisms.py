"""Stop 44: a relative's diagnosis told as 我舅也查出糖尿病了 made ``health: 舅也查出糖尿病`` the
user's live belief (the state pattern took 我 as the subject and the whole clause as the
condition's name)."""

from __future__ import annotations

import pytest

from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.rule_extractor import RuleExtractor


def _conditions(text: str) -> list[tuple[str, str]]:
    out = RuleExtractor().extract([ExtractionInput("e1", text)], [])
    return [(c.subject, c.object) for c in out.all_claims if c.predicate == "HAS_CONDITION"]


@pytest.mark.parametrize("text", ["我舅也查出糖尿病了", "我姑上个月查出高血压了", "我姨确诊乳腺炎了"])
def test_a_relatives_diagnosis_is_not_the_users_condition(text: str) -> None:
    assert not [c for c in _conditions(text) if c[0] == "user"]


@pytest.mark.parametrize(("text", "condition"), [("我胃病又犯了", "胃病"), ("我鼻炎好几年了", "鼻炎"),
                                                 ("我的颈椎病很严重", "颈椎病")])
def test_the_users_own_condition_is_still_read(text: str, condition: str) -> None:
    assert ("user", condition) in _conditions(text)


def test_a_pets_name_gives_back_the_adverb_the_tagger_took() -> None:
    """jieba tags 阿黄老 (before 是) as one name: 老是 is "always", the name is 阿黄."""
    from memory_core.extraction.names import zh_tokens

    words = [w for w, _f, _p in zh_tokens("我家虎皮鹦鹉阿黄老是啄自己毛")]
    assert "阿黄" in words and "老是" in words and "阿黄老" not in words
    claims = RuleExtractor().extract([ExtractionInput("e", "我家虎皮鹦鹉阿黄老是啄自己毛 是不是缺营养")], []).all_claims
    assert {c.object for c in claims if c.predicate == "HAS_PET"} == {"阿黄"}
