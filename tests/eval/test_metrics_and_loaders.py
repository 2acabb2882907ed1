"""Eval metrics (as LongMemEval's eval_utils) and the dataset loaders, on hand-made data."""

from __future__ import annotations

import math

import pytest

from memory_core.eval import locomo, longmemeval
from memory_core.eval.metrics import average, dedupe, ndcg, recall_all, recall_any, score


def test_recall_and_ndcg_by_hand():
    ranked = ["a", "x", "b", "y"]
    gold = {"a", "b"}
    assert recall_any(ranked, gold, 1) == 1.0 and recall_all(ranked, gold, 1) == 0.0
    assert recall_all(ranked, gold, 3) == 1.0
    ideal = 1 + 1 / math.log2(3)
    assert ndcg(ranked, gold, 3) == pytest.approx((1 + 1 / math.log2(4)) / ideal)
    assert ndcg(["x"], gold, 5) == 0.0 and recall_any([], gold, 5) == 0.0
    assert dedupe(["s1", "s2", "s1", "s3"]) == ["s1", "s2", "s3"]
    row = score(["s2", "s1"], {"s1"}, "session", ks=(1, 5))
    assert row["session_recall@1"] == 0.0 and row["session_recall@5"] == 1.0


def test_average_counts_rows_per_prefix():
    rows = [{"session_recall@5": 1.0, "turn_recall@5": 0.0}, {"session_recall@5": 0.0}]
    avg = average(rows)
    assert avg["session_recall@5"] == 0.5 and avg["turn_recall@5"] == 0.0
    assert avg["n_session"] == 2 and avg["n_turn"] == 1


def test_longmemeval_items_in_both_formats():
    item = {"question_id": "q1", "question_type": "single-session-user", "question": "Where do I work?",
            "question_date": "2023/05/30 (Tue) 23:40", "answer_session_ids": ["s2"],
            "haystack_session_ids": ["s1", "s2"], "haystack_dates": ["2023/05/01 (Mon) 10:00",
                                                                      "2023/05/02 (Tue) 11:30"],
            "haystack_sessions": [[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}],
                                  [{"role": "user", "content": "I work at Acme.", "has_answer": True}]]}
    assert list(longmemeval.questions_of(item)) == [("q1", "Where do I work?", ["s2"])]
    rows, turn_sessions, labelled = longmemeval.payloads(item)
    assert [r["message_id"] for r in rows] == ["s1#0", "s1#1", "s2#0"]
    assert turn_sessions["s2#0"] == "s2" and labelled == {"s2#0"}
    assert rows[2]["occurred_at"] == longmemeval.parse_date("2023/05/02 (Tue) 11:30")
    merged = dict(item, questions=["A?", "B?"], answer_session_ids=[["s2"], ["s1"]])
    assert [q[0] for q in longmemeval.questions_of(merged)] == ["q1", "q1#1"]
    with pytest.raises(ValueError):
        longmemeval.parse_date("yesterday")


def test_locomo_dates_and_evidence_ids():
    assert locomo.parse_date("1:56 pm on 8 May, 2023") == longmemeval.parse_date("2023/05/08 (Mon) 13:56")
    assert locomo.parse_date("12:05 am on 1 Sept, 2023") < locomo.parse_date("1:00 am on 1 September, 2023")
    assert locomo.gold_of({"evidence": ["D1:3", "D8:6; D9:17"]}) == {"D1:3", "D8:6", "D9:17"}
    sample = {"sample_id": "c1", "conversation": {
        "speaker_a": "Ann", "speaker_b": "Bo", "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [{"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a cat."},
                      {"speaker": "Bo", "dia_id": "D1:2", "text": "", "blip_caption": "a cat on a sofa"}]}}
    rows, sessions = locomo.payloads(sample)
    assert [(r["speaker"], r["content"]) for r in rows] == [("Ann", "I adopted a cat."),
                                                            ("Bo", "[shares a photo: a cat on a sofa]")]
    from memory_core.events.normalize import normalize

    assert normalize(rows[0]).content == "Ann: I adopted a cat."  # the memory renders who said it
    assert sessions == {"D1:1": "S1", "D1:2": "S1"} and {r["role"] for r in rows} == {"user"}
