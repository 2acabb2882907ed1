"""Pure policy functions of L2: confidence accumulation, assertion status, trait terms, TTLs,
name normalisation, offline arbitration. No database: unit-tested directly.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from ..lexicon.names import new_old_name_rest
from ..policy import (ASSERTION_CORROBORATED_MIN_EVIDENCE, ASSERTION_STABLE_MIN_AGE_S,
                      ASSERTION_STABLE_MIN_EVIDENCE, L2_DIRECTNESS_WEIGHT,
                      L2_OFFLINE_ARBITRATION_CONFIDENCE, L2_OFFLINE_ARBITRATION_WEAK_CONFIDENCE,
                      TRAIT_TTL_S, TRIPLE_CONFIDENCE_CAP, TRIPLE_CONFIDENCE_GAIN)

# Assertion states. The first three are "live" (part of the current profile); the rest are the
# distinct exit states the design asks for, so "how did it disappear?" has an answer.
TENTATIVE, CORROBORATED, STABLE = "tentative", "corroborated", "stable"
OVERWRITTEN, EXPIRED, USER_DENIED, SUPERSEDED, REJECTED = (
    "overwritten", "expired", "user_denied", "superseded", "rejected")
LIVE_ASSERTION_STATES = (TENTATIVE, CORROBORATED, STABLE)
EXIT_ASSERTION_STATES = (OVERWRITTEN, EXPIRED, USER_DENIED, SUPERSEDED, REJECTED)

# Edge states: active, invalidated (antonym rule), superseded (evolution), rejected (arbitration
# kept the old one), user_denied.
EDGE_ACTIVE, EDGE_INVALIDATED, EDGE_SUPERSEDED, EDGE_REJECTED, EDGE_USER_DENIED = (
    "active", "invalidated", "superseded", "rejected", "user_denied")
#: Edges that were once true and may answer history questions ("did I live in Shanghai before?")
HISTORICAL_EDGE_STATES = (EDGE_ACTIVE, EDGE_INVALIDATED, EDGE_SUPERSEDED)
HISTORICAL_ASSERTION_STATES = (*LIVE_ASSERTION_STATES, SUPERSEDED, OVERWRITTEN, EXPIRED)
#: the statuses of a belief a later statement ended (not the clock, not the user's denial)
ENDED_BY_STATEMENT_STATES = (SUPERSEDED, OVERWRITTEN)


def cumulative_confidence(confidences: Iterable[float]) -> float:
    """Saturating accumulation: c' = 1 - (1 - c)(1 - GAIN * c_new), capped.

    Independent confirmations raise confidence step by step, each by less than the one before,
    and repetition alone never reaches certainty (design: "rises, but saturates").
    """
    c = 0.0
    first = True
    for x in confidences:
        x = min(1.0, max(0.0, float(x)))
        if first:
            c, first = x, False
        else:
            c = 1.0 - (1.0 - c) * (1.0 - TRIPLE_CONFIDENCE_GAIN * x)
        if c >= TRIPLE_CONFIDENCE_CAP:  # saturated: further evidence cannot change it
            break
    return round(min(TRIPLE_CONFIDENCE_CAP, c), 4)


def claim_confidence(confidence: float, directness: str) -> float:
    """A claim's confidence discounted by how directly it is stated."""
    return round(min(1.0, max(0.0, confidence)) * L2_DIRECTNESS_WEIGHT.get(directness, 0.6), 4)


def trait_term(trait: str) -> str:
    """Short-term traits (emotion, stress, mood) carry a TTL; everything else is long-term."""
    return "short" if trait in TRAIT_TTL_S else "long"


def expires_at(trait: str, observed_at: float) -> float | None:
    ttl = TRAIT_TTL_S.get(trait)
    return None if ttl is None else observed_at + ttl


def assertion_status(evidence_count: int, first_observed_at: float | None, now: float,
                     user_confirmed: bool = False) -> str:
    """tentative (1 evidence) → corroborated (several independent) → stable (time or user)."""
    if user_confirmed:
        return STABLE
    if (evidence_count >= ASSERTION_STABLE_MIN_EVIDENCE and first_observed_at is not None
            and now - first_observed_at >= ASSERTION_STABLE_MIN_AGE_S):
        return STABLE
    if evidence_count >= ASSERTION_CORROBORATED_MIN_EVIDENCE:
        return CORROBORATED
    return TENTATIVE


_WS = re.compile(r"\s+")
_EDGE_PUNCT = re.compile(r"^[\s\"'“”‘’「」《》()（）\[\]]+|[\s\"'“”‘’「」《》()（）\[\].,，。!！?？]+$")
_ARTICLES = re.compile(r"^(the|a|an|my|our|your|this|that|new|old)\s+", re.I)
#: "New" / "Old" written with a capital before a capitalised word: a name's own first word
_NAME_FIRST_WORD = re.compile(r"^(?:New|Old|NEW|OLD)\s+[A-Z\u00c0-\u024f]")


#: a lower-case "new jersey", "new york city", "old navy's": a NEW_OLD_NAMES name opens the string
_NEW_OLD_NAME = re.compile(rf"^(?:new\s+(?:{new_old_name_rest('new')})|old\s+(?:{new_old_name_rest('old')}))\b")


