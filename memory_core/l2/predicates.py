"""The semi-controlled predicate vocabulary (design step 5).

Models name the same relation in unstable ways (LIKE, LIKES, LOVES, ENJOYS), and forcing a
closed list makes them squeeze real activities into vague buckets. So the LLM (or the rule
extractor) writes freely and this module normalises at write time:

* ``PREDICATE_REGISTRY``: ~30 core predicates, each with synonyms, a *family* and antonyms;
* family reuse: if the same (subject, object) pair already has an edge of the same family, the
  new claim reuses that edge's predicate instead of creating a near-duplicate relation;
* open predicates are accepted when they are UPPER_SNAKE_CASE and not on the low-value
  blacklist (ASKED_ABOUT describes the conversation, not stable knowledge);
* ``implies``: a purchase is also ownership (BOUGHT → OWNS), so "what do I own" and "what did I
  buy" both find the air fryer;
* ``exclusive``: one live object per subject (LIVES_IN, WORKS_AT); a new object is a state
  reversal for Phase 2 / arbitration, not a second truth;
* ``trait``: exclusive user predicates are mirrored as trait assertions (LIVES_IN ↔ residence),
  so "where do I live now" is a current-state question over ``tom_trait_assertions``.

Pure data and pure functions: unit-testable without a database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping


@dataclass(frozen=True, slots=True)
class PredicateSpec:
    name: str
    family: str
    synonyms: tuple[str, ...] = ()
    antonyms: tuple[str, ...] = ()
    implies: tuple[str, ...] = ()
    #: at most one active object per subject (a new object is a state reversal)
    exclusive: bool = False
    #: trait name when the predicate, said by the user about themself, is also a trait assertion
    trait: str | None = None
    #: Phase 2 hint when a claim with this raw predicate arrives over an existing family edge
    #: (MOVED_TO over LIVES_IN = an evolution, not a contradiction)
    evolves: bool = False
    description: str = ""


_SPECS: tuple[PredicateSpec, ...] = (
    # preference
    PredicateSpec("LIKES", "preference", ("LIKE", "LOVES", "LOVE", "ENJOYS", "ENJOY", "IS_FAN_OF",
                                          "FAN_OF", "ADORES", "LIKED"), ("DISLIKES",),
                  description="likes / enjoys"),
    PredicateSpec("DISLIKES", "preference", ("DISLIKE", "HATES", "HATE", "DETESTS", "DISLIKED"),
                  ("LIKES", "INTERESTED_IN", "PREFERS"), description="dislikes"),
    PredicateSpec("PREFERS", "preference", ("PREFER", "PREFERRED", "FAVORS", "FAVOURS"), ("DISLIKES",)),
    PredicateSpec("INTERESTED_IN", "preference", ("INTERESTED", "CURIOUS_ABOUT", "INTO"), ("DISLIKES",)),
    # acquisition / possession / usage
    PredicateSpec("BOUGHT", "acquisition", ("BUY", "BUYS", "PURCHASED", "PURCHASE", "PURCHASES",
                                            "ACQUIRED", "GOT", "ORDERED", "BOUGHT_NEW"),
                  implies=("OWNS",), description="bought / purchased"),
    PredicateSpec("OWNS", "possession", ("OWN", "OWNED", "HAS", "HAVE", "POSSESSES", "HAS_PET",
                                         "HAS_A"), ("SOLD", "GAVE_AWAY"), description="owns"),
    PredicateSpec("SOLD", "possession", ("SELL", "SELLS", "GOT_RID_OF"), ("OWNS",)),
    PredicateSpec("DRIVES", "vehicle", ("DRIVE", "DRIVING", "DRIVES_A"), exclusive=True, trait="vehicle",
                  description="drives (the user's current vehicle)"),
    PredicateSpec("FOLLOWS_DIET", "dietary", ("IS_VEGETARIAN", "IS_VEGAN", "DIET", "ON_DIET"), exclusive=True,
                  trait="diet", description="follows a diet (vegetarian, vegan ...)"),
    PredicateSpec("GAVE_AWAY", "possession", ("GAVE", "DONATED"), ("OWNS",)),
    PredicateSpec("USES", "usage", ("USE", "USED", "USING", "UTILIZES", "COOKS_WITH", "WORKS_WITH"),
                  description="uses"),
    PredicateSpec("WANTS", "goal", ("WANT", "WISHES_FOR", "WANTS_TO_BUY", "PLANS_TO_BUY")),
    PredicateSpec("PLANS_TO", "goal", ("PLANS", "INTENDS_TO", "WILL")),
    # residence and places
    PredicateSpec("LIVES_IN", "residence", ("LIVE_IN", "LIVED_IN", "RESIDES_IN", "RESIDE_IN",
                                            "LIVING_IN", "BASED_IN"),
                  exclusive=True, trait="residence", description="lives in"),
    PredicateSpec("MOVED_TO", "residence", ("MOVE_TO", "RELOCATED_TO", "MOVING_TO"),
                  description="moved to (normalised to LIVES_IN)"),
    PredicateSpec("IS_FROM", "origin", ("FROM", "BORN_IN", "HOMETOWN", "GREW_UP_IN"),
                  exclusive=True, trait="hometown"),
    PredicateSpec("VISITED", "travel", ("VISIT", "WENT_TO", "TRAVELED_TO", "TRAVELLED_TO", "BEEN_TO",
                                        "TRIP_TO"), description="visited"),
    PredicateSpec("LOCATED_IN", "structure", ("IN", "PART_OF_PLACE", "WITHIN"),
                  description="place -> parent place"),
    # work and study
    PredicateSpec("WORKS_AT", "work", ("WORK_AT", "WORKS_FOR", "WORK_FOR", "EMPLOYED_BY", "JOINED"),
                  exclusive=True, trait="employer"),
    PredicateSpec("WORKS_ON", "work", ("WORK_ON", "WORKING_ON", "DEVELOPS", "BUILDS", "BUILDING")),
    PredicateSpec("STUDIES_AT", "education", ("STUDY_AT", "STUDIED_AT", "ATTENDS", "ENROLLED_AT"),
                  exclusive=True, trait="school"),
    PredicateSpec("STUDIES", "education", ("STUDY", "LEARNING", "LEARNS", "STUDIED")),
    # media and activities
    PredicateSpec("LISTENED_TO", "media", ("LISTEN_TO", "LISTENS_TO", "PLAYED_MUSIC", "HEARD")),
    PredicateSpec("WATCHED", "media", ("WATCH", "WATCHES", "SAW", "VIEWED")),
    PredicateSpec("READ", "media", ("READS", "READING")),
    PredicateSpec("PLAYED", "activity", ("PLAY", "PLAYS", "PLAYING")),
    PredicateSpec("PRACTICES", "activity", ("PRACTICE", "DOES", "DO", "GOES", "TRAINS")),
    PredicateSpec("ATE", "diet", ("EAT", "EATS", "EATING", "DRANK", "DRINKS", "DRINK", "COOKED",
                                  "COOKS", "MADE")),
    # people and structure
    PredicateSpec("KNOWS", "social", ("KNOW", "MET", "FRIEND_OF", "FRIENDS_WITH")),
    PredicateSpec("FAMILY_OF", "social", ("RELATED_TO", "PARENT_OF", "CHILD_OF", "SIBLING_OF")),
    PredicateSpec("MARRIED_TO", "relationship", ("SPOUSE_OF", "HUSBAND_OF", "WIFE_OF"),
                  exclusive=True, trait="spouse"),
    PredicateSpec("DATING", "relationship", ("DATES", "IN_RELATIONSHIP_WITH", "PARTNER_OF", "GIRLFRIEND_OF",
                                             "BOYFRIEND_OF"), exclusive=True, trait="partner"),
    PredicateSpec("HAS_CONDITION", "health", ("DIAGNOSED_WITH", "SUFFERS_FROM", "HAS_ILLNESS"), trait="health",
                  description="a health condition"),
    PredicateSpec("MEMBER_OF", "structure", ("BELONGS_TO", "PART_OF")),
    PredicateSpec("CREATED_BY", "structure", ("MADE_BY", "AUTHORED_BY", "BY", "PERFORMED_BY")),
    PredicateSpec("ACCOUNT_OF", "structure", ("HANDLE_OF", "PROFILE_OF")),
)

PREDICATE_REGISTRY: Mapping[str, PredicateSpec] = MappingProxyType({s.name: s for s in _SPECS})

#: Raw predicates normalised to another core predicate than their synonym target would say:
#: MOVED_TO is kept as its own spec (so Phase 2 sees the "evolves" hint) but the edge written
#: is LIVES_IN.
_REWRITE_TO: Mapping[str, str] = MappingProxyType({"MOVED_TO": "LIVES_IN"})

_SYNONYMS: dict[str, str] = {}
for _spec in _SPECS:
    _SYNONYMS[_spec.name] = _spec.name
    for _syn in _spec.synonyms:
        _SYNONYMS.setdefault(_syn, _spec.name)

#: Predicates that describe the conversation, not stable knowledge (rejected as open predicates).
OPEN_PREDICATE_BLACKLIST: frozenset[str] = frozenset({
    "ASKED_ABOUT", "ASKS_ABOUT", "ASKED", "TALKED_ABOUT", "MENTIONED", "MENTIONS", "SAID",
    "SAYS", "DISCUSSED", "CHATTED_ABOUT", "REQUESTED", "QUESTIONED", "WONDERED_ABOUT",
    "RELATED", "IS", "IS_A", "HAS_PROPERTY", "INTERACTED_WITH", "ASSOCIATED_WITH", "THINKS_ABOUT",
    "RECOMMENDED", "WANTS_RECIPE", "NEEDS_HELP_WITH",
})

_UPPER_SNAKE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$")


@dataclass(frozen=True, slots=True)
class NormalizedPredicate:
    """The outcome of normalising one raw predicate."""

    raw: str
    predicate: str | None  # None: rejected
    core: bool
    family: str | None
    evolves: bool = False
    reason: str = ""
    implies: tuple[str, ...] = field(default=())


def to_upper_snake(raw: str) -> str:
    s = re.sub(r"[\s\-]+", "_", raw.strip())
    s = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", s)
    return re.sub(r"_+", "_", s).upper().strip("_")


def normalize_predicate(raw: str, learned: Mapping[str, str] | None = None) -> NormalizedPredicate:
    """Synonym normalisation (LIKE → LIKES), MOVED_TO → LIVES_IN, open-predicate rules.

    ``learned`` holds open → core rewrites found by maintenance (``predicate_rewrites``).
    """
    if not isinstance(raw, str) or not raw.strip():
        return NormalizedPredicate(str(raw), None, False, None, reason="empty predicate")
    upper = raw.strip()
    if not _UPPER_SNAKE.match(upper):
        # LLMs sometimes answer "likes" or "Lives in": accept only if it maps to a core predicate
        candidate = to_upper_snake(upper)
        if candidate in _SYNONYMS:
            upper = candidate
        else:
            return NormalizedPredicate(raw, None, False, None,
                                       reason="open predicate is not UPPER_SNAKE_CASE")
    if upper in _SYNONYMS:
        core = _SYNONYMS[upper]
        spec = PREDICATE_REGISTRY[core]
        target = _REWRITE_TO.get(core, core)
        tspec = PREDICATE_REGISTRY[target]
        return NormalizedPredicate(raw, target, True, tspec.family, evolves=spec.evolves or core != target,
                                   reason="core" if upper == target else f"synonym {upper} -> {target}",
                                   implies=tspec.implies)
    if learned and upper in learned and learned[upper] in PREDICATE_REGISTRY:
        target = learned[upper]
        tspec = PREDICATE_REGISTRY[target]
        return NormalizedPredicate(raw, target, True, tspec.family,
                                   reason=f"learned rewrite {upper} -> {target}", implies=tspec.implies)
    if upper in OPEN_PREDICATE_BLACKLIST:
        return NormalizedPredicate(raw, None, False, None, reason=f"{upper} is on the low-value blacklist")
    return NormalizedPredicate(raw, upper, False, None, reason="open predicate")


def family_of(predicate: str) -> str | None:
    spec = PREDICATE_REGISTRY.get(predicate)
    return spec.family if spec else None


def are_antonyms(a: str, b: str) -> bool:
    sa, sb = PREDICATE_REGISTRY.get(a), PREDICATE_REGISTRY.get(b)
    return bool((sa and b in sa.antonyms) or (sb and a in sb.antonyms))


def is_exclusive(predicate: str) -> bool:
    spec = PREDICATE_REGISTRY.get(predicate)
    return bool(spec and spec.exclusive)


def trait_for(predicate: str) -> str | None:
    spec = PREDICATE_REGISTRY.get(predicate)
    return spec.trait if spec else None


def predicate_for_trait(trait: str) -> str | None:
    for spec in _SPECS:
        if spec.trait == trait:
            return spec.name
    return None


def family_members(family: str) -> tuple[str, ...]:
    return tuple(s.name for s in _SPECS if s.family == family)


def rewrite_target(open_predicate: str) -> str | None:
    """A core predicate an open predicate can be rewritten to (maintenance), or None.

    Heuristic, conservative: the open predicate's leading verb token is a synonym of a core
    predicate (``PURCHASED_ONLINE`` → BOUGHT, ``LOVES_COOKING_WITH`` → LIKES). A wrong rewrite
    would silently merge relations, so anything less clear stays open.
    """
    tokens = open_predicate.split("_")
    for n in range(len(tokens) - 1, 0, -1):
        head = "_".join(tokens[:n])
        if head in _SYNONYMS:
            return _REWRITE_TO.get(_SYNONYMS[head], _SYNONYMS[head])
    return None
