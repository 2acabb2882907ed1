"""Clause frames (``clause_frames.read_frame``): the last-resort reading of a self clause by
what it contains — one typed name of a state family and one start or end cue — and the guards
that keep it silent when the clause is not plainly about the speaker's own single state."""

from __future__ import annotations

from memory_core.extraction.clause_frames import read_frame
from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.rule_extractor import RuleExtractor

R = RuleExtractor()


def frame(text: str, *names: tuple[str, str]):
    spans = []
    for name, etype in names:
        at = text.find(name)
        assert at >= 0, name
        spans.append((name, etype, at, at + len(name)))
    return read_frame(text, any("\u4e00" <= ch <= "\u9fff" for ch in text), spans)


def test_a_name_and_a_cue_of_its_family_make_a_frame():
    f = frame("我的荨麻疹这两年反复发作", ("荨麻疹", "topic"))
    assert (f.predicate, f.name, f.ended, f.trait) == ("HAS_CONDITION", "荨麻疹", False, "health")
    f = frame("my old prius got rear-ended and scrapped.", ("prius", "vehicle"))
    assert (f.predicate, f.ended) == ("DRIVES", True)
    f = frame("我去年搬到了大理", ("大理", "place"))
    assert f.predicate == "MOVED_TO" and not f.ended  # a move, not also a home


def test_guards_keep_the_frame_silent():
    assert frame("我妈的荨麻疹反复发作", ("荨麻疹", "topic")) is None  # someone else's
    assert frame("my mom's prius got scrapped.", ("prius", "vehicle")) is None
    assert frame("我昨天梦见自己搬到了纽约", ("纽约", "place")) is None  # a dream
    assert frame("i almost moved to austin last year.", ("austin", "place")) is None  # a near miss
    assert frame("我差点就搬到成都了", ("成都", "place")) is None
    assert frame("i had an interview at google and they hired nobody.", ("google", "organization")) is None
    assert frame("我没在腾讯上班", ("腾讯", "organization")) is None  # negated cue: no guess at polarity
    assert frame("我在腾讯上班，上个月辞职了", ("腾讯", "organization")) is None  # start and end: a change
    assert frame("我在腾讯和阿里都上过班", ("腾讯", "organization"), ("阿里", "organization")) is None


def test_the_engine_uses_a_frame_only_where_no_pattern_read_the_clause():
    def rel(text):
        out = R.extract([ExtractionInput("e1", text)], [])
        return {(c.subject, c.predicate, c.object, c.negated, c.directness) for c in out.fact_claims
                if c.kind == "relation"}
    assert ("user", "DRIVES", "prius", True, "implied") in rel("My Prius got rear-ended and scrapped.")
    assert ("user", "DRIVES", "civic", True, "implied") in rel("My old Civic finally got sold last week.")
    assert ("user", "HAS_CONDITION", "荨麻疹", False, "implied") in rel("我的荨麻疹这两年反复发作。")
    assert rel("我昨天梦见自己在腾讯上班。") == set()
    assert rel("你在阿里上班吗？") == set()
