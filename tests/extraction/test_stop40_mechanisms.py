"""Mechanisms of stop 40's extraction round, tested by wordings that are not the lines that
showed them: the big banks as chat shortens them are employers."""

from __future__ import annotations

import pytest

from tests.extraction.claim_sets import claims, rel, trait


@pytest.mark.parametrize(("text", "bank"), [
    ("我在工行做柜员，天天被客户骂", "工行"),
    ("在建行上班第三年了", "建行"),
    ("我在农行做信贷", "农行"),
])
def test_a_bank_by_its_chat_name_is_the_employer(text: str, bank: str) -> None:
    got = claims(text)
    assert rel("user", "WORKS_AT", bank) in got and trait("user", "WORKS_AT", bank) in got, got
