"""Pure L3 policy: per-source compression, due windows, insight templates."""

from __future__ import annotations

from datetime import timezone

import math

import pytest

from memory_core.l3.compression import compress, compress_window, representatives, source_quotas
from memory_core.l3.insights import (contradiction_resolved, long_term_trend, state_change,
                                     task_reflection, trend_milestone)
from memory_core.l3.records import WindowEvent
from memory_core.l3.windows import due_windows
from memory_core.policy import (COMPRESSION_MIN_PER_SOURCE, COMPRESSION_TOTAL_CAP,
                                L3_TREND_MIN_SPAN_S, TASK_REFLECTION_EVENTS)

H, D = 3600.0, 86400.0


def ev(i: int, source: str, t: float, content: str | None = None, *, event_type: str = "SENSOR_EVENT",
       author: str = "external", metadata: dict | None = None, evidence_class: str = "") -> WindowEvent:
    return WindowEvent(f"e{i:05d}", i, t, source, event_type, author, content or f"{source} {i}",
                       metadata or {}, evidence_class)


# -- compression --------------------------------------------------------------------------------

def test_design_example_800_visits_and_3_chats() -> None:
    events = [ev(i, "browser", i, f"page {i % 120}") for i in range(800)]
    events += [ev(1000 + i, "chat", 50 + i * 100, f"chat {i}", event_type="CHAT_MESSAGE", author="user")
               for i in range(3)]
    c = compress_window(events)
    kept_sources = [e.source for e in c.selected]
    assert kept_sources.count("chat") == 3  # every chat kept
    assert 30 <= kept_sources.count("browser") <= 50  # "about 30-50 representative visits"
    assert c.counts == {"browser": 800, "chat": 3}
    assert c.stats()["browser"] == {"events": 800, "kept": kept_sources.count("browser")}
    assert [e.occurred_at for e in c.selected] == sorted(e.occurred_at for e in c.selected)


def test_every_source_keeps_its_minimum_and_the_cap_holds() -> None:
    counts = {"browser": 20_000, "system_usage": 5_000, "git": 40, "chat": 9, "calendar": 1,
              "photo": 2, "terminal": 300}
    q = source_quotas(counts)
    assert sum(q.values()) <= COMPRESSION_TOTAL_CAP
    for src, n in counts.items():
        assert q[src] >= min(n, COMPRESSION_MIN_PER_SOURCE)
    assert q["calendar"] == 1 and q["photo"] == 2
    # damping: the 20k source gets more than the 5k one, but far less than proportionally
    assert q["browser"] > q["system_usage"] > q["terminal"] > q["git"]
    assert q["browser"] / q["system_usage"] < 20_000 / 5_000


def test_sqrt_damping_below_the_cap() -> None:
    q = source_quotas({"browser": 404, "git": 8})
    assert q["browser"] == 4 + math.ceil(math.sqrt(400)) == 24
    assert q["git"] == 4 + math.ceil(math.sqrt(4)) == 6


def test_more_sources_than_the_cap_can_serve_share_it_evenly() -> None:
    counts = {f"src{i}": 10 for i in range(50)}
    q = source_quotas(counts, cap=120)
    assert sum(q.values()) == 120 and set(q.values()) <= {2, 3}


def test_small_windows_are_kept_whole() -> None:
    events = [ev(i, "git", i) for i in range(3)] + [ev(10 + i, "browser", 10 + i) for i in range(4)]
    assert len(compress_window(events).selected) == 7


def test_representatives_prefer_repeated_and_spread_distinct_content() -> None:
    # one page visited 500 times and 99 distinct pages: the repeated one is kept once, the rest
    # spread over time, never duplicates while distinct contents remain
    items = [(i, "home") for i in range(0, 1000, 2)] + [(10 * i + 1, f"page {i}") for i in range(99)]
    picked = representatives(items, 20, content=lambda x: x[1], time=lambda x: x[0])
    texts = [p[1] for p in picked]
    assert "home" in texts and len(set(texts)) == 20
    times = sorted(p[0] for p in picked if p[1] != "home")
    assert times[0] < 200 and times[-1] > 800  # spread over the whole window


def test_compress_is_generic_and_deterministic() -> None:
    items = [("a", i) for i in range(300)] + [("b", i) for i in range(5)]
    c1 = compress(items, key=lambda x: x[0], content=lambda x: str(x), time=lambda x: x[1])
    c2 = compress(list(reversed(items)), key=lambda x: x[0], content=lambda x: str(x), time=lambda x: x[1])
    assert c1.selected == c2.selected and c1.quotas == {"a": 4 + math.ceil(math.sqrt(296)), "b": 5}


