"""Weighted RRF and the per-mode weight table, as pure functions."""

from __future__ import annotations

import pytest

from memory_core.policy import (PATH_BM25, PATH_CATEGORY, PATH_ENTITY, PATH_GRAPH, PATH_KEYWORD,
                                PATH_TEMPORAL_BM25, PATH_VECTOR, RRF_K, RRF_WEIGHTS,
                                STRUCTURED_PATHS, QueryMode)
from memory_core.retrieval.rrf import mode_weights, weighted_rrf


def test_single_list_scores_are_weight_over_k_plus_rank():
    fused = weighted_rrf({"bm25": ["a", "b", "c"]}, {"bm25": 0.8})
    assert [f.key for f in fused] == ["a", "b", "c"]
    assert fused[0].score == pytest.approx(0.8 / (RRF_K + 1))
    assert fused[2].score == pytest.approx(0.8 / (RRF_K + 3))
    assert fused[1].contributions["bm25"] == (2, 0.8, pytest.approx(0.8 / (RRF_K + 2)))


def test_agreement_beats_a_single_higher_rank():
    # "b" is second in both lists; "a" first in one list only
    fused = weighted_rrf({"bm25": ["a", "b"], "vector": ["c", "b"]}, {"bm25": 1.0, "vector": 1.0})
    assert fused[0].key == "b"
    assert fused[0].score == pytest.approx(2 / (RRF_K + 2))


def test_weights_decide_between_paths():
    lists = {"entity": ["e"], "bm25": ["b"]}
    assert weighted_rrf(lists, {"entity": 1.2, "bm25": 0.8})[0].key == "e"
    assert weighted_rrf(lists, {"entity": 0.6, "bm25": 0.8})[0].key == "b"


def test_zero_weight_paths_contribute_nothing_but_are_recorded():
    fused = weighted_rrf({"bm25": ["a"], "graph": ["a", "g"]}, {"bm25": 1.0, "graph": 0.0})
    assert [f.key for f in fused] == ["a"]  # "g" only came from a zero-weight path
    assert fused[0].contributions["graph"] == (1, 0.0, 0.0)


def test_duplicates_in_a_list_keep_their_first_rank_and_ties_are_deterministic():
    fused = weighted_rrf({"p": ["x", "x", "y"]}, {"p": 1.0})
    assert [f.key for f in fused] == ["x", "y"]
    assert fused[1].contributions["p"][0] == 2
    tie = weighted_rrf({"p": ["a"], "q": ["b"]}, {"p": 1.0, "q": 1.0})
    assert [f.key for f in tie] == ["a", "b"]


def test_design_rows_of_the_weight_table_are_exact():
    ef = RRF_WEIGHTS[QueryMode.EXACT_FACT]
    assert (ef[PATH_ENTITY], ef[PATH_VECTOR], ef[PATH_BM25]) == (1.2, 1.0, 0.8)
    ep = RRF_WEIGHTS[QueryMode.EPISODE_RECALL]
    assert (ep[PATH_VECTOR], ep[PATH_ENTITY]) == (1.2, 0.6)
    es = RRF_WEIGHTS[QueryMode.EVENT_STREAM]
    assert not STRUCTURED_PATHS & {p for p, w in es.items() if w > 0}
    assert {PATH_BM25, PATH_VECTOR, PATH_KEYWORD} <= set(es)


def test_every_mode_has_a_complete_nonnegative_row():
    every = {PATH_BM25, PATH_VECTOR, PATH_KEYWORD, PATH_TEMPORAL_BM25, PATH_ENTITY, PATH_GRAPH,
             PATH_CATEGORY}
    for mode in QueryMode:
        row = RRF_WEIGHTS[mode]
        assert all(w >= 0 for w in row.values())
        if mode is not QueryMode.EVENT_STREAM:
            assert set(row) == every, mode
    weights = mode_weights(QueryMode.EVENT_STREAM, ["bm25", "entity", "graph", "category"])
    assert weights == {"bm25": 1.0, "entity": 0.0, "graph": 0.0, "category": 0.0}


def test_event_stream_ignores_structured_candidates_when_fusing():
    lists = {"entity": ["e1", "e2"], "graph": ["g"], "bm25": ["b"], "vector": ["v"]}
    fused = weighted_rrf(lists, RRF_WEIGHTS[QueryMode.EVENT_STREAM])
    assert {f.key for f in fused} == {"b", "v"}
