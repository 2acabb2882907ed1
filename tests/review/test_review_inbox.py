"""Review inbox: uncertain decisions applied provisionally; approve / reject (revert) / undo;
entity merges split again."""

from __future__ import annotations

import pytest

from memory_core.l2.catalog import create_entity, link_event, record_mention
from memory_core.l2.maintenance import MaintenanceWorker
from memory_core.policy import Tier
from memory_core.providers.chat import ChatResult
from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project
from tests.l2.stories import MOVE


class _UnsureArbiter:
    """Only the reasoning tier is 'online' and it is unsure: evolve at confidence 0.4."""

    def __init__(self):
        self.requests = []

    def available(self, tier):
        return tier is Tier.CORE_REASONING

    def complete(self, request):
        self.requests.append(request)
        data = {"decision": "evolve", "confidence": 0.4, "reason": "probably moved, but it reads like a trip"}
        return ChatResult(text="", data=data, model="fake-reasoner")


@pytest.fixture
def engine_with_review(l2_engine):
    l2_engine.providers.chat = _UnsureArbiter()
    l2_engine.ingest_payloads(MOVE)
    project(l2_engine)
    return l2_engine


def _residence(svc):
    return {a.value: a.status for a in svc.assertions(svc.user_id(), statuses=None, trait="residence")}


def test_low_confidence_arbitration_becomes_a_review_item(engine_with_review):
    svc = engine_with_review.components["l2"]
    review = engine_with_review.components["review"]
    arbiter = engine_with_review.providers.chat
    assert len(arbiter.requests) == 1 and arbiter.requests[0].tier is Tier.CORE_REASONING
    assert arbiter.requests[0].enable_thinking is True
    [item] = review.list_pending()
    assert item.kind == "supersession" and item.confidence == 0.4 and item.provisional == "evolve"
    ids = {e.source_item_id: e.event_id for e in engine_with_review.list_events()}
    assert set(item.evidence_event_ids) == {ids["m1u"], ids["m2u"]}
    assert "shanghai" in item.old_side["summary"] and "jiaxing" in item.new_side["summary"]
    assert _residence(svc) == {"shanghai": "superseded", "jiaxing": "tentative"}  # applied provisionally


def test_reject_restores_and_undo_reapplies(engine_with_review):
    svc = engine_with_review.components["l2"]
    review = engine_with_review.components["review"]
    [item] = review.list_pending()
    effect = review.reject(item.item_id, reason="it was a business trip")
    assert effect["to"] == "keep_old"
    assert _residence(svc) == {"shanghai": "tentative", "jiaxing": "rejected"}
    edges = {e.object_name: e.status for e in svc.edges(svc.user_id(), statuses=None, predicate="LIVES_IN")}
    assert edges == {"shanghai": "active", "jiaxing": "rejected"}
    project(engine_with_review)
    assert [t["value"] for t in svc.snapshot().profile["traits"]["residence"]] == ["shanghai"]
    assert review.list_pending() == [] and review.get(item.item_id).status == "rejected"
    with pytest.raises(ValueError):
        review.approve(item.item_id)
    review.undo(item.item_id)
    assert _residence(svc) == {"shanghai": "superseded", "jiaxing": "tentative"}
    again = review.get(item.item_id)
    assert again.status == "pending" and [d["decision"] for d in again.decisions] == ["reject", "undo"]
    assert again.decisions[0]["undone_at"] is not None
    review.approve(again.item_id, reason="yes I moved")
    assert review.get(item.item_id).status == "approved"


def test_entity_merge_below_threshold_is_reviewable_and_splits(l2_engine, clock):
    # the lines name no one the extractor types: the two split entities are made by hand below
    # (a line like "I listened to Dua Lipa" now yields its own creator entity, a third one)
    l2_engine.ingest_payloads([chat("s", "user", "I listened to music all day.", T0, "a"),
                               chat("s2", "user", "It is great.", T0 + DAY, "b")])
    project(l2_engine)
    svc = l2_engine.components["l2"]
    ids = {e.source_item_id: e for e in l2_engine.list_events()}
    now = clock.now()
    with l2_engine.db.write() as conn:  # two split entities of one name (person vs creator)
        create_entity(conn, "ent_p", "Dua Lipa", "person", now, "test")
        create_entity(conn, "ent_c", "Dua Lipa", "creator", now, "test")
        for eid, ev in (("ent_p", ids["a"]), ("ent_c", ids["b"])):
            record_mention(conn, event_id=ev.event_id, event_seq=ev.seq, mention="Dua Lipa", entity_type=None,
                           entity_id=eid, confidence=0.9, resolution="new", reason="test", now=now)
            link_event(conn, ev.event_id, ev.seq, eid, "person", 0.9)
        conn.execute("UPDATE entity_catalog SET mention_count = 2 WHERE entity_id = 'ent_p'")
    report = MaintenanceWorker(svc).run()
    assert report["entities_merged"] >= 1
    assert svc.entity("ent_c").status == "merged" and svc.entity("ent_c").merged_into == "ent_p"
    assert {r["event_id"] for r in svc.entity_events("ent_p")} >= {ids["a"].event_id, ids["b"].event_id}
    review = l2_engine.components["review"]
    [item] = [i for i in review.list_pending() if i.kind == "entity_merge"]
    assert item.confidence < 0.6
    effect = review.split(item.item_id, reason="the person is not the artist account")
    assert effect["restored_entity"] == "ent_c"
    assert svc.entity("ent_c").status == "active"
    assert [r["event_id"] for r in svc.entity_events("ent_c")] == [ids["b"].event_id]
