"""Apply a decided :class:`~.planner.Plan` in one write transaction, and revert decisions.

Everything a batch produces — entities, aliases, mentions, the inverted index, edges,
assertions, conflict records, review items, snapshot jobs, vector jobs, the episode, the batch
log — commits together with the projection jobs' ``done`` state, or not at all (crash-safe).
Identities decided on the reader are re-checked here: an entity merged or deleted meanwhile is
followed to its survivor (or the item is dropped), a "new" entity whose name appeared meanwhile
is reused.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import apsw

from ..db.connection import placeholders, query_one
from ..review.store import create_item
from . import assertion_store as A
from . import graph_store as G
from .catalog import (add_alias, add_entity_stats, canonical_name, create_entity, find_by_alias, link_events,
                      live_entity_id, mention_row, record_mentions, refresh_entity_stats)
from .lifecycle import (EDGE_ACTIVE, EDGE_REJECTED, EDGE_SUPERSEDED, LIVE_ASSERTION_STATES, REJECTED, SUPERSEDED,
                        name_norm)
from .models import L2Change
from .planner import ConflictRecord, Plan, lexicon_facets

Enqueue = Callable[[apsw.Connection, str, Sequence[str]], None]


@dataclass
class ApplyReport:
    entities_created: int = 0
    mentions: int = 0
    unbound_mentions: int = 0
    edges_written: int = 0
    edges_created: int = 0
    assertions_written: int = 0
    conflicts: int = 0
    review_items: int = 0
    touched_entities: set[str] = field(default_factory=set)
    changes: list[L2Change] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {k: (sorted(v) if isinstance(v, set) else v) for k, v in self.__dict__.items() if k != "changes"}


def _entity_name(conn: apsw.Connection, eid: str) -> str:
    return canonical_name(conn, eid, eid)


def enqueue_snapshots(conn: apsw.Connection, entity_ids: Sequence[str], now: float) -> None:
    """One job row per entity. A job that is already pending keeps its ``updated_at``: it says
    since when the refresh is owed, which bounds how long the snapshot worker may defer it (the
    user's job, touched by nearly every batch, would otherwise never age)."""
    conn.executemany(
        "INSERT INTO l2_snapshot_jobs(entity_id, created_at, updated_at) VALUES (?,?,?) "
        "ON CONFLICT(entity_id) DO UPDATE SET state = 'pending', attempts = 0, next_attempt_at = 0, "
        "updated_at = CASE WHEN state = 'pending' THEN updated_at ELSE excluded.updated_at END",
        [(e, now, now) for e in dict.fromkeys(entity_ids)])


def _latest_evidence_time(conn: apsw.Connection, event_ids: Sequence[str], default: float) -> float:
    """When a decision took effect: the newest statement it rests on, not the moment the batch
    was processed (an insight dated by the processing clock differs between two runs over the
    same memories, and says "today" about something decided years ago)."""
    ids = list(event_ids)
    if not ids:
        return default
    row = conn.execute(f"SELECT max(occurred_at) FROM fact_events WHERE event_id IN ({placeholders(len(ids))})",
                       ids).fetchone()
    return float(row[0]) if row and row[0] is not None else default


def apply_plan(conn: apsw.Connection, plan: Plan, *, now: float, enqueue_vectors: Enqueue) -> ApplyReport:
    rep = ApplyReport(dropped=list(plan.dropped))
    existing_events = {r[0] for r in conn.execute(
        f"SELECT event_id FROM fact_events WHERE event_id IN ({','.join('?' * len(plan.events))})",
        list(plan.events))} if plan.events else set()
    remap: dict[str, str | None] = {}

    def live(eid: str | None) -> str | None:
        if eid is None:
            return None
        if eid not in remap:
            remap[eid] = live_entity_id(conn, eid)
        return remap[eid]

    # entities and mentions. Mentions and event links are written after the loop, in order, in
    # one executemany each: nothing in the loop reads them (entity resolution reads the
    # catalog and aliases), and refresh_entity_stats below reads them once they are written
    new_entities: list[str] = []
    mention_rows: list[tuple[Any, ...]] = []
    link_rows: list[tuple[Any, ...]] = []
    entity_types: dict[str, str] = {}
    for res in plan.resolutions:
        req = res.request
        if req.event_id not in existing_events:
            continue
        eid = res.entity_id
        if res.new_entity is not None and eid is not None:
            name, etype = res.new_entity
            hits = find_by_alias(conn, name_norm(name), etype)
            if hits:  # created meanwhile (another batch, a merge): reuse it
                remap[eid] = hits[0]["entity_id"]
            elif live(eid) is None:
                create_entity(conn, eid, name, etype, now, f"new entity: {res.reason} (event {req.event_id})")
                remap[eid] = eid
                for facet, value in lexicon_facets(name):
                    conn.execute("INSERT OR IGNORE INTO entity_facets(entity_id, facet, value, confidence, source, "
                                 "reason, updated_at) VALUES (?,?,?,?,?,?,?)",
                                 (eid, facet, value, 0.8, "lexicon", f"lexicon member {name!r}", now))
                new_entities.append(eid)
                rep.entities_created += 1
        bound = live(eid)
        ev = plan.events[req.event_id]
        mention_rows.append(mention_row(event_id=req.event_id, event_seq=ev.seq, mention=req.mention,
                                        entity_type=req.entity_type, entity_id=bound, confidence=res.confidence,
                                        resolution=res.how if bound else "unbound", reason=res.reason, now=now))
        rep.mentions += 1
        if bound is None:
            rep.unbound_mentions += 1
            continue
        if res.alias_to_add:
            add_alias(conn, bound, res.alias_to_add, "mention", now)
        etype = entity_types.get(bound)
        if etype is None:  # the loop never changes a type: read once per entity
            etype = entity_types[bound] = conn.execute("SELECT entity_type FROM entity_catalog WHERE entity_id = ?",
                                                       (bound,)).fetchone()[0]
        link_rows.append((req.event_id, ev.seq, bound, etype, res.confidence))
        rep.touched_entities.add(bound)
    ids = sorted(existing_events)
    # a first projection (no mention of these events yet) adds to the stats; a re-projection
    # (a correction, a retried batch that had written) recounts
    fresh = bool(ids) and conn.execute(f"SELECT 1 FROM entity_mentions WHERE event_id IN "
                                       f"({placeholders(len(ids))}) LIMIT 1", ids).fetchone() is None
    record_mentions(conn, mention_rows)
    link_events(conn, link_rows)
    if fresh:
        stored = conn.execute(f"SELECT entity_id, event_id FROM entity_mentions WHERE event_id IN "
                              f"({placeholders(len(ids))}) AND entity_id IS NOT NULL", ids).fetchall()
        add_entity_stats(conn, list(rep.touched_entities),
                         [(e, plan.events[e].occurred_at) for e in ids], stored, now)
    else:
        refresh_entity_stats(conn, list(rep.touched_entities), now)
    if new_entities:
        enqueue_vectors(conn, "entity", new_entities)

    # edges
    edge_ids: list[str] = []
    tid_map: dict[str, str] = {}
    for op in plan.edge_ops:
        c = op.cand
        if c.event.event_id not in existing_events:
            continue
        s, o = live(c.subject_id) or (c.subject_id if c.subject_id == plan.user_entity_id else None), live(c.object_id)
        if s is None or o is None:
            rep.dropped.append(f"edge {c.predicate}: an endpoint entity no longer exists")
            continue
        planned_tid = G.triple_id(c.subject_id, c.predicate, c.object_id)
        tid, created, text_changed = G.upsert_edge(
            conn, subject_id=s, predicate=c.predicate, object_id=o, family=c.family, is_core=c.is_core,
            event_id=c.event.event_id, event_seq=c.event.seq, occurred_at=c.event.occurred_at,
            evidence_text=c.evidence_text, confidence=c.confidence, directness=c.directness, label=c.label,
            reason=c.reason or c.label, now=now)
        tid_map[planned_tid] = tid
        if op.status == EDGE_REJECTED and (created or G.get_edge(conn, tid)["status"] != EDGE_ACTIVE):
            G.set_edge_status(conn, tid, EDGE_REJECTED, now=now, reason="arbitration kept the existing relation")
        elif c.former and created:
            # a relation first heard of as over: history, ended by the time it was told
            G.set_edge_status(conn, tid, EDGE_SUPERSEDED, now=now, valid_to=c.event.occurred_at,
                              reason=f"told as a former state (event {c.event.event_id})")
        elif op.reactivate:
            G.set_edge_status(conn, tid, EDGE_ACTIVE, now=now, reason=f"re-observed (event {c.event.event_id})")
        rep.edges_written += 1
        rep.edges_created += int(created)
        if text_changed:
            edge_ids.append(tid)
        rep.touched_entities.update((s, o))
        rep.changes.append(L2Change("edge_new" if created else "edge_corroborated", s, _entity_name(conn, s),
                                    c.predicate, None, _entity_name(conn, o), (c.event.event_id,),
                                    c.event.occurred_at, c.reason, (tid,), c.confidence))
    for op in plan.edge_status_ops:
        row = G.get_edge(conn, op.triple_id)
        if row is None:
            continue
        G.set_edge_status(conn, op.triple_id, op.status, now=now, valid_to=op.valid_to,
                          superseded_by=tid_map.get(op.superseded_by or "", op.superseded_by), reason=op.reason)
        rep.touched_entities.add(row["subject_id"])
    if edge_ids:
        enqueue_vectors(conn, "edge", list(dict.fromkeys(edge_ids)))

    # assertions
    for op in plan.assertion_ops:
        c = op.cand
        if c.event.event_id not in existing_events:
            continue
        entity = live(c.entity_id) or (c.entity_id if c.entity_id == plan.user_entity_id else None)
        if entity is None:
            continue
        aid = op.assertion_id
        if op.create:
            A.create_assertion(conn, entity_id=entity, trait=c.trait, value=c.value, polarity=c.polarity, now=now,
                               reason=c.reason, status=op.status, supersedes=op.supersedes,
                               occurred_at=c.event.occurred_at, assertion_id=aid)
        elif A.get_assertion(conn, aid) is None:
            continue
        A.add_assertion_evidence(conn, aid, event_id=c.event.event_id, event_seq=c.event.seq,
                                 occurred_at=c.event.occurred_at, evidence_text=c.evidence_text,
                                 confidence=c.confidence, directness=c.directness, reason=c.reason, now=now)
        A.recompute_assertion(conn, aid, now)
        rep.assertions_written += 1
        rep.touched_entities.add(entity)
        if op.create and op.status != REJECTED:
            rep.changes.append(L2Change("assertion_new", entity, _entity_name(conn, entity), c.trait, None,
                                        c.value, (c.event.event_id,), c.event.occurred_at, c.reason, (aid,),
                                        c.confidence))
    for op in plan.assertion_status_ops:
        row = A.get_assertion(conn, op.assertion_id)
        if row is None or row["status"] not in LIVE_ASSERTION_STATES:
            continue
        A.end_assertion(conn, op.assertion_id, op.status, now=now, valid_to=op.valid_to,
                        superseded_by=op.superseded_by, reason=op.reason)
        succ = A.get_assertion(conn, op.superseded_by) if op.superseded_by else None
        ev_ids = tuple(A.to_models(conn, [succ])[0].evidence_event_ids) if succ else ()
        rep.changes.append(L2Change("superseded" if op.status == SUPERSEDED else "state_change",
                                    row["entity_id"], _entity_name(conn, row["entity_id"]), row["trait"],
                                    row["value"], succ["value"] if succ else None, ev_ids,
                                    op.valid_to or now, op.reason, (op.assertion_id, *( (succ["assertion_id"],) if succ else ())),
                                    succ["confidence"] if succ else None))
        rep.touched_entities.add(row["entity_id"])

    # conflicts and review items. A mirrored edge + assertion pair (LIVES_IN / residence) was one
    # decision: it is one review item whose approve / reject acts on both conflict rows.
    groups: dict[tuple[Any, ...], list[tuple[int, ConflictRecord]]] = {}
    for c in plan.conflicts:
        c.old_id = tid_map.get(c.old_id, c.old_id)
        c.new_id = tid_map.get(c.new_id, c.new_id)
        cid = insert_conflict(conn, c, now)
        rep.conflicts += 1
        if c.decision in ("evolve", "keep_old", "invalidate_old") and c.decided_by != "rule":
            rep.changes.append(L2Change("contradiction_resolved", plan.user_entity_id, "user", c.conflict_type,
                                        c.old_summary, c.new_summary, tuple(c.evidence_event_ids),
                                        _latest_evidence_time(conn, c.evidence_event_ids, now),
                                        f"{c.decision}: {c.reason}", (c.old_id, c.new_id), c.confidence))
        if c.review:
            key = (c.decision, c.decided_by, c.reason, c.confidence, tuple(sorted(c.evidence_event_ids)))
            groups.setdefault(key, []).append((cid, c))
    for members in groups.values():
        cid, c = members[0]
        conflict_ids = [m[0] for m in members]
        create_item(conn, kind="supersession" if c.decision == "evolve" else "arbitration",
                    confidence=c.confidence,
                    title=f"{c.conflict_type}: {c.old_summary} → {c.new_summary}"[:300],
                    old_side={"kind": c.old_kind, "id": c.old_id, "summary": c.old_summary,
                              "rows": [{"kind": m.old_kind, "id": m.old_id} for _, m in members]},
                    new_side={"kind": c.new_kind, "id": c.new_id, "summary": c.new_summary,
                              "rows": [{"kind": m.new_kind, "id": m.new_id} for _, m in members],
                              "conflict_ids": conflict_ids},
                    evidence_event_ids=c.evidence_event_ids, ref_kind="conflict", ref_id=cid,
                    provisional=c.decision, reason=c.reason, now=now)
        rep.review_items += 1
    enqueue_snapshots(conn, sorted(rep.touched_entities), now)
    return rep


def insert_conflict(conn: apsw.Connection, c: ConflictRecord, now: float) -> int:
    conn.execute(
        "INSERT INTO l2_conflicts(conflict_type, severity, old_kind, old_id, new_kind, new_id, decision, "
        "decided_by, confidence, reason, evidence_event_ids, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
        (c.conflict_type, c.severity, c.old_kind, c.old_id, c.new_kind, c.new_id, c.decision, c.decided_by,
         c.confidence, c.reason, json.dumps(c.evidence_event_ids), now))
    return int(conn.last_insert_rowid())


# -- reverting / flipping a decision (review inbox, deletion of the deciding evidence) ------------


def set_conflict_outcome(conn: apsw.Connection, conflict_id: int, decision: str, now: float,
                         reason: str) -> dict[str, Any]:
    """Make ``decision`` (evolve | keep_old) the effective outcome of a recorded conflict.

    evolve: old → superseded/invalidated (valid_to = the new evidence's time), new → live.
    keep_old: old → live again, new → rejected. Returns what changed (for the decision log).
    """
    c = query_one(conn, "SELECT * FROM l2_conflicts WHERE conflict_id = ?", (conflict_id,))
    if c is None:
        raise KeyError(f"no conflict {conflict_id}")
    effect: dict[str, Any] = {"conflict_id": conflict_id, "from": c["decision"], "to": decision}
    new_time = _new_side_time(conn, c) or now
    if c["old_kind"] == "edge":
        old = G.get_edge(conn, c["old_id"])
        if old is not None:
            if decision == "keep_old":
                G.set_edge_status(conn, c["old_id"], EDGE_ACTIVE, now=now, reason=reason)
            else:
                status = "invalidated" if c["conflict_type"] == "antonym" else "superseded"
                G.set_edge_status(conn, c["old_id"], status, now=now, valid_to=new_time,
                                  superseded_by=c["new_id"] if c["new_kind"] == "edge" else None, reason=reason)
            effect["old_edge"] = c["old_id"]
    elif c["old_kind"] == "assertion":
        old = A.get_assertion(conn, c["old_id"])
        if old is not None:
            if decision == "keep_old":
                A.revive_assertion(conn, c["old_id"], now, reason)
            else:
                A.end_assertion(conn, c["old_id"], SUPERSEDED, now=now, valid_to=new_time,
                                superseded_by=c["new_id"] if c["new_kind"] == "assertion" else None, reason=reason)
            effect["old_assertion"] = c["old_id"]
    if c["new_kind"] == "edge" and G.get_edge(conn, c["new_id"]) is not None:
        G.set_edge_status(conn, c["new_id"], EDGE_REJECTED if decision == "keep_old" else EDGE_ACTIVE, now=now,
                          reason=reason)
        effect["new_edge"] = c["new_id"]
    elif c["new_kind"] == "assertion" and A.get_assertion(conn, c["new_id"]) is not None:
        if decision == "keep_old":
            A.end_assertion(conn, c["new_id"], REJECTED, now=now, valid_to=None, reason=reason)
        else:
            A.revive_assertion(conn, c["new_id"], now, reason)
            conn.execute("UPDATE tom_trait_assertions SET supersedes = ? WHERE assertion_id = ?",
                         (c["old_id"], c["new_id"]))
        effect["new_assertion"] = c["new_id"]
    conn.execute("UPDATE l2_conflicts SET decision = ?, reason = ? WHERE conflict_id = ?",
                 (decision, f"{c['reason']} | {reason}"[:1000], conflict_id))
    touched = _conflict_entities(conn, c)
    enqueue_snapshots(conn, touched, now)
    effect["entities"] = touched
    return effect


def _new_side_time(conn: apsw.Connection, c: dict[str, Any]) -> float | None:
    if c["new_kind"] == "event":
        row = conn.execute("SELECT occurred_at FROM fact_events WHERE event_id = ?", (c["new_id"],)).fetchone()
        return row[0] if row else None
    kind = "edge" if c["new_kind"] == "edge" else "assertion"
    row = conn.execute("SELECT min(occurred_at) FROM l2_evidence WHERE owner_kind = ? AND owner_id = ?",
                       (kind, c["new_id"])).fetchone()
    return row[0] if row else None


def _conflict_entities(conn: apsw.Connection, c: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for kind, oid in ((c["old_kind"], c["old_id"]), (c["new_kind"], c["new_id"])):
        if kind == "edge":
            row = G.get_edge(conn, oid)
            if row:
                out += [row["subject_id"], row["object_id"]]
        elif kind == "assertion":
            row = A.get_assertion(conn, oid)
            if row:
                out.append(row["entity_id"])
    return list(dict.fromkeys(out))
