"""L2 reconcile → L3 insights: state change, contradiction resolved, long-term trend.

L2 calls :meth:`InsightBridge.on_change` with an ``L2Change`` (``memory_core/l2/models.py``)
after it decides something; the matching rule template (``insights.py``) turns it into one
insight row linked to the change's events. A failing template never reaches back into L2: the
error is counted and logged.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Sequence

import apsw

from ..clock import Clock
from ..db.connection import Database, Row, placeholders, query_all, query_one
from ..ids import short_hash
from . import insights
from .records import SummaryDraft
from .store import Embed, write_summary

log = logging.getLogger(__name__)

STATE_KINDS = frozenset({"state_change", "superseded"})
CONTRADICTION_KINDS = frozenset({"contradiction_resolved"})
TREND_KINDS = frozenset({"edge_corroborated"})
#: evidence events an insight keeps (the newest)
MAX_INSIGHT_EVIDENCE = 20


def _get(change: Any, name: str, default: Any = None) -> Any:
    if isinstance(change, dict):
        return change.get(name, default)
    return getattr(change, name, default)


def _times(conn: apsw.Connection, event_ids: Sequence[str]) -> list[float]:
    ids = list(event_ids)[:400]
    if not ids:
        return []
    return [r[0] for r in conn.execute(f"SELECT occurred_at FROM fact_events WHERE event_id IN "
                                       f"({placeholders(len(ids))})", ids)]


def _existing(conn: apsw.Connection, event_ids: Sequence[str], memo: dict[Any, Any] | None = None) -> list[str]:
    """The ids that are still events, in order. ``memo``: what earlier calls of the same L2
    commit found (("event", id) → bool)."""
    ids = list(dict.fromkeys(event_ids))[:400]
    if not ids:
        return []
    if memo is None:
        have = {r[0] for r in conn.execute(f"SELECT event_id FROM fact_events WHERE event_id IN "
                                           f"({placeholders(len(ids))})", ids)}
        return [i for i in ids if i in have]
    unknown = [i for i in ids if ("event", i) not in memo]
    if unknown:
        found = {r[0] for r in conn.execute(f"SELECT event_id FROM fact_events WHERE event_id IN "
                                            f"({placeholders(len(unknown))})", unknown)}
        memo.update((("event", i), i in found) for i in unknown)
    return [i for i in ids if memo[("event", i)]]


def draft_for_change(conn: apsw.Connection, change: Any,
                     memo: dict[Any, Any] | None = None) -> SummaryDraft | None:
    """The insight for one L2 change (or None: not an insight-worthy kind / not enough).
    ``memo``: what was read so far while the store does not change (one L2 commit): which
    events exist, and each trend's L2 row and evidence."""
    kind = _get(change, "kind", "")
    event_ids = _existing(conn, _get(change, "event_ids", ()) or (), memo)
    if not event_ids:
        return None
    entity = _get(change, "entity_name", "") or _get(change, "entity_id", "")
    key_name = _get(change, "trait_or_predicate", "") or ""
    ids = list(_get(change, "ids", ()) or ())
    at = float(_get(change, "occurred_at", 0.0) or 0.0)
    key = "|".join(ids) if ids else ""
    if kind in STATE_KINDS:
        return insights.state_change(
            entity=entity, trait=key_name, old_value=_get(change, "old_value"),
            new_value=_get(change, "new_value"), at=at, event_ids=event_ids,
            reason=_get(change, "reason", "") or "", key=key, evidence_times=_times(conn, event_ids),
            superseded=kind == "superseded")
    if kind in CONTRADICTION_KINDS:
        # L2 reports a mirrored edge + assertion pair (LIVES_IN / residence) as two changes of
        # one decision: key the insight on the decision and its evidence, not on the row ids
        reason = _get(change, "reason", "") or "resolved"
        decision_key = short_hash("|".join([key_name, reason.split(":", 1)[0], *sorted(event_ids)]))
        return insights.contradiction_resolved(
            entity=entity, predicate=key_name, old_value=_get(change, "old_value"),
            new_value=_get(change, "new_value"), resolution=reason,
            at=at, event_ids=event_ids, key=decision_key, evidence_times=_times(conn, event_ids))
    if kind in TREND_KINDS and ids:
        if memo is None:
            return _trend(conn, change, entity, key_name, ids[0], event_ids, _trend_rows(conn, ids[0]))
        if ("owner", ids[0]) not in memo:
            memo[("owner", ids[0])] = _trend_rows(conn, ids[0])
        return _trend(conn, change, entity, key_name, ids[0], event_ids, memo[("owner", ids[0])], memo)
    return None


