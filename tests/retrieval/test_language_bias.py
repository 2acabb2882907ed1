"""The same-language bias of the embedder is centred out of the vector path (pure functions).
Measured end to end by the paraphrase eval's mixed store (tests/eval/test_eval_runs.py)."""

from __future__ import annotations

from memory_core.retrieval.language_bias import centre_by_script, script_of


def test_script_of():
    assert script_of("我姐姐的婚礼在苏州办的") == "cjk"
    assert script_of("I gave up caffeine in March") == "other"
    assert script_of("Caroline: 我昨天去了那个支持小组，感觉很好") == "cjk"
    assert script_of("12345 !!") == "other"


def test_centring_lifts_the_other_language_and_keeps_the_order_within_one():
    scripts = {1: "cjk", 2: "cjk", 3: "cjk", 4: "cjk", 10: "other", 11: "other", 12: "other"}
    hits = [(1, 0.83), (2, 0.82), (3, 0.81), (4, 0.80), (10, 0.80), (11, 0.76), (12, 0.75)]
    out, shift = centre_by_script(hits, scripts)
    assert shift["cjk"] > 0 > shift["other"]
    order = [k for k, _ in out]
    assert order[0] == 10  # the best English hit, 0.80, is now on top of the Chinese ones
    assert [k for k in order if scripts[k] == "cjk"] == [1, 2, 3, 4]
    assert [k for k in order if scripts[k] == "other"] == [10, 11, 12]


def test_one_language_or_too_few_of_the_other_is_left_alone():
    hits = [(1, 0.9), (2, 0.8), (10, 0.7), (11, 0.6)]
    assert centre_by_script(hits, {1: "cjk", 2: "cjk", 10: "cjk", 11: "cjk"}) == (hits, {})
    assert centre_by_script(hits, {1: "cjk", 2: "cjk", 10: "other", 11: "other"}) == (hits, {})
