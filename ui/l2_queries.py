"""Read queries of the L2 panel: entities, neighbourhoods, edges, assertions, time travel.

The L2 service owns every *write* (user_denied, merges, deletes); the inspector only reads
migration 0002's tables, which is cheaper than a service round trip per repaint and works on a
database whose L2 worker is not running. "As of T" is the validity interval: an edge or an
assertion was believed at T when it had been observed by T (``valid_from`` / first observation)
and had not left the profile yet (``valid_to`` empty or after T). Statuses are kept as they are
now, so a row that is superseded today still shows as believed back then.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import apsw

from memory_core.db.connection import placeholders, query_all, query_one

from . import schema
from .widgets.event_list import load_events

ACTIVE_EDGE = ("active",)
#: the statuses that end a row's membership of the current profile, with the user's wording
EXIT_REASONS = {
    "superseded": "superseded by a newer statement",
    "overwritten": "overwritten in place (short-term trait)",
    "expired": "expired (TTL)",
    "user_denied": "denied by the user",
    "invalidated": "invalidated by a contradicting edge",
    "rejected": "rejected in review",
    "merged": "merged into another entity",
}


def l2_installed(conn: apsw.Connection) -> bool:
    return schema.has_table(conn, "entity_catalog") and schema.has_table(conn, "knowledge_graph")


def list_entities(conn: apsw.Connection, *, text: str = "", entity_type: str | None = None,
                  limit: int = 500) -> list[dict[str, Any]] | None:
    if not l2_installed(conn):
        return None
    clauses = ["c.status = 'active'"]
    params: list[Any] = []
    if entity_type:
        clauses.append("c.entity_type = ?")
        params.append(entity_type)
    if text.strip():
        clauses.append("(instr(c.name_norm, lower(?)) > 0 OR EXISTS (SELECT 1 FROM entity_aliases a "
                       "WHERE a.entity_id = c.entity_id AND instr(a.alias_norm, lower(?)) > 0))")
        params += [text.strip(), text.strip()]
    return query_all(
        conn, "SELECT c.entity_id, c.canonical_name, c.entity_type, c.is_user, c.mention_count, "
              "c.first_seen_at, c.last_seen_at, "
              "(SELECT count(*) FROM knowledge_graph k WHERE k.subject_id = c.entity_id "
              " OR k.object_id = c.entity_id) AS edge_count "
              f"FROM entity_catalog c WHERE {' AND '.join(clauses)} "
              "ORDER BY c.is_user DESC, c.mention_count DESC, c.canonical_name LIMIT ?", (*params, limit))


def entity_types(conn: apsw.Connection) -> list[str]:
    if not l2_installed(conn):
        return []
    return [r[0] for r in conn.execute("SELECT DISTINCT entity_type FROM entity_catalog ORDER BY 1")]


def _valid_at(alias: str, t: float | None) -> tuple[str, list[Any]]:
    if t is None:
        return "", []
    return (f" AND coalesce({alias}.valid_from, {alias}.first_observed_at, {alias}.created_at) <= ? "
            f"AND ({alias}.valid_to IS NULL OR {alias}.valid_to > ?)", [t, t])


@dataclass
class Neighbourhood:
    center: str
    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)
    edges: list[dict[str, Any]] = field(default_factory=list)


def neighbourhood(conn: apsw.Connection, entity_id: str, *, as_of: float | None = None,
                  include_inactive: bool = True, hops: int = 1, max_edges: int = 80) -> Neighbourhood:
    """The entity, its edges and the entities at their other ends (``hops`` deep, capped)."""
    hood = Neighbourhood(entity_id)
    frontier = {entity_id}
    seen_edges: set[str] = set()
    extra, extra_params = _valid_at("k", as_of)
    if not include_inactive and as_of is None:
        extra += " AND k.status = 'active'"
    for _ in range(max(1, hops)):
        if not frontier or len(hood.edges) >= max_edges:
            break
        ids = sorted(frontier)
        rows = query_all(
            conn, "SELECT k.* FROM knowledge_graph k WHERE (k.subject_id IN "
                  f"({placeholders(len(ids))}) OR k.object_id IN ({placeholders(len(ids))})){extra} "
                  "ORDER BY (k.status = 'active') DESC, k.confidence DESC LIMIT ?",
            (*ids, *ids, *extra_params, max_edges - len(hood.edges)))
        nxt: set[str] = set()
        for r in rows:
            if r["triple_id"] in seen_edges:
                continue
            seen_edges.add(r["triple_id"])
            hood.edges.append(r)
            for end in (r["subject_id"], r["object_id"]):
                if end not in hood.nodes and end not in frontier:
                    nxt.add(end)
        hood.nodes.update({i: {} for i in frontier})
        frontier = nxt
    hood.nodes.update({i: {} for i in frontier})
    hood.nodes.setdefault(entity_id, {})
    ids = list(hood.nodes)
    for i in range(0, len(ids), 400):
        part = ids[i:i + 400]
        for r in query_all(conn, "SELECT entity_id, canonical_name, entity_type, is_user, status "
                                 f"FROM entity_catalog WHERE entity_id IN ({placeholders(len(part))})", part):
            hood.nodes[r["entity_id"]] = r
    for nid, info in hood.nodes.items():
        if not info:
            hood.nodes[nid] = {"entity_id": nid, "canonical_name": nid[:10], "entity_type": "?",
                               "is_user": 0, "status": "missing"}
    return hood


def evidence_rows(conn: apsw.Connection, owner_kind: str, owner_id: str) -> list[dict[str, Any]]:
    """The owner's evidence events with their L1 rows (and the evidence span and reason)."""
    ev = query_all(conn, "SELECT event_id, evidence_text, confidence, directness, reason, occurred_at "
                         "FROM l2_evidence WHERE owner_kind = ? AND owner_id = ? ORDER BY occurred_at",
                   (owner_kind, owner_id))
    events = {r["event_id"]: r for r in load_events(conn, [e["event_id"] for e in ev])}
    return [{**events.get(e["event_id"], {}), "evidence_text": e["evidence_text"],
             "confidence": e["confidence"], "directness": e["directness"], "why": e["reason"]}
            for e in ev]


