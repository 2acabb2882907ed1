"""A line that remembers the state before a change ("back when I lived in Boston…", 以前和阿杰在一起的
时候…, 我在京东那几年…) names the former state: it is not lifted as a newer word on the state, and a
first finding that only remembers yields to the change before it. With L2 keeping a state told as
over as history (tests/l2/test_former_states.py), a user reminiscing after a change is answered
with the new state."""

from __future__ import annotations

import pytest

from memory_core.eval.state_changes import parse, run_one
from memory_core.retrieval.newer_state import reminisces


@pytest.mark.parametrize("text,at,remembers", [
    ("以前和阿杰在一起的时候经常去看电影。", None, True),
    ("以前和阿杰在一起的时候经常去看电影。", 5, True),  # 在一起 told inside the remembered time
    ("我在京东那几年学了不少东西。", None, True),
    ("我吃素那几年瘦了十斤。", None, True),
    ("In my Austin days I moved apartments a lot", 20, True),
    ("Back when I lived in Boston I ran along the Charles.", None, True),
    ("when I was working at Mercy the parking was better", None, True),
    # a change told beside the memory, in a sentence of its own, is still a change
    ("Back in my Boston days I ran a lot. Anyway, I moved to Denver", 40, False),
    ("I live in Denver now.", None, False),
    ("我现在住在广州。", None, False),
    ("When I was a kid I loved dogs", None, False),  # a childhood, not a state named
])
def test_a_line_set_in_the_time_before(text: str, at: int | None, remembers: bool) -> None:
    assert reminisces(text, at) is remembers


def _scenario(sid: str, lang: str, family: str, lines: list[tuple[str, str]], question: str, new: str,
              old: str) -> dict:
    return {"scenarios": [{
        "id": sid, "lang": lang, "family": family, "question": question, "now": "2024-06-01T10:00:00Z",
        "expect": [new], "before": {"now": "2023-06-01T10:00:00Z", "expect": [old]},
        "lines": [{"at": at, "text": text} for at, text in lines]}]}


CASES = [
    _scenario("rm-1", "zh", "relationship", [
        ("2023-01-01T10:00:00Z", "我和男朋友阿杰在一起三年了。"), ("2024-02-01T10:00:00Z", "我和阿杰分手了。"),
        ("2024-03-20T10:00:00Z", "最近在和一个叫小宇的男生约会。"),
        ("2024-05-01T10:00:00Z", "以前和阿杰在一起的时候经常去看电影。")], "我现在在和谁约会？", "小宇", "阿杰"),
    _scenario("rm-2", "en", "residence", [
        ("2023-01-01T10:00:00Z", "I live in Boston, been here five years."),
        ("2024-02-01T10:00:00Z", "We finally moved to Denver last week!"),
        ("2024-05-01T10:00:00Z", "Back when I lived in Boston I used to run along the Charles every morning, miss that.")],
        "where do I live now?", "Denver", "Boston"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_a_memory_of_the_former_state_after_a_change_is_not_the_answer(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query`` as the scenario harness runs them, default
    offline embedder (e5 and the state-line model)."""
    monkeypatch.setenv("MAGI_EMBEDDING_PROVIDER", "offline")
    (scenario,) = parse(data)
    out = run_one(scenario, tmp_path)
    assert out.error is None
    assert out.passed_before is True, out.first_before
    assert out.passed_after is True, out.first_after
