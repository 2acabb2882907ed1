"""Ends told in words the change lists lacked: a bird that "flew out the window … and never came
back", "Tom called off the engagement" (read as a change *called off*, so lowered). Each came
after the state it ended and lost to it."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import change_at, not_own_state
from tests.retrieval.cli_scenarios import assert_first_finding, history


@pytest.mark.parametrize("text,family", [
    ("Kiwi flew out the window on Tuesday and never came back.", "pet"),
    ("Our dog slipped the lead and hasn't come back.", "pet"),
    ("Tom called off the engagement. I'm devastated.", "relationship"),
    ("We broke off our engagement last month.", "relationship"),
    ("我们退婚了。", "relationship"),
])
def test_an_end_in_other_words_is_a_change(text: str, family: str) -> None:
    found = change_at(text, family)
    assert found is not None
    assert not_own_state(text, speaker=None, author_type="user", family=family, at=found[1]) is None


def test_a_booking_called_off_is_still_no_change() -> None:
    assert change_at("We called off the wedding venue booking", "relationship") is None


def _scenario(sid: str, family: str, lines: list[str], question: str, expect: str) -> dict:
    return history(sid, "en", family, list(zip(["2024-01-05T10:00:00Z", "2024-05-05T10:00:00Z"], lines)), question,
                   expect, "2024-09-01T10:00:00Z")


CASES = [
    _scenario("eo-1", "pet", ["We have a parrot named Kiwi.", "Kiwi flew out the window on Tuesday and never came back."],
              "what pets do we have now?", "never came back"),
    _scenario("eo-2", "relationship", ["My fiancé is Tom.", "Tom called off the engagement. I'm devastated."],
              "am I still engaged?", "called off"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_end_answers(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query`` (default offline embedder); the state before
    the end came first on the code before."""
    assert_first_finding(data, tmp_path, monkeypatch)
