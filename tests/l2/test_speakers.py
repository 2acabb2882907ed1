"""People other than the user (issue 14, item 3): a chat line's ``speaker`` attributes what it
states to that person's entity, never to the user; the LoCoMo loader uses it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from memory_core.events.errors import PayloadError
from memory_core.events.normalize import normalize
from tests.helpers import T0, chat
from tests.l2.conftest import project

LOCOMO = Path(__file__).resolve().parents[3] / "shared" / "bench" / "locomo10.json"


def said(speaker, session, text, t, mid):
    return {**chat(session, "user", text, t, mid), "speaker": speaker}


def test_a_speaker_line_is_rendered_with_its_speaker_and_validated():
    ev = normalize(said("Melanie", "g", "We love painting together.", T0, "m1"))
    assert ev.content == "Melanie: We love painting together." and ev.speaker == "Melanie"
    assert ev.metadata()["speaker"] == "Melanie"
    assert normalize(said("Melanie", "g", "Melanie: already prefixed", T0, "m2")).content == "Melanie: already prefixed"
    with pytest.raises(PayloadError) as e:
        normalize({**chat("g", "assistant", "hi", T0, "a1"), "speaker": "Bob"})
    assert e.value.field == "speaker"
    with pytest.raises(PayloadError):
        normalize(said("me", "g", "I moved", T0, "m3"))


def _user_traits(engine):
    return engine.db.read_all("SELECT a.trait, a.value FROM tom_trait_assertions a JOIN entity_catalog e "
                              "ON e.entity_id = a.entity_id WHERE e.is_user = 1")


def test_statements_of_a_speaker_are_that_persons_not_the_users(l2_engine):
    l2_engine.ingest_payloads([
        said("Melanie", "group", "I moved to Paris last year and I love painting.", T0, "g1"),
        said("Caroline", "group", "I work at Initech. My mom lives in Boston.", T0 + 60, "g2"),
        said("Melanie", "group", "I'm so stressed this week.", T0 + 120, "g3"),
        chat("mine", "user", "I live in Shanghai.", T0 + 180, "u1"),
    ])
    project(l2_engine)
    persons = {r["canonical_name"] for r in l2_engine.db.read_all(
        "SELECT canonical_name FROM entity_catalog WHERE entity_type = 'person' AND is_user = 0")}
    assert {"Melanie", "Caroline"} <= persons
    assert [(r["trait"], r["value"]) for r in _user_traits(l2_engine)] == [("residence", "shanghai")]
    by_person = {(r["canonical_name"], r["trait"], r["value"]) for r in l2_engine.db.read_all(
        "SELECT e.canonical_name, a.trait, a.value FROM tom_trait_assertions a JOIN entity_catalog e "
        "ON e.entity_id = a.entity_id WHERE e.is_user = 0")}
    assert ("Melanie", "residence", "paris") in by_person
    assert ("Caroline", "employer", "initech") in by_person
    assert ("Melanie", "stress", "high") in by_person
    # "my mom" in Caroline's line is not the user's mom, nor a claim about anyone we can name
    assert not [r for r in by_person if r[2] == "boston"]
    user_edges = l2_engine.db.read_all("SELECT g.predicate FROM knowledge_graph g JOIN entity_catalog s "
                                       "ON s.entity_id = g.subject_id WHERE s.is_user = 1")
    assert {r["predicate"] for r in user_edges} <= {"LIVES_IN"}


def test_a_speaker_named_by_another_before_their_own_line_keeps_the_name_as_given(l2_engine):
    """Gina's "Hey Jon!" came first: the person it names is the speaker Jon, one entity under the
    speaker field's spelling (it had become "jon" beside "Gina")."""
    l2_engine.ingest_payloads([
        said("Gina", "g", "Hey Jon! Good to see you. What's up?", T0, "g1"),
        said("Jon", "g", "Hey Gina! Lost my job as a banker yesterday.", T0 + 60, "g2"),
        said("Gina", "g", "oh no jon, so sorry", T0 + 120, "g3"),
    ])
    project(l2_engine)
    persons = [r["canonical_name"] for r in l2_engine.db.read_all(
        "SELECT canonical_name FROM entity_catalog WHERE entity_type = 'person' AND is_user = 0 AND status = 'active'")]
    assert sorted(persons) == ["Gina", "Jon"]


_FUNCTION_WORDS = {"how", "what", "why", "when", "where", "who", "which", "that", "this", "it", "chance",
                   "everywhere", "everything", "something", "stuff", "other stuff", "things", "you"}
_TIME_PHRASE = re.compile(r"^(?:a )?(?:few|couple of|several|\d+|one|two|three) (?:days?|weeks?|months?|years?)\b")


@pytest.mark.skipif(not LOCOMO.exists(), reason="LoCoMo is evaluation data beside the project (../shared/bench)")
def test_one_locomo_conversation_attributes_statements_to_its_speakers(l2_engine):
    from memory_core.eval.locomo import payloads

    sample = json.loads(LOCOMO.read_text(encoding="utf-8"))[0]
    rows, _ = payloads(sample)
    l2_engine.ingest_payloads(rows)
    project(l2_engine)
    conv = sample["conversation"]
    persons = {r["canonical_name"] for r in l2_engine.db.read_all(
        "SELECT canonical_name FROM entity_catalog WHERE entity_type = 'person'")}
    assert {conv["speaker_a"], conv["speaker_b"]} <= persons
    assert _user_traits(l2_engine) == []  # nothing either speaker said is the user's
    names = [r["canonical_name"].lower() for r in l2_engine.db.read_all("SELECT canonical_name FROM entity_catalog")]
    assert not [n for n in names if n in _FUNCTION_WORDS or _TIME_PHRASE.match(n)], names
