"""Ends told by a related word (issue 14, probes of stop 26): a recovery told by a measurement
or a body part ("my blood pressure is back to normal", 腰不疼了) ends the condition it stands
for, and a food eaten again ends the diet that leaves it out ("started eating bread again").
Such a line names no held value itself, so it says nothing unless one is held — in the batch or
as a live trait of the store (an end told months later, in another batch)."""

from __future__ import annotations

from memory_core.extraction.inputs import ExtractionInput, LiveTrait
from memory_core.extraction.names import related_condition, related_diet
from memory_core.extraction.rule_extractor import RuleExtractor
from tests.extraction.claim_sets import claims, rel, trait


def later(text: str, *held: tuple[str, str]) -> set[tuple]:
    """Claims of ``text`` told after the store held ``held`` ((trait, value) live assertions)."""
    live = [LiveTrait(t, v, "topic", 1.0) for t, v in held]
    out = RuleExtractor().extract([ExtractionInput("e1", text)], [], live)
    return {(c.subject, c.predicate, c.object, c.kind, c.negated) for c in out.fact_claims}


def last_line(*lines: str) -> set[tuple]:
    """(subject, object, negated) of what the last of ``lines`` (one batch) claims."""
    out = RuleExtractor().extract([ExtractionInput(f"e{i}", t) for i, t in enumerate(lines)], [])
    return {(c.subject, c.object, c.negated) for c in out.fact_claims if c.event_id == f"e{len(lines) - 1}"}


def test_the_related_condition_and_diet_are_pure_look_ups():
    assert related_condition("blood pressure", ["asthma", "high blood pressure"]) == "high blood pressure"
    assert related_condition("血糖", ["糖尿病"]) == "糖尿病"
    assert related_condition("腰", ["偏头痛", "腰椎间盘突出"]) == "腰椎间盘突出"
    assert related_condition("knee", ["chronic knee pain"]) == "chronic knee pain"
    assert related_condition("knee", ["kneecap fracture"]) is None  # a whole word, not a prefix
    assert related_condition("blood pressure", ["asthma"]) is None
    assert related_diet("bread", ["gluten-free"]) == "gluten-free"
    assert related_diet("carbs", ["vegetarian", "keto"]) == "keto"
    assert related_diet("米饭", ["keto"]) == "keto"
    assert related_diet("cheese", ["vegetarian"]) is None  # a vegetarian eats cheese


def test_a_recovery_by_a_measurement_or_body_part_ends_the_held_condition():
    for old, new, value in [
        ("I was diagnosed with high blood pressure.", "My blood pressure is finally back to normal.", "high blood pressure"),
        ("I have chronic back pain.", "My back doesn't hurt anymore since I started swimming.", "chronic back pain"),
        ("我得了糖尿病。", "复查血糖正常了，医生说可以停药。", "糖尿病"),
        ("我腰椎间盘突出，不能久坐。", "做完手术后腰已经不疼了。", "腰椎间盘突出"),
    ]:
        found = claims(old, new)
        assert rel("user", "HAS_CONDITION", value, True) in found, (new, found)
        assert trait("user", "HAS_CONDITION", value, True) in found
    # told in a later batch: the store's live condition is what it ends
    assert rel("user", "HAS_CONDITION", "高血压", True) in later("体检血压恢复正常了。", ("health", "高血压"))
    assert rel("user", "HAS_CONDITION", "type 2 diabetes", True) in later(
        "My blood sugar is normal again.", ("health", "type 2 diabetes"))


def test_a_recovery_with_nothing_held_or_of_someone_else_says_nothing():
    assert not claims("My blood pressure is back to normal.")
    assert not claims("I love my job.", "My back doesn't hurt anymore.")
    # the mother's blood pressure does not end the user's condition
    assert not any(c[4] for c in claims("我有高血压。", "我妈的血压正常了。"))
    assert not later("My knee is fine now.", ("health", "asthma"))


def test_a_condition_said_with_no_verb_is_read_by_its_whole_name():
    assert rel("user", "HAS_CONDITION", "腰椎间盘突出") in claims("我腰椎间盘突出，不能久坐。")
    assert rel("user", "HAS_CONDITION", "胃溃疡") in claims("我胃溃疡，不能喝酒。")
    # a phrase with a function word inside is no condition name
    assert rel("user", "HAS_CONDITION", "对猫毛过敏") not in claims("我对猫毛过敏。")
    assert not any(c[2] == "没有糖尿病" for c in claims("我没有糖尿病。"))


