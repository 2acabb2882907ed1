"""(Before and after.) A change told in one line — the old state with the new ("Sold my old Civic and bought a used
Subaru", 我从百度离职了，下周去字节上班, "We moved from Boston to Denver") — answers "what did I have
before <the new one>?": the anchor line is the only evidence of the old state, so it is kept as
an answer as well as the reference point. A line that names only the anchor stays the reference
point, and an earlier line still answers."""

from __future__ import annotations

import pytest

from memory_core.retrieval.anchor_line import tells_after, tells_before
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("content,anchor,family,told", [
    ("Sold my old Civic and bought a used Subaru Outback.", "Subaru", "vehicle", True),
    ("I left Initech and joined Hooli as a designer.", "Hooli", "work", True),
    ("We moved from Boston to Denver last month.", "Denver", "residence", True),
    ("Traded in the Focus for a Kia EV6 yesterday.", "Kia", "vehicle", True),
    ("We swapped our Prius for a Model Y.", "Model Y", "vehicle", True),
    ("I went from vegan to keto last month.", "keto", "diet", True),
    ("Our old dog Rex passed away and we adopted a kitten called Miso.", "Miso", "pet", True),
    ("Broke up with Jake, and now I'm seeing Tom.", "Tom", "relationship", True),
    ("我把旧的卡罗拉卖了，换了一辆比亚迪汉。", "比亚迪", "vehicle", True),
    ("我从百度离职了，下周去字节上班。", "去字节", "work", True),
    ("我们从北京搬到了成都。", "搬到成都", "residence", True),
    ("我从复旦转学到了交大。", "交大", "school", True),
    # only the anchor: the reference point, nothing before it
    ("Just bought a Kia EV6!", "Kia", "vehicle", False),
    ("Moved to Seattle for the new job.", "Seattle", "residence", False),
    ("上个月搬到杭州了。", "搬到杭州", "residence", False),
    ("Picked up the Subaru from the dealer today, so happy", "Subaru", "vehicle", False),
    # the line does not name the anchor, or the question has no state family
    ("Sold my old Civic.", "Subaru", "vehicle", False),
    ("Sold my old Civic and bought a Subaru.", "Subaru", None, False),
])
def test_the_anchor_line_tells_what_came_before(content: str, anchor: str, family: str | None, told: bool) -> None:
    assert tells_before(content, anchor, family) is told


@pytest.mark.parametrize("content,anchor,family,told", [
    ("Sold my old Civic and bought a used Subaru Outback.", "Civic", "vehicle", True),
    ("I left Initech and joined Hooli as a designer.", "Initech", "work", True),
    ("We moved from Boston to Denver last month.", "Boston", "residence", True),
    ("We swapped our Model Y for a Prius.", "Model Y", "vehicle", True),
    ("我把旧的卡罗拉卖了，换了一辆比亚迪汉。", "卡罗拉", "vehicle", True),
    ("我们从北京搬到了成都", "北京", "residence", True),
    # no state family ("离开百度以后我去了哪" reads as a visit): an arrival alone tells it
    ("我从百度离职了，下周去字节上班。", "离开百度", "visit", True),
    # only the anchor, or a clause that goes nowhere from it
    ("I drive a Civic to work", "Civic", "vehicle", False),
    ("Sold the Civic last spring.", "Civic", "vehicle", False),
    ("Moved to Denver last week, loving it.", "Denver", "residence", False),
    ("I went to the concert and loved it", "concert", None, False),
])
def test_the_anchor_line_tells_what_came_after(content: str, anchor: str, family: str | None, told: bool) -> None:
    assert tells_after(content, anchor, family) is told


CASES = [
    told("ba-1", "en", "vehicle", ["Sold my old Civic and bought a used Subaru Outback."],
              "what car did I have before the Subaru?", "Civic", now="2026-06-01T10:00:00Z", start="2023-02-01", months=13),
    told("ba-2", "en", "employer", ["I left Initech and joined Hooli as a designer."],
              "where did I work before Hooli?", "Initech", now="2026-06-01T10:00:00Z", start="2023-02-01", months=13),
    told("ba-3", "zh", "employer", ["我从百度离职了，下周去字节上班。"], "我去字节之前在哪工作？", "百度", now="2026-06-01T10:00:00Z", start="2023-02-01", months=13),
    told("ba-4", "zh", "residence", ["我们从北京搬到了成都。"], "搬到成都之前我住在哪？", "北京", now="2026-06-01T10:00:00Z", start="2023-02-01", months=13),
    # an earlier line still answers when the anchor line names only the new state
    told("ba-5", "en", "vehicle", ["I drive a Ford Focus.", "Just bought a Kia EV6!"],
              "what car did I have before the Kia?", "Focus", now="2026-06-01T10:00:00Z", start="2023-02-01", months=13),
    # after: the anchor line's later clause (no finding at all on the code before)
    told("ba-6", "zh", "employer", ["我从百度离职了，下周去字节上班。"], "离开百度以后我去了哪？", "字节", now="2026-06-01T10:00:00Z", start="2023-02-01", months=13),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_before_the_new_state_is_answered_from_the_line_of_the_change(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query`` as the scenario harness runs them (default
    offline embedder). On the code before, ba-1 to ba-4 had no finding at all: the anchor event
    was dropped as the reference point and the window ended where it began."""
    assert_first_finding(data, tmp_path, monkeypatch)
