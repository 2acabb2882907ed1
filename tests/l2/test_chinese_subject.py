"""Whom a Chinese question asks about (``retrieval/intent.chinese_subject``): a question that
opens with someone else's name or with 我+kin is about them, so L2 answers from their edges and
not from the user's ("小美在哪上班？" was answered with the user's employer)."""

from __future__ import annotations

import pytest

from memory_core.retrieval.intent import build_plan, chinese_subject
from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project


@pytest.mark.parametrize("question,subject", [
    ("小美在哪上班？", "小美"), ("张伟现在住哪？", "张伟"), ("我妈现在住哪？", "妈妈"), ("我老婆在哪工作？", "老婆"),
    ("我现在住哪？", None), ("最近我在忙什么", None), ("我和林悦现在是什么关系？", None), ("今年我去了哪些地方？", None),
    ("Where does Alex work now?", None),
])
def test_the_subject_of_a_chinese_question(question, subject):
    assert chinese_subject(question) == subject


def test_a_question_about_a_speaker_is_answered_from_their_state_not_the_users(l2_engine):
    l2_engine.ingest_payloads([
        chat("s1", "user", "我在耐克上班，住在上海。", T0, "m1"),
        {**chat("s2", "user", "我搬到深圳了，在腾讯上班。", T0 + DAY, "m2"), "speaker": "小美"},
    ])
    project(l2_engine)
    assert build_plan("小美在哪上班？", mode=None, now=T0 + 9 * DAY).subject == "小美"
    pkg = l2_engine.retrieval.query("小美在哪上班？", "current_state", now=T0 + 9 * DAY)
    top = pkg.findings[0]
    assert "腾讯" in top.content and "耐克" not in top.content, [f.content for f in pkg.findings[:3]]
    if top.layer == "l2":  # a derived finding says whose it is
        assert top.facts.get("subject") == "小美" and "小美" in top.content
    mine = l2_engine.retrieval.query("我在哪上班？", "current_state", now=T0 + 9 * DAY)
    assert "耐克" in mine.findings[0].content, [f.content for f in mine.findings[:3]]
