"""L3 records: an event as a window sees it, a summary draft, and a stored summary."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from ..policy import SUMMARY_SOURCE_CATEGORIES


@dataclass(frozen=True, slots=True)
class WindowEvent:
    """The fields of an L1 event that summarisation reads."""

    event_id: str
    seq: int
    occurred_at: float
    source: str
    event_type: str
    author_type: str
    content: str
    metadata: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    evidence_class: str = ""
    session_id: str | None = None

    @property
    def source_key(self) -> str:
        """The compression bucket: the event's source; tool executions inside chat are their
        own bucket so a burst of tool calls cannot crowd out the user's messages."""
        return f"{self.source}:{self.event_type}" if self.event_type == "ACTION_EXECUTED" else self.source

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "WindowEvent":
        """From a full row (``metadata_json``) or a light one (``tool_json`` and ``p_<key>``
        columns extracted in SQL: a window of 30k events need not parse 30k JSON documents)."""
        if "metadata_json" in row:
            metadata = json.loads(row["metadata_json"] or "{}")
        else:
            metadata = {}
            if row.get("tool_json"):
                metadata["tool"] = json.loads(row["tool_json"])
            prov = {k[2:]: v for k, v in row.items() if k.startswith("p_") and v is not None}
            if prov:
                metadata["raw"] = {"provenance": prov}
        return cls(row["event_id"], row["seq"], row["occurred_at"], row["source"], row["event_type"],
                   row["author_type"], row["content"], metadata,
                   row.get("evidence_class") or "", row.get("session_id"))


def category_of(source_key: str) -> str:
    """``summary_category`` of a source bucket (policy.SUMMARY_SOURCE_CATEGORIES)."""
    if source_key in SUMMARY_SOURCE_CATEGORIES:
        return SUMMARY_SOURCE_CATEGORIES[source_key]
    base = source_key.split(":", 1)[0]
    return SUMMARY_SOURCE_CATEGORIES.get(base, f"{base}_activity")


@dataclass(slots=True)
class SummaryDraft:
    """A summary about to be written (or rewritten in place, matched by ``dedup_key``)."""

    summary_type: str  # temporal | thematic | insight
    summary_category: str
    title: str
    body: str
    producer: str  # model id, "extractive" or "rule_template"
    source_event_ids: list[str]
    dedup_key: str
    granularity: str | None = None
    window_start: float | None = None
    window_end: float | None = None
    source_stats: dict[str, dict[str, int]] = field(default_factory=dict)
    event_count: int = 0
    trigger: str = ""
    status: str = "active"
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Summary:
    seq: int
    summary_id: str
    summary_type: str
    summary_category: str
    granularity: str | None
    window_start: float | None
    window_end: float | None
    title: str
    body: str
    producer: str
    source_event_ids: tuple[str, ...]
    source_stats: dict[str, Any]
    event_count: int
    status: str
    trigger: str
    dedup_key: str | None
    metadata: dict[str, Any]
    embedding_state: str
    created_at: float
    updated_at: float

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "Summary":
        return cls(row["seq"], row["summary_id"], row["summary_type"], row["summary_category"],
                   row["granularity"], row["window_start"], row["window_end"], row["title"],
                   row["body"], row["producer"], tuple(json.loads(row["source_event_ids"] or "[]")),
                   json.loads(row["source_stats_json"] or "{}"), row["event_count"], row["status"],
                   row["trigger"], row["dedup_key"], json.loads(row["metadata_json"] or "{}"),
                   row["embedding_state"], row["created_at"], row["updated_at"])

    @property
    def text(self) -> str:
        return f"{self.title}\n{self.body}"

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["source_event_ids"] = list(self.source_event_ids)
        return d
