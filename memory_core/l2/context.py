"""Phase 1 context assembly (design step 5): what the extractor sees besides the batch.

* the last ``L2_MAX_SESSION_CONTEXT_TURNS`` turns of the same session before the batch, tagged
  [USER] / [ASSISTANT] (context for "it", "that one" — never evidence themselves);
* a *pre-lookup* of the entities the batch may be talking about, before anything is extracted:
  SQL ``INSTR()`` of catalog names/aliases in the batch text, plus the batch text's embedding
  against the entity vector index. The guesses are only used to fetch context;
* up to ``L2_MAX_CROSS_SESSION_EVENTS`` history events of those guessed entities from *other*
  sessions;
* up to ``L2_MAX_KNOWN_ENTITIES`` known entities (guessed ones first) and the plugins'
  structured hints (already on each :class:`ExtractionInput`).
"""

from __future__ import annotations

import logging
from typing import Any, Sequence

import apsw

from ..db.connection import Row, placeholders, query_all
from ..extraction.clause_frames import FAMILIES
from ..extraction.inputs import ExtractionInput, LiveTrait, metadata_of
from ..policy import (L2_MAX_CANDIDATE_POOL, L2_MAX_CROSS_SESSION_EVENTS, L2_MAX_KNOWN_ENTITIES,
                      L2_MAX_SESSION_CONTEXT_TURNS)
from .catalog import entity_events, instr_lookup, known_entities, user_entity_id
from .lifecycle import LIVE_ASSERTION_STATES
from .prompts import HistoryEvent, Phase1Context, SessionTurn
from .vectors import ENTITY_KIND, knn

log = logging.getLogger(__name__)

#: entity-vector recall keeps only neighbours at least this similar (recall, not identity)
ENTITY_VECTOR_MIN_SIM = 0.35


def load_batch(conn: apsw.Connection, event_ids: Sequence[str]) -> list[Row]:
    if not event_ids:
        return []
    rows = query_all(conn, f"SELECT * FROM fact_events WHERE event_id IN ({placeholders(len(event_ids))}) "
                           f"ORDER BY occurred_at, seq", list(event_ids))
    return rows


def session_turns(conn: apsw.Connection, batch: Sequence[Row]) -> list[SessionTurn]:
    first = batch[0]
    session = first["session_id"]
    if not session:
        return []
    ids = [r["event_id"] for r in batch]
    rows = query_all(
        conn, f"SELECT author_type, content, occurred_at, metadata_json FROM fact_events WHERE session_id = ? "
              f"AND event_type = 'CHAT_MESSAGE' AND occurred_at <= ? AND event_id NOT IN "
              f"({placeholders(len(ids))}) ORDER BY occurred_at DESC, seq DESC LIMIT ?",
        [session, first["occurred_at"], *ids, L2_MAX_SESSION_CONTEXT_TURNS])
    return [SessionTurn("USER" if r["author_type"] == "user" else "ASSISTANT", r["content"][:600],
                        r["occurred_at"], metadata_of(r).get("speaker"))
            for r in reversed(rows)]


def pre_lookup(conn: apsw.Connection, text: str, *, embedder: Any = None, space_id: int | None = None,
               limit: int = L2_MAX_CANDIDATE_POOL) -> dict[str, str]:
    """Guessed entity ids → how they were found ("instr" / "vector:0.71")."""
    guessed: dict[str, str] = {}
    for r in instr_lookup(conn, text, limit):
        guessed[r["entity_id"]] = "instr"
    if embedder is not None and space_id is not None and len(guessed) < limit:
        try:
            vec = embedder.embed([text[:2000]])[0]
            for entity_id, sim in knn(conn, ENTITY_KIND, space_id, vec, limit):
                if sim >= ENTITY_VECTOR_MIN_SIM and entity_id not in guessed and len(guessed) < limit:
                    guessed[entity_id] = f"vector:{sim:.2f}"
        except Exception as exc:  # noqa: BLE001 - recall is optional; INSTR still works
            log.warning("entity vector pre-lookup skipped: %s", exc)
    return guessed


#: the state traits a nameless end can close ("I quit", 毕业了, "we broke up", "we got divorced"):
#: one per family, and the diet a food eaten again ends ("started eating bread again")
_STATE_TRAITS = tuple(dict.fromkeys([*(trait for _, _, trait in FAMILIES.values()), "spouse", "diet"]))


def live_traits(conn: apsw.Connection, user_id: str | None = None) -> list[LiveTrait]:
    """The user's live state values (positive assertions of the family traits), oldest first,
    typed by their catalog entity when one carries the name: what a later end may refer to."""
    rows = query_all(conn, f"SELECT a.trait, a.value, COALESCE(a.valid_from, a.first_observed_at, 0) AS since, "
                           f"(SELECT c.entity_type FROM entity_aliases x JOIN entity_catalog c ON c.entity_id = x.entity_id "
                           f" WHERE x.alias_norm = a.value_norm AND c.status = 'active' LIMIT 1) AS etype "
                           f"FROM tom_trait_assertions a WHERE a.entity_id = ? AND a.polarity = 1 "
                           f"AND a.status IN ({placeholders(len(LIVE_ASSERTION_STATES))}) "
                           f"AND a.trait IN ({placeholders(len(_STATE_TRAITS))}) ORDER BY since",
                     [user_id or user_entity_id(), *LIVE_ASSERTION_STATES, *_STATE_TRAITS])
    return [LiveTrait(r["trait"], r["value"], r["etype"] or "other", float(r["since"] or 0.0)) for r in rows]


def build_context(conn: apsw.Connection, batch: Sequence[Row], *, embedder: Any = None,
                  space_id: int | None = None, prompt_context: bool = True) -> Phase1Context:
    """``prompt_context=False`` (no Phase 1 LLM): the session turns and the cross-session
    history are left out. Only the prompt shows them; the offline rule extractor reads the
    batch and the known entities, so building them cost a sixth of the projection for the
    batch log alone."""
    inputs = [ExtractionInput.from_row(r) for r in batch]
    text = "\n".join(r["content"] for r in batch)
    guessed = pre_lookup(conn, text, embedder=embedder, space_id=space_id)
    session = batch[0]["session_id"]
    batch_ids = {r["event_id"] for r in batch}
    history: list[HistoryEvent] = []
    if guessed and prompt_context:
        rows = entity_events(conn, list(guessed), exclude_session=session,
                             limit=L2_MAX_CROSS_SESSION_EVENTS + len(batch_ids))
        for r in rows:
            if r["event_id"] in batch_ids:
                continue
            names = [n for (n,) in conn.execute(
                "SELECT c.canonical_name FROM l1_event_entities x JOIN entity_catalog c "
                "ON c.entity_id = x.entity_id WHERE x.event_id = ?", (r["event_id"],))]
            history.append(HistoryEvent(r["event_id"], r["content"][:600], r["occurred_at"], names))
            if len(history) >= L2_MAX_CROSS_SESSION_EVENTS:
                break
    return Phase1Context(batch=inputs, session_turns=session_turns(conn, batch) if prompt_context else [],
                         history=history,
                         known_entities=known_entities(conn, L2_MAX_KNOWN_ENTITIES, prefer=list(guessed)),
                         live_traits=live_traits(conn),
                         guessed=guessed, prompt_blocks=prompt_context)
