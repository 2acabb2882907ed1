"""A change told across lines and over a time counted from a state: "在苏州买了房。" then "下周搬过
去。" — the second only moves *there*, so the line that names the place answers; "开荤了，吃素五
年后又开始吃肉了" — "after five years of it", not a time five years ahead, so the diet has changed."""

from __future__ import annotations

import pytest

from memory_core.eval.state_changes import parse, run_one
from memory_core.retrieval.state_statement import refers_back
from memory_core.retrieval.timeparse import find_future_time


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
    return {"scenarios": [{
        "id": sid, "lang": lang, "family": family, "question": question, "now": "2024-09-01T10:00:00Z",
        "expect": [expect],
        "lines": [{"at": "2024-01-05T10:00:00Z", "text": lines[0]},
                  *({"at": f"2024-04-05T10:{3 * i:02d}:00Z", "text": t} for i, t in enumerate(lines[1:], 1))]}]}


CASES = [
    _scenario("ta-1", "zh", "residence", ["我住在南京。", "在苏州买了房。", "下周搬过去。"], "我现在住在哪？", "苏州"),
    _scenario("ta-2", "zh", "diet", ["我吃素。", "开荤了，吃素五年后又开始吃肉了。"], "我现在吃素吗？", "吃肉"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_change_answers(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query`` (default offline embedder); both answered with
    the line before on the code before (ta-1: 下周搬过去 first; ta-2: 我吃素)."""
    monkeypatch.setenv("MAGI_EMBEDDING_PROVIDER", "offline")
    (scenario,) = parse(data)
    out = run_one(scenario, tmp_path)
    assert out.error is None
    assert out.passed_after is True, out.first_after
