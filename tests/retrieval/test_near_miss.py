"""A change nearly made and not ("I almost quit last week, but they gave me a raise", 上周差点辞职了，
后来…就留下来了, "we nearly moved to Orlando") tells no change: retrieval read the change word and put
the line above the state it keeps, which it does not name."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import change_at, nearly_changed
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("text,family", [
    ("I almost quit last week, but they gave me a raise so I'm staying.", "work"),
    ("I nearly got laid off.", "work"),
    ("We nearly moved to Orlando this summer but the deal fell apart.", "residence"),
    ("上周差点辞职了，后来老板给我加薪，就留下来了。", "work"),
    ("差一点就搬去福州了，最后房子没谈拢。", "residence"),
    ("险些把车卖了。", "vehicle"),
])
def test_a_near_miss_is_no_change(text: str, family: str) -> None:
    assert change_at(text, family) is None
    assert nearly_changed(text, family)


@pytest.mark.parametrize("text,family", [
    ("I quit last week.", "work"), ("我辞职了。", "work"), ("We moved to Orlando.", "residence"),
    ("I almost forgot: we moved to Orlando!", "residence"),
])
def test_a_change_told_is_one(text: str, family: str) -> None:
    assert change_at(text, family) is not None
    assert not nearly_changed(text, family)


CASES = [
    told("nm-1", "en", "job", ["I work at Acme Corp.", "I almost quit last week, but they gave me a raise so I'm staying."],
              "where do I work now?", "Acme"),
    told("nm-2", "zh", "job", ["我在阿里上班。", "上周差点辞职了，后来老板给我加薪，就留下来了。"], "我现在在哪工作？", "阿里"),
    told("nm-3", "zh", "residence", ["我住在厦门。", "差一点就搬去福州了，最后房子没谈拢。"], "我现在住在哪？", "厦门"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_state_kept_answers(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query``: each put the near miss first on the code before."""
    assert_first_finding(data, tmp_path, monkeypatch)