def edge_detail(conn: apsw.Connection, triple_id: str) -> dict[str, Any] | None:
    edge = query_one(conn, "SELECT * FROM knowledge_graph WHERE triple_id = ?", (triple_id,))
    if edge is None:
        return None
    names = {r["entity_id"]: r["canonical_name"] for r in query_all(
        conn, "SELECT entity_id, canonical_name FROM entity_catalog WHERE entity_id IN (?, ?)",
        (edge["subject_id"], edge["object_id"]))}
    conflicts = query_all(conn, "SELECT * FROM l2_conflicts WHERE (old_kind = 'edge' AND old_id = ?) "
                                "OR (new_kind = 'edge' AND new_id = ?) ORDER BY created_at",
                          (triple_id, triple_id)) if schema.has_table(conn, "l2_conflicts") else []
    return {"edge": edge, "subject": names.get(edge["subject_id"], edge["subject_id"]),
            "object": names.get(edge["object_id"], edge["object_id"]),
            "evidence": evidence_rows(conn, "edge", triple_id), "conflicts": conflicts}


def assertions_of(conn: apsw.Connection, entity_id: str, *, as_of: float | None = None) -> list[dict[str, Any]]:
    extra, params = _valid_at("a", as_of)
    return query_all(conn, f"SELECT a.* FROM tom_trait_assertions a WHERE a.entity_id = ?{extra} "
                           "ORDER BY a.trait, coalesce(a.valid_from, a.first_observed_at, a.created_at)",
                     (entity_id, *params))


