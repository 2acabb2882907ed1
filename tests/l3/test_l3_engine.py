"""L3 through the engine: catch-up after the app was closed, the summariser tiers, failures,
deletion (preview == apply), retrieval filters, task reflection, L2 insights."""

from __future__ import annotations

import json
import math

import pytest

from memory_core.clock import FakeClock
from memory_core.l2.models import L2Change
from memory_core.policy import (L3_CATEGORY_BOOST, SUMMARY_CATCHUP_MAX_WINDOWS, QueryMode, Tier)
from memory_core.l3.windows import floor_boundary, next_boundary
from memory_core.retrieval.plan import QueryPlan, TimeWindow
from memory_core.text.segment import query_terms
from tests.l3.fakes import FakeChat, pause_embeddings, providers

H, D = 3600.0, 86400.0
T = 1_714_953_600.0  # Monday 00:00 UTC


def visit(i: int, t: float, site: str = "github.com", title: str | None = None) -> dict:
    return {"source_type": "browser", "source_item_id": f"v{i}", "occurred_at": t,
            "activity": {"source_code": "browser", "action_code": "visit_page", "object_code": "page"},
            "provenance": {"title": title or f"page {i}", "url": f"https://{site}/{i}"}}


def commit(i: int, t: float, msg: str = "fix") -> dict:
    return {"source_type": "git", "source_item_id": f"c{i}", "occurred_at": t,
            "activity": {"source_code": "git", "action_code": "commit", "object_code": "commit"},
            "provenance": {"repo": "magi", "message": msg}}


def msg(session: str, role: str, content: str, t: float, mid: str, **kw) -> dict:
    return {"type": "chat", "session_id": session, "role": role, "content": content,
            "occurred_at": t, "message_id": mid, **kw}


def summaries(engine, **kw):
    return engine.components["l3"].list_summaries(limit=1000, **kw)


@pytest.fixture
def at_t(clock: FakeClock) -> FakeClock:
    clock.set(T)
    return clock


# -- scheduler ----------------------------------------------------------------------------------

def _tile(start: float, end: float, granularity: str) -> list[tuple[float, float]]:
    """The closed calendar windows from ``start`` to ``end`` (system time zone, as the engine)."""
    out, s = [], start
    while (e := next_boundary(s, granularity)) <= end:
        out.append((s, e))
        s = e
    return out


def test_catch_up_after_the_app_was_closed_produces_missed_windows_once(make_engine, at_t) -> None:
    clock = at_t
    engine = make_engine("catchup.db", layers=("l3",))
    pause_embeddings(engine)
    engine.ingest_payloads([visit(0, T + 10), commit(0, T + 20)])
    clock.set(T + H + 11)
    engine.run_until_idle()
    first = {(floor_boundary(t, "hour"), next_boundary(t, "hour")) for t in (T + 10, T + 20)}
    assert len(summaries(engine, granularity="hour")) == len(first)
    stopped = engine.db.read_value("SELECT last_window_end FROM summary_schedule WHERE granularity = 'hour'")
    engine.close()
    # the app is closed for three days; activity arrives through a plugin catch-up meanwhile
    late_times = [T + 10 + k * 2 * H for k in range(1, 37)]  # every 2 h for 72 h
    late = [visit(100 + k, t) for k, t in enumerate(late_times, start=1)]
    clock.set(T + 3 * D + 30)
    engine = make_engine("catchup.db", layers=("l3",))
    pause_embeddings(engine)
    engine.ingest_payloads(late)
    engine.run_until_idle()
    hours = summaries(engine, granularity="hour")
    windows = [(s.window_start, s.window_end) for s in hours]
    assert len(windows) == len(set(windows))  # each window once
    cap = SUMMARY_CATCHUP_MAX_WINDOWS["hour"]
    # the loop resumes where it stopped and produces the newest `cap` missed hours (those with
    # activity: one visit every 2 h); the older ones are left to the day summaries
    missed = _tile(stopped, clock.now(), "hour")
    newest = missed[-cap:]
    expected = [w for w in newest if any(w[0] <= t < w[1] for t in late_times)]
    resumed = [s for s in hours if s.window_start >= stopped]
    assert sorted((s.window_start, s.window_end) for s in resumed) == expected
    assert all(s.trigger == "catch_up" for s in resumed)
    assert engine.components["l3"].scheduler.skipped["hour"] == len(missed) - cap
    days = summaries(engine, granularity="day")
    day_windows = {(floor_boundary(t, "day"), next_boundary(t, "day")) for t in [T + 10, *late_times]}
    closed_days = sorted(w for w in day_windows if w[1] <= clock.now())
    assert sorted((s.window_start, s.window_end) for s in days) == closed_days  # calendar days
    before = engine.stats()["l3"]["summaries"]
    engine.run_until_idle()  # nothing new is due
    engine.close()
    engine = make_engine("catchup.db", layers=("l3",))  # restart again at the same time
    pause_embeddings(engine)
    engine.run_until_idle()
    assert engine.stats()["l3"]["summaries"] == before
    assert engine.db.read_value("SELECT count(*) FROM summary_jobs WHERE kind = 'window'") == before - len(
        summaries(engine, summary_type="thematic"))


