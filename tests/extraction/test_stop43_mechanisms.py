"""Stop 43: 骑车 / 开车 alone is cycling or driving, not a vehicle named (a line about riding to
school named "车去学校冷" as the user's vehicle in L2, and the inspector showed it)."""

from __future__ import annotations

import pytest

from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.rule_extractor import RuleExtractor


def _vehicles(text: str) -> list[str]:
    out = RuleExtractor().extract([ExtractionInput("e1", text)], [])
    return [c.object for c in out.all_claims if c.predicate == "DRIVES"]


@pytest.mark.parametrize("text", ["骑车穿啥护具 夏天太热", "冬天骑车去学校冷死 买啥手套", "我骑车去上班", "每天开车送娃上学"])
def test_riding_or_driving_alone_names_no_vehicle(text: str) -> None:
    assert _vehicles(text) == []


@pytest.mark.parametrize(("text", "vehicle"), [("我现在骑电动车上班", "电动车"), ("我每天骑着小电驴上班", "小电驴")])
def test_a_vehicle_ridden_is_still_named(text: str, vehicle: str) -> None:
    assert vehicle in _vehicles(text)
