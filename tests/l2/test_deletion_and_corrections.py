"""Deletion is real (preview == apply), and the GUI's L2-level corrections."""

from __future__ import annotations

from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project
from tests.l2.stories import KITCHEN_ZH, MOVE


def _count(engine, sql, *params):
    return engine.db.read_value(sql, params)


def test_deleting_events_removes_everything_derived_from_them(l2_engine):
    l2_engine.ingest_payloads(KITCHEN_ZH + [chat("k4", "user", "我新买了一个空气炸锅。", T0 + 3 * DAY, "k4u")])
    project(l2_engine)
    svc = l2_engine.components["l2"]
    ids = {e.source_item_id: e.event_id for e in l2_engine.list_events(limit=50)}
    af = next(e for e in svc.entities() if e.canonical_name == "空气炸锅")
    own = next(e for e in svc.edges(svc.user_id()) if e.predicate == "OWNS" and e.object_id == af.entity_id)
    assert own.observation_count == 2 and set(own.evidence_event_ids) == {ids["k2u"], ids["k4u"]}
    assert _count(l2_engine, "SELECT count(*) FROM l2_vectors WHERE kind = 'entity' AND item_id = ?", af.entity_id) == 1
    # delete one of two supporting events: the edge is recomputed, not removed
    preview = l2_engine.preview_delete([ids["k4u"]]).layers["l2"]
    applied = l2_engine.delete_events([ids["k4u"]]).layers["l2"]
    assert preview == applied and applied["edges_recomputed"] == 2 and applied["edges_deleted"] == 0
    own = next(e for e in svc.edges(svc.user_id()) if e.predicate == "OWNS" and e.object_id == af.entity_id)
    assert own.observation_count == 1 and own.evidence_event_ids == [ids["k2u"]]
    assert own.last_observed_at == T0 + DAY and own.confidence == 0.7
    # the edges' best evidence text was k4u's: their vectors (embedded from it) are dropped and
    # re-embedded from the surviving text
    assert own.evidence_text == "我新买了一个空气炸锅，我觉得它很好用"
    assert applied["edge_vectors_refreshed"] == 2
    assert _count(l2_engine, "SELECT count(*) FROM l2_vectors WHERE kind = 'edge' AND item_id = ?", own.triple_id) == 0
    project(l2_engine)
    assert _count(l2_engine, "SELECT count(*) FROM l2_vectors WHERE kind = 'edge' AND item_id = ?", own.triple_id) == 1
    # delete the last one: edges, links, mentions, the orphaned entity and its vectors go
    preview = l2_engine.preview_delete([ids["k2u"]]).layers["l2"]
    applied = l2_engine.delete_events([ids["k2u"]]).layers["l2"]
    assert preview == applied
    assert applied["edges_deleted"] == 2 and applied["entities_removed"] == 1
    assert applied["entity_vectors_removed"] == 1 and applied["edge_vectors_removed"] == 2
    assert af.entity_id in applied["removed_entity_ids"]
    for sql in ("SELECT count(*) FROM entity_catalog WHERE entity_id = ?",
                "SELECT count(*) FROM entity_aliases WHERE entity_id = ?",
                "SELECT count(*) FROM entity_mentions WHERE entity_id = ?",
                "SELECT count(*) FROM l1_event_entities WHERE entity_id = ?",
                "SELECT count(*) FROM l2_vectors WHERE item_id = ?",
                "SELECT count(*) FROM entity_facets WHERE entity_id = ?",
                "SELECT count(*) FROM knowledge_graph WHERE object_id = ?"):
        assert _count(l2_engine, sql, af.entity_id) == 0, sql
    for sql in ("SELECT count(*) FROM l2_evidence WHERE event_id = ?",
                "SELECT count(*) FROM l2_batch_events WHERE event_id = ?",
                "SELECT count(*) FROM l2_projection_jobs WHERE event_id = ?"):
        assert _count(l2_engine, sql, ids["k2u"]) == 0, sql
    assert "空气炸锅" not in l2_engine.db.read_value("SELECT group_concat(phase1_json) FROM l2_batch_log")
    # the other appliances are untouched
    assert {e.canonical_name for e in svc.entities(entity_type="appliance")} == {"高压锅", "电饭煲"}


def test_delete_entity_preview_equals_apply_and_keeps_l1(l2_engine):
    l2_engine.ingest_payloads(KITCHEN_ZH)
    project(l2_engine)
    svc = l2_engine.components["l2"]
    rc = next(e for e in svc.entities() if e.canonical_name == "电饭煲")
    preview = svc.preview_delete_entity(rc.entity_id)
    assert preview["edges"] == 2 and preview["mentions"] == 1 and preview["entity_vectors"] == 1
    applied = svc.delete_entity(rc.entity_id, reason="not mine")
    assert applied == preview
    assert svc.entity(rc.entity_id) is None
    assert all(e.object_id != rc.entity_id for e in svc.edges(statuses=None))
    assert len(l2_engine.list_events(limit=50)) == 6  # memories themselves stay
    row = l2_engine.db.read_one("SELECT action, reason FROM l2_user_corrections")
    assert row == {"action": "delete_entity", "reason": "not mine"}


def test_user_denies_an_assertion(l2_engine, clock):
    l2_engine.ingest_payloads(MOVE)
    project(l2_engine)
    svc = l2_engine.components["l2"]
    seen = []
    svc.subscribe(seen.append)
    [jx] = svc.assertions(svc.user_id(), trait="residence")
    effect = svc.deny_assertion(jx.assertion_id, reason="I never moved, that was my sister")
    project(l2_engine)
    after = {a.value: a.status for a in svc.assertions(svc.user_id(), statuses=None, trait="residence")}
    assert after == {"jiaxing": "user_denied", "shanghai": "tentative"}  # predecessor restored
    assert effect["restored"] is not None
    assert [c.kind for c in seen] == ["user_denied"] and seen[0].old_value == "jiaxing"
    assert [t["value"] for t in svc.snapshot().profile["traits"]["residence"]] == ["shanghai"]
    # restating Shanghai corroborates the restored assertion (the denied one stays denied)
    l2_engine.ingest_payloads([chat("m3", "user", "I live in Shanghai.", T0 + 40 * DAY, "m3u")])
    project(l2_engine)
    [sh] = svc.assertions(svc.user_id(), trait="residence")
    assert sh.value == "shanghai" and sh.evidence_count == 2


def test_observers_receive_changes_after_commit(l2_engine):
    svc = l2_engine.components["l2"]
    changes = []
    unsubscribe = svc.subscribe(changes.append)
    svc.subscribe(lambda c: 1 / 0)  # a broken observer never breaks L2
    l2_engine.ingest_payloads(MOVE)
    project(l2_engine)
    kinds = [c.kind for c in changes]
    assert "superseded" in kinds and "contradiction_resolved" in kinds and "assertion_new" in kinds
    sup = next(c for c in changes if c.kind == "superseded")
    assert (sup.trait_or_predicate, sup.old_value, sup.new_value) == ("residence", "shanghai", "jiaxing")
    assert sup.event_ids  # traceable
    unsubscribe()
    l2_engine.ingest_payloads([chat("x", "user", "I bought a rice cooker.", T0 + 50 * DAY, "x")])
    n = len(changes)
    project(l2_engine)
    assert len(changes) == n
