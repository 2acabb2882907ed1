"""Prompts of the L2 LLM calls, and the JSON schemas their answers must satisfy.

Kept apart from the code that assembles their inputs (:mod:`.context`) and from the code that
acts on their outputs (:mod:`.extract`, :mod:`.phase2`, :mod:`.arbitration`) — the Graphiti
separation of prompts, models and search — so a prompt can be read, diffed and tuned alone.

Four calls:

* Phase 1 (FAST_CLASSIFY, no reasoning): batch + session turns + cross-session history +
  known entities + structured hints → entities / fact_claims / resolved_refs.
* Entity disambiguation (FAST_CLASSIFY): mentions with their candidate pools → chosen ids.
* Phase 2 (FAST_CLASSIFY): new edges/assertions + existing ones of the focus entities →
  labels new | corroborates | refines | contradicts | evolves, plus conflict hints.
* Arbitration (CORE_REASONING, with reasoning): both sides + evidence → keep_old | evolve.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Sequence

from ..extraction.inputs import ExtractionInput, KnownEntity, LiveTrait
from ..extraction.schema import PHASE1_JSON_SCHEMA
from ..policy import ENTITY_TYPES
from ..providers.chat import ChatMessage
from .predicates import PREDICATE_REGISTRY

PHASE2_LABELS = ("new", "corroborates", "refines", "contradicts", "evolves")
CONFLICT_TYPES = ("state_reversal", "preference_reversal", "direct_negation")


def _ts(t: float | None) -> str:
    if t is None:
        return "?"
    return datetime.fromtimestamp(t, tz=timezone.utc).strftime("%Y-%m-%d %H:%M")


@dataclass(slots=True)
class SessionTurn:
    role: str  # USER | ASSISTANT
    content: str
    occurred_at: float
    #: the named person (not the user) who said a chat turn; shown instead of USER
    speaker: str | None = None


@dataclass(slots=True)
class HistoryEvent:
    event_id: str
    content: str
    occurred_at: float
    entity_names: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Phase1Context:
    """Everything the Phase 1 prompt shows (design: four blocks besides the batch)."""

    batch: list[ExtractionInput]
    session_turns: list[SessionTurn] = field(default_factory=list)
    history: list[HistoryEvent] = field(default_factory=list)
    known_entities: list[KnownEntity] = field(default_factory=list)
    #: entity ids guessed by the pre-lookup (INSTR + entity vectors), with how they were found
    guessed: dict[str, str] = field(default_factory=dict)
    #: False when no prompt is written (offline): session turns and history were not built
    prompt_blocks: bool = True
    #: the user's live state values in the store, for ends that name nothing ("I quit")
    live_traits: list[LiveTrait] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"batch": [e.event_id for e in self.batch], "prompt_blocks": self.prompt_blocks,
                "session_turns": len(self.session_turns),
                "history": [h.event_id for h in self.history],
                "known_entities": [k.entity_id for k in self.known_entities],
                "guessed": self.guessed}


PHASE1_SYSTEM = f"""You read a user's memory events and extract structured knowledge.
Return JSON only, with keys "entities", "fact_claims", "resolved_refs".

entities: every concrete thing mentioned in the NEW EVENTS (not in the context blocks):
  {{"mention": text as written, "name": normalised name (lower case for common nouns),
   "entity_type": one of {list(ENTITY_TYPES)}, "event_id": the event it appears in,
   "confidence": 0..1, "resolved_id": the id of a KNOWN ENTITY when it is the same thing, else null}}
