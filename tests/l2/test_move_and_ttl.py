"""Must-show: the move story (supersession, history) and the TTL story (FakeClock)."""

from __future__ import annotations

from memory_core.policy import QueryMode
from memory_core.retrieval.intent import build_plan
from tests.helpers import DAY, T0
from tests.l2.conftest import project
from tests.l2.stories import MOVE, STRESS


def _search(engine, question, now, mode=None):
    plan = build_plan(question, mode=mode, now=now)
    return engine.retrieval.registry.layers["l2"].search(plan)


def test_move_supersedes_and_history_still_answers(l2_engine, clock):
    l2_engine.ingest_payloads(MOVE)
    clock.set(T0 + 31 * DAY)
    project(l2_engine)
    svc = l2_engine.components["l2"]
    uid = svc.user_id()
    ids = {e.source_item_id: e.event_id for e in l2_engine.list_events()}
    residence = {a.value: a for a in svc.assertions(uid, statuses=None, trait="residence")}
    sh, jx = residence["shanghai"], residence["jiaxing"]
    assert sh.status == "superseded" and sh.superseded_by == jx.assertion_id  # kept, not deleted
    assert sh.valid_to == T0 + 30 * DAY and jx.supersedes == sh.assertion_id
    assert sh.evidence_event_ids == [ids["m1u"]] and jx.evidence_event_ids == [ids["m2u"]]
    # MOVED_TO was normalised to LIVES_IN; the Shanghai edge is superseded, Jiaxing active
    edges = {e.object_name: e for e in svc.edges(uid, statuses=None, predicate="LIVES_IN")}
    assert edges["shanghai"].status == "superseded" and edges["jiaxing"].status == "active"
    assert edges["shanghai"].superseded_by == edges["jiaxing"].triple_id
    # one arbitration decision for the mirrored edge + assertion, offline rule, with evidence
    conflicts = svc.conflicts()
    assert {c["decided_by"] for c in conflicts} == {"offline_rule"}
    assert all(set(c["evidence_event_ids"]) == {ids["m1u"], ids["m2u"]} for c in conflicts)
    # current state → Jiaxing only
    cur = _search(l2_engine, "Where do I live now?", clock.now(), QueryMode.CURRENT_STATE)
    values = [h.payload.get("value") for h in cur.hits if h.kind == "assertion"]
    assert values == ["jiaxing"]
    # a history question still finds Shanghai, marked not current
    hist = _search(l2_engine, "Did I live in Shanghai before?", clock.now())
    old = [h for h in hist.hits if h.kind == "assertion" and h.payload["value"] == "shanghai"]
    assert old and old[0].payload["current"] is False and old[0].event_ids == [ids["m1u"]]
    # time travel and the supersession chain
    assert [a.value for a in svc.assertions_as_of(uid, T0 + DAY)] == ["shanghai"]
    assert [a.value for a in svc.assertions_as_of(uid, T0 + 31 * DAY)] == ["jiaxing"]
    assert [e.object_name for e in svc.edges_as_of(uid, T0 + DAY)] == ["shanghai"]
    assert [a.value for a in svc.supersession_chain(jx.assertion_id)] == ["shanghai", "jiaxing"]
    prof = svc.profile_as_of(T0 + DAY)
    assert [a["value"] for a in prof["assertions"]] == ["shanghai"]
    # the snapshot (current profile) holds Jiaxing
    snap = svc.snapshot()
    assert [t["value"] for t in snap.profile["traits"]["residence"]] == ["jiaxing"]
    assert ids["m2u"] in snap.evidence_event_ids and ids["m1u"] not in snap.evidence_event_ids


def test_deleting_the_move_restores_shanghai(l2_engine, clock):
    l2_engine.ingest_payloads(MOVE)
    project(l2_engine)
    svc = l2_engine.components["l2"]
    ids = {e.source_item_id: e.event_id for e in l2_engine.list_events()}
    preview = l2_engine.preview_delete([ids["m2u"]]).layers["l2"]
    applied = l2_engine.delete_events([ids["m2u"]]).layers["l2"]
    assert preview == applied
    assert applied["decisions_reverted"] == 2 and applied["assertions_deleted"] == 1
    assert "jiaxing" not in {e.canonical_name for e in svc.entities()}
    [sh] = svc.assertions(svc.user_id(), trait="residence")
    assert sh.value == "shanghai" and sh.status == "tentative" and sh.valid_to is None
    [edge] = svc.edges(svc.user_id(), predicate="LIVES_IN")
    assert edge.object_name == "shanghai" and edge.status == "active"
    assert svc.conflicts() == []


def test_stress_is_current_for_24h_then_expires(l2_engine, clock):
    l2_engine.ingest_payloads(STRESS)
    project(l2_engine)
    svc = l2_engine.components["l2"]
    [a] = svc.assertions(svc.user_id(), trait="stress")
    assert a.value == "high" and a.term == "short" and a.expires_at == T0 + 24 * 3600

    def current():
        res = _search(l2_engine, "How am I feeling now?", clock.now(), QueryMode.CURRENT_STATE)
        return [h.payload["value"] for h in res.hits if h.kind == "assertion"]

    clock.set(T0 + 23.5 * 3600)
    project(l2_engine)
    assert current() == ["high"]
    assert svc.assertions(svc.user_id(), trait="stress")[0].status == "tentative"
    clock.set(T0 + 24 * 3600 + 60)
    assert current() == []  # retrieval already ignores an elapsed TTL
    project(l2_engine)  # the expiry worker marks it
    [gone] = svc.assertions(svc.user_id(), statuses=None, trait="stress")
    assert gone.status == "expired" and gone.valid_to == T0 + 24 * 3600
    assert "stress" not in (svc.snapshot().profile["current_state"] if svc.snapshot() else {})
    # still history: as of the afternoon it was current
    assert [x.trait for x in svc.assertions_as_of(svc.user_id(), T0 + 3600)] == ["stress"]
