"""Somebody else's news is theirs when an adverb sits between them and their verb ("My dad
finally sold his old truck", "My sister recently moved to Austin", "My cousin actually got into
Stanford"), and with the user's clause after it ("…, I'm consoling her"); for a question on the
user's own partner, such a line is no newer word on the partner. The landlord's doing is the
user's home's news."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import SOMEONE_ELSE, not_own_state
from memory_core.retrieval.subject import other_subject
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("text,other", [
    ("My dad finally sold his old truck and bought a Tesla.", True),
    ("My sister recently moved to Austin with her husband.", True),
    ("My husband eventually took the offer from Amazon.", True),
    ("My cousin actually got into Stanford!", True),
    ("My coworker recently bought a Tesla Model 3, he won't shut up about it.", True),
    ("My best friend broke up with her boyfriend last night, I'm consoling her.", True),
    ("My parents finally moved to Florida, I'm helping them unpack.", True),
    ("My brother officially started at Microsoft today, I'm so proud of him.", True),
    # the user in the subject's own clause: the user's line
    ("My manager approved a raise for me", False),
    ("My dad finally got me a Tesla", False),
    # … or taking the sentence back after "so" / "then" (not reacting, not doing it for them)
    ("My daughter begged for months, so we finally adopted a puppy named Biscuit.", False),
    ("My husband got a job at Google, so we moved to Mountain View", False),
    ("My friend's dog died, so I'm taking her to dinner", True),
    ("My sister's wedding is next Saturday, I need a gift idea.", True),
    # an -ly word is no adverb after "my" alone ("my family…" is no person's word)
    ("My family finally moved to Leeds", False),
])
def test_whose_news_with_an_adverb_or_a_reply(text: str, other: bool) -> None:
    assert other_subject(text) is other


def test_the_landlords_doing_is_the_homes_news() -> None:
    assert not_own_state("my landlord finally fixed the boiler", speaker=None, author_type="user",
                         family="residence") is None
    assert not_own_state("My sister finally moved to Leeds", speaker=None, author_type="user",
                         family="residence") == SOMEONE_ELSE


CASES = [
    told("on-1", "en", "vehicle", ["I drive a Honda Civic.", "My dad finally sold his old truck and bought a Tesla."],
              "what car do I drive now?", "Civic", now="2024-06-01T10:00:00Z", start="2023-01-01", months=13),
    told("on-2", "en", "relationship",
              ["I'm dating Sam.", "My best friend broke up with her boyfriend last night, I'm consoling her."],
              "who is my partner now?", "Sam", now="2024-06-01T10:00:00Z", start="2023-01-01", months=13),
    told("on-3", "en", "residence", ["I live in Portland.", "My sister recently moved to Austin with her husband."],
              "where do I live now?", "Portland", now="2024-06-01T10:00:00Z", start="2023-01-01", months=13),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_another_persons_news_does_not_answer_the_users_state(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query`` (default offline embedder); each came first
    on the code before."""
    assert_first_finding(data, tmp_path, monkeypatch)
