"""Mechanisms of the dev23 / dev24 round (issue 14, stop 30): each test is a family of wordings,
not one dev line (the dev lines are in ``dev23_sentences.json`` / ``dev24_sentences.json``), and
each fails on the extractor before its fix."""

from __future__ import annotations

from datetime import datetime, timezone

from memory_core.retrieval.timeparse import resolve_future_start
from tests.extraction.claim_sets import claims, entities, rel, trait


def _day(ts: float | None) -> str | None:
    return None if ts is None else datetime.fromtimestamp(ts, timezone.utc).strftime("%Y-%m-%d")


# -- Chinese names ---------------------------------------------------------------------------------


def test_a_name_jieba_tags_before_an_organisation_head_is_that_organisation():
    # 德邦 (a place to jieba) + 快递, 招商局 + 集团, 正泰 + 电器: one organisation, not a town or a stem
    assert ("德邦物流", "organization") in entities("我在德邦物流上班。")
    assert rel("user", "WORKS_AT", "招商局集团") in claims("我在招商局集团上班。")
    found = claims("我从顺丰速运跳槽去德邦快递了。")
    assert rel("user", "WORKS_AT", "德邦快递") in found and rel("user", "WORKS_AT", "顺丰速运", True) in found
    # a city before a one-character head stays a city (杭州云栖: no 杭州云)
    assert ("杭州云", "organization") not in entities("我们周末去了杭州云栖小镇。")


def test_a_brand_with_a_model_chat_names_is_one_vehicle():
    assert rel("user", "DRIVES", "别克英朗") in claims("我现在开的是别克英朗。")
    found = claims("我把开了五年的卡罗拉置换成了吉利博越。")
    assert rel("user", "DRIVES", "吉利博越") in found
    assert rel("user", "DRIVES", "卡罗拉", True) in found
    assert rel("user", "DRIVES", "吉利") not in found


def test_picking_up_a_car_is_a_purchase_and_never_a_visit():
    found = claims("上周去提了辆小鹏p7。")
    assert rel("user", "BOUGHT", "小鹏p7") in found
    assert not any(c[1] == "VISITED" for c in found)
    assert not any(c[1] == "VISITED" for c in claims("下午去取了个快递。"))


# -- Chinese states --------------------------------------------------------------------------------


def test_a_past_lead_makes_a_state_past_whatever_adverb_follows_it():
    found = claims("我之前一直住在苏州。")
    assert rel("user", "LIVES_IN", "苏州") in found
    assert trait("user", "LIVES_IN", "苏州") not in found  # past: no current home
    assert trait("user", "LIVES_IN", "南京") in claims("我之前在苏州，现在住在南京。")
    assert rel("user", "WORKS_AT", "华为") in claims("我以前一直在华为上班。")
    # a hometown and an illness are not ended by a past lead
    assert trait("user", "IS_FROM", "沈阳") in claims("我小时候在沈阳长大。")


def test_an_end_told_with_the_subject_left_out():
    assert rel("user", "WORKS_AT", "小米", True) in claims("前年被小米裁了，后来去了京东。")
    assert trait("user", "HAS_PET", "兔子", True) in claims("兔子送人了，家里太小。")
    assert rel("user", "DATING", "小美", True) in claims("跟女朋友小美分手了。")
    # someone else's end stays theirs
    assert not any(c[1] == "DATING" for c in claims("小李和小美分手了。"))
    assert not any(c[1] == "WORKS_AT" and c[0] == "user" for c in claims("他被腾讯裁了。"))


def test_a_home_moved_out_of_with_the_place_before_the_verb():
    assert trait("user", "LIVES_IN", "深圳", True) in claims("我已经从深圳搬出来了。")
    assert not any(c[1] == "LIVES_IN" for c in claims("从宿舍搬出来了。"))  # no place named


def test_fillers_of_a_lifetime_before_a_negation():
    assert rel("user", "VISITED", "西藏", True) in claims("我长这么大还从来没去过西藏。")
    assert rel("user", "OWNS", "洗碗机", True) in claims("我家到现在还没装洗碗机。")


def test_a_thing_sold_to_someone_told_object_first():
    assert rel("user", "SOLD", "kindle") in claims("旧的kindle卖给同学了。")


def test_crying_is_sadness_and_laughing_to_tears_is_not():
    assert trait("user", "FEELS", "sad") in claims("昨晚我哭了一晚上。")
    assert not any(c[1] == "FEELS" for c in claims("笑哭了哈哈哈。"))


def test_there_in_chinese_is_the_place_or_workplace_told_before():
    assert trait("user", "LIKES", "杭州") in claims("去年搬到了杭州。", "不过我很喜欢那里。")
    found = claims("我在美团干了三年。", "上个月从那儿辞职了。")
    assert rel("user", "WORKS_AT", "美团", True) in found


