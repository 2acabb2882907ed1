"""The session prior: a chat line rises with its conversation's relevance (pure rule)."""

from __future__ import annotations

import pytest

from memory_core.retrieval.rrf import Fused
from memory_core.retrieval.session_prior import SESSION, apply_session_prior, session_relevance


def _fused(*pairs):
    return [Fused(k, s) for k, s in pairs]


def test_the_answer_inside_the_best_matching_conversation_overtakes_a_one_word_match():
    # "camping" conversation: three good lines, one of them the quiet answer; "other": one
    # line that happens to share a word and scores a little higher than the answer alone
    fused = _fused(("camp1", 0.9), ("camp2", 0.8), ("stray", 0.5), ("answer", 0.45))
    session_of = {"camp1": "camping", "camp2": "camping", "answer": "camping", "stray": "other"}
    out, sessions = apply_session_prior(fused, session_of, weight=0.4, top_m=3, head=50)
    assert [s.session for s in sessions] == ["camping", "other"]
    assert sessions[0].relevance == 1.0 and sessions[1].relevance == pytest.approx(0.5 / 2.15)
    keys = [f.key for f in out]
    assert keys.index("answer") < keys.index("stray")
    answer = next(f for f in out if f.key == "answer")
    assert answer.contributions[SESSION] == (1, 0.4, pytest.approx(0.4))


def test_lines_outside_a_conversation_and_a_zero_weight_are_left_alone():
    fused = _fused(("web", 0.9), ("chat", 0.3))
    out, _ = apply_session_prior(fused, {"chat": "s1"}, weight=0.4, top_m=3, head=50)
    assert {f.key: f.score for f in out} == {"web": 0.9, "chat": pytest.approx(0.7)}
    assert SESSION not in next(f for f in out if f.key == "web").contributions
    same, _ = apply_session_prior(_fused(("a", 0.5), ("b", 0.4)), {"a": "s", "b": "t"}, weight=0.0,
                                  top_m=3, head=50)
    assert [(f.key, f.score) for f in same] == [("a", 0.5), ("b", 0.4)]


def test_only_the_head_decides_a_sessions_relevance_and_only_its_best_lines_count():
    fused = _fused(*[(f"x{i}", 0.1) for i in range(6)], ("late", 0.9))
    session_of = {f"x{i}": "many_weak" for i in range(6)} | {"late": "strong"}
    assert [s.session for s in session_relevance(fused, session_of, top_m=3, head=6)] == ["many_weak"]
    ranked = session_relevance(fused, session_of, top_m=3, head=50)
    assert [s.session for s in ranked] == ["strong", "many_weak"]  # 0.9 beats 3 x 0.1
    assert session_relevance([], {}, top_m=3, head=50) == []
