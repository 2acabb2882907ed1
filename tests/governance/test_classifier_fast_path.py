"""The classifier's cached structural decisions equal the full rule walk, for every
combination of author, content type and event type, whatever the text."""

from __future__ import annotations

import itertools

from memory_core.governance import classifier as c
from memory_core.governance.cues import _norm
from memory_core.policy import AuthorType, ContentType, EventType

TEXTS = ("", "I have a cat", "what is this?", "如果我搬家", "please help me", "帮我查一下", "ok")


def test_structural_cache_equals_the_rule_walk() -> None:
    for author, ctype, etype in itertools.product(AuthorType, ContentType, EventType):
        for text in TEXTS:
            x = c.ClassifierInput(author, ctype, etype, text)
            shape = c.analyse_utterance(text) if c._user_utterance(x) else None
            walked = c._first_hit(x, shape)
            assert c.classify(x) == walked, (author, ctype, etype, text)
            assert c.classify_event(author, ctype, etype, text) == walked


def test_swapped_rules_are_not_served_from_the_cache() -> None:
    x = c.ClassifierInput(AuthorType.SYSTEM, ContentType.OBSERVATION, EventType.SENSOR_EVENT, "x")
    assert c.classify(x).rule == "system_author"
    rules = c.RULES
    try:
        c.RULES = tuple(r for r in rules if r.rule_id != "system_author")
        assert c.classify(x).rule == "external_observation"
    finally:
        c.RULES = rules
    assert c.classify(x).rule == "system_author"


def test_sentence_normalisation_cache_is_transparent() -> None:
    assert _norm("  Hello\t  World \n") == "hello world"
    assert _norm("  Hello\t  World \n") == "hello world"  # cached answer, same value
