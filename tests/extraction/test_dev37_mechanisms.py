"""English as the world types it (dev37's first run: international English, dictated lines,
mixed case), tested by other wordings."""

from __future__ import annotations

from .claim_sets import claims, rel, trait


def test_divorce_and_dating_of_a_pair_named_first():
    found = claims("Me and Rohan got divorced in May.")
    assert rel("user", "MARRIED_TO", "rohan", True) in found and not any(c[1] == "DATING" for c in found)
    assert trait("user", "DATING", "lena") in claims("Lena and I have been dating since March.")
    assert not any(c[1] == "DATING" for c in claims("Sam and I were together at school."))


def test_a_pet_that_is_no_more():
    assert rel("user", "HAS_PET", "tiger", True) in claims("Our cat Tiger is no more, he expired this morning.")
    assert not claims("My milk expired yesterday.")


def test_a_spoken_self_correction():
    found = claims("so we moved to Leeds no sorry York last month")
    assert {trait("user", "MOVED_TO", "york"), trait("user", "MOVED_TO", "leeds", True)} <= found
    found = claims("I work at Aviva wait no Allianz these days")
    assert {trait("user", "WORKS_AT", "allianz"), trait("user", "WORKS_AT", "aviva", True)} <= found
    assert not any(c[4] for c in claims("I moved to Denver, actually I love it."))


def test_international_english_forms_of_the_families():
    assert trait("user", "STUDIES_AT", "vit vellore", True) in claims("I passed out of VIT Vellore in 2019.")
    assert trait("user", "STUDIES_AT", "iit bombay") in claims("Currently doing my MTech from IIT Bombay.")
    assert trait("user", "IS_FROM", "goa") in claims("My native place is Goa.")
    assert trait("user", "LIVES_IN", "nagpur") in claims("Now I am staying in Nagpur with my family.")
    assert not claims("I am staying in a hotel in Nagpur for now.")
    assert rel("user", "LIVES_IN", "hue") in claims("I used to stay in Hue as a student.")
    assert trait("user", "WORKS_AT", "zoho") in claims("I am working in Zoho since 2020.")
    assert not any(c[1] == "WORKS_AT" for c in claims("I am working in Boston since 2019."))
    assert trait("user", "WORKS_AT", "infosys") in claims("From last month I am in Infosys.")
    assert trait("user", "FOLLOWS_DIET", "vegetarian") in claims("We are pure veg, no eggs also.")
    assert trait("user", "HAS_CONDITION", "typhoid", True) in claims("My typhoid is completely cured now.")


def test_shouting_does_not_make_a_line_cased():
    assert rel("user", "DRIVES", "kia rio", True) in claims("finally SOLD the kia rio, so no car for me now")


def test_a_run_on_object_stops_at_a_new_clause():
    assert trait("user", "HAS_CONDITION", "celiac disease") in claims("turns out i have celiac disease the doctor said so today")
