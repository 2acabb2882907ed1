"""Phase 1 output: ``entities / fact_claims / resolved_refs`` (design step 5).

The LLM path (FAST_CLASSIFY tier) and the offline rule extractor produce exactly this shape, so
everything after Phase 1 (entity resolution, Phase 2, graph and assertion writes) is the same
whichever produced it. ``PHASE1_JSON_SCHEMA`` validates LLM output before it is trusted.

Conventions: the user is the literal subject ``"user"``; predicates are UPPER_SNAKE_CASE (core
ones from the predicate registry, normalised later); ``kind = "trait"`` claims become
``tom_trait_assertions`` (trait + value, e.g. stress/high, residence/Jiaxing), ``kind =
"relation"`` claims become graph edges. Every item carries the ``event_id`` it came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

USER_SUBJECT = "user"


@dataclass(slots=True)
class ExtractedEntity:
    mention: str  # the text as it appears
    name: str  # normalised name ("Air Fryer" -> "air fryer")
    entity_type: str  # from policy.ENTITY_TYPES
    event_id: str
    confidence: float = 0.7
    resolved_id: str | None = None  # an entity_id from the prompt's known entities, if matched


@dataclass(slots=True)
class FactClaim:
    subject: str  # "user" or an entity name
    predicate: str  # UPPER_SNAKE_CASE
    object: str  # entity name or literal value
    evidence_text: str  # the span that supports it
    event_id: str
    kind: str = "relation"  # relation | trait
    subject_type: str | None = None
    object_type: str | None = None
    trait: str | None = None  # for kind == "trait": e.g. stress, mood, emotion, residence, preference
    value: str | None = None  # for kind == "trait": e.g. high, Jiaxing
    negated: bool = False  # "I don't like jazz any more"
    confidence: float = 0.6
    #: how directly the text states it: explicit ("I bought") / implied ("my new pressure cooker")
    directness: str = "explicit"
    time_hint: str | None = None  # "yesterday", "上周", an ISO date: resolved later against occurred_at


@dataclass(slots=True)
class ResolvedRef:
    mention: str  # "it", "他", "那个"
    event_id: str
    resolved_to: str | None = None  # entity name, or None when unresolved
    status: str = "unresolved"  # resolved | unresolved


def _fields(item: Any) -> dict[str, Any]:
    """``asdict`` for the flat items above (scalar fields only): the same dict, without
    asdict's recursive deep copy (a third of the batch log's cost, every batch)."""
    return {name: getattr(item, name) for name in item.__dataclass_fields__}


@dataclass(slots=True)
class Phase1Output:
    entities: list[ExtractedEntity] = field(default_factory=list)
    #: what the text states as true when it was told
    fact_claims: list[FactClaim] = field(default_factory=list)
    resolved_refs: list[ResolvedRef] = field(default_factory=list)
    #: who produced it: "rule" or "llm:<model>"
    producer: str = "rule"
    #: what the text says *will* be true from a date it names — "下周一去美团报到", "we're moving to
    #: Brisbane next month" (``time_hint`` "from:<expression>"): a plan with a date is no fact at
    #: its telling, so it is kept apart from ``fact_claims``; L2 schedules it (the state begins on
    #: that date unless a later word calls it off)
    scheduled_claims: list[FactClaim] = field(default_factory=list)

    @property
    def all_claims(self) -> list[FactClaim]:
        """Fact and scheduled claims, in that order: what L2 applies (each by its own time)."""
        return [*self.fact_claims, *self.scheduled_claims]

    def split_scheduled(self) -> "Phase1Output":
        """Move every claim with a scheduled-start hint from ``fact_claims`` to
        ``scheduled_claims`` (in place; returns self). The rule extractor and a model's JSON
        both mark a dated future start by its hint; this is the one place that sorts them."""
        from .future_starts import scheduled_expression

        facts: list[FactClaim] = []
        for c in self.fact_claims:
            (self.scheduled_claims if scheduled_expression(c.time_hint) is not None else facts).append(c)
        self.fact_claims = facts
        return self

    def to_json(self) -> dict[str, Any]:
        return {"entities": [_fields(e) for e in self.entities],
                "fact_claims": [_fields(c) for c in self.fact_claims],
                "scheduled_claims": [_fields(c) for c in self.scheduled_claims],
                "resolved_refs": [_fields(r) for r in self.resolved_refs],
                "producer": self.producer}

    @classmethod
    def from_json(cls, data: dict[str, Any], *, producer: str = "llm") -> "Phase1Output":
        """Build from validated JSON (unknown keys ignored, so a chatty model does not break it)."""
        def pick(klass, item):
            names = klass.__dataclass_fields__.keys()
            return klass(**{k: v for k, v in item.items() if k in names})
        return cls(entities=[pick(ExtractedEntity, e) for e in data.get("entities", [])],
                   fact_claims=[pick(FactClaim, c) for c in data.get("fact_claims", [])],
                   scheduled_claims=[pick(FactClaim, c) for c in data.get("scheduled_claims", [])],
                   resolved_refs=[pick(ResolvedRef, r) for r in data.get("resolved_refs", [])],
                   producer=data.get("producer", producer)).split_scheduled()


_STR = {"type": "string"}
_NSTR = {"type": ["string", "null"]}
_NUM = {"type": "number", "minimum": 0, "maximum": 1}

PHASE1_JSON_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["entities", "fact_claims", "resolved_refs"],
    "properties": {
        "entities": {"type": "array", "items": {
            "type": "object", "required": ["mention", "name", "entity_type", "event_id"],
            "properties": {"mention": _STR, "name": _STR, "entity_type": _STR, "event_id": _STR,
                           "confidence": _NUM, "resolved_id": _NSTR}}},
        "fact_claims": {"type": "array", "items": {
            "type": "object", "required": ["subject", "predicate", "object", "evidence_text", "event_id"],
            "properties": {"subject": _STR, "predicate": _STR, "object": _STR, "evidence_text": _STR,
                           "event_id": _STR, "kind": {"enum": ["relation", "trait"]},
                           "subject_type": _NSTR, "object_type": _NSTR, "trait": _NSTR, "value": _NSTR,
                           "negated": {"type": "boolean"}, "confidence": _NUM,
                           "directness": {"enum": ["explicit", "implied"]}, "time_hint": _NSTR}}},
        "resolved_refs": {"type": "array", "items": {
            "type": "object", "required": ["mention", "event_id"],
            "properties": {"mention": _STR, "event_id": _STR, "resolved_to": _NSTR,
                           "status": {"enum": ["resolved", "unresolved"]}}}},
    },
}