def assertion_detail(conn: apsw.Connection, assertion_id: str) -> dict[str, Any] | None:
    row = query_one(conn, "SELECT * FROM tom_trait_assertions WHERE assertion_id = ?", (assertion_id,))
    if row is None:
        return None
    conflicts = query_all(conn, "SELECT * FROM l2_conflicts WHERE (old_kind = 'assertion' AND old_id = ?) "
                                "OR (new_kind = 'assertion' AND new_id = ?) ORDER BY created_at",
                          (assertion_id, assertion_id)) if schema.has_table(conn, "l2_conflicts") else []
    return {"assertion": row, "evidence": evidence_rows(conn, "assertion", assertion_id),
            "chain": supersession_chain(conn, assertion_id), "conflicts": conflicts,
            "exit_reason": EXIT_REASONS.get(row["status"], "")}


def supersession_chain(conn: apsw.Connection, assertion_id: str, *, limit: int = 50) -> list[dict[str, Any]]:
    """Oldest → newest along supersedes / superseded_by, through ``assertion_id``."""
    def get(aid: str | None) -> dict[str, Any] | None:
        return None if not aid else query_one(
            conn, "SELECT * FROM tom_trait_assertions WHERE assertion_id = ?", (aid,))

    here = get(assertion_id)
    if here is None:
        return []
    back: list[dict[str, Any]] = []
    seen = {assertion_id}
    cur = here
    while len(back) < limit:
        prev_id = cur.get("supersedes")
        prev = get(prev_id) if prev_id not in seen else None
        if prev is None:
            # a successor link may exist only on the predecessor's side
            prev = query_one(conn, "SELECT * FROM tom_trait_assertions WHERE superseded_by = ?",
                             (cur["assertion_id"],))
            if prev is None or prev["assertion_id"] in seen:
                break
        seen.add(prev["assertion_id"])
        back.append(prev)
        cur = prev
    fwd: list[dict[str, Any]] = []
    cur = here
    while len(fwd) < limit:
        nxt = get(cur.get("superseded_by"))
        if nxt is None:
            nxt = query_one(conn, "SELECT * FROM tom_trait_assertions WHERE supersedes = ?",
                            (cur["assertion_id"],))
        if nxt is None or nxt["assertion_id"] in seen:
            break
        seen.add(nxt["assertion_id"])
        fwd.append(nxt)
        cur = nxt
    return [*reversed(back), here, *fwd]


def snapshot(conn: apsw.Connection, entity_id: str) -> dict[str, Any] | None:
    return query_one(conn, "SELECT * FROM tom_snapshots WHERE entity_id = ?", (entity_id,))


def profile_as_of(conn: apsw.Connection, entity_id: str, t: float) -> dict[str, Any]:
    """What memory believed about the entity at ``t``: valid edges and assertions then."""
    edges = neighbourhood(conn, entity_id, as_of=t, hops=1).edges
    names = {r["entity_id"]: r["canonical_name"] for r in query_all(
        conn, "SELECT entity_id, canonical_name FROM entity_catalog")} if edges else {}
    return {
        "as_of": t,
        "edges": [{"subject": names.get(e["subject_id"], e["subject_id"]), "predicate": e["predicate"],
                   "object": names.get(e["object_id"], e["object_id"]), "status_now": e["status"],
                   "triple_id": e["triple_id"]} for e in edges],
        "assertions": [{"trait": a["trait"], "value": a["value"], "polarity": a["polarity"],
                        "status_now": a["status"], "assertion_id": a["assertion_id"]}
                       for a in assertions_of(conn, entity_id, as_of=t)],
    }


def assertions_by_ids(conn: apsw.Connection, ids: Sequence[str]) -> list[dict[str, Any]]:
    if not ids:
        return []
    return query_all(conn, f"SELECT * FROM tom_trait_assertions WHERE assertion_id IN "
                           f"({placeholders(len(ids))})", list(ids))
