"""Mechanisms of the dev29 / dev30 round (issue 14, stop 30: group chats with named speakers,
and long multi-sentence messages): each test is a family of wordings, not one dev line, and
each fails on the extractor before its fix."""

from __future__ import annotations

from memory_core.extraction.inputs import ExtractionInput
from tests.extraction.claim_sets import R, claims, entities, rel, trait


def _said(*lines: tuple[str | None, str]) -> tuple[set[tuple], set[tuple[str, str]]]:
    """Claims and entities of a batch of (speaker, text) lines; text carries the "Name: " prefix."""
    events = [ExtractionInput(f"e{i}", text, speaker=speaker) for i, (speaker, text) in enumerate(lines)]
    out = R.extract(events, [])
    return ({(c.subject, c.predicate, c.object, c.kind, c.negated) for c in out.fact_claims},
            {(e.name, e.entity_type, e.event_id) for e in out.entities})


# -- group chats -----------------------------------------------------------------------------------


def test_the_batchs_speakers_named_in_a_line_are_persons():
    _, found = _said(("Nora", "Nora: moved to Tampa last month!"), ("Ivan", "Ivan: congrats Nora, how is it?"))
    assert ("Nora", "person", "e1") in found  # named in Ivan's line, as the speaker field names her


def test_a_speakers_report_that_drops_i_after_an_interjection():
    found, _ = _said(("Sam", "Sam: yep, went fully vegetarian in May."))
    assert ("Sam", "FOLLOWS_DIET", "vegetarian", "trait", False) in found
    found, _ = _said(("Maya", "Maya: guess who finally moved to Denver 🙌"))
    assert ("Maya", "MOVED_TO", "denver", "relation", False) in found


def test_a_speakers_elided_feeling_and_what_has_them_stressed():
    found, _ = _said(("Priya", "Priya: honestly so grateful for you all"))
    assert ("Priya", "FEELS", "grateful", "trait", False) in found
    assert trait("user", "FEELS", "high") in claims("This deadline has me so stressed.")


def test_it_prefers_the_named_car_over_a_kind_word():
    found, _ = _said(("Jo", "Jo: I've been driving my dad's old Camry, solid car"), ("Jo", "Jo: sold it Saturday"))
    assert ("Jo", "DRIVES", "camry", "relation", True) in found
    assert ("Jo", "DRIVES", "car", "relation", True) not in found


def test_chinese_group_chat_lines():
    found, _ = _said(("老周", "老周: 我那辆老捷达还在凑合开。"))
    assert ("老周", "DRIVES", "捷达", "relation", False) in found
    found, _ = _said(("小美", "小美: 我去年进了一家叫云杉数科的公司。"))
    assert ("小美", "WORKS_AT", "云杉数科", "relation", False) in found
    found, _ = _said(("王磊", "王磊: 对，还在京东，不过我们组暂时没事。"))
    assert ("王磊", "WORKS_AT", "京东", "relation", False) in found
    found, _ = _said(("刘畅", "刘畅: 说真的我一点都不喜欢白酒。"))
    assert ("刘畅", "DISLIKES", "白酒", "relation", False) in found


def test_a_new_thing_arrived_stays_owned_not_bought():
    found = claims("我新买的扫地机今天到了。")
    assert not any(c[1] == "BOUGHT" for c in found)


def test_an_internship_with_a_date_is_a_start():
    assert rel("user", "WORKS_AT", "字节跳动") in claims("我下个月一号去字节跳动实习。")


# -- long messages ---------------------------------------------------------------------------------


def test_an_opener_with_if_does_not_make_the_news_conditional():
    assert rel("user", "DATING", "kevin", True) in claims("Not sure if I mentioned it, but Kevin and I broke up.")


def test_a_dated_start_after_and():
    assert rel("user", "WORKS_AT", "stripe") in claims("I left Deloitte on Friday and I start at Stripe on Monday.")


def test_a_job_left_for_a_role_elsewhere():
    found = claims("I left Target for a marketing role at Nike.")
    assert trait("user", "WORKS_AT", "nike") in found and trait("user", "WORKS_AT", "target", True) in found


def test_homes_told_mid_message():
    assert trait("user", "MOVED_TO", "raleigh") in claims("Now that we've moved into a bigger place in Raleigh, we want a dog.")
    assert trait("user", "LIVES_IN", "pilsen") in claims("I'm renting a studio in Pilsen now.")
    assert trait("user", "LIVES_IN", "tacoma") in claims("I've lived in Tacoma three years and love it.")
    found = claims("We moved to Lakewood last week.", "Funny thing is, I actually grew up there.")
    assert trait("user", "IS_FROM", "lakewood") in found


def test_an_unnamed_pet_told_as_the_subject():
    assert trait("user", "HAS_PET", "cat") in claims("Boxes everywhere, and our cat has already claimed the laundry basket.")
    assert not any(c[1] == "HAS_PET" and not c[4] for c in claims("Our cat passed away last week."))


def test_feelings_in_long_messages():
    assert trait("user", "FEELS", "good") in claims("Honestly I've been in a much better mood lately.")
    assert trait("user", "FEELS", "high") in claims("I've never been this stressed at work.")
    assert trait("user", "FEELS", "worried") in claims("她自己挺乐观，可我还是挺担心的。")
    assert trait("user", "FEELS", "high") in claims("工作上压力一直很大。")


def test_a_condition_developed():
    assert trait("user", "HAS_CONDITION", "asthma") in claims("I developed asthma last year.")


def test_chinese_likings_diets_and_homes_in_long_messages():
    assert rel("user", "LIKES", "摄影") in claims("我最近对摄影越来越感兴趣。")
    assert not any(c[1] == "LIKES" for c in claims("我对高尔夫不感兴趣。"))
    assert trait("user", "FOLLOWS_DIET", "pescatarian") in claims("从上个月开始我除了鱼和海鲜，别的肉都不吃了。")
    assert trait("user", "LIVES_IN", "广州") in claims("大学毕业以后就一直在广州待着。")
    assert not any(c[1] == "VISITED" for c in claims("每天早上去公园快走半小时。"))
