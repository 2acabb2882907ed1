"""How one gets to work ("how do I get to work now?", 我现在怎么去上班？) asks what one rides or
drives, not where one works: the rules read a purchase ("get") or the job (上班), and the state-line
model, given both families, chose the job — the old "I bike to work" line answered."""

from __future__ import annotations

import pytest

from memory_core.retrieval.predicates import question_families
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("question", ["how do I get to work now?", "how do I commute these days?", "how long is my commute?",
                                      "我现在怎么去上班？", "上班怎么去比较快？", "我现在通勤方式是什么？"])
def test_a_commute_question_asks_the_vehicle_family_alone(question: str) -> None:
    names = [f.name for f in question_families(question)]
    assert names[:1] == ["vehicle"] and "work" not in names


@pytest.mark.parametrize("question,family", [("where do I work now?", "work"), ("我现在在哪上班？", "work"),
                                             ("what did I get for my birthday?", "acquisition")])
def test_other_questions_keep_their_family(question: str, family: str) -> None:
    assert [f.name for f in question_families(question)][:1] == [family]


CASES = [
    told("cq-1", "en", "vehicle", ["I bike to work every day.", "My bike got stolen, so I take the train now."],
              "how do I get to work now?", "train"),
    told("cq-2", "zh", "vehicle", ["我骑电动车上班。", "电动车被偷了，现在坐公交上班。"], "我现在怎么去上班？", "公交"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_newer_way_answers(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query``: the first line came first on the code before."""
    assert_first_finding(data, tmp_path, monkeypatch)
