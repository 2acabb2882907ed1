"""L4 through the engine: synchronous statistics in the ingest call, trace cap, breaker via
check_skill with an injected clock, lazy distillation outside the transaction, deletion, and
strategy-mode retrieval."""

from __future__ import annotations

import json

import pytest

from memory_core.policy import BREAKER_OPEN_SECONDS, L4_TRACES_PER_SKILL, QueryMode, Tier
from memory_core.retrieval.plan import QueryPlan
from tests.helpers import T0
from tests.l3.fakes import FakeChat, providers

_n = 0


def tool(t: float, *, ok: bool = True, name: str = "pdf_convert", category: str = "document",
         ms: float = 100.0, inp: str = "convert report.docx", out: str | None = None,
         error: str | None = None, session: str = "s1") -> dict:
    global _n
    _n += 1
    msg = {"type": "chat", "session_id": session, "role": "tool", "tool_name": name,
           "category": category, "success": ok, "duration_ms": ms, "input": inp,
           "output": out if out is not None else ("done: report.pdf" if ok else "Error: timeout after 30s"),
           "content": f"{name} result", "occurred_at": t, "message_id": f"tool-{_n}"}
    if error:
        msg["error"] = error
    return msg


def skill_row(engine, name: str = "pdf_convert") -> dict:
    return engine.db.read_one("SELECT * FROM procedural_skills WHERE tool_name = ?", (name,))


def test_statistics_are_written_in_the_same_ingest_call(engine, clock) -> None:
    r = engine.ingest_payloads([tool(T0, ms=100), tool(T0 + 1, ms=300), tool(T0 + 2, ok=False, ms=50)])
    assert r.ingested == 3 and not r.hook_errors
    row = skill_row(engine)  # no worker has run: this is the synchronous part
    assert (row["success_count"], row["failure_count"]) == (2, 1)
    assert row["mean_duration_ms"] == pytest.approx(150.0)
    assert row["consecutive_failures"] == 1 and row["breaker_state"] == "closed"
    assert row["pending_trace_count"] == 3
    traces = engine.db.read_all("SELECT * FROM l4_execution_traces ORDER BY occurred_at")
    assert [t["success"] for t in traces] == [1, 1, 0]
    assert traces[0]["input_text"] == "convert report.docx"
    assert set(t["event_id"] for t in traces) == set(r.event_ids)  # each trace -> its L1 event
    # a different category is a different skill
    engine.ingest_payloads([tool(T0 + 3, category="image")])
    assert engine.db.read_value("SELECT count(*) FROM procedural_skills") == 2


def test_traces_are_capped_at_50_per_skill_keeping_the_newest(engine) -> None:
    n = L4_TRACES_PER_SKILL + 23
    engine.ingest_payloads([tool(T0 + i, inp=f"file {i}") for i in range(n)])
    row = skill_row(engine)
    assert row["success_count"] == n  # statistics keep counting past the cap
    kept = engine.db.read_all("SELECT input_text FROM l4_execution_traces WHERE skill_id = ? "
                              "ORDER BY occurred_at", (row["skill_id"],))
    assert len(kept) == L4_TRACES_PER_SKILL
    assert kept[0]["input_text"] == f"file {n - L4_TRACES_PER_SKILL}"
    assert kept[-1]["input_text"] == f"file {n - 1}"


def test_breaker_refuses_then_half_opens_then_closes(engine, clock) -> None:
    l4 = engine.components["l4"]
    assert l4.check_skill("pdf_convert").breaker_state == "unknown"
    for _ in range(3):
        engine.ingest_payloads([tool(clock.now(), ok=False)])
        clock.advance(1)
    check = l4.check_skill("pdf_convert")
    assert check.breaker_state == "open" and check.allowed is False
    assert "refused" in check.reason and 0 < check.retry_after_s <= BREAKER_OPEN_SECONDS
    clock.advance(BREAKER_OPEN_SECONDS - 5)
    assert l4.check_skill("pdf_convert").allowed is False
    clock.advance(10)
    check = l4.check_skill("pdf_convert")
    assert check.breaker_state == "half_open" and check.allowed is True
    engine.run_until_idle()  # the sweep persists the lazy transition for the GUI
    assert skill_row(engine)["breaker_state"] == "half_open"
    engine.ingest_payloads([tool(clock.now(), ok=True)])
    assert l4.check_skill("pdf_convert").breaker_state == "half_open"
    engine.ingest_payloads([tool(clock.now() + 1, ok=True)])
    check = l4.check_skill("pdf_convert")
    assert check.breaker_state == "closed" and check.allowed
    assert skill_row(engine)["times_opened"] == 1


