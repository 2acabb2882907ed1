"""Mechanisms of stop 39's extraction round, each tested by wordings that are not the dev lines
that showed it: a time to come makes a statement a plan (and a dated start of a job stays a
scheduled claim), a trailing time dates the clause it follows, what one went to do is no place,
and a diet "from now on" is the diet now."""

from __future__ import annotations

import pytest

from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.rule_extractor import RuleExtractor
from tests.extraction.claim_sets import claims, rel, trait

R = RuleExtractor()


def _hinted(text: str) -> set[tuple]:
    out = R.extract([ExtractionInput("e0", text)], [])
    return {(c.predicate, c.object, c.kind, c.negated, c.time_hint) for c in out.all_claims}


@pytest.mark.parametrize("text", [
    "From Monday I'm fully vegan, no exceptions.",
    "Starting next week I'm doing keto with my sister.",
    "I'm leasing a Honda Civic from next Friday.",
    "This coming spring I'm going pescatarian.",
    "下礼拜开始吃素，先试一个月",
    "下个星期开始生酮",
])
def test_a_time_to_come_makes_the_statement_a_plan(text):
    assert claims(text) == set(), text


def test_a_dated_start_of_a_job_told_date_first_is_scheduled_not_current():
    got = _hinted("Starting Tuesday I'm on the platform team at Atlassian")
    assert ("WORKS_AT", "atlassian", "relation", False, "from:Starting Tuesday") in got, got
    # the same with the date told as the new week, in Chinese
    got = _hinted("下礼拜去美团报到")
    assert any(p == "WORKS_AT" and hint and hint.startswith("from:") for p, _o, _k, _n, hint in got), got


def test_a_trailing_time_dates_the_clause_before_it():
    # the lead alone would be a current employer; with ", starting Monday" it is not told as now
    assert not any(p == "WORKS_AT" and not hint for p, _o, _k, _n, hint in _hinted(
        "I signed my contract with Deloitte, starting Monday.")), "an undated claim of a future start"
    # a comma part that is more than a time still scopes apart ("…, starting at Hooli next month")
    got = claims("I quit Initech, starting at Hooli next month.")
    assert rel("user", "WORKS_AT", "initech", True) in got


@pytest.mark.parametrize("text", ["下午去复诊了", "昨天去拔牙了，疼死", "今天去复查，医生说没事了"])
def test_what_one_went_to_do_is_no_place_visited(text):
    assert not any(p == "VISITED" for _s, p, _o, _k, _n in claims(text)), claims(text)


@pytest.mark.parametrize("text,place", [("上周去了趟外滩", "外滩"), ("国庆去了三亚", "三亚")])
def test_a_place_after_go_is_still_visited(text, place):
    assert rel("user", "VISITED", place) in claims(text)


@pytest.mark.parametrize("text,diet", [
    ("went back to eating fish, so pescatarian from now on.", "pescatarian"),
    ("no more dairy or eggs, so vegan from now on", "vegan"),
])
def test_a_diet_from_now_on_is_the_diet_now(text, diet):
    assert trait("user", "FOLLOWS_DIET", diet) in claims(text)


@pytest.mark.parametrize("text,subject,pred,obj", [
    ("室友: 我和我对象订婚啦！！", None, "DATING", "我对象"),          # the partner by role is no name
    ("邻居: 我家那条柯基上礼拜跑丢了", None, "HAS_PET", "上礼拜"),       # a time word is no pet
    ("跟着我妈开始吃素了，一点肉都不碰", "妈妈", "FOLLOWS_DIET", "vegetarian"),  # with mom: the user's
    ("看了套新房 太贵了 买不起", "user", "BOUGHT", "不起"),
    ("周末去了家新开的火锅店", "user", "VISITED", "新开"),
    ("下午去了家乐福", "user", "WORKS_AT", "家乐福"),                  # a store one shops at
])
def test_chinese_chat_frames_that_name_nothing(text, subject, pred, obj):
    speaker = text.split(":")[0] if ":" in text[:6] else None
    got = claims(text, speaker=speaker)
    assert not any(p == pred and o == obj and (subject is None or s == subject) for s, p, o, _k, _n in got), got


@pytest.mark.parametrize("lines,claim", [
    (["我家豆包是只柯基，三岁了"], rel("user", "HAS_PET", "豆包")),
    (["我家豆包是只柯基，三岁了", "豆包前天去汪星了"], rel("user", "HAS_PET", "豆包", True)),
    (["想了半年，开始吃鱼素了"], trait("user", "FOLLOWS_DIET", "pescatarian")),
    (["终于搬完了，现在住望京，离公司近"], rel("user", "LIVES_IN", "望京")),
    (["在天通苑合租，通勤一个半小时"], rel("user", "LIVES_IN", "天通苑")),
    (["新家在前滩附近，楼下就是地铁"], rel("user", "MOVED_TO", "前滩")),
    (["置换了一台极氪001"], rel("user", "DRIVES", "极氪001")),
    (["抱回来一只布偶 叫年糕"], rel("user", "HAS_PET", "年糕")),
])
def test_chinese_homes_pets_diets_and_cars_told_in_chat_frames(lines, claim):
    assert claim in claims(*lines), claims(*lines)
