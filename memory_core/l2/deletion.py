"""L2's deletion participant (order 20: before L1) and entity deletion for the GUI.

Deleting events removes their ``l1_event_entities`` and ``entity_mentions`` rows, removes the
events from the evidence of edges / assertions / episodes (a row whose only evidence they were
is deleted; the others are recomputed: counts, confidence, first/last observed), reverts
conflict decisions that those events had decided (the superseded Shanghai assertion comes back
when "I moved to Jiaxing" is deleted), drops the batch logs that quoted them, refreshes the
snapshots of touched entities and removes entities left orphaned, with their vectors.

Text copied from a deleted event into rows that survive is recomputed from the remaining
events (:mod:`.derived_text`, :func:`.episodes.text_updates`): episode terms / titles / entity
ids, aliases and names, the best evidence text of edges (and their vectors, re-embedded), review
summaries and model-written arbitration reasons. ``preview`` and ``apply`` share
:func:`_compute`, so the preview is exactly what apply does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import apsw

from ..db.connection import placeholders, query_all
from . import assertion_store as A
from . import graph_store as G
from . import derived_text as T
from .catalog import refresh_entity_stats
from .episodes import EpisodeTextUpdate, apply_text_update, text_updates
from .episodes import recount as recount_episode
from .reconcile import set_conflict_outcome
from .snapshots import refresh as refresh_snapshot
from .vectors import EDGE_KIND, ENTITY_KIND, count_item_vectors, delete_item_vectors


def _in(ids: Sequence[Any]) -> str:
    return f"({placeholders(len(ids))})"


def _chunks(ids: Sequence[Any], n: int = 400) -> list[list[Any]]:
    ids = list(ids)
    return [ids[i:i + n] for i in range(0, len(ids), n)]


@dataclass
class _DeletionPlan:
    links: int = 0
    mentions: int = 0
    owners_deleted: dict[str, list[str]] = field(default_factory=lambda: {"edge": [], "assertion": [], "episode": []})
    owners_recomputed: dict[str, list[str]] = field(default_factory=lambda: {"edge": [], "assertion": [], "episode": []})
    conflicts_removed: list[int] = field(default_factory=list)
    decisions_reverted: list[int] = field(default_factory=list)
    review_items: list[int] = field(default_factory=list)
    entities_touched: list[str] = field(default_factory=list)
    entities_removed: list[str] = field(default_factory=list)
    batch_logs: list[int] = field(default_factory=list)
    jobs: int = 0
    entity_vectors: int = 0
    edge_vectors: int = 0
    episode_text: list[EpisodeTextUpdate] = field(default_factory=list)
    merged_episodes_deleted: list[str] = field(default_factory=list)
    entity_text: list[T.EntityTextUpdate] = field(default_factory=list)
    edge_vectors_refreshed: list[str] = field(default_factory=list)
    conflict_text: T.ConflictTextPlan = field(default_factory=T.ConflictTextPlan)

    def report(self) -> dict[str, Any]:
        return {
            "episode_texts_recomputed": len(self.episode_text),
            "episode_terms_removed": sum(u.terms_removed for u in self.episode_text),
            "merged_episodes_deleted": len(self.merged_episodes_deleted),
            **T.report_counts(self.entity_text, self.edge_vectors_refreshed, self.conflict_text),
            "event_entity_links": self.links, "entity_mentions": self.mentions,
            "edges_deleted": len(self.owners_deleted["edge"]), "edges_recomputed": len(self.owners_recomputed["edge"]),
            "assertions_deleted": len(self.owners_deleted["assertion"]),
            "assertions_recomputed": len(self.owners_recomputed["assertion"]),
            "episodes_deleted": len(self.owners_deleted["episode"]),
            "episodes_recomputed": len(self.owners_recomputed["episode"]),
            "conflicts_removed": len(self.conflicts_removed), "decisions_reverted": len(self.decisions_reverted),
            "review_items_removed": len(self.review_items), "entities_removed": len(self.entities_removed),
            "entity_vectors_removed": self.entity_vectors, "edge_vectors_removed": self.edge_vectors,
            "snapshots_refreshed": len(self.entities_touched), "batch_logs_removed": len(self.batch_logs),
            "projection_jobs_removed": self.jobs,
            "removed_entity_ids": sorted(self.entities_removed),
            "deleted_edge_ids": sorted(self.owners_deleted["edge"]),
            "deleted_assertion_ids": sorted(self.owners_deleted["assertion"]),
        }


def _compute(conn: apsw.Connection, event_ids: Sequence[str]) -> _DeletionPlan:
    p = _DeletionPlan()
    ids = list(event_ids)
    target = set(ids)
    touched: set[str] = set()
    owners: set[tuple[str, str]] = set()
    for part in _chunks(ids):
        p.links += conn.execute(f"SELECT count(*) FROM l1_event_entities WHERE event_id IN {_in(part)}", part).fetchone()[0]
        for r in conn.execute(f"SELECT entity_id FROM entity_mentions WHERE event_id IN {_in(part)}", part):
            p.mentions += 1
            if r[0]:
                touched.add(r[0])
        owners |= {(r[0], r[1]) for r in conn.execute(
            f"SELECT DISTINCT owner_kind, owner_id FROM l2_evidence WHERE event_id IN {_in(part)}", part)}
        p.jobs += conn.execute(f"SELECT count(*) FROM l2_projection_jobs WHERE event_id IN {_in(part)}", part).fetchone()[0]
        p.batch_logs += [r[0] for r in conn.execute(
            f"SELECT DISTINCT batch_id FROM l2_batch_events WHERE event_id IN {_in(part)}", part)]
    p.batch_logs = sorted(set(p.batch_logs))
    for kind, oid in sorted(owners):
        if kind not in p.owners_deleted:
            continue
        remaining = conn.execute(
            f"SELECT count(*) FROM l2_evidence WHERE owner_kind = ? AND owner_id = ? AND event_id NOT IN {_in(ids)}",
            [kind, oid, *ids]).fetchone()[0] if len(ids) < 900 else _remaining_slow(conn, kind, oid, target)
        (p.owners_deleted if remaining == 0 else p.owners_recomputed)[kind].append(oid)
        if kind == "edge":
            row = G.get_edge(conn, oid)
            if row:
                touched.update((row["subject_id"], row["object_id"]))
        elif kind == "assertion":
            row = A.get_assertion(conn, oid)
            if row:
                touched.add(row["entity_id"])
    deleted_edges = set(p.owners_deleted["edge"])
    deleted_assertions = set(p.owners_deleted["assertion"])
    for c in query_all(conn, "SELECT * FROM l2_conflicts"):
        new_gone = ((c["new_kind"] == "event" and c["new_id"] in target)
                    or (c["new_kind"] == "edge" and c["new_id"] in deleted_edges)
                    or (c["new_kind"] == "assertion" and c["new_id"] in deleted_assertions))
        old_gone = ((c["old_kind"] == "edge" and c["old_id"] in deleted_edges)
                    or (c["old_kind"] == "assertion" and c["old_id"] in deleted_assertions))
        if new_gone or old_gone:
            p.conflicts_removed.append(c["conflict_id"])
            if new_gone and not old_gone and c["decision"] in ("evolve", "invalidate_old"):
                p.decisions_reverted.append(c["conflict_id"])
    if p.conflicts_removed:
        p.review_items = [r[0] for r in conn.execute(
            f"SELECT item_id FROM review_items WHERE ref_kind = 'conflict' AND ref_id IN {_in(p.conflicts_removed)}",
            p.conflicts_removed)]
    # orphans: no mention left outside the deleted events, no surviving edge or assertion
    for eid in sorted(touched):
        row = conn.execute("SELECT is_user FROM entity_catalog WHERE entity_id = ?", (eid,)).fetchone()
        if row is None or row[0]:
            continue
        other_mentions = conn.execute(
            f"SELECT count(*) FROM entity_mentions WHERE entity_id = ? AND event_id NOT IN {_in(ids)}",
            [eid, *ids]).fetchone()[0] if len(ids) < 900 else 1
        if other_mentions:
            continue
        edges = [r[0] for r in conn.execute("SELECT triple_id FROM knowledge_graph WHERE subject_id = ? OR object_id = ?",
                                            (eid, eid))]
        asr = [r[0] for r in conn.execute("SELECT assertion_id FROM tom_trait_assertions WHERE entity_id = ?", (eid,))]
        if all(e in deleted_edges for e in edges) and all(a in deleted_assertions for a in asr):
            p.entities_removed.append(eid)
    p.entity_text = T.plan_entity_text(conn, sorted(touched - set(p.entities_removed)), ids)
    renamed = [u.entity_id for u in p.entity_text if u.rename_to]
    p.edge_vectors_refreshed = [t for t in T.plan_edge_vector_refresh(conn, p.owners_recomputed["edge"], renamed, ids)
                                if t not in deleted_edges]
    for tid in p.edge_vectors_refreshed:  # a renamed endpoint is named in its neighbours' profiles
        row = G.get_edge(conn, tid)
        if row:
            touched.update((row["subject_id"], row["object_id"]))
    p.entities_touched = sorted(touched - set(p.entities_removed))
    p.entity_vectors = count_item_vectors(conn, ENTITY_KIND, p.entities_removed)
    p.edge_vectors = count_item_vectors(conn, EDGE_KIND, sorted(deleted_edges))
    p.conflict_text = T.plan_conflict_text(conn, p.conflicts_removed, ids)
    for epi in p.owners_recomputed["episode"]:
        p.episode_text += text_updates(conn, epi, ids)
    for epi in p.owners_deleted["episode"]:  # merged-in pointers of a vanished episode go with it
        p.merged_episodes_deleted += [r[0] for r in conn.execute(
            "WITH RECURSIVE fam(id) AS (SELECT ? UNION SELECT e.episode_id FROM episodes e JOIN fam "
            "ON e.merged_into = fam.id) SELECT id FROM fam WHERE id != ?", (epi, epi))]
    return p


def _remaining_slow(conn: apsw.Connection, kind: str, oid: str, target: set[str]) -> int:
    return sum(1 for (e,) in conn.execute("SELECT event_id FROM l2_evidence WHERE owner_kind = ? AND owner_id = ?",
                                          (kind, oid)) if e not in target)


class L2Deletion:
    name = "l2"
    order = 20

    def __init__(self, enqueue_vectors: Callable[[apsw.Connection, str, Sequence[str]], None] | None = None) -> None:
        #: re-embeds entities / edges whose text changed (None: their stale vectors are only dropped)
        self.enqueue_vectors = enqueue_vectors

    def preview(self, conn: apsw.Connection, target: Any) -> dict[str, Any]:
        return _compute(conn, target.event_ids).report()

    def apply(self, conn: apsw.Connection, target: Any, now: float) -> dict[str, Any]:
        ids = list(target.event_ids)
        p = _compute(conn, ids)
        for cid in p.decisions_reverted:
            set_conflict_outcome(conn, cid, "keep_old", now, "deciding evidence deleted")
        for part in _chunks(p.conflicts_removed):
            conn.execute(f"DELETE FROM review_items WHERE ref_kind = 'conflict' AND ref_id IN {_in(part)}", part)
            conn.execute(f"DELETE FROM l2_conflicts WHERE conflict_id IN {_in(part)}", part)
        for part in _chunks(ids):
            conn.execute(f"DELETE FROM l2_evidence WHERE event_id IN {_in(part)}", part)
            conn.execute(f"DELETE FROM l1_event_entities WHERE event_id IN {_in(part)}", part)
            conn.execute(f"DELETE FROM entity_mentions WHERE event_id IN {_in(part)}", part)
            conn.execute(f"DELETE FROM l2_projection_jobs WHERE event_id IN {_in(part)}", part)
        for part in _chunks(p.batch_logs):
            conn.execute(f"DELETE FROM l2_batch_log WHERE batch_id IN {_in(part)}", part)
        for tid in p.owners_deleted["edge"] + p.owners_recomputed["edge"]:
            G.recompute_edge(conn, tid, now)
        delete_item_vectors(conn, EDGE_KIND, p.owners_deleted["edge"])
        for aid in p.owners_deleted["assertion"] + p.owners_recomputed["assertion"]:
            A.recompute_assertion(conn, aid, now)
        for part in _chunks(p.owners_deleted["assertion"]):
            conn.execute(f"UPDATE tom_trait_assertions SET supersedes = NULL WHERE supersedes IN {_in(part)}", part)
            conn.execute(f"UPDATE tom_trait_assertions SET superseded_by = NULL WHERE superseded_by IN {_in(part)}", part)
        for part in _chunks(p.owners_deleted["edge"]):
            conn.execute(f"UPDATE knowledge_graph SET superseded_by = NULL WHERE superseded_by IN {_in(part)}", part)
        for epi in p.owners_deleted["episode"] + p.owners_recomputed["episode"]:
            recount_episode(conn, epi, now)
        for u in p.episode_text:
            apply_text_update(conn, u, now)
        for part in _chunks(p.merged_episodes_deleted):
            conn.execute(f"DELETE FROM episodes WHERE episode_id IN {_in(part)}", part)
        for eid in p.entities_removed:
            _drop_entity(conn, eid)
        delete_item_vectors(conn, ENTITY_KIND, p.entities_removed)
        T.apply_entity_text(conn, p.entity_text, now)
        T.apply_conflict_text(conn, p.conflict_text, ids, now)
        changed_entities = [u.entity_id for u in p.entity_text]
        delete_item_vectors(conn, ENTITY_KIND, changed_entities)
        delete_item_vectors(conn, EDGE_KIND, p.edge_vectors_refreshed)
        for part in _chunks(p.edge_vectors_refreshed):
            conn.execute(f"UPDATE knowledge_graph SET embedding_state = 'pending' WHERE triple_id IN {_in(part)}", part)
        if self.enqueue_vectors is not None:
            self.enqueue_vectors(conn, ENTITY_KIND, changed_entities)
            self.enqueue_vectors(conn, EDGE_KIND, p.edge_vectors_refreshed)
        refresh_entity_stats(conn, p.entities_touched, now)
        for eid in p.entities_touched:
            refresh_snapshot(conn, eid, now)
        return p.report()


def _drop_entity(conn: apsw.Connection, eid: str) -> None:
    for sql in ("DELETE FROM entity_aliases WHERE entity_id = ?", "DELETE FROM entity_facets WHERE entity_id = ?",
                "DELETE FROM tom_snapshots WHERE entity_id = ?", "DELETE FROM l2_snapshot_jobs WHERE entity_id = ?",
                "DELETE FROM entity_mentions WHERE entity_id = ?", "DELETE FROM l1_event_entities WHERE entity_id = ?",
                "DELETE FROM entity_catalog WHERE entity_id = ?"):
        conn.execute(sql, (eid,))
    # an episode must not keep the id of an entity that is gone (orphan drop, deletion)
    conn.execute("UPDATE episodes SET entity_ids = (SELECT json_group_array(value) FROM json_each(episodes.entity_ids) "
                 "WHERE value != ?) WHERE instr(entity_ids, ?) > 0", (eid, eid))


# -- entity deletion (GUI) -------------------------------------------------------------------------


def entity_footprint(conn: apsw.Connection, entity_id: str) -> dict[str, Any]:
    row = conn.execute("SELECT canonical_name, is_user FROM entity_catalog WHERE entity_id = ?", (entity_id,)).fetchone()
    if row is None:
        return {"exists": False, "entity_id": entity_id}
    edges = [r[0] for r in conn.execute("SELECT triple_id FROM knowledge_graph WHERE subject_id = ? OR object_id = ?",
                                        (entity_id, entity_id))]
    asr = [r[0] for r in conn.execute("SELECT assertion_id FROM tom_trait_assertions WHERE entity_id = ?", (entity_id,))]

    def n(sql: str) -> int:
        return int(conn.execute(sql, (entity_id,)).fetchone()[0])

    return {"exists": True, "entity_id": entity_id, "name": row[0], "is_user": bool(row[1]),
            "mentions": n("SELECT count(*) FROM entity_mentions WHERE entity_id = ?"),
            "event_entity_links": n("SELECT count(*) FROM l1_event_entities WHERE entity_id = ?"),
            "aliases": n("SELECT count(*) FROM entity_aliases WHERE entity_id = ?"),
            "facets": n("SELECT count(*) FROM entity_facets WHERE entity_id = ?"),
            "edges": len(edges), "assertions": len(asr),
            "entity_vectors": count_item_vectors(conn, ENTITY_KIND, [entity_id]),
            "edge_vectors": count_item_vectors(conn, EDGE_KIND, edges),
            "snapshot": n("SELECT count(*) FROM tom_snapshots WHERE entity_id = ?"),
            "edge_ids": edges, "assertion_ids": asr}


def delete_entity_rows(conn: apsw.Connection, entity_id: str, now: float) -> list[str]:
    """Delete an entity and the edges/assertions about it; returns other entities touched."""
    fp = entity_footprint(conn, entity_id)
    if fp.get("is_user"):
        raise ValueError("the user's own entity cannot be deleted (delete its assertions instead)")
    touched: set[str] = set()
    for tid in fp["edge_ids"]:
        row = G.get_edge(conn, tid)
        if row:
            touched.update((row["subject_id"], row["object_id"]))
        conn.execute("DELETE FROM l2_evidence WHERE owner_kind = 'edge' AND owner_id = ?", (tid,))
        conn.execute("DELETE FROM knowledge_graph WHERE triple_id = ?", (tid,))
        conn.execute("UPDATE knowledge_graph SET superseded_by = NULL WHERE superseded_by = ?", (tid,))
    delete_item_vectors(conn, EDGE_KIND, fp["edge_ids"])
    for aid in fp["assertion_ids"]:
        conn.execute("DELETE FROM l2_evidence WHERE owner_kind = 'assertion' AND owner_id = ?", (aid,))
        conn.execute("DELETE FROM tom_trait_assertions WHERE assertion_id = ?", (aid,))
    gone = set(fp["edge_ids"]) | set(fp["assertion_ids"])
    conflicts = [r[0] for r in conn.execute("SELECT conflict_id, old_id, new_id FROM l2_conflicts")
                 if r[1] in gone or r[2] in gone] if gone else []
    for cid in conflicts:
        conn.execute("DELETE FROM review_items WHERE ref_kind = 'conflict' AND ref_id = ?", (cid,))
        conn.execute("DELETE FROM l2_conflicts WHERE conflict_id = ?", (cid,))
    _drop_entity(conn, entity_id)
    delete_item_vectors(conn, ENTITY_KIND, [entity_id])
    touched.discard(entity_id)
    return sorted(touched)
