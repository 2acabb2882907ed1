"""Change words chat uses that retrieval did not know, each the change a committed scenario's
history turned on and the later line it was not lifted for: a spaced dash before a request ("I've
started eating fish again — what's an easy salmon recipe?" asks only after it), "smokefree",
"part-exed", "withdrawn from", "transferring to", 完全恢复 / 恢复得很好, "opened my own shop",
"went to live with", 搭伙过日子, 红本本, 在双十中学第一天, "was born at", 戒辣."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import change_at
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("text,family,word", [
    ("Started eating eggs again on my doctor's advice - any good frittata recipes?", "diet", "started eating"),
    ("Officially 2 months smokefree!! Lungs feel amazing.", "health", "smokefree"),
    ("Part-exchanged the Focus for a Kia Niro EV, collecting Saturday.", "vehicle", "part-exchanged"),
    ("Withdrawn from uni as of Friday.", "school", "withdrawn from"),
    ("Big news: I'm transferring to McGill for the second year.", "school", "transferring to"),
    ("复查了，医生说完全恢复了，下周可以回球场", "health", "完全恢复"),
    ("PT说恢复得很好，可以慢慢开始跑步了", "health", "恢复得很好"),
    ("Opened my own café today!! Small place on Valencia St.", "work", "opened my own"),
    ("Clover went to live with my niece on her farm.", "pet", "went to live with"),
    ("he went to his new family today, they have a farm", "pet", "to his new family"),
    ("和公园认识的王大爷搭伙过日子了，儿女都支持", "relationship", "搭伙"),
    ("今天去民政局了，红本本拿到手", "relationship", "红本本"),
    ("在长郡中学第一天，宿舍八人间", "school", "中学第一天"),
    ("Our son Leo was born at 3am on Tuesday, 8 lb even!", "health", "was born at"),
    ("胃不好，医生让我戒辣了，现在只能吃清淡的", "diet", "戒辣"),
    ("我们家来了只柴犬！叫小米，三个月大", "pet", "家来了只"),
    ("move in day at OSU, my roommate seems chill", "school", "move in day at"),
])
def test_the_change_is_read(text: str, family: str, word: str) -> None:
    found = change_at(text, family)
    assert found is not None and found[0] == word, found


@pytest.mark.parametrize("text,family", [
    ("Should I get a 2-3 year old - or a puppy?", "pet"),
    ("Thinking of transferring to McGill next year?", "school"),
    ("我的电脑恢复出厂设置了", "health"),
])
def test_no_change_is_read(text: str, family: str) -> None:
    assert change_at(text, family) is None


CASES = [
    told("cw-1", "en", "diet", ["I've been vegan for three years now.",
                                "Started eating eggs again on my doctor's advice - any good frittata recipes?"],
         "Am I still vegan?", "eggs"),
    told("cw-9", "zh", "school", ["在武汉二中读高一。", "转学手续办好了。", "在长郡中学第一天，宿舍八人间"],
         "我现在在哪个学校？", "长郡"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_change_answers(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query``: each put the earlier line first on the code before."""
    assert_first_finding(data, tmp_path, monkeypatch)


def test_a_move_in_day_refers_back_to_the_school_told() -> None:
    """"Move-in day at Unit 3" after "Transferring to UC Berkeley in the fall" (st-038): the dorm of
    the school told before, no newer school (to-036's "move in day at OSU" names the school)."""
    from memory_core.retrieval.state_statement import refers_back

    assert refers_back("Move-in day at Unit 3, my roommate is from Fresno.", "school")
