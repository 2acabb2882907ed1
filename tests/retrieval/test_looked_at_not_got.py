"""A thing looked at and not got ("met a beagle at the shelter, so cute but we didn't adopt him",
周末去宠物店看了只柯基，超可爱，不过最后还是没买) is no pet of the user's: the state-line model reads
such a line as on the pet (p 0.86) and it was lifted above the pet the user has (sc-014)."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import not_gotten
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("text,expected", [
    ("周末去宠物店看了只柯基，超可爱，不过最后还是没买", True),
    ("Went to the shelter and met a beagle, so cute but we didn't adopt him.", True),
    ("Test drove the Model Y, loved it, but passed on it.", True),
    ("We adopted a beagle!", False),
    ("没买到票，只好开车去", False),
])
def test_not_gotten(text: str, expected: bool) -> None:
    assert not_gotten(text) is expected


@pytest.mark.parametrize("lang,lines,question,expect", [
    ("en", ["We have a cat named Mochi.", "Went to the shelter and met a beagle, so cute but we didn't adopt him."],
     "what pets do we have now?", "Mochi"),
    ("zh", ["我家胖虎（一只橘猫）又胖了两斤。", "周末去宠物店看了只柯基，超可爱，不过最后还是没买"], "我现在养了什么宠物？", "胖虎"),
], ids=["en", "zh"])
def test_the_pet_had_answers(lang, lines, question, expect, tmp_path, monkeypatch) -> None:
    """Through the CLI; the Chinese history put the corgi line first on the code before (the
    English one did not: a guard)."""
    assert_first_finding(told("lg", lang, "pet", lines, question, expect), tmp_path, monkeypatch)
