"""L1 fusion by relative scores, relative time words next to an explicit date, and question
windows relaxed when nothing inside names what the question asks about."""

from __future__ import annotations

from datetime import datetime, timezone

from memory_core.retrieval.intent import build_plan, named_heads
from memory_core.lexicon.categories import categories_named_in
from memory_core.retrieval.rrf import weighted_rrf
from memory_core.retrieval.score_fusion import relative_score_fusion
from memory_core.retrieval.timeparse import parse_time
from tests.helpers import DAY, T0, chat


def test_relative_scores_keep_a_paths_confidence_where_rrf_keeps_only_ranks():
    # BM25 has one clear winner; a noisy path ranks something else first by a hair
    lists = {"bm25": [("a", 12.0), ("b", 3.0), ("c", 2.9)], "noisy": [("b", 0.31), ("a", 0.30), ("c", 0.29)]}
    weights = {"bm25": 1.0, "noisy": 1.2}
    assert relative_score_fusion(lists, weights)[0].key == "a"
    assert weighted_rrf({n: [k for k, _ in v] for n, v in lists.items()}, weights, k=15)[0].key == "b"
    fused = relative_score_fusion(lists, weights)
    assert fused[0].contributions["bm25"] == (1, 1.0, 1.0)
    assert {x.key for x in fused} == {"a", "b", "c"}  # a path's weakest candidate is kept (last)


def test_relative_scores_ignore_zero_weight_paths_and_single_candidates_count_fully():
    fused = relative_score_fusion({"bm25": [("a", 5.0)], "graph": [("g", 9.0)]}, {"bm25": 0.5, "graph": 0.0})
    assert [x.key for x in fused] == ["a"] and fused[0].score == 0.5


def _d(ts: float | None) -> str | None:
    return None if ts is None else datetime.fromtimestamp(ts, timezone.utc).strftime("%Y-%m-%d")


def test_relative_words_are_resolved_from_an_explicit_date_in_the_question():
    now = datetime(2023, 10, 20, tzinfo=timezone.utc).timestamp()
    w = parse_time("What did Maria do last weekend before April 10, 2023?", now).window
    assert (_d(w.start), _d(w.end)) == ("2023-04-08", "2023-04-10")  # not the weekend before Oct 20
    w = parse_time("What did I do last weekend?", now).window
    assert (_d(w.start), _d(w.end)) == ("2023-10-14", "2023-10-16")


def test_a_tool_name_before_a_category_word_is_a_name_not_the_category():
    cats, heads = named_heads("How did the web_search tool do?", categories_named_in("How did the web_search tool do?"))
    assert cats == [] and heads == ["web_search"]
    plan = build_plan("Which tool did I use for search?", mode=None, now=T0)
    assert plan.target_category == "software"  # a real question about a kind of tool


def test_a_window_with_nothing_about_the_target_inside_is_relaxed(make_engine):
    engine = make_engine(layers=())
    engine.ingest_payloads([
        chat("a", "user", "Last year we explored the Rocky Mountains on a road trip.", T0 + 100 * DAY, "trip"),
        chat("b", "user", "I had a quiet week at home.", T0 - 200 * DAY, "quiet"),
    ])
    engine.run_until_idle()
    now = T0 + 101 * DAY
    pkg = engine.retrieval.query("Where did I explore on a road trip last year?", now=now)
    # "last year" is when it happened; it was told this year — nothing inside the window is about it
    assert pkg.findings and "Rocky Mountains" in pkg.findings[0].content
    assert pkg.trace.budget["window_relaxed"] is True
    assert any("check the dates" in h for h in pkg.answering_hints)
    # a question about the period itself keeps its window hard
    period = engine.retrieval.query("What was I busy with last year?", now=now)
    assert all("Rocky" not in x.content for x in period.findings if x.layer == "l1")


def test_a_question_window_with_no_event_at_all_is_soft_before_the_paths_run(make_engine):
    engine = make_engine(layers=())
    engine.ingest_payloads([
        chat("a", "user", "We watched the Perseid meteor shower from our tent.", T0 + 100 * DAY, "meteor"),
        chat("b", "user", "The dentist appointment moved to Tuesday.", T0 + 101 * DAY, "dentist"),
    ])
    engine.run_until_idle()
    pkg = engine.retrieval.query("What did we see while camping last year?", now=T0 + 102 * DAY)
    # nothing at all was recorded "last year": the time words say when it happened, so every path
    # (not only the unwindowed BM25) searches the whole store, and the hints say the period is empty
    assert pkg.trace.budget["window_empty"] is True and pkg.trace.budget["window_relaxed"] is True
    assert pkg.trace.paths["vector"].candidates, "the semantic path ran over the store"
    assert pkg.trace.plan["time_window"]["hard"] is False
    assert any("no event at all" in h for h in pkg.answering_hints)
    # a caller's explicit range stays hard even when empty
    w = (T0 - 400 * DAY, T0 - 300 * DAY)
    strict = engine.retrieval.query("What did we see while camping?", time_range=w, now=T0 + 102 * DAY)
    assert not [f for f in strict.findings if f.layer == "l1"]
    assert strict.trace.budget["window_empty"] is True and strict.trace.budget["window_relaxed"] is False