def _summarizer(req):
    return {"title": "Coding and browsing", "summary": "You committed to magi and read GitHub.",
            "highlights": ["3 commits"]}


def test_hour_without_reasoning_day_with_reasoning_via_memory_summarizer(make_engine, at_t) -> None:
    chat = FakeChat(_summarizer, tiers=frozenset({Tier.MEMORY_SUMMARIZER}))
    engine = make_engine(layers=("l3",), providers=providers(chat))
    pause_embeddings(engine)
    engine.ingest_payloads([visit(i, T + 60 * i) for i in range(30)] + [commit(0, T + 100)])
    at_t.set(T + D + 5)
    engine.run_until_idle()
    by_trigger = {r.trigger: r for r in chat.requests}
    assert by_trigger["summary_hour"].enable_thinking is False
    assert by_trigger["summary_day"].enable_thinking is True
    assert all(r.tier is Tier.MEMORY_SUMMARIZER and r.json_schema for r in chat.requests)
    prompt = by_trigger["summary_day"].messages[-1].content
    assert "git" in prompt and "browser: 30 events" in prompt.lower().replace("browser 浏览器", "browser")
    day = summaries(engine, granularity="day")[0]
    assert day.producer == "fake-qwen" and day.body.startswith("You committed")
    assert "• 3 commits" in day.body and day.metadata["reasoning"] is True
    # the model saw the compressed window: 4 + ceil(sqrt(26)) visits and the one commit
    assert len(day.source_event_ids) == 4 + 6 + 1 and day.status == "active"
    assert day.source_stats == {"browser": {"events": 30, "kept": 10}, "git": {"events": 1, "kept": 1}}


def test_offline_summaries_say_they_are_extractive(engine, at_t) -> None:
    pause_embeddings(engine)
    engine.ingest_payloads([visit(i, T + i, site="docs.python.org") for i in range(12)] + [commit(1, T + 50)])
    at_t.set(T + H + 1)
    engine.run_until_idle()
    s = summaries(engine, granularity="hour")[0]
    assert s.producer == "extractive" and "no language model" in s.body
    assert "docs.python.org ×12" in s.body and "magi ×1" in s.body


def test_failing_summarizer_retries_with_backoff_then_fails_visibly(make_engine, at_t) -> None:
    chat = FakeChat(_summarizer, fail=1000)
    engine = make_engine(layers=("l3",), providers=providers(chat))
    pause_embeddings(engine)
    r = engine.ingest_payloads([visit(i, T + i) for i in range(5)])
    at_t.set(T + H + 1)
    engine.run_until_idle()
    job = engine.db.read_one("SELECT * FROM summary_jobs WHERE granularity = 'hour'")
    assert job["state"] == "pending" and job["attempts"] == 1 and job["next_attempt_at"] > at_t.now()
    for _ in range(6):
        at_t.advance(400)
        engine.run_until_idle()
    job = engine.db.read_one("SELECT * FROM summary_jobs WHERE granularity = 'hour'")
    assert job["state"] == "failed" and "503" in job["last_error"]
    stats = engine.stats()["l3"]
    assert stats["jobs"]["failed"] >= 1 and stats["failed_jobs"][0]["granularity"] in ("hour", "day")
    assert engine.db.read_value("SELECT count(*) FROM fact_events") == 5 == len(r.event_ids)
    assert not summaries(engine, granularity="hour")
    chat.fail = 0  # the provider recovers: a manual retry produces it
    assert engine.components["l3"].retry_failed() >= 1
    engine.run_until_idle()
    assert summaries(engine, granularity="hour")[0].producer == "fake-qwen"