def test_a_food_eaten_again_ends_the_diet_that_leaves_it_out():
    found = claims("I've been gluten-free for years.", "Started eating bread again, turns out it was never celiac.")
    assert rel("user", "FOLLOWS_DIET", "gluten-free", True) in found
    assert rel("user", "FOLLOWS_DIET", "keto", True) in later("I'm back to eating carbs.", ("diet", "keto"))
    assert rel("user", "FOLLOWS_DIET", "vegan", True) in later("I'm eating cheese again.", ("diet", "vegan"))
    assert rel("user", "FOLLOWS_DIET", "keto", True) in later("又开始吃米饭了。", ("diet", "keto"))
    # a meal is no return to a food; a food the diet allows ends nothing; 开始吃素 starts a diet
    assert not later("I'm eating pasta tonight.", ("diet", "keto"))
    assert not later("I'm eating cheese again.", ("diet", "vegetarian"))
    assert rel("user", "FOLLOWS_DIET", "vegetarian") in claims("我开始吃素了。")


def test_more_diets_are_diets():
    assert rel("user", "FOLLOWS_DIET", "gluten-free") in claims("I'm gluten-free.")
    assert rel("user", "FOLLOWS_DIET", "dairy-free") in claims("I went dairy-free last year.")
    assert rel("user", "FOLLOWS_DIET", "low-carb") in claims("I'm on a low-carb diet.")


def test_zh_partner_ends_and_starts_told_around_the_name():
    assert rel("user", "DATING", "晓晓", True) in claims("晓晓跟我提了分手。")
    assert rel("user", "DATING", "阿强", True) in claims("被阿强甩了，好难过。")
    assert rel("user", "DATING", "小敏") in claims("最近认识了一个女生叫小敏，我们在一起了。")
    # a pronoun or a role is nobody
    assert not claims("他跟我提了分手。")
    assert not claims("老板跟我说分手。")


def test_zh_a_new_home_is_where_one_lives():
    assert trait("user", "MOVED_TO", "上海浦东") in claims("新家在上海浦东，孩子转学也办好了。")
    assert trait("user", "MOVED_TO", "杭州") in claims("我们的新家在杭州。")


def test_a_statement_that_continues_the_sentence_before():
    # "it" is the job, "the new place" the home, only after a sentence that announced one
    assert rel("user", "WORKS_AT", "stripe") in claims("Got a new job! It's at Stripe, on the payments team.")
    assert rel("user", "LIVES_IN", "oakland") in claims("We moved last month. The new place is in Oakland, near the lake.")
    assert not claims("I love it. It's at Stripe.")
    assert not claims("The new place is in Oakland.")


def test_a_job_named_by_where_it_is_and_the_new_company():
    assert rel("user", "WORKS_AT", "stripe") in claims("My new job is at Stripe.")
    assert rel("user", "WORKS_AT", "美团") in claims("换工作了，新公司是美团。")
    assert not claims("My new job is great.")
    assert not claims("My job is boring.")


def test_zh_where_one_lives_now_told_without_a_subject_or_alone():
    assert rel("user", "LIVES_IN", "长沙") in claims("搬家了，现在住长沙。")
    assert rel("user", "MOVED_TO", "咸阳") in claims("我们离婚了，我一个人搬到了咸阳。")
    assert not claims("我现在住宿舍。")


def test_a_known_pet_that_passed_and_a_pet_after_a_comma():
    found = claims("I have a cat, Mittens.", "Mittens passed last Tuesday. She was 18.")
    assert rel("user", "HAS_PET", "mittens") in found and rel("user", "HAS_PET", "mittens", True) in found
    assert rel("user", "HAS_PET", "mittens", True) not in claims("I have a cat, Mittens.", "Mittens passed the vet check.")


def test_no_need_to_is_no_thing_given_up():
    # 不用 + a verb or an idiom is "no need to", not a tool one stopped using
    assert not any(c[1] == "USES" for c in claims("买了辆二手的卡罗拉，终于不用风吹日晒了。"))
    assert not claims("不用加班了。")
    assert rel("user", "USES", "微信", True) in claims("我不用微信了。")


