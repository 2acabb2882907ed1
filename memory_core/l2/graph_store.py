"""``knowledge_graph``: SPO edges with a stable triple id, merged on re-observation.

``triple_id = stable_id(subject_id, predicate, object_id)`` (uuid5), so the same relation seen
again lands on the same row: evidence is added and the observation count, first/last observed,
best evidence text and the saturating cumulative confidence are recomputed from ``l2_evidence``.
"""

from __future__ import annotations

from typing import Any, Sequence

import apsw

from ..db.connection import Row, placeholders, query_all, query_one
from ..ids import stable_id
from .evidence import add_evidence, evidence_ids
from .lifecycle import EDGE_ACTIVE, cumulative_confidence
from .models import Edge

EDGE = "edge"


def triple_id(subject_id: str, predicate: str, object_id: str) -> str:
    return stable_id(subject_id, predicate, object_id)


def get_edge(conn: apsw.Connection, tid: str) -> Row | None:
    return query_one(conn, "SELECT * FROM knowledge_graph WHERE triple_id = ?", (tid,))


def upsert_edge(conn: apsw.Connection, *, subject_id: str, predicate: str, object_id: str,
                family: str | None, is_core: bool, event_id: str, event_seq: int, occurred_at: float,
                evidence_text: str, confidence: float, directness: str, label: str, reason: str,
                now: float) -> tuple[str, bool, bool]:
    """Write or merge one observation; returns (triple_id, created, text_changed).

    ``text_changed``: what the edge's vector is made of may have changed — a new edge, another
    best evidence text, or an edge whose last embedding did not finish (``embedding_state`` not
    ``done``). A re-observation that leaves the evidence text as it was needs no new vector
    (the names in the text change only by renames and merges, which re-embed on their own)."""
    tid = triple_id(subject_id, predicate, object_id)
    # the two columns the merge compares, not the whole row as a dict (12k upserts a 20k import:
    # 19 -> 6 us each)
    existing = conn.execute("SELECT embedding_state, evidence_text FROM knowledge_graph WHERE triple_id = ?",
                            (tid,)).fetchone()
    created = existing is None
    if created:
        conn.execute(
            "INSERT INTO knowledge_graph(triple_id, subject_id, predicate, object_id, predicate_family, "
            "is_core, status, confidence, observation_count, evidence_text, directness, first_observed_at, "
            "last_observed_at, valid_from, relation_label, reason, created_at, updated_at) "
            "VALUES (?,?,?,?,?,?,?,?,0,?,?,?,?,?,?,?,?,?)",
            (tid, subject_id, predicate, object_id, family, int(is_core), EDGE_ACTIVE, confidence,
             evidence_text[:1000], directness, occurred_at, occurred_at, occurred_at, label, reason,
             now, now))
    add_evidence(conn, EDGE, tid, event_id=event_id, event_seq=event_seq, occurred_at=occurred_at,
                 evidence_text=evidence_text, confidence=confidence, directness=directness,
                 reason=reason, now=now)
    # a re-observed edge takes the new label and reason in the recompute's UPDATE (one row
    # rewrite per observation instead of two)
    best = _recompute(conn, tid, now, None if created else (label, reason))
    changed = created or existing[0] != "done" or best != existing[1]
    return tid, created, changed


def recompute_edge(conn: apsw.Connection, tid: str, now: float, *, label: tuple[str, str] | None = None) -> str:
    """Counts, times, confidence and best evidence from the evidence rows.

    Returns ``"updated"``, or ``"deleted"`` when no evidence is left (the edge existed only
    because of deleted events). ``valid_from`` follows the earliest remaining evidence.
    ``label``: (relation_label, reason) to set in the same UPDATE.
    """
    return "deleted" if _recompute(conn, tid, now, label) is None else "updated"


