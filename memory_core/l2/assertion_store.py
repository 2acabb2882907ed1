"""``tom_trait_assertions``: an entity's own states, preferences and features.

Merge key ``entity|trait|value``. The write rules (same value → merge evidence; different value
of a short-term trait → the old row is *overwritten*; of a long-term trait → arbitration, then
the old row is *superseded* with ``superseded_by``) live in :mod:`.reconcile`; this module is the
row-level store: create, add evidence, recompute lifecycle, end with a distinct exit state, TTL.

"Overwrite in place" is kept as: the (entity, trait) slot has one live row; the old value's row
gets the exit state ``overwritten`` (kept for audit, not offered to history questions), so its
evidence ids stay traceable instead of being lost in an UPDATE.
"""

from __future__ import annotations

from typing import Sequence

import apsw

from ..db.connection import Row, placeholders, query_all, query_one
from ..ids import new_ulid
from .evidence import add_evidence, evidence_ids
from .lifecycle import (EXPIRED, LIVE_ASSERTION_STATES, assertion_status, cumulative_confidence,
                        expires_at, name_norm, trait_term)
from .models import Assertion

ASSERTION = "assertion"
_LIVE = "('" + "','".join(LIVE_ASSERTION_STATES) + "')"

#: Long-term traits that hold several values at once (a second allergy is not a contradiction).
MULTI_VALUED_TRAITS = frozenset({"preference", "interest", "hobby", "allergy", "skill", "language",
                                 "pet", "dislike", "goal", "habit", "health"})


#: A trait whose start ends another one's live values: marrying (one's partner or anyone) ends
#: the dating — otherwise "partner: Hana" from years before stays live beside "spouse: Hana", and
#: a question on the relationship is answered by the older of two beliefs about one person.
TRAIT_ENDS: dict[str, str] = {"spouse": "partner"}


def merge_key(entity_id: str, trait: str, value: str) -> str:
    return f"{entity_id}|{trait}|{name_norm(value)}"


def get_assertion(conn: apsw.Connection, aid: str) -> Row | None:
    return query_one(conn, "SELECT * FROM tom_trait_assertions WHERE assertion_id = ?", (aid,))


def live_assertions(conn: apsw.Connection, entity_id: str, trait: str | None = None) -> list[Row]:
    if trait is None:
        return query_all(conn, f"SELECT * FROM tom_trait_assertions WHERE entity_id = ? AND status IN {_LIVE} "
                               f"ORDER BY trait, last_observed_at", (entity_id,))
    return query_all(conn, f"SELECT * FROM tom_trait_assertions WHERE entity_id = ? AND trait = ? "
                           f"AND status IN {_LIVE} ORDER BY last_observed_at", (entity_id, trait))


def create_assertion(conn: apsw.Connection, *, entity_id: str, trait: str, value: str, polarity: int,
                     now: float, reason: str, status: str = "tentative", supersedes: str | None = None,
                     occurred_at: float, assertion_id: str | None = None) -> str:
    aid = assertion_id or "asr_" + new_ulid(occurred_at)
    conn.execute(
        "INSERT INTO tom_trait_assertions(assertion_id, entity_id, trait, value, value_norm, merge_key, "
        "term, polarity, status, confidence, evidence_count, first_observed_at, last_observed_at, "
        "valid_from, expires_at, supersedes, reason, created_at, updated_at) "
        "VALUES (?,?,?,?,?,?,?,?,?,0,0,?,?,?,?,?,?,?,?)",
        (aid, entity_id, trait, value, name_norm(value), merge_key(entity_id, trait, value),
         trait_term(trait), polarity, status, occurred_at, occurred_at, occurred_at,
         expires_at(trait, occurred_at), supersedes, reason, now, now))
    return aid


def add_assertion_evidence(conn: apsw.Connection, aid: str, *, event_id: str, event_seq: int,
                           occurred_at: float, evidence_text: str, confidence: float,
                           directness: str, reason: str, now: float) -> None:
    add_evidence(conn, ASSERTION, aid, event_id=event_id, event_seq=event_seq, occurred_at=occurred_at,
                 evidence_text=evidence_text, confidence=confidence, directness=directness,
                 reason=reason, now=now)


