"""Chinese chat mechanisms of stop 31 (dev33's first run), tested by other wordings: discourse
openers before the subject, a particle after 是X人, 那会儿 as a past lead, fish-but-no-meat as a
diet, leaving hospital as a condition's end, a condition "about to flare" as no state."""

from __future__ import annotations

from .claim_sets import claims, rel, trait


def test_a_discourse_opener_before_the_subject_keeps_the_statement():
    assert rel("user", "MOVED_TO", "惠州") in claims("结果上周末直接搬去惠州了")
    assert rel("user", "WORKS_AT", "秋田面包店") in claims("兜兜转转现在在秋田面包店当店长")


def test_a_chat_particle_after_a_hometown():
    assert trait("user", "IS_FROM", "绵阳") in claims("我是绵阳人啊，欢迎来玩")
    assert trait("user", "IS_FROM", "绵阳") in claims("我是绵阳人哈")


def test_nahuir_is_a_past_lead_and_a_month_end_a_time():
    found = claims("那会儿在厦门大学读研，天天看海")
    assert rel("user", "STUDIES_AT", "厦门大学") in found and trait("user", "STUDIES_AT", "厦门大学") not in found
    assert rel("user", "WORKS_AT", "联想", True) in claims("这个月底我从联想离职了")


def test_fish_but_no_meat_is_pescatarian_and_not_vegetarian():
    found = claims("最近改成吃鱼不吃肉了，感觉身体轻松")
    assert trait("user", "FOLLOWS_DIET", "pescatarian") in found
    assert not any(c[2] == "vegetarian" for c in found)


def test_leaving_hospital_ends_the_condition_named_before_it():
    assert trait("user", "HAS_CONDITION", "阑尾炎", True) in claims("阑尾炎手术做完第三天就出院了")
    assert not claims("我妈住了一周院，今天出院了")  # no condition named: nothing ends


def test_a_condition_about_to_flare_is_no_state():
    assert not any(c[1] == "HAS_CONDITION" for c in claims("被你气得我高血压都要犯了"))
    assert rel("user", "HAS_CONDITION", "鼻炎") in claims("我的鼻炎又犯了")


def test_a_car_told_by_its_years_then_changed_is_the_old_car():
    found = claims("开了五年的本田雅阁上个月换成了一辆比亚迪汉")
    assert {trait("user", "DRIVES", "本田雅阁", True), trait("user", "DRIVES", "比亚迪汉")} <= found
    assert trait("user", "DRIVES", "本田雅阁") not in found
    assert trait("user", "DRIVES", "大众朗逸") in claims("我开了三年的大众朗逸还很好开")


def test_chat_openers_before_a_chinese_clause():
    assert trait("user", "LIKES", "攀岩") in claims("另外我最近迷上了攀岩，每周都去")
    assert trait("user", "WORKS_AT", "协和医院") in claims("对了，我在协和医院当护士已经三年了。")
    assert rel("user", "DISLIKES", "香菜") in claims("我是长沙人，但其实不太喜欢吃香菜。")


def test_a_partner_named_by_the_role_word_at_the_clause_start():
    assert trait("user", "DATING", "陈默") in claims("过年带男朋友陈默回老家了")
    assert trait("user", "DATING", "苏晴") in claims("女朋友叫苏晴，是个插画师。")
    assert trait("user", "MARRIED_TO", "何川") in claims("我老公叫何川，在银行上班")
    assert not any(c[1] == "DATING" for c in claims("我女朋友是老师，在成都上班。"))
    assert not any(c[1] == "DATING" for c in claims("她男朋友叫许诺"))


def test_a_description_before_the_person_married():
    found = claims("上个月终于和异地两年的江月结婚了")
    assert trait("user", "MARRIED_TO", "江月") in found and not any(c[2] == "异地" for c in found)


def test_feelings_after_frequency_words_and_weighty_thanks():
    assert trait("user", "FEELS", "lonely") in claims("一个人在外地，有时候挺孤单的")
    assert trait("user", "FEELS", "grateful") in claims("真的特别感谢我师兄，帮了我很多")
    assert not any(c[1] == "FEELS" for c in claims("非常感谢你的建议"))
    assert trait("user", "FEELS", "low") in claims("换了工作以后压力小多了")
