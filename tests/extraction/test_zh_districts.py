"""The districts of China's largest cities are places: jieba tags many as a person's name (闵行,
徐汇: nr), so 定了 闵行那边的二手房 named no place and 徐汇这边租的老房子 made 徐汇 a person. A city
and its district stay one place (广州天河区, 上海浦东), and a district's characters inside other
words are none (那些花都是, 从化学角度: both left out of the list)."""

from __future__ import annotations

import pytest

from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.rule_extractor import RuleExtractor


def _entities(text: str) -> set[tuple[str, str]]:
    out = RuleExtractor().extract([ExtractionInput(event_id="e", content=text)], [])
    return {(e.name, e.entity_type) for e in out.entities}


def _residence(text: str) -> set[str]:
    out = RuleExtractor().extract([ExtractionInput(event_id="e", content=text)], [])
    return {str(c.value) for c in out.fact_claims if c.trait == "residence"}


@pytest.mark.parametrize("text,place", [
    ("定了 闵行那边的二手房 合同签了", "闵行"),
    ("徐汇这边租的老房子 水管又漏了", "徐汇"),
    ("我在海淀上班，住得也近", "海淀"),
])
def test_a_district_is_a_place(text: str, place: str) -> None:
    got = _entities(text)
    assert (place, "place") in got and not any(name == place and t == "person" for name, t in got)


def test_a_move_to_a_district_is_the_residence() -> None:
    assert _residence("搬到闵行了，离公司近多了") == {"闵行"}


@pytest.mark.parametrize("text,place", [("我搬到了广州天河区。", "广州天河区"), ("我住在上海浦东。", "上海浦东")])
def test_a_city_and_its_district_stay_one_place(text: str, place: str) -> None:
    assert {n for n, t in _entities(text) if t == "place"} == {place}


def test_district_characters_inside_other_words_are_no_place() -> None:
    assert not any(t == "place" for _, t in _entities("阳台上那些花都是我婆婆在养"))
    assert not any(t == "place" for _, t in _entities("从化学角度看这个问题很简单"))
