"""One line may name several values of a state one holds at once: conditions ("I have asthma and
type 2 diabetes", 我有哮喘、高血压和糖尿病) and pets ("We have a dog named Rex and a cat named Tom").
The rules kept the first and dropped the rest, so the second condition or pet was never a belief
and a later end of the first left nothing to answer with."""

from __future__ import annotations

import pytest

from tests.extraction.claim_sets import claims, rel


@pytest.mark.parametrize("text,conditions", [
    ("I have asthma and type 2 diabetes.", ("asthma", "type 2 diabetes")),
    ("我有哮喘和高血压。", ("哮喘", "高血压")),
    ("我有哮喘、高血压和糖尿病。", ("哮喘", "高血压", "糖尿病")),
])
def test_a_list_of_conditions_is_each_held(text: str, conditions: tuple[str, ...]) -> None:
    got = claims(text)
    assert all(rel("user", "HAS_CONDITION", c) in got for c in conditions)


@pytest.mark.parametrize("text", ["I was diagnosed with anxiety and it's been hard.", "I have asthma and my son has eczema."])
def test_only_a_list_of_conditions_is_split(text: str) -> None:
    got = claims(text)
    assert not any(c[1] == "HAS_CONDITION" and c[2] not in ("anxiety", "asthma") for c in got)


@pytest.mark.parametrize("text,pets", [
    ("We have a dog named Rex and a cat named Tom.", ("rex", "tom")),
    ("We have a dog, Milo, and a parrot named Kiwi.", ("milo", "kiwi")),
])
def test_a_list_of_named_pets_is_each_had(text: str, pets: tuple[str, ...]) -> None:
    got = claims(text)
    assert all(rel("user", "HAS_PET", p) in got for p in pets)


@pytest.mark.parametrize("text", ["My sister has a dog named Rex and a cat named Tom.",
                                  "I have a cat named Luna and a husband named Tom."])
def test_someone_elses_or_no_pet_is_not_the_users(text: str) -> None:
    assert rel("user", "HAS_PET", "tom") not in claims(text)
