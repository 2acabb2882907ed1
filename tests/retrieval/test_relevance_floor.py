"""Answer-facing findings stop at a relevance floor relative to the top finding: a music play that
shares the word "live" with "where do I live" is not shown under the answer. What is cut stays
in the trace, and "why not X?" names the stage."""

from __future__ import annotations

from memory_core.retrieval import trace as tr
from memory_core.retrieval.package import Finding
from memory_core.retrieval.service import RetrievalService
from tests.helpers import DAY, T0, chat, netease


def f(rank: int, strength: str, relevance: float, layer: str = "l1") -> Finding:
    return Finding(rank=rank, event_id=f"e{rank}", content=f"finding {rank}", occurred_at=None,
                   author_type="user", evidence_strength=strength, score=relevance, layer=layer,
                   relevance=relevance, hit_id=f"h{rank}")


def test_the_floor_is_relative_to_the_top_finding_and_weighs_evidence():
    trace = tr.QueryTrace("q", "exact_fact", "default")
    findings = [f(1, "direct", 1.0), f(2, "indirect", 0.9), f(3, "weak", 0.95), f(4, "direct", 0.05),
                f(5, "indirect", 0.2), f(6, "weak", 0.1, layer="l3")]
    kept = RetrievalService._relevance_floor(trace, findings)
    # weak under a direct answer: similarity only; an equally strong one is never noise;
    # a weaker one with a low score is
    assert [x.rank for x in kept] == [1, 2, 4]
    assert trace.cuts["e3"]["stage"] == tr.CUT_RELEVANCE and trace.cuts["e5"]["stage"] == tr.CUT_RELEVANCE
    assert trace.cuts["l3:event:h6"]["event_ids"] == []  # layer hits are keyed by their row
    # when nothing names the target, the floor is by score alone
    trace2 = tr.QueryTrace("q", "exact_fact", "default")
    kept2 = RetrievalService._relevance_floor(trace2, [f(1, "weak", 1.0), f(2, "weak", 0.5), f(3, "weak", 0.2),
                                                       f(4, "direct", 0.01)])
    assert [x.rank for x in kept2] == [1, 2, 4]  # a finding naming the target outranks similarity


def test_noise_under_the_residence_answer_is_cut_and_explained(make_engine):
    engine = make_engine(layers=())
    engine.ingest_payloads([
        chat("a", "user", "I live in Shanghai, near the Bund.", T0, "shanghai"),
        chat("b", "user", "I moved to Jiaxing last month, the rent is much cheaper.", T0 + 30 * DAY, "jiaxing"),
        netease("m1", T0 + 31 * DAY),  # "End Of An Era (Live From Mexico)"
        chat("c", "user", "周末想去爬山。", T0 + 32 * DAY, "hike"),
    ])
    engine.run_until_idle()
    ids = {r["source_item_id"]: r["event_id"] for r in engine.db.read_all("SELECT source_item_id, event_id FROM fact_events")}
    pkg = engine.retrieval.query("Where do I live now?", now=T0 + 33 * DAY)
    assert {ids["shanghai"], ids["jiaxing"]} <= set(pkg.event_ids)
    assert all(x.evidence_strength == "direct" for x in pkg.findings), [(x.content, x.evidence_strength) for x in pkg.findings]
    assert ids["m1"] not in pkg.event_ids
    # it was a candidate (the ranking keeps it), cut only from what the answerer sees
    assert ids["m1"] in [x.event_id for x in pkg.ranked]
    why = engine.retrieval.explain_missing(pkg.trace, ids["m1"])
    assert why["stage"] == "relevance_floor" and "below" in why["explanation"], why
    assert ids["hike"] not in pkg.event_ids
