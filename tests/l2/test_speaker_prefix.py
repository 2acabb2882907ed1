"""A pasted "Name: text" user line without ``speaker`` (issue 14, item 3): the line is that
person's, never the user's; a label before a colon ("Note:", 备注：) keeps it the user's."""

from __future__ import annotations

import pytest

from memory_core.events.normalize import normalize
from memory_core.events.speaker_prefix import speaker_of
from tests.helpers import T0, chat
from tests.l2.conftest import project


@pytest.mark.parametrize("line,who", [
    ("Jenna: I just started at Pixar!", "Jenna"),
    ("Mary Jane: we moved to Denver.", "Mary Jane"),
    ("Caroline：hey there", "Caroline"),
    ("小王：我下个月入职腾讯。", "小王"),
    ("张伟: 我在百度上班", "张伟"),
    ("阿强：分手了", "阿强"),
    # a surname called by 老 / 小 / 阿, which jieba's dictionary reads as a noun (老张 "old man")
    ("老张：我把帕萨特卖了，换了台理想L7。", "老张"),
    ("小马：到了", "小马"),
])
def test_a_person_before_a_colon_speaks_the_line(line, who):
    assert speaker_of(line) == who


@pytest.mark.parametrize("line", [
    "Note: I moved to Denver.", "Update: started at Google!", "Monday: dentist at 3", "PS: love you",
    "Work: started at Google", "Re: your email", "Dr: appointment", "Mom: called today",
    "Confession: I've been eating meat again.", "Announcement: we're engaged", "Rant: my landlord again",
    "Correction: I meant Austin", "Plot twist: I quit", "Good news: cleared!", "Decided: going vegan today",
    "备注：搬家了", "今天：去上班", "老公：今天买菜", "老师：作业交了", "小区：明天停水", "高兴：哈哈", "我：搬家了", "I moved to Denver: finally!", "no colon here",
])
def test_a_label_or_no_name_keeps_the_line_the_users(line):
    assert speaker_of(line) is None


def test_the_normaliser_sets_the_speaker_of_a_pasted_line_and_keeps_its_text():
    ev = normalize(chat("g", "user", "Jenna: I just started at Pixar!", T0, "m1"))
    assert ev.speaker == "Jenna" and ev.content == "Jenna: I just started at Pixar!"
    assert normalize(chat("g", "user", "Note: I moved to Denver.", T0, "m2")).speaker is None
    assert normalize(chat("g", "assistant", "Jenna: hello", T0, "a1")).speaker is None


def test_a_pasted_line_is_that_persons_state_not_the_users(l2_engine):
    l2_engine.ingest_payloads([
        chat("g", "user", "Jenna: I just started at Pixar as an animator!", T0, "g1"),
        chat("g", "user", "小王：我住在成都。", T0 + 60, "g2"),
        chat("mine", "user", "Update: I started at Initech.", T0 + 120, "u1"),
    ])
    project(l2_engine)
    rows = {(r["canonical_name"], r["is_user"], r["trait"], r["value"]) for r in l2_engine.db.read_all(
        "SELECT e.canonical_name, e.is_user, a.trait, a.value FROM tom_trait_assertions a JOIN entity_catalog e "
        "ON e.entity_id = a.entity_id")}
    user = {(t, v) for _, is_user, t, v in rows if is_user}
    assert ("employer", "initech") in user
    assert ("employer", "pixar") not in user and ("residence", "成都") not in user
    assert ("Jenna", 0, "employer", "pixar") in rows
