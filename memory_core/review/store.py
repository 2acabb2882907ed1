"""Review inbox rows (``review_items`` / ``review_decisions``): small explicit SQL."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import apsw

from ..db.connection import Row, query_all, query_one


@dataclass(slots=True)
class ReviewItem:
    item_id: int
    kind: str
    status: str
    confidence: float
    title: str
    old_side: dict[str, Any]
    new_side: dict[str, Any]
    evidence_event_ids: list[str]
    ref_kind: str
    ref_id: int
    provisional: str
    reason: str
    created_at: float
    decided_at: float | None
    decisions: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}


def create_item(conn: apsw.Connection, *, kind: str, confidence: float, title: str,
                old_side: dict[str, Any], new_side: dict[str, Any], evidence_event_ids: list[str],
                ref_kind: str, ref_id: int, provisional: str, reason: str, now: float) -> int:
    conn.execute(
        "INSERT INTO review_items(kind, confidence, title, old_side_json, new_side_json, evidence_event_ids, "
        "ref_kind, ref_id, provisional, reason, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?) "
        "ON CONFLICT(ref_kind, ref_id) DO NOTHING",
        (kind, confidence, title, json.dumps(old_side, ensure_ascii=False), json.dumps(new_side, ensure_ascii=False),
         json.dumps(list(dict.fromkeys(evidence_event_ids))), ref_kind, ref_id, provisional, reason, now))
    return int(conn.last_insert_rowid())


def _to_item(conn: apsw.Connection, r: Row) -> ReviewItem:
    decisions = query_all(conn, "SELECT decision_id, decision, reason, effect_json, decided_at, undone_at "
                                "FROM review_decisions WHERE item_id = ? ORDER BY decision_id", (r["item_id"],))
    for d in decisions:
        d["effect"] = json.loads(d.pop("effect_json") or "{}")
    return ReviewItem(r["item_id"], r["kind"], r["status"], r["confidence"], r["title"],
                      json.loads(r["old_side_json"]), json.loads(r["new_side_json"]),
                      json.loads(r["evidence_event_ids"]), r["ref_kind"], r["ref_id"], r["provisional"],
                      r["reason"], r["created_at"], r["decided_at"], decisions)


def get_item(conn: apsw.Connection, item_id: int) -> ReviewItem | None:
    r = query_one(conn, "SELECT * FROM review_items WHERE item_id = ?", (item_id,))
    return _to_item(conn, r) if r else None


def list_items(conn: apsw.Connection, status: str | None = "pending", limit: int = 100) -> list[ReviewItem]:
    if status is None:
        rows = query_all(conn, "SELECT * FROM review_items ORDER BY created_at DESC LIMIT ?", (limit,))
    else:
        rows = query_all(conn, "SELECT * FROM review_items WHERE status = ? ORDER BY created_at DESC LIMIT ?",
                         (status, limit))
    return [_to_item(conn, r) for r in rows]


def record_decision(conn: apsw.Connection, item_id: int, decision: str, reason: str,
                    effect: dict[str, Any], now: float) -> int:
    conn.execute("INSERT INTO review_decisions(item_id, decision, reason, effect_json, decided_at) "
                 "VALUES (?,?,?,?,?)", (item_id, decision, reason, json.dumps(effect, default=str), now))
    return int(conn.last_insert_rowid())
