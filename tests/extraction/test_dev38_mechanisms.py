"""Hard lines (dev38/dev39's first runs): a state word whose state is someone else's, an
organisation's, or no state at all. Tested by other wordings."""

from __future__ import annotations

from .claim_sets import claims, rel, trait


def test_an_organisations_move_or_animal_is_not_the_speakers():
    assert not claims("Our office moved to Austin last spring, so my commute doubled.")
    assert not claims("我们公司去年整体搬到无锡去了，我现在天天坐高铁。")
    assert not claims("我们办公室养了只仓鼠，大家轮流喂。")
    # but the company a speaker names as theirs is still their employer
    assert rel("user", "WORKS_AT", "hsbc", True) in claims("The company let me go from HSBC last week.")
    assert rel("tom", "WORKS_AT", "intel", True) in claims("Tom from my team just left Intel for AMD.")


def test_a_client_account_or_a_meeting_is_no_job_or_car():
    assert not any(c[1] in ("WORKS_AT", "WORKS_ON") for c in claims("I'm working on the Adidas account this month."))
    assert not claims("在开会，等下回你。")
    assert not any(c[1] == "DRIVES" for c in claims("每天骑半个小时去学校"))


def test_hedged_and_generic_and_pronoun_objects_make_no_claim():
    assert not claims("Pretty sure my coworker Dana has asthma.")
    assert not any(c[1] == "WORKS_AT" for c in claims("我表姐在苏州一家外贸公司上班。"))
    assert not any(c[1] == "VISITED" for c in claims("那时候天天去江边散步。"))
    assert not claims("我已经从合租的房子搬出来了。")
    assert not any(c[2] == "我们" for c in claims("我从我们在望京合租的房子搬出来了。"))


def test_a_name_after_a_kind_of_place_and_the_car_pointed_at():
    found = claims("那时候我在佛山一家叫美联电器的厂里上班。")
    assert rel("user", "WORKS_AT", "美联电器") in found and not any("一家" in c[2] for c in found)
    assert rel("哥哥", "DRIVES", "宝马x3") in claims("我哥哥开的是他岳父那辆宝马X3。")
    assert trait("user", "HAS_CONDITION", "痛风") in claims("体检查出来我有痛风。")
    assert not any(c[1] == "DATING" for c in claims("我不爱吃香菜，但我男朋友超爱。"))


def test_a_named_pet_after_new_is_no_possession():
    found = claims("Our new beagle Biscuit already ate a sock.")
    assert rel("user", "HAS_PET", "biscuit") in found and not any(c[1] == "OWNS" for c in found)


def test_more_forms_of_real_states_among_hard_lines():
    assert rel("user", "VISITED", "peru", True) in claims("Never been to Peru but it's on my list.")
    assert trait("user", "LIKES", "ramen") in claims("I could eat ramen every single day.")
    assert not claims("If I could eat pizza every day I would.")
    assert {trait("user", "DRIVES", "kia soul", True), trait("user", "DRIVES", "mini cooper")} <= \
        claims("Swapped my Kia Soul for a Mini Cooper in May.")
    assert rel("ex", "LIVES_IN", "denver") in claims("My ex still lives in Denver.")
    assert rel("sister", "STUDIES_AT", "rutgers") in claims("My little sister is a freshman at Rutgers now.")
    assert rel("小周", "STUDIES_AT", "浙江大学") in claims("我们组新来的实习生小周是浙江大学的研究生。")
    assert rel("阿静", "FOLLOWS_DIET", "vegan") in claims("我女朋友阿静最近改吃纯素了。")
