"""State-change families in English and Chinese (issue 14, item 2): start, change, end of a job,
a vehicle, a pet (death), a diet — told in one sentence or two — reach the current profile
through the existing supersession, and a current_state question asked after the change finds
the new state first. Questions, hypotheticals and reported speech never do; an end names its value
even when memory never held it ("I left Intel"), but an end that names no thing ("I quit my job",
"I left my keys") creates nothing."""

from __future__ import annotations

import pytest

from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project

BEFORE, AFTER = T0, T0 + 100 * DAY


def _live(engine, trait: str) -> list[tuple[str, int]]:
    rows = engine.db.read_all("SELECT value, polarity FROM tom_trait_assertions WHERE trait = ? AND status IN "
                              "('tentative', 'corroborated', 'stable')", (trait,))
    return sorted((r["value"], r["polarity"]) for r in rows)


CHANGES = [
    # (family trait, first statement, change statement, live values after)
    ("employer", "I work at Initech as an engineer.", "I quit Initech and joined Hooli as a designer.", [("hooli", 1)]),
    ("employer", "我在字节跳动工作。", "我从字节跳动辞职了，加入了腾讯。", [("腾讯", 1)]),
    ("employer", "I work for Globex.", "I was laid off from Globex last month.", []),
    ("vehicle", "I drive a Toyota Corolla.", "I sold my Corolla and now drive a Volvo.", [("volvo", 1)]),
    ("vehicle", "我开的是一辆比亚迪。", "我把比亚迪卖了，现在开特斯拉。", [("特斯拉", 1)]),
    ("pet", "We have a cat named Mochi.", "Our cat Mochi died in March.", []),
    ("pet", "我家养了一只狗，叫旺财。", "我家的狗旺财去世了。", []),
    ("diet", "I am vegetarian.", "I started eating meat again.", []),
    ("diet", "我是素食者。", "我现在不吃素了，开始吃肉。", []),
    ("partner", "I'm dating Alex.", "I broke up with Alex last month.", []),
    ("partner", "我和小李在一起了。", "我和小李分手了。", []),
    ("spouse", "I got married to Sam in 2019.", "I divorced Sam this spring.", []),
    ("spouse", "我和小王结婚了。", "我和小王离婚了。", []),
    ("school", "I study at Stanford University.", "I graduated from Stanford last year.", []),
    ("school", "我在复旦大学读书。", "我从复旦大学毕业了。", []),
    ("health", "I was diagnosed with diabetes.", "I recovered from diabetes.", []),
    ("health", "我得了肺炎。", "我的肺炎已经好了。", []),
    ("partner", "I'm dating Alex.", "I broke up with Alex and started dating Jordan.", [("jordan", 1)]),
    # marrying one's partner ends the dating: the spouse is the state now (TRAIT_ENDS)
    ("partner", "I'm dating Hana.", "We got married yesterday, Hana is my wife now!", []),
    ("partner", "我和女朋友小雨在一起两年了。", "我和小雨结婚了。", []),
]


@pytest.mark.parametrize("trait,first,change,after", CHANGES, ids=[c[2][:24] for c in CHANGES])
def test_a_change_supersedes_the_old_state(l2_engine, trait, first, change, after):
    l2_engine.ingest_payloads([chat("s1", "user", first, BEFORE, "m1")])
    project(l2_engine)
    before = _live(l2_engine, trait)
    assert len(before) == 1 and before[0][1] == 1, before  # the start is recorded
    l2_engine.ingest_payloads([chat("s2", "user", change, AFTER, "m2")])
    project(l2_engine)
    assert _live(l2_engine, trait) == after


QUESTIONS = [
    ("I drive a Toyota Corolla.", "I sold my Corolla and now drive a Volvo.", "What car do I drive now?", "volvo"),
    ("我在字节跳动工作。", "我从字节跳动辞职了，加入了腾讯。", "我现在在哪里工作？", "腾讯"),
    ("I work at Initech.", "I quit Initech and joined Hooli.", "Where do I work now?", "hooli"),
]


