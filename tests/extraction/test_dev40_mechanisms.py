"""Life stories told over several lines (dev40/dev41's first runs), tested by other wordings."""

from __future__ import annotations

from .claim_sets import claims, rel, trait


def test_nicknames_jieba_reads_as_times_are_people():
    assert trait("user", "MARRIED_TO", "老周") in claims("我和老周结婚了")
    assert rel("user", "MARRIED_TO", "老周", True) in claims("手续办完了，我和老周正式离婚。")


def test_the_particle_la_is_le():
    assert trait("user", "MARRIED_TO", "小雨") in claims("官宣一下，我和小雨今天领证啦！")


def test_a_partner_described_before_the_name():
    assert trait("user", "DATING", "林舟") in claims("我和读书会认识的男生林舟在一起了。")


def test_a_condition_found_and_a_pet_rehomed_by_pronoun():
    assert trait("user", "HAS_CONDITION", "bronchitis") in claims("Turns out it's bronchitis, the doctor called this morning.")
    found = claims("We adopted a cat named Miso.", "Had to rehome her last week, the landlord found out.")
    assert rel("user", "HAS_PET", "miso", True) in found


def test_durations_purposes_and_someones_place_make_no_claim():
    assert not any(c[1] == "WORKS_AT" for c in claims("入职两个月了，那家公司氛围还不错。"))
    assert not any(c[1] == "VISITED" for c in claims("周末去救助站领养了一只猫。"))
    assert not any(c[1] == "LIVES_IN" for c in claims("上周末从他那儿搬出来了，暂时住朋友家。"))


def test_a_school_there_and_a_car_by_pronoun_in_the_next_line():
    found = claims("I enrolled at Humber College last fall.", "Graduated from there in May!")
    assert rel("user", "STUDIES_AT", "humber college", True) in found
    found = claims("终于提了辆比亚迪汉。", "这几周天天开它上下班，舒服多了。")
    assert trait("user", "DRIVES", "比亚迪汉") in found
    assert not any(c[1] == "DRIVES" for c in claims("他天天开它上班"))


def test_a_dated_start_there_and_a_diet_starting_now():
    found = claims("Got an offer from Canva!", "I start there on the 3rd of June.")
    assert any(c[:3] == ("user", "WORKS_AT", "canva") and not c[4] for c in found)
    found = claims("We looked at flats in Cardiff.", "We're moving there on April 1st.")
    assert any(c[:3] == ("user", "MOVED_TO", "cardiff") for c in found)
    assert not any(c[1] == "WORKS_AT" for c in claims("I start there on Monday."))  # nothing named before
    assert trait("user", "FOLLOWS_DIET", "vegan") in claims("Starting vegan this week, wish me luck.")
    assert not any(c[1] == "FOLLOWS_DIET" for c in claims("I'm starting keto next month."))


def test_there_for_a_typed_home_in_the_next_line():
    found = claims("我上个月去了趟无锡。", "在那边一个人住了大半年，挺孤单的。")
    assert trait("user", "LIVES_IN", "无锡") in found
    assert not any(c[1] == "LIVES_IN" for c in claims("在那边一个人住了大半年。"))  # nothing named before
