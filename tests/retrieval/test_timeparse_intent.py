"""Time expressions (English and Chinese, relative to the question date) and the intent rules."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memory_core.policy import QueryMode
from memory_core.retrieval.intent import build_plan, choose_mode
from memory_core.retrieval.timeparse import parse_time, parse_zh_number

NOW = datetime(2024, 3, 14, 15, 0, tzinfo=timezone.utc).timestamp()  # a Thursday


def day(y, m, d):
    return datetime(y, m, d, tzinfo=timezone.utc).timestamp()


@pytest.mark.parametrize("text,start,end", [
    ("What did I do last week?", day(2024, 3, 4), day(2024, 3, 11)),
    ("上周三我浏览了哪些跟咖啡相关的页面？", day(2024, 3, 6), day(2024, 3, 7)),
    ("上个月我去了哪里", day(2024, 2, 1), day(2024, 3, 1)),
    ("what did I eat yesterday", day(2024, 3, 13), day(2024, 3, 14)),
    ("昨天我吃了什么", day(2024, 3, 13), day(2024, 3, 14)),
    ("What did I buy last Tuesday?", day(2024, 3, 12), day(2024, 3, 13)),
    ("on 2024/01/05", day(2024, 1, 5), day(2024, 1, 6)),
    ("2024年1月5日那天", day(2024, 1, 5), day(2024, 1, 6)),
    ("in May", day(2023, 5, 1), day(2023, 6, 1)),  # the latest May not after the question
    ("3月5号", day(2024, 3, 5), day(2024, 3, 6)),
    ("去年", day(2023, 1, 1), day(2024, 1, 1)),
])
def test_windows(text, start, end):
    p = parse_time(text, NOW)
    assert p.window is not None, text
    assert (p.window.start, p.window.end) == (start, end)


def test_ago_has_slack_and_never_passes_the_question_date():
    p = parse_time("What did I cook 3 days ago?", NOW)
    assert p.window.start == day(2024, 3, 10) and p.window.end == day(2024, 3, 13)
    zh = parse_time("三天前我做了什么菜", NOW)
    assert (zh.window.start, zh.window.end) == (p.window.start, p.window.end)
    weeks = parse_time("two weeks ago", NOW)
    assert weeks.window.end <= NOW and weeks.window.start < NOW - 14 * 86400 < weeks.window.end


def test_before_a_date_bounds_one_side():
    p = parse_time("before March 5, what did I read?", NOW)
    assert p.window.start is None and p.window.end == day(2024, 3, 5)
    zh = parse_time("在3月5日之前我读了什么", NOW)
    assert zh.window.start is None and zh.window.end == day(2024, 3, 5)
    after = parse_time("what did I buy after March 5?", NOW)
    assert after.window.start == day(2024, 3, 5) and after.window.end is None


@pytest.mark.parametrize("text,anchor,direction", [
    ("What kitchen appliance did I buy before the air fryer?", "air fryer", "before"),
    ("我在买空气炸锅前买了什么厨房家电？", "买空气炸锅", "before"),
    ("after I moved to Jiaxing, what changed?", "moved to Jiaxing", "after"),
    ("搬到嘉兴之后我换了什么工作", "搬到嘉兴", "after"),
])
def test_anchors(text, anchor, direction):
    p = parse_time(text, NOW)
    assert (p.anchor_text, p.direction) == (anchor, direction)
    assert p.window is None


def test_no_time_in_plain_statements():
    for text in ("I have a cat", "我喜欢喝咖啡", "What is my cat's name?", "以前我住在上海吗",
                 "Who introduced the crossed swords mark in 1720?", "the 1929 film"):
        assert not parse_time(text, NOW).has_time_intent, text


def test_chinese_numbers():
    assert [parse_zh_number(s) for s in ("3", "三", "十", "十二", "二十", "两")] == [3, 3, 10, 12, 20, 2]


@pytest.mark.parametrize("question,mode,rule", [
    ("What kitchen appliance did I buy before the air fryer?", QueryMode.TEMPORAL_COMPARE, "anchor"),
    ("Where do I live now?", QueryMode.CURRENT_STATE, "current_state_cue"),
    ("我现在住在哪里？", QueryMode.CURRENT_STATE, "current_state_cue"),
    ("What was I busy with last week?", QueryMode.ACTIVITY_SUMMARY, "activity_cue"),
    ("上周我在忙什么？", QueryMode.ACTIVITY_SUMMARY, "activity_cue"),
    ("How did I handle the web_search tool last time?", QueryMode.STRATEGY, "strategy_cue"),
    ("Summarize my conversations about cooking", QueryMode.SUMMARY, "summary_cue"),
    ("What happened recently?", QueryMode.EVENT_STREAM, "event_stream_cue"),
    ("In our previous chat, you recommended a book. Which one?", QueryMode.EPISODE_RECALL, "assistant_reference"),
    ("How many times did I go to the gym?", QueryMode.CROSS_SESSION, "aggregate_cue"),
    ("What is my cat's name?", QueryMode.EXACT_FACT, "default"),
    ("What is the final step in the fact-checking process?", QueryMode.EPISODE_RECALL, "not_about_user"),
])
def test_mode_rules(question, mode, rule):
    assert choose_mode(question, parse_time(question, NOW)) == (mode, rule)


def test_plan_carries_the_grounding():
    plan = build_plan("What kitchen appliance did I buy before the air fryer?", mode=None, now=NOW)
    assert plan.target_category == "kitchen_appliance" and plan.target_entity_type == "appliance"
    assert plan.predicate_family == "acquisition"
    assert plan.anchor.text == "air fryer" and plan.anchor.direction == "before"
    assert "air" not in plan.target_terms and "kitchen" in plan.target_terms
    assert plan.allowed_scopes == frozenset({"fact_authoritative"})
    caller = build_plan("anything", mode=QueryMode.EVENT_STREAM, now=NOW)
    assert caller.mode_reason == "caller" and "conversation_only" in caller.allowed_scopes
    quoted = build_plan('Where did I buy "Blue Bottle" beans?', mode=None, now=NOW)
    assert quoted.quoted_phrases == ["Blue Bottle"]
