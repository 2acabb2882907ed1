"""``tom_snapshots``: the current profile of an entity, refreshed asynchronously.

Not per event: the refresh queue collects touched entities and a worker aggregates each one's
*live* assertions (current traits and states; expired short-term ones excluded even before the
expiry worker has run) and *active* edges (relations by family) into one JSON profile, with the
union of their evidence event ids and a reason. A profile therefore moves only with the stored
state, not with every single unconfirmed event.
"""

from __future__ import annotations

import json
from typing import Any

import apsw

from ..db.connection import query_all, query_one
from . import assertion_store as A
from . import graph_store as G
from .lifecycle import EDGE_ACTIVE, EDGE_SUPERSEDED, LIVE_ASSERTION_STATES, SUPERSEDED


def _holds_at(row: Any, now: float) -> bool:
    """Begun by ``now`` and, if it was superseded, not yet ended: a job that ends at a
    scheduled start (``valid_to`` in the future) is still the job until then."""
    if row["valid_from"] is not None and row["valid_from"] > now:
        return False
    return row["status"] not in (SUPERSEDED, EDGE_SUPERSEDED) or (row["valid_to"] is not None and row["valid_to"] > now)


def build_profile(conn: apsw.Connection, entity_id: str, now: float) -> tuple[dict[str, Any], list[str]]:
    """The profile as of ``now``. A state scheduled to begin later (a job starting next month)
    is listed under ``scheduled``, not as current; the value it will replace stays current."""
    rows = [r for r in [*A.live_assertions(conn, entity_id), *_ending_later(conn, entity_id, now)]
            if r["expires_at"] is None or r["expires_at"] > now]
    assertions = A.to_models(conn, [r for r in rows if _holds_at(r, now)])
    upcoming = A.to_models(conn, [r for r in rows if r["valid_from"] is not None and r["valid_from"] > now])
    traits: dict[str, list[dict[str, Any]]] = {}
    states: dict[str, dict[str, Any]] = {}
    scheduled: list[dict[str, Any]] = [
        {"trait": a.trait, "value": a.value, "from": a.valid_from, "assertion_id": a.assertion_id,
         "evidence_event_ids": a.evidence_event_ids} for a in upcoming]
    evidence: list[str] = []
    for a in assertions:
        item = {"value": a.value, "polarity": a.polarity, "status": a.status, "confidence": a.confidence,
                "assertion_id": a.assertion_id, "since": a.valid_from, "evidence_event_ids": a.evidence_event_ids}
        if a.term == "short":
            states[a.trait] = {**item, "expires_at": a.expires_at}
        else:
            traits.setdefault(a.trait, []).append(item)
        evidence += a.evidence_event_ids
    edge_rows = G.edges_of(conn, [entity_id], statuses=[EDGE_ACTIVE, EDGE_SUPERSEDED], as_object=False)
    edges = G.to_models(conn, [r for r in edge_rows if _holds_at(r, now)])
    relations: dict[str, list[dict[str, Any]]] = {}
    for e in sorted(edges, key=lambda e: -e.confidence):
        relations.setdefault(e.predicate_family or e.predicate, []).append(
            {"predicate": e.predicate, "object": e.object_name, "object_type": e.object_type,
             "object_id": e.object_id, "confidence": e.confidence, "since": e.valid_from,
             "triple_id": e.triple_id, "evidence_event_ids": e.evidence_event_ids})
        evidence += e.evidence_event_ids
    entity = query_one(conn, "SELECT canonical_name, entity_type FROM entity_catalog WHERE entity_id = ?", (entity_id,))
    profile = {"entity_id": entity_id, "name": entity["canonical_name"] if entity else entity_id,
               "entity_type": entity["entity_type"] if entity else None,
               "traits": traits, "current_state": states, "relations": relations, "scheduled": scheduled}
    return profile, list(dict.fromkeys(evidence))


def _ending_later(conn: apsw.Connection, entity_id: str, now: float) -> list[Any]:
    """Superseded assertions whose end is still ahead (replaced by a scheduled start)."""
    return query_all(conn, "SELECT * FROM tom_trait_assertions WHERE entity_id = ? AND status = ? "
                           "AND valid_to > ? ORDER BY trait, last_observed_at", (entity_id, SUPERSEDED, now))


def refresh(conn: apsw.Connection, entity_id: str, now: float) -> str:
    if query_one(conn, "SELECT 1 AS x FROM entity_catalog WHERE entity_id = ? AND status = 'active'", (entity_id,)) is None:
        conn.execute("DELETE FROM tom_snapshots WHERE entity_id = ?", (entity_id,))
        return "deleted"
    profile, evidence = build_profile(conn, entity_id, now)
    if not evidence:
        conn.execute("DELETE FROM tom_snapshots WHERE entity_id = ?", (entity_id,))
        return "empty"
    n_traits = sum(len(v) for v in profile["traits"].values())
    n_rel = sum(len(v) for v in profile["relations"].values())
    reason = (f"aggregated {n_traits} live traits, {len(profile['current_state'])} current states and "
              f"{n_rel} active relations")
    conn.execute("INSERT INTO tom_snapshots(entity_id, snapshot_json, evidence_event_ids, reason, version, refreshed_at) "
                 "VALUES (?,?,?,?,1,?) ON CONFLICT(entity_id) DO UPDATE SET snapshot_json = excluded.snapshot_json, "
                 "evidence_event_ids = excluded.evidence_event_ids, reason = excluded.reason, "
                 "version = version + 1, refreshed_at = excluded.refreshed_at",
                 (entity_id, json.dumps(profile, ensure_ascii=False), json.dumps(evidence), reason, now))
    return "refreshed"


def live_states() -> tuple[str, ...]:
    return LIVE_ASSERTION_STATES


def snapshot_rows(conn: apsw.Connection, entity_ids: list[str]) -> list[dict[str, Any]]:
    if not entity_ids:
        return []
    return query_all(conn, f"SELECT * FROM tom_snapshots WHERE entity_id IN ({','.join('?' * len(entity_ids))})",
                     entity_ids)
