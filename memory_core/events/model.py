"""The ``MemoryEvent`` contract: the one shape every source is normalised into.

A source says *what happened*; the memory system decides *with what identity it enters*
(content, idempotency key, domain, retention, evidence class, retrieval scope). The record
carries both halves, so any later layer can explain why an event is treated the way it is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from ..policy import (AuthorType, ContentType, EventType, EvidenceClass, IngestTarget,
                      MemoryDomain, RetentionClass, RetrievalScope, Route)

#: One encoder for every event: ``json.dumps`` with options builds a new ``JSONEncoder`` per
#: call. Keys stay sorted, so the stored text is the same whatever order a plugin sent.
_METADATA_ENCODER = json.JSONEncoder(ensure_ascii=False, sort_keys=True, default=str)


@dataclass(frozen=True, slots=True)
class Activity:
    source_code: str
    action_code: str
    object_code: str

    def __reduce__(self) -> tuple[Any, ...]:
        # positional rebuild: the dataclass slot-state protocol is ~10x slower (bulk imports
        # send events between processes)
        return (Activity, (self.source_code, self.action_code, self.object_code))


@dataclass(frozen=True, slots=True)
class EntityHint:
    """A plugin's guess at an entity. Kept as a hint for L2, never trusted as a conclusion."""

    mention_text: str
    entity_type: str

    def __reduce__(self) -> tuple[Any, ...]:
        return (EntityHint, (self.mention_text, self.entity_type))

    def to_json(self) -> dict[str, str]:
        return {"mention_text": self.mention_text, "entity_type": self.entity_type}


@dataclass(frozen=True, slots=True)
class ToolExecution:
    """The ActionExecuted facts that L4 aggregates synchronously."""

    tool_name: str
    category: str
    success: bool
    duration_ms: float | None
    input_text: str
    output_text: str
    error: str | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return (ToolExecution, (self.tool_name, self.category, self.success, self.duration_ms,
                                self.input_text, self.output_text, self.error))


@dataclass(slots=True)
class MemoryEvent:
    """A normalised event, before (``event_id`` empty) or after it is stored."""

    # -- what happened (from the source) --
    occurred_at: float
    event_type: EventType
    source: str
    source_item_id: str
    content: str
    author_type: AuthorType
    content_type: ContentType
    session_id: str | None = None
    user_id: str = "local_user"
    role: str | None = None  # chat role: user / assistant / tool
    #: a named person other than the user who said this chat line (imported group chats): what
    #: it states is about that person, never about the user
    speaker: str | None = None
    activity: Activity | None = None
    tags: tuple[str, ...] = ()
    entity_hints: tuple[EntityHint, ...] = ()
    tool: ToolExecution | None = None
    l2_batch_owner: str | None = None
    raw: dict[str, Any] = field(default_factory=dict)

    # -- identity decided by the memory system --
    idempotency_key: str = ""
    memory_domain: MemoryDomain = MemoryDomain.CONVERSATION
    ingest_target: IngestTarget = IngestTarget.L1_ONLY
    route: Route = Route.L1
    cognition_eligible: bool = False
    retention_class: RetentionClass = RetentionClass.STANDARD
    evidence_class: EvidenceClass = EvidenceClass.EXTERNAL_OBSERVATION
    l1_retrieval_scope: RetrievalScope = RetrievalScope.FACT_AUTHORITATIVE
    classifier_rule: str = ""

    # -- set when stored --
    event_id: str = ""
    seq: int | None = None

    def metadata(self) -> dict[str, Any]:
        """``metadata_json``: the raw source fields and the L2 hints, kept for audit and L2."""
        meta: dict[str, Any] = {"raw": self.raw}
        if self.entity_hints:
            meta["structured_entity_hints"] = [h.to_json() for h in self.entity_hints]
        if self.activity is not None:
            meta["activity"] = {"source_code": self.activity.source_code,
                                "action_code": self.activity.action_code,
                                "object_code": self.activity.object_code}
        if self.role:
            meta["role"] = self.role
        if self.speaker:
            meta["speaker"] = self.speaker
        if self.tool is not None:
            meta["tool"] = {"tool_name": self.tool.tool_name, "category": self.tool.category,
                            "success": self.tool.success, "duration_ms": self.tool.duration_ms,
                            "error": self.tool.error}
        meta["classifier_rule"] = self.classifier_rule
        return meta

    def metadata_json(self) -> str:
        return _METADATA_ENCODER.encode(self.metadata())

    def __reduce__(self) -> tuple[Any, ...]:
        # every field, in declaration order, through the constructor (see Activity.__reduce__)
        return (MemoryEvent, tuple([getattr(self, name) for name in _EVENT_FIELDS]))


_EVENT_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(MemoryEvent))


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An L1 row as read back (what the CLI, retrieval and the GUI see)."""

    seq: int
    event_id: str
    occurred_at: float
    event_type: str
    source: str
    source_item_id: str
    session_id: str | None
    author_type: str
    content: str
    content_type: str
    memory_domain: str
    retention_class: str
    evidence_class: str
    l1_retrieval_scope: str
    cognition_eligible: bool
    classifier_rule: str
    embedding_state: str
    tags: tuple[str, ...]
    metadata: dict[str, Any]

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "StoredEvent":
        return cls(
            seq=row["seq"], event_id=row["event_id"], occurred_at=row["occurred_at"],
            event_type=row["event_type"], source=row["source"],
            source_item_id=row["source_item_id"], session_id=row["session_id"],
            author_type=row["author_type"], content=row["content"],
            content_type=row["content_type"], memory_domain=row["memory_domain"],
            retention_class=row["retention_class"], evidence_class=row["evidence_class"],
            l1_retrieval_scope=row["l1_retrieval_scope"],
            cognition_eligible=bool(row["cognition_eligible"]),
            classifier_rule=row["classifier_rule"], embedding_state=row["embedding_state"],
            tags=tuple(json.loads(row["tags_json"] or "[]")),
            metadata=json.loads(row["metadata_json"] or "{}"),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "event_id": self.event_id, "occurred_at": self.occurred_at,
            "event_type": self.event_type, "source": self.source,
            "source_item_id": self.source_item_id, "session_id": self.session_id,
            "author_type": self.author_type, "content": self.content,
            "content_type": self.content_type, "memory_domain": self.memory_domain,
            "retention_class": self.retention_class, "evidence_class": self.evidence_class,
            "l1_retrieval_scope": self.l1_retrieval_scope,
            "cognition_eligible": self.cognition_eligible,
            "classifier_rule": self.classifier_rule, "embedding_state": self.embedding_state,
            "tags": list(self.tags), "metadata": self.metadata,
        }
