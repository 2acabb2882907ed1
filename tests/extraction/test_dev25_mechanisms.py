"""Mechanisms of the dev25 / dev26 round (issue 14, stop 30: precision traps and the states
around them): each test is a family of wordings, not one dev line, and each fails on the
extractor before its fix."""

from __future__ import annotations

from memory_core.extraction.inputs import ExtractionInput
from tests.extraction.claim_sets import R, claims, entities, rel, trait


# -- Chinese ---------------------------------------------------------------------------------------


def test_an_animal_character_inside_another_noun_is_no_animal():
    assert not any(t == "animal" for _, t in entities("舔狗一个，随叫随到。"))
    assert not any(t == "animal" for _, t in entities("猫眼上看到的评分不高。"))
    # a keeping verb glued to it still speaks of the animal
    assert ("猫", "animal") in entities("我一直想养猫。")


def test_breeds_and_native_dogs_are_animals_and_name_a_pet_brought_home():
    assert ("萨摩耶", "animal") in entities("以后想养只萨摩耶。")
    found = claims("刚领养的土狗旺财特别能吃。")
    assert trait("user", "HAS_PET", "旺财") in found
    assert not any(c[1] == "HAS_PET" for c in claims("我养的猫很乖。") if c[2] in ("很乖", "乖"))


def test_a_title_in_title_marks_is_one_media_entity():
    found = entities("周末去看了《长安三万里》，哭成狗。")
    assert ("长安三万里", "media") in found
    assert ("长安", "place") not in found
    assert ("上海", "place") not in entities("循环了一晚上《上海滩》。")


def test_a_place_before_a_dish_names_the_dish():
    found = entities("晚饭吃了个西安肉夹馍。")
    assert ("西安肉夹馍", "food") in found and ("西安", "place") not in found
    assert ("西安", "place") in entities("我在西安吃肉夹馍。")


def test_a_feeling_after_a_dated_start_leaves_the_start_standing():
    found = claims("下周三去网易报到，紧张得睡不着。")
    assert rel("user", "WORKS_AT", "网易") in found
    assert not any(c[1] == "WORKS_AT" for c in claims("我可能下周三去网易报到。"))


def test_someone_elses_name_in_an_earlier_comma_part_does_not_take_the_feeling():
    assert trait("user", "FEELS", "tired") in claims("陪我爸跑了一天医院，整个人累瘫了。")
    assert not any(c[1] == "FEELS" for c in claims("我爸最近累瘫了。"))


def test_a_purchase_told_by_its_arrival():
    assert rel("user", "BOUGHT", "扫地机器人") in claims("拼多多上买的扫地机器人终于到了。")
    assert not any(c[1] == "BOUGHT" for c in claims("他买的书到了。"))


def test_a_car_described_by_how_long_it_was_driven_then_sold():
    assert rel("user", "DRIVES", "思域", True) in claims("把开了八年的思域卖掉了。")


def test_a_diet_and_its_duration_with_the_subject_left_out():
    assert trait("user", "FOLLOWS_DIET", "vegetarian") in claims("吃素好几年了，早就习惯了。")
    assert rel("妈妈", "FOLLOWS_DIET", "vegetarian") in claims("我妈吃素好几年了。")


def test_a_condition_described_by_how_long_it_troubled_then_gone():
    assert trait("user", "HAS_CONDITION", "鼻炎", True) in claims("折腾了三个月的鼻炎总算好了。")


def test_a_phone_maker_and_a_model_is_a_device():
    assert ("华为mate60", "device") in entities("换了台华为Mate60。")
    assert ("小米14", "device") in entities("我买了小米14。")
    assert ("小米su7", "vehicle") in entities("我提了辆小米SU7。")


def test_a_speakers_relative_is_no_entity():
    out = R.extract([ExtractionInput("e0", "黄琪: 我妈在老家开了个小超市。", speaker="黄琪")], [])
    assert ("妈妈", "person") not in {(e.name, e.entity_type) for e in out.entities}
    out = R.extract([ExtractionInput("e0", "我妈在老家开了个小超市。")], [])
    assert ("妈妈", "person") in {(e.name, e.entity_type) for e in out.entities}


def test_it_after_a_sudden_end_still_names_the_pet():
    assert rel("user", "HAS_PET", "年糕", True) in claims("我家猫叫年糕。", "它昨天晚上突然走了。")


# -- English ---------------------------------------------------------------------------------------


def test_working_out_somewhere_is_no_job():
    assert not any(c[1] == "WORKS_AT" for c in claims("I work out at Equinox before work."))
    assert rel("user", "WORKS_AT", "equinox") in claims("I work at Equinox.")


def test_a_partner_named_after_a_filler_word():
    assert rel("user", "DATING", "nina") in claims("Been seeing someone new actually, her name's Nina.")


def test_names_with_accents_fill_the_name_slots():
    assert trait("user", "MARRIED_TO", "andrés") in claims("Andrés and I got married last spring.")
    assert rel("user", "DATING", "zoë") in claims("I'm dating Zoë.")


def test_a_fan_of_a_named_thing_likes_it():
    assert rel("user", "LIKES", "yankees") in claims("I've always been a huge Yankees fan.")
    assert not any(c[1] == "LIKES" for c in claims("I'm a huge fan."))


def test_more_dropped_subjects_and_stays_before_a_place():
    assert rel("user", "HAS_CONDITION", "bronchitis", True) in claims("Finally recovered from bronchitis.")
    assert rel("user", "VISITED", "lisbon") in claims("Just got back from a long weekend in Lisbon.")


def test_animal_idioms_are_no_animals_and_dog_tired_is_tired():
    assert trait("user", "FEELS", "tired") in claims("I'm dog tired after that hike.")
    assert not any(t == "animal" for _, t in entities("We grilled hot dogs all afternoon."))
    assert not any(t == "animal" for _, t in entities("I'm such a night owl."))



def test_an_idiom_hides_its_animal_character_wherever_it_stands_in_it():
    # the idiom list, apart from jieba's tags (which today also read these words as nouns)
    from memory_core.extraction.mentions import _in_animal_idiom

    assert _in_animal_idiom("他是个夜猫子", 4, 5)  # 猫 in the middle of 夜猫子
    assert _in_animal_idiom("单身狗一枚", 2, 3)  # 狗 at the end of 单身狗
    assert not _in_animal_idiom("我家的狗很乖", 3, 4)