UTC = timezone.utc

# -- due windows ----------------------------------------------------------------------------------

def test_windows_tile_from_the_last_end_without_gaps() -> None:
    # a position left by the old sliding loops (1000 s past the hour) ends at the next boundary
    p = due_windows(1000.0, 3 * H + 5, "hour", 48, tz=UTC)
    assert p.windows == [(1000.0, H), (H, 2 * H), (2 * H, 3 * H)]
    assert p.new_last_end == 3 * H and p.catch_up and p.skipped == 0
    assert due_windows(H, 2 * H - 1, "hour", 48, tz=UTC).windows == []
    one = due_windows(H, 2 * H, "hour", 48, tz=UTC)
    assert one.windows == [(H, 2 * H)] and not one.catch_up


def test_catch_up_is_capped_and_reports_what_it_skipped() -> None:
    p = due_windows(0.0, 100 * H + 1, "hour", 48, tz=UTC)
    assert len(p.windows) == 48 and p.skipped == 52
    assert p.windows[0] == (52 * H, 53 * H) and p.windows[-1] == (99 * H, 100 * H)
    assert p.new_last_end == 100 * H


def test_first_run_starts_at_the_calendar_window_of_the_oldest_event() -> None:
    assert due_windows(None, 5000.0, "hour", 48, tz=UTC).windows == []  # no events yet: nothing anchored
    p = due_windows(None, 10 * H + 30, "hour", 48, first_event_at=30.0, tz=UTC)
    assert p.windows[0] == (0.0, H) and len(p.windows) == 10 and p.catch_up
    p = due_windows(None, 30 * D, "day", 7, first_event_at=0.0, tz=UTC)
    assert len(p.windows) == 7 and p.windows[0][0] == 23 * D
    waiting = due_windows(None, 100.0 + 10, "hour", 48, first_event_at=100.0, tz=UTC)
    assert waiting.windows == [] and waiting.new_last_end == 0.0  # the hour's start, persisted


def test_calendar_windows_in_the_users_time_zone() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    sh = ZoneInfo("Asia/Shanghai")
    t = datetime(2024, 3, 9, 10, 43, tzinfo=sh).timestamp()  # a Saturday morning
    day = due_windows(None, t + 2 * D, "day", 31, first_event_at=t, tz=sh)
    assert day.windows[0] == (datetime(2024, 3, 9, tzinfo=sh).timestamp(), datetime(2024, 3, 10, tzinfo=sh).timestamp())
    week = due_windows(None, t + 14 * D, "week", 8, first_event_at=t, tz=sh)
    assert week.windows[0] == (datetime(2024, 3, 4, tzinfo=sh).timestamp(),  # ISO week: from Monday
                               datetime(2024, 3, 11, tzinfo=sh).timestamp())
    month = due_windows(None, t + 60 * D, "month", 12, first_event_at=t, tz=sh)
    assert month.windows[:2] == [(datetime(2024, 3, 1, tzinfo=sh).timestamp(), datetime(2024, 4, 1, tzinfo=sh).timestamp()),
                                 (datetime(2024, 4, 1, tzinfo=sh).timestamp(), datetime(2024, 5, 1, tzinfo=sh).timestamp())]
    berlin = ZoneInfo("Europe/Berlin")  # 2024-03-31 has 23 hours (summer time starts)
    dst = datetime(2024, 3, 31, 9, tzinfo=berlin).timestamp()
    [w] = due_windows(None, dst + 20 * H, "day", 31, first_event_at=dst, tz=berlin).windows
    assert w[1] - w[0] == 23 * H


def test_state_change_template() -> None:
    d = state_change(entity="user", trait="residence", old_value="Shanghai", new_value="Jiaxing",
                     at=10 * D, event_ids=["a", "b", "a"], evidence_times=[2 * D, 10 * D])
    assert d.summary_type == "insight" and d.summary_category == "state_change"
    assert d.producer == "rule_template" and d.source_event_ids == ["a", "b"]
    assert "Shanghai" in d.body and "Jiaxing" in d.body and "上海" not in d.body  # values verbatim
    assert "从“Shanghai”变为“Jiaxing”" in d.body
    assert (d.window_start, d.window_end) == (2 * D, 10 * D)
    assert state_change(entity="user", trait="mood", old_value="calm", new_value="calm", at=0,
                        event_ids=["a"]) is None  # not a change
    assert state_change(entity="user", trait="mood", old_value=None, new_value="tired", at=0,
                        event_ids=[]) is None  # no evidence, no insight
    sup = state_change(entity="user", trait="music", old_value="jazz", new_value="classical", at=D,
                       event_ids=["x"], superseded=True)
    assert "superseded" in sup.body and sup.metadata["kind"] == "superseded"


