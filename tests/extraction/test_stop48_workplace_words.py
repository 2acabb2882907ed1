"""Stop 48: a workplace told by a word for "the one I was at" (原单位, 老单位, 厂里) names no employer,
and how one works there (踏实, 安心) is no part of its name — found in a blind scenario set, where
"继续在原单位踏实工作" became the belief "employer: 原单位踏实". Each fails on the extractor before."""

from __future__ import annotations

import pytest

from memory_core.extraction.names import is_generic
from tests.extraction.claim_sets import claims, rel


@pytest.mark.parametrize("name,generic", [
    ("老单位", True), ("原单位", True), ("本公司", True), ("厂里", True), ("单位那边", True),
    ("小米", False), ("本田", False), ("新东方", False), ("老乡鸡", False), ("前海", False),
])
def test_a_kind_of_workplace_with_its_descriptor_or_locative_is_no_name(name: str, generic: bool) -> None:
    assert is_generic(name) is generic


@pytest.mark.parametrize("line", [
    "笔试没过，继续在原单位踏实工作，明年再说。",
    "我还是在老单位上班",
    "我在厂里安心上班，不想折腾了",
])
def test_no_employer_from_a_word_for_ones_own_workplace(line: str) -> None:
    assert not any(c[1] == "WORKS_AT" for c in claims(line)), claims(line)


def test_the_manner_of_working_is_cut_from_the_employer() -> None:
    assert rel("user", "WORKS_AT", "比亚迪") in claims("我在比亚迪踏实干了三年")
    assert rel("user", "WORKS_AT", "华为") in claims("我在华为认真工作了五年")