def test_a_pet_told_by_he_or_she_when_the_last_one_named_is_the_pet():
    found = claims("我家柯基叫豆豆。", "他上个月去世了。")
    assert rel("user", "HAS_PET", "豆豆", True) in found
    assert ("豆豆", "animal") in entities("我家柯基叫豆豆。", "他上个月去世了。")
    # a person named last: 她走了 is no pet's death
    assert not any(c[1] == "HAS_PET" for c in claims("我同事小王人很好。", "她今天早上走了。"))


def test_a_taste_told_with_the_thing_first():
    assert trait("user", "DISLIKES", "香菜", True) in claims("香菜我是真的受不了。")
    assert rel("user", "LIKES", "火锅") in claims("火锅我最爱吃。")
    assert not any(c[1] == "DISLIKES" for c in claims("这种天气我真的讨厌。"))


def test_a_connective_may_open_the_clause_before_the_subject():
    assert rel("user", "LIKES", "火锅") in claims("但是我很喜欢火锅。")


def test_an_offer_settled_then_a_dated_start_is_scheduled():
    assert rel("user", "WORKS_AT", "网易") in claims("offer已经定了，3月2号去网易报到。")
    assert not any(c[1] == "WORKS_AT" for c in claims("在等网易的offer，3月2号去网易报到。"))


def test_a_speakers_dated_start_with_the_day_after_the_month():
    found = claims("李雷: 我下个月一号去百度入职。", speaker="李雷")
    assert rel("李雷", "WORKS_AT", "百度") in found


def test_studying_in_a_country_names_no_school():
    assert not any(c[1] == "STUDIES_AT" for c in claims("我明年要去日本读研。"))
    assert not any(c[1] == "STUDIES_AT" for c in claims("何静: 我明年要去英国读书。", speaker="何静"))
    assert rel("user", "STUDIES_AT", "哥大") in claims("我明年去哥大读研。")


# -- English ---------------------------------------------------------------------------------------


def test_a_yearless_date_ahead_is_the_coming_one_and_a_day_of_month_is_read():
    told = datetime(2025, 1, 10, 9, tzinfo=timezone.utc).timestamp()
    assert _day(resolve_future_start("October 3rd", told)) == "2025-10-03"  # not last October
    assert _day(resolve_future_start("on the 14th", told)) == "2025-01-14"
    assert _day(resolve_future_start("on the 5th", told)) == "2025-02-05"  # passed this month: the next
    assert _day(resolve_future_start("in January", told)) == "2025-01-01"  # begun: the caller reads no schedule
    assert rel("user", "WORKS_AT", "moderna") in claims("I start at Moderna on the 20th, kinda nervous.")


def test_ended_up_doing_is_what_happened():
    assert rel("user", "WORKS_AT", "deloitte", True) in claims("Ended up quitting Deloitte after all.")
    assert rel("user", "BOUGHT", "kia soul") in claims("We went ahead and bought a Kia Soul.")
    found = claims("We have a beagle named Max.", "We ended up rehoming him last spring.")
    assert rel("user", "HAS_PET", "max", True) in found


def test_more_clauses_that_drop_i():
    assert rel("user", "VISITED", "kyoto") in claims("spent three days in Kyoto, loved it.")
    assert trait("user", "DISLIKES", "olives", True) in claims("can't stand olives tbh.")
    assert trait("user", "FEELS", "high") in claims("super stressed about finals.")
    assert trait("user", "FEELS", "nervous") in claims("I'm kinda nervous about Monday.")


def test_a_person_described_before_the_name_is_the_name():
    assert rel("user", "DATING", "maya") in claims("Been seeing this girl Maya since June.")
    found = claims("My cousin married her high school boyfriend Tyler.")
    assert rel("cousin", "MARRIED_TO", "tyler") in found
    assert ("boyfriend", "person") not in entities("My cousin married her high school boyfriend Tyler.")
    # a tie before a name in a job pattern is no workplace
    assert not any(c[1] == "WORKS_AT" for c in claims("I've been with my girlfriend Sam for a year."))


def test_a_pet_kind_held_ends_the_clause():
    assert trait("user", "HAS_PET", "hamster") in claims("I have a hamster now.")
    assert not any(c[1] == "HAS_PET" for c in claims("I have a cat allergy."))


def test_ends_told_as_nouns_and_as_being_out_of_a_place():
    assert trait("user", "MARRIED_TO", "greg", True) in claims("My divorce from Greg was finalized.")
    assert trait("user", "LIVES_IN", "phoenix", True) in claims("We're finally out of Phoenix!")
    assert not any(c[1] == "LIVES_IN" for c in claims("We're out of coffee."))
    found = claims("Not from Dallas, I'm from Austin.")
    assert rel("user", "IS_FROM", "dallas", True) in found and rel("user", "IS_FROM", "austin") in found


def test_moving_into_a_described_home():
    assert trait("user", "MOVED_TO", "oakland") in claims("Moved into a tiny studio in Oakland.")
    assert not any(c[1] == "MOVED_TO" for c in claims("She moved into a tiny studio in Oakland."))


def test_common_dishes_are_food():
    assert ("pho", "food") in entities("I really love pho.")
    assert ("鸡翅", "food") in entities("晚上烤了鸡翅。")