def test_summarize_now_produces_the_window_ending_now(engine, at_t) -> None:
    pause_embeddings(engine)
    engine.ingest_payloads([visit(i, T + i * 60) for i in range(10)])
    at_t.set(T + 2 * D)
    out = engine.components["l3"].summarize_now("week")
    assert out["job"]["state"] == "done"
    (s,) = out["summaries"]
    assert s["window_end"] == at_t.now() and s["window_start"] == at_t.now() - 7 * D
    assert s["trigger"] == "manual" and len(s["source_event_ids"]) == 4 + math.ceil(math.sqrt(6))
    with pytest.raises(ValueError, match="granularity"):
        engine.components["l3"].summarize_now("fortnight")


# -- deletion ---------------------------------------------------------------------------------------

def test_deleting_an_event_rebuilds_extractive_summaries_without_it(engine, at_t) -> None:
    pause_embeddings(engine)
    r = engine.ingest_payloads([visit(i, T + i * 60) for i in range(10)]
                               + [visit(99, T + 700, site="secret.example", title="my diagnosis")])
    at_t.set(T + D + 5)
    engine.run_until_idle()
    secret = r.event_ids[-1]
    citing = engine.components["l3"].summaries_citing(secret)
    assert {s.granularity for s in citing} == {"hour", "day"}
    assert any("secret.example" in s.body for s in citing)
    preview = engine.preview_delete([secret]).layers["l3"]
    report = engine.delete_events([secret]).layers["l3"]
    assert preview == report
    assert report["summaries_rebuilt"] == 2 and report["summaries_removed"] == 0
    assert report["links_removed"] == 2
    for s in summaries(engine):
        assert secret not in s.source_event_ids
        assert "secret.example" not in s.body and "diagnosis" not in s.body
        assert s.event_count == 10
    assert not engine.components["l3"].summaries_citing(secret)
    hits = engine.db.read_all("SELECT rowid FROM summaries_fts WHERE summaries_fts MATCH 'diagnosis'")
    assert hits == []  # the index forgot it too
    # deleting everything left removes the summaries
    rest = [e.event_id for e in engine.list_events(limit=100)]
    report = engine.delete_events(rest).layers["l3"]
    assert report["summaries_removed"] == 2 and not summaries(engine)


def test_deleting_an_event_of_an_llm_summary_redacts_marks_stale_and_requeues(make_engine, at_t) -> None:
    chat = FakeChat(lambda req: {"title": "t", "summary": "You read about my diagnosis on secret.example."})
    engine = make_engine(layers=("l3",), providers=providers(chat))
    pause_embeddings(engine)
    r = engine.ingest_payloads([visit(i, T + i * 60) for i in range(4)]
                               + [visit(99, T + 700, site="secret.example", title="my diagnosis")])
    at_t.set(T + H + 5)
    engine.run_until_idle()
    (s,) = summaries(engine, granularity="hour")
    assert s.producer == "fake-qwen"
    preview = engine.preview_delete([r.event_ids[-1]]).layers["l3"]
    report = engine.delete_events([r.event_ids[-1]]).layers["l3"]
    assert preview == report and report["summaries_redacted_stale"] == 1
    (s,) = summaries(engine, granularity="hour")
    assert s.status == "stale" and s.producer == "extractive" and "secret" not in s.body
    assert s.metadata["stale_from_producer"] == "fake-qwen"
    job = engine.db.read_one("SELECT * FROM summary_jobs WHERE kind = 'rebuild'")
    assert job["state"] == "pending" and job["summary_id"] == s.summary_id
    chat.respond = lambda req: {"title": "t", "summary": "You read GitHub pages."}
    engine.run_until_idle()
    (s2,) = summaries(engine, granularity="hour")
    assert s2.summary_id == s.summary_id and s2.status == "active" and s2.producer == "fake-qwen"
    assert "secret" not in chat.requests[-1].messages[-1].content


# -- retrieval ------------------------------------------------------------------------------------

def _plan(q: str, now: float, mode=QueryMode.SUMMARY, window=None, **filters) -> QueryPlan:
    return QueryPlan(query=q, mode=mode, now=now, terms=query_terms(q), time_window=window,
                     filters=filters)


