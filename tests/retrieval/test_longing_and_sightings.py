"""After a change, a line longing for what was ("I really miss my old coworkers at Google", 有点想念
南京的鸭血粉丝汤) names the former state, and a thing only seen ("Spotted a Porsche Taycan at the
charger", 路上看到一辆保时捷) is no thing of the user's: retrieval lifted both above the new state as
a newer word on it."""

from __future__ import annotations

import pytest

from memory_core.retrieval.newer_state import misses
from memory_core.retrieval.state_statement import not_had
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("text,what,expected", [
    ("I really miss my old coworkers at Google.", "google", True),
    ("Saw a Jeep Wrangler on the highway today and got nostalgic.", "jeep wrangler", True),
    ("挺怀念百度的同事们的。", "百度", True),
    ("有点想念南京的鸭血粉丝汤。", "南京", True),
    ("Moved to Denver last week!", "denver", False),
    ("I missed the bus to Denver this morning.", "denver", False),
    # the longing is for something else than what the line was lifted for
    ("Since going gluten free back in April my guts have been heaps better, but I miss a proper pie.", "gluten", False),
])
def test_misses(text: str, what: str, expected: bool) -> None:
    assert misses(text, what) is expected


@pytest.mark.parametrize("text", ["Spotted a Porsche Taycan at the charger today, gorgeous car.",
                                  "Saw a Jeep Wrangler on the highway today.", "今天在路上看到一辆保时捷Taycan，真帅。"])
def test_a_thing_seen_is_not_had(text: str) -> None:
    assert not_had(text)


CASES = [
    told("ls-1", "en", "job", ["I work at Google on the Maps team.", "Left Google and joined Meta last month.",
                                    "I really miss my old coworkers at Google, we had such a good lunch crew."],
              "which company am I with these days?", "Meta"),
    told("ls-2", "en", "job", ["I work at Deloitte.", "Left Deloitte and joined PwC in the spring.",
                                    "Honestly I miss Deloitte sometimes, the people were great."], "where do I work now?", "PwC"),
    told("ls-3", "en", "vehicle", ["I drive a Ford Focus.", "Sold the Focus, bought a Kia EV6.",
                                        "Spotted a Porsche Taycan at the charger today, gorgeous car."],
              "what car do I drive now?", "EV6"),
    told("ls-4", "zh", "vehicle", ["我开一辆本田思域。", "思域卖了，换了辆小鹏P7。", "今天在路上看到一辆保时捷Taycan，真帅。"],
              "我现在开什么车？", "P7"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_new_state_stays_first(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query``: the last line came first on the code before."""
    assert_first_finding(data, tmp_path, monkeypatch)
