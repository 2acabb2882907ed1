"""A couple declared ("We've been official for a month now", "we made it official") is a change of
the relationship: only "official with" was a change word, so "am I dating anyone?" was answered by
the older "I'm single."."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import change_at
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("text", ["We've been official for a month now and I'm so happy.", "We made it official last week!",
                                  "Daniel and I are officially dating."])
def test_a_couple_declared_is_a_change(text: str) -> None:
    assert change_at(text, "relationship") is not None


def test_it_answers_after_the_single_line(tmp_path, monkeypatch) -> None:
    data = told("oc-1", "en", "relationship", ["I'm single.", "Okay so remember the guy from the climbing gym? "
                                               "Daniel? We've been official for a month now and I'm so happy."],
                "am I dating anyone?", "Daniel")
    assert_first_finding(data, tmp_path, monkeypatch)