@pytest.mark.parametrize("first,change,question,answer", QUESTIONS, ids=[q[2] for q in QUESTIONS])
def test_current_state_question_after_the_change_finds_the_new_state_first(l2_engine, first, change, question,
                                                                           answer):
    l2_engine.ingest_payloads([chat("s1", "user", first, BEFORE, "m1"), chat("s2", "user", change, AFTER, "m2")])
    project(l2_engine)
    pkg = l2_engine.retrieval.query(question, "current_state", now=AFTER + DAY)
    top = pkg.findings[0]
    assert answer in top.content.lower(), [f.content for f in pkg.findings[:3]]


@pytest.mark.parametrize("text", [
    "Did you quit Initech?", "If I quit Initech I would join Hooli.", "My friend quit Initech and joined Hooli.",
    "I never worked at Initech.", "我如果从字节跳动辞职，会加入腾讯吗？", "他的猫死了。",
    "I attend the Hooli meeting every week.", "他从字节跳动辞职了。",
])
def test_questions_hypotheticals_and_other_people_do_not_change_the_users_state(l2_engine, text):
    l2_engine.ingest_payloads([chat("s1", "user", "I work at Initech.", BEFORE, "m1"),
                               chat("s0", "user", "我在字节跳动工作。", BEFORE, "m0"),
                               chat("s2", "user", text, AFTER, "m2")])
    project(l2_engine)
    assert _live(l2_engine, "employer") in ([("initech", 1), ("字节跳动", 1)], [("initech", 1)], [("字节跳动", 1)])
    assert "hooli" not in [v for v, _ in _live(l2_engine, "employer")]


@pytest.mark.parametrize("text", ["I left my keys at home and quit smoking.", "I quit my job last week.",
                                  "我跟男朋友分手了。"])
def test_an_end_that_names_no_thing_creates_nothing(l2_engine, text):
    l2_engine.ingest_payloads([chat("s1", "user", text, BEFORE, "m1")])
    project(l2_engine)
    names = {r["canonical_name"].lower() for r in l2_engine.db.read_all("SELECT canonical_name FROM entity_catalog")}
    assert not names & {"keys", "my keys", "smoking", "job"}  # 男朋友 is a person of the circle, no value
    assert _live(l2_engine, "employer") == [] and _live(l2_engine, "partner") == []


@pytest.mark.parametrize("text,name", [("I left Intel in April.", "intel"), ("我上个月从京东离职了。", "京东")])
def test_an_end_of_a_value_memory_never_held_still_names_it(l2_engine, text, name):
    """Issue 14 convention: a user who says "I left JD" expects memory to know they no longer
    work at JD - the organisation becomes an entity and no live employer says otherwise."""
    l2_engine.ingest_payloads([chat("s1", "user", text, BEFORE, "m1")])
    project(l2_engine)
    names = {r["canonical_name"].lower() for r in l2_engine.db.read_all("SELECT canonical_name FROM entity_catalog")}
    assert name in names
    assert (name, 1) not in _live(l2_engine, "employer")


def test_an_end_names_a_held_value_by_part_of_its_name():
    from memory_core.l2.planner import names_same_thing

    assert names_same_thing("toyota corolla", "corolla")
    assert names_same_thing("字节跳动", "字节")
    assert not names_same_thing("toyota corolla", "cor")  # whole words only
    assert not names_same_thing("initech", "keys")
    assert not names_same_thing("字节跳动", "跳")  # one character is not a name
    # …unless it is a one-character model after its brand (秦也卖了 ends 比亚迪秦)
    assert names_same_thing("比亚迪秦", "秦")
    assert not names_same_thing("比亚迪秦", "迪")


NAMELESS_ENDS = [
    # (trait, first statement, an end that names nothing, told in a later batch)
    ("employer", "I work as a nurse at Mercy General.", "Big news: I handed in my notice last week."),
    ("employer", "我在华为做测试工程师。", "跟你说个事，我上个月辞职了。"),
    ("school", "I'm doing my master's at the University of Toronto.", "I just finished my master's, graduation was yesterday!"),
    ("school", "我在浙江大学读本科。", "我本科毕业了！"),
    ("partner", "My girlfriend Priya and I have been together two years.", "We broke up last month."),
    ("partner", "我和小李在一起了。", "我们上个月分手了。"),
]


