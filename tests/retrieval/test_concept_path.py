"""The concept path: a question naming a concept also searches its family's hyponyms and typical
expressions, minus the question's own words and their translations; a concept match lifts a
statement the question did not word, but an exact match stays above it."""

from __future__ import annotations

from memory_core.policy import CONCEPT_MATCH_FLOOR, CONCEPT_PATH_WEIGHTS, RRF_WEIGHTS, QueryMode
from memory_core.retrieval.intent import build_plan
from memory_core.retrieval.paths.concept import concept_scores, expansion_terms
from tests.helpers import T0, chat


def test_expansion_leaves_out_the_questions_words_and_their_translations():
    terms = expansion_terms("What kind of tea do I like?", ["tea"])
    assert "oolong" in terms and "乌龙" in terms and "普洱" in terms
    assert "tea" not in terms and "茶" not in terms
    zh = expansion_terms("我现在还养着猫吗？", ["cat"])
    assert "tabby" in zh and "狸花猫" in zh
    assert "猫" not in zh and "cat" not in zh


def test_expansion_crosses_languages_both_ways():
    en = expansion_terms("Am I in a relationship?", ["relationship"])
    assert {"broke up", "girlfriend", "分手", "对象"} <= set(en)
    zh = expansion_terms("我有没有做公益？", ["charity"])
    assert {"volunteer", "animal shelter", "志愿者", "义工"} <= set(zh)
    assert "公益" not in zh


def test_plan_records_the_named_concepts():
    plan = build_plan("Do I still have a cat?", mode=None, now=T0)
    assert plan.concepts == ["cat"]
    assert build_plan("What did I eat on Monday?", mode=None, now=T0).concepts == []


def test_concept_scores_keep_every_match_above_the_floor_in_bm25_order():
    scores = concept_scores([(1, 8.0), (2, 4.0), (3, 0.0)])
    assert [s for _, s in scores] == [1.0, CONCEPT_MATCH_FLOOR + (1 - CONCEPT_MATCH_FLOOR) * 0.5,
                                      CONCEPT_MATCH_FLOOR]
    assert concept_scores([]) == []


def test_concept_weight_stays_below_bm25_plus_vector_in_every_mode():
    for mode, w in CONCEPT_PATH_WEIGHTS.items():
        row = RRF_WEIGHTS[mode]
        assert w < row.get("bm25", 0) + row.get("vector", 0), mode
    assert QueryMode.EVENT_STREAM not in CONCEPT_PATH_WEIGHTS


def test_store_a_concept_match_is_found_and_an_exact_match_stays_first(make_engine):
    engine = make_engine(layers=())
    texts = {"tabby": "Our old tabby Mochi passed away in March.",
             "coworker": "My coworker has a cat that sleeps all day.",
             "shop": "The cat food shop near the station closed.",
             "weather": "It rained the whole weekend.",
             "lunch": "I had noodles for lunch."}
    engine.ingest_payloads([chat(f"s{i}", "user", t, T0 + i * 3600, k) for i, (k, t) in enumerate(texts.items())])
    engine.run_until_idle()
    ids = {r["source_item_id"]: r["event_id"] for r in engine.db.read_all(
        "SELECT source_item_id, event_id FROM fact_events")}
    now = T0 + 30 * 3600
    pkg = engine.retrieval.query("Do I still have a cat?", None, now=now, limit=10, budget_tokens=None)
    ranked = [f.event_id for f in (pkg.ranked or pkg.findings)]
    assert ids["tabby"] in ranked[:3]
    concept = pkg.trace.paths["concept"]
    assert concept.info["concepts"] == ["cat"] and concept.candidates[0]["event_id"] == ids["tabby"]
    # the user saying it in the question's own words stays on top of the concept match
    engine.ingest_payloads([chat("s9", "user", "I still have a cat, a grey one called Tom.", T0 + 9 * 3600, "exact")])
    engine.run_until_idle()
    exact = engine.db.read_value("SELECT event_id FROM fact_events WHERE source_item_id = 'exact'")
    pkg = engine.retrieval.query("Do I still have a cat?", None, now=now, limit=10, budget_tokens=None)
    ranked = [f.event_id for f in (pkg.ranked or pkg.findings)]
    assert ranked[0] == exact and ranked.index(exact) < ranked.index(ids["tabby"])
