"""Derived conclusions said in words of the answer's language (``l2/phrases.py``), and the
offline answer using them: a Chinese question about something L2 concluded gets a Chinese
sentence, not the model-facing "user OWNS pressure cooker (product; direct; …)"."""

from __future__ import annotations

from magi_desktop.answer_template import compose_offline_answer
from memory_core.l2.phrases import describe
from tests.helpers import T0, chat
from tests.l2.conftest import project

DAY = 1_700_000_000.0  # 2023-11-14 UTC


def test_edges_in_both_languages_with_their_status():
    owns = {"predicate": "OWNS", "object": "高压锅", "status": "active"}
    assert describe("edge", owns, "zh") == "你拥有高压锅"
    assert describe("edge", owns, "en") == "you own 高压锅"
    left = {"predicate": "WORKS_AT", "object": "Hooli", "status": "superseded", "valid_to": DAY}
    assert describe("edge", left, "zh") == "你在Hooli工作（已不再如此，自 2023-11-14）"
    assert describe("edge", left, "en") == "you work at Hooli (no longer, since 2023-11-14)"
    # an open predicate nobody listed still reads as words
    assert describe("edge", {"predicate": "REPAIRED", "object": "bike"}, "en") == "you repaired bike"


def test_assertions_and_the_profile():
    diet = {"trait": "diet", "value": "vegetarian", "polarity": 1, "current": True}
    assert describe("assertion", diet, "zh") == "你的饮食：素食"  # the canonical word in Chinese
    assert describe("assertion", diet, "en") == "your diet: vegetarian"
    assert describe("edge", {"predicate": "FOLLOWS_DIET", "object": "vegan"}, "zh") == "你饮食是纯素"
    assert describe("assertion", {**diet, "polarity": 0}, "en") == "your diet: not vegetarian"
    old = {"trait": "residence", "value": "嘉兴", "polarity": 1, "current": False, "valid_to": DAY}
    assert describe("assertion", old, "zh") == "你的居住地：嘉兴（以前如此，到 2023-11-14 为止）"
    profile = {"parts": [["mood", 1, "good"], ["residence", 1, "Jiaxing"]]}
    assert describe("snapshot", profile, "en") == "how you are now: mood: good; home: Jiaxing"


def test_missing_facts_leave_the_finding_its_own_text():
    assert describe("edge", {"predicate": "OWNS"}, "zh") is None
    assert describe("summary", {"trait": "diet", "value": "x"}, "en") is None
    assert describe("assertion", {}, "en") is None


def test_a_chinese_question_gets_its_derived_finding_in_chinese(l2_engine):
    l2_engine.ingest_payloads([chat("s1", "user", "我上周买了一个高压锅", T0, "s1u")])
    project(l2_engine)
    pkg = l2_engine.retrieval.query("我有高压锅吗？", now=T0 + 3600)
    derived = [f for f in pkg.findings if f.layer == "l2" and f.kind == "edge"]
    assert derived and derived[0].facts["object"] and derived[0].facts["predicate"] in ("OWNS", "BOUGHT")
    answer = compose_offline_answer(pkg)
    assert "记忆归纳" in answer and ("你拥有" in answer or "你买了" in answer), answer
    assert "user " not in answer and "OWNS" not in answer and "BOUGHT" not in answer, answer
    # the same finding's trace back to its event is unchanged
    eid = l2_engine.db.read_value("SELECT event_id FROM fact_events WHERE content LIKE '%高压锅%'")
    assert eid in derived[0].event_ids


def test_the_package_summary_says_a_derived_top_finding_in_words(l2_engine):
    l2_engine.ingest_payloads([chat("s1", "user", "I quit Initech and joined Hooli as a designer", T0, "s1u")])
    project(l2_engine)
    pkg = l2_engine.retrieval.query("我现在在哪里工作？", now=T0 + 3600)
    top = pkg.findings[0]
    assert top.layer == "l2" and top.facts, [(f.layer, f.kind, f.content) for f in pkg.findings]
    assert "记忆归纳" in pkg.summary and "hooli" in pkg.summary.lower(), pkg.summary
    assert "tentative" not in pkg.summary and "evidence)" not in pkg.summary, pkg.summary


def test_a_conclusion_about_someone_else_names_them():
    """A speaker's edge or trait is theirs: "Alex lives in denver", never "you live in denver"."""
    assert describe("edge", {"predicate": "LIVES_IN", "object": "denver", "subject": "Alex"}, "en") == \
        "Alex lives in denver"
    assert describe("edge", {"predicate": "STUDIES_AT", "object": "MIT", "subject": "Alex"}, "en") == "Alex studies at MIT"
    assert describe("edge", {"predicate": "DATING", "object": "Sam", "subject": "Alex"}, "en") == "Alex is dating Sam"
    assert describe("edge", {"predicate": "WORKS_AT", "object": "腾讯", "subject": "小美"}, "zh") == "小美在腾讯工作"
    assert describe("assertion", {"trait": "employer", "value": "stripe", "subject": "Alex"}, "en") == \
        "Alex's employer: stripe"
    assert describe("assertion", {"trait": "residence", "value": "深圳", "subject": "小美"}, "zh") == "小美的居住地：深圳"

