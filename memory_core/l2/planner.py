"""From Phase 1 output to a decided write plan: candidates, Phase 2 labels, conflicts, arbitration.

Runs on a reader connection *outside* any write transaction, because it may call the LLM
(Phase 2 on FAST_CLASSIFY, arbitration on CORE_REASONING). Candidates are walked in event-time
order over an overlay of the current graph/assertions, so two facts in one batch ("I live in
Shanghai" … "I moved to Jiaxing") are reconciled in the order they happened. The result is a
:class:`Plan` of row operations that :mod:`.reconcile` applies in one transaction.

Structural rules always run (they are cheap and exact): predicate normalisation and family
reuse, antonym invalidation, single-valued predicates/traits as state reversals, short-term
overwrite. Phase 2 adds labels and *semantic* conflict hints rules cannot see (preference
reversal "jazz → classical"); offline the rule labels stand alone (weaker: a reversal between
two different objects of a multi-valued predicate is not detected without the LLM).

Fast-track: subject and object already resolved to existing entities, a core predicate, no
assertion involved → no Phase 2 call for that edge (sensor bursts stay cheap).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Sequence

import apsw

from ..db.connection import Row, placeholders
from ..extraction.future_starts import scheduled_start
from ..extraction.schema import USER_SUBJECT, Phase1Output
from ..ids import new_ulid
from ..lexicon.categories import categories_of
from ..lexicon.names import VEHICLE_MODELS
from ..policy import (EVIDENCE_POLICIES, L2_ARBITRATION_MIN_SEVERITY, REVIEW_CONFIDENCE_THRESHOLD,
                      EvidenceClass, Tier)
from ..providers.chat import ChatRequest, ProviderError
from ..text.segment import has_cjk
from .arbitration import arbitrate
from .assertion_store import MULTI_VALUED_TRAITS, TRAIT_ENDS, merge_key
from .catalog import canonical_name
from .extract import chat_available, parse_json_reply
from .graph_store import triple_id
from .lifecycle import (EDGE_ACTIVE, EDGE_INVALIDATED, EDGE_REJECTED, EDGE_SUPERSEDED,
                        EDGE_USER_DENIED, LIVE_ASSERTION_STATES, OVERWRITTEN, REJECTED, SUPERSEDED,
                        ArbitrationDecision, ArbitrationSide, claim_confidence, expires_at, name_norm,
                        tells_former_state, trait_term)
from .predicates import (PREDICATE_REGISTRY, are_antonyms, family_members, is_exclusive,
                         normalize_predicate, predicate_for_trait, trait_for)
from .prompts import PHASE2_SCHEMA, phase2_messages
from .resolution import MentionRequest, Resolution, Resolver, type_for_term

log = logging.getLogger(__name__)

SEVERITY = {"antonym": 0.9, "state_reversal": 0.8, "direct_negation": 0.7, "preference_reversal": 0.6}


def names_same_thing(held: str, said: str) -> bool:
    """Whether an end names a live value by part of its name ("sold my Corolla" ends "Toyota
    Corolla"; 辞去了字节的工作 ends 字节跳动): whole words in Latin script, a prefix or suffix of at
    least two characters in Chinese. Pure, so the rule is testable without a database."""
    if held == said:
        return bool(held)
    if not held or not said:
        return False
    if has_cjk(said):
        if len(said) == 1:  # 秦也卖了 ends 比亚迪秦: a one-character model after its brand
            return said in VEHICLE_MODELS and held.endswith(said)
        return held.startswith(said) or held.endswith(said) or said.startswith(held)
    h, s = held.split(), said.split()
    if not s or not h:
        return False
    shorter, longer = (s, h) if len(s) <= len(h) else (h, s)
    return any(longer[i:i + len(shorter)] == shorter for i in range(len(longer) - len(shorter) + 1))


def short_form_of(said: str, held: str, trait: str) -> bool:
    """Whether ``said`` is a shorter name of the held value of a one-valued ``trait`` — "first
    month at Gillmoss done" after "starting at Stagecoach Gillmoss", 在字节 after 字节跳动 — so a
    line naming it again corroborates the held value instead of replacing it by the short form as
    a change of state (which left "employer: gillmoss" current and logged a state reversal
    stagecoach gillmoss → gillmoss). The parts rule of ``names_same_thing``; a place in Latin
    script only by its head ("san francisco" of "san francisco bay area"): "Virginia" is not
    West Virginia, "York" not New York (``name_norm`` keeps a name's own "new" / "old"). Pure."""
    if not said or len(said) >= len(held) or not names_same_thing(held, said):
        return False
    if trait == "residence" and not has_cjk(said):
        return held.startswith(said + " ")
    return True


@dataclass(slots=True)
class EventInfo:
    event_id: str
    seq: int
    occurred_at: float
    session_id: str | None
    evidence_class: str
    content: str
    #: when the event was told, kept when ``occurred_at`` is moved to a dated start's date
    told_at: float | None = None

    @property
    def told(self) -> float:
        """When it was told: ``occurred_at`` unless that was moved to a dated start's date."""
        return self.told_at if self.told_at is not None else self.occurred_at

    @property
    def policy(self):
        try:
            return EVIDENCE_POLICIES[EvidenceClass(self.evidence_class)]
        except ValueError:
            return EVIDENCE_POLICIES[EvidenceClass.EXTERNAL_OBSERVATION]


@dataclass(slots=True)
class CandidateEdge:
    key: str
    subject_id: str
    predicate: str
    object_id: str
    family: str | None
    is_core: bool
    confidence: float
    directness: str
    evidence_text: str
    event: EventInfo
    raw_predicate: str = ""
    object_name: str = ""
    evolves_hint: bool = False
    negated: bool = False
    implied_from: str | None = None
    mirrors_trait: bool = False
    fast_track: bool = False
    label: str = "new"
    conflict: dict[str, Any] | None = None
    reason: str = ""
    #: told as over ("I used to live in Boston"): history only (``lifecycle.tells_former_state``)
    former: bool = False


@dataclass(slots=True)
class CandidateAssertion:
    key: str
    entity_id: str
    trait: str
    value: str
    polarity: int
    confidence: float
    directness: str
    evidence_text: str
    event: EventInfo
    label: str = "new"
    conflict: dict[str, Any] | None = None
    mirrored_from: str | None = None  # the edge candidate key it mirrors
    reason: str = ""


@dataclass(slots=True)
class EdgeOp:
    cand: CandidateEdge
    status: str = EDGE_ACTIVE  # status to leave the edge in after the upsert
    reactivate: bool = False


@dataclass(slots=True)
class EdgeStatusOp:
    triple_id: str
    status: str
    valid_to: float | None
    superseded_by: str | None
    reason: str


@dataclass(slots=True)
class AssertionOp:
    cand: CandidateAssertion
    assertion_id: str
    create: bool
    status: str = "tentative"
    supersedes: str | None = None


@dataclass(slots=True)
class AssertionStatusOp:
    assertion_id: str
    status: str
    valid_to: float | None
    superseded_by: str | None
    reason: str


@dataclass(slots=True)
class ConflictRecord:
    conflict_type: str
    severity: float
    old_kind: str
    old_id: str
    new_kind: str
    new_id: str
    decision: str
    decided_by: str
    confidence: float
    reason: str
    evidence_event_ids: list[str]
    review: bool = False
    #: both sides, for the review inbox
    old_summary: str = ""
    new_summary: str = ""


@dataclass
class Plan:
    events: dict[str, EventInfo]
    resolutions: list[Resolution] = field(default_factory=list)
    edge_ops: list[EdgeOp] = field(default_factory=list)
    edge_status_ops: list[EdgeStatusOp] = field(default_factory=list)
    assertion_ops: list[AssertionOp] = field(default_factory=list)
    assertion_status_ops: list[AssertionStatusOp] = field(default_factory=list)
    conflicts: list[ConflictRecord] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    llm_calls: dict[str, int] = field(default_factory=dict)
    phase2: dict[str, Any] = field(default_factory=dict)
    user_entity_id: str = ""

    def count_call(self, name: str, n: int = 1) -> None:
        if n:
            self.llm_calls[name] = self.llm_calls.get(name, 0) + n


# -- overlay of current state --------------------------------------------------------------------


class _Lazy:
    """Evidence of an overlay row, loaded on first use (most rows are never in a conflict)."""

    def __init__(self, conn: apsw.Connection | None, kind: str, owner: str, items: list[dict[str, Any]] | None = None):
        self.conn, self.kind, self.owner, self.items = conn, kind, owner, items

    def get(self) -> list[dict[str, Any]]:
        if self.items is None:
            self.items = _evidence(self.conn, self.kind, self.owner) if self.conn is not None else []
        return self.items


@dataclass(slots=True)
class _EdgeState:
    triple_id: str
    subject_id: str
    predicate: str
    object_id: str
    status: str
    last_observed_at: float
    directness: str
    confidence: float
    lazy: _Lazy

    @property
    def evidence(self) -> list[dict[str, Any]]:
        return self.lazy.get()


@dataclass(slots=True)
class _AssertionState:
    assertion_id: str
    entity_id: str
    trait: str
    value: str
    value_norm: str
    polarity: int
    status: str
    last_observed_at: float
    directness: str
    confidence: float
    lazy: _Lazy

    @property
    def evidence(self) -> list[dict[str, Any]]:
        return self.lazy.get()


class _Overlay:
    """The stored edges and assertions a batch's candidates can meet, and their changes so far.

    Edges are read for the candidates' subjects *and* either one of their objects (family reuse,
    negation, the same triple) or one of the given predicates (exclusive rivals): the user's
    entity subjects thousands of edges (every page visited, every song), and loading all of
    them for every batch made projection slower with every batch (a fifth of its time at 20k
    events). Rows come in the order of ``ix_kg_subject`` (subject, predicate, status, rowid),
    which is the order the walk meets them in, and are indexed by (subject, object) and
    (subject, predicate): the walk asks ~20 times per batch, and scanning all loaded edges per
    question was a third of the planner."""

    _EDGE_COLUMNS = "triple_id, subject_id, predicate, object_id, status, last_observed_at, directness, confidence"

    def __init__(self, conn: apsw.Connection, entity_ids: Iterable[str], *,
                 objects: Iterable[str] = (), predicates: Iterable[str] = ()) -> None:
        ids = list(dict.fromkeys(entity_ids))
        self.edges: dict[str, _EdgeState] = {}
        self._by_pair: dict[tuple[str, str], list[_EdgeState]] = {}
        self._by_predicate: dict[tuple[str, str], list[_EdgeState]] = {}
        self.assertions: dict[str, _AssertionState] = {}
        if not ids:
            return
        ph = placeholders(len(ids))
        objs, preds = list(dict.fromkeys(objects)), list(dict.fromkeys(predicates))
        # two index-driven reads, merged: the objects' edges by ix_kg_object (the subject test
        # kept off the index with "+": the user subjects thousands of edges) and the exclusive
        # rivals by ix_kg_subject (subject, predicate)
        parts: list[str] = []
        params: list[Any] = []
        if objs:
            parts.append(f"SELECT {self._EDGE_COLUMNS}, edge_seq FROM knowledge_graph "
                         f"WHERE object_id IN ({placeholders(len(objs))}) AND +subject_id IN ({ph})")
            params += objs + ids
        if preds:
            parts.append(f"SELECT {self._EDGE_COLUMNS}, edge_seq FROM knowledge_graph "
                         f"WHERE subject_id IN ({ph}) AND predicate IN ({placeholders(len(preds))})")
            params += ids + preds
        if parts:  # ORDER BY subject_id, predicate, status, edge_seq
            for tid, subj, pred, obj, status, last, directness, conf, _seq in conn.execute(
                    " UNION ".join(parts) + " ORDER BY 2, 3, 5, 9", params):
                self.add_edge(_EdgeState(tid, subj, pred, obj, status, last or 0.0, directness, conf,
                                         _Lazy(conn, "edge", tid)))
        # the live assertions only, and the columns the walk reads: it corroborates, supersedes
        # and asks about live ones alone, and every ended one the user ever had (hundreds a batch
        # at 20k events, growing with the history) was read and discarded per batch
        for aid, eid, trait, value, value_norm, polarity, status, last, conf in conn.execute(
                f"SELECT assertion_id, entity_id, trait, value, value_norm, polarity, status, last_observed_at, "
                f"confidence FROM tom_trait_assertions WHERE entity_id IN ({ph}) "
                f"AND status IN ({placeholders(len(LIVE_ASSERTION_STATES))})", [*ids, *LIVE_ASSERTION_STATES]):
            self.assertions[aid] = _AssertionState(aid, eid, trait, value, value_norm, polarity, status,
                                                   last or 0.0, "explicit", conf, _Lazy(conn, "assertion", aid))
        if self.assertions:
            implied_only = {a for (a,) in conn.execute(
                f"SELECT owner_id FROM l2_evidence WHERE owner_kind = 'assertion' AND owner_id IN "
                f"({placeholders(len(self.assertions))}) GROUP BY owner_id HAVING max(directness = 'explicit') = 0",
                list(self.assertions))}
            for aid in implied_only:
                self.assertions[aid].directness = "implied"

    def add_edge(self, edge: _EdgeState) -> None:
        self.edges[edge.triple_id] = edge
        self._by_pair.setdefault((edge.subject_id, edge.object_id), []).append(edge)
        self._by_predicate.setdefault((edge.subject_id, edge.predicate), []).append(edge)

    def active_edges(self, subject_id: str, *, predicate: str | None = None,
                     object_id: str | None = None) -> list[_EdgeState]:
        if object_id is not None:
            pool: Iterable[_EdgeState] = self._by_pair.get((subject_id, object_id), ())
        elif predicate is not None:
            pool = self._by_predicate.get((subject_id, predicate), ())
        else:
            pool = self.edges.values()
        return [e for e in pool if e.subject_id == subject_id and e.status == EDGE_ACTIVE
                and (predicate is None or e.predicate == predicate)
                and (object_id is None or e.object_id == object_id)]

    def live_assertions(self, entity_id: str, trait: str, at: float | None = None) -> list[_AssertionState]:
        """Live assertions of (entity, trait); with ``at``, a short-term one whose TTL ran out
        by then counts as lapsed. The expiry worker ends it on its own schedule, so without
        this a mood three days later corroborated (or overwrote) the old one or not depending
        on whether expiry had run in between — the derived state followed the workers'
        interleaving instead of the events' times."""
        return [a for a in self.assertions.values() if a.entity_id == entity_id and a.trait == trait
                and a.status in LIVE_ASSERTION_STATES
                and (at is None or (exp := expires_at(a.trait, a.last_observed_at)) is None or exp > at)]


def _related_predicates(edges: Sequence[Any]) -> set[str]:
    """Every predicate a candidate edge may end up as or collide with: its own, its family's
    (family reuse switches within the family) and its antonyms (a negated preference becomes
    DISLIKES)."""
    out: set[str] = set()
    for e in edges:
        out.add(e.predicate)
        spec = PREDICATE_REGISTRY.get(e.predicate)
        if spec is not None:
            out.update(family_members(spec.family))
            out.update(spec.antonyms)
        if e.family:
            out.update(family_members(e.family))
    return out


def _evidence(conn: apsw.Connection, kind: str, owner: str) -> list[dict[str, Any]]:
    # told_at: the event's own time; a dated start's evidence carries its start date instead.
    # Built from the row tuples (one dict per row, not a row dict copied into another)
    return [{"event_id": event_id, "text": text, "occurred_at": occurred_at, "directness": directness,
             "told_at": told_at}
            for event_id, text, occurred_at, directness, told_at in conn.execute(
                "SELECT e.event_id, e.evidence_text, e.occurred_at, e.directness, "
                "(SELECT f.occurred_at FROM fact_events f WHERE f.seq = e.event_seq) AS told_at "
                "FROM l2_evidence e WHERE e.owner_kind = ? AND e.owner_id = ? "
                "ORDER BY e.occurred_at DESC, e.event_seq DESC LIMIT 5", (kind, owner))]


def _told_at(evidence: list[dict[str, Any]]) -> float | None:
    """When the newest evidence was told (see ``ArbitrationSide.told_at``)."""
    times = [x.get("told_at") if x.get("told_at") is not None else x.get("occurred_at") for x in evidence]
    times = [t for t in times if t is not None]
    return max(times) if times else None


# -- the planner ---------------------------------------------------------------------------------


def _observe(overlay: "_Overlay", cand: CandidateEdge, tid: str, existing: "_EdgeState | None", status: str) -> None:
    """What later candidates of the batch see after ``cand`` was planned: a new edge in
    ``status``, or the existing edge's evidence and last observation (its status is the
    caller's to set)."""
    if existing is None:
        overlay.add_edge(_EdgeState(tid, cand.subject_id, cand.predicate, cand.object_id, status, cand.event.occurred_at,
                                    cand.directness, cand.confidence, _Lazy(None, "edge", tid, [_cand_ev(cand)])))
    else:
        existing.last_observed_at = max(existing.last_observed_at, cand.event.occurred_at)
        existing.evidence.insert(0, _cand_ev(cand))


class Planner:
    def __init__(self, *, chat: Any, resolver: Resolver, learned_rewrites: dict[str, str] | None = None) -> None:
        self.chat = chat
        self.resolver = resolver
        self.learned = learned_rewrites or {}

    def plan(self, conn: apsw.Connection, batch: Sequence[Row], phase1: Phase1Output, *,
             batch_key: str, user_entity_id: str, now: float) -> Plan:
        events = {r["event_id"]: EventInfo(r["event_id"], r["seq"], r["occurred_at"], r["session_id"],
                                           r["evidence_class"], r["content"]) for r in batch}
        plan = Plan(events=events, user_entity_id=user_entity_id)
        # 1. entity resolution (mentions from entities + claim subjects/objects)
        requests: list[MentionRequest] = []
        for e in phase1.entities:
            if not events[e.event_id].policy.extract_entities:
                plan.dropped.append(f"entity {e.name!r}: evidence class {events[e.event_id].evidence_class} "
                                    f"may not extract entities")
                continue
            requests.append(MentionRequest(e.event_id, e.mention or e.name, e.name, e.entity_type or None,
                                           e.confidence, e.resolved_id))
        by_event_name: dict[tuple[str, str], MentionRequest] = {(r.event_id, name_norm(r.name)): r for r in requests}
        for r in list(requests):
            by_event_name.setdefault((r.event_id, name_norm(r.mention)), r)
        claim_refs: list[tuple[Any, MentionRequest | None, MentionRequest | None]] = []
        for c in phase1.fact_claims:
            subj = self._ref(c.subject, c.subject_type, c.event_id, c.confidence, by_event_name, requests)
            obj = None
            # a negated trait ends a held value by its text; it names no new entity
            if c.kind == "relation" or (predicate_for_trait(c.trait or "") and not c.negated):
                obj_text = c.object if c.kind == "relation" else (c.value or c.object)
                obj_type = c.object_type if c.kind == "relation" else (c.object_type or "place")
                obj = self._ref(obj_text, obj_type, c.event_id, c.confidence, by_event_name, requests,
                                default_type="concept" if c.kind == "relation" else None)
            claim_refs.append((c, subj, obj))
        resolutions = self.resolver.resolve(conn, requests, batch_key, now)
        plan.resolutions = resolutions
        plan.count_call("disambiguation", self.resolver.llm_calls)
        self.resolver.llm_calls = 0
        res_by_key = {r.request.key: r for r in resolutions}
        new_ids = {r.entity_id for r in resolutions if r.new_entity}

        def entity_of(ref: MentionRequest | None, text: str) -> str | None:
            if text.strip().lower() in (USER_SUBJECT, "i", "me", "我"):
                return user_entity_id
            if ref is None:
                return None
            res = res_by_key.get(ref.key)
            return res.entity_id if res else None

        # 2. candidates
        edges: list[CandidateEdge] = []
        assertions: list[CandidateAssertion] = []
        for i, (c, subj, obj) in enumerate(claim_refs):
            ev = events[c.event_id]
            begins = scheduled_start(c.time_hint, ev.occurred_at)
            if begins is not None:
                # a dated future start: the evidence speaks for the state from that date on, so
                # its edge and assertion begin then and a rival it supersedes ends then
                ev = replace(ev, occurred_at=begins, told_at=ev.occurred_at)
            s_id = entity_of(subj, c.subject)
            if s_id is None:
                plan.dropped.append(f"claim {c.subject} {c.predicate} {c.object}: subject unresolved")
                continue
            conf = claim_confidence(c.confidence, c.directness)
            former = tells_former_state(c.time_hint)
            if former and (c.kind == "trait" or c.negated):
                plan.dropped.append(f"{c.trait or c.predicate} {c.value or c.object}: told as a former state, "
                                    f"{'no current trait' if c.kind == 'trait' else 'nothing to negate'}")
                continue
            if c.kind == "trait":
                if not ev.policy.write_assertions:
                    plan.dropped.append(f"trait {c.trait}={c.value}: evidence class {ev.evidence_class} "
                                        f"may not write assertions")
                    continue
                value = (c.value or c.object).strip()
                assertions.append(CandidateAssertion(f"a{i}", s_id, c.trait.strip().lower(), value,
                                                     0 if c.negated else 1, conf, c.directness,
                                                     c.evidence_text, ev, reason=f"trait claim ({c.predicate})"))
                pred = predicate_for_trait(c.trait.strip().lower())
                o_id = entity_of(obj, value) if obj else None
                if pred and o_id and ev.policy.write_graph:
                    edges.append(CandidateEdge(f"e{i}", s_id, pred, o_id, PREDICATE_REGISTRY[pred].family, True,
                                               conf, c.directness, c.evidence_text, ev, raw_predicate=c.predicate,
                                               object_name=value, negated=c.negated, mirrors_trait=True,
                                               reason=f"mirrors trait {c.trait}"))
                continue
            if not ev.policy.write_graph:
                plan.dropped.append(f"claim {c.predicate}: evidence class {ev.evidence_class} may not write graph")
                continue
            norm = normalize_predicate(c.predicate, self.learned)
            if norm.predicate is None:
                plan.dropped.append(f"claim {c.subject} {c.predicate} {c.object}: {norm.reason}")
                continue
            o_id = entity_of(obj, c.object)
            if o_id is None:
                plan.dropped.append(f"claim {c.subject} {c.predicate} {c.object}: object unresolved (mention kept)")
                continue
            cand = CandidateEdge(f"e{i}", s_id, norm.predicate, o_id, norm.family, norm.core, conf, c.directness,
                                 c.evidence_text, ev, raw_predicate=c.predicate, evolves_hint=norm.evolves,
                                 negated=c.negated, reason=norm.reason,
                                 object_name=_entity_name(conn, o_id, c.object), former=former)
            cand.fast_track = (norm.core and not c.negated and s_id not in new_ids and o_id not in new_ids
                               and not trait_for(norm.predicate) and not former)
            edges.append(cand)
            if former:
                # history: no relation it implies (MOVED_TO → LIVES_IN) and no current trait
                cand.reason += "; told as a former state"
                continue
            for j, implied in enumerate(norm.implies):
                if not c.negated:
                    edges.append(CandidateEdge(f"e{i}i{j}", s_id, implied, o_id, PREDICATE_REGISTRY[implied].family,
                                               True, conf, c.directness, c.evidence_text, ev,
                                               raw_predicate=c.predicate, implied_from=norm.predicate,
                                               object_name=cand.object_name,
                                               fast_track=cand.fast_track,
                                               reason=f"implied by {norm.predicate}"))
            tname = trait_for(norm.predicate)
            if tname and s_id == user_entity_id and ev.policy.write_assertions:
                assertions.append(CandidateAssertion(f"a{i}", s_id, tname, _entity_name(conn, o_id, c.object),
                                                     0 if c.negated else 1, conf, c.directness,
                                                     c.evidence_text, ev, mirrored_from=cand.key,
                                                     reason=f"mirrors {norm.predicate}"))
        # 3. Phase 2 (LLM labels + semantic conflict hints) for what is not fast-tracked
        # offline, an edge of another predicate is only met as a rival of an exclusive one; the
        # LLM's Phase 2 is shown every related edge
        related = _related_predicates(edges)
        if not chat_available(self.chat, Tier.FAST_CLASSIFY):
            related = {p for p in related if is_exclusive(p)}
        overlay = _Overlay(conn, {e.subject_id for e in edges} | {a.entity_id for a in assertions},
                           objects={e.object_id for e in edges}, predicates=related)
        self._phase2(conn, plan, edges, assertions, overlay)
        # 4. walk in the order things were told: structural rules, conflicts, arbitration (a dated
        # start is walked where it was told, not at its date, so a later call-off meets it)
        decisions: dict[tuple[str, str, str], ArbitrationDecision] = {}
        items: list[tuple[float, int, Any]] = [(e.event.told, n, e) for n, e in enumerate(edges)]
        items += [(a.event.told, len(edges) + n, a) for n, a in enumerate(assertions)]
        for _t, _n, item in sorted(items, key=lambda x: (x[0], x[1])):
            if isinstance(item, CandidateEdge):
                self._walk_edge(conn, plan, item, overlay, decisions)
            else:
                self._walk_assertion(plan, item, overlay, decisions)
        plan.phase2["labels"] = {**{e.key: e.label for e in edges}, **{a.key: a.label for a in assertions}}
        plan.phase2["fast_track"] = [e.key for e in edges if e.fast_track]
        return plan

    # -- helpers ---------------------------------------------------------------------------------

    @staticmethod
    def _ref(text: str, etype: str | None, event_id: str, conf: float,
             by_event_name: dict[tuple[str, str], MentionRequest], requests: list[MentionRequest],
             default_type: str | None = None) -> MentionRequest | None:
        if not text or text.strip().lower() in (USER_SUBJECT, "i", "me", "我"):
            return None
        norm = name_norm(text)
        ref = by_event_name.get((event_id, norm))
        if ref is None:
            for (eid, n), r in by_event_name.items():
                if n == norm:
                    ref = r
                    break
        if ref is None:
            ref = MentionRequest(event_id, text, text, type_for_term(text, etype) or default_type, conf)
            requests.append(ref)
            by_event_name[(event_id, norm)] = ref
        return ref

    def _phase2(self, conn: apsw.Connection, plan: Plan, edges: list[CandidateEdge],
                assertions: list[CandidateAssertion], overlay: _Overlay) -> None:
        slow_edges = [e for e in edges if not e.fast_track]
        if not (slow_edges or assertions) or not chat_available(self.chat, Tier.FAST_CLASSIFY):
            plan.phase2["producer"] = "rule" if (slow_edges or assertions) else "fast_track"
            return
        names = _names(conn, {e.subject_id for e in edges} | {e.object_id for e in edges}
                       | {e.object_id for e in overlay.edges.values()} | {e.subject_id for e in overlay.edges.values()})
        existing = [{"id": e.triple_id, "kind": "edge", "subject": names.get(e.subject_id, e.subject_id),
                     "predicate": e.predicate, "object": names.get(e.object_id, e.object_id),
                     "evidence": [x["text"] for x in e.evidence[:2]]}
                    for e in overlay.edges.values() if e.status == EDGE_ACTIVE]
        existing += [{"id": a.assertion_id, "kind": "assertion", "entity": names.get(a.entity_id, a.entity_id),
                      "trait": a.trait, "value": a.value, "evidence": [x["text"] for x in a.evidence[:2]]}
                     for a in overlay.assertions.values() if a.status in LIVE_ASSERTION_STATES]
        new_items = [{"key": e.key, "kind": "edge", "subject": names.get(e.subject_id, e.subject_id),
                      "predicate": e.predicate, "object": names.get(e.object_id, e.object_id),
                      "negated": e.negated, "evidence": e.evidence_text} for e in slow_edges]
        new_items += [{"key": a.key, "kind": "assertion", "trait": a.trait, "value": a.value,
                       "negated": not a.polarity, "evidence": a.evidence_text} for a in assertions]
        try:
            plan.count_call("phase2")
            result = self.chat.complete(ChatRequest(tier=Tier.FAST_CLASSIFY,
                                                    messages=phase2_messages(new_items, existing),
                                                    json_schema=PHASE2_SCHEMA, enable_thinking=False,
                                                    temperature=0.0, trigger="l2_phase2"))
            data = parse_json_reply(result, PHASE2_SCHEMA)
            labels = data.get("labels") if isinstance(data, dict) else None
            if not isinstance(labels, list):
                raise ProviderError("Phase 2 reply has no labels list")
        except ProviderError as exc:
            # Phase 2 refines; the structural rules below still reconcile correctly without it.
            log.warning("Phase 2 failed, rule labels only: %s", exc)
            plan.phase2["producer"] = f"rule (llm failed: {type(exc).__name__}: {exc})"[:300]
            return
        plan.phase2["producer"] = f"llm:{getattr(result, 'model', '') or 'unknown'}"
        by_key = {**{e.key: e for e in slow_edges}, **{a.key: a for a in assertions}}
        known_ids = set(overlay.edges) | set(overlay.assertions)
        for item in labels:
            if not isinstance(item, dict):
                continue
            cand = by_key.get(item.get("key"))
            if cand is None or item.get("label") not in ("new", "corroborates", "refines", "contradicts", "evolves"):
                continue
            cand.label = item["label"]
            conflict = item.get("conflict")
            if isinstance(conflict, dict) and conflict.get("existing_id") in known_ids:
                sev = conflict.get("severity", 0.5)
                cand.conflict = {"type": conflict.get("type") or "preference_reversal",
                                 "severity": float(sev) if isinstance(sev, (int, float)) else 0.5,
                                 "existing_id": conflict["existing_id"], "source": "phase2"}

    def _decide(self, plan: Plan, key: tuple[str, str, str], conflict_type: str, old: ArbitrationSide,
                new: ArbitrationSide, old_ev: list[dict[str, Any]], new_ev: list[dict[str, Any]],
                decisions: dict[tuple[str, str, str], ArbitrationDecision]) -> ArbitrationDecision:
        if key in decisions:
            return decisions[key]
        decision, calls = arbitrate(self.chat, conflict_type, old, new, old_evidence=old_ev, new_evidence=new_ev)
        plan.count_call("arbitration", calls)
        decisions[key] = decision
        return decision

    def _walk_edge(self, conn: apsw.Connection, plan: Plan, cand: CandidateEdge, overlay: _Overlay,
                   decisions: dict[tuple[str, str, str], ArbitrationDecision]) -> None:
        t = cand.event.occurred_at
        # family reuse: an existing edge of the same family for this pair keeps its predicate
        if cand.family and not cand.negated:
            for e in overlay.active_edges(cand.subject_id, object_id=cand.object_id):
                spec = PREDICATE_REGISTRY.get(e.predicate)
                if (spec and spec.family == cand.family and e.predicate != cand.predicate
                        and not are_antonyms(e.predicate, cand.predicate) and not cand.implied_from
                        and cand.predicate not in ("BOUGHT",)):
                    cand.reason += f"; family reuse {cand.predicate} -> {e.predicate}"
                    cand.predicate = e.predicate
                    if cand.label == "new":
                        cand.label = "refines"
                    break
        tid = triple_id(cand.subject_id, cand.predicate, cand.object_id)
        if cand.former:
            return self._walk_former_edge(plan, cand, overlay, tid)
        if cand.negated:
            targets = [e for e in overlay.active_edges(cand.subject_id, object_id=cand.object_id)
                       if PREDICATE_REGISTRY.get(e.predicate) and cand.family
                       and PREDICATE_REGISTRY[e.predicate].family == cand.family
                       and not are_antonyms(e.predicate, cand.predicate)]
            if not targets:
                if cand.family == "preference":
                    cand.predicate, cand.negated = "DISLIKES", False
                    cand.reason += "; negated preference written as DISLIKES"
                    return self._walk_edge(conn, plan, cand, overlay, decisions)
                plan.dropped.append(f"negated {cand.predicate}: nothing to negate")
                return
            for old in targets:
                cand.label = "contradicts"
                d = self._decide(plan, ("edge", old.triple_id, "negation:" + cand.event.event_id),
                                 "direct_negation", _side_edge(old, conn), _side_cand(cand),
                                 old.evidence, [_cand_ev(cand)], decisions)
                self._record_conflict(plan, "direct_negation", "edge", old.triple_id, "event", cand.event.event_id,
                                      d, [*(_ids(old.evidence)), cand.event.event_id],
                                      _edge_text(conn, old), f"not {cand.predicate} ({cand.evidence_text})")
                if d.decision == "evolve":
                    old.status = EDGE_SUPERSEDED
                    plan.edge_status_ops.append(EdgeStatusOp(old.triple_id, EDGE_SUPERSEDED, t, None,
                                                             f"negated by event {cand.event.event_id}: {d.reason}"))
            return
        existing = overlay.edges.get(tid)
        if existing is not None and existing.status == EDGE_USER_DENIED:
            plan.dropped.append(f"{cand.predicate}: the user denied this relation; evidence not re-added")
            return
        # antonym rule: same pair, opposite predicate → old invalidated, new active (no LLM)
        for old in overlay.active_edges(cand.subject_id, object_id=cand.object_id):
            if are_antonyms(old.predicate, cand.predicate):
                cand.label = "contradicts"
                d = ArbitrationDecision("evolve", 0.9, f"antonym rule: {cand.predicate} replaces {old.predicate}",
                                        "rule")
                old.status = EDGE_INVALIDATED
                plan.edge_status_ops.append(EdgeStatusOp(old.triple_id, EDGE_INVALIDATED, t, tid, d.reason))
                self._record_conflict(plan, "antonym", "edge", old.triple_id, "edge", tid, d,
                                      [*_ids(old.evidence), cand.event.event_id], _edge_text(conn, old),
                                      _cand_text(conn, cand), decision_name="invalidate_old")
        status = EDGE_ACTIVE
        reactivate = existing is not None and existing.status != EDGE_ACTIVE
        # single-valued predicate: another active object is a state reversal
        rivals = ([e for e in overlay.active_edges(cand.subject_id, predicate=cand.predicate)
                   if e.object_id != cand.object_id] if is_exclusive(cand.predicate) else [])
        if cand.conflict and cand.conflict.get("existing_id") in overlay.edges:
            hinted = overlay.edges[cand.conflict["existing_id"]]
            if hinted.status == EDGE_ACTIVE and hinted.triple_id != tid and hinted not in rivals:
                rivals.append(hinted)
        for old in rivals:
            ctype = (cand.conflict or {}).get("type") or "state_reversal"
            severity = float((cand.conflict or {}).get("severity") or SEVERITY.get(ctype, 0.6))
            if is_exclusive(cand.predicate):
                severity = max(severity, SEVERITY["state_reversal"])
            if cand.label in ("new", "corroborates", "refines"):
                cand.label = "evolves" if cand.evolves_hint else "contradicts"
            if severity >= L2_ARBITRATION_MIN_SEVERITY:
                old_name = _names(conn, [old.object_id]).get(old.object_id, old.object_id)
                d = self._decide(plan, (old.subject_id, cand.predicate,
                                        f"{name_norm(old_name)}->{name_norm(cand.object_name)}"),
                                 ctype, _side_edge(old, conn), _side_cand(cand), old.evidence, [_cand_ev(cand)],
                                 decisions)
            else:  # mild hint: both may hold (e.g. two hobbies); record, no change
                d = ArbitrationDecision("coexist", severity, "conflict hint below arbitration severity", "rule")
            self._record_conflict(plan, ctype, "edge", old.triple_id, "edge", tid, d,
                                  [*_ids(old.evidence), cand.event.event_id], _edge_text(conn, old),
                                  _cand_text(conn, cand), severity=severity)
            if d.decision == "evolve":
                old.status = EDGE_SUPERSEDED
                plan.edge_status_ops.append(EdgeStatusOp(old.triple_id, EDGE_SUPERSEDED, t, tid,
                                                         f"{ctype}: {d.reason}"))
            elif d.decision == "keep_old":
                status = EDGE_REJECTED
        if existing is not None and existing.status == EDGE_ACTIVE and cand.label == "new":
            cand.label = "corroborates"
        plan.edge_ops.append(EdgeOp(cand, status=status, reactivate=reactivate and status == EDGE_ACTIVE))
        if existing is not None:
            existing.status = status if (reactivate or status == EDGE_REJECTED) and existing.status != EDGE_ACTIVE \
                else existing.status
            if reactivate and status == EDGE_ACTIVE:
                existing.status = EDGE_ACTIVE
        _observe(overlay, cand, tid, existing, status)

    @staticmethod
    def _walk_former_edge(plan: Plan, cand: CandidateEdge, overlay: _Overlay, tid: str) -> None:
        """A relation told as over: evidence on the edge as it stands (a superseded home stays
        superseded, a current one current), or a new edge recorded as already ended. It meets no
        rival and reactivates nothing (``lifecycle.tells_former_state``)."""
        existing = overlay.edges.get(tid)
        if existing is not None and existing.status == EDGE_USER_DENIED:
            plan.dropped.append(f"{cand.predicate}: the user denied this relation; evidence not re-added")
            return
        if existing is not None:
            cand.label = "corroborates"
        status = EDGE_SUPERSEDED if existing is None else existing.status
        plan.edge_ops.append(EdgeOp(cand, status=status))
        _observe(overlay, cand, tid, existing, status)

    def _walk_assertion(self, plan: Plan, cand: CandidateAssertion, overlay: _Overlay,
                        decisions: dict[tuple[str, str, str], ArbitrationDecision]) -> None:
        t = cand.event.occurred_at
        vnorm = name_norm(cand.value)
        live = overlay.live_assertions(cand.entity_id, cand.trait, at=t)
        same = [a for a in live if a.value_norm == vnorm and a.polarity == cand.polarity]
        term = trait_term(cand.trait)
        if cand.polarity == 0:
            targets = [a for a in live if a.value_norm == vnorm and a.polarity == 1] or \
                [a for a in live if a.polarity == 1 and names_same_thing(a.value_norm, vnorm)]
            if not targets:
                plan.dropped.append(f"negated trait {cand.trait}={cand.value}: nothing live to negate")
                return
            for old in targets:
                cand.label = "contradicts"
                if term == "short":
                    d = ArbitrationDecision("evolve", 0.9, "short-term trait negated", "rule")
                else:
                    d = self._decide(plan, (cand.entity_id, cand.trait, old.value_norm + "->not"), "direct_negation",
                                     _side_assertion(old), _side_cand(cand), old.evidence, [_cand_ev(cand)], decisions)
                self._record_conflict(plan, "direct_negation", "assertion", old.assertion_id, "event",
                                      cand.event.event_id, d, [*_ids(old.evidence), cand.event.event_id],
                                      f"{old.trait}: {old.value}", f"not {cand.value} ({cand.evidence_text})")
                if d.decision == "evolve":
                    old.status = OVERWRITTEN if term == "short" else SUPERSEDED
                    plan.assertion_status_ops.append(AssertionStatusOp(
                        old.assertion_id, old.status, t, None, f"negated by event {cand.event.event_id}: {d.reason}"))
            return
        if not same and cand.polarity == 1 and cand.trait not in MULTI_VALUED_TRAITS:
            # one value at a time (an employer, a home): a shorter name of it is the same value
            same = [a for a in live if a.polarity == 1 and short_form_of(vnorm, a.value_norm, cand.trait)]
        if same:
            cand.label = "corroborates" if cand.label == "new" else cand.label
            plan.assertion_ops.append(AssertionOp(cand, same[0].assertion_id, create=False))
            same[0].last_observed_at = max(same[0].last_observed_at, t)
            same[0].evidence.insert(0, _cand_ev(cand))
            return
        new_id = "asr_" + new_ulid(t)
        status = "tentative"
        supersedes = None
        rivals = [a for a in live if a.value_norm != vnorm and a.polarity == 1]
        if cand.trait in MULTI_VALUED_TRAITS and not (cand.conflict and cand.conflict.get("existing_id")):
            rivals = []
        elif cand.trait in MULTI_VALUED_TRAITS:
            rivals = [a for a in rivals if a.assertion_id == cand.conflict["existing_id"]]
        for old in rivals:
            if term == "short":
                cand.label = "evolves"
                plan.assertion_status_ops.append(AssertionStatusOp(
                    old.assertion_id, OVERWRITTEN, t, new_id,
                    f"short-term trait {cand.trait} overwritten by {cand.value!r} (event {cand.event.event_id})"))
                old.status = OVERWRITTEN
                supersedes = old.assertion_id
                continue
            ctype = (cand.conflict or {}).get("type") or "state_reversal"
            if cand.label in ("new", "corroborates", "refines"):
                cand.label = "evolves"
            key = (cand.entity_id, predicate_for_trait(cand.trait) or cand.trait, f"{old.value_norm}->{vnorm}")
            d = self._decide(plan, key, ctype, _side_assertion(old), _side_cand(cand),
                             old.evidence, [_cand_ev(cand)], decisions)
            self._record_conflict(plan, ctype, "assertion", old.assertion_id, "assertion", new_id, d,
                                  [*_ids(old.evidence), cand.event.event_id], f"{old.trait}: {old.value}",
                                  f"{cand.trait}: {cand.value} ({cand.evidence_text})",
                                  severity=SEVERITY.get(ctype, 0.8))
            if d.decision == "evolve":
                old.status = SUPERSEDED
                supersedes = old.assertion_id
                plan.assertion_status_ops.append(AssertionStatusOp(old.assertion_id, SUPERSEDED, t, new_id,
                                                                   f"{ctype}: {d.reason}"))
            else:
                status = REJECTED
        if status != REJECTED and cand.trait in TRAIT_ENDS:
            self._end_by_trait(plan, cand, new_id, overlay, t)
        plan.assertion_ops.append(AssertionOp(cand, new_id, create=True, status=status, supersedes=supersedes))
        overlay.assertions[new_id] = _AssertionState(new_id, cand.entity_id, cand.trait, cand.value, vnorm,
                                                     cand.polarity, status, t, cand.directness, cand.confidence,
                                                     _Lazy(None, "assertion", new_id, [_cand_ev(cand)]))

    def _end_by_trait(self, plan: Plan, cand: CandidateAssertion, new_id: str, overlay: _Overlay, t: float) -> None:
        """The live values of the trait a new one ends (``TRAIT_ENDS``: a spouse ends the
        partner), superseded by it with the reason in the conflict log, so the inspector and the
        profile say why "partner: Hana" is no longer current."""
        for old in overlay.live_assertions(cand.entity_id, TRAIT_ENDS[cand.trait], at=t):
            if old.polarity != 1 or old.last_observed_at > t:
                continue
            d = ArbitrationDecision("evolve", 0.9, f"{cand.trait} {cand.value!r} ends {old.trait} {old.value!r}", "rule")
            self._record_conflict(plan, "state_reversal", "assertion", old.assertion_id, "assertion", new_id, d,
                                  [*_ids(old.evidence), cand.event.event_id], f"{old.trait}: {old.value}",
                                  f"{cand.trait}: {cand.value} ({cand.evidence_text})", severity=SEVERITY["state_reversal"])
            old.status = SUPERSEDED
            plan.assertion_status_ops.append(AssertionStatusOp(old.assertion_id, SUPERSEDED, t, new_id,
                                                               f"state_reversal: {d.reason}"))

    def _record_conflict(self, plan: Plan, ctype: str, old_kind: str, old_id: str, new_kind: str, new_id: str,
                         d: ArbitrationDecision, evidence: list[str], old_summary: str, new_summary: str, *,
                         severity: float | None = None, decision_name: str | None = None) -> None:
        for c in plan.conflicts:  # a mirrored edge+assertion pair is one decision, recorded per row
            if c.old_id == old_id and c.new_id == new_id:
                return
        review = d.decided_by != "rule" and d.confidence < REVIEW_CONFIDENCE_THRESHOLD and d.decision != "coexist"
        plan.conflicts.append(ConflictRecord(
            ctype, severity if severity is not None else SEVERITY.get(ctype, 0.6), old_kind, old_id, new_kind, new_id,
            decision_name or d.decision, d.decided_by, d.confidence, d.reason, list(dict.fromkeys(evidence)),
            review=review, old_summary=old_summary, new_summary=new_summary))


def _ids(evidence: list[dict[str, Any]]) -> list[str]:
    return [e["event_id"] for e in evidence]


def _cand_ev(cand: CandidateEdge | CandidateAssertion) -> dict[str, Any]:
    return {"event_id": cand.event.event_id, "text": cand.evidence_text, "occurred_at": cand.event.occurred_at,
            "directness": cand.directness, "told_at": cand.event.told}


def _side_edge(e: _EdgeState, conn: apsw.Connection) -> ArbitrationSide:
    return ArbitrationSide(_edge_text(conn, e), e.last_observed_at, e.directness, e.confidence,
                           tuple(_ids(e.evidence)), told_at=_told_at(e.evidence))


def _side_assertion(a: _AssertionState) -> ArbitrationSide:
    return ArbitrationSide(a.value, a.last_observed_at, a.directness, a.confidence, tuple(_ids(a.evidence)),
                           told_at=_told_at(a.evidence))


def _side_cand(c: CandidateEdge | CandidateAssertion) -> ArbitrationSide:
    value = c.value if isinstance(c, CandidateAssertion) else f"{c.predicate} {c.object_name or c.object_id}"
    calls_off = c.polarity == 0 if isinstance(c, CandidateAssertion) else c.negated
    return ArbitrationSide(value, c.event.occurred_at, c.directness, c.confidence, (c.event.event_id,),
                           calls_off=calls_off)


def _names(conn: apsw.Connection, ids: Iterable[str]) -> dict[str, str]:
    ids = list(ids)
    out: dict[str, str] = {}
    for i in range(0, len(ids), 400):
        part = ids[i:i + 400]
        out.update(dict(conn.execute(f"SELECT entity_id, canonical_name FROM entity_catalog WHERE entity_id IN "
                                     f"({placeholders(len(part))})", part)))
    return out


def _entity_name(conn: apsw.Connection, entity_id: str, fallback: str) -> str:
    return canonical_name(conn, entity_id, fallback)


def _cand_text(conn: apsw.Connection, c: CandidateEdge) -> str:
    subject = _names(conn, [c.subject_id]).get(c.subject_id, "user")
    return f"{subject} {c.predicate} {c.object_name} (\"{c.evidence_text[:120]}\")"


def _edge_text(conn: apsw.Connection, e: _EdgeState) -> str:
    names = _names(conn, [e.subject_id, e.object_id])
    return f"{names.get(e.subject_id, e.subject_id)} {e.predicate} {names.get(e.object_id, e.object_id)}"


def lexicon_facets(name: str) -> list[tuple[str, str]]:
    return [("category", c.key) for c in categories_of(name_norm(name))]
