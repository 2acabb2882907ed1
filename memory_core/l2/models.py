"""L2 records as the service, the GUI and retrieval see them (plain dataclasses over rows)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(slots=True)
class Entity:
    entity_id: str
    canonical_name: str
    entity_type: str
    aliases: list[str] = field(default_factory=list)
    is_user: bool = False
    status: str = "active"
    merged_into: str | None = None
    mention_count: int = 0
    first_seen_at: float | None = None
    last_seen_at: float | None = None
    reason: str = ""

    @classmethod
    def from_row(cls, row: dict[str, Any], aliases: list[str] | None = None) -> "Entity":
        return cls(entity_id=row["entity_id"], canonical_name=row["canonical_name"],
                   entity_type=row["entity_type"], aliases=aliases or [], is_user=bool(row["is_user"]),
                   status=row["status"], merged_into=row["merged_into"],
                   mention_count=row["mention_count"], first_seen_at=row["first_seen_at"],
                   last_seen_at=row["last_seen_at"], reason=row["reason"])

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class Evidence:
    event_id: str
    occurred_at: float
    evidence_text: str
    confidence: float
    directness: str
    reason: str = ""


@dataclass(slots=True)
class Edge:
    triple_id: str
    subject_id: str
    predicate: str
    object_id: str
    status: str
    confidence: float
    observation_count: int
    evidence_event_ids: list[str]
    first_observed_at: float | None
    last_observed_at: float | None
    valid_from: float | None
    valid_to: float | None
    predicate_family: str | None = None
    is_core: bool = True
    evidence_text: str = ""
    directness: str = "explicit"
    superseded_by: str | None = None
    relation_label: str = "new"
    reason: str = ""
    subject_name: str = ""
    object_name: str = ""
    object_type: str = ""

    def describe(self) -> str:
        return f"{self.subject_name or self.subject_id} {self.predicate} {self.object_name or self.object_id}"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class Assertion:
    assertion_id: str
    entity_id: str
    trait: str
    value: str
    term: str
    status: str
    confidence: float
    evidence_count: int
    evidence_event_ids: list[str]
    first_observed_at: float | None
    last_observed_at: float | None
    valid_from: float | None
    valid_to: float | None
    expires_at: float | None
    polarity: int = 1
    superseded_by: str | None = None
    supersedes: str | None = None
    user_confirmed: bool = False
    reason: str = ""

    def describe(self) -> str:
        neg = "" if self.polarity else "not "
        return f"{self.trait}: {neg}{self.value}"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class Episode:
    episode_id: str
    status: str
    started_at: float
    ended_at: float
    event_count: int
    event_ids: list[str]
    entity_ids: list[str]
    topic_terms: list[str]
    title: str
    merged_into: str | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class Snapshot:
    entity_id: str
    profile: dict[str, Any]
    evidence_event_ids: list[str]
    reason: str
    version: int
    refreshed_at: float

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "Snapshot":
        return cls(row["entity_id"], json.loads(row["snapshot_json"]),
                   json.loads(row["evidence_event_ids"]), row["reason"], row["version"],
                   row["refreshed_at"])

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class L2Change:
    """What L2 reconcile decided, for observers (L3 insights: state change, contradiction
    resolved, long-term trend). ``kind``: assertion_new | state_change | superseded | expired |
    contradiction_resolved | edge_new | edge_corroborated | user_denied."""

    kind: str
    entity_id: str
    entity_name: str
    trait_or_predicate: str
    old_value: str | None
    new_value: str | None
    event_ids: tuple[str, ...]
    occurred_at: float
    reason: str = ""
    #: assertion_id / triple_id of the row(s) concerned
    ids: tuple[str, ...] = ()
    confidence: float | None = None

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["event_ids"] = list(self.event_ids)
        d["ids"] = list(self.ids)
        return d
