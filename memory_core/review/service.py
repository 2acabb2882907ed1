"""``engine.components["review"]``: list_pending / approve / reject / split / undo.

An item points at an ``l2_conflicts`` row (supersession or arbitration outcome) or an
``entity_merges`` row. Its provisional decision is already in effect; *reject* applies the
opposite (keep the old assertion instead of the superseding one, or split the merged entity),
*approve* confirms it, *undo* reverses the latest decision and returns the item to pending.
Every decision goes to ``review_decisions`` with its effect.
"""

from __future__ import annotations

from typing import Any

from ..l2.maintenance import split_merge
from ..l2.reconcile import set_conflict_outcome
from .store import ReviewItem, get_item, list_items, record_decision

_OPPOSITE = {"evolve": "keep_old", "keep_old": "evolve", "invalidate_old": "keep_old"}


class ReviewService:
    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.db = engine.db
        self.clock = engine.clock

    def list_pending(self, limit: int = 100) -> list[ReviewItem]:
        return list_items(self.db.reader(), "pending", limit)

    def list(self, status: str | None = None, limit: int = 100) -> list[ReviewItem]:
        return list_items(self.db.reader(), status, limit)

    def get(self, item_id: int) -> ReviewItem | None:
        return get_item(self.db.reader(), item_id)

    def _pending(self, conn: Any, item_id: int) -> ReviewItem:
        item = get_item(conn, item_id)
        if item is None:
            raise KeyError(f"no review item {item_id}")
        if item.status != "pending":
            raise ValueError(f"review item {item_id} is already {item.status} (undo first)")
        return item

    def approve(self, item_id: int, reason: str = "") -> dict[str, Any]:
        now = self.clock.now()
        with self.db.write() as conn:
            self._pending(conn, item_id)
            conn.execute("UPDATE review_items SET status = 'approved', decided_at = ? WHERE item_id = ?", (now, item_id))
            effect = {"kept": "provisional decision"}
            record_decision(conn, item_id, "approve", reason, effect, now)
        return effect

    def reject(self, item_id: int, reason: str = "") -> dict[str, Any]:
        """Revert the provisional decision (restore the superseded row / split the merge)."""
        now = self.clock.now()
        with self.db.write() as conn:
            item = self._pending(conn, item_id)
            if item.ref_kind == "merge":
                effect = split_merge(conn, item.ref_id, now)
            else:
                effect = {"conflicts": [set_conflict_outcome(conn, cid, _OPPOSITE.get(item.provisional, "keep_old"),
                                                             now, f"review: user rejected ({reason or 'no reason given'})")
                                        for cid in _conflict_ids(item)]}
                effect["to"] = _OPPOSITE.get(item.provisional, "keep_old")
            conn.execute("UPDATE review_items SET status = 'rejected', decided_at = ? WHERE item_id = ?", (now, item_id))
            record_decision(conn, item_id, "split" if item.ref_kind == "merge" else "reject", reason, effect, now)
        return effect

    split = reject  # for merges "reject" is a split

    def undo(self, item_id: int, reason: str = "") -> dict[str, Any]:
        """Reverse the latest decision: a rejection re-applies the provisional outcome (a split
        merge is merged again); an approval just returns to pending."""
        now = self.clock.now()
        with self.db.write() as conn:
            item = get_item(conn, item_id)
            if item is None:
                raise KeyError(f"no review item {item_id}")
            if item.status == "pending":
                raise ValueError(f"review item {item_id} has no decision to undo")
            effect: dict[str, Any] = {"status_was": item.status}
            if item.status == "rejected":
                if item.ref_kind == "merge":
                    row = conn.execute("SELECT from_entity, into_entity, confidence, reason FROM entity_merges "
                                       "WHERE merge_id = ?", (item.ref_id,)).fetchone()
                    from ..l2.maintenance import merge_entities

                    conn.execute("UPDATE review_items SET ref_id = -ref_id WHERE item_id = ?", (item_id,))
                    new_id = merge_entities(conn, row[0], row[1], confidence=1.0, reason=f"review undo: {row[3]}", now=now)
                    conn.execute("UPDATE review_items SET ref_id = ? WHERE item_id = ?", (new_id, item_id))
                    effect["re_merged"] = new_id
                else:
                    effect["conflicts"] = [set_conflict_outcome(conn, cid, item.provisional, now, "review: decision undone")
                                           for cid in _conflict_ids(item)]
            conn.execute("UPDATE review_decisions SET undone_at = ? WHERE item_id = ? AND undone_at IS NULL", (now, item_id))
            conn.execute("UPDATE review_items SET status = 'pending', decided_at = NULL WHERE item_id = ?", (item_id,))
            record_decision(conn, item_id, "undo", reason, effect, now)
        return effect


def _conflict_ids(item: ReviewItem) -> list[int]:
    """All conflict rows of the item's one decision (edge + mirrored assertion)."""
    ids = item.new_side.get("conflict_ids") or [item.ref_id]
    return [int(i) for i in ids]
