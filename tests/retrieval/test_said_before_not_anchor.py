"""医生之前说我是啥问题来着 ("what did the doctor say my problem was, again?"): 之前 after the doctor
and before a verb of saying is "earlier", said of its subject — it was read as an anchor, "before
the doctor", and the answer looked only at lines told before the first that named a doctor
(ub-034 of the committed sets)."""

from __future__ import annotations

import time

import pytest

from memory_core.retrieval.timeparse import parse_time
from tests.retrieval.cli_scenarios import assert_first_finding, told


@pytest.mark.parametrize("question,anchor", [
    ("医生之前说我是啥问题来着", None),
    ("我妈以前跟我讲过我小时候住哪", None),
    ("在买空气炸锅之前我用什么做饭", "买空气炸锅"),
    ("搬家之前我住哪", "搬家"),
])
def test_earlier_said_is_no_anchor(question: str, anchor: str | None) -> None:
    assert parse_time(question, time.time()).anchor_text == anchor


CASES = [
    told("sb-1", "zh", "health", ["最近老是心慌，晚上睡不着", "帮我写个周报，要点式就行",
                                  "今天去看了，医生说是焦虑症，开了药先吃三个月", "端午想去青岛玩两天"],
         "医生之前说我是啥问题来着", "焦虑", months=2),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_what_the_doctor_said_earlier(data, tmp_path, monkeypatch) -> None:
    """Through the CLI: failed on the code before."""
    assert_first_finding(data, tmp_path, monkeypatch)
