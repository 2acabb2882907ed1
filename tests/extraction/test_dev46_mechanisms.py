"""States told around a tense, a correction or a time lead (dev46/dev47's first runs: plans
that changed, durations, corrections of what the assistant remembers). Tested by other
wordings."""

from __future__ import annotations

from .claim_sets import claims, entities, rel, trait


def test_english_contractions_and_leads_keep_the_subject():
    assert trait("user", "WORKS_AT", "gitlab") in claims("Have been working at GitLab since March, loving it.")
    assert rel("brother", "LIVES_IN", "perth") in claims("My brother's been living in Perth for ages.")
    assert trait("user", "WORKS_AT", "etsy") in claims("Turned the other offer down, so I'm still at Etsy for now.")


def test_corrections_of_partners_visits_and_tools():
    found = claims("Correction: I was in Lisbon last month, not Porto.")
    assert {rel("user", "VISITED", "lisbon"), rel("user", "VISITED", "porto", True)} <= found
    found = claims("Heads up, I use Todoist for my tasks now, not Trello.")
    assert {rel("user", "USES", "todoist"), rel("user", "USES", "trello", True)} <= found
    found = claims("纠正一下，暑假我去的是青岛，不是大连。")
    assert rel("user", "VISITED", "大连", True) in found
    # a stay told with how long it lasted is no visit
    assert "VISITED" not in {c[1] for c in claims("I was in Denver for six years before moving here.")}


def test_a_marriage_ended_by_the_couple():
    found = claims("Priya and I are officially divorced now.")
    assert {rel("user", "MARRIED_TO", "priya", True), trait("user", "MARRIED_TO", "priya", True)} <= found


def test_chinese_time_leads_years_and_since():
    assert trait("user", "LIVES_IN", "无锡") in claims("自从前年三月就一直住在无锡。")
    assert trait("user", "STUDIES_AT", "南开大学", True) in claims("2015年从南开大学毕业的，好快。")
    assert trait("user", "FOLLOWS_DIET", "keto") in claims("从上个月开始生酮，感觉还行。")


def test_chinese_homes_told_without_zai_or_by_how_long_one_stayed():
    assert rel("user", "LIVES_IN", "合肥") in claims("我以前住合肥，后来才来的上海。")
    assert trait("user", "LIVES_IN", "厦门") in claims("在厦门待了快两年了，越来越喜欢这里。")
    found = claims("我前年在成都待了半年。")
    assert rel("user", "LIVES_IN", "成都") in found and trait("user", "LIVES_IN", "成都") not in found
    assert "LIVES_IN" not in {c[1] for c in claims("我在苏州待了三天。")}


def test_chinese_partners_likes_and_a_chain_shop_as_employer():
    assert trait("user", "DATING", "王硕", True) in claims("我跟前男友王硕是前年夏天分的手。")
    assert trait("user", "DATING", "苏晴") in claims("最近在和苏晴约会。")
    assert trait("user", "LIKES", "荔枝") in claims("我最爱吃的是荔枝。")
    assert ("华润万家超市", "organization") in entities("我在华润万家超市上班。")
    assert trait("user", "WORKS_AT", "华润万家超市") in claims("我在华润万家超市上班。")