fact_claims: what the user states about themself or the world, as subject-predicate-object:
  {{"subject": "user" or an entity name, "predicate": UPPER_SNAKE_CASE, "object": entity name or value,
   "evidence_text": the exact span, "event_id", "kind": "relation" or "trait",
   "trait"/"value" for kind=trait (e.g. stress/high, mood/happy, residence/Jiaxing, occupation/teacher),
   "negated": true when the text denies it ("I don't live there any more"),
   "directness": "explicit" when stated ("I bought an air fryer"), "implied" when only implied
   ("my new pressure cooker" implies owning it), "confidence": 0..1, "time_hint": text or null}}
  time_hint: the time words as written ("last May", "上周"); for a job, school or home that
  begins at a stated later date ("I start at Hooli next month", 下周一去字节报到, "moving to Leeds
  in June"), "from:" + those words ("from:next month", "from:下周一"): memory makes the state
  current from that date, not from the telling. A plan or wish with no date is no claim. For a
  state told as over ("I used to live in Boston", "we had a dog named Rex", 我以前在美团上班):
  kind "relation", time_hint "past" — memory keeps it as history, never as the current state.
  Prefer these predicates: {", ".join(PREDICATE_REGISTRY)}. Others are allowed in UPPER_SNAKE_CASE,
  but never describe the conversation itself (no ASKED_ABOUT, MENTIONED, TALKED_ABOUT).
  Only the user's own statements are facts about the user; questions, requests, hypotheticals and
  the assistant's suggestions are not.
  An event with a speaker="Name" attribute was said by that person, not by the user (an imported
  group chat): its first-person statements ("I", "my", "we", 我, 我们) are about Name — the subject
  is "Name" (also an entity of type person), never "user" — and Name's relatives ("my mom") are
  not the user's.
resolved_refs: pronouns and references ("it", "他", "那个") in the new events:
  {{"mention", "event_id", "resolved_to": entity name or null, "status": "resolved"|"unresolved"}}
Use the context blocks only to decide what refers to what."""


def _who(turn: SessionTurn) -> str:
    """A context turn's tag: the speaker's name for another person's chat line, so the model
    never reads it as the user's."""
    return f"SPEAKER {turn.speaker}" if turn.speaker and turn.role == "USER" else turn.role


def phase1_messages(ctx: Phase1Context) -> list[ChatMessage]:
    parts: list[str] = []
    if ctx.session_turns:
        parts.append("## RECENT TURNS OF THIS SESSION (context only)")
        parts.extend(f"[{_who(t)}] ({_ts(t.occurred_at)}) {t.content}" for t in ctx.session_turns)
    if ctx.history:
        parts.append("## EARLIER EVENTS ABOUT ENTITIES THAT MAY BE MENTIONED (other sessions, context only)")
        parts.extend(f"- ({_ts(h.occurred_at)}) {h.content}"
                     + (f"  [entities: {', '.join(h.entity_names)}]" if h.entity_names else "")
                     for h in ctx.history)
    if ctx.known_entities:
        parts.append("## KNOWN ENTITIES (id | name | type | aliases)")
        parts.extend(f"- {k.entity_id} | {k.name} | {k.entity_type}"
                     + (f" | {', '.join(k.aliases)}" if k.aliases else "") for k in ctx.known_entities)
    hints = [(e.event_id, h) for e in ctx.batch for h in e.structured_entity_hints]
    if hints:
        parts.append("## STRUCTURED HINTS FROM PLUGINS (hints, not conclusions)")
        parts.extend(f"- {eid}: {h.mention_text} ({h.entity_type})" for eid, h in hints)
    parts.append("## NEW EVENTS (extract from these)")
    for e in ctx.batch:
        tag = "USER" if e.author_type == "user" else e.author_type.upper()
        said_by = f" speaker={json.dumps(e.speaker, ensure_ascii=False)}" if e.speaker else ""
        parts.append(f"<event id=\"{e.event_id}\" author=\"{tag}\"{said_by} source=\"{e.source}\" "
                     f"time=\"{_ts(e.occurred_at)}\">\n{e.content}\n</event>")
    return [ChatMessage("system", PHASE1_SYSTEM), ChatMessage("user", "\n".join(parts))]


# -- entity disambiguation ---------------------------------------------------------------------

DISAMBIGUATION_SYSTEM = """For each mention, decide which candidate entity it refers to.
Candidates were recalled by name substring and vector similarity: similar is not the same.
Choose a candidate only if it is the same real-world thing; otherwise answer null.
Return JSON: {"decisions": [{"mention_key": ..., "entity_id": id or null, "confidence": 0..1}]}"""

DISAMBIGUATION_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["decisions"],
    "properties": {"decisions": {"type": "array", "items": {
        "type": "object", "required": ["mention_key", "entity_id"],
        "properties": {"mention_key": {"type": "string"}, "entity_id": {"type": ["string", "null"]},
                       "confidence": {"type": "number", "minimum": 0, "maximum": 1}}}}},
}


