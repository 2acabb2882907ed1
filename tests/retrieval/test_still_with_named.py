""""Am I still with Royal Mail?" asked the relationship by its words ("am i still with"), so the
line that told the retirement (a work change) was not lifted and the old rounds came first. With a
capitalised name after "still with" the family is the named thing's, read off the user's lines
about it (``service._family_of_named``): an employer's or a partner's alike."""

from __future__ import annotations

import pytest

from memory_core.retrieval.predicates import question_family
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("question", ["am I still with Royal Mail?", "Am I still with Luca?", "are we still with Comcast?"])
def test_a_name_after_still_with_leaves_the_family_to_the_name(question: str) -> None:
    assert question_family(question) is None


@pytest.mark.parametrize("question", ["am i still with deshawn?", "am I still with my girl or what?",
                                      "am I still with Callum, my boyfriend?"])
def test_still_with_a_partner_word_asks_the_relationship(question: str) -> None:
    family = question_family(question)
    assert family is not None and family.name == "relationship"


CASES = [
    told("sw-1", "en", "job", ["Been driving for UPS out of the Memphis hub for 22 years, my back knows it.",
                               "That's it, retired as of Friday! Handed in my badge and had cake with the crew."],
         "am I still with UPS?", "retired"),
    told("sw-2", "en", "relationship", ["Me and Jordan just hit one year together, dinner at our spot tonight.",
                                        "Jordan and I broke up. It was mutual, still hurts."],
         "am I still with Jordan?", "broke up"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_named_things_change_answers(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query``: sw-1 put the old job first on the code before
    (sw-2 is a guard: a partner by name)."""
    assert_first_finding(data, tmp_path, monkeypatch)