def _recompute(conn: apsw.Connection, tid: str, now: float, label: tuple[str, str] | None) -> str | None:
    """:func:`recompute_edge`; returns the best evidence text now on the edge, None if deleted."""
    agg = conn.execute("SELECT count(*), min(occurred_at), max(occurred_at) FROM l2_evidence "
                       "WHERE owner_kind = 'edge' AND owner_id = ?", (tid,)).fetchone()
    if not agg or not agg[0]:
        conn.execute("DELETE FROM knowledge_graph WHERE triple_id = ?", (tid,))
        return None
    # a frequently re-observed edge (a favourite song) has thousands of evidence rows: fetch only
    # the confidence column, and the best row by index order instead of loading every row
    confs = (r[0] for r in conn.execute("SELECT confidence FROM l2_evidence WHERE owner_kind = 'edge' "
                                        "AND owner_id = ? ORDER BY occurred_at, event_seq", (tid,)))
    # the best row: explicit before anything else, then by confidence and recency. Asked in two
    # steps so the explicit one is a seek in ix_l2_evidence_owner_best (migration 0016) instead
    # of a sort of every row; an edge with no explicit evidence (rare, few rows) sorts its own
    order = "ORDER BY confidence DESC, occurred_at DESC, event_seq DESC LIMIT 1"
    best = conn.execute("SELECT evidence_text, directness FROM l2_evidence WHERE owner_kind = 'edge' AND owner_id = ? "
                        f"AND directness = 'explicit' {order}", (tid,)).fetchone() or \
        conn.execute(f"SELECT evidence_text, directness FROM l2_evidence WHERE owner_kind = 'edge' AND owner_id = ? {order}",
                     (tid,)).fetchone()
    extra, extra_params = ("relation_label = ?, reason = ?, ", label) if label is not None else ("", ())
    conn.execute(
        f"UPDATE knowledge_graph SET {extra}observation_count = ?, confidence = ?, first_observed_at = ?, "
        "last_observed_at = ?, valid_from = ?, evidence_text = ?, directness = ?, updated_at = ? "
        "WHERE triple_id = ?",
        (*extra_params, agg[0], cumulative_confidence(confs), agg[1], agg[2], agg[1], best[0], best[1], now, tid))
    return best[0]


def set_edge_status(conn: apsw.Connection, tid: str, status: str, *, now: float,
                    valid_to: float | None = None, superseded_by: str | None = None,
                    reason: str = "") -> None:
    conn.execute("UPDATE knowledge_graph SET status = ?, valid_to = ?, superseded_by = ?, "
                 "reason = CASE WHEN ? = '' THEN reason ELSE ? END, updated_at = ? WHERE triple_id = ?",
                 (status, valid_to, superseded_by, reason, reason, now, tid))


def edges_of(conn: apsw.Connection, entity_ids: Sequence[str], *, statuses: Sequence[str] | None = None,
             as_subject: bool = True, as_object: bool = True) -> list[Row]:
    if not entity_ids:
        return []
    clauses, params = [], []
    ph = placeholders(len(entity_ids))
    if as_subject:
        clauses.append(f"subject_id IN ({ph})")
        params.extend(entity_ids)
    if as_object:
        clauses.append(f"object_id IN ({ph})")
        params.extend(entity_ids)
    where = "(" + " OR ".join(clauses) + ")"
    if statuses:
        where += f" AND status IN ({placeholders(len(statuses))})"
        params.extend(statuses)
    return query_all(conn, f"SELECT * FROM knowledge_graph WHERE {where} ORDER BY last_observed_at", params)


def to_models(conn: apsw.Connection, rows: Sequence[Row]) -> list[Edge]:
    """Rows → :class:`Edge` with names and evidence ids filled in."""
    if not rows:
        return []
    ids = list({r["subject_id"] for r in rows} | {r["object_id"] for r in rows})
    names: dict[str, tuple[str, str]] = {}
    for i in range(0, len(ids), 400):
        part = ids[i:i + 400]
        for r in conn.execute(f"SELECT entity_id, canonical_name, entity_type FROM entity_catalog "
                              f"WHERE entity_id IN ({placeholders(len(part))})", part):
            names[r[0]] = (r[1], r[2])
    ev = evidence_ids(conn, EDGE, [r["triple_id"] for r in rows])
    out = []
    for r in rows:
        out.append(Edge(
            triple_id=r["triple_id"], subject_id=r["subject_id"], predicate=r["predicate"],
            object_id=r["object_id"], status=r["status"], confidence=r["confidence"],
            observation_count=r["observation_count"], evidence_event_ids=ev.get(r["triple_id"], []),
            first_observed_at=r["first_observed_at"], last_observed_at=r["last_observed_at"],
            valid_from=r["valid_from"], valid_to=r["valid_to"], predicate_family=r["predicate_family"],
            is_core=bool(r["is_core"]), evidence_text=r["evidence_text"], directness=r["directness"],
            superseded_by=r["superseded_by"], relation_label=r["relation_label"], reason=r["reason"],
            subject_name=names.get(r["subject_id"], ("", ""))[0],
            object_name=names.get(r["object_id"], ("", ""))[0],
            object_type=names.get(r["object_id"], ("", ""))[1]))
    return out


def edge_as_dict(e: Edge) -> dict[str, Any]:
    return e.to_json()