@pytest.mark.parametrize("trait,first,end", NAMELESS_ENDS, ids=[e[2][:24] for e in NAMELESS_ENDS])
def test_an_end_that_names_nothing_ends_the_value_held_from_an_earlier_batch(l2_engine, trait, first, end):
    """The value was told months before, in another projection batch: the end still closes it
    (the extractor is given the user's live values from the store), and names it as evidence."""
    l2_engine.ingest_payloads([chat("s1", "user", first, BEFORE, "m1")])
    project(l2_engine)
    held = _live(l2_engine, trait)
    assert len(held) == 1 and held[0][1] == 1, held
    l2_engine.ingest_payloads([chat("s2", "user", end, AFTER, "m2")])
    project(l2_engine)
    assert _live(l2_engine, trait) == []
    row = l2_engine.db.read_one("SELECT status, valid_to FROM tom_trait_assertions WHERE value = ?", (held[0][0],))
    assert row["status"] == "superseded" and row["valid_to"] == pytest.approx(AFTER)


@pytest.mark.parametrize("end", ["My sister just handed in her notice.", "If I quit, I'd travel for a year.",
                                 "Did you graduate already?"])
def test_a_nameless_end_of_someone_else_or_a_hypothetical_leaves_the_held_value(l2_engine, end):
    l2_engine.ingest_payloads([chat("s1", "user", "I work as a nurse at Mercy General.", BEFORE, "m1")])
    project(l2_engine)
    l2_engine.ingest_payloads([chat("s2", "user", end, AFTER, "m2")])
    project(l2_engine)
    assert _live(l2_engine, "employer") == [("mercy general", 1)]


def test_an_end_told_before_the_value_was_held_does_not_end_it(l2_engine):
    """An imported old line ("I quit", 2020) projected after a newer job (2023) is not its end."""
    l2_engine.ingest_payloads([chat("s1", "user", "I work as a nurse at Mercy General.", AFTER, "m1")])
    project(l2_engine)
    l2_engine.ingest_payloads([chat("s2", "user", "Big news: I handed in my notice last week.", BEFORE, "m2")])
    project(l2_engine)
    assert _live(l2_engine, "employer") == [("mercy general", 1)]


@pytest.mark.parametrize("statement,question,answer", [
    ("I work as a nurse at Mercy General.", "Where do I work these days?", "mercy general"),
    ("我住在成都高新区，离公司很近。", "我最近住在哪？", "成都"),
])
def test_vague_recency_in_a_state_question_does_not_hide_a_state_told_long_before(l2_engine, statement, question,
                                                                                  answer):
    """"these days" / 最近 parse to a soft window: it favours recent events but drops nothing, on
    L2 as on L1 - a job taken a year ago is still the answer to "where do I work these days?"."""
    l2_engine.ingest_payloads([chat("s1", "user", statement, BEFORE, "m1")])
    project(l2_engine)
    pkg = l2_engine.retrieval.query(question, "current_state", now=BEFORE + 300 * DAY)
    assert pkg.time_window is not None  # the words were read as a (soft) window
    assert any(f.layer == "l2" for f in pkg.findings), [f.content for f in pkg.findings]
    assert answer in pkg.findings[0].content.lower(), [f.content for f in pkg.findings[:3]]


def test_marrying_ones_partner_leaves_the_spouse_live_and_says_why_the_partner_ended(l2_engine):
    l2_engine.ingest_payloads([chat("s1", "user", "I'm dating Hana.", BEFORE, "m1")])
    project(l2_engine)
    l2_engine.ingest_payloads([chat("s2", "user", "I married Hana last week.", AFTER, "m2")])
    project(l2_engine)
    assert _live(l2_engine, "spouse") == [("hana", 1)] and _live(l2_engine, "partner") == []
    why = l2_engine.db.read_all("SELECT reason FROM l2_conflicts WHERE old_kind = 'assertion'")
    assert any("ends partner" in (r["reason"] or "") for r in why), why
