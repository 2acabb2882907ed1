"""The reranker's design adjustments, as a pure function."""

from __future__ import annotations

import pytest

from memory_core.policy import (RERANK_ASSISTANT_LONG_FULL_CHARS, RERANK_RECENCY_HALF_LIFE_DAYS,
                                RERANK_RECENCY_MAX_BONUS, RERANK_TOP_N)
from memory_core.retrieval.rerank import (RerankCandidate, author_delta, length_penalty,
                                          quote_delta, recency_bonus, rerank)

NOW = 1_000_000_000.0
OLD = NOW - 10_000 * 86400  # recency bonus ~0


def cand(key, fused, author="user", content="x", t=OLD):
    return RerankCandidate(key, fused, author, content, t)


def test_author_adjustments():
    assert author_delta("user") == 0.35
    assert author_delta("assistant") == -0.10
    assert author_delta("external") == 0.0


def test_quote_hits_per_event():
    assert quote_delta("user", 'I said "Blue Bottle" yesterday', ["blue bottle"]) == 0.45
    assert quote_delta("assistant", "Blue Bottle is a café", ["Blue Bottle"]) == 0.15
    assert quote_delta("user", "nothing here", ["Blue Bottle"]) == 0.0
    # several quoted phrases still count once per event (design: "per event")
    assert quote_delta("user", "a b", ["a", "b"]) == 0.45


def test_long_assistant_text_is_penalised_linearly_to_the_cap():
    assert length_penalty("assistant", 240) == 0.0
    assert length_penalty("user", 5000) == 0.0
    mid = 240 + (RERANK_ASSISTANT_LONG_FULL_CHARS - 240) // 2
    assert length_penalty("assistant", mid) == pytest.approx(-0.125, abs=1e-3)
    assert length_penalty("assistant", 10_000) == -0.25


def test_recency_bonus_is_small_and_halves():
    assert recency_bonus(NOW, NOW) == pytest.approx(RERANK_RECENCY_MAX_BONUS)
    half = recency_bonus(NOW - RERANK_RECENCY_HALF_LIFE_DAYS * 86400, NOW)
    assert half == pytest.approx(RERANK_RECENCY_MAX_BONUS / 2)
    assert recency_bonus(NOW + 100, NOW) == pytest.approx(RERANK_RECENCY_MAX_BONUS)  # future: no more


def test_user_statement_overtakes_a_better_fused_long_assistant_answer():
    out = rerank([cand("asst", 1.0, "assistant", "y" * 2000), cand("user", 0.7, "user"),
                  cand("floor", 0.4, "external")], quoted=[], now=NOW)
    assert [r.key for r in out] == ["user", "asst", "floor"]
    asst = out[1]
    assert asst.base == 1.0
    assert asst.deltas == {"author": -0.10, "length": -0.25}
    assert asst.score == pytest.approx(0.65, abs=1e-6)
    # (a list shorter than the head is scaled from 0: the user's 0.7 of the best is 0.7)
    assert out[0].score == pytest.approx(0.7 + 0.35, abs=1e-6)


def test_fused_scores_are_min_max_normalised_over_a_full_head():
    full = [cand(i, 0.032 - i * 0.001, "external") for i in range(RERANK_TOP_N)]
    out = rerank(full, quoted=[], now=NOW)
    assert round(out[0].base, 6) == 1.0 and out[-1].base == 0.0
    assert round(out[RERANK_TOP_N // 2].base, 6) == round(1 - (RERANK_TOP_N // 2) / (RERANK_TOP_N - 1), 6)
    same = rerank([cand("a", 0.02, "external"), cand("b", 0.02, "external")], quoted=[], now=NOW)
    assert [r.base for r in same] == [1.0, 1.0]


def test_a_short_list_is_scaled_from_zero():
    """Three candidates left (a small store, or the lines told by the question's moment): min-max
    put the third at 0 however close it was to the second; from 0 it keeps its share of the best."""
    out = rerank([cand("a", 0.032, "external"), cand("b", 0.024, "external"), cand("c", 0.016, "external")],
                 quoted=[], now=NOW)
    assert [round(r.base, 6) for r in out] == [1.0, 0.75, 0.5]


def test_a_much_better_assistant_answer_still_beats_a_barely_related_user_event():
    """Flat RRF scores (k = 60) must not let the user bonus override relevance entirely."""
    fused = [1 / 61 * 2.6, 1 / 62 * 2.5, 1 / 64 * 0.5, 1 / 69 * 0.5]  # strong, strong, weak, weak
    out = rerank([cand("asst", fused[0], "assistant", "z" * 300), cand("asst2", fused[1], "assistant"),
                  cand("u1", fused[2], "user"), cand("u2", fused[3], "user")], quoted=[], now=NOW)
    assert out[0].key == "asst"


def test_only_the_top_n_are_reranked():
    cands = [cand(i, 1.0 - i * 0.01, "assistant") for i in range(RERANK_TOP_N)]
    cands.append(cand("late_user", 0.5, "user"))
    out = rerank(cands, quoted=[], now=NOW)
    assert out[-1].key == "late_user" and not out[-1].reranked and out[-1].deltas == {}
    assert all(r.reranked for r in out[:-1])
