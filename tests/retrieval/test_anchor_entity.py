"""'Before/after X' never answers with X: the anchor event, the same purchase told in the other
language, a web visit about X, an L2 edge to X — all about the reference point, kept out of the
answer candidates (the trace says so; the timeline shows the anchor). Cross-language through the
lexicon's equivalence groups, which the offline embedder shares as one concept feature."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from memory_core.lexicon.categories import EQUIVALENTS, concept_of, equivalents, members_in, same_thing
from memory_core.providers.embedding_eval import score
from memory_core.providers.hashing_embedder import HashingEmbedder
from memory_core.retrieval.evidence import about_anchor, anchor_names, layer_hit_about_anchor
from memory_core.retrieval.intent import build_plan
from tests.helpers import DAY, T0, chat

HOUR = 3600.0


# -- the lexicon's equivalence groups ----------------------------------------------------------------

def test_every_equivalent_is_a_lexicon_member_and_in_one_group_only():
    seen: dict[str, int] = {}
    for i, group in enumerate(EQUIVALENTS):
        assert len(group) >= 2
        for term in group:
            assert [m for m, _ in members_in(term)] == [term.lower()], term  # the lexicon knows it whole
            assert seen.setdefault(term.lower(), i) == i, f"{term} in two groups"


def test_equivalents_lookup():
    assert equivalents("空气炸锅") == ("空气炸锅", "air fryer")
    assert set(equivalents("Pressure Cooker")) >= {"pressure cooker", "高压锅", "压力锅", "电压力锅", "instant pot"}
    assert equivalents("teapot") == ("teapot",)
    assert same_thing("coffee", "咖啡") and not same_thing("coffee", "茶")
    assert concept_of("咖啡") == concept_of("coffee") == "coffee" and concept_of("teapot") is None


def test_the_offline_embedder_shares_one_feature_per_group():
    emb = HashingEmbedder()
    assert emb.model_id.startswith("magi-hashing-v2")  # new features, new embedding space
    coffee, kafei, tea = emb.embed(["coffee", "咖啡", "tea"])
    assert float(coffee @ kafei) > 0.6 > float(coffee @ tea)
    triples = json.loads((Path(__file__).parent / "crosslingual_pairs.json").read_text(encoding="utf-8"))
    for lang in ("en", "zh"):  # translation beats a same-category hard negative in the other language
        assert score(emb, triples[lang])["win_rate"] == 1.0, lang


# -- pure functions ------------------------------------------------------------------------------------

def test_anchor_names_span_both_languages():
    assert set(anchor_names("买空气炸锅")) == {"空气炸锅", "air fryer"}
    p = build_plan("我在买空气炸锅前买了什么厨房家电？", mode=None, now=T0)
    assert about_anchor(p, "I just bought an air fryer, any recipes?")
    assert about_anchor(p, "浏览了网页《Best air fryer recipes》")
    assert not about_anchor(p, "我想用新的高压锅煲汤")
    assert not about_anchor(p, "I used the air fryer and the pressure cooker today")  # names a target too
    assert layer_hit_about_anchor(p, kind="edge", text="user BOUGHT air fryer", payload={"object": "air fryer"})
    assert not layer_hit_about_anchor(p, kind="edge", text="user OWNS 高压锅", payload={"object": "高压锅"})


def test_an_anchor_outside_the_lexicon_is_matched_by_all_its_words():
    p = build_plan("What did I eat after the charity concert?", mode=None, now=T0)
    assert p.anchor is not None and p.anchor.text == "charity concert"
    assert about_anchor(p, "The charity concert was amazing")
    assert not about_anchor(p, "I bought a ticket for a concert")
    assert not about_anchor(p, "We had pizza after the charity concert")  # names something eaten
    # a question asking for nothing in particular cannot tell what is only about the anchor
    untargeted = build_plan("What did I do after the charity concert?", mode=None, now=T0)
    assert not about_anchor(untargeted, "The charity concert was amazing")


# -- on a bilingual store --------------------------------------------------------------------------------

STORY = [
    chat("s1", "user", "I want to make soup with my new pressure cooker, any recipes?", T0, "pc-en"),
    chat("s1", "user", "我想用新的高压锅煲汤，有什么食谱吗？", T0 + HOUR, "pc-zh"),
    {"source_type": "browser", "source_item_id": "visit-af", "occurred_at": T0 + 12 * HOUR,
     "activity": {"source_code": "browser", "action_code": "visit_page", "object_code": "page"},
     "provenance": {"title": "Best air fryer recipes", "url": "https://example.com/air-fryer"}},
    chat("s2", "user", "I just bought an air fryer and I think it's great.", T0 + DAY, "af-en"),
    chat("s2", "user", "我新买了一个空气炸锅，我觉得它很好用。", T0 + DAY + HOUR, "af-zh"),
    chat("s3", "user", "I bought a rice cooker today.", T0 + 2 * DAY, "rc-en"),
    chat("s4", "user", "周末想去爬山。", T0 + 3 * DAY, "hike"),
]
QUESTIONS = ("What kitchen appliance did I buy before the air fryer?", "我在买空气炸锅前买了什么厨房家电？")


def _ids(engine) -> dict[str, str]:
    rows = engine.db.read_all("SELECT source_item_id, event_id FROM fact_events")
    return {r["source_item_id"]: r["event_id"] for r in rows}


@pytest.fixture(params=[(), ("l2",)], ids=["l1", "l2"])
def store(request, make_engine):
    engine = make_engine(layers=request.param)
    engine.ingest_payloads(STORY)
    engine.run_until_idle()
    return engine, _ids(engine)


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_anchor_thing_is_never_an_answer_candidate(store, question):
    engine, ids = store
    pkg = engine.retrieval.query(question, now=T0 + 5 * DAY)
    # the reference point is the earliest statement of the purchase, whatever its language
    assert pkg.anchor["event_id"] == ids["af-en"], pkg.anchor
    contents = " ".join(f.content.lower() for f in pkg.findings)
    assert "air fryer" not in contents and "空气炸锅" not in contents, [f.content for f in pkg.findings]
    assert pkg.findings[0].event_ids[0] in (ids["pc-en"], ids["pc-zh"]) or "pressure cooker" in contents
    assert not any(e in f.event_ids for f in pkg.findings for e in (ids["rc-en"], ids["af-zh"]))
    # the package is as strong as its answer candidate: an implied purchase, not the anchor's
    assert pkg.findings[0].evidence_strength == "indirect" and pkg.evidence_level == "weak"
    # the anchor is on the timeline as the reference point, not as a finding
    anchors = [t for t in pkg.timeline if t.get("role") == "anchor"]
    assert [t["event_id"] for t in anchors] == [ids["af-en"]]
    # and every cut is explained
    explain = engine.retrieval.explain_missing
    assert explain(pkg.trace, ids["af-en"])["stage"] == "anchor_event"
    assert explain(pkg.trace, ids["af-zh"])["stage"] == "time_window"
    visit = explain(pkg.trace, ids["visit-af"])  # before the anchor, but only about the air fryer
    assert visit["stage"] == "anchor_entity" and "anchor" in visit["explanation"], visit
    # both statements of the earlier purchase stay, whatever the question's language
    assert {ids["pc-en"], ids["pc-zh"]} <= {e for f in pkg.findings for e in f.event_ids}


def test_events_about_an_anchor_outside_the_lexicon_are_cut_too(make_engine):
    engine = make_engine(layers=())
    engine.ingest_payloads([
        chat("c", "user", "I have tickets for the charity concert.", T0, "c0"),
        chat("c", "user", "The charity concert was wonderful.", T0 + DAY, "c1"),
        chat("c", "user", "We had pizza downtown after the charity concert.", T0 + DAY + HOUR, "c2"),
        chat("c", "user", "The charity concert raised a lot of money.", T0 + 2 * DAY, "c3"),
    ])
    engine.run_until_idle()
    ids = _ids(engine)
    pkg = engine.retrieval.query("What did I eat after the charity concert?", now=T0 + 5 * DAY)
    assert pkg.anchor["event_id"] == ids["c0"]  # the earliest mention is the reference point
    assert ids["c2"] in pkg.event_ids  # names the concert *and* something eaten: a candidate
    for only_concert in ("c1", "c3"):
        assert ids[only_concert] not in pkg.event_ids
        assert engine.retrieval.explain_missing(pkg.trace, ids[only_concert])["stage"] == "anchor_entity"
