"""``engine.components["l2"]``: the L2 service the GUI, the CLI, retrieval and L3 use.

Reads (entities, graph, assertions, snapshots, episodes), time travel (``profile_as_of``,
``edges_as_of``, ``assertions_as_of``, ``supersession_chain``), user corrections (delete an
entity with preview, "this is wrong" on an assertion or edge) and the observer API for L3
(``subscribe(callback)`` receives :class:`~.models.L2Change` records after each commit).
"""

from __future__ import annotations

import json
import logging
import threading
from typing import Any, Callable, Sequence

import apsw

from ..db.connection import placeholders, query_all, query_one
from . import assertion_store as A
from . import graph_store as G
from .catalog import load_entities, refresh_entity_stats, user_entity_id
from .episodes import episode_rows, to_json as episode_json
from .evidence import evidence_ids, evidence_of
from .lifecycle import (EDGE_ACTIVE, EDGE_USER_DENIED, HISTORICAL_ASSERTION_STATES, HISTORICAL_EDGE_STATES,
                        LIVE_ASSERTION_STATES, USER_DENIED)
from .models import Assertion, Edge, Entity, L2Change, Snapshot
from .planner import Planner
from .predicates import predicate_for_trait
from .reconcile import enqueue_snapshots
from .resolution import Resolver

log = logging.getLogger(__name__)

Observer = Callable[[L2Change], None]
BatchObserver = Callable[[list[L2Change]], None]