def test_contradiction_resolved_template() -> None:
    d = contradiction_resolved(entity="user", predicate="LIVES_IN", old_value="Shanghai",
                               new_value="Jiaxing", resolution="evolution: old superseded",
                               at=D, event_ids=["a", "b"])
    assert d.summary_category == "contradiction_resolved" and "evolution" in d.body
    assert d.dedup_key.startswith("insight:contradiction:")


def test_long_term_trend_fires_once_per_milestone_and_needs_a_span() -> None:
    assert trend_milestone(4) is None and trend_milestone(5) == 5 and trend_milestone(19) == 10
    base = dict(subject="user", predicate="LISTENED_TO", obj="Dua Lipa", first_at=0.0,
                event_ids=["a"], key="t1")
    assert long_term_trend(observations=12, last_at=L3_TREND_MIN_SPAN_S - 1, **base) is None
    d10 = long_term_trend(observations=12, last_at=3 * 7 * D, **base)
    d11 = long_term_trend(observations=13, last_at=3 * 7 * D, **base)
    d20 = long_term_trend(observations=20, last_at=3 * 7 * D, **base)
    assert d10.summary_category == "long_term_trend" and "12 times" in d10.body
    assert d10.dedup_key == d11.dedup_key != d20.dedup_key  # same milestone rewrites, next is new


def test_task_reflection_needs_a_task_and_uses_the_turn() -> None:
    tool_ok = {"tool": {"tool_name": "pdf_convert", "success": True, "duration_ms": 900}}
    tool_bad = {"tool": {"tool_name": "web_search", "success": False, "error": "HTTP 429"}}
    turn = [ev(1, "chat", 1, "Convert my report to PDF and find the template", event_type="CHAT_MESSAGE",
               author="user", evidence_class="user_instruction"),
            ev(2, "chat", 2, "pdf_convert result", event_type="ACTION_EXECUTED", author="system",
               metadata=tool_ok),
            ev(3, "chat", 3, "web_search result", event_type="ACTION_EXECUTED", author="system",
               metadata=tool_bad),
            ev(4, "chat", 4, "Done: report.pdf; the template search failed.", event_type="CHAT_MESSAGE",
               author="assistant")]
    d = task_reflection(turn, session_id="s1", anchor_event_id="e00004")
    assert d.summary_category == "task_reflection" and d.summary_type == "insight"
    assert d.source_event_ids == [e.event_id for e in turn]
    assert "partly succeeded" in d.body and "pdf_convert (ok, 900 ms)" in d.body
    assert "web_search (failed)" in d.body and "HTTP 429" in d.body
    assert d.metadata["failed_tools"] == ["web_search"]
    chit_chat = [ev(1, "chat", 1, "hi", event_type="CHAT_MESSAGE", author="user",
                    evidence_class="user_self_report"),
                 ev(2, "chat", 2, "hello!", event_type="CHAT_MESSAGE", author="assistant")]
    assert task_reflection(chit_chat, session_id="s1", anchor_event_id="e2") is None
    assert TASK_REFLECTION_EVENTS == 6


def test_configured_time_zone_reaches_the_scheduler(tmp_path) -> None:
    from zoneinfo import ZoneInfo

    from memory_core.config import MemoryConfig
    from memory_core.engine import MemoryEngine

    cfg = MemoryConfig(data_dir=tmp_path, timezone="Asia/Shanghai")
    assert MemoryConfig.from_json(cfg.to_json()).timezone == "Asia/Shanghai"
    with MemoryEngine(tmp_path / "tz.db", config=cfg, layers=("l3",)) as engine:
        assert engine.components["l3"].scheduler.tz == ZoneInfo("Asia/Shanghai")
    assert MemoryConfig(data_dir=tmp_path, timezone="Mars/Olympus").tzinfo() is None  # logged, local time
    assert MemoryConfig(data_dir=tmp_path).tzinfo() is None
