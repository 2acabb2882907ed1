"""Sloppy English, Chinese with English words, health/diet/school in depth and chains of values
told in one message (dev52-dev55's first runs). Tested by other wordings."""

from __future__ import annotations

from .claim_sets import claims, rel, trait


def test_a_history_told_in_one_message_ends_in_its_present():
    found = claims("先在京东干了三年，后来去了美团，现在在快手做运营。")
    assert trait("user", "WORKS_AT", "快手") in found
    assert rel("user", "WORKS_AT", "美团") in found and trait("user", "WORKS_AT", "美团") not in found
    found = claims("Lived in Denver first, then moved to Austin in 2020, and now I'm in Seattle.")
    assert trait("user", "LIVES_IN", "seattle") in found and trait("user", "MOVED_TO", "austin") not in found
    # without a "now", two values told together both stand
    found = claims("I work at Google and drive a Tesla.")
    assert {trait("user", "WORKS_AT", "google"), trait("user", "DRIVES", "tesla")} <= found


def test_a_school_gone_to_for_a_degree_is_studied_at():
    found = claims("本科在南开大学，硕士去了浙江大学。")
    assert rel("user", "STUDIES_AT", "浙江大学") in found and not any(c[1] == "WORKS_AT" for c in found)
    assert trait("user", "WORKS_AT", "浙江大学") in claims("我在浙江大学教书。")
    assert "WORKS_AT" not in {c[1] for c in claims("我以前在南京大学读过一年书。")}


def test_chinese_lines_with_english_words_and_spaces_for_commas():
    assert trait("user", "IS_FROM", "长沙") in claims("我是长沙人 所以特别能吃辣")
    assert trait("user", "STUDIES_AT", "tufts university", True) in claims("去年从Tufts University毕业了 现在在找工作")
    assert rel("哥哥", "WORKS_AT", "salesforce") in claims("我哥哥在Salesforce做销售")
    assert trait("user", "DATING", "ryan") in claims("我男朋友叫Ryan 是加拿大人")
    assert trait("user", "MOVED_TO", "boston") in claims("上个月move到了Boston 天天下雪")
    assert trait("user", "DATING", "david") in claims("我跟男朋友David同居了。")


def test_diets_and_partners_told_with_their_own_words():
    assert trait("user", "FOLLOWS_DIET", "vegan", True) in claims("纯素坚持了两年，上个月还是开始吃肉了。")
    assert trait("user", "FOLLOWS_DIET", "vegan") in claims("现在已经是纯素了。")
    assert trait("user", "DATING", "阿强", True) in claims("和前男友阿强分手一年了。")
    assert trait("user", "IS_FROM", "tulsa") in claims("im from tulsa originally")
    assert not claims("I'm driving a Kia now, which I like better than the Jeep.") & {
        rel("user", "LIKES", "better than the jeep")}
