"""Mechanisms of stop 41's extraction change, tested by wordings that are not the line that
showed it: an animal promised as a gift is not had (reported speech of a plan)."""

from __future__ import annotations

import pytest

from tests.extraction.claim_sets import claims, rel


@pytest.mark.parametrize("text", [
    "我表姐说要送我一只小猫",
    "同事答应送我一只柯基",
    "我妈打算送我一只兔子当生日礼物",
])
def test_an_animal_promised_is_no_pet(text: str) -> None:
    assert not [c for c in claims(text) if c[1] == "HAS_PET"], claims(text)


@pytest.mark.parametrize(("text", "pet"), [("朋友送了我一只小猫", "小猫"), ("邻居送我一只布偶猫", "布偶猫")])
def test_an_animal_given_is_still_a_pet(text: str, pet: str) -> None:
    assert rel("user", "HAS_PET", pet) in claims(text), claims(text)