def test_failure_in_half_open_reopens_through_ingest(engine, clock) -> None:
    for _ in range(3):
        engine.ingest_payloads([tool(clock.now(), ok=False)])
    clock.advance(BREAKER_OPEN_SECONDS + 1)
    engine.ingest_payloads([tool(clock.now(), ok=False)])
    check = engine.components["l4"].check_skill("pdf_convert")
    assert check.breaker_state == "open" and not check.allowed
    assert skill_row(engine)["times_opened"] == 2


def test_distillation_is_queued_in_ingest_and_runs_after_it_offline_template(engine, clock) -> None:
    engine.ingest_payloads([tool(T0 + i, ok=i % 2 == 0, inp=f"convert big scan {i}.tiff" if i % 2
                                 else f"convert note {i}.docx") for i in range(4)])
    assert engine.db.read_value("SELECT count(*) FROM l4_distill_jobs") == 0  # 4 < threshold 5
    engine.ingest_payloads([tool(T0 + 10, ok=False, inp="convert big scan 99.tiff")])
    job = engine.db.read_one("SELECT * FROM l4_distill_jobs")
    assert job["state"] == "pending" and job["reason"] == "threshold"  # queued, not run, in ingest
    assert skill_row(engine)["optimized_prompt"] is None
    engine.run_until_idle()
    row = skill_row(engine)
    strategy = json.loads(row["optimized_prompt"])
    assert row["distill_producer"] == "template" and strategy["method"] == "statistical_template"
    assert "without a language model" in strategy["note"]
    assert any("tiff" in p for p in strategy["failure_patterns"])  # the input word of failures
    assert row["pending_trace_count"] == 0 and row["strategy_status"] == "current"
    assert set(json.loads(row["distill_event_ids"])) <= {
        r["event_id"] for r in engine.db.read_all("SELECT event_id FROM fact_events")}
    hint = engine.components["l4"].check_skill("pdf_convert").hint
    assert "Strategy:" in hint and "tiff" in hint


def test_breaker_opening_triggers_distillation_before_the_threshold(engine, clock) -> None:
    for i in range(3):
        engine.ingest_payloads([tool(T0 + i, ok=False)])
    assert engine.db.read_one("SELECT reason FROM l4_distill_jobs")["reason"] == "breaker_opened"


def test_llm_distillation_uses_context_compact_without_reasoning(make_engine, clock) -> None:
    chat = FakeChat(lambda req: {"summary": "Converts office files; scans time out.",
                                 "when_to_use": ["docx to pdf"],
                                 "failure_patterns": ["large TIFF scans time out"],
                                 "recommendations": ["split scans first"]},
                    tiers=frozenset({Tier.CONTEXT_COMPACT}))
    engine = make_engine(providers=providers(chat))
    engine.ingest_payloads([tool(T0 + i, ok=i != 2) for i in range(5)])
    engine.run_until_idle()
    assert len(chat.requests) == 1
    req = chat.requests[0]
    assert req.tier is Tier.CONTEXT_COMPACT and req.enable_thinking is False and req.json_schema
    assert "pdf_convert" in req.messages[-1].content and "FAILURE" in req.messages[-1].content
    row = skill_row(engine)
    strategy = json.loads(row["optimized_prompt"])
    assert row["distill_producer"] == "fake-qwen" and strategy["method"] == "llm"
    assert strategy["recommendations"] == ["split scans first"]
    assert strategy["based_on"]["traces"] == 5


def test_failing_llm_distillation_retries_then_is_visible_and_l1_is_untouched(make_engine, clock) -> None:
    chat = FakeChat(lambda req: {}, fail=100)
    engine = make_engine(providers=providers(chat))
    r = engine.ingest_payloads([tool(T0 + i, ok=False) for i in range(3)])
    assert r.ingested == 3 and not r.hook_errors
    for _ in range(10):
        engine.run_until_idle()
        clock.advance(400)  # past any backoff
    job = engine.db.read_one("SELECT * FROM l4_distill_jobs")
    assert job["state"] == "failed" and "503" in job["last_error"]
    assert engine.stats()["l4"]["distill_jobs"]["failed"] == 1
    assert engine.db.read_value("SELECT count(*) FROM fact_events") == 3
    assert skill_row(engine)["failure_count"] == 3  # statistics unaffected by the failed job


