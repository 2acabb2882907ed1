"""Lines whose state words belong to something else (stop 32: a natural-chat audit of LoCoMo
conversations 5-10 and the dev42-dev47 first runs): a show, a club, a draft, a quotation, a
habit's condition, someone named as the subject. Tested by other wordings."""

from __future__ import annotations

from .claim_sets import claims, rel, trait


def _predicates(*texts: str, speaker: str | None = None) -> set[str]:
    return {c[1] for c in claims(*texts, speaker=speaker)}


def test_what_a_name_only_modifies_is_no_employer_or_place_visited():
    assert "WORKS_AT" not in _predicates("Kim: I also joined a chess club near the station.", speaker="Kim")
    assert "WORKS_AT" not in _predicates("I joined the Oracle volleyball league this spring.")
    assert "VISITED" not in _predicates("We went to a boat show on Saturday.")
    assert "VISITED" not in _predicates("Went to a motorcycle expo with my cousin.")
    # a named place or employer still is one
    assert rel("user", "WORKS_AT", "oracle") in claims("I joined Oracle this spring.")
    assert rel("user", "VISITED", "lisbon") in claims("We went to Lisbon on Saturday.")


def test_a_source_a_kind_or_another_subjects_verb_is_no_state_of_the_speaker():
    assert "LIVES_IN" not in _predicates("My essay is based on my years in Norway, but it fell flat.")
    assert "DRIVES" not in _predicates("At the fair I got to ride bumper cars and go-karts.")
    assert not _predicates("The test account in my demo works at Globex and drives a Honda Accord.")
    assert "DRIVES" not in _predicates("Ana: Luis drives a Volvo so we can all fit.", speaker="Ana")
    # the speaker's own car and home are still theirs
    assert trait("user", "DRIVES", "volvo") in claims("I drive a Volvo these days.")
    assert trait("user", "LIVES_IN", "oslo") in claims("I'm based in Oslo now.")


def test_my_new_person_or_undertaking_is_not_owned():
    assert "OWNS" not in _predicates("Met my new neighbour Priya at the mailbox today.")
    assert "OWNS" not in _predicates("Lunch with my new coworkers was fun.")
    assert "OWNS" not in _predicates("Wish me luck on my new venture!")
    assert rel("user", "OWNS", "kindle") in claims("I love my new Kindle.")


def test_a_feeling_under_when_or_told_to_the_listener_is_no_current_feeling():
    assert not claims("Every time I'm stressed I bake bread.")
    assert not claims("Yoga is what I do when I'm feeling overwhelmed.")
    assert not claims("Take it easy and don't put so much pressure on yourself.")
    assert not claims("I'm down for a bike ride on Sunday!")
    assert trait("user", "FEELS", "bad") in claims("I've been feeling pretty down this week.")
    assert trait("user", "FEELS", "high") in claims("So much pressure at work right now.")


def test_a_liked_thing_is_named_not_a_clause_around_it():
    assert not claims("I love watching my students succeed.")
    assert not claims("I love teaching what I've learned to newcomers.")
    assert not claims("I love the message it sends to kids.")
    assert not claims("Reading the stuff I love keeps me sane.")
    assert rel("user", "LIKES", "sushi") in claims("I like also sushi.")
    assert rel("user", "DISLIKES", "golf") in claims("I don't like golf itself, just the walk.")


def test_drafts_quotations_and_sarcasm_are_not_the_tellers_report():
    assert not claims("Draft a LinkedIn post saying I work at Meta now.")
    assert not claims("帮我写个朋友圈文案，就说我在字节跳动上班。")
    assert not claims("帮我写段自我介绍：“常驻成都，爱吃火锅的程序员”")
    assert not claims('My aunt keeps texting "move back to Ohio already".')
    assert not claims("Another Monday meeting, I'm thrilled, so excited /s")
    # the same statement told plainly is a claim
    assert rel("user", "WORKS_AT", "meta") in claims("I work at Meta now.")


def test_chinese_moves_out_deaths_told_with_when_and_plans_that_fell_through():
    assert {rel("user", "LIVES_IN", "天通苑", True), trait("user", "LIVES_IN", "天通苑", True)} <= \
        claims("上个月终于从天通苑搬出来了。")
    assert rel("user", "LIVES_IN", "天通苑") in claims("我从天通苑搬到了望京。")
    assert {rel("user", "HAS_PET", "旺财", True), trait("user", "HAS_PET", "旺财", True)} <= \
        claims("我家金毛旺财是前年夏天走的。")
    assert not claims("去深圳的计划泡汤了。")
    assert not claims("这工作干得我快得胃病了。")
    assert rel("user", "MOVED_TO", "深圳") in claims("去年搬到了深圳。")


def test_service_on_a_thing_people_seen_and_replies_to_a_suggestion_are_no_claims():
    """From the LongMemEval sample's user turns (an audit of every claim, stop 32)."""
    assert "BOUGHT" not in _predicates("Finally got my bike repaired at the shop down the street.")
    assert rel("user", "BOUGHT", "bike") in claims("I got a new bike last week.")
    assert "VISITED" not in _predicates("We visited my grandma in May and stayed for a week.")
    assert not claims("I like the minimalist idea, but maybe fewer plants.")
    assert not claims("I really like the format, thanks.")
    assert rel("user", "LIKES", "jazz") in claims("I really like jazz.")


def test_a_later_part_opening_on_a_bare_verb_is_no_object():
    found = claims("I bought a paddleboard and go out on the lake every Sunday.")
    assert not any(c[2].startswith("go ") for c in found)
    assert rel("user", "BOUGHT", "kayak") in claims("I bought a kayak and go paddling every weekend.")
    assert {rel("user", "LIKES", "hiking"), rel("user", "LIKES", "running")} <= claims("I love hiking and running.")


def test_locomo_one_to_four_leftovers_reactions_them_and_a_dash():
    """From an audit of LoCoMo conversations 1-4 (stop 32)."""
    assert not claims("Awww, so cute! I love the thought, Sam!")
    assert not claims("I really enjoy watching our kids play together.")
    found = claims("Our turtles live in Tampa with us. I love having them around.")
    assert rel("user", "LIKES", "tampa") not in found
    assert not any(c[1] == "HAS_CONDITION" for c in claims(
        "I'm feeling a mix of emotions - relief, some anxiety - over finishing this book."))
    assert rel("user", "LIKES", "acting") in claims("I really like the idea and the acting.")
