"""What a Phase 1 extractor (rule-based or LLM) is given: a micro-batch of events and the
known entities of the catalog.

Both are plain records so the L2 worker can build them from SQL rows without the extractor
knowing about the database, and tests can build them by hand.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True, slots=True)
class EntityHintInput:
    """A plugin's ``structured_entity_hints`` item: a hint, never a conclusion."""

    mention_text: str
    entity_type: str


@dataclass(frozen=True, slots=True)
class ExtractionInput:
    """One event of the micro-batch, in batch order (coreference looks backwards in it)."""

    event_id: str
    content: str
    author_type: str = "user"
    occurred_at: float = 0.0
    session_id: str | None = None
    structured_entity_hints: tuple[EntityHintInput, ...] = ()
    #: ``fact_events.source`` / ``event_type`` / ``evidence_class``: sensor events are read
    #: through their hints and activity, not through first-person statement patterns.
    source: str = ""
    event_type: str = ""
    evidence_class: str = ""
    #: ``metadata_json.activity`` (source_code, action_code, object_code) when present
    activity: Mapping[str, str] | None = None
    raw: Mapping[str, Any] = field(default_factory=dict)
    #: the person (not the user) who said a chat line: first-person statements are about them
    speaker: str | None = None

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "ExtractionInput":
        """Build from a ``fact_events`` row (``metadata_json`` as text or already parsed)."""
        meta = metadata_of(row)
        hints = tuple(EntityHintInput(str(h["mention_text"]), str(h["entity_type"]))
                      for h in meta.get("structured_entity_hints", ())
                      if h.get("mention_text") and h.get("entity_type"))
        return cls(event_id=row["event_id"], content=row.get("content") or "",
                   author_type=row.get("author_type") or "user",
                   occurred_at=float(row.get("occurred_at") or 0.0),
                   session_id=row.get("session_id"), structured_entity_hints=hints,
                   source=row.get("source") or "", event_type=row.get("event_type") or "",
                   evidence_class=row.get("evidence_class") or "",
                   activity=meta.get("activity"), raw=meta.get("raw") or {},
                   speaker=meta.get("speaker"))


def metadata_of(row: Mapping[str, Any]) -> dict[str, Any]:
    """A ``fact_events`` row's ``metadata_json`` (text or already parsed) as a dict."""
    meta = row.get("metadata_json") or row.get("metadata") or {}
    if isinstance(meta, str):
        meta = json.loads(meta) if meta else {}
    return meta


@dataclass(frozen=True, slots=True)
class LiveTrait:
    """A value the store holds as the user's current state (a live assertion), offered so a
    later nameless end ("I handed in my notice", 我本科毕业了, "we got married") can name what
    it ends even when the value was told in another batch, months earlier."""

    trait: str  # employer, school, residence, vehicle, pet, partner, …
    value: str
    entity_type: str
    since: float  # valid_from: an event told before it cannot end it


@dataclass(frozen=True, slots=True)
class KnownEntity:
    """An ``entity_catalog`` row offered to the extractor for gazetteer matching."""

    entity_id: str
    name: str
    entity_type: str
    aliases: tuple[str, ...] = ()

    def surface_forms(self) -> tuple[str, ...]:
        seen: list[str] = []
        for form in (self.name, *self.aliases):
            if form and form.lower() not in (s.lower() for s in seen):
                seen.append(form)
        return tuple(seen)
