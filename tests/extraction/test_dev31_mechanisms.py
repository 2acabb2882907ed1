"""Mechanisms of the dev31 / dev32 round (issue 14, stop 30: everyday and unusual wordings, with
a known-entity catalog): each test is a family of wordings, not one dev line, and each fails on
the extractor before its fix."""

from __future__ import annotations

from memory_core.extraction.inputs import ExtractionInput, KnownEntity
from tests.extraction.claim_sets import R, claims, entities, rel, trait


def test_what_others_take_the_speaker_for_is_no_fact():
    assert not any(c[1] == "IS_FROM" for c in claims("Everyone assumes I'm from Denver, but nope."))


def test_a_pet_named_in_the_line_after_its_kind():
    found = claims("We got a kitten!! a tabby named Miso")
    assert trait("user", "HAS_PET", "miso") in found and rel("user", "HAS_PET", "kitten") not in found


def test_a_last_day_told_bare_and_not_when_it_is_ahead():
    assert trait("user", "WORKS_AT", "target", True) in claims("Last day at Target today, feels weird.")
    assert not any(c[1] == "WORKS_AT" for c in claims("My last day at Target is Friday."))


def test_unusual_english_starts_and_ends():
    assert trait("user", "FOLLOWS_DIET", "vegetarian") in claims("No more meat for me, two weeks in.")
    assert rel("user", "DATING", "maya") in claims("Maya and I hit three years together today!")
    assert trait("user", "DRIVES", "prius") in claims("Been commuting in the Prius since May.")
    assert trait("user", "STUDIES_AT", "rutgers", True) in claims("My diploma from Rutgers finally came!")
    assert trait("user", "WORKS_AT", "figma") in claims("I'm officially on the design team at Figma now.")
    assert trait("user", "HAS_CONDITION", "asthma", True) in claims("The specialist ruled out asthma.")
    assert rel("user", "DATING", "theo") in claims("Back in college I dated a guy named Theo.")
    assert rel("user", "BOUGHT", "kindle paperwhite") in claims("Finally caved and bought a Kindle Paperwhite.")
    assert trait("user", "LIVES_IN", "wichita") in claims("Crashing at my parents' place in Wichita for now.")


def test_a_feeling_elided_after_a_comma_or_an_odd_adverb():
    assert trait("user", "FEELS", "sad") in claims("Sold my bike this morning, kinda sad ngl.")
    assert trait("user", "FEELS", "nervous") in claims("Weirdly nervous about tomorrow.")


def test_a_known_pet_adopted_told_as_ours():
    known = [KnownEntity("ent_b", "bartholomew", "animal", ("barty",))]
    out = R.extract([ExtractionInput("e0", "Adoption's final — Barty is officially ours!")], known)
    assert ("user", "HAS_PET", "bartholomew") in {(c.subject, c.predicate, c.object) for c in out.fact_claims}


def test_unusual_chinese_starts_and_ends():
    assert trait("user", "WORKS_AT", "字节跳动") in claims("正式成为一名字节跳动人了。")
    assert not any(c[1] == "WORKS_AT" for c in claims("我是北京人。"))
    assert trait("user", "HAS_PET", "团子") in claims("家里新添了一只猫叫团子。")
    assert trait("user", "HAS_PET", "狗子", True) in claims("我家狗子昨天去汪星了。")
    assert trait("user", "DATING", "周子航") in claims("官宣脱单！和周子航在一起了。")
    assert trait("user", "FOLLOWS_DIET", "pescatarian") in claims("现在除了鱼虾，别的肉一概不吃了。")
    assert trait("user", "DISLIKES", "香菜", True) in claims("香菜是真的受不了。")


def test_a_trim_after_a_model_and_a_dryer_after_its_brand():
    assert ("比亚迪秦plus", "vehicle") in entities("现在开的是一辆比亚迪秦PLUS。")
    assert ("戴森吹风机", "appliance") in entities("入了一台戴森吹风机。")


# -- changes told across two lines of a batch (own probes after the round) --------------------------


def test_a_continuation_reads_the_same_persons_line_before():
    assert trait("user", "WORKS_AT", "spotify") in claims("I got a new job!", "It's at Spotify.")
    assert trait("user", "HAS_PET", "rufus") in claims("We adopted a dog.", "His name is Rufus.")


def test_the_second_line_of_a_change():
    assert trait("user", "WORKS_AT", "amd") in claims("I used to work at Intel.", "Now I'm at AMD.")
    assert trait("user", "LIVES_IN", "austin") in claims("We lived in Denver for a while.", "Now we're in Austin.")
    assert not any(c[1] == "LIVES_IN" for c in claims("We went to Denver.", "Now we're in Austin."))
    assert rel("user", "DATING", "chris", True) in claims("I was dating Chris.", "We broke up last week.")
    assert rel("user", "WORKS_AT", "google", True) in claims("I've been at Google since 2019.", "Just handed in my resignation.")
    assert rel("user", "DATING", "小王", True) in claims("我和小王谈了三年。", "最近分了。")
