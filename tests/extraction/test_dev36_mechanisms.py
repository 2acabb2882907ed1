"""Chinese facts spread over clauses and lines (dev36's first run), tested by other wordings: the
user taking the subject back from a relative, more adverbs and openers, a companion by pronoun,
marriage and dating forms, pets "kept", an organisation entered, a car sold told topic-first, a
condition flaring again, and 去报到 as no trip."""

from __future__ import annotations

from .claim_sets import claims, rel, trait


def test_the_user_takes_the_subject_back_from_a_relative():
    found = claims("我爸一直吃素，我可受不了，最近在搞生酮。")
    assert trait("user", "FOLLOWS_DIET", "keto") in found and rel("爸爸", "FOLLOWS_DIET", "keto") not in found
    found = claims("我爸妈还住在襄阳，我自己在武汉租房住。")
    assert trait("user", "LIVES_IN", "武汉") in found and rel("爸妈", "LIVES_IN", "武汉") not in found
    assert rel("姐姐", "WORKS_AT", "华山医院") in claims("我姐是护士，在华山医院上班。")


def test_adverbs_and_openers_of_chat():
    assert trait("user", "DRIVES", "小鹏p7") in claims("现在上下班开的是小鹏P7")
    assert rel("user", "DISLIKES", "榴莲") in claims("我是真不喜欢榴莲")
    assert trait("user", "HAS_CONDITION", "哮喘") in claims("毕竟我有哮喘，换季很难受")
    assert trait("user", "LIVES_IN", "威海") in claims("我们现在一起住在威海")


def test_marriage_and_dating_forms():
    assert trait("user", "MARRIED_TO", "林川") in claims("我和林川前年九月结的婚")
    assert trait("user", "DATING", "小鹿") in claims("今年还谈了个女朋友叫小鹿")
    found = claims("婚后我就跟着她搬到了烟台。")
    assert trait("user", "MOVED_TO", "烟台") in found


def test_pets_kept_an_organisation_entered_and_a_car_sold_topic_first():
    assert trait("user", "HAS_PET", "兔子") in claims("我自己养的是一只兔子。")
    assert trait("user", "WORKS_AT", "中联重科") in claims("去年进了中联重科做结构设计")
    assert trait("user", "DRIVES", "日产轩逸", True) in claims("那辆开了九年的日产轩逸，上周终于卖掉了。")


def test_a_condition_flaring_again_and_no_trip_to_report_in():
    assert trait("user", "HAS_CONDITION", "颈椎病") in claims("另外颈椎病又犯了，低头就疼。")
    assert not any(c[1] == "HAS_CONDITION" for c in claims("他颈椎病又犯了"))
    assert not any(c[1] == "VISITED" for c in claims("九月份就去报到，宿舍都分好了"))
    assert not any(c[1] == "USES" for c in claims("通勤终于不用一个半小时了"))


def test_an_organisation_told_after_its_city():
    assert trait("user", "WORKS_AT", "湘雅医院") in claims("我在长沙的湘雅医院当护士。")
    assert rel("user", "WORKS_AT", "星图智能", True) in claims("在北京的星图智能干了五年，昨天被优化了。")
    found = claims("下个月三号去深圳的云帆物流报到！")
    assert any(c[:3] == ("user", "WORKS_AT", "云帆物流") for c in found)
    assert trait("user", "LIVES_IN", "北京") in claims("我住在北京的朝阳区")  # a district is no organisation
    assert trait("user", "HAS_CONDITION", "甲亢") in claims("检查结果出来了，确诊甲亢。")
