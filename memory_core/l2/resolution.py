"""Entity resolution: a mention → a stable ``entity_id``, cheapest evidence first (design step 5).

(a) direct hit: the extractor's ``resolved_id`` (only ids the prompt offered), the session cache
    (same batch key, earlier decisions), an exact alias match (same type, or a configured
    cross-type pair such as person ↔ creator);
(b) candidate pool: ≤ ``L2_MAX_CANDIDATE_POOL`` entities from name substrings and entity-vector
    recall, disambiguated by *one* batched LLM call; the LLM picks or says none;
(c) fallback: a confident, typed mention whose name is already a catalog name (other type) is
    reused with a new alias; a name that is the head or tail of exactly one known entity's
    name of a compatible type ("the Civic" after "my Honda Civic", 朗逸 after 大众朗逸) is that
    entity; otherwise a new ``entity_catalog`` row.
Low confidence or no type → the mention is only recorded in ``entity_mentions`` (bound later by
maintenance). **Vectors recall candidates, they never decide identity**: offline (no LLM) a
pool that no exact name matches leads to a new entity, not to the nearest vector.

This module only *decides* (reads); :mod:`.reconcile` writes the decisions.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Sequence

import apsw

from ..db.connection import query_all
from ..lexicon.categories import categories_of
from ..policy import ENTITY_MIN_CONFIDENCE, ENTITY_TYPES, L2_MAX_CANDIDATE_POOL, Tier
from ..providers.chat import ChatRequest, ProviderError
from .catalog import (find_by_alias, find_by_name_part, get_entity, live_entity, live_entity_id, new_entity_id,
                      types_compatible)
from .extract import chat_available, parse_json_reply
from .lifecycle import display_name, name_norm
from .prompts import DISAMBIGUATION_SCHEMA, disambiguation_messages
from .vectors import ENTITY_KIND, knn

log = logging.getLogger(__name__)

#: (c) reuse of a same-name entity of another type needs this much confidence
SAME_NAME_REUSE_MIN_CONFIDENCE = 0.8


@dataclass(slots=True)
class MentionRequest:
    event_id: str
    mention: str
    name: str
    entity_type: str | None
    confidence: float
    resolved_id: str | None = None

    @property
    def key(self) -> str:
        return f"{self.event_id}|{name_norm(self.name)}|{self.entity_type or ''}"


@dataclass(slots=True)
class Resolution:
    request: MentionRequest
    entity_id: str | None  # None: unbound mention
    how: str  # llm_id | session | alias | disambiguated | reuse | partial | new | unbound
    confidence: float
    reason: str
    new_entity: tuple[str, str] | None = None  # (name, type) when a new row must be created
    alias_to_add: str | None = None


def session_decisions(conn: apsw.Connection, batch_key: str) -> dict[tuple[str, str], str]:
    """The session cache as the database knows it: every bound mention of this batch key's
    projected events, later decisions over earlier ones. Read on a process's first batch of a
    key, so a restarted process resolves the rest of a session exactly as the one it replaced
    would have (an empty cache turned "same name earlier in this session" into alias matches
    after a kill -9)."""
    out: dict[tuple[str, str], str] = {}
    for norm, etype, eid in conn.execute(
            "SELECT m.name_norm, m.entity_type, m.entity_id FROM l2_projection_jobs j "
            "JOIN entity_mentions m ON m.event_id = j.event_id "
            "WHERE j.batch_key = ? AND j.state = 'done' AND m.entity_id IS NOT NULL "
            "AND m.entity_type IS NOT NULL ORDER BY m.mention_id", (batch_key,)):
        out[(norm, etype)] = eid
    return out


@dataclass
class Resolver:
    chat: Any = None
    embedder: Any = None
    space_id: int | None = None
    #: session cache: batch_key → {(name_norm, type): entity_id}
    cache: dict[str, dict[tuple[str, str], str]] = field(default_factory=dict)
    llm_calls: int = 0

    def resolve(self, conn: apsw.Connection, requests: Sequence[MentionRequest], batch_key: str,
                now: float) -> list[Resolution]:
        session = self.cache.get(batch_key)
        if session is None:
            session = self.cache[batch_key] = session_decisions(conn, batch_key)
        out: dict[str, Resolution] = {}
        pending: list[tuple[MentionRequest, list[dict[str, Any]]]] = []
        created: dict[tuple[str, str], str] = {}  # new entities of this batch, by (norm, type)
        for req in requests:
            if req.key in out:
                continue
            norm = name_norm(req.name)
            etype = req.entity_type if req.entity_type in ENTITY_TYPES else None
            if not norm:
                continue
            if req.confidence < ENTITY_MIN_CONFIDENCE or etype is None:
                out[req.key] = Resolution(req, None, "unbound", req.confidence,
                                          "low confidence" if etype else "no entity_type")
                continue
            # (a) direct hits
            if req.resolved_id:
                found = live_entity(conn, req.resolved_id)
                if found is not None and types_compatible(found[1], etype):
                    out[req.key] = Resolution(req, found[0], "llm_id", req.confidence,
                                              "extractor matched a known entity",
                                              alias_to_add=req.mention)
                    continue
            cached = session.get((norm, etype))
            live = live_entity_id(conn, cached) if cached else None
            if live:
                out[req.key] = Resolution(req, live, "session", req.confidence,
                                          "same name and type earlier in this session")
                continue
            hits = find_by_alias(conn, norm, etype)
            if hits:
                out[req.key] = Resolution(req, hits[0]["entity_id"], "alias", req.confidence,
                                          f"exact alias match ({hits[0]['entity_type']})",
                                          alias_to_add=req.mention)
                continue
            if (norm, etype) in created:
                out[req.key] = Resolution(req, created[(norm, etype)], "session", req.confidence,
                                          "created earlier in this batch")
                continue
            # the pool only feeds the LLM's choice: offline it is not built (a substring scan of
            # every alias and a vector search per new name, for nothing)
            if chat_available(self.chat, Tier.FAST_CLASSIFY):
                pool = self._candidate_pool(conn, req, norm, etype)
                if pool:
                    pending.append((req, pool))
                    continue
            out[req.key] = self._fallback(conn, req, norm, etype, now, created)
        if pending:
            decisions = self._disambiguate(pending)
            for req, pool in pending:
                norm, etype = name_norm(req.name), req.entity_type or ""
                chosen, conf = decisions.get(req.key, (None, 0.0))
                if chosen and any(c["id"] == chosen for c in pool) and conf >= ENTITY_MIN_CONFIDENCE:
                    live = live_entity_id(conn, chosen)
                    if live:
                        out[req.key] = Resolution(req, live, "disambiguated", min(req.confidence, conf),
                                                  f"LLM chose it from {len(pool)} candidates",
                                                  alias_to_add=req.mention)
                        continue
                out[req.key] = self._fallback(conn, req, norm, etype, now, created)
        for res in out.values():
            if res.entity_id and res.request.entity_type:
                session[(name_norm(res.request.name), res.request.entity_type)] = res.entity_id
        return list(out.values())

    def _fallback(self, conn: apsw.Connection, req: MentionRequest, norm: str, etype: str, now: float,
                  created: dict[tuple[str, str], str]) -> Resolution:
        if req.confidence >= SAME_NAME_REUSE_MIN_CONFIDENCE:
            same = query_all(conn, "SELECT entity_id, entity_type FROM entity_catalog WHERE name_norm = ? "
                                   "AND status = 'active' AND is_user = 0 ORDER BY mention_count DESC, entity_seq LIMIT 1",
                             (norm,))
            if same:
                return Resolution(req, same[0]["entity_id"], "reuse", req.confidence,
                                  f"confident mention of an existing name (type {same[0]['entity_type']})",
                                  alias_to_add=req.mention)
        longer = {r["entity_id"]: r for r in find_by_name_part(conn, norm, etype)}
        if len(longer) == 1:  # two candidates ("anna" of anna lee and anna smith): not guessed
            [row] = longer.values()
            return Resolution(req, row["entity_id"], "partial", req.confidence,
                              f"a shorter name of {row['canonical_name']!r} ({row['entity_type']})",
                              alias_to_add=req.mention)
        eid = new_entity_id(now)
        created[(norm, etype)] = eid
        return Resolution(req, eid, "new", req.confidence, "no existing entity matched",
                          new_entity=(display_name(req.name), etype))

    def _candidate_pool(self, conn: apsw.Connection, req: MentionRequest, norm: str,
                        etype: str) -> list[dict[str, Any]]:
        """Substring + vector recall, ≤ L2_MAX_CANDIDATE_POOL, type-compatible first."""
        rows = query_all(
            conn, "SELECT DISTINCT c.entity_id, c.canonical_name, c.entity_type FROM entity_aliases a "
                  "JOIN entity_catalog c ON c.entity_id = a.entity_id WHERE c.status = 'active' "
                  "AND c.is_user = 0 AND length(a.alias_norm) >= 2 AND "
                  "(instr(a.alias_norm, ?) > 0 OR instr(?, a.alias_norm) > 0) LIMIT ?",
            (norm, norm, L2_MAX_CANDIDATE_POOL))
        pool = {r["entity_id"]: {"id": r["entity_id"], "name": r["canonical_name"], "type": r["entity_type"],
                                 "recalled_by": "substring"} for r in rows}
        if self.embedder is not None and self.space_id is not None and len(pool) < L2_MAX_CANDIDATE_POOL:
            try:
                vec = self.embedder.embed([f"{req.name} ({etype})"])[0]
                for eid, sim in knn(conn, ENTITY_KIND, self.space_id, vec, L2_MAX_CANDIDATE_POOL):
                    if eid not in pool and len(pool) < L2_MAX_CANDIDATE_POOL:
                        row = get_entity(conn, eid)
                        if row and row["status"] == "active":
                            pool[eid] = {"id": eid, "name": row["canonical_name"], "type": row["entity_type"],
                                         "recalled_by": f"vector:{sim:.2f}"}
            except Exception as exc:  # noqa: BLE001 - recall is optional
                log.warning("entity vector recall skipped: %s", exc)
        ranked = sorted(pool.values(), key=lambda c: (not types_compatible(c["type"], etype), c["name"]))
        return ranked[:L2_MAX_CANDIDATE_POOL]

    def _disambiguate(self, pending: list[tuple[MentionRequest, list[dict[str, Any]]]]) -> dict[str, tuple[str | None, float]]:
        items = [{"mention_key": req.key, "mention": req.mention, "entity_type": req.entity_type,
                  "candidates": pool} for req, pool in pending]
        try:
            self.llm_calls += 1
            result = self.chat.complete(ChatRequest(
                tier=Tier.FAST_CLASSIFY, messages=disambiguation_messages(items),
                json_schema=DISAMBIGUATION_SCHEMA, enable_thinking=False, temperature=0.0,
                trigger="l2_disambiguation"))
            data = parse_json_reply(result, DISAMBIGUATION_SCHEMA)
        except ProviderError as exc:
            # disambiguation is an optimisation of identity, not a requirement: on failure every
            # pending mention takes the fallback (new entity / same-name reuse); maintenance can
            # merge true duplicates later.
            log.warning("entity disambiguation failed, using the fallback: %s", exc)
            return {}
        out: dict[str, tuple[str | None, float]] = {}
        for d in (data or {}).get("decisions", []) if isinstance(data, dict) else []:
            if isinstance(d, dict) and isinstance(d.get("mention_key"), str):
                conf = d.get("confidence", 0.7)
                out[d["mention_key"]] = (d.get("entity_id"), float(conf) if isinstance(conf, (int, float)) else 0.7)
        return out


def type_for_term(term: str, given: str | None) -> str | None:
    """A claim subject/object type: the extractor's, else the lexicon's, else None."""
    if given and given in ENTITY_TYPES:
        return given
    cats = categories_of(name_norm(term))
    return cats[0].entity_type if cats else None
