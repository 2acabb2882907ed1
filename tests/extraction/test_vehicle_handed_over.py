"""A car handed to the user by somebody ("My brother sold me his old F-150", "my dad gave me his
old Camry") is the user's now; a loan is not, nor is any other thing handed over."""

from __future__ import annotations

import pytest

from tests.extraction.claim_sets import claims, rel


@pytest.mark.parametrize("text,car", [
    ("My brother sold me his old F-150, so the Prius is gone.", "f-150"),
    ("My dad gave me his old Camry.", "camry"),
    ("My sister sold me her Civic.", "civic"),
])
def test_a_car_handed_over_is_the_users(text: str, car: str) -> None:
    assert rel("user", "DRIVES", car) in claims(text)


@pytest.mark.parametrize("text", ["My friend lent me his Tesla for the weekend.", "My brother gave me his old laptop."])
def test_a_loan_or_another_thing_is_no_car_of_the_users(text: str) -> None:
    assert not any(c[1] == "DRIVES" and c[0] == "user" and not c[4] for c in claims(text))


def test_in_a_speakers_line_it_is_the_speakers() -> None:
    got = claims("my dad gave me his old Camry", speaker="Jenna")
    assert rel("user", "DRIVES", "camry") not in got
