"""Lower-case English chat gets its names' capitals back before extraction (``truecase``), and
only from list names and name slots; wordings here are not the dev batches' lines."""

from __future__ import annotations

from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.rule_extractor import RuleExtractor
from memory_core.extraction.truecase import is_caseless, restore, truecase

from .claim_sets import claims, rel, trait


def test_only_caseless_english_is_touched():
    assert is_caseless("me and nina broke up last week lol")
    assert is_caseless("ok so I think we're moving to leeds")  # a lone "I" is no use of case
    assert not is_caseless("Me and Nina broke up")
    assert not is_caseless("I went to bed early, then to work.")  # cased, and names nobody
    assert not is_caseless("我和小王分手了")
    assert not is_caseless("ok lol")  # too little text to tell
    assert truecase("We moved to leeds") == "We moved to leeds"


def test_slots_and_list_names_get_capitals_and_nothing_else_changes():
    text = "me and nina broke up, moved to leeds and started at deloitte on monday"
    cased = truecase(text)
    assert cased == "me and Nina broke up, moved to Leeds and started at Deloitte on monday"
    assert len(cased) == len(text) and cased.lower() == text


def test_slot_words_that_are_no_names_stay_lower():
    for text in ("moved to the city last year and love it", "spent the weekend in bed lol", "went to bed early", "me and my sister went to the gym",
                 "left early today, work was dead", "my girlfriend moved in with me lol",
                 "i dropped out of community college after a term", "got a zoom call with my boss at noon"):
        assert truecase(text) == text, text


def test_a_list_name_that_is_an_everyday_word_needs_a_slot():
    assert truecase("had an apple and some golf on tv") == "had an apple and some golf on tv"
    assert truecase("got a job at apple last month") == "got a job at Apple last month"


def test_brand_and_model_and_place_pairs_are_one_name():
    assert truecase("just traded my mazda cx5 for a kia niro") == "just traded my Mazda Cx5 for a Kia Niro"
    assert truecase("we moved to gold coast in june lol") == "we moved to Gold Coast in june lol"


def test_restore_gives_the_original_text_of_a_cased_span():
    text = "got sacked from nandos today"
    assert restore(text, truecase(text), "sacked from Nandos today") == "sacked from nandos today"


def test_lower_case_lines_carry_their_states():
    assert {rel("user", "DATING", "nina", True), trait("user", "DATING", "nina", True)} <= \
        claims("me and nina split up last week, still kinda gutted")
    assert {rel("user", "WORKS_AT", "greggs", True), trait("user", "WORKS_AT", "greggs", True)} <= \
        claims("got made redundant from greggs yesterday lol")
    assert {rel("user", "HAS_PET", "biscuit", True)} <= claims("our dog biscuit crossed the rainbow bridge last night")
    assert {rel("user", "MOVED_TO", "leeds"), trait("user", "MOVED_TO", "leeds")} <= \
        claims("finally moved to leeds last weekend, flat is tiny but cute")
    assert {rel("user", "DRIVES", "mazda cx5", True)} <= claims("wrote off my mazda cx5 on the motorway, im fine tho")


def test_what_the_extractor_reports_is_the_line_as_written():
    text = "me and nina split up last week"
    out = RuleExtractor().extract([ExtractionInput("e1", text)], [])
    assert out.fact_claims and all(c.evidence_text in text for c in out.fact_claims)
    assert all(e.mention in text for e in out.entities)


def test_cased_lines_with_the_same_words_are_read_as_before():
    # the writer used case: "community" stays a word, no school is made of it
    assert not any(c[1] == "STUDIES_AT" for c in claims("I dropped out of community college after a term."))


def test_new_english_rules_on_any_case():
    assert {rel("user", "WORKS_AT", "aviva", True)} <= claims("I was made redundant from Aviva in May.")
    assert {rel("user", "LIVES_IN", "lagos"), trait("user", "LIVES_IN", "lagos")} <= \
        claims("I've been in Lagos since 2017 and I love it.")
    assert not any(c[1] == "LIVES_IN" for c in claims("I've been in Lagos since Monday for a conference."))
    assert {rel("user", "DISLIKES", "olives")} <= claims("I genuinely can't stand olives.")
