"""A state told as over ("I used to live in Boston", "we had a dog named Rex", 我以前在美团上班) is
history: it adds evidence to the relation it names or records one that had ended, but it never
becomes the current trait, never rivals the current value and never reactivates a superseded
relation. Before, a user reminiscing about a former home had moved back there in memory."""

from __future__ import annotations

import pytest

from memory_core.l2.lifecycle import tells_former_state
from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project

LIVE = "('tentative', 'corroborated', 'stable')"


def _live(engine, trait: str) -> list[str]:
    return sorted(r["value"] for r in engine.db.read_all(
        f"SELECT value FROM tom_trait_assertions WHERE trait = ? AND status IN {LIVE} AND polarity = 1", (trait,)))


def _edges(engine, predicate: str) -> dict[str, tuple[str, int]]:
    return {r["name"]: (r["status"], r["n"]) for r in engine.db.read_all(
        "SELECT e.name_norm AS name, g.status, g.observation_count AS n FROM knowledge_graph g "
        "JOIN entity_catalog e ON e.entity_id = g.object_id WHERE g.predicate = ?", (predicate,))}


def test_the_marker_is_the_extractors_past_hint_only():
    assert tells_former_state("past") and tells_former_state(" Past ")
    assert not tells_former_state(None) and not tells_former_state("last May") and not tells_former_state("")


@pytest.mark.parametrize("first,move,memory,trait,predicate,new,old", [
    ("I live in Boston, been here five years.", "We finally moved to Denver last week!",
     "I used to live in Boston, I miss it.", "residence", "LIVES_IN", "denver", "boston"),
    ("I live in Boston.", "We moved to Denver last month.",
     "Back when I lived in Boston I used to run along the Charles every morning.", "residence", "LIVES_IN",
     "denver", "boston"),
    ("我在美团上班。", "今天入职拼多多了，从美团离职了。", "我以前在美团上班，同事都挺好的。", "employer", "WORKS_AT",
     "拼多多", "美团"),
    ("我住在成都。", "上周搬到重庆了。", "我以前住在成都，好怀念那边的火锅。", "residence", "LIVES_IN", "重庆", "成都"),
])
def test_a_former_state_told_after_the_change_leaves_the_new_one_current(l2_engine, first, move, memory, trait,
                                                                         predicate, new, old):
    l2_engine.ingest_payloads([chat("s1", "user", first, T0, "m1"), chat("s2", "user", move, T0 + 30 * DAY, "m2"),
                               chat("s3", "user", memory, T0 + 90 * DAY, "m3")])
    project(l2_engine)
    assert _live(l2_engine, trait) == [new]
    edges = _edges(l2_engine, predicate)
    assert edges[new][0] == "active"
    # the memory is evidence of the former state, kept as history (an end told beside the change,
    # 从美团离职了, is a third observation of it)
    assert edges[old][0] == "superseded" and edges[old][1] >= 2
    pkg = l2_engine.retrieval.query("Where do I live now?" if trait == "residence" else "我现在在哪上班？",
                                    "current_state", now=T0 + 91 * DAY)
    assert new in pkg.findings[0].content.lower()


@pytest.mark.parametrize("text,trait,predicate,value", [
    ("I lived in Paris for a year in college, loved it.", "residence", "LIVES_IN", "paris"),
    ("I used to drive a Jeep Wrangler in my twenties.", "vehicle", "DRIVES", "jeep wrangler"),
    ("We had a dog named Rex when I was a kid.", "pet", "HAS_PET", "rex"),
    ("我以前开的是大众。", "vehicle", "DRIVES", "大众"),
])
def test_a_former_state_heard_of_first_is_recorded_as_ended(l2_engine, text, trait, predicate, value):
    l2_engine.ingest_payloads([chat("s1", "user", "I live in Denver.", T0, "m1"),
                               chat("s2", "user", text, T0 + 10 * DAY, "m2")])
    project(l2_engine)
    assert value not in _live(l2_engine, trait)
    assert _live(l2_engine, "residence") == ["denver"]
    rows = l2_engine.db.read_all("SELECT g.status, g.valid_to, g.reason FROM knowledge_graph g JOIN entity_catalog e "
                                 "ON e.entity_id = g.object_id WHERE e.name_norm = ?", (value,))
    assert rows and all(r["status"] == "superseded" and r["valid_to"] == T0 + 10 * DAY for r in rows), rows
    assert "former state" in rows[0]["reason"]


@pytest.mark.parametrize("text", ["I never worked at Initech.", "I don't live in Boston.", "我从来没在腾讯工作过。"])
def test_a_negation_of_a_state_never_held_records_no_history(l2_engine, text):
    """"I never worked at Initech" and "I quit Initech" both reach L2 as a negated relation; with
    nothing held to end, neither is recorded (as a former state it would say the user once did)."""
    l2_engine.ingest_payloads([chat("s1", "user", text, T0, "m1")])
    project(l2_engine)
    assert l2_engine.db.read_value("SELECT count(*) FROM knowledge_graph") == 0


def test_a_former_state_does_not_reactivate_what_a_change_ended(l2_engine):
    l2_engine.ingest_payloads([chat("s1", "user", "I drive a Honda Civic.", T0, "m1"),
                               chat("s2", "user", "Sold the Civic, I drive a Subaru Outback now.", T0 + 30 * DAY, "m2"),
                               chat("s3", "user", "I used to drive a Honda Civic, great little car.", T0 + 60 * DAY, "m3")])
    project(l2_engine)
    assert _live(l2_engine, "vehicle") == ["subaru outback"]