def _trend_rows(conn: apsw.Connection, owner_id: str) -> tuple[Row | None, list[str]]:
    """The L2 row (edge or assertion) of a trend and its newest evidence event ids."""
    row = None
    try:
        row = query_one(conn, "SELECT observation_count AS n, first_observed_at AS first_at, "
                              "last_observed_at AS last_at FROM knowledge_graph WHERE triple_id = ?",
                        (owner_id,))
        if row is None:
            row = query_one(conn, "SELECT evidence_count AS n, first_observed_at AS first_at, "
                                  "last_observed_at AS last_at FROM tom_trait_assertions "
                                  "WHERE assertion_id = ?", (owner_id,))
        # every owner kind L2 writes, named so the (owner_kind, owner_id, ...) indexes apply
        # (owner_id alone scanned the whole evidence table until statistics allowed a skip-scan)
        evidence = [r["event_id"] for r in query_all(
            conn, "SELECT event_id FROM l2_evidence WHERE owner_kind IN ('edge', 'assertion', 'episode') "
                  "AND owner_id = ? ORDER BY occurred_at DESC, event_seq DESC LIMIT ?",
            (owner_id, MAX_INSIGHT_EVIDENCE))]
    except apsw.SQLError:  # L2 not installed in this database
        evidence = []
    return row, evidence


def _trend(conn: apsw.Connection, change: Any, entity: str, predicate: str, owner_id: str,
           event_ids: list[str], rows: tuple[Row | None, list[str]],
           memo: dict[Any, Any] | None = None) -> SummaryDraft | None:
    """Observation count and span from the L2 row (edge or assertion), evidence from l2_evidence."""
    row, evidence = rows
    if row is None or row["n"] is None or row["first_at"] is None:
        return None
    ids = _existing(conn, [*evidence, *event_ids], memo)[:MAX_INSIGHT_EVIDENCE]
    return insights.long_term_trend(
        subject=entity, predicate=predicate, obj=_get(change, "new_value") or "",
        observations=int(row["n"]), first_at=float(row["first_at"]),
        last_at=float(row["last_at"] or row["first_at"]), event_ids=ids, key=owner_id)


def _change_key(change: Any) -> tuple[Any, ...] | None:
    """Every field of a change :func:`draft_for_change` reads (equal keys, equal drafts while
    the store does not change); None when a field cannot be a key (a dict change may carry
    anything)."""
    key = ("change", *(_get(change, name) for name in (
        "kind", "entity_id", "entity_name", "trait_or_predicate", "old_value", "new_value",
        "occurred_at", "reason")), tuple(_get(change, "ids", ()) or ()), tuple(_get(change, "event_ids", ()) or ()))
    try:
        hash(key)
    except TypeError:
        return None
    return key


class InsightBridge:
    def __init__(self, db: Database, clock: Clock, embed: Embed | None) -> None:
        self.db = db
        self.clock = clock
        self.embed = embed
        self.written = 0
        self.errors = 0
        self.last_error: str | None = None

    def on_changes(self, changes: Sequence[Any]) -> list[str | None]:
        """All changes of one L2 commit in one write transaction: each insight is still its own
        savepoint (a failing template undoes only its insight), but a batch's dozen insights
        no longer pay a dozen commits (a tenth of the projection's time at 20k events).

        Nothing an insight reads (L1 events, edges, assertions, evidence) changes between the
        changes of one commit, so what was read for one change serves the next: a trend's edge
        row and evidence are read once per edge, a repeated change is drafted once, and a draft
        equal to the one just written under the same key (a page visited five times in one
        batch: five identical trend insights) is not written again — rewriting it would only
        have touched its bookkeeping columns."""
        seen = _Seen()
        with self.db.write() as conn:
            return [self._insight(conn, c, seen) for c in changes]

    def on_change(self, change: Any) -> str | None:
        """Observer callback for L2 (one change, its own transaction). Returns the insight's
        summary_id, if one was written."""
        with self.db.write() as conn:
            return self._insight(conn, change, None)

    def _insight(self, conn: apsw.Connection, change: Any, seen: "_Seen | None") -> str | None:
        try:
            key = _change_key(change) if seen is not None else None
            if key is None:
                draft = draft_for_change(conn, change, seen.reads if seen is not None else None)
            else:
                if key not in seen.drafts:
                    seen.drafts[key] = draft_for_change(conn, change, seen.reads)
                draft = seen.drafts[key]
            if draft is None:
                return None
            previous = seen.written.get(draft.dedup_key) if seen is not None else None
            if previous is not None and previous[0] == draft:
                sid = previous[1]
            else:
                with self.db.savepoint(conn, "insight"):
                    sid = write_summary(conn, draft, self.clock.now(), self.embed)
                if seen is not None:
                    seen.written[draft.dedup_key] = (draft, sid)
            self.written += 1
            return sid
        except Exception as exc:  # noqa: BLE001 - an insight must never break L2
            self.errors += 1
            self.last_error = f"{type(exc).__name__}: {exc}"
            log.exception("l3 insight for L2 change failed")
            return None


@dataclass
class _Seen:
    """What one transaction of :meth:`InsightBridge.on_changes` has read and written."""

    drafts: dict[tuple[Any, ...], SummaryDraft | None] = field(default_factory=dict)
    #: ("event", event_id) → exists; ("owner", owner_id) → a trend's row and evidence
    reads: dict[Any, Any] = field(default_factory=dict)
    written: dict[str, tuple[SummaryDraft, str]] = field(default_factory=dict)
