"""Pure L2 policy: predicate normalisation, confidence accumulation, lifecycle, offline arbitration."""

from __future__ import annotations

import pytest

from memory_core.l2.lifecycle import (ArbitrationSide, assertion_status, cumulative_confidence, name_norm,
                                      offline_arbitration, trait_term)
from memory_core.l2.predicates import (PREDICATE_REGISTRY, are_antonyms, family_of, is_exclusive,
                                       normalize_predicate, rewrite_target)
from memory_core.policy import ASSERTION_STABLE_MIN_AGE_S, TRIPLE_CONFIDENCE_CAP


def test_registry_has_the_core_predicates():
    assert 28 <= len(PREDICATE_REGISTRY) <= 40
    for p in ("OWNS", "USES", "BOUGHT", "LIKES", "DISLIKES", "LIVES_IN", "MOVED_TO", "VISITED",
              "LISTENED_TO", "WORKS_AT", "WORKS_ON", "INTERESTED_IN"):
        assert p in PREDICATE_REGISTRY


@pytest.mark.parametrize("raw,expected,core", [
    ("LIKE", "LIKES", True), ("LOVES", "LIKES", True), ("likes", "LIKES", True),
    ("PURCHASED", "BOUGHT", True), ("MOVED_TO", "LIVES_IN", True), ("Lives in", "LIVES_IN", True),
    ("TRAVELED_TO", "VISITED", True), ("PLAYS_GUITAR_WITH", "PLAYS_GUITAR_WITH", False),
    ("ASKED_ABOUT", None, False), ("TALKED_ABOUT", None, False), ("ate lunch at", None, False), ("", None, False),
])
def test_normalize_predicate(raw, expected, core):
    n = normalize_predicate(raw)
    assert n.predicate == expected and (n.core == core or expected is None)


def test_families_antonyms_exclusivity_implication():
    assert family_of("LIKES") == family_of("INTERESTED_IN") == "preference"
    assert are_antonyms("LIKES", "DISLIKES") and are_antonyms("DISLIKES", "INTERESTED_IN")
    assert not are_antonyms("LIKES", "OWNS")
    assert is_exclusive("LIVES_IN") and not is_exclusive("VISITED")
    assert normalize_predicate("BOUGHT").implies == ("OWNS",)
    assert normalize_predicate("MOVED_TO").evolves
    assert normalize_predicate("RELOCATED_TO", learned={}).predicate == "LIVES_IN"
    assert normalize_predicate("SNAGGED", learned={"SNAGGED": "BOUGHT"}).predicate == "BOUGHT"
    assert rewrite_target("PURCHASED_ONLINE") == "BOUGHT" and rewrite_target("ZORBED_AT") is None


def test_cumulative_confidence_rises_and_saturates():
    one = cumulative_confidence([0.7])
    two = cumulative_confidence([0.7, 0.7])
    many = cumulative_confidence([0.7] * 50)
    assert one == 0.7 and one < two < many <= TRIPLE_CONFIDENCE_CAP
    assert two - one > cumulative_confidence([0.7] * 3) - two  # diminishing steps
    assert cumulative_confidence([]) == 0.0


def test_assertion_lifecycle():
    assert assertion_status(1, 0.0, 10.0) == "tentative"
    assert assertion_status(2, 0.0, 10.0) == "corroborated"
    assert assertion_status(3, 0.0, 10.0) == "corroborated"  # not old enough yet
    assert assertion_status(3, 0.0, ASSERTION_STABLE_MIN_AGE_S + 1) == "stable"
    assert assertion_status(1, 0.0, 10.0, user_confirmed=True) == "stable"
    assert trait_term("stress") == "short" and trait_term("residence") == "long"


def test_offline_arbitration_recency_and_directness():
    old = ArbitrationSide("Shanghai", 100.0, "explicit", 0.7)
    assert offline_arbitration(old, ArbitrationSide("Jiaxing", 200.0, "explicit", 0.7)).decision == "evolve"
    assert offline_arbitration(old, ArbitrationSide("Jiaxing", 50.0, "explicit", 0.7)).decision == "keep_old"
    weak = offline_arbitration(old, ArbitrationSide("Jiaxing", 200.0, "implied", 0.4))
    assert weak.decision == "keep_old"
    implied_old = ArbitrationSide("x", 100.0, "implied", 0.4)
    d = offline_arbitration(implied_old, ArbitrationSide("y", 200.0, "implied", 0.4))
    assert d.decision == "evolve" and d.confidence < 0.6  # weak → goes to the review inbox


def test_name_norm():
    assert name_norm("  The Air  Fryer ") == "air fryer"
    assert name_norm("“高压锅”") == "高压锅"
    assert name_norm("my new pressure cooker") == "pressure cooker"


def test_a_start_told_ahead_is_called_off_by_a_later_word_before_its_date():
    scheduled = ArbitrationSide("google", occurred_at=1000.0, directness="explicit", confidence=0.7, told_at=100.0)
    off = ArbitrationSide("not google", occurred_at=500.0, directness="explicit", confidence=0.7, calls_off=True)
    assert offline_arbitration(scheduled, off).decision == "evolve"
    # a rival value told before the date changes nothing yet (the old job is still the job)
    rival = ArbitrationSide("accenture", occurred_at=500.0, directness="explicit", confidence=0.7)
    assert offline_arbitration(scheduled, rival).decision == "keep_old"
    # a call-off told before the start was even told is older
    early = ArbitrationSide("not google", occurred_at=50.0, directness="explicit", confidence=0.7, calls_off=True)
    assert offline_arbitration(scheduled, early).decision == "keep_old"