def test_summary_type_is_a_hard_filter_and_category_a_soft_boost(engine, at_t) -> None:
    pause_embeddings(engine)
    engine.ingest_payloads([visit(i, T + i * 30, title=f"rust borrow checker {i}") for i in range(40)]
                           + [commit(i, T + 100 + i, msg=f"rust refactor {i}") for i in range(10)])
    at_t.set(T + 7 * D + 5)
    engine.run_until_idle()
    l3 = engine.retrieval.registry.layers["l3"]
    only_thematic = l3.search(_plan("rust", at_t.now(), summary_type="thematic"))
    assert only_thematic.hits and {h.payload["summary_type"] for h in only_thematic.hits} == {"thematic"}
    none = l3.search(_plan("rust", at_t.now(), summary_type="insight"))
    assert none.hits == []  # hard: nothing of another type leaks in
    plain = l3.search(_plan("rust", at_t.now(), mode=QueryMode.EXACT_FACT))
    boosted = l3.search(_plan("rust", at_t.now(), mode=QueryMode.EXACT_FACT,
                              summary_category="coding_activity"))
    assert boosted.trace["fetch_k"] == math.ceil(plain.trace["fetch_k"] * 1.5)
    assert boosted.hits[0].payload["summary_category"] == "coding_activity"
    assert boosted.hits[0].payload["category_boosted"]
    # soft: the other categories are still there, just ranked lower
    assert {h.payload["summary_category"] for h in boosted.hits} >= {"browser_activity", "activity_overview"}
    top_plain = {h.id: h.score for h in plain.hits}
    coding = boosted.hits[0]
    assert coding.score == pytest.approx(top_plain[coding.id] * L3_CATEGORY_BOOST)
    # a wrong category guess does not kill the path
    wrong = l3.search(_plan("rust", at_t.now(), summary_category="media_activity"))
    assert wrong.hits
    # the same hard filter through memory_query's filters
    pkg = engine.retrieval.query("rust", "summary", filters={"summary_type": "thematic"})
    l3_findings = [f for f in pkg.findings if f.layer == "l3"]
    assert l3_findings
    kinds = {engine.components["l3"].get(f.hit_id).summary_type for f in l3_findings}
    assert kinds == {"thematic"}
    # query words suggest the category when the caller gives none
    assert l3.search(_plan("what did I browse", at_t.now())).trace["summary_category_boost"] == "browser_activity"


def test_vector_path_finds_summaries_by_embedding(engine, at_t) -> None:
    engine.ingest_payloads([visit(i, T + i, title="sourdough starter hydration") for i in range(6)])
    at_t.set(T + H + 1)
    engine.run_until_idle()  # events and the summary embedded by the offline embedder
    (s,) = summaries(engine, granularity="hour")
    assert s.embedding_state == "done"
    assert engine.db.read_value("SELECT count(*) FROM summary_chunks") >= 1
    vec = engine.providers.embedder.embed(["sourdough hydration"])[0]
    p = _plan("sourdough hydration", at_t.now())
    p.query_vector = vec
    res = engine.retrieval.registry.layers["l3"].search(p)
    assert res.trace["paths"]["vector"] >= 1 and res.hits[0].id == s.summary_id
    assert res.hits[0].payload["path_ranks"]["vector"] == 1
    engine.delete_events([e.event_id for e in engine.list_events(limit=10)])
    assert engine.db.read_value("SELECT count(*) FROM summary_chunks") == 0


def test_time_window_prefers_the_matching_granularity(engine, at_t) -> None:
    pause_embeddings(engine)
    engine.ingest_payloads([visit(i, T + i * 600) for i in range(6 * 24)])  # a day of visits
    at_t.set(T + D + 10)
    engine.run_until_idle()
    l3 = engine.retrieval.registry.layers["l3"]
    day = l3.search(_plan("what did I do", at_t.now(), mode=QueryMode.ACTIVITY_SUMMARY,
                          window=TimeWindow(T, T + D, "yesterday")))
    assert day.hits[0].payload["granularity"] == "day"
    hour = l3.search(_plan("what did I do", at_t.now(), mode=QueryMode.ACTIVITY_SUMMARY,
                           window=TimeWindow(T + 5 * H, T + 6 * H, "at 5")))
    assert hour.hits[0].payload["granularity"] == "hour"
    assert hour.hits[0].payload["window_start"] == T + 5 * H
    outside = l3.search(_plan("what did I do", at_t.now(), mode=QueryMode.ACTIVITY_SUMMARY,
                              window=TimeWindow(T + 5 * D, T + 6 * D, "later")))
    assert outside.hits == []


# -- reflection and L2 insights ------------------------------------------------------------------

