"""A car test-driven, rented, borrowed or seen (试驾了理想L7, "Rented a Jeep Wrangler in Moab") names a
thing of the family the user does not have. The reranker lifted
it as the user's own line on the family, and a later-line lift read it as the newer state (the
state-line model gives "Test drove a Rivian R1T at the mall pop-up" p 0.96): as of a date before
the real change, it came first instead of the car the user drives."""

from __future__ import annotations

import pytest

from memory_core.retrieval.rerank import RerankCandidate, state_delta
from memory_core.retrieval.state_statement import not_had, used_or_seen
from tests.retrieval.cli_scenarios import assert_before_and_after, told_before


@pytest.mark.parametrize("text", ["Test drove a Rivian R1T at the mall pop-up just for fun.",
                                  "Rented a Jeep Wrangler in Moab last weekend", "周末去试驾了理想L7，太贵了",
                                  "borrowed my dad's truck for the move"])
def test_a_thing_used_or_seen_is_not_had_and_never_lifted(text: str) -> None:
    assert used_or_seen(text) and not_had(text)
    line = RerankCandidate("e", 1.0, "user", text, 0.0, state_p=0.96)
    assert state_delta(True, "vehicle", line) == 0.0


@pytest.mark.parametrize("text,family", [
    ("Got a Model Y, maybe the best thing I ever bought", "vehicle"), ("I drive for Uber in my Prius", "vehicle"),
    ("Traded in the Honda after the test drive and bought the RAV4", "vehicle"),
    ("Biltong has gone to live on my cousin's farm near Stellenbosch.", "pet")])
def test_an_own_thing_is_lifted(text: str, family: str) -> None:
    """Wished for, ridden or somebody else's place is not "used" (the line may still tell the
    user's own car or pet: tq-018 lost its rehoming to "my cousin's farm"), and a change word told
    beside a test drive tells the change."""
    line = RerankCandidate("e", 1.0, "user", text, 0.0, state_p=0.96)
    assert state_delta(True, family, line) > 0.0


CASES = [
    told_before("us-1", "en", "vehicle", ["My 2014 Honda Civic just passed 150k miles, still running like a champ.",
                                          "Test drove a Rivian R1T at the mall pop-up just for fun. Way out of my budget.",
                                          "Traded in the old Honda and drove home a used Tesla Model 3 today."],
                "What car do I drive now?", "tesla", "civic"),
    told_before("us-2", "zh", "vehicle", ["我开的是一台卡罗拉，十年了。", "周末去试驾了理想L7，太贵了买不起",
                                          "把卡罗拉卖了，提了辆比亚迪海豹"], "我现在开什么车？", "海豹", "卡罗拉"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_before_the_change_the_car_driven_answers(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query``: each put the test drive first before the change
    on the code before."""
    assert_before_and_after(data, tmp_path, monkeypatch)
