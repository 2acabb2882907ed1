"""General rules of the generalisation round (issue 14, dev6): how far an irrealis cue reaches,
and English forms that read as something else before normalisation. Each test fails on the
extractor before the rule."""

from __future__ import annotations

from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.rule_engine import normalize_en
from memory_core.extraction.rule_extractor import RuleExtractor

R = RuleExtractor()


def claims(text: str, **kw) -> set[tuple]:
    out = R.extract([ExtractionInput("e1", text, **kw)], [])
    return {(c.subject, c.predicate, c.object, c.kind, c.negated) for c in out.all_claims}


def hints(text: str, obj: str) -> set[str | None]:
    """The time hints of the claims about ``obj``."""
    return {c.time_hint for c in R.extract([ExtractionInput("e1", text)], []).all_claims if c.object == obj}


def test_a_plan_in_a_later_comma_part_does_not_void_the_fact_before_it():
    found = claims("我从网易辞职了，下周去小米报到。")
    assert ("user", "WORKS_AT", "网易", "relation", True) in found
    # the dated plan is no present fact: a state scheduled from its date (test_future_starts)
    assert hints("我从网易辞职了，下周去小米报到。", "小米") == {"from:下周"}
    found = claims("I quit my job at Walmart, going to take a break for a while.")
    assert ("user", "WORKS_AT", "walmart", "relation", True) in found


def test_a_cue_in_the_first_part_still_scopes_over_the_whole_sentence():
    assert claims("如果搬到杭州，我就买房。") == set()
    assert claims("If I got the job at Netflix, I'd move to LA.") == set()
    # a dated move is a state scheduled from its date, never a present one
    assert hints("明年，我要搬到杭州。", "杭州") == {"from:明年"}
    assert hints("Next year, I'm moving to Boston.", "boston") == {"from:Next year"}


def test_d_before_a_participle_is_had_not_would():
    assert normalize_en("I'd moved to Seattle by then.") == "i had moved to seattle by then."
    assert normalize_en("I'd need a car.") == "i would need a car."
    assert ("user", "MOVED_TO", "seattle", "relation", False) in claims("I'd moved to Seattle by the time it hit.")
    assert claims("I'd move to Seattle for that job.") == set()


def test_possessive_have_got_is_have():
    assert normalize_en("I've got two cats, Luna and Milo.") == "i have two cats, luna and milo."
    assert normalize_en("We've got to go.") == "we have got to go."
    found = claims("I've got a girlfriend now, her name's Tanya.")
    assert not any(c[1] == "BOUGHT" for c in found)  # a girlfriend is not a purchase