def test_task_reflection_uses_the_last_six_related_events(engine, at_t) -> None:
    pause_embeddings(engine)
    s = "sess"
    payloads = [msg(s, "user", "earlier small talk", T, "m0"), msg(s, "assistant", "ok", T + 1, "m1"),
                msg(s, "user", "Please book a table for two at 7pm", T + 10, "m2")]
    payloads += [msg(s, "tool", "search result", T + 11 + k, f"t{k}", tool_name="restaurant_search",
                     success=True, duration_ms=300, input="table for two 7pm") for k in range(2)]
    payloads += [msg(s, "tool", "booking failed", T + 20, "t9", tool_name="book_table", success=False,
                     error="no availability"),
                 msg(s, "assistant", "I could not book it: no availability at 7pm.", T + 30, "m3")]
    r = engine.ingest_payloads(payloads)
    engine.run_until_idle()
    refl = summaries(engine, category="task_reflection")
    assert len(refl) == 1  # the first reply closed chit-chat, not a task
    d = refl[0]
    assert len(d.source_event_ids) == 6 and r.event_ids[0] not in d.source_event_ids
    assert d.source_event_ids[-1] == r.event_ids[-1]
    assert "book_table (failed" in d.body and "no availability" in d.body
    rows = engine.db.read_all("SELECT event_id FROM summary_event_links WHERE summary_id = ?", (d.summary_id,))
    assert {x["event_id"] for x in rows} == set(d.source_event_ids)
    # deleting a tool event re-renders the reflection without it
    engine.delete_events([r.event_ids[5]])
    (d2,) = summaries(engine, category="task_reflection")
    assert r.event_ids[5] not in d2.source_event_ids and "book_table" not in d2.body


def test_l2_changes_become_rule_template_insights(engine, at_t) -> None:
    pause_embeddings(engine)
    r = engine.ingest_payloads([msg("s", "user", "I live in Shanghai", T, "a"),
                                msg("s", "user", "I moved to Jiaxing last month", T + 30 * D, "b")])
    bridge = engine.components["l3"].bridge
    change = L2Change(kind="superseded", entity_id="u", entity_name="user",
                      trait_or_predicate="residence", old_value="Shanghai", new_value="Jiaxing",
                      event_ids=tuple(r.event_ids), occurred_at=T + 30 * D, reason="evolution",
                      ids=("as1", "as2"))
    sid = bridge.on_change(change)
    assert sid is not None and bridge.on_change(change) == sid  # same change: same row
    resolved = L2Change(kind="contradiction_resolved", entity_id="u", entity_name="user",
                        trait_or_predicate="LIVES_IN", old_value="Shanghai", new_value="Jiaxing",
                        event_ids=tuple(r.event_ids), occurred_at=T + 30 * D,
                        reason="evolution: old superseded, new written", ids=("c1",))
    assert bridge.on_change(resolved)
    assert bridge.on_change(L2Change("edge_new", "u", "user", "LIKES", None, "cats", (), T)) is None
    ins = {s.summary_category: s for s in summaries(engine, summary_type="insight")}
    assert set(ins) == {"state_change", "contradiction_resolved"}
    assert ins["state_change"].producer == "rule_template"
    assert set(ins["state_change"].source_event_ids) == set(r.event_ids)
    assert ins["state_change"].window_start == T and ins["state_change"].window_end == T + 30 * D
    # an insight whose evidence is deleted goes with it
    report = engine.delete_events([r.event_ids[1]]).layers["l3"]
    assert report["summaries_removed"] == 2 and not summaries(engine, summary_type="insight")
    assert bridge.errors == 0


def _l3_worker(engine):
    return next(w for w in engine.workers if w.name == "l3_summaries")


