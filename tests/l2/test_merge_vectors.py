"""A merge rewrites edges onto the surviving entity (new triple ids, evidence moved) and a split
puts them back. The vectors must follow: no vector may still name an edge id that is gone, every
live edge ends with a vector of its own id, the surviving entity is embedded again (its aliases
grew) and the merged-away one has none — before this, a merged edge dropped out of the
edge-semantic channel until some later event happened to corroborate it."""

from __future__ import annotations

from typing import Callable

from memory_core.engine import MemoryEngine
from memory_core.l2.maintenance import merge_entities, split_merge
from tests.helpers import T0, chat


def _vector_problems(engine: MemoryEngine) -> list[str]:
    conn = engine.db.reader()
    out = [f"vector of a missing edge {r[0]}" for r in conn.execute(
        "SELECT v.item_id FROM l2_vectors v LEFT JOIN knowledge_graph g ON g.triple_id = v.item_id "
        "WHERE v.kind = 'edge' AND g.triple_id IS NULL")]
    out += [f"vector of edge {r[0]} under another edge's seq" for r in conn.execute(
        "SELECT v.item_id FROM l2_vectors v JOIN knowledge_graph g ON g.triple_id = v.item_id "
        "WHERE v.kind = 'edge' AND v.item_seq != g.edge_seq")]
    out += [f"edge {r[0]} without a vector" for r in conn.execute(
        "SELECT g.triple_id FROM knowledge_graph g LEFT JOIN l2_vectors v ON v.kind = 'edge' "
        "AND v.item_id = g.triple_id WHERE v.item_id IS NULL")]
    out += [f"vector of inactive entity {r[0]}" for r in conn.execute(
        "SELECT v.item_id FROM l2_vectors v JOIN entity_catalog c ON c.entity_id = v.item_id "
        "WHERE v.kind = 'entity' AND c.status != 'active'")]
    return out


def test_merge_and_split_leave_every_vector_on_a_live_edge(make_engine: Callable[..., MemoryEngine]) -> None:
    engine = make_engine()
    engine.ingest_payloads([
        chat("s1", "user", "I love Coldplay, their concerts are amazing.", T0, "m1"),
        chat("s1", "user", "I bought a Kindle last week.", T0 + 60, "m2"),
        chat("s2", "user", "Chris Martin from Coldplay sang at the stadium.", T0 + 3600, "m3"),
        chat("s2", "user", "I read on my Kindle every night.", T0 + 3660, "m4"),
    ])
    engine.run_until_idle()
    assert _vector_problems(engine) == []
    conn = engine.db.reader()
    ids = dict(conn.execute("SELECT name_norm, entity_id FROM entity_catalog WHERE status = 'active' AND is_user = 0"))
    assert "coldplay" in ids and "kindle" in ids, ids
    edges_of = lambda eid: conn.execute("SELECT count(*) FROM knowledge_graph WHERE subject_id = ? OR object_id = ?",
                                        (eid, eid)).fetchone()[0]
    assert edges_of(ids["kindle"]) and edges_of(ids["coldplay"])

    with engine.db.write() as w:  # a wrong merge, as maintenance or a review undo could make
        merge_id = merge_entities(w, ids["kindle"], ids["coldplay"], confidence=0.5, reason="test", now=engine.clock.now())
    engine.run_until_idle()
    assert _vector_problems(engine) == []
    assert conn.execute("SELECT count(*) FROM l2_vectors WHERE kind = 'entity' AND item_id = ?",
                        (ids["coldplay"],)).fetchone()[0] == 1

    with engine.db.write() as w:
        split_merge(w, merge_id, engine.clock.now())
    engine.run_until_idle()
    assert _vector_problems(engine) == []
    assert edges_of(ids["kindle"])
    assert conn.execute("SELECT count(*) FROM l2_vectors WHERE kind = 'entity' AND item_id = ?",
                        (ids["kindle"],)).fetchone()[0] == 1


def test_an_edge_is_embedded_again_only_when_its_text_changes(make_engine: Callable[..., MemoryEngine]) -> None:
    """An edge's vector is made of its best evidence text and its endpoints' names. Seen again
    with the same words it keeps its vector; a new best evidence text is embedded again."""
    engine = make_engine()
    conn = engine.db.reader()

    def vector_row(pred: str) -> tuple[int, str]:
        return conn.execute("SELECT v.rowid, g.evidence_text FROM knowledge_graph g JOIN l2_vectors v "
                            "ON v.kind = 'edge' AND v.item_id = g.triple_id WHERE g.predicate = ?", (pred,)).fetchone()

    engine.ingest_payloads([chat("s1", "user", "I love jazz.", T0, "m1")])
    engine.run_until_idle()
    first = vector_row("LIKES")
    assert first is not None and first[1] == "I love jazz."
    engine.ingest_payloads([chat("s2", "user", "I love jazz.", T0 + 86400, "m2")])
    engine.run_until_idle()
    assert vector_row("LIKES") == first  # corroborated, same text: the same vector row
    assert conn.execute("SELECT observation_count FROM knowledge_graph WHERE predicate = 'LIKES'").fetchone()[0] == 2
    engine.ingest_payloads([chat("s3", "user", "I love jazz, especially Miles Davis.", T0 + 2 * 86400, "m3")])
    engine.run_until_idle()
    again = vector_row("LIKES")
    assert again[1] != first[1] and again[0] != first[0]  # a new best text: embedded again
