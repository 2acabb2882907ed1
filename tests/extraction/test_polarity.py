"""Clause polarity (``polarity``): a negation that ends a held state (anymore, no longer, 了,
已经, 不再) and a plain denial (never, 过, 从没, a bare "don't") both give the negated relation
and trait (L2 ends a live value, drops the trait when none is live); a Chinese negation the patterns' ``neg`` slot cannot see (an adverb
before it, or after the object) still negates the claim."""

from __future__ import annotations

from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.polarity import en_negation_ends, zh_negation_ends, zh_negation_over
from memory_core.extraction.rule_extractor import RuleExtractor

R = RuleExtractor()


def claims(*texts: str) -> set[tuple]:
    out = R.extract([ExtractionInput(f"e{i}", t) for i, t in enumerate(texts)], [])
    return {(c.kind, c.predicate if c.kind == "relation" else c.trait, c.object, c.negated)
            for c in out.fact_claims}


def test_english_end_markers_against_plain_denials():
    assert en_negation_ends("i do not rent in leeds any more")
    assert en_negation_ends("i am not with the bank any longer")
    assert en_negation_ends("i have not driven the van since march")
    assert en_negation_ends("i do not work nights now")
    assert not en_negation_ends("i do not live in leeds")
    assert not en_negation_ends("i never studied at yale")


def test_chinese_end_aspect_against_experiential_and_never():
    assert zh_negation_ends("我已经不住那边")
    assert zh_negation_ends("我不在那家公司干了。")
    assert zh_negation_ends("我再也不开那辆车")
    assert not zh_negation_ends("我没在那边住过")
    assert not zh_negation_ends("我从来不在外面吃")
    assert not zh_negation_ends("我不住那边")


def test_chinese_negation_fused_to_a_state_verb_in_the_objects_part():
    text = "我老早就不住在厦门了"
    at = text.find("厦门")
    assert zh_negation_over(text, at, at + 2) == "end"
    text = "我跟阿芳现在没在一起了"
    assert zh_negation_over(text, text.find("阿芳"), text.find("阿芳") + 2) == "end"
    text = "我其实没在厦门住过"
    assert zh_negation_over(text, text.find("厦门"), text.find("厦门") + 2) == "plain"
    text = "我不太想出门，在厦门上班"  # the negation is in another comma part
    assert zh_negation_over(text, text.find("厦门"), text.find("厦门") + 2) is None
    text = "她不住在厦门了"  # someone else's verb
    assert zh_negation_over(text, text.find("厦门"), text.find("厦门") + 2) is None


def test_a_denial_and_an_end_both_negate_the_relation_and_the_trait():
    found = claims("I don't live in Leeds, I just visit a lot.")
    assert ("relation", "LIVES_IN", "leeds", True) in found and ("trait", "residence", "leeds", True) in found
    assert not any(not neg for *_, neg in found)
    found = claims("I don't work for Nokia anymore.")
    assert ("relation", "WORKS_AT", "nokia", True) in found and ("trait", "employer", "nokia", True) in found


def test_a_chinese_negation_after_an_adverb_ends_the_state():
    found = claims("我老早就不住在厦门了。")
    assert ("relation", "LIVES_IN", "厦门", True) in found and ("trait", "residence", "厦门", True) in found
    assert not any(not neg for *_, neg in found)


def test_an_ended_presence_follows_the_type_of_its_name():
    from memory_core.extraction.polarity import en_presence_end
    assert en_presence_end("i am not at kpmg any more") == ("at", "kpmg any more")
    assert en_presence_end("we are no longer in leeds") == ("in", "leeds")
    assert en_presence_end("i am not in leeds this week") is None  # a trip, not a home's end
    found = claims("I'm not at Nokia anymore.")
    assert ("relation", "WORKS_AT", "nokia", True) in found and ("trait", "employer", "nokia", True) in found
    found = claims("We're not in Leeds anymore, the rent got too high.")
    assert ("relation", "LIVES_IN", "leeds", True) in found
