"""保研去了复旦 (admitted to Fudan's graduate school without an exam) is a school's news, never a
workplace: the "went to X" job rule read it as WORKS_AT 复旦, and "where do I study now?" was
answered by the old school. An admission alone is no claim of attendance (the dev sets' label:
"I got into Duke!", 我考上了中山大学的研究生); retrieval reads 保研 as a school's change word."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import change_at
from tests.extraction.claim_sets import claims, rel


@pytest.mark.parametrize("text", ["我保研去了复旦。", "读博去了中科院。", "她保研去了北大。"])
def test_a_graduate_place_is_no_workplace(text: str) -> None:
    assert not any(c[1] == "WORKS_AT" for c in claims(text))


def test_going_to_a_company_is_still_a_job() -> None:
    assert rel("user", "WORKS_AT", "腾讯") in claims("我去了腾讯。")


def test_the_admission_is_a_schools_change_word() -> None:
    assert change_at("我保研去了复旦。", "school") is not None
    assert change_at("I've been accepted to MIT for my PhD.", "school") is not None
