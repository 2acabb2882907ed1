"""A wish is no state and no change: "I wish I could move to Paris", 真希望我能搬到大理去,
但愿明年能跳槽去字节, 巴不得马上辞职. Retrieval read them as the user's word on where they live (no
mark of a wish among its hypotheticals, in either language), and the Chinese extractor turned
真希望我住在巴黎 into a residence (its conditions had no wish; English's had "wish")."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import HYPOTHETICAL, not_own_state
from tests.extraction.claim_sets import claims
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("text,family", [
    ("I wish I could move to Paris, so tired of the rain.", "residence"),
    ("I really wish we had a dog too.", "pet"),
    ("If only I worked at Google, the pay would be amazing.", "work"),
    ("真希望我能搬到大理去，天天晒太阳。", "residence"),
    ("但愿明年能跳槽去字节。", "work"),
    ("巴不得马上辞职", "work"),
])
def test_a_wish_is_hypothetical(text: str, family: str) -> None:
    assert not_own_state(text, speaker=None, author_type="user", family=family) == HYPOTHETICAL


def test_a_hope_beside_a_change_leaves_the_change() -> None:
    assert not_own_state("Moved to Paris! I hope the rain stops.", speaker=None, author_type="user",
                         family="residence") is None


@pytest.mark.parametrize("text", ["真希望我住在巴黎。", "但愿能去字节上班。", "我希望明年能搬到杭州。"])
def test_a_chinese_wish_claims_nothing(text: str) -> None:
    assert not claims(text)


def test_a_wish_in_its_own_clause_leaves_the_state_told_beside_it() -> None:
    assert ("user", "LIVES_IN", "巴黎", "relation", False) in claims("我住在巴黎，希望明年能换个大房子。")


CASES = [
    told("wi-1", "en", "residence", ["I live in Leeds.", "I wish I could move to Paris, so tired of the rain."],
              "where do I live now?", "Leeds", now="2024-09-01T10:00:00Z"),
    told("wi-2", "zh", "residence", ["我住在成都。", "真希望我能搬到大理去，天天晒太阳。"], "我现在住在哪？", "成都", now="2024-09-01T10:00:00Z"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_a_wish_does_not_answer_where_the_user_lives(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query`` (default offline embedder); both put the wish
    first on the code before."""
    assert_first_finding(data, tmp_path, monkeypatch)
