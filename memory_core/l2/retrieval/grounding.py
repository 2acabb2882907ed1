"""The grounding plan: the question, translated into structural conditions over L2.

Answers the design's five questions from the shared :class:`~memory_core.retrieval.plan.QueryPlan`
(never re-parsing what the intent parser already decided) plus the catalog:

* subject — the user, or an explicit entity named in the question;
* target kind — relation / state / episode / activity (from the mode and predicate family);
* target entity type — ``plan.target_entity_type`` (or the category's type);
* predicate family — the question's family mapped to L2 predicate families
  (acquisition → BOUGHT and OWNS: "my new pressure cooker" is evidence of a purchase too);
* time constraint — the plan's window, or an anchor L2 resolves itself from the anchor
  entity's edges ("before the air fryer" → when the air fryer was first bought/owned);
plus whether the question is about history ("before", "used to", 以前) so superseded rows count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import apsw

from ...db.connection import query_all
from ...lexicon.categories import CATEGORIES
from ...policy import QueryMode
from ...retrieval.predicates import FAMILIES
from ..catalog import instr_lookup, user_entity_id
from ..lifecycle import name_norm

#: question family (retrieval/predicates.py) → L2 predicate families (l2/predicates.py)
FAMILY_MAP: dict[str, tuple[str, ...]] = {
    "acquisition": ("acquisition", "possession"),
    "ownership": ("possession", "acquisition"),
    "preference": ("preference",),
    "residence": ("residence",),
    "visit": ("travel",),
    "usage": ("usage", "possession"),
    "consumption": ("media", "diet", "activity"),
    "work": ("work",),
    "vehicle": ("vehicle", "possession"),
    "pet": ("possession",),  # HAS_PET is written as OWNS of an animal
    "diet": ("dietary",),
    "relationship": ("relationship",),
    "school": ("education",),
    "health": ("health",),
}
#: families whose current value is a trait assertion; stress / mood are the planner's state
#: families (retrieval/predicates.py), answered by the short-term state assertions the
#: extraction patterns write (trait stress, mood, emotion) in any mode, not only current_state
FAMILY_TRAITS: dict[str, tuple[str, ...]] = {"residence": ("residence",), "work": ("employer", "occupation"),
                                             "preference": ("preference",), "stress": ("stress",),
                                             "mood": ("mood", "emotion"), "vehicle": ("vehicle",),
                                             "pet": ("pet",), "diet": ("diet",),
                                             "relationship": ("partner", "spouse"), "school": ("school",),
                                             "health": ("health",)}
#: the planner's state families (stress, mood): a state of the subject, no object
_STATE_FAMILIES = frozenset(f.name for f in FAMILIES if f.state)
_HISTORY = re.compile(r"\b(before|used to|previous(ly)?|ever|formerly|earlier|past|last time|did i)\b|以前|之前|曾经|过去|原来|那时",
                      re.I)
_STATE_CUES = re.compile(r"\b(now|currently|current|these days|at the moment|how am i|feel(ing)?)\b|现在|目前|最近|当前",
                         re.I)


@dataclass(slots=True)
class Grounding:
    subject_id: str
    subject_is_user: bool
    target_kind: str  # relation | state | episode | activity
    target_entity_type: str | None
    target_category: str | None
    families: tuple[str, ...]
    traits: tuple[str, ...]
    window: tuple[float | None, float | None]
    anchor_entity_ids: list[str] = field(default_factory=list)
    anchor_at: float | None = None
    anchor_direction: str | None = None
    question_entity_ids: list[str] = field(default_factory=list)
    #: the subset named by the intent parser's entity mentions (proper names, quoted phrases),
    #: not just any catalog word occurring in the question ("films")
    named_entity_ids: list[str] = field(default_factory=list)
    question_terms: list[str] = field(default_factory=list)
    history: bool = False
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}


def _entities_in(conn: apsw.Connection, text: str) -> list[str]:
    if not text:
        return []
    return [r["entity_id"] for r in instr_lookup(conn, text, 10)]


def ground(conn: apsw.Connection, plan: Any, *, user: str = "local_user") -> Grounding:
    q = plan.query
    uid = user_entity_id(user)
    subject_id, is_user = uid, True
    if getattr(plan, "subject", "user") not in ("user", "", None):
        hits = _entities_in(conn, plan.subject)
        if hits:
            subject_id, is_user = hits[0], False
    qfam = getattr(plan, "predicate_family", None)
    families = FAMILY_MAP.get(qfam, ()) if qfam else ()
    traits = FAMILY_TRAITS.get(qfam, ()) if qfam else ()
    mode = plan.mode
    if mode is QueryMode.EPISODE_RECALL:
        kind = "episode"
    elif mode is QueryMode.ACTIVITY_SUMMARY:
        kind = "activity"
    elif mode is QueryMode.CURRENT_STATE or (traits and _STATE_CUES.search(q)):
        kind = "state"
    else:
        kind = "relation"
    if kind == "state" and qfam in _STATE_FAMILIES:
        # "how am I feeling now" / "am I stressed now": every current state of the subject is
        # part of the answer (a stress state answers a mood question too); the family's traits
        # only narrow questions that are not about the present ("was I stressed last week?")
        traits = ()
    etype = getattr(plan, "target_entity_type", None)
    cat = getattr(plan, "target_category", None)
    if cat and not etype:
        etype = next((c.entity_type for c in CATEGORIES if c.key == cat), None)
    tw = getattr(plan, "time_window", None)
    # only a hard window bounds L2 rows: a soft one ("these days", "最近", or a question window
    # relaxed because nothing was recorded in it) is wording, and a state that began before it
    # still holds inside it ("where do I work these days?" is answered by a 2023 job edge)
    window = (tw.start, tw.end) if tw is not None and getattr(tw, "hard", True) else (None, None)
    g = Grounding(subject_id, is_user, kind, etype, cat, families, traits, window,
                  question_terms=list(getattr(plan, "target_terms", None) or getattr(plan, "terms", None) or []),
                  history=bool(_HISTORY.search(q)) or mode is QueryMode.TEMPORAL_COMPARE)
    anchor = getattr(plan, "anchor", None)
    anchor_text = anchor.text if anchor is not None else ""
    g.anchor_entity_ids = _entities_in(conn, anchor_text)
    mentions = " ".join(getattr(plan, "entity_mentions", []) or [])
    named = _exact_entities(conn, getattr(plan, "entity_mentions", []) or [])
    g.named_entity_ids = [e for e in named if e not in g.anchor_entity_ids]
    g.question_entity_ids = [e for e in dict.fromkeys(named + _entities_in(conn, q))
                             if e not in g.anchor_entity_ids]
    if anchor is not None:
        g.anchor_direction = anchor.direction
        at = _anchor_time(conn, subject_id, g.anchor_entity_ids, families)
        if at is not None:
            g.anchor_at = at
            g.notes.append(f"anchor {anchor_text!r} resolved by L2 edges at {at}")
        elif anchor.resolved_at is not None:
            g.anchor_at = anchor.resolved_at
            g.notes.append("anchor resolved by L1")
        if g.anchor_at is not None:
            g.window = (None, g.anchor_at) if anchor.direction == "before" else (g.anchor_at, None)
    return g


def _exact_entities(conn: apsw.Connection, mentions: list[str]) -> list[str]:
    """Entities an alias names *exactly* ("films" is not named by "The Lord of the Rings films")."""
    norms = [name_norm(m) for m in mentions if m and m.strip()]
    if not norms:
        return []
    rows = query_all(conn, f"SELECT DISTINCT a.entity_id FROM entity_aliases a JOIN entity_catalog c "
                           f"ON c.entity_id = a.entity_id WHERE c.status = 'active' AND a.alias_norm IN "
                           f"({','.join('?' * len(norms))})", norms)
    return [r["entity_id"] for r in rows]


def _anchor_time(conn: apsw.Connection, subject_id: str, entity_ids: list[str], families: tuple[str, ...]) -> float | None:
    """When the anchor entity entered the subject's life: its earliest family edge (else any)."""
    if not entity_ids:
        return None
    best = None
    for eid in entity_ids:
        rows = query_all(conn, "SELECT predicate_family, first_observed_at FROM knowledge_graph WHERE subject_id = ? "
                               "AND object_id = ? AND status != 'user_denied'", (subject_id, eid))
        fam = [r["first_observed_at"] for r in rows if not families or r["predicate_family"] in families]
        times = fam or [r["first_observed_at"] for r in rows]
        if times:
            t = min(x for x in times if x is not None)
            best = t if best is None else min(best, t)
    return best


def norm(text: str) -> str:
    return name_norm(text)