def recompute_assertion(conn: apsw.Connection, aid: str, now: float) -> str:
    """Count, confidence, times, TTL and (for live rows) the lifecycle status from evidence.

    Returns ``"deleted"`` when no evidence is left, else ``"updated"``.
    """
    row = get_assertion(conn, aid)
    if row is None:
        return "deleted"
    ev = query_all(conn, "SELECT * FROM l2_evidence WHERE owner_kind = 'assertion' AND owner_id = ? "
                         "ORDER BY occurred_at, event_seq", (aid,))
    if not ev:
        conn.execute("DELETE FROM tom_trait_assertions WHERE assertion_id = ?", (aid,))
        return "deleted"
    first, last = ev[0]["occurred_at"], ev[-1]["occurred_at"]
    status = row["status"]
    if status in LIVE_ASSERTION_STATES:
        status = assertion_status(len(ev), first, now, bool(row["user_confirmed"]))
    conn.execute(
        "UPDATE tom_trait_assertions SET evidence_count = ?, confidence = ?, first_observed_at = ?, "
        "last_observed_at = ?, valid_from = ?, expires_at = ?, status = ?, updated_at = ? "
        "WHERE assertion_id = ?",
        (len(ev), cumulative_confidence(e["confidence"] for e in ev), first, last, first,
         expires_at(row["trait"], last), status, now, aid))
    return "updated"


def end_assertion(conn: apsw.Connection, aid: str, status: str, *, now: float, valid_to: float | None,
                  superseded_by: str | None = None, reason: str = "") -> None:
    conn.execute("UPDATE tom_trait_assertions SET status = ?, valid_to = ?, superseded_by = ?, "
                 "reason = CASE WHEN ? = '' THEN reason ELSE ? END, updated_at = ? WHERE assertion_id = ?",
                 (status, valid_to, superseded_by, reason, reason, now, aid))


def revive_assertion(conn: apsw.Connection, aid: str, now: float, reason: str) -> None:
    """Undo an exit (review rejected, or the deciding evidence was deleted)."""
    conn.execute("UPDATE tom_trait_assertions SET status = 'tentative', valid_to = NULL, superseded_by = NULL, "
                 "reason = ?, updated_at = ? WHERE assertion_id = ?", (reason, now, aid))
    recompute_assertion(conn, aid, now)


def due_for_expiry(conn: apsw.Connection, now: float) -> list[Row]:
    return query_all(conn, f"SELECT * FROM tom_trait_assertions WHERE expires_at IS NOT NULL "
                           f"AND expires_at <= ? AND status IN {_LIVE}", (now,))


def expire(conn: apsw.Connection, row: Row, now: float) -> None:
    end_assertion(conn, row["assertion_id"], EXPIRED, now=now, valid_to=row["expires_at"],
                  reason=f"TTL elapsed for short-term trait {row['trait']!r}")


def to_models(conn: apsw.Connection, rows: Sequence[Row]) -> list[Assertion]:
    ev = evidence_ids(conn, ASSERTION, [r["assertion_id"] for r in rows])
    return [Assertion(
        assertion_id=r["assertion_id"], entity_id=r["entity_id"], trait=r["trait"], value=r["value"],
        term=r["term"], status=r["status"], confidence=r["confidence"], evidence_count=r["evidence_count"],
        evidence_event_ids=ev.get(r["assertion_id"], []), first_observed_at=r["first_observed_at"],
        last_observed_at=r["last_observed_at"], valid_from=r["valid_from"], valid_to=r["valid_to"],
        expires_at=r["expires_at"], polarity=r["polarity"], superseded_by=r["superseded_by"],
        supersedes=r["supersedes"], user_confirmed=bool(r["user_confirmed"]), reason=r["reason"])
        for r in rows]


def assertions_by_ids(conn: apsw.Connection, ids: Sequence[str]) -> list[Row]:
    if not ids:
        return []
    return query_all(conn, f"SELECT * FROM tom_trait_assertions WHERE assertion_id IN "
                           f"({placeholders(len(ids))})", list(ids))
