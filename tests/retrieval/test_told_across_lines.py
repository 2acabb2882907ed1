"""A change told across lines and over a time counted from a state: "在苏州买了房。" then "下周搬过
去。" — the second only moves *there*, so the line that names the place answers; "开荤了，吃素五
年后又开始吃肉了" — "after five years of it", not a time five years ahead, so the diet has changed."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import refers_back
from memory_core.retrieval.timeparse import find_future_time
from tests.retrieval.cli_scenarios import assert_first_finding, history


@pytest.mark.parametrize("text,ahead", [
    ("开荤了，吃素五年后又开始吃肉了。", False),
    ("结婚两年后我们搬到了杭州", False),
    ("五年后我要搬去上海", True),
    ("我们三个月后搬家", True),
    ("打算两年后换车", True),
    ("3个月后去报到", True),
])
def test_a_time_counted_from_a_state_is_no_time_ahead(text: str, ahead: bool) -> None:
    assert (find_future_time(text) is not None) is ahead


@pytest.mark.parametrize("text,back", [
    ("下周搬过去。", True),
    ("已经搬过来了", True),
    ("我们下个月搬到苏州", False),
    ("Moved to Leeds, there is a lot to do", False),
])
def test_a_move_there_refers_back_to_the_place(text: str, back: bool) -> None:
    assert refers_back(text, "residence") is back


def _scenario(sid: str, lang: str, family: str, lines: list[str], question: str, expect: str) -> dict:
    # the first line months before, the others minutes apart (one conversation)
    ats = ["2024-01-05T10:00:00Z", *(f"2024-04-05T10:{3 * i:02d}:00Z" for i in range(1, len(lines)))]
    return history(sid, lang, family, list(zip(ats, lines)), question, expect, "2024-09-01T10:00:00Z")


CASES = [
    _scenario("ta-1", "zh", "residence", ["我住在南京。", "在苏州买了房。", "下周搬过去。"], "我现在住在哪？", "苏州"),
    _scenario("ta-2", "zh", "diet", ["我吃素。", "开荤了，吃素五年后又开始吃肉了。"], "我现在吃素吗？", "吃肉"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_change_answers(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query`` (default offline embedder); both answered with
    the line before on the code before (ta-1: 下周搬过去 first; ta-2: 我吃素)."""
    assert_first_finding(data, tmp_path, monkeypatch)
