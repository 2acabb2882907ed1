"""Clause frames read a negated state verb and a nameless end (issue 14, recall round): a
negation right before a state verb negates the state (its end with 了/已经/anymore, or a plain
denial); an end cue with no name ends the batch's live value of its family; and a
Chinese name slot keeps a one-character tail jieba tags as a verb, or stops at a role verb."""

from __future__ import annotations

from memory_core.extraction.clause_frames import nameless_end
from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.names import zh_trim_slot
from memory_core.extraction.rule_extractor import RuleExtractor
from tests.extraction.test_clause_frames import frame

R = RuleExtractor()


def claims(*texts: str) -> set[tuple]:
    out = R.extract([ExtractionInput(f"e{i}", t) for i, t in enumerate(texts)], [])
    return {(c.event_id, c.kind, c.predicate if c.kind == "relation" else c.trait, c.object, c.negated)
            for c in out.fact_claims}


def test_a_negated_bare_state_verb_negates_the_state():
    f = frame("我现在已经不养兔子了", ("兔子", "animal"))
    assert (f.predicate, f.ended) == ("HAS_PET", True)
    f = frame("我没有哮喘", ("哮喘", "topic"))
    assert (f.predicate, f.ended) == ("HAS_CONDITION", True)
    f = frame("i do not really live in leeds any more", ("leeds", "place"))
    assert (f.family, f.ended) == ("home", True)
    # a kind word is no vehicle value to deny ("I don't have a car")
    assert frame("i do not have a car any more", ("car", "vehicle")) is None


def test_nameless_ends_and_their_guards():
    assert nameless_end("前阵子终于毕业了", True) == "school"
    assert nameless_end("后来我们俩吹了", True) == "partner"
    assert nameless_end("friday was my last shift, finally", False) == "job"
    assert nameless_end("孩子毕业了", True) is None  # someone else's end
    assert nameless_end("我妈退休了", True) is None
    assert nameless_end("my last day is friday", False) is None  # not yet
    assert nameless_end("i never graduated", False) is None


def test_a_nameless_end_ends_the_batch_value_and_needs_one():
    found = claims("我在四川大学读研。", "前阵子终于毕业了。")
    assert ("e1", "relation", "STUDIES_AT", "四川大学", True) in found
    assert ("e1", "trait", "school", "四川大学", True) in found
    assert not any(k[0] == "e0" for k in claims("前阵子终于毕业了。"))


def test_a_negated_state_verb_in_the_engine():
    found = claims("我现在已经不养兔子了。")
    assert ("e0", "relation", "HAS_PET", "兔子", True) in found and ("e0", "trait", "pet", "兔子", True) in found
    found = claims("我没有哮喘。")  # a plain denial, no end (dev10's convention): the relation alone
    assert ("e0", "relation", "HAS_CONDITION", "哮喘", True) in found
    assert ("e0", "trait", "health", "哮喘", True) not in found and not any(not k[4] for k in found)


def test_chinese_slot_tails_and_role_verbs():
    assert zh_trim_slot("海底捞") == "海底捞"  # 捞 tagged a verb: still the name's end
    assert zh_trim_slot("郊区住") == "郊区"  # 住 does end the slot
    found = claims("我在圆通做快递员。")
    assert any(k[2] == "WORKS_AT" and k[3] == "圆通" for k in found)