def test_deleting_an_execution_uncounts_it_and_redacts_the_strategy(engine, clock) -> None:
    r = engine.ingest_payloads([tool(T0 + i, ok=i != 4, ms=100 + i) for i in range(6)])
    engine.run_until_idle()
    row = skill_row(engine)
    assert json.loads(row["distill_event_ids"])
    victim = r.event_ids[4]  # the failure
    preview = engine.preview_delete([victim]).layers["l4"]
    report = engine.delete_events([victim]).layers["l4"]
    assert preview == report
    assert report["traces"] == 1 and report["executions_uncounted"] == 1
    assert report["strategies_redacted"] == ["pdf_convert"]
    row = skill_row(engine)
    assert (row["success_count"], row["failure_count"]) == (5, 0)
    assert row["optimized_prompt"] is None or victim not in row["distill_event_ids"]
    assert engine.db.read_value("SELECT count(*) FROM l4_execution_traces WHERE event_id = ?", (victim,)) == 0
    engine.run_until_idle()  # re-distilled from what remains
    row = skill_row(engine)
    assert row["strategy_status"] == "current" and victim not in json.loads(row["distill_event_ids"])
    # deleting every execution removes the skill
    engine.delete_events([e for e in r.event_ids if e != victim])
    assert skill_row(engine) is None


def plan(query: str, mode: QueryMode, now: float, **kw) -> QueryPlan:
    from memory_core.text.segment import query_terms

    return QueryPlan(query=query, mode=mode, now=now, terms=query_terms(query), **kw)


def test_strategy_mode_returns_the_skill_with_rate_breaker_and_strategy(engine, clock) -> None:
    engine.ingest_payloads([tool(T0 + i, ok=i % 3 != 0, inp=f"convert scan {i}.tiff" if i % 3 == 0
                                 else f"convert memo {i}.docx") for i in range(9)])
    engine.ingest_payloads([tool(T0 + 20 + i, name="web_search", category="search") for i in range(2)])
    engine.run_until_idle()
    retriever = engine.retrieval.registry.layers["l4"]
    # named tool: lexical paths find it
    res = retriever.search(plan("How did I convert the PDF last time?", QueryMode.STRATEGY, clock.now()))
    top = res.hits[0]
    assert top.kind == "skill" and top.payload["tool_name"] == "pdf_convert"
    assert top.payload["success_rate"] == pytest.approx(6 / 9)
    assert top.payload["breaker_state"] == "closed"
    assert top.payload["strategy"]["failure_patterns"]
    assert top.event_ids and top.payload["match"] == "lexical"
    assert "vector" not in res.trace["paths"]  # the design disables it for L4
    # deictic: "this" names no tool -> the most recently used skills, marked as such
    for q in ("How did I handle this last time", "上次类似问题怎么处理的"):
        res = retriever.search(plan(q, QueryMode.STRATEGY, clock.now()))
        assert res.trace["match"] == "recent_fallback"
        names = [h.payload["tool_name"] for h in res.hits]
        assert names == ["web_search", "pdf_convert"]  # most recently used first
        pdf = res.hits[1].payload
        assert pdf["success_rate"] == pytest.approx(6 / 9) and pdf["breaker_state"] == "closed"
        assert pdf["strategy"]["method"] == "statistical_template"
    # outside strategy mode a question that names no tool gets nothing from L4
    assert not retriever.search(plan("How did I handle this last time", QueryMode.EXACT_FACT,
                                     clock.now())).hits


def test_offline_strategy_text_reads_right() -> None:
    """The skills panel read "failed 0 times in a row (the breaker opened)" (a success while
    open resets the run) and "timed out after Ns" (the grouping signature, digits masked)."""
    from memory_core.l4.breaker import Breaker, BreakerState
    from memory_core.l4.distill import template_strategy
    from memory_core.l4.records import Skill, Trace

    def skill(failures: int) -> Skill:
        return Skill("s", "web_fetch", "general", 3, 4, 120.0, Breaker(BreakerState.OPEN, failures, 1.7e9),
                     0, 10, 1, None, "none", None, None, (), None, None, None, None)

    traces = [Trace(i, "s", f"e{i}", 1.7e9 + i, i % 2 == 0, 100.0, f"url {i}", "",
                    None if i % 2 == 0 else f"timed out after {30 + i}s", None) for i in range(7)]
    opened = template_strategy(skill(0), traces)
    text = " ".join(opened["recommendations"] + opened["failure_patterns"])
    assert "0 times" not in text and "The breaker was open" in text
    assert "after Ns" not in text and "timed out after 35s" in text  # the latest real message
    assert "3× timed out after 35s" in opened["failure_patterns"]
    assert "failed 1 time in a row, so the breaker opened" in " ".join(template_strategy(skill(1), traces)["recommendations"])
