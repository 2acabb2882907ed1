"""The object policies as pure functions, without the extractor: what a slot's object may be."""

from __future__ import annotations

import pytest

from memory_core.extraction.object_policy import is_effort_object, is_reaction_object, slot_type
from tests.extraction.claim_sets import claims, rel


@pytest.mark.parametrize("phrase,lang", [
    ("your painting", "en"), ("this song", "en"), ("all the yellow leaves", "en"), ("both classical", "en"),
    ("being a mom", "en"), ("the energy there", "en"), ("the energy, diversity and food of this city", "en"),
    ("the self-acceptance and love theme", "en"), ("the colors", "en"), ("the view", "en"),
    ("你的画", "zh"), ("这些照片", "zh"), ("这张照片", "zh"), ("所有的黄叶子", "zh"), ("每一首歌", "zh"),
])
def test_a_reaction_to_something_shown(phrase, lang):
    assert is_reaction_object(phrase, lang)


@pytest.mark.parametrize("phrase,lang", [
    ("hiking", "en"), ("the beach", "en"), ("it", "en"), ("jazz and blues", "en"),
    ("火锅", "zh"), ("那不勒斯", "zh"), ("它", "zh"), ("爬山", "zh"),
])
def test_a_taste_or_a_reference_left_to_coreference(phrase, lang):
    assert not is_reaction_object(phrase, lang)


def test_an_effort_is_a_gerund_phrase():
    assert is_effort_object("building up confidence") and is_effort_object("my running form")
    assert not is_effort_object("magi-desktop") and not is_effort_object("a novel")


def test_nothing_bought_is_a_place_or_a_person():
    assert slot_type("BOUGHT", "place", "成都", "lexicon") is None
    assert slot_type("BOUGHT", "person", "tom", "name") is None
    assert slot_type("BOUGHT", "vehicle", "tesla", "lexicon") == "vehicle"


def test_a_sense_of_something_at_hand_and_an_unnameable_liking_are_no_taste():
    assert is_reaction_object("the smell and taste it adds to dishes", "en")
    assert is_reaction_object("how much joy they bring me", "en")
    assert is_reaction_object("throwing on some music, pouring a glass of wine", "en")
    assert not is_reaction_object("the smell of coffee", "en")
    assert not is_reaction_object("working out", "en")
    # through the extractor: a list part that is no taste is dropped, a phrasal particle is cut
    assert not claims("It made me realize how much I love them and how much joy they bring me.")
    assert rel("user", "LIKES", "making jewelry") in claims("I love making jewelry out of recycled stuff.")
    assert not claims("I love throwing on some music, pouring a glass of wine.")
    assert rel("user", "LIKES", "hanging out") in claims("I love hanging out with friends.")
