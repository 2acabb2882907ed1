"""Text that L2 copied from events, recomputed when some of those events are deleted.

Rows that merely *lose* one of several evidence events survive a deletion (their counts and
confidence are recomputed from ``l2_evidence``), but some of their text was taken from the
deleted event and must not outlive it: an alias written from that event's mention, a canonical
name only that event used, the quoted evidence in a review item's summary, a model's free-text
arbitration reason that may quote it, an edge vector embedded from its words. The rule is the
same everywhere: text survives only if a surviving event backs it.

Each ``plan_*`` function reads (excluding the deleted events, so it can run before the cascade
for the preview) and each ``apply_*`` function writes; the deletion participant calls both, so
the preview counts are exactly what apply changes.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

import apsw

from ..db.connection import placeholders, query_all, query_one
from . import assertion_store as A
from . import graph_store as G
from .lifecycle import strip_articles

#: a model's free-text reason is withdrawn when an event it weighed is deleted: it may quote it
REASON_WITHDRAWN = "reason withdrawn: an event it weighed was deleted"
_CREATED_BY = re.compile(r"\(event ([^)\s]+)\)\s*$")


# -- entity names and aliases ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntityTextUpdate:
    entity_id: str
    #: alias_norm values no surviving mention backs
    remove_aliases: tuple[str, ...]
    #: new canonical name when only deleted events used the old one (None: keep)
    rename_to: str | None = None


def _surviving_mention_norms(conn: apsw.Connection, entity_id: str, deleted: set[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for event_id, norm in conn.execute("SELECT event_id, name_norm FROM entity_mentions WHERE entity_id = ?",
                                       (entity_id,)):
        if event_id not in deleted:
            counts[norm] = counts.get(norm, 0) + 1
    return counts


def plan_entity_text(conn: apsw.Connection, entity_ids: Sequence[str], deleted: Sequence[str]) -> list[EntityTextUpdate]:
    """Aliases written from a mention (or merged in) that only deleted events backed, and a
    canonical name that only the deleted creating event used (renamed to the surviving alias
    with the most mentions; an LLM-normalised name no mention spells is kept: it names what
    the surviving mentions were resolved to)."""
    gone = set(deleted)
    out: list[EntityTextUpdate] = []
    for eid in entity_ids:
        row = query_one(conn, "SELECT name_norm, reason, is_user FROM entity_catalog WHERE entity_id = ? "
                              "AND status = 'active'", (eid,))
        if row is None or row["is_user"]:
            continue
        backed = _surviving_mention_norms(conn, eid, gone)
        aliases = query_all(conn, "SELECT alias_norm, alias, source, created_at FROM entity_aliases "
                                  "WHERE entity_id = ? ORDER BY created_at", (eid,))
        canonical = row["name_norm"]
        rename: str | None = None
        final = canonical
        created_by = _CREATED_BY.search(row["reason"] or "")
        if canonical not in backed and created_by and created_by.group(1) in gone:
            candidates = [a for a in aliases if a["alias_norm"] in backed and a["alias_norm"] != canonical]
            if candidates:
                best = max(candidates, key=lambda a: (backed[a["alias_norm"]], -a["created_at"]))
                rename, final = strip_articles(best["alias"]), best["alias_norm"]
        remove = [a["alias_norm"] for a in aliases
                  if a["alias_norm"] != final and a["alias_norm"] not in backed
                  and (a["source"] in ("mention", "merge") or (rename and a["alias_norm"] == canonical))]
        if remove or rename:
            out.append(EntityTextUpdate(eid, tuple(remove), rename))
    return out


def apply_entity_text(conn: apsw.Connection, updates: Sequence[EntityTextUpdate], now: float) -> None:
    from .assertion_store import merge_key
    from .lifecycle import display_name, name_norm
    from .predicates import predicate_for_trait

    for u in updates:
        for norm in u.remove_aliases:
            conn.execute("DELETE FROM entity_aliases WHERE entity_id = ? AND alias_norm = ?", (u.entity_id, norm))
        if u.rename_to:
            # a trait mirroring an edge to this entity (employer ↔ WORKS_AT) holds its name as value
            old = conn.execute("SELECT name_norm FROM entity_catalog WHERE entity_id = ?", (u.entity_id,)).fetchone()[0]
            mirrored = {r[0] for r in conn.execute(
                "SELECT DISTINCT g.predicate FROM knowledge_graph g WHERE g.object_id = ?", (u.entity_id,))}
            for r in query_all(conn, "SELECT assertion_id, entity_id, trait FROM tom_trait_assertions "
                                     "WHERE value_norm = ?", (old,)):
                if predicate_for_trait(r["trait"]) in mirrored:
                    conn.execute("UPDATE tom_trait_assertions SET value = ?, value_norm = ?, merge_key = ?, "
                                 "updated_at = ? WHERE assertion_id = ?",
                                 (display_name(u.rename_to), name_norm(u.rename_to),
                                  merge_key(r["entity_id"], r["trait"], u.rename_to), now, r["assertion_id"]))
            conn.execute("UPDATE entity_catalog SET canonical_name = ?, name_norm = ?, reason = ?, "
                         "embedding_state = 'pending', updated_at = ? WHERE entity_id = ?",
                         (display_name(u.rename_to), name_norm(u.rename_to),
                          "renamed: the events behind its former name were deleted", now, u.entity_id))
            conn.execute("UPDATE entity_aliases SET source = 'canonical' WHERE entity_id = ? AND alias_norm = ?",
                         (u.entity_id, name_norm(u.rename_to)))


# -- edge vectors ------------------------------------------------------------------------------------


def plan_edge_vector_refresh(conn: apsw.Connection, recomputed_edges: Sequence[str], renamed_entities: Sequence[str],
                             deleted: Sequence[str]) -> list[str]:
    """Surviving edges whose embedded text changes: the best evidence text was a deleted
    event's (``recompute_edge`` picks a surviving one), or an endpoint is renamed. Their old
    vector was computed from the deleted words, so it is dropped and re-embedded."""
    gone = set(deleted)
    out: list[str] = []
    for tid in recomputed_edges:
        row = G.get_edge(conn, tid)
        if row is None:
            continue
        best = next((r for r in conn.execute(
            "SELECT event_id, evidence_text FROM l2_evidence WHERE owner_kind = 'edge' AND owner_id = ? "
            "ORDER BY directness = 'explicit' DESC, confidence DESC, occurred_at DESC, event_seq DESC", (tid,))
            if r[0] not in gone), None)
        if best is not None and best[1] != row["evidence_text"]:
            out.append(tid)
    renamed = list(renamed_entities)
    if renamed:
        ph = placeholders(len(renamed))
        out += [r[0] for r in conn.execute(f"SELECT triple_id FROM knowledge_graph WHERE subject_id IN ({ph}) "
                                           f"OR object_id IN ({ph})", [*renamed, *renamed])]
    return sorted(set(out))


# -- conflicts and review items --------------------------------------------------------------------


@dataclass(slots=True)
class ConflictTextPlan:
    #: conflict_id → (surviving evidence ids, the model reason to withdraw or None)
    conflicts: dict[int, tuple[list[str], str | None]] = field(default_factory=dict)
    review_items: list[int] = field(default_factory=list)


def plan_conflict_text(conn: apsw.Connection, removed_conflicts: Sequence[int], deleted: Sequence[str]) -> ConflictTextPlan:
    """Surviving conflicts and review items that cite a deleted event: its id leaves their
    evidence lists, a model-written reason is withdrawn, review summaries are rebuilt."""
    gone, removed = set(deleted), set(removed_conflicts)
    plan = ConflictTextPlan()
    for c in query_all(conn, "SELECT conflict_id, evidence_event_ids, decided_by, reason FROM l2_conflicts"):
        if c["conflict_id"] in removed:
            continue
        ev = json.loads(c["evidence_event_ids"] or "[]")
        if not gone.intersection(ev):
            continue
        withdraw = c["reason"] if str(c["decided_by"]).startswith("llm") and c["reason"] else None
        plan.conflicts[c["conflict_id"]] = ([e for e in ev if e not in gone], withdraw)
    for r in query_all(conn, "SELECT item_id, ref_kind, ref_id, evidence_event_ids FROM review_items"):
        if r["ref_kind"] == "conflict" and r["ref_id"] in removed:
            continue
        cites = gone.intersection(json.loads(r["evidence_event_ids"] or "[]"))
        if cites or (r["ref_kind"] == "conflict" and r["ref_id"] in plan.conflicts):
            plan.review_items.append(r["item_id"])
    return plan


def _side_summary(conn: apsw.Connection, kind: str, oid: str, fallback: str) -> str:
    """A side as names and values only (no quoted evidence: that is what a deletion removed)."""
    if kind == "edge":
        row = G.get_edge(conn, oid)
        if row is not None:
            names = dict(conn.execute("SELECT entity_id, canonical_name FROM entity_catalog WHERE entity_id IN (?, ?)",
                                      (row["subject_id"], row["object_id"])))
            return f"{names.get(row['subject_id'], '?')} {row['predicate']} {names.get(row['object_id'], '?')}"
    elif kind == "assertion":
        row = A.get_assertion(conn, oid)
        if row is not None:
            return f"{row['trait']}: {'' if row['polarity'] else 'not '}{row['value']}"
    return fallback


def apply_conflict_text(conn: apsw.Connection, plan: ConflictTextPlan, deleted: Sequence[str], now: float) -> None:
    gone = set(deleted)
    for cid, (evidence, withdraw) in plan.conflicts.items():
        c = query_one(conn, "SELECT * FROM l2_conflicts WHERE conflict_id = ?", (cid,))
        if c is None:
            continue
        reason = c["reason"]
        if withdraw:
            reason = reason.replace(withdraw, REASON_WITHDRAWN)
            for kind, oid in ((c["old_kind"], c["old_id"]), (c["new_kind"], c["new_id"])):
                table, key = {"edge": ("knowledge_graph", "triple_id"),
                              "assertion": ("tom_trait_assertions", "assertion_id")}.get(kind, (None, None))
                if table:
                    conn.execute(f"UPDATE {table} SET reason = replace(reason, ?, ?), updated_at = ? "
                                 f"WHERE {key} = ? AND instr(reason, ?) > 0",
                                 (withdraw, REASON_WITHDRAWN, now, oid, withdraw))
        conn.execute("UPDATE l2_conflicts SET evidence_event_ids = ?, reason = ? WHERE conflict_id = ?",
                     (json.dumps(evidence), reason, cid))
    for item_id in plan.review_items:
        r = query_one(conn, "SELECT * FROM review_items WHERE item_id = ?", (item_id,))
        if r is None:
            continue
        old_side, new_side = json.loads(r["old_side_json"]), json.loads(r["new_side_json"])
        title, reason = r["title"], r["reason"]
        if r["ref_kind"] == "conflict":
            c = query_one(conn, "SELECT conflict_type FROM l2_conflicts WHERE conflict_id = ?", (r["ref_id"],))
            withdraw = plan.conflicts.get(r["ref_id"], ([], None))[1]
            if withdraw:
                reason = reason.replace(withdraw, REASON_WITHDRAWN)
            for side in (old_side, new_side):
                side["summary"] = _side_summary(conn, side.get("kind", ""), side.get("id", ""),
                                                "(evidence deleted)" if side.get("id") in gone else
                                                side.get("summary", ""))
            title = f"{c['conflict_type'] if c else r['kind']}: {old_side['summary']} → {new_side['summary']}"[:300]
        evidence = [e for e in json.loads(r["evidence_event_ids"] or "[]") if e not in gone]
        conn.execute("UPDATE review_items SET title = ?, old_side_json = ?, new_side_json = ?, "
                     "evidence_event_ids = ?, reason = ? WHERE item_id = ?",
                     (title, json.dumps(old_side, ensure_ascii=False), json.dumps(new_side, ensure_ascii=False),
                      json.dumps(evidence), reason, item_id))


def report_counts(entity: Sequence[EntityTextUpdate], edge_vectors: Sequence[str],
                  conflicts: ConflictTextPlan) -> dict[str, Any]:
    return {"aliases_removed": sum(len(u.remove_aliases) for u in entity),
            "entities_renamed": sum(1 for u in entity if u.rename_to),
            "edge_vectors_refreshed": len(edge_vectors),
            "conflicts_rewritten": len(conflicts.conflicts),
            "review_items_rewritten": len(conflicts.review_items)}
