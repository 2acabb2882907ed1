"""The design's acceptance story, in English and Chinese, on L1 alone (the safety net):
"What kitchen appliance did I buy before the air fryer?" → the pressure cooker."""

from __future__ import annotations

import pytest

from memory_core.retrieval.package import MemoryPackage
from tests.retrieval import kitchen


def _find(engine, text: str, author: str = "user"):
    return next(e for e in engine.list_events(limit=100) if text in e.content and e.author_type == author)


@pytest.fixture(params=["en", "zh"])
def story(request, make_engine):
    rows, question = ((kitchen.EN, kitchen.EN_QUESTION) if request.param == "en"
                      else (kitchen.ZH, kitchen.ZH_QUESTION))
    engine = make_engine(layers=())
    result = engine.ingest_payloads(kitchen.payloads(rows))
    assert result.ingested == len(rows)
    engine.run_until_idle()  # embeddings
    package = engine.retrieval.query(question, now=kitchen.QUESTION_TIME)
    return request.param, engine, package


def test_top_finding_is_the_pressure_cooker_and_evidence_is_weak(story):
    lang, engine, package = story
    assert isinstance(package, MemoryPackage)
    cooker = _find(engine, "pressure cooker" if lang == "en" else "高压锅")
    top = package.findings[0]
    assert top.event_id == cooker.event_id
    assert top.author_type == "user"
    # "a new pressure cooker", not a purchase record
    assert top.evidence_strength == "indirect"
    assert top.evidence["predicate"] == "implied"
    phrase = "new pressure cooker" if lang == "en" else "新的高压锅"
    assert top.evidence["phrase"] == phrase
    assert package.evidence_level == "weak"
    assert package.status == "weak_evidence"
    assert not package.insufficient_evidence
    record = "purchase record" if lang == "en" else "购买记录"
    assert phrase in package.summary and record in package.summary
    assert any(phrase in h and record in h for h in package.answering_hints)


def test_rice_cooker_is_excluded_as_after_the_anchor(story):
    lang, engine, package = story
    air = _find(engine, "air fryer" if lang == "en" else "空气炸锅")
    rice = _find(engine, "rice cooker" if lang == "en" else "电饭煲")
    assert package.anchor["event_id"] == air.event_id
    assert package.anchor["resolved_at"] == air.occurred_at
    assert package.time_window["end"] == air.occurred_at
    ids = [f.event_id for f in package.findings]
    assert rice.event_id not in ids and air.event_id not in ids
    why = engine.retrieval.explain_missing(package.trace, rice.event_id)
    assert why["stage"] == "time_window"
    assert engine.retrieval.explain_missing(package.trace, air.event_id)["stage"] in ("anchor_event", "time_window")


def test_no_assistant_text_among_findings(story):
    lang, engine, package = story
    assert package.findings
    assert all(f.author_type == "user" for f in package.findings)
    recipe = _find(engine, "Pressure cookers are perfect" if lang == "en" else "莲藕排骨汤：", author="assistant")
    why = engine.retrieval.explain_missing(package.trace, recipe.event_id)
    assert why["stage"] == "scope"
    assert package.query_mode == "temporal_compare"
    assert package.trace.mode_reason == "anchor"


def test_the_package_is_traceable_json(story):
    _lang, _engine, package = story
    data = package.to_json(include_trace=True)
    finding = data["findings"][0]
    for key in ("event_id", "content", "occurred_at", "author_type", "evidence_strength", "event_ids"):
        assert key in finding
    assert data["trace"]["paths"]["category"]["candidates"][0]["event_id"] == finding["event_id"]
    assert data["trace"]["fused"][0]["contributions"]
    times = [t["at"] for t in data["timeline"]]
    assert times == sorted(times) and finding["event_id"] in [t["event_id"] for t in data["timeline"]]
    # anything else that made it into the findings is labelled weaker than the top one
    assert all(f["evidence_strength"] == "weak" for f in data["findings"][1:])
