"""A state denied ever to have been held ("I never worked at Google, people always assume I
did", 我从来没在阿里干过) is no word on the state the user holds: the state-line model reads such
a line as telling a job (p 0.81) and it was lifted above the user's employer. An end ("I don't
work at Stripe anymore") and a feeling ("I've never been happier", 从来没这么开心过) are not read
so."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import NEVER_HELD, not_own_state
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("text,family,never", [
    ("I never worked at Google, people always assume I did.", "work", True),
    ("We have never owned a car.", "vehicle", True),
    ("I've never been vegan, just vegetarian.", "diet", True),
    ("我从来没在阿里干过，别人老以为我在阿里。", "work", True),
    ("没养过狗，只养过猫", "pet", True),
    ("I don't work at Stripe anymore", "work", False),
    ("I've never been happier since moving to Denver", "residence", False),
    ("我从来没这么开心过", "residence", False),
    ("I moved to Denver and have never looked back", "residence", False),
    ("我还没吃过这家店", "diet", False),
])
def test_a_state_never_held(text: str, family: str, never: bool) -> None:
    assert (not_own_state(text, speaker=None, author_type="user", family=family) == NEVER_HELD) is never


CASES = [
    told("nh-1", "en", "employer", ["I work at Stripe.", "I never worked at Google, people always assume I did."],
              "where do I work now?", "Stripe", now="2024-09-01T10:00:00Z"),
    told("nh-2", "zh", "employer", ["我在美团上班。", "我从来没在阿里干过，别人老以为我在阿里。"], "我现在在哪上班？", "美团", now="2024-09-01T10:00:00Z"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_a_denial_does_not_answer_where_the_user_works(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query`` (default offline embedder); both put the
    denial first on the code before."""
    assert_first_finding(data, tmp_path, monkeypatch)
