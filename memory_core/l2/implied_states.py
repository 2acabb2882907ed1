"""States a claim implies without naming its family: buying a car starts the vehicle state.

Phase 1 labels what a sentence says — "I bought a used Corolla" is a purchase (``BOUGHT``), and
the extractor's labelled sets keep it so. What the lifecycle needs is what that means for the
user's state: the car bought is the car one has now, so it supersedes the vehicle held before
("Sold the Camry … bought a Corolla"). This adds that trait claim beside the purchase, with
the same evidence, for the user's own purchases; a relative's purchase ("my brother bought a
Jeep") is no state of the user's. Pure: claims in, claims out.
"""

from __future__ import annotations

from typing import Sequence

from ..extraction.schema import USER_SUBJECT, FactClaim

#: (relation predicate, object type) → (trait predicate, trait): a purchase that starts a state
IMPLIED_STATES: dict[tuple[str, str], tuple[str, str]] = {("BOUGHT", "vehicle"): ("DRIVES", "vehicle")}


def implied_traits(claims: Sequence[FactClaim]) -> list[FactClaim]:
    """The trait claims the user's purchases imply and no claim of the same event states."""
    stated = {(c.event_id, c.trait, (c.value or c.object).strip().lower()) for c in claims if c.kind == "trait"}
    out: list[FactClaim] = []
    for c in claims:
        implied = IMPLIED_STATES.get((c.predicate, c.object_type or ""))
        if implied is None or c.kind != "relation" or c.negated or c.subject != USER_SUBJECT:
            continue
        predicate, trait = implied
        key = (c.event_id, trait, c.object.strip().lower())
        if key in stated:
            continue
        stated.add(key)
        out.append(FactClaim(subject=c.subject, predicate=predicate, object=c.object, evidence_text=c.evidence_text,
                             event_id=c.event_id, kind="trait", subject_type=c.subject_type, object_type=c.object_type,
                             trait=trait, value=c.object, confidence=c.confidence, directness=c.directness,
                             time_hint=c.time_hint))
    return out