def _keeps_first_word(s: str) -> bool:
    """Whether "new" / "old" opening ``s`` (case as written) is part of a name, not a descriptor:
    "New York", "New Balance", a lower-case "new jersey" (lexicon NEW_OLD_NAMES, also as the
    start of a longer name: "new york city"). "my new car", "our old flat" fold to "car", "flat"."""
    return _NAME_FIRST_WORD.match(s) is not None or _NEW_OLD_NAME.match(s.lower()) is not None


def _strip_articles(s: str) -> str:
    prev = None
    while prev != s:
        prev = s
        m = _ARTICLES.match(s)
        if m is None or (m.group(1).lower() in ("new", "old") and _keeps_first_word(s)):
            break
        s = s[m.end():]
    return s


@lru_cache(maxsize=65536)
def name_norm(name: str) -> str:
    """Lower-case, NFKC, whitespace folded, surrounding quotes and leading articles removed
    ("the", "my", and "new" / "old" where they describe: "my new Tesla" is "tesla", "New
    Mexico" stays "new mexico"). Articles are read before lower-casing, as written: the capital
    of "New York" is what says it is a name. Cached: resolution, mentions and aliases normalise
    the same names over and over (~290k calls for a 20k-event import)."""
    s = unicodedata.normalize("NFKC", name or "").strip()
    s = _EDGE_PUNCT.sub("", s)
    s = _WS.sub(" ", s)
    return _strip_articles(s).lower().strip()


def strip_articles(name: str) -> str:
    """Leading articles off a name as written ("the bakery" → "bakery"), case kept."""
    return _strip_articles(name).strip() or name


def display_name(name: str) -> str:
    s = unicodedata.normalize("NFKC", name or "").strip()
    s = _EDGE_PUNCT.sub("", s)
    return _WS.sub(" ", s)


#: the extractor's ``time_hint`` for a state told as over: "I used to live in Boston", "I lived
#: in Paris for a year", "we had a dog named Rex", 以前住在成都 (extraction/patterns.py)
FORMER_STATE_HINT = "past"


def tells_former_state(time_hint: str | None) -> bool:
    """Whether a claim is evidence of a *former* state. Such a claim is history: it may add
    evidence to the relation it names (or record it as one that ended), but it never makes that
    relation current again, never rivals the current value of a one-valued predicate and never
    becomes a current trait (a user reminiscing "back when I lived in Boston" had moved back to
    Boston in memory, with a logged state reversal). Pure."""
    return (time_hint or "").strip().lower() == FORMER_STATE_HINT


_DIRECTNESS_RANK = {"explicit": 2, "implied": 1}


@dataclass(frozen=True, slots=True)
class ArbitrationSide:
    value: str
    occurred_at: float  # latest evidence time
    directness: str
    confidence: float
    evidence_event_ids: tuple[str, ...] = ()
    #: when the latest evidence was *told*: before ``occurred_at`` for a dated start told ahead
    #: ("starting at Google on April 1", told in March), else the same
    told_at: float | None = None
    #: the new side ends the old one ("not joining Google after all"), it states no rival value
    calls_off: bool = False


@dataclass(frozen=True, slots=True)
class ArbitrationDecision:
    decision: str  # keep_old | evolve
    confidence: float
    reason: str
    decided_by: str


def offline_arbitration(old: ArbitrationSide, new: ArbitrationSide) -> ArbitrationDecision:
    """Keep-old vs evolve by recency and directness (the offline stand-in for the reasoning tier).

    Weaker than the LLM: it cannot tell a real move from a quoted, ironic or hypothetical one
    (those are filtered earlier only as far as the rule classifier can), nor read "I'm back in
    Shanghai for a week" as a visit. So it evolves only when the new evidence is newer *and* at
    least as direct, and its confidence stays modest (implied evidence → the review inbox).
    """
    newer = new.occurred_at >= old.occurred_at
    if not newer and new.calls_off and old.told_at is not None and new.occurred_at > old.told_at:
        newer = True  # a start told ahead, called off before its date: the calling off is the newer word
    direct_enough = _DIRECTNESS_RANK.get(new.directness, 1) >= _DIRECTNESS_RANK.get(old.directness, 1)
    if newer and direct_enough:
        conf = (L2_OFFLINE_ARBITRATION_CONFIDENCE if new.directness == "explicit"
                else L2_OFFLINE_ARBITRATION_WEAK_CONFIDENCE)
        return ArbitrationDecision("evolve", conf,
                                   f"offline rule: newer ({new.directness}) evidence replaces "
                                   f"{old.value!r} with {new.value!r}", "offline_rule")
    why = "older" if not newer else f"less direct ({new.directness} vs {old.directness})"
    return ArbitrationDecision("keep_old", L2_OFFLINE_ARBITRATION_WEAK_CONFIDENCE,
                               f"offline rule: new evidence is {why}; keeping {old.value!r}",
                               "offline_rule")


def jaccard(a: Sequence[str] | set[str], b: Sequence[str] | set[str]) -> float:
    sa, sb = set(a), set(b)
    if not sa or not sb:
        return 0.0
    return len(sa & sb) / len(sa | sb)
