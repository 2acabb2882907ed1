"""``l2_evidence``: the event ids behind every edge, assertion, episode and facet.

One row per (owner, event) — re-projecting the same event is idempotent, and counts and
confidence are always *recomputed* from these rows (never incremented blindly), so deleting an
event and recomputing gives exactly the state as if the event had never been seen.
"""

from __future__ import annotations

from typing import Sequence

import apsw

from ..db.connection import placeholders, query_all
from .models import Evidence


def add_evidence(conn: apsw.Connection, owner_kind: str, owner_id: str, *, event_id: str,
                 event_seq: int, occurred_at: float, evidence_text: str, confidence: float,
                 directness: str, reason: str, now: float) -> bool:
    """Attach an event; returns False when this owner already had it (no double counting)."""
    conn.execute(
        "INSERT INTO l2_evidence(owner_kind, owner_id, event_id, event_seq, occurred_at, "
        "evidence_text, confidence, directness, reason, created_at) VALUES (?,?,?,?,?,?,?,?,?,?) "
        "ON CONFLICT(owner_kind, owner_id, event_id) DO UPDATE SET "
        "confidence = max(confidence, excluded.confidence)",
        (owner_kind, owner_id, event_id, event_seq, occurred_at, evidence_text[:1000], confidence,
         directness, reason, now))
    return conn.changes() > 0


def evidence_of(conn: apsw.Connection, owner_kind: str, owner_id: str) -> list[Evidence]:
    return [Evidence(r["event_id"], r["occurred_at"], r["evidence_text"], r["confidence"],
                     r["directness"], r["reason"])
            for r in query_all(conn, "SELECT * FROM l2_evidence WHERE owner_kind = ? AND owner_id = ? "
                                     "ORDER BY occurred_at, event_seq", (owner_kind, owner_id))]


def evidence_ids(conn: apsw.Connection, owner_kind: str, owner_ids: Sequence[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {o: [] for o in owner_ids}
    for i in range(0, len(owner_ids), 400):
        part = list(owner_ids[i:i + 400])
        for r in conn.execute(
                f"SELECT owner_id, event_id FROM l2_evidence WHERE owner_kind = ? AND owner_id IN "
                f"({placeholders(len(part))}) ORDER BY occurred_at, event_seq", [owner_kind, *part]):
            out.setdefault(r[0], []).append(r[1])
    return out


def owners_of_events(conn: apsw.Connection, event_ids: Sequence[str]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for i in range(0, len(event_ids), 400):
        part = list(event_ids[i:i + 400])
        out.extend((r[0], r[1]) for r in conn.execute(
            f"SELECT DISTINCT owner_kind, owner_id FROM l2_evidence WHERE event_id IN "
            f"({placeholders(len(part))})", part))
    return out


def move_evidence(conn: apsw.Connection, owner_kind: str, from_id: str, to_id: str) -> int:
    """Re-home evidence (entity merge rewrites an edge's triple id)."""
    conn.execute("INSERT OR IGNORE INTO l2_evidence(owner_kind, owner_id, event_id, event_seq, occurred_at, "
                 "evidence_text, confidence, directness, reason, created_at) "
                 "SELECT owner_kind, ?, event_id, event_seq, occurred_at, evidence_text, confidence, "
                 "directness, reason, created_at FROM l2_evidence WHERE owner_kind = ? AND owner_id = ?",
                 (to_id, owner_kind, from_id))
    n = conn.changes()
    conn.execute("DELETE FROM l2_evidence WHERE owner_kind = ? AND owner_id = ?", (owner_kind, from_id))
    return n
