"""The retrieval contract: what a question becomes (``QueryPlan``) and what a layer answers
(``LayerHit`` / ``LayerResult``).

Every retriever — L1's own paths, L2's grounding, L3 summaries, L4 skills — reads the *same*
plan, built once per question by the intent parser. That is the "grounding plan" of the design:
mode, time window or anchor, the entities and category the question is about, the predicate
family it asks for, the scopes it may trust. A layer never re-parses the question text; if the
plan lacks something a layer needs, the plan grows a field (one place, one parser).

Layers plug in on the retrieval service (``engine.retrieval``):

* ``register_layer(retriever)``: ``retriever.name in {"l2", "l3", "l4"}``,
  ``retriever.search(plan) -> LayerResult``. Called on a reader thread; must only read.
  Each hit keeps the ``event_ids`` it was derived from (traceability, deletion).
* ``register_event_path(path)``: an extra L1 path that scores *events*, e.g. L2's graph
  spreading: ``path.name = "graph"``, ``path.search(plan, seed_seqs) -> [(seq, score), ...]``
  best first. ``seed_seqs`` are the event seqs the lexical/vector paths found first (the
  seeds of expansion). Its scores (higher is better) are min-max normalised over its own list
  and fused with the weight ``policy.RRF_WEIGHTS[mode][path.name] * EXPANSION_WEIGHT_SCALE``
  (0 when the mode has no weight for it): the relative shape of the scores matters, not the scale.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal, Protocol, Sequence, runtime_checkable

from ..policy import QueryMode, RetrievalScope

Direction = Literal["before", "after"]
LayerName = Literal["l2", "l3", "l4"]


@dataclass(frozen=True, slots=True)
class TimeWindow:
    """Half-open ``[start, end)`` in unix seconds; either bound may be open (None)."""

    start: float | None
    end: float | None
    #: the expression it came from ("last week", "上周三", "before the air fryer")
    source: str = ""
    #: hard: events outside are dropped at fetch ("last week", an anchor, the caller's range);
    #: soft: only the temporal path is restricted to it, so in-window events gain through RRF
    #: agreement but nothing is dropped ("recently", "these days": vague, and often the time of
    #: what is *told*, not of the telling)
    hard: bool = True

    def contains(self, t: float) -> bool:
        return (self.start is None or t >= self.start) and (self.end is None or t < self.end)


@dataclass(slots=True)
class Anchor:
    """A relative time given by another event: "before the air fryer" / "在买空气炸锅之前".

    ``resolved_at`` is the time of the best fact event about ``text`` (found by retrieval
    before the main search); ``None`` when nothing matched, and then no window is applied.
    """

    text: str
    direction: Direction
    resolved_at: float | None = None
    event_id: str | None = None
    #: how it was resolved (path, candidate count), for the trace
    how: str = ""
    #: the anchor event tells the answer too: the change *from* what the question asks for ("Sold
    #: my old Civic and bought a used Subaru" for "what car did I have before the Subaru?") or *to*
    #: it ("…after the Civic?"); the thing may be named only there, so that event is an answer as
    #: well as the reference point (``anchor_line``)
    answers: bool = False


@dataclass(slots=True)
class QueryPlan:
    query: str
    mode: QueryMode
    now: float
    #: the time window (explicit: "last week"; vague: "recently" (soft); derived from the anchor)
    time_window: TimeWindow | None = None
    anchor: Anchor | None = None
    #: content terms of the question (``text.segment.query_terms``), anchor words included
    terms: list[str] = field(default_factory=list)
    #: terms of the question minus the anchor's own words (what the answer should match)
    target_terms: list[str] = field(default_factory=list)
    #: entity-like mentions in the question ("air fryer", "高压锅", "Jiaxing")
    entity_mentions: list[str] = field(default_factory=list)
    #: "appliance", "place", ... (policy.ENTITY_TYPES) when the question asks for a kind of thing
    target_entity_type: str | None = None
    #: lexicon category key ("kitchen_appliance") when the question names a category
    target_category: str | None = None
    #: concept families the question names ("tea", "relationship": ``lexicon.concepts``); the
    #: concept path searches for their hyponyms and typical expressions
    concepts: list[str] = field(default_factory=list)
    #: predicate family the question asks about ("acquisition", "preference", "residence", ...)
    predicate_family: str | None = None
    #: every family whose words the question holds, ``predicate_family``'s first
    #: (``predicates.question_families``): the candidates the state-line model may choose among
    predicate_families: tuple[str, ...] = ()
    #: subject of the question: "user" (default) or an explicit entity name
    subject: str = "user"
    #: exact phrases quoted in the question ("..." / “...” / 「...」)
    quoted_phrases: list[str] = field(default_factory=list)
    #: caller filters: source, session_id, author_type, ... (applied in SQL by L1)
    filters: dict[str, Any] = field(default_factory=dict)
    limit: int = 10
    allowed_scopes: frozenset[RetrievalScope] = frozenset()
    #: the query embedding in the active event space (shared so layers need not re-embed);
    #: a numpy float32 vector or None when no embedder is available
    query_vector: Any = None
    #: how the mode was chosen: "caller" or the intent rule that fired
    mode_reason: str = ""
    #: events that are the question being answered (the chat pane stores the message before it
    #: asks memory): never findings, whatever their text or class
    exclude_event_ids: frozenset[str] = frozenset()
    #: the caller's explicit ``now`` (a question asked as of a past date): events that occurred
    #: after it do not exist for this question, nor does anything derived from them only
    as_of: float | None = None
    #: current_state: a pet memory knows, named by itself in the question ("is rocky still living
    #: with me?"), read once when the plan is made
    named_pet: str | None = None

    @property
    def has_time_intent(self) -> bool:
        return self.time_window is not None

    def to_json(self) -> dict[str, Any]:
        d = {k: v for k, v in asdict(self).items() if k != "query_vector"}
        d["mode"] = self.mode.value
        d["allowed_scopes"] = sorted(s.value for s in self.allowed_scopes)
        d["exclude_event_ids"] = sorted(self.exclude_event_ids)
        return d


@dataclass(slots=True)
class LayerHit:
    layer: str  # "l2" | "l3" | "l4"
    kind: str  # edge | assertion | snapshot | episode | summary | skill | ...
    id: str  # the row id in that layer (triple_id, summary_id, ...)
    text: str  # what the answer may quote ("user OWNS pressure cooker (since ...)")
    score: float  # the layer's own score, higher is better (only the rank is fused)
    event_ids: list[str] = field(default_factory=list)  # provenance: never empty for facts
    occurred_at: float | None = None  # the time the hit is about (last_observed_at, window end)
    payload: dict[str, Any] = field(default_factory=dict)  # layer-specific fields for the GUI

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class LayerResult:
    hits: list[LayerHit] = field(default_factory=list)
    #: free-form, JSON-serialisable: what the layer did (subdomains, filters, counts, timings)
    trace: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class LayerRetriever(Protocol):
    name: str

    def search(self, plan: QueryPlan) -> LayerResult: ...


@runtime_checkable
class EventPath(Protocol):
    name: str

    def search(self, plan: QueryPlan, seed_seqs: Sequence[int]) -> list[tuple[int, float]]: ...
