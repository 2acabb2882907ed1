"""L2 maintenance: the background tasks that keep a long-running graph clean (design step 5).

* expire short-term assertions whose TTL elapsed (its own frequent worker, by ``engine.clock``);
* bind mentions that were kept unbound once an exact, type-compatible alias exists;
* merge split same-name entities (same normalised name, compatible type; connected components
  over the "same name" relation via networkx) and rewrite every reference to the survivor;
* rewrite open predicates to a core synonym when the mapping is unambiguous;
* repair or drop dangling edges (an endpoint missing: follow merges, else drop);
* drop rare orphan entities (≤ ``ORPHAN_MAX_MENTIONS`` mentions, unused for ``ORPHAN_MIN_AGE_S``,
  no edges or assertions);
* promote / drop / merge episodes.

Every merge is recorded in ``entity_merges`` with what moved, so a merge can be split again
(review inbox); merges below ``REVIEW_CONFIDENCE_THRESHOLD`` become review items.
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any, Iterable

import apsw

from ..db.connection import query_all
from ..l1.embedding_worker import enqueue_in_active_space
from ..policy import (L2_MAINTENANCE_INTERVAL_S, L2_MERGE_SAME_NAME_CONFIDENCE, ORPHAN_MAX_MENTIONS,
                      ORPHAN_MIN_AGE_S, REVIEW_CONFIDENCE_THRESHOLD)
from ..review.store import create_item
from . import assertion_store as A
from . import graph_store as G
from .catalog import add_alias, find_by_alias, link_event, live_entity_id, refresh_entity_stats, types_compatible
from .episodes import maintain as maintain_episodes
from .evidence import move_evidence
from .models import L2Change
from .predicates import rewrite_target
from .projection import projection_backlog, projection_watermark
from .reconcile import enqueue_snapshots
from .vectors import EDGE_KIND, ENTITY_KIND, delete_item_vectors

if TYPE_CHECKING:
    from .service import L2Service

log = logging.getLogger(__name__)


class ExpiryWorker:
    """Marks short-term assertions ``expired`` once their TTL has passed."""

    name = "l2_expiry"
    idle_interval_s = 60.0

    def __init__(self, service: "L2Service") -> None:
        self.svc = service

    def run_once(self) -> int:
        now = self.svc.clock.now()
        changes: list[L2Change] = []
        with self.svc.db.write() as conn:
            # as of the oldest event not yet projected, at the latest: a "happy" told an hour
            # after another one corroborates it when projected, whether this worker ran in
            # between or not (an import of old chats is all past its TTLs by the wall clock;
            # expiring by it raced the projection, and the derived state followed the race)
            watermark = projection_watermark(conn)
            as_of = now if watermark is None else min(now, watermark)
            rows = A.due_for_expiry(conn, as_of)
            for r in rows:
                A.expire(conn, r, now)
                changes.append(L2Change("expired", r["entity_id"], "", r["trait"], r["value"], None, (),
                                        r["expires_at"], "TTL elapsed", (r["assertion_id"],)))
            enqueue_snapshots(conn, [r["entity_id"] for r in rows], now)
        self.svc.notify(changes)
        return len(rows)


class MaintenanceWorker:
    name = "l2_maintenance"
    idle_interval_s = 300.0

    def __init__(self, service: "L2Service") -> None:
        self.svc = service
        self.last_run: float | None = None

    def run_once(self) -> int:
        """Runs only once the projection queue has drained. Maintenance reads counts the
        projection is still building (an orphan has one mention until the next batch adds a
        second; learned predicate rewrites feed later batches), so a pass in the middle of a
        backlog made the result depend on *when* it ran: a process killed and restarted
        (maintenance runs at every start) ended with other entities than an uninterrupted run.
        At the drained queue both see the same data."""
        now = self.svc.clock.now()
        if self.last_run is not None and now - self.last_run < L2_MAINTENANCE_INTERVAL_S:
            return 0
        if projection_backlog(self.svc.db.reader()):
            return 0
        report = self.run(now)
        self.last_run = now
        # report work only when something changed, so run_until_idle terminates
        return sum(v for v in report.values() if isinstance(v, int))

    def run(self, now: float | None = None) -> dict[str, Any]:
        now = self.svc.clock.now() if now is None else now
        with self.svc.lock, self.svc.db.write() as conn:
            report: dict[str, Any] = {}
            report["expired"] = len([A.expire(conn, r, now) for r in A.due_for_expiry(conn, now)])
            report["mentions_bound"] = bind_pending_mentions(conn, now)
            report["entities_merged"] = merge_split_entities(conn, now)
            report["predicates_rewritten"] = rewrite_open_predicates(conn, now)
            report["dangling_edges"] = repair_dangling_edges(conn, now)
            report["orphans_dropped"] = drop_orphans(conn, now)
            for k, v in maintain_episodes(conn, now).items():
                report[f"episodes_{k}"] = v
        self.svc.planner.learned = self.svc._learned()
        return report


def bind_pending_mentions(conn: apsw.Connection, now: float) -> int:
    n = 0
    for m in query_all(conn, "SELECT * FROM entity_mentions WHERE entity_id IS NULL AND entity_type IS NOT NULL"):
        hits = find_by_alias(conn, m["name_norm"], m["entity_type"])
        if not hits:
            continue
        eid = hits[0]["entity_id"]
        conn.execute("UPDATE entity_mentions SET entity_id = ?, resolution = 'alias', reason = ? WHERE mention_id = ?",
                     (eid, "bound later by maintenance (exact alias)", m["mention_id"]))
        link_event(conn, m["event_id"], m["event_seq"], eid, hits[0]["entity_type"], m["confidence"])
        refresh_entity_stats(conn, [eid], now)
        n += 1
    return n


def merge_entities(conn: apsw.Connection, from_id: str, into_id: str, *, confidence: float, reason: str,
                   now: float) -> int:
    """Rewrite every reference of ``from_id`` to ``into_id``; record what moved (for a split)."""
    moved: dict[str, Any] = {"mentions": [], "links": [], "aliases": [], "edges": [], "assertions": []}
    moved["mentions"] = [r[0] for r in conn.execute("SELECT mention_id FROM entity_mentions WHERE entity_id = ?", (from_id,))]
    conn.execute("UPDATE entity_mentions SET entity_id = ? WHERE entity_id = ?", (into_id, from_id))
    for ev_id, seq, etype, conf in conn.execute("SELECT event_id, event_seq, entity_type, confidence FROM "
                                                "l1_event_entities WHERE entity_id = ?", (from_id,)).fetchall():
        moved["links"].append(ev_id)
        link_event(conn, ev_id, seq, into_id, etype, conf)
    conn.execute("DELETE FROM l1_event_entities WHERE entity_id = ?", (from_id,))
    for alias, src in conn.execute("SELECT alias, source FROM entity_aliases WHERE entity_id = ?", (from_id,)).fetchall():
        if add_alias(conn, into_id, alias, "merge", now):
            moved["aliases"].append(alias)
    for r in query_all(conn, "SELECT * FROM knowledge_graph WHERE subject_id = ? OR object_id = ?", (from_id, from_id)):
        s = into_id if r["subject_id"] == from_id else r["subject_id"]
        o = into_id if r["object_id"] == from_id else r["object_id"]
        new_tid = G.triple_id(s, r["predicate"], o)
        if G.get_edge(conn, new_tid) is None:
            conn.execute("UPDATE knowledge_graph SET triple_id = ?, subject_id = ?, object_id = ?, updated_at = ? "
                         "WHERE triple_id = ?", (new_tid, s, o, now, r["triple_id"]))
        move_evidence(conn, "edge", r["triple_id"], new_tid)
        if new_tid != r["triple_id"]:
            conn.execute("DELETE FROM knowledge_graph WHERE triple_id = ?", (r["triple_id"],))
            conn.execute("UPDATE knowledge_graph SET superseded_by = ? WHERE superseded_by = ?", (new_tid, r["triple_id"]))
            conn.execute("UPDATE l2_conflicts SET old_id = ? WHERE old_kind = 'edge' AND old_id = ?", (new_tid, r["triple_id"]))
            conn.execute("UPDATE l2_conflicts SET new_id = ? WHERE new_kind = 'edge' AND new_id = ?", (new_tid, r["triple_id"]))
        G.recompute_edge(conn, new_tid, now)
        moved["edges"].append([r["triple_id"], new_tid])
    for r in query_all(conn, "SELECT assertion_id FROM tom_trait_assertions WHERE entity_id = ?", (from_id,)):
        moved["assertions"].append(r["assertion_id"])
    conn.execute("UPDATE tom_trait_assertions SET entity_id = ?, merge_key = ? || '|' || trait || '|' || value_norm "
                 "WHERE entity_id = ?", (into_id, into_id, from_id))
    conn.execute("UPDATE entity_catalog SET status = 'merged', merged_into = ?, updated_at = ? WHERE entity_id = ?",
                 (into_id, now, from_id))
    delete_item_vectors(conn, ENTITY_KIND, [from_id])
    _refresh_vectors(conn, (t for pair in moved["edges"] for t in pair), [into_id], now)
    conn.execute("DELETE FROM tom_snapshots WHERE entity_id = ?", (from_id,))
    conn.execute("INSERT INTO entity_merges(from_entity, into_entity, confidence, reason, moved_json, created_at) "
                 "VALUES (?,?,?,?,?,?)", (from_id, into_id, confidence, reason, json.dumps(moved), now))
    merge_id = int(conn.last_insert_rowid())
    refresh_entity_stats(conn, [into_id], now)
    enqueue_snapshots(conn, [into_id], now)
    if confidence < REVIEW_CONFIDENCE_THRESHOLD:
        names = dict(conn.execute("SELECT entity_id, canonical_name FROM entity_catalog WHERE entity_id IN (?, ?)",
                                  (from_id, into_id)))
        create_item(conn, kind="entity_merge", confidence=confidence,
                    title=f"merged {names.get(from_id, from_id)!r} into {names.get(into_id, into_id)!r}",
                    old_side={"kind": "entity", "id": from_id, "summary": names.get(from_id, from_id)},
                    new_side={"kind": "entity", "id": into_id, "summary": names.get(into_id, into_id)},
                    evidence_event_ids=moved["links"], ref_kind="merge", ref_id=merge_id, provisional="merge",
                    reason=reason, now=now)
    return merge_id


def _refresh_vectors(conn: apsw.Connection, edge_ids: Iterable[str], entity_ids: list[str], now: float) -> None:
    """Vectors after a merge or split: a vector is keyed by the edge's id, so every id the move
    touched loses its vector (a deleted id keeps none, a kept row may have taken a new id) and
    each one still in the graph is embedded again (its text names the other entity now, its best
    evidence may have changed), as are the entities whose aliases changed (their old vector
    serves until then)."""
    tids = list(dict.fromkeys(edge_ids))
    delete_item_vectors(conn, EDGE_KIND, tids)
    live = [t for t in tids if G.get_edge(conn, t) is not None]
    enqueue_in_active_space(conn, EDGE_KIND, live, now)
    enqueue_in_active_space(conn, ENTITY_KIND, [e for e in entity_ids if live_entity_id(conn, e) == e], now)


def split_merge(conn: apsw.Connection, merge_id: int, now: float) -> dict[str, Any]:
    """Undo a merge: the merged-away entity comes back with the mentions, links, edges and
    assertions that moved (edges are rewritten back to their original endpoints)."""
    m = conn.execute("SELECT from_entity, into_entity, moved_json, reverted_at FROM entity_merges WHERE merge_id = ?",
                     (merge_id,)).fetchone()
    if m is None:
        raise KeyError(f"no merge {merge_id}")
    from_id, into_id, moved_json, reverted = m
    if reverted:
        return {"already_split": True}
    moved = json.loads(moved_json)
    conn.execute("UPDATE entity_catalog SET status = 'active', merged_into = NULL, updated_at = ? WHERE entity_id = ?",
                 (now, from_id))
    for mid in moved["mentions"]:
        conn.execute("UPDATE entity_mentions SET entity_id = ? WHERE mention_id = ?", (from_id, mid))
    for ev_id in moved["links"]:
        row = conn.execute("SELECT event_seq, entity_type, confidence FROM l1_event_entities WHERE event_id = ? "
                           "AND entity_id = ?", (ev_id, into_id)).fetchone()
        if row:
            link_event(conn, ev_id, row[0], from_id, row[1], row[2])
            still = conn.execute("SELECT count(*) FROM entity_mentions WHERE event_id = ? AND entity_id = ?",
                                 (ev_id, into_id)).fetchone()[0]
            if not still:
                conn.execute("DELETE FROM l1_event_entities WHERE event_id = ? AND entity_id = ?", (ev_id, into_id))
    for alias in moved["aliases"]:
        from .lifecycle import name_norm
        conn.execute("DELETE FROM entity_aliases WHERE entity_id = ? AND alias_norm = ? AND source = 'merge'",
                     (into_id, name_norm(alias)))
    for old_tid, new_tid in moved["edges"]:
        row = G.get_edge(conn, new_tid)
        if row is None or old_tid == new_tid:
            continue
        s = from_id if row["subject_id"] == into_id and G.triple_id(from_id, row["predicate"], row["object_id"]) == old_tid else row["subject_id"]
        o = from_id if G.triple_id(s, row["predicate"], from_id) == old_tid else row["object_id"]
        conn.execute("INSERT OR IGNORE INTO knowledge_graph(triple_id, subject_id, predicate, object_id, predicate_family, "
                     "is_core, status, confidence, observation_count, evidence_text, directness, first_observed_at, "
                     "last_observed_at, valid_from, valid_to, superseded_by, relation_label, reason, created_at, updated_at) "
                     "SELECT ?, ?, predicate, ?, predicate_family, is_core, status, confidence, 0, evidence_text, directness, "
                     "first_observed_at, last_observed_at, valid_from, valid_to, superseded_by, relation_label, "
                     "'split from a merge', created_at, ? FROM knowledge_graph WHERE triple_id = ?",
                     (old_tid, s, o, now, new_tid))
        mention_events = {r[0] for r in conn.execute("SELECT event_id FROM entity_mentions WHERE entity_id = ?", (from_id,))}
        conn.execute(f"UPDATE l2_evidence SET owner_id = ? WHERE owner_kind = 'edge' AND owner_id = ? AND event_id IN "
                     f"({','.join('?' * len(mention_events)) or 'NULL'})", (old_tid, new_tid, *mention_events))
        G.recompute_edge(conn, old_tid, now)
        G.recompute_edge(conn, new_tid, now)
    for aid in moved["assertions"]:
        conn.execute("UPDATE tom_trait_assertions SET entity_id = ?, merge_key = ? || '|' || trait || '|' || value_norm "
                     "WHERE assertion_id = ?", (from_id, from_id, aid))
    conn.execute("UPDATE entity_merges SET reverted_at = ? WHERE merge_id = ?", (now, merge_id))
    _refresh_vectors(conn, (t for pair in moved["edges"] for t in pair), [from_id, into_id], now)
    refresh_entity_stats(conn, [from_id, into_id], now)
    enqueue_snapshots(conn, [from_id, into_id], now)
    return {"restored_entity": from_id, "from": into_id, "mentions": len(moved["mentions"]),
            "edges": len(moved["edges"]), "assertions": len(moved["assertions"])}


def merge_split_entities(conn: apsw.Connection, now: float) -> int:
    """Same normalised name + compatible type → one entity (the most mentioned survives).

    Components over "same name, compatible types" (networkx) so person/creator/account
    variants of one name collapse together; types that are not compatible never merge.
    """
    # imported here: networkx compiles its dispatch wrappers at import (~0.2 s), which every
    # process opening the store (a one-shot CLI query) paid for a maintenance pass it never runs
    import networkx as nx

    rows = query_all(conn, "SELECT entity_id, name_norm, entity_type, mention_count, entity_seq FROM entity_catalog "
                           "WHERE status = 'active' AND is_user = 0 AND name_norm IN (SELECT name_norm FROM "
                           "entity_catalog WHERE status = 'active' AND is_user = 0 GROUP BY name_norm HAVING count(*) > 1)")
    g = nx.Graph()
    by_name: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by_name.setdefault(r["name_norm"], []).append(r)
        g.add_node(r["entity_id"], **r)
    for group in by_name.values():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if types_compatible(a["entity_type"], b["entity_type"]):
                    g.add_edge(a["entity_id"], b["entity_id"])
    merged = 0
    for comp in nx.connected_components(g):
        if len(comp) < 2:
            continue
        nodes = sorted((g.nodes[n] for n in comp), key=lambda r: (-r["mention_count"], r["entity_seq"]))
        survivor = nodes[0]
        for other in nodes[1:]:
            conf = L2_MERGE_SAME_NAME_CONFIDENCE if other["entity_type"] == survivor["entity_type"] else 0.55
            merge_entities(conn, other["entity_id"], survivor["entity_id"], confidence=conf,
                           reason=f"same name {survivor['name_norm']!r} ({other['entity_type']} ~ {survivor['entity_type']})",
                           now=now)
            merged += 1
    return merged


def rewrite_open_predicates(conn: apsw.Connection, now: float) -> int:
    n = 0
    for (pred,) in conn.execute("SELECT DISTINCT predicate FROM knowledge_graph WHERE is_core = 0").fetchall():
        target = rewrite_target(pred)
        if not target:
            continue
        conn.execute("INSERT OR IGNORE INTO predicate_rewrites(open_predicate, core_predicate, reason, created_at) "
                     "VALUES (?,?,?,?)", (pred, target, f"leading verb of {pred} is a synonym of {target}", now))
        from .predicates import family_of

        for r in query_all(conn, "SELECT * FROM knowledge_graph WHERE predicate = ?", (pred,)):
            new_tid = G.triple_id(r["subject_id"], target, r["object_id"])
            if G.get_edge(conn, new_tid) is None:
                conn.execute("UPDATE knowledge_graph SET triple_id = ?, predicate = ?, predicate_family = ?, is_core = 1, "
                             "reason = ?, updated_at = ? WHERE triple_id = ?",
                             (new_tid, target, family_of(target), f"open predicate {pred} rewritten to {target}", now,
                              r["triple_id"]))
            move_evidence(conn, "edge", r["triple_id"], new_tid)
            if new_tid != r["triple_id"]:
                conn.execute("DELETE FROM knowledge_graph WHERE triple_id = ?", (r["triple_id"],))
            G.recompute_edge(conn, new_tid, now)
            n += 1
    return n


def repair_dangling_edges(conn: apsw.Connection, now: float) -> int:
    n = 0
    rows = query_all(conn, "SELECT g.* FROM knowledge_graph g WHERE NOT EXISTS (SELECT 1 FROM entity_catalog c "
                           "WHERE c.entity_id = g.subject_id AND c.status = 'active') OR NOT EXISTS (SELECT 1 FROM "
                           "entity_catalog c WHERE c.entity_id = g.object_id AND c.status = 'active')")
    touched: list[str] = []
    for r in rows:
        s, o = live_entity_id(conn, r["subject_id"]), live_entity_id(conn, r["object_id"])
        if s and o:
            new_tid = G.triple_id(s, r["predicate"], o)
            if G.get_edge(conn, new_tid) is None:
                conn.execute("UPDATE knowledge_graph SET triple_id = ?, subject_id = ?, object_id = ?, updated_at = ? "
                             "WHERE triple_id = ?", (new_tid, s, o, now, r["triple_id"]))
            move_evidence(conn, "edge", r["triple_id"], new_tid)
            if new_tid != r["triple_id"]:
                conn.execute("DELETE FROM knowledge_graph WHERE triple_id = ?", (r["triple_id"],))
            G.recompute_edge(conn, new_tid, now)
            touched += [r["triple_id"], new_tid]
        else:
            conn.execute("DELETE FROM l2_evidence WHERE owner_kind = 'edge' AND owner_id = ?", (r["triple_id"],))
            conn.execute("DELETE FROM knowledge_graph WHERE triple_id = ?", (r["triple_id"],))
            touched.append(r["triple_id"])
        n += 1
    _refresh_vectors(conn, touched, [], now)
    return n


def drop_orphans(conn: apsw.Connection, now: float) -> int:
    """"Unused for long" is counted in the store's time, not the event's: an entity first
    recorded today from an imported chat of 2023 ("traded the Civic for a Tesla Model Y") has
    been in memory for minutes, and dropping it at once left that event with no entity link —
    so no later-statement lift, no resolution target for the next mention. So both its last
    mention *and* its creation must be older than ``ORPHAN_MIN_AGE_S``."""
    cutoff = now - ORPHAN_MIN_AGE_S
    rows = query_all(conn, "SELECT entity_id FROM entity_catalog c WHERE status = 'active' AND is_user = 0 "
                           "AND mention_count <= ? AND coalesce(last_seen_at, created_at) < ? AND created_at < ? "
                           "AND NOT EXISTS (SELECT 1 FROM knowledge_graph g WHERE g.subject_id = c.entity_id OR g.object_id = c.entity_id) "
                           "AND NOT EXISTS (SELECT 1 FROM tom_trait_assertions a WHERE a.entity_id = c.entity_id)",
                     (ORPHAN_MAX_MENTIONS, cutoff, cutoff))
    from .deletion import _drop_entity

    for r in rows:
        _drop_entity(conn, r["entity_id"])
    delete_item_vectors(conn, ENTITY_KIND, [r["entity_id"] for r in rows])
    return len(rows)
