"""Entity resolution chain and maintenance jobs."""

from __future__ import annotations

from memory_core.l2.catalog import create_entity, find_by_alias
from memory_core.l2.graph_store import upsert_edge
from memory_core.l2.maintenance import MaintenanceWorker
from memory_core.l2.resolution import MentionRequest, Resolver
from memory_core.policy import ORPHAN_MIN_AGE_S
from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project


def _resolve(engine, *reqs, resolver=None):
    resolver = resolver or Resolver()
    return resolver.resolve(engine.db.reader(), list(reqs), "s", engine.clock.now())


def test_resolution_chain_offline(l2_engine):
    now = l2_engine.clock.now()
    with l2_engine.db.write() as conn:
        create_entity(conn, "ent_af", "air fryer", "appliance", now, "test")
        create_entity(conn, "ent_dl", "Dua Lipa", "person", now, "test")
    # exact alias, same type / configured cross-type pair
    [a] = _resolve(l2_engine, MentionRequest("e1", "Air Fryer", "air fryer", "appliance", 0.8))
    assert (a.entity_id, a.how) == ("ent_af", "alias")
    [b] = _resolve(l2_engine, MentionRequest("e1", "Dua Lipa", "Dua Lipa", "creator", 0.8))
    assert (b.entity_id, b.how) == ("ent_dl", "alias")
    # similar but not the same name: offline there is no LLM to decide → a new entity, never the vector neighbour
    [c] = _resolve(l2_engine, MentionRequest("e1", "air fryer basket", "air fryer basket", "product", 0.8))
    assert c.how == "new" and c.entity_id != "ent_af"
    # low confidence or no type → unbound mention only
    [d] = _resolve(l2_engine, MentionRequest("e1", "it", "thing", "product", 0.2))
    [e] = _resolve(l2_engine, MentionRequest("e1", "the lake", "lake", None, 0.9))
    assert d.how == e.how == "unbound" and d.entity_id is e.entity_id is None
    # the extractor's resolved id is honoured only when the type fits
    [f] = _resolve(l2_engine, MentionRequest("e1", "it", "fryer", "appliance", 0.8, resolved_id="ent_af"))
    [g] = _resolve(l2_engine, MentionRequest("e1", "it", "fryer", "place", 0.8, resolved_id="ent_af"))
    assert f.how == "llm_id" and g.entity_id != "ent_af"
    # session cache: the same name in the same batch key resolves once
    r = Resolver()
    [h1] = _resolve(l2_engine, MentionRequest("e1", "Rice cooker", "rice cooker", "appliance", 0.8), resolver=r)
    with l2_engine.db.write() as conn:  # what apply_plan does with a "new" decision
        create_entity(conn, h1.entity_id, "rice cooker", "appliance", now, "test")
    [h2] = _resolve(l2_engine, MentionRequest("e2", "rice cooker", "rice cooker", "appliance", 0.8), resolver=r)
    assert h1.how == "new" and h2.how == "session" and h1.entity_id == h2.entity_id


def test_a_shorter_later_name_of_one_known_entity_is_that_entity(l2_engine):
    now = l2_engine.clock.now()
    with l2_engine.db.write() as conn:
        create_entity(conn, "ent_civic", "honda civic", "vehicle", now, "test")
        create_entity(conn, "ent_lang", "大众朗逸", "vehicle", now, "test")
        create_entity(conn, "ent_al", "anna lee", "person", now, "test")
        create_entity(conn, "ent_as", "anna smith", "person", now, "test")
    [a] = _resolve(l2_engine, MentionRequest("e1", "the Civic", "civic", "vehicle", 0.6))
    assert (a.entity_id, a.how, a.alias_to_add) == ("ent_civic", "partial", "the Civic")
    [b] = _resolve(l2_engine, MentionRequest("e1", "朗逸", "朗逸", "vehicle", 0.6))
    assert (b.entity_id, b.how) == ("ent_lang", "partial")
    # two known people share the first name: not guessed
    [c] = _resolve(l2_engine, MentionRequest("e1", "Anna", "anna", "person", 0.6))
    assert c.how == "new" and c.entity_id not in ("ent_al", "ent_as")
    # a name part of another type is another thing
    [d] = _resolve(l2_engine, MentionRequest("e1", "Civic", "civic", "place", 0.6))
    assert d.how == "new"


