"""A simulated week of mixed activity, stepped hour by hour with a FakeClock: the scheduler's
hour/day/week loops produce summaries whose inputs keep every low-frequency source, each row
linked back to L1, and "what was I busy with last week" returns the week summary first with its
source events reachable."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from memory_core.clock import FakeClock
from memory_core.l3.records import WindowEvent
from memory_core.l3.store import load_window_events
from memory_core.policy import COMPRESSION_MIN_PER_SOURCE, COMPRESSION_TOTAL_CAP, QueryMode
from memory_core.retrieval.plan import QueryPlan, TimeWindow
from memory_core.retrieval.timeparse import parse_time
from memory_core.text.segment import query_terms
from tests.l3.fakes import pause_embeddings

WEEK_START = 1_714_953_600.0  # Monday 2024-05-06 00:00 UTC
H = 3600.0
SITES = ["github.com", "docs.python.org", "stackoverflow.com", "www.youtube.com", "news.ycombinator.com"]
TOPICS = ["plan a weekend trip to Hangzhou", "compare two rice cookers", "recipe for braised pork",
          "explain sqlite WAL mode", "draft an email to my landlord", "gift ideas for mum",
          "summarise the pytest docs"]


def browser(i: int, t: float, rng: random.Random) -> dict:
    site = rng.choices(SITES, weights=[5, 3, 3, 2, 1])[0]
    page = rng.randrange(150)
    return {"source_type": "browser", "source_item_id": f"visit-{i}", "occurred_at": t,
            "activity": {"source_code": "browser", "action_code": "visit_page", "object_code": "page"},
            "provenance": {"title": f"{site.split('.')[0]} page {page}", "url": f"https://{site}/p/{page}"}}


def plugin(source: str, action: str, item: str, t: float, **prov) -> dict:
    return {"source_type": source, "source_item_id": item, "occurred_at": t,
            "activity": {"source_code": source, "action_code": action, "object_code": "x"},
            "provenance": prov}


def chat(session: str, role: str, content: str, t: float, mid: str, **extra) -> dict:
    return {"type": "chat", "session_id": session, "role": role, "content": content,
            "occurred_at": t, "message_id": mid, **extra}


def hour_payloads(h: int, rng: random.Random) -> list[dict]:
    day, hod = divmod(h, 24)
    base = WEEK_START + h * H
    out: list[dict] = []
    if h == 0:  # one late-night app use: the loops' grid starts here
        out.append(plugin("system_usage", "app_usage", "app-0", base + 60, app_name="Terminal",
                          duration_sec=300))
    if 8 <= hod < 24:
        out += [browser(h * 100 + j, base + j * (H / 35), rng) for j in range(35)]
    if hod == 10:
        out.append(chat(f"chat-{day}", "user", f"Can you help me {TOPICS[day]}?", base + 120, f"u{day}"))
        out.append(chat(f"chat-{day}", "assistant", f"Sure — here is how to {TOPICS[day]} ...",
                        base + 130, f"a{day}"))
    if day < 5 and hod in (11, 16):
        out.append(plugin("git", "commit", f"commit-{h}", base + 300, repo="magi-desktop",
                          branch="main", message=f"L3 scheduler step {h}"))
    if hod == 15:
        out.append(plugin("terminal", "run_command", f"cmd-{h}", base + 400, command="pytest -q tests/l3",
                          exit_code=0))
        out.append(plugin("terminal", "run_command", f"cmd2-{h}", base + 500, command="git status"))
    if hod == 21:
        out.append(plugin("netease_music", "listen_music", f"song-{h}", base + 600,
                          track_name="Levitating", artist_name="Dua Lipa", play_duration_sec=203))
        out.append(plugin("netease_music", "listen_music", f"song2-{h}", base + 900,
                          track_name="One Kiss", artist_name="Dua Lipa", play_duration_sec=214))
    if day in (1, 3) and hod == 14:  # a task with tool calls
        s = f"task-{day}"
        out.append(chat(s, "user", "Convert the quarterly report to PDF", base + 10, f"tu{day}"))
        for k in range(3):
            out.append(chat(s, "tool", "pdf_convert result", base + 20 + k, f"tt{day}{k}",
                            tool_name="pdf_convert", category="document", success=k != 1,
                            duration_ms=800 + k, input=f"report-q{k}.docx",
                            output="report.pdf" if k != 1 else "Error: font missing"))
        out.append(chat(s, "assistant", "Done: report.pdf (one retry needed).", base + 40, f"ta{day}"))
    return out


@pytest.fixture(scope="module")
def week(tmp_path_factory):
    from memory_core.config import MemoryConfig
    from memory_core.engine import MemoryEngine

    path = tmp_path_factory.mktemp("week")
    clock = FakeClock(WEEK_START)
    engine = MemoryEngine(path / "week.db", config=MemoryConfig(data_dir=path), clock=clock,
                          layers=("l3", "l4"))
    pause_embeddings(engine)
    rng = random.Random(7)
    total = 0
    for h in range(24 * 7 + 1):
        payloads = hour_payloads(h, rng)
        r = engine.ingest_payloads(payloads)
        assert not r.rejected and not r.hook_errors
        total += r.ingested
        clock.set(WEEK_START + (h + 1) * H + 1)
        engine.run_until_idle()
    yield engine, clock, total
    engine.close()


def temporal(engine, granularity: str):
    return engine.components["l3"].list_summaries(summary_type="temporal", granularity=granularity,
                                                  limit=1000)


def window_events(engine, s) -> list[WindowEvent]:
    return load_window_events(engine.db.reader(), s.window_start, s.window_end)


def test_the_week_produced_hour_day_and_week_summaries(week) -> None:
    engine, clock, total = week
    assert total > 3500
    hours, days, weeks = (temporal(engine, g) for g in ("hour", "day", "week"))
    # the loops' grid is the calendar (clock hours, midnight to midnight, ISO weeks) from the
    # window of the first event; every closed hour window with activity has a summary, only those
    from memory_core.l3.windows import floor_boundary, next_boundary

    grid, s = [], floor_boundary(WEEK_START + 60, "hour")
    while (e := next_boundary(s, "hour")) <= clock.now():
        grid.append((s, e))
        s = e
    nonempty = [w for w in grid if load_window_events(engine.db.reader(), *w)]
    assert sorted((s.window_start, s.window_end) for s in hours) == nonempty
    for d in days:  # calendar days
        assert d.window_start == floor_boundary(d.window_start, "day") and d.window_end == next_boundary(d.window_start, "day")
    assert 7 <= len(days) <= 8 and len(weeks) >= 1
    stats = engine.stats()["l3"]
    assert stats["jobs"]["failed"] == 0 and stats["jobs"]["pending"] == 0
    assert stats["by_producer"] == {"extractive": stats["summaries"] - stats["by_type"].get("insight", 0),
                                    **({"rule_template": stats["by_type"]["insight"]}
                                       if stats["by_type"].get("insight") else {})}
    w = weeks[0]
    assert w.body.startswith("Extractive summary (no language model was used)")
    assert w.event_count == len(window_events(engine, w)) > 3500
    themes = {s.summary_category for s in engine.components["l3"].list_summaries(
        summary_type="thematic", granularity="week")}
    assert {"browser_activity", "coding_activity", "conversation", "media_activity"} <= themes


def test_every_summary_keeps_every_low_frequency_source_and_links_to_l1(week) -> None:
    engine, _, _ = week
    checked = 0
    for g in ("hour", "day", "week"):
        for s in temporal(engine, g):
            in_window = window_events(engine, s)
            counts = Counter(e.source_key for e in in_window)
            links = [r[0] for r in engine.db.reader().execute(
                "SELECT event_id FROM summary_event_links WHERE summary_id = ?", (s.summary_id,))]
            assert sorted(links) == sorted(s.source_event_ids)
            assert 0 < len(links) <= COMPRESSION_TOTAL_CAP
            kept = Counter(e.source_key for e in engine.components["l3"].drill_down(s.summary_id)
                           for e in [WindowEvent(e.event_id, e.seq, e.occurred_at, e.source,
                                                 e.event_type, e.author_type, e.content)])
            assert sum(kept.values()) == len(links)  # every link resolves to a live L1 event
            assert set(kept) == set(counts), (g, s.title)  # no source squeezed out
            for src, n in counts.items():
                assert kept[src] >= min(n, COMPRESSION_MIN_PER_SOURCE)
            assert s.source_stats == {k: {"events": counts[k], "kept": kept[k]} for k in counts}
            checked += 1
    assert checked > 100
    w = temporal(engine, "week")[0]
    assert w.source_stats["browser"]["events"] > 3000 and w.source_stats["browser"]["kept"] < 120
    assert w.source_stats["system_usage"] == {"events": 1, "kept": 1}  # the single app use survives


def test_task_reflections_were_written_after_the_tool_chats(week) -> None:
    engine, _, _ = week
    refl = engine.components["l3"].list_summaries(summary_type="insight", category="task_reflection")
    assert len(refl) == 2  # the two task turns; the 7 plain Q&A chats are not tasks
    for s in refl:
        assert "pdf_convert" in s.body and "partly succeeded" in s.body
        assert len(s.source_event_ids) == 5  # the whole turn: request, 3 tool runs, reply


def _plan(engine, clock, question: str) -> QueryPlan:
    parsed = parse_time(question, clock.now())
    window = parsed.window if hasattr(parsed, "window") else None
    assert isinstance(window, TimeWindow), parsed
    return QueryPlan(query=question, mode=QueryMode.ACTIVITY_SUMMARY, now=clock.now(),
                     time_window=window, terms=query_terms(question))


@pytest.mark.parametrize("question", ["What was I busy with last week?", "我上周主要在忙什么"])
def test_what_was_i_busy_with_last_week_returns_the_week_summary_first(week, question) -> None:
    engine, clock, _ = week
    week_summary = temporal(engine, "week")[0]
    # the L3 layer on its own: the week summary outranks the 7 days and 100+ hours inside it
    hits = engine.retrieval.registry.layers["l3"].search(_plan(engine, clock, question)).hits
    assert hits[0].id == week_summary.summary_id
    assert hits[0].payload["granularity"] == "week" and hits[0].payload["summary_type"] == "temporal"
    days = {s.summary_id for s in temporal(engine, "day")}
    assert any(h.id in days for h in hits[1:])
    # through memory_query (L1 + layers fused per mode): the week summary is the first finding
    pkg = engine.retrieval.query(question, "activity_summary")
    assert pkg.time_window is not None
    first = pkg.findings[0]
    assert first.layer == "l3" and first.hit_id == week_summary.summary_id
    assert set(first.event_ids) == set(week_summary.source_event_ids)
    # drill-down: the summary's source events are reachable in L1, every source among them
    events = engine.components["l3"].drill_down(first.hit_id)
    assert {e.event_id for e in events} == set(first.event_ids)
    assert {e.source for e in events} >= {"browser", "chat", "git", "terminal", "netease_music",
                                          "system_usage"}
    assert all(week_summary.window_start <= e.occurred_at < week_summary.window_end for e in events)


def test_how_did_i_handle_this_last_time_returns_the_skill(week) -> None:
    engine, _, _ = week
    pkg = engine.retrieval.query("How did I handle this last time?", "strategy")
    first = pkg.findings[0]
    assert first.layer == "l4" and first.kind == "skill"
    check = engine.components["l4"].check_skill("pdf_convert")
    assert first.hit_id == check.skill_id
    assert "success rate 67%" in first.content and "breaker closed" in first.content
    assert "Strategy:" in first.content  # the distilled strategy rides along
    assert set(first.event_ids) <= {r[0] for r in engine.db.reader().execute(
        "SELECT event_id FROM l4_execution_traces")}