def disambiguation_messages(items: Sequence[dict[str, Any]]) -> list[ChatMessage]:
    """``items``: {mention_key, mention, entity_type, context, candidates: [{id, name, type, aliases}]}"""
    return [ChatMessage("system", DISAMBIGUATION_SYSTEM),
            ChatMessage("user", json.dumps({"mentions": list(items)}, ensure_ascii=False, indent=1))]


# -- Phase 2 -----------------------------------------------------------------------------------

PHASE2_SYSTEM = f"""You integrate new facts into what is already known about a user.
For each NEW item, compare it with the EXISTING edges and assertions and give a label:
  new (unrelated to existing), corroborates (same fact again), refines (more specific version of
  an existing one), contradicts (cannot both be true), evolves (the old one was true but has been
  replaced, e.g. moved from Shanghai to Jiaxing, used to like jazz, now classical).
For contradicts/evolves also give "conflict": {{"type": one of {list(CONFLICT_TYPES)},
  "severity": 0..1, "existing_id": the id it conflicts with}}.
Return JSON: {{"labels": [{{"key": new item key, "label": ..., "conflict": ... or null}}]}}"""

PHASE2_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["labels"],
    "properties": {"labels": {"type": "array", "items": {
        "type": "object", "required": ["key", "label"],
        "properties": {"key": {"type": "string"}, "label": {"enum": list(PHASE2_LABELS)},
                       "conflict": {"type": ["object", "null"], "properties": {
                           "type": {"enum": list(CONFLICT_TYPES)},
                           "severity": {"type": "number", "minimum": 0, "maximum": 1},
                           "existing_id": {"type": ["string", "null"]}}}}}}},
}


def phase2_messages(new_items: Sequence[dict[str, Any]], existing: Sequence[dict[str, Any]]) -> list[ChatMessage]:
    body = {"existing": list(existing), "new": list(new_items)}
    return [ChatMessage("system", PHASE2_SYSTEM),
            ChatMessage("user", json.dumps(body, ensure_ascii=False, indent=1))]


# -- arbitration -------------------------------------------------------------------------------

ARBITRATION_SYSTEM = """Two memory records about the same user conflict. Decide carefully:
  keep_old: the new record is a misreading (quoted, hypothetical, ironic, temporary, about
            someone else); the old one still holds;
  evolve:   the situation really changed; the old record becomes history, the new one is current.
Weigh the evidence texts and their times. Return JSON:
{"decision": "keep_old" | "evolve", "confidence": 0..1, "reason": one sentence}"""

ARBITRATION_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["decision", "confidence", "reason"],
    "properties": {"decision": {"enum": ["keep_old", "evolve"]},
                   "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                   "reason": {"type": "string"}},
}


def arbitration_messages(conflict_type: str, old: dict[str, Any], new: dict[str, Any]) -> list[ChatMessage]:
    body = {"conflict_type": conflict_type, "old": old, "new": new}
    return [ChatMessage("system", ARBITRATION_SYSTEM),
            ChatMessage("user", json.dumps(body, ensure_ascii=False, indent=1))]


__all__ = ["PHASE1_JSON_SCHEMA", "Phase1Context", "SessionTurn", "HistoryEvent", "phase1_messages",
           "DISAMBIGUATION_SCHEMA", "disambiguation_messages", "PHASE2_SCHEMA", "phase2_messages",
           "ARBITRATION_SCHEMA", "arbitration_messages", "PHASE2_LABELS", "CONFLICT_TYPES"]
