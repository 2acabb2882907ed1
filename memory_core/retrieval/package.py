"""The answer-facing package: what the answering model sees (design "fusion & projection").

Retrieval decides *what was found*; the package says it in a form the answerer can use without
re-reading the database: a status, a one-line summary, findings (each with the event ids behind
it and how strongly it supports the answer), entity and asset references, a timeline and
evidence bundles, whether evidence is insufficient, and hints on how to answer ("don't guess",
"say it was a new pressure cooker, not a purchase"). ``to_json`` is the tool result.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import Any

from .trace import QueryTrace

#: package status values
FOUND, WEAK_ONLY, NOT_FOUND = "found", "weak_evidence", "not_found"


def iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, tz=timezone.utc).isoformat().replace("+00:00", "Z")


#: the keys of a layer hit's payload a finding carries as ``facts`` (``l2.phrases.describe``
#: reads them); the rest of the payload is the layer's own bookkeeping
#: ``subject``: the name of whom an L2 conclusion is about when that is not the user (a
#: speaker of an imported chat), so its words say "Alex lives in …", never "you live in …"
FINDING_FACT_KEYS = ("predicate", "object", "status", "valid_to", "trait", "value", "polarity", "current", "parts",
                     "subject")


@dataclass(slots=True)
class Finding:
    rank: int
    event_id: str  # the primary event (for layer hits: the most recent one cited)
    content: str
    occurred_at: float | None
    author_type: str
    evidence_strength: str  # direct | indirect | weak
    score: float
    layer: str = "l1"
    kind: str = "event"
    event_ids: list[str] = field(default_factory=list)
    source: str | None = None
    session_id: str | None = None
    evidence_class: str | None = None
    evidence: dict[str, Any] = field(default_factory=dict)
    truncated: bool = False
    hit_id: str | None = None  # the layer's row id for layer hits
    #: how well it matches the question relative to the best candidate of its own list (L1's
    #: fused score / the best fused score; a layer hit's score / that layer's best), 0..1: the
    #: scales of different lists are not comparable, their relative shapes are
    relevance: float | None = None
    #: a derived finding's structured conclusion (predicate and object, or trait, value and
    #: status: ``FINDING_FACT_KEYS``), so an answer or a view can say it in words of its
    #: own language instead of quoting ``content``, which is written for a model
    facts: dict[str, Any] = field(default_factory=dict)
    #: the named person who said it (an imported chat line's ``speaker``); None for the user's
    #: own words and for derived findings
    speaker: str | None = None

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["occurred_at_iso"] = iso(self.occurred_at)
        return d


@dataclass(slots=True)
class MemoryPackage:
    status: str
    query_mode: str
    query: str
    summary: str
    findings: list[Finding]
    entity_refs: list[dict[str, Any]]
    asset_refs: list[dict[str, Any]]
    insufficient_evidence: bool
    evidence_level: str  # strong | weak | none
    answering_hints: list[str]
    timeline: list[dict[str, Any]]
    evidence_bundles: list[dict[str, Any]]
    anchor: dict[str, Any] | None
    time_window: dict[str, Any] | None
    trace: QueryTrace
    #: the findings within the limit *before* the relevance floor, in rank order (not part of the
    #: tool result: evals read the ranking from it, the trace says why each one was cut)
    ranked: list[Finding] = field(default_factory=list)

    @property
    def event_ids(self) -> list[str]:
        return [f.event_id for f in self.findings]

    def to_json(self, *, include_trace: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "status": self.status, "query_mode": self.query_mode, "query": self.query,
            "summary": self.summary, "findings": [f.to_json() for f in self.findings],
            "entity_refs": self.entity_refs, "asset_refs": self.asset_refs,
            "insufficient_evidence": self.insufficient_evidence,
            "evidence_level": self.evidence_level, "answering_hints": self.answering_hints,
            "timeline": self.timeline, "evidence_bundles": self.evidence_bundles,
            "anchor": self.anchor, "time_window": self.time_window,
        }
        if include_trace:
            out["trace"] = self.trace.to_json()
        return out