def test_a_move_between_known_employers_is_a_job_change_not_a_move_between_towns():
    found = claims("I work at Cisco.", "Moved from Cisco to Juniper.")
    assert rel("user", "WORKS_AT", "cisco", True) in found and rel("user", "WORKS_AT", "juniper") in found
    assert not any(c[1] in ("LIVES_IN", "MOVED_TO") for c in found)
    assert rel("user", "WORKS_AT", "meta") in claims("I work at Google.", "I switched from Google to Meta last year.")
    # an unknown "from" is a place: the residence patterns read it
    found = claims("I live in Denver.", "We moved from Denver to Austin.")
    assert rel("user", "MOVED_TO", "austin") in found and not any(c[1] == "WORKS_AT" for c in found)


def test_bad_input_ends_and_continuations_say_nothing():
    # questions, conditions, reported speech: no end of the held value, no job from "it"
    held = ("I was diagnosed with high blood pressure.",)
    for line in ("If my blood pressure is back to normal, I will stop the meds.", "Is my blood pressure back to normal?"):
        assert not any(c[4] for c in claims(*held, line)), line
    for line in ("Should I start eating bread again?", "My friend said she started eating bread again."):
        assert not any(c[4] for c in claims("I've been gluten-free for years.", line)), line
    assert not any(c[4] for c in claims("我得了糖尿病。", "如果血糖正常了就可以停药。"))
    assert not any(c[4] for c in claims("我得了糖尿病。", "我妈说她血糖正常了。"))
    assert not claims("My friend said she got a new job. It's at Stripe.")
    assert not claims("My sister said we moved too fast. The new place is in Oakland.")
    assert not any(c[1] == "WORKS_AT" and c[2] == "meta" for c in claims(
        "I work at Google.", "If I switched from Google to Meta, I would earn more."))


def test_a_schools_first_day_and_a_locative_is_no_workplace():
    assert rel("user", "STUDIES_AT", "lincoln high") in claims("First day at Lincoln High today, so nervous!")
    assert rel("user", "WORKS_AT", "google") in claims("My first day at Google was great.")
    # 家附近的幼儿园: where the kindergarten is, no employer named
    assert not claims("我在家附近的幼儿园上班。")


def test_the_held_employers_own_end_ends_the_job_and_a_return_starts_it_again():
    assert rel("user", "WORKS_AT", "quibi", True) in claims("I work at Quibi.", "Quibi shut down last week.")
    assert rel("user", "WORKS_AT", "蔚来", True) in claims("我在蔚来上班。", "蔚来倒闭了。")
    # another company's end, or a company memory holds as no employer of the user's, says nothing
    assert not any(n for *_x, n in claims("I work at Initech.", "Blockbuster went bankrupt."))
    assert not claims("Nimbus folded.")
    assert not any(n for *_x, n in claims("我在蔚来上班。", "隔壁那家店倒闭了。"))
    # a return to an employer memory knows (not to a town)
    assert last_line("I work at Google.", "Left Google for a startup called Nimbus.",
                     "Nimbus folded, so I went back to Google.") == {("user", "nimbus", True), ("user", "google", False)}
    assert rel("user", "WORKS_AT", "boston") not in claims("I live in Boston.", "Went back to Boston for the holidays.")


def test_a_return_to_a_known_employer_in_chinese_and_not_to_a_place():
    assert ("user", "阿里", False) in last_line("我在阿里做运营。", "离开阿里去了拼多多。", "拼多多太卷，重新回到了阿里。")
    assert not last_line("我住在北京。", "回北京了。")
    assert ("user", "华为", False) not in last_line("我在华为上班。", "我弟又回华为了。")


def test_a_condition_free_for_years_and_a_remission_end_the_condition_held():
    assert rel("user", "HAS_CONDITION", "skin cancer", True) in claims("I was diagnosed with skin cancer.", "Two years cancer-free today!")
    assert rel("user", "HAS_CONDITION", "leukemia", True) in claims("I have leukemia.", "I'm in full remission now.")
    assert not claims("Gluten-free pasta is gross.") and not claims("I'm in remission.")
    assert rel("user", "HAS_CONDITION", "leukemia", True) not in claims("I have leukemia.", "My mom is in remission.")


def test_a_thesis_defended_ends_the_school_held():
    assert rel("user", "STUDIES_AT", "stanford", True) in claims("I'm a grad student at Stanford.", "Defended my dissertation today.")
    assert rel("user", "STUDIES_AT", "stanford", True) not in claims("I'm a grad student at Stanford.", "My sister defended her thesis.")
