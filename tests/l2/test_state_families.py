"""The planner's state families (stress, mood) reach L2's state assertions in every mode.

``retrieval/predicates.py`` asks "am I stressed?" as the *stress* family and "what was my mood?"
as *mood*; L2's grounding maps a family to the trait assertions that answer it. Without that
mapping these assertions came back only for current_state questions (which list every state).
"""

from __future__ import annotations

from memory_core.l2.retrieval.grounding import FAMILY_TRAITS
from memory_core.policy import QueryMode
from memory_core.retrieval.intent import build_plan
from memory_core.retrieval.predicates import FAMILIES
from tests.helpers import T0, chat
from tests.l2.conftest import project

STATES = [chat("s1", "user", "I'm very stressed today", T0, "s1u"),
          chat("s2", "user", "I'm in a really good mood", T0 + 60, "s2u")]


def _assertions(engine, question, now, mode=None):
    plan = build_plan(question, mode=mode, now=now)
    res = engine.retrieval.registry.layers["l2"].search(plan)
    return plan, [(h.payload["trait"], h.payload["value"]) for h in res.hits if h.kind == "assertion"]


def test_every_family_with_traits_in_the_planner_is_known_to_l2():
    for fam in FAMILIES:
        if fam.traits:
            assert FAMILY_TRAITS.get(fam.name) == fam.traits, fam.name


def test_stress_and_mood_questions_outside_current_state(l2_engine, clock):
    l2_engine.ingest_payloads(STATES)
    project(l2_engine)
    now = T0 + 3600
    plan, got = _assertions(l2_engine, "Am I stressed?", now)
    assert plan.mode is QueryMode.EXACT_FACT and plan.predicate_family == "stress"
    assert got == [("stress", "high")]  # the family's trait only: not the mood
    plan, got = _assertions(l2_engine, "我压力大吗？", now)
    assert plan.predicate_family == "stress" and got == [("stress", "high")]
    plan, got = _assertions(l2_engine, "Was I in a good mood today?", now)
    assert plan.mode is QueryMode.EXACT_FACT and plan.predicate_family == "mood"
    assert got == [("mood", "good")]
    # the full query: the assertion answers directly, citing the statement
    pkg = l2_engine.retrieval.query("Am I stressed?", now=now)
    l2 = [f for f in pkg.findings if f.layer == "l2" and f.kind == "assertion"]
    assert l2 and l2[0].evidence_strength == "direct"
    sid = l2_engine.db.read_value("SELECT event_id FROM fact_events WHERE content = ?", ("I'm very stressed today",))
    assert sid in l2[0].event_ids


def test_current_state_still_lists_every_current_state(l2_engine, clock):
    l2_engine.ingest_payloads(STATES)
    project(l2_engine)
    plan, got = _assertions(l2_engine, "How am I feeling now?", T0 + 3600, QueryMode.CURRENT_STATE)
    assert plan.predicate_family == "mood"
    assert sorted(got) == [("mood", "good"), ("stress", "high")]
