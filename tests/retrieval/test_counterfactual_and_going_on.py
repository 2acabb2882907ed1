"""A change wished done before and not done ("my brother says I should have bought a RAV4", 当初
应该买比亚迪汉, 早知道就去华为了), and "gone" that goes on ("his back pain has gone on for a
month", "I've gone to the pharmacy twice"): retrieval read the change word and put the line above
the state the user holds, which it does not name."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import change_at
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("text,family", [
    ("My brother keeps saying I should have bought a RAV4 instead lol", "vehicle"),
    ("Honestly I could've joined Google back in college, oh well.", "work"),
    ("Should have moved to Seattle when we had the chance", "residence"),
    ("woulda quit years ago if not for the mortgage", "work"),
    ("我妈说当初应该买比亚迪汉", "vehicle"),
    ("早知道就不辞职了", "work"),
    ("My husband's back pain has gone on for a month, should he see someone?", "health"),
    ("I've gone to the pharmacy twice this week for refills", "health"),
])
def test_no_change_is_told(text: str, family: str) -> None:
    assert change_at(text, family) is None


@pytest.mark.parametrize("text,family", [
    ("We bought a RAV4 last week.", "vehicle"), ("我买了辆比亚迪汉。", "vehicle"),
    ("The eczema is gone!", "health"), ("my rash is gone for good", "health"),
    ("I should have told you: I quit Acme last week.", "work"),
])
def test_a_change_told_is_one(text: str, family: str) -> None:
    assert change_at(text, family) is not None


CASES = [
    told("cf-1", "en", "vehicle", ["Just bought a 2019 Mazda CX-5, love it.",
                                   "My brother keeps saying I should have bought a RAV4 instead lol"],
         "What car do I drive now?", "mazda"),
    told("cf-2", "en", "job", ["Started at Deloitte in the audit team.",
                               "Honestly I could've joined Google back in college, oh well."],
         "Where do I work these days?", "deloitte"),
    told("go-1", "en", "health", ["Got diagnosed with a stomach ulcer, on omeprazole now.",
                                  "My husband's back pain has gone on for a month, should he see someone?"],
         "What health condition do I have right now?", "ulcer"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_state_held_answers(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query``: each put the later line first on the code before."""
    assert_first_finding(data, tmp_path, monkeypatch)