def test_offline_worker_call_takes_many_jobs_a_model_one(make_engine, at_t) -> None:
    """Extractive jobs take about a millisecond: offline one call works through the queue (up to
    L3_OFFLINE_RUN_MAX_JOBS), so the other workers' idle checks do not run once per summary.
    With a summarizer model each call is one job, as before."""
    from memory_core.policy import L3_OFFLINE_RUN_MAX_JOBS

    chats = [msg("s1", "assistant" if i % 2 else "user", f"task {i}: fixing the build", T + 10 * i, f"m{i}")
             for i in range(24)]
    offline = make_engine("offline.db", layers=("l3",))
    pause_embeddings(offline)
    offline.ingest_payloads(chats)
    pending = offline.backlog()["summary_jobs"]
    assert pending >= 5
    assert _l3_worker(offline).run_once() == min(pending, L3_OFFLINE_RUN_MAX_JOBS)
    assert offline.backlog()["summary_jobs"] == max(0, pending - L3_OFFLINE_RUN_MAX_JOBS)

    chat = FakeChat(_summarizer, tiers=frozenset({Tier.MEMORY_SUMMARIZER}))
    online = make_engine("online.db", layers=("l3",), providers=providers(chat))
    pause_embeddings(online)
    online.ingest_payloads(chats)
    assert _l3_worker(online).run_once() == 1
    assert online.backlog()["summary_jobs"] == pending - 1


def _tasks(n: int) -> list[dict]:
    """``n`` small tasks in one session: a request, a tool run, a reply (a reflection each)."""
    out = []
    for k in range(n):
        t = T + 100 * k
        out += [msg("s1", "user", f"Please book table {k} for two at 7pm", t, f"u{k}"),
                msg("s1", "tool", "booked" if k % 3 else "booking failed", t + 5, f"t{k}", tool_name="book_table",
                    success=bool(k % 3), duration_ms=200 + k, **({} if k % 3 else {"error": "no availability"})),
                msg("s1", "assistant", f"Table {k} is done.", t + 10, f"a{k}")]
    return out


def _summary_rows(engine) -> list[tuple]:
    """The summaries with their events named by content (event ids differ between stores)."""
    content = dict(engine.db.reader().execute("SELECT event_id, content FROM fact_events"))
    return sorted((s.summary_type, s.summary_category, s.title, s.body,
                   tuple(content[e] for e in s.source_event_ids), s.status) for s in summaries(engine))


def test_offline_run_in_one_transaction_writes_what_job_by_job_wrote(make_engine, at_t) -> None:
    """The offline run handles its jobs inside one write transaction (reads on the writer);
    job by job (a transaction each, reads on the reader) the summaries are the same."""
    chats = _tasks(8)
    rows = []
    for name, run in (("one.db", lambda w: w._run_offline()), ("each.db", lambda w: w._run_jobs(1000))):
        engine = make_engine(name, layers=("l3",))
        pause_embeddings(engine)
        engine.ingest_payloads(chats)
        assert engine.backlog()["summary_jobs"] >= 5
        while run(_l3_worker(engine)):
            pass
        assert engine.backlog()["summary_jobs"] == 0
        rows.append(_summary_rows(engine))
    assert rows[0] == rows[1] and rows[0]


def test_offline_run_with_a_failing_job_fails_that_job_alone(make_engine, at_t, monkeypatch) -> None:
    """A job raising inside the offline run rolls the run back; the jobs up to it are run again
    one transaction each: the ones before it done with their summaries, it alone failed once
    (pending with backoff), the ones after it untouched."""
    import memory_core.l3.worker as W

    chats = _tasks(8)
    engine = make_engine("fail.db", layers=("l3",))
    pause_embeddings(engine)
    engine.ingest_payloads(chats)
    jobs = engine.db.read_all("SELECT job_id, kind FROM summary_jobs WHERE state = 'pending' "
                              "ORDER BY next_attempt_at, job_id")
    assert len(jobs) >= 5 and {j["kind"] for j in jobs} == {"task_reflection"}
    bad = jobs[2]["job_id"]
    real = W.task_reflection
    calls = []

    def flaky(events, *, session_id, anchor_event_id):
        calls.append(anchor_event_id)
        if len(calls) == 3 or len(calls) == 6:  # the third job: in the run, then job by job
            raise RuntimeError("broken draft")
        return real(events, session_id=session_id, anchor_event_id=anchor_event_id)

    monkeypatch.setattr(W, "task_reflection", flaky)
    assert _l3_worker(engine).run_once() == 3
    states = dict(engine.db.reader().execute("SELECT job_id, state FROM summary_jobs"))
    assert [states[j["job_id"]] for j in jobs[:2]] == ["done", "done"]
    row = engine.db.read_one("SELECT state, attempts, last_error FROM summary_jobs WHERE job_id = ?", (bad,))
    assert row["state"] == "pending" and row["attempts"] == 1 and "broken draft" in row["last_error"]
    assert all(states[j["job_id"]] == "pending" for j in jobs[3:])
    assert len([s for s in summaries(engine) if s.summary_category == "task_reflection"]) == 2
