"""Narrow reads on the projection path give what the whole-row reads gave: ``known_entities``
(three columns and the aliases instead of whole Entity models, 30 a batch) and the resolver's
``live_entity`` (one read per hop instead of ``live_entity_id`` then ``get_entity``)."""

from __future__ import annotations

from typing import Callable

from memory_core.bench.generator import generate
from memory_core.engine import MemoryEngine
from memory_core.l2.catalog import add_alias, known_entities, load_entities
from memory_core.extraction.inputs import KnownEntity


def _old_known(conn, limit: int, prefer) -> list[KnownEntity]:
    """The construction before: load_entities, then the KnownEntity of each."""
    ids = list(dict.fromkeys(prefer))[:limit]
    if len(ids) < limit:
        for r in conn.execute(
                "SELECT entity_id FROM entity_catalog WHERE status = 'active' AND is_user = 0 "
                "ORDER BY mention_count DESC, last_seen_at DESC, entity_seq LIMIT ?", (limit * 2,)):
            if r[0] not in ids:
                ids.append(r[0])
            if len(ids) >= limit:
                break
    ents = load_entities(conn, ids)
    return [KnownEntity(e.entity_id, e.canonical_name, e.entity_type,
                        tuple(a for a in e.aliases if a.lower() != e.canonical_name.lower()))
            for e in (ents[i] for i in ids if i in ents)]


def test_known_entities_equal_the_entity_based_list(make_engine: Callable[..., MemoryEngine]) -> None:
    engine = make_engine()
    engine.ingest_payloads(generate(400, 5))
    engine.run_until_idle()
    conn = engine.db.reader()
    all_ids = [r[0] for r in conn.execute("SELECT entity_id FROM entity_catalog ORDER BY entity_seq")]
    with engine.db.write() as w:  # more names, one differing from the canonical name in case only
        for k, eid in enumerate(all_ids[:40:3]):
            name = w.execute("SELECT canonical_name FROM entity_catalog WHERE entity_id = ?", (eid,)).fetchone()[0]
            add_alias(w, eid, f"alias {k} of it", "test", 1.0 + k)
            add_alias(w, eid, name.upper(), "test", 1.0)
            add_alias(w, eid, f"另一个名字{k}", "test", 1.0)
    with_aliases = [r[0] for r in conn.execute(
        "SELECT entity_id FROM entity_aliases GROUP BY entity_id HAVING count(*) > 1")]
    assert len(all_ids) > 30 and with_aliases
    cases = [[], all_ids[:5], with_aliases[:10], all_ids[::-7], ["ent_missing", *all_ids[3:6], all_ids[3]],
             all_ids + with_aliases]
    for prefer in cases:
        for limit in (1, 30, 500):
            assert known_entities(conn, limit, prefer=prefer) == _old_known(conn, limit, prefer)


def test_live_entity_equals_live_id_and_its_row_type(make_engine: Callable[..., MemoryEngine]) -> None:
    """``live_entity`` (the resolver's one read per hop) gives what ``live_entity_id`` and then
    ``get_entity`` gave: merged chains followed, a cycle, a deleted or missing entity."""
    from memory_core.l2.catalog import create_entity, get_entity, live_entity, live_entity_id

    engine = make_engine()
    with engine.db.write() as w:
        for eid, name, etype in (("e_a", "alpha", "person"), ("e_b", "beta", "place"), ("e_c", "gamma", "food"),
                                 ("e_d", "delta", "device"), ("e_x", "x1", "other"), ("e_y", "y1", "other")):
            create_entity(w, eid, name, etype, 1.0, "test")
        w.execute("UPDATE entity_catalog SET status = 'merged', merged_into = 'e_b' WHERE entity_id = 'e_a'")
        w.execute("UPDATE entity_catalog SET status = 'merged', merged_into = 'e_c' WHERE entity_id = 'e_b'")
        w.execute("UPDATE entity_catalog SET status = 'deleted' WHERE entity_id = 'e_d'")
        w.execute("UPDATE entity_catalog SET status = 'merged', merged_into = 'e_y' WHERE entity_id = 'e_x'")
        w.execute("UPDATE entity_catalog SET status = 'merged', merged_into = 'e_x' WHERE entity_id = 'e_y'")
    conn = engine.db.reader()
    for eid in ("e_a", "e_b", "e_c", "e_d", "e_x", "e_y", "e_missing"):
        live = live_entity_id(conn, eid)
        old = (live, get_entity(conn, live)["entity_type"]) if live else None
        assert live_entity(conn, eid) == old
    assert live_entity(conn, "e_a") == ("e_c", "food")
