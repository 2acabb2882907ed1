"""A shorter name of a held one-valued trait ("Gillmoss" after "Stagecoach Gillmoss", 字节 after
字节跳动) is that value again: it corroborates the held assertion instead of replacing it as a
change of state (issue 14, stop 49). Examples written for these tests."""

from __future__ import annotations

import pytest

from memory_core.l2.planner import short_form_of
from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project


@pytest.mark.parametrize(("said", "held", "trait", "same"), [
    ("gillmoss", "stagecoach gillmoss", "employer", True),
    ("字节", "字节跳动", "employer", True),
    ("corolla", "toyota corolla", "vehicle", True),
    ("浦东", "上海浦东", "residence", True),
    ("san francisco", "san francisco bay area", "residence", True),
    # a place by its tail is another place
    ("york", "new york", "residence", False),
    ("virginia", "west virginia", "residence", False),
    # the longer name, the same name, another name: no short form
    ("stagecoach gillmoss", "gillmoss", "employer", False),
    ("hooli", "hooli", "employer", False),
    ("hooli", "initech", "employer", False),
])
def test_a_short_form_of_a_held_value(said: str, held: str, trait: str, same: bool) -> None:
    assert short_form_of(said, held, trait) is same


def _live(engine, trait: str) -> list[tuple[str, int]]:
    rows = engine.db.read_all("SELECT value, evidence_count FROM tom_trait_assertions WHERE trait = ? AND status IN "
                              "('tentative', 'corroborated', 'stable')", (trait,))
    return sorted((r["value"], r["evidence_count"]) for r in rows)


@pytest.mark.parametrize(("trait", "first", "again", "after"), [
    ("employer", "I work at Stagecoach Gillmoss as a driver.", "I work at Gillmoss, long shift today.",
     [("stagecoach gillmoss", 2)]),
    ("employer", "我在字节跳动工作。", "我在字节上班，今天又加班了。", [("字节跳动", 2)]),
])
def test_a_shorter_name_corroborates_the_held_value(l2_engine, trait: str, first: str, again: str,
                                                     after: list[tuple[str, int]]) -> None:
    l2_engine.ingest_payloads([chat("s1", "user", first, T0, "m1")])
    project(l2_engine)
    l2_engine.ingest_payloads([chat("s2", "user", again, T0 + 30 * DAY, "m2")])
    project(l2_engine)
    assert _live(l2_engine, trait) == after
