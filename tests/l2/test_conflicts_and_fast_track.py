"""Antonym rule, negation, fast-track (no Phase 2 call for already-resolved core relations)."""

from __future__ import annotations

from memory_core.policy import Tier
from memory_core.providers.chat import ChatResult
from tests.helpers import DAY, T0, chat, netease
from tests.l2.conftest import project


def _edges(svc, **kw):
    return {(e.predicate, e.object_name): e for e in svc.edges(svc.user_id(), statuses=None, **kw)}


def test_antonym_rule_invalidates_without_llm(l2_engine):
    l2_engine.ingest_payloads([chat("a", "user", "I like coffee.", T0, "a"),
                               chat("b", "user", "I hate coffee.", T0 + DAY, "b")])
    project(l2_engine)
    svc = l2_engine.components["l2"]
    edges = _edges(svc)
    likes, dislikes = edges[("LIKES", "coffee")], edges[("DISLIKES", "coffee")]
    assert likes.status == "invalidated" and likes.valid_to == T0 + DAY and likes.superseded_by == dislikes.triple_id
    assert dislikes.status == "active"
    antonym = [c for c in svc.conflicts() if c["conflict_type"] == "antonym"]
    assert len(antonym) == 1 and antonym[0]["decided_by"] == "rule" and antonym[0]["decision"] == "invalidate_old"
    # the preference assertion was negated by the second statement
    prefs = {a.value: a.status for a in svc.assertions(svc.user_id(), statuses=None, trait="preference")}
    assert prefs == {"coffee": "superseded"}


def test_negation_ends_the_relation(l2_engine):
    l2_engine.ingest_payloads([chat("a", "user", "I like coffee.", T0, "a"),
                               chat("b", "user", "I don't like coffee anymore.", T0 + DAY, "b")])
    project(l2_engine)
    svc = l2_engine.components["l2"]
    edges = _edges(svc)
    assert edges[("LIKES", "coffee")].status == "superseded" and edges[("LIKES", "coffee")].valid_to == T0 + DAY
    assert ("DISLIKES", "coffee") not in edges  # "not any more" is not "hate"
    neg = next(c for c in svc.conflicts() if c["conflict_type"] == "direct_negation" and c["old_kind"] == "edge")
    ids = {e.source_item_id: e.event_id for e in l2_engine.list_events()}
    assert neg["new_kind"] == "event" and neg["new_id"] == ids["b"]
    # deleting the negating statement brings the preference back
    l2_engine.delete_events([ids["b"]])
    assert _edges(svc)[("LIKES", "coffee")].status == "active"


class _CountingChat:
    """FAST_CLASSIFY served by a scripted double: Phase 1 answers from the plugin hints; counts
    Phase 2 calls."""

    def __init__(self):
        self.triggers = []

    def available(self, tier):
        return tier is Tier.FAST_CLASSIFY

    def complete(self, request):
        self.triggers.append(request.trigger)
        if request.trigger == "l2_phase1":
            import re

            user = request.messages[-1].content
            ev = re.findall(r'<event id="([^"]+)"', user)
            ents, claims = [], []
            for eid in ev:
                ents.append({"mention": "Dua Lipa", "name": "Dua Lipa", "entity_type": "person", "event_id": eid,
                             "confidence": 0.9})
                claims.append({"subject": "user", "predicate": "LISTENED_TO", "object": "Dua Lipa",
                               "evidence_text": "listened to Dua Lipa", "event_id": eid, "kind": "relation",
                               "object_type": "person", "directness": "explicit", "confidence": 0.9})
            return ChatResult(text="", data={"entities": ents, "fact_claims": claims, "resolved_refs": []},
                              model="fake")
        if request.trigger == "l2_phase2":
            return ChatResult(text="", data={"labels": []}, model="fake")
        raise AssertionError(request.trigger)


def test_sensor_repeats_take_the_fast_track(l2_engine):
    fake = _CountingChat()
    l2_engine.providers.chat = fake
    l2_engine.ingest_payloads([netease("n1", T0)])
    project(l2_engine)
    assert fake.triggers.count("l2_phase2") == 1  # Dua Lipa was new: Phase 2 ran
    l2_engine.ingest_payloads([netease(f"n{i}", T0 + i * 300) for i in range(2, 12)])
    project(l2_engine)
    assert fake.triggers.count("l2_phase1") == 2
    assert fake.triggers.count("l2_phase2") == 1  # resolved + core predicate: fast-tracked
    svc = l2_engine.components["l2"]
    [edge] = [e for e in svc.edges(svc.user_id()) if e.predicate == "LISTENED_TO"]
    assert edge.observation_count == 11 and edge.confidence > 0.9
    log = l2_engine.db.read_all("SELECT phase2_json FROM l2_batch_log ORDER BY batch_id")
    assert '"producer": "fast_track"' in log[-1]["phase2_json"]
    assert l2_engine.db.read_value("SELECT count(*) FROM tom_trait_assertions") == 0  # sensors never write traits