class L2Service:
    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.db = engine.db
        self.clock = engine.clock
        self.lock = threading.RLock()  # projection and maintenance never interleave
        self._observers: list[tuple[Observer | BatchObserver, bool]] = []
        self.resolver = Resolver(chat=self.chat, embedder=self.embedder, space_id=self.space_id)
        self.planner = Planner(chat=self.chat, resolver=self.resolver, learned_rewrites=self._learned())

    # -- providers (looked up lazily: the engine may swap them) --------------------------------

    @property
    def chat(self) -> Any:
        return getattr(self.engine.providers, "chat", None)

    @property
    def embedder(self) -> Any:
        return getattr(self.engine.providers, "embedder", None)

    @property
    def space_id(self) -> int | None:
        return self.engine.l1.space_id

    def enqueue_vectors(self, conn: apsw.Connection, kind: str, ids: Sequence[str]) -> None:
        if self.space_id is not None and ids:
            self.engine.embedding_worker.enqueue(conn, kind, list(ids))

    def _learned(self) -> dict[str, str]:
        return dict(self.db.reader().execute("SELECT open_predicate, core_predicate FROM predicate_rewrites"))

    # -- observers (L3 insights) ---------------------------------------------------------------

    def subscribe(self, callback: Observer | BatchObserver, *, batch: bool = False) -> Callable[[], None]:
        """Register ``callback(change)``; returns an unsubscribe function. Callbacks run on the
        worker thread after the commit; an exception in one is logged and does not affect L2.
        ``batch=True``: ``callback(changes)`` gets all changes of one commit in one call (L3
        writes their insights in one transaction instead of one per change). Offline, many
        batches share one transaction (``ProjectionWorker.run_offline``): callbacks then run
        after each batch *inside* it, reading that batch's state through the writer, and a
        write they make (``db.write()`` nests as a savepoint) commits or rolls back with it."""
        entry = (callback, batch)
        self._observers.append(entry)
        return lambda: self._observers.remove(entry) if entry in self._observers else None

    def notify(self, changes: Sequence[L2Change]) -> None:
        if not changes:
            return
        for cb, batch in list(self._observers):
            for item in ([list(changes)] if batch else changes):
                try:
                    cb(item)
                except Exception:  # noqa: BLE001 - an observer must not break L2
                    log.exception("L2 observer failed on %s", (item[0] if batch else item).kind)

    # -- reads ---------------------------------------------------------------------------------

    def user_id(self, user: str = "local_user") -> str:
        return user_entity_id(user)

    def entities(self, *, entity_type: str | None = None, query: str | None = None, limit: int = 100,
                 include_inactive: bool = False) -> list[Entity]:
        conn = self.db.reader()
        where, params = ["is_user = 0"], []
        if not include_inactive:
            where.append("status = 'active'")
        if entity_type:
            where.append("entity_type = ?")
            params.append(entity_type)
        if query:
            where.append("entity_id IN (SELECT entity_id FROM entity_aliases WHERE instr(alias_norm, ?) > 0)")
            params.append(query.lower())
        ids = [r[0] for r in conn.execute(f"SELECT entity_id FROM entity_catalog WHERE {' AND '.join(where)} "
                                          f"ORDER BY mention_count DESC, last_seen_at DESC LIMIT ?", (*params, limit))]
        ents = load_entities(conn, ids)
        return [ents[i] for i in ids]

    def entity(self, entity_id: str) -> Entity | None:
        return load_entities(self.db.reader(), [entity_id]).get(entity_id)

    def entity_events(self, entity_id: str, limit: int = 50) -> list[dict[str, Any]]:
        return query_all(self.db.reader(),
                         "SELECT x.event_id, x.confidence, e.occurred_at, e.content, e.author_type FROM l1_event_entities x "
                         "JOIN fact_events e ON e.event_id = x.event_id WHERE x.entity_id = ? "
                         "ORDER BY e.occurred_at DESC LIMIT ?", (entity_id, limit))

    def edges(self, entity_id: str | None = None, *, statuses: Sequence[str] | None = (EDGE_ACTIVE,),
              predicate: str | None = None, limit: int = 500) -> list[Edge]:
        conn = self.db.reader()
        if entity_id is None:
            where, params = [], []
            if statuses:
                where.append(f"status IN ({placeholders(len(statuses))})")
                params += list(statuses)
            if predicate:
                where.append("predicate = ?")
                params.append(predicate)
            rows = query_all(conn, f"SELECT * FROM knowledge_graph {'WHERE ' + ' AND '.join(where) if where else ''} "
                                   f"ORDER BY last_observed_at DESC LIMIT ?", (*params, limit))
        else:
            rows = G.edges_of(conn, [entity_id], statuses=statuses)
            if predicate:
                rows = [r for r in rows if r["predicate"] == predicate]
        return G.to_models(conn, rows)

    def assertions(self, entity_id: str | None = None, *, statuses: Sequence[str] | None = LIVE_ASSERTION_STATES,
                   trait: str | None = None) -> list[Assertion]:
        conn = self.db.reader()
        where, params = [], []
        if entity_id:
            where.append("entity_id = ?")
            params.append(entity_id)
        if statuses:
            where.append(f"status IN ({placeholders(len(statuses))})")
            params += list(statuses)
        if trait:
            where.append("trait = ?")
            params.append(trait)
        rows = query_all(conn, f"SELECT * FROM tom_trait_assertions {'WHERE ' + ' AND '.join(where) if where else ''} "
                               f"ORDER BY trait, valid_from", params)
        return A.to_models(conn, rows)

    def evidence(self, owner_kind: str, owner_id: str) -> list[dict[str, Any]]:
        return [e.__dict__ if hasattr(e, "__dict__") else {s: getattr(e, s) for s in e.__slots__}
                for e in evidence_of(self.db.reader(), owner_kind, owner_id)]

    def snapshot(self, entity_id: str | None = None) -> Snapshot | None:
        row = query_one(self.db.reader(), "SELECT * FROM tom_snapshots WHERE entity_id = ?",
                        (entity_id or self.user_id(),))
        return Snapshot.from_row(row) if row else None

    def episodes(self, statuses: Sequence[str] = ("candidate", "promoted")) -> list[dict[str, Any]]:
        conn = self.db.reader()
        rows = episode_rows(conn, statuses)
        ev = evidence_ids(conn, "episode", [r["episode_id"] for r in rows])
        return [episode_json(r, ev.get(r["episode_id"], [])) for r in rows]

    def conflicts(self, limit: int = 100) -> list[dict[str, Any]]:
        rows = query_all(self.db.reader(), "SELECT * FROM l2_conflicts ORDER BY created_at DESC LIMIT ?", (limit,))
        for r in rows:
            r["evidence_event_ids"] = json.loads(r["evidence_event_ids"])
        return rows

    def graph(self, entity_ids: Sequence[str] | None = None, *, statuses: Sequence[str] = (EDGE_ACTIVE,)):
        from .graph import build_graph

        return build_graph(self.db.reader(), entity_ids=entity_ids, statuses=statuses)

    # -- time travel ---------------------------------------------------------------------------

    def edges_as_of(self, entity_id: str, t: float) -> list[Edge]:
        """Edges of ``entity_id`` that held at time ``t`` (by event time, not processing time)."""
        return [e for e in self.edges(entity_id, statuses=HISTORICAL_EDGE_STATES)
                if e.valid_from is not None and e.valid_from <= t and (e.valid_to is None or e.valid_to > t)]

    def assertions_as_of(self, entity_id: str, t: float) -> list[Assertion]:
        out = []
        for a in self.assertions(entity_id, statuses=HISTORICAL_ASSERTION_STATES):
            end = a.valid_to
            if a.expires_at is not None and (end is None or a.expires_at < end):
                end = a.expires_at
            if a.valid_from is not None and a.valid_from <= t and (end is None or end > t):
                out.append(a)
        return out

    def profile_as_of(self, t: float, entity_id: str | None = None) -> dict[str, Any]:
        eid = entity_id or self.user_id()
        return {"entity_id": eid, "as_of": t,
                "assertions": [a.to_json() for a in self.assertions_as_of(eid, t)],
                "edges": [e.to_json() for e in self.edges_as_of(eid, t)]}

    def supersession_chain(self, assertion_id: str) -> list[Assertion]:
        """The assertion's predecessors and successors, oldest first (step through with index)."""
        conn = self.db.reader()
        row = A.get_assertion(conn, assertion_id)
        if row is None:
            return []
        chain = [row]
        seen = {row["assertion_id"]}
        cur = row
        while cur["supersedes"] and cur["supersedes"] not in seen:
            prev = A.get_assertion(conn, cur["supersedes"])
            if prev is None:
                break
            chain.insert(0, prev)
            seen.add(prev["assertion_id"])
            cur = prev
        cur = row
        while cur["superseded_by"] and cur["superseded_by"] not in seen:
            nxt = A.get_assertion(conn, cur["superseded_by"])
            if nxt is None:
                break
            chain.append(nxt)
            seen.add(nxt["assertion_id"])
            cur = nxt
        return A.to_models(conn, chain)

    # -- user corrections (GUI) ----------------------------------------------------------------

    def deny_assertion(self, assertion_id: str, reason: str = "user: this is wrong") -> dict[str, Any]:
        """Mark an assertion ``user_denied`` (kept, out of every profile, never re-added) and
        deny the active edges it mirrors (user LIVES_IN X for residence: X), so the graph and
        retrieval stop using it too. Every row's previous state is kept in the correction, so
        :meth:`undo_correction` restores exactly what was there."""
        now = self.clock.now()
        with self.db.write() as conn:
            row = A.get_assertion(conn, assertion_id)
            if row is None:
                raise KeyError(f"no assertion {assertion_id}")
            before: dict[str, list[dict[str, Any]]] = {"assertions": [_row_state(row)], "edges": []}
            A.end_assertion(conn, assertion_id, USER_DENIED, now=now, valid_to=now, reason=reason)
            restored = None
            if row["supersedes"]:  # the predecessor was replaced by something wrong: restore it
                prev = A.get_assertion(conn, row["supersedes"])
                if prev is not None and prev["status"] == "superseded":
                    before["assertions"].append(_row_state(prev))
                    A.revive_assertion(conn, prev["assertion_id"], now, "restored: successor denied by the user")
                    restored = prev["assertion_id"]
                    for edge in mirrored_edges(conn, prev, status="superseded"):
                        before["edges"].append(_row_state(edge, key="triple_id"))
                        G.set_edge_status(conn, edge["triple_id"], EDGE_ACTIVE, now=now, valid_to=None,
                                          reason="restored: successor denied by the user")
            denied: list[str] = []  # (the restored predecessor's edges are in ``before`` too)
            for edge in mirrored_edges(conn, row):
                before["edges"].append(_row_state(edge, key="triple_id"))
                denied.append(edge["triple_id"])
                G.set_edge_status(conn, edge["triple_id"], EDGE_USER_DENIED, now=now, valid_to=now,
                                  reason=f"{reason} (its assertion {assertion_id} was denied)")
            effect = {"assertion_id": assertion_id, "previous_status": row["status"], "restored": restored,
                      "denied_edges": denied, "before": before}
            conn.execute("INSERT INTO l2_user_corrections(action, target_id, reason, effect_json, created_at) "
                         "VALUES ('deny_assertion', ?, ?, ?, ?)", (assertion_id, reason, json.dumps(effect), now))
            effect["correction_id"] = conn.last_insert_rowid()
            enqueue_snapshots(conn, [row["entity_id"]], now)
        self.notify([L2Change("user_denied", row["entity_id"], "", row["trait"], row["value"], None,
                              tuple(self.assertions_by_id(assertion_id)), now, reason, (assertion_id,))])
        return effect

    def undo_correction(self, correction_id: int) -> dict[str, Any]:
        """Put back exactly what a "this is wrong" (assertion or edge) changed: each row's status,
        validity and reason as they were. An undone correction cannot be undone twice."""
        now = self.clock.now()
        with self.db.write() as conn:
            row = query_one(conn, "SELECT * FROM l2_user_corrections WHERE correction_id = ?", (correction_id,))
            if row is None:
                raise KeyError(f"no correction {correction_id}")
            effect = json.loads(row["effect_json"] or "{}")
            if effect.get("undone_at") is not None:
                raise ValueError(f"correction {correction_id} was already undone")
            before = effect.get("before")
            if row["action"] not in ("deny_assertion", "deny_edge") or not before:
                raise ValueError(f"correction {correction_id} ({row['action']}) cannot be undone here")
            entities: set[str] = set()
            for a in before.get("assertions", []):
                conn.execute("UPDATE tom_trait_assertions SET status = ?, valid_to = ?, superseded_by = ?, reason = ?, "
                             "updated_at = ? WHERE assertion_id = ?",
                             (a["status"], a["valid_to"], a["superseded_by"], a["reason"], now, a["id"]))
                entities.add(a["owner"])
            for e in before.get("edges", []):
                conn.execute("UPDATE knowledge_graph SET status = ?, valid_to = ?, superseded_by = ?, reason = ?, "
                             "updated_at = ? WHERE triple_id = ?",
                             (e["status"], e["valid_to"], e["superseded_by"], e["reason"], now, e["id"]))
                entities.add(e["owner"])
            effect["undone_at"] = now
            conn.execute("UPDATE l2_user_corrections SET effect_json = ? WHERE correction_id = ?",
                         (json.dumps(effect), correction_id))
            enqueue_snapshots(conn, sorted(entities), now)
        return {"correction_id": correction_id, "action": row["action"], "target_id": row["target_id"],
                "restored_assertions": [a["id"] for a in before.get("assertions", [])],
                "restored_edges": [e["id"] for e in before.get("edges", [])]}

    def assertions_by_id(self, assertion_id: str) -> list[str]:
        return evidence_ids(self.db.reader(), "assertion", [assertion_id]).get(assertion_id, [])

    def deny_edge(self, triple_id: str, reason: str = "user: this is wrong") -> dict[str, Any]:
        now = self.clock.now()
        with self.db.write() as conn:
            row = G.get_edge(conn, triple_id)
            if row is None:
                raise KeyError(f"no edge {triple_id}")
            before = {"assertions": [], "edges": [_row_state(row, key="triple_id")]}
            G.set_edge_status(conn, triple_id, EDGE_USER_DENIED, now=now, valid_to=now, reason=reason)
            effect = {"triple_id": triple_id, "previous_status": row["status"], "before": before}
            conn.execute("INSERT INTO l2_user_corrections(action, target_id, reason, effect_json, created_at) "
                         "VALUES ('deny_edge', ?, ?, ?, ?)", (triple_id, reason, json.dumps(effect), now))
            effect["correction_id"] = conn.last_insert_rowid()
            enqueue_snapshots(conn, [row["subject_id"]], now)
        return effect

    def preview_delete_entity(self, entity_id: str) -> dict[str, Any]:
        from .deletion import entity_footprint

        return entity_footprint(self.db.reader(), entity_id)

    def delete_entity(self, entity_id: str, reason: str = "user deleted the entity") -> dict[str, Any]:
        """Remove an entity and everything derived *about* it (the L1 events stay: deleting
        memories themselves is ``engine.delete_events``). Preview == apply."""
        from .deletion import delete_entity_rows, entity_footprint

        now = self.clock.now()
        with self.lock, self.db.write() as conn:
            report = entity_footprint(conn, entity_id)
            if not report.get("exists"):
                raise KeyError(f"no entity {entity_id}")
            touched = delete_entity_rows(conn, entity_id, now)
            conn.execute("INSERT INTO l2_user_corrections(action, target_id, reason, effect_json, created_at) "
                         "VALUES ('delete_entity', ?, ?, ?, ?)", (entity_id, reason, json.dumps(report), now))
            enqueue_snapshots(conn, touched, now)
            refresh_entity_stats(conn, touched, now)
        return report

    def stats(self, conn: apsw.Connection) -> dict[str, Any]:
        def n(sql: str) -> int:
            return int(conn.execute(sql).fetchone()[0])

        return {"l2": {
            "entities": n("SELECT count(*) FROM entity_catalog WHERE status = 'active' AND is_user = 0"),
            "mentions": n("SELECT count(*) FROM entity_mentions"),
            "unbound_mentions": n("SELECT count(*) FROM entity_mentions WHERE entity_id IS NULL"),
            "event_entity_links": n("SELECT count(*) FROM l1_event_entities"),
            "edges": dict(conn.execute("SELECT status, count(*) FROM knowledge_graph GROUP BY status")),
            "assertions": dict(conn.execute("SELECT status, count(*) FROM tom_trait_assertions GROUP BY status")),
            "snapshots": n("SELECT count(*) FROM tom_snapshots"),
            "episodes": dict(conn.execute("SELECT status, count(*) FROM episodes GROUP BY status")),
            "conflicts": n("SELECT count(*) FROM l2_conflicts"),
            "review_pending": n("SELECT count(*) FROM review_items WHERE status = 'pending'"),
        }}


def _row_state(row: Any, *, key: str = "assertion_id") -> dict[str, Any]:
    """What a correction changes on a row, to put it back on undo."""
    return {"id": row[key], "owner": row["entity_id"] if key == "assertion_id" else row["subject_id"],
            "status": row["status"], "valid_to": row["valid_to"], "superseded_by": row["superseded_by"],
            "reason": row["reason"]}


def mirrored_edges(conn: apsw.Connection, assertion: Any, *, status: str = "active") -> list[Any]:
    """Edges (in ``status``) that state the same thing as a trait assertion: the trait's
    predicate from the same subject to an entity named like the value (residence: jiaxing ↔
    LIVES_IN jiaxing)."""
    predicate = predicate_for_trait(assertion["trait"])
    if predicate is None:
        return []
    return query_all(
        conn, "SELECT g.* FROM knowledge_graph g JOIN entity_catalog o ON o.entity_id = g.object_id "
              "WHERE g.subject_id = ? AND g.predicate = ? AND g.status = ? AND o.name_norm = ?",
        (assertion["entity_id"], predicate, status, assertion["value_norm"]))
