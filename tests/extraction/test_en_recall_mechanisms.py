"""English recall mechanisms of the dev12 round (issue 14): each test covers a family of
wordings, not one sentence, and failed on the extractor before its fix."""

from __future__ import annotations

from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.rule_extractor import RuleExtractor

R = RuleExtractor()


def claims(*texts: str, speaker: str | None = None) -> set[tuple]:
    events = [ExtractionInput(f"e{i}", t, speaker=speaker) for i, t in enumerate(texts)]
    out = R.extract(events, [])
    return {(c.subject, c.predicate, c.object, c.kind, c.negated) for c in out.fact_claims}


def rel(subject: str, predicate: str, obj: str, negated: bool = False) -> tuple:
    return (subject, predicate, obj, "relation", negated)


def test_the_perfect_auxiliary_have_is_no_possession_of_a_condition():
    assert rel("user", "HAS_CONDITION", "insomnia") in claims("I've been dealing with insomnia for months now.")
    assert rel("user", "HAS_CONDITION", "sciatica") in claims("I have been living with sciatica since the accident.")
    assert rel("user", "HAS_CONDITION", "eczema") in claims("I've had eczema since I was a kid.")  # still possession