def test_an_entity_first_recorded_from_an_old_import_is_not_an_orphan_yet(l2_engine, clock):
    """Orphan age counts from when memory recorded the entity, not from the chat's date."""
    l2_engine.ingest_payloads([chat("s", "user", "A Tesla Model Y was parked outside the cafe.",
                                    T0 - 400 * DAY, "a")])
    project(l2_engine)
    svc = l2_engine.components["l2"]
    names = {e.canonical_name for e in svc.entities()}
    assert "tesla model y" in names
    MaintenanceWorker(svc).run()
    assert "tesla model y" in {e.canonical_name for e in svc.entities()}
    clock.set(clock.now() + ORPHAN_MIN_AGE_S + DAY)  # a month in memory, never mentioned again
    MaintenanceWorker(svc).run()
    assert "tesla model y" not in {e.canonical_name for e in svc.entities()}


def test_unbound_mentions_are_bound_later(l2_engine, clock):
    l2_engine.ingest_payloads([chat("s", "user", "I live in Shanghai.", T0, "a")])
    project(l2_engine)
    with l2_engine.db.write() as conn:
        # as if the mention had been too unsure to bind at projection time
        conn.execute("UPDATE entity_mentions SET entity_id = NULL, resolution = 'unbound', confidence = 0.3")
        conn.execute("DELETE FROM l1_event_entities")
    report = MaintenanceWorker(l2_engine.components["l2"]).run()
    assert report["mentions_bound"] == 1
    assert l2_engine.db.read_value("SELECT count(*) FROM l1_event_entities") == 1


def test_open_predicate_rewrite_dangling_edges_orphans_episodes(l2_engine, clock):
    svc = l2_engine.components["l2"]
    l2_engine.ingest_payloads([chat("s", "user", "I bought a rice cooker.", T0, "a"),
                               chat("s", "user", "I bought an air fryer.", T0 + 600, "b"),
                               chat("s", "user", "I bought a blender.", T0 + 1200, "c")])
    project(l2_engine)
    ev = l2_engine.list_events(limit=5)[0]  # the blender event: independent evidence
    uid, now = svc.user_id(), clock.now()
    rc = next(e for e in svc.entities() if e.canonical_name == "rice cooker")
    with l2_engine.db.write() as conn:
        upsert_edge(conn, subject_id=uid, predicate="PURCHASED_ONLINE", object_id=rc.entity_id, family=None,
                    is_core=False, event_id=ev.event_id, event_seq=ev.seq, occurred_at=ev.occurred_at,
                    evidence_text="bought online", confidence=0.6, directness="explicit", label="new",
                    reason="open", now=now)
        upsert_edge(conn, subject_id=uid, predicate="USES", object_id="ent_missing", family="usage", is_core=True,
                    event_id=ev.event_id, event_seq=ev.seq, occurred_at=ev.occurred_at, evidence_text="x",
                    confidence=0.6, directness="explicit", label="new", reason="dangling", now=now)
        create_entity(conn, "ent_orphan", "old thing", "product", T0 - ORPHAN_MIN_AGE_S - DAY, "test")
    clock.set(T0 + 10 * 3600)
    report = MaintenanceWorker(svc).run()
    assert report["predicates_rewritten"] == 1 and report["dangling_edges"] == 1 and report["orphans_dropped"] == 1
    bought = [e for e in svc.edges(uid) if e.object_id == rc.entity_id and e.predicate == "BOUGHT"]
    assert bought and bought[0].observation_count == 2  # merged into the core edge, evidence kept
    assert svc.edges(predicate="PURCHASED_ONLINE") == [] and svc.entity("ent_orphan") is None
    assert l2_engine.db.read_value("SELECT core_predicate FROM predicate_rewrites") == "BOUGHT"
    [episode] = svc.episodes()
    assert episode["status"] == "promoted" and len(episode["event_ids"]) == 3  # 3 events over 20 min
