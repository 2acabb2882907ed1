"""Backoff, Retry-After, the circuit breaker, JSON parsing, and the provider_calls ledger."""

from __future__ import annotations

import pytest

from memory_core.db.connection import query_all
from memory_core.policy import Tier
from memory_core.providers.chat import (ChatMessage, ChatRequest, CircuitOpen, InvalidResponse,
                                        NotConfigured, RateLimited, ServerError)
from memory_core.providers.json_output import JsonOutputError, extract_json, parse_and_validate
from memory_core.providers.resilience import (CircuitBreaker, ResiliencePolicy, backoff_delay,
                                              retry_delay)
from memory_core.providers.testing import Reply

from .conftest import FAKE_KEY


def test_backoff_is_exponential_capped_and_jittered():
    policy = ResiliencePolicy(backoff_base_s=0.5, backoff_max_s=8.0)
    lows = [backoff_delay(a, policy, lambda: 0.0) for a in range(1, 7)]
    highs = [backoff_delay(a, policy, lambda: 1.0) for a in range(1, 7)]
    assert lows == [0.25, 0.5, 1.0, 2.0, 4.0, 4.0]
    assert highs == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0]


def test_retry_after_wins_over_backoff_but_is_capped():
    policy = ResiliencePolicy(max_retries=3, retry_after_max_s=60)
    assert retry_delay(RateLimited("x", retry_after=7), 1, policy, lambda: 0.5) == 7
    assert retry_delay(RateLimited("x", retry_after=120), 1, policy, lambda: 0.5) is None
    assert retry_delay(ServerError("x"), 4, policy, lambda: 0.5) is None  # retries used up
    assert retry_delay(InvalidResponse("x"), 1, policy, lambda: 0.5) is None  # not retryable


def test_breaker_opens_half_opens_and_closes():
    now = [0.0]
    breaker = CircuitBreaker("p", failures=2, cooldown_s=10, clock=lambda: now[0])
    breaker.on_failure(InvalidResponse("bad answer"))  # not the provider's health
    breaker.on_failure(ServerError("down"))
    assert breaker.state == "closed"
    breaker.on_failure(ServerError("down"))
    assert breaker.state == "open" and not breaker.would_allow()
    with pytest.raises(CircuitOpen):
        breaker.before_call()
    now[0] = 10.0
    assert breaker.state == "half_open"
    breaker.before_call()  # the one trial call
    with pytest.raises(CircuitOpen):
        breaker.before_call()  # a second concurrent call waits for the trial
    breaker.on_failure(ServerError("still down"))
    assert breaker.state == "open"
    now[0] = 20.0
    breaker.before_call()
    breaker.on_success()
    assert breaker.state == "closed"


def test_extract_json_tolerates_fences_and_prose_but_validation_is_strict():
    assert extract_json('```json\n{"a": 1}\n```') == {"a": 1}
    assert extract_json('Sure! Here it is: {"a": [1, 2]} hope it helps') == {"a": [1, 2]}
    with pytest.raises(JsonOutputError, match="not JSON"):
        extract_json("no json here")
    schema = {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}}
    with pytest.raises(JsonOutputError, match="a: 'x' is not of type 'integer'"):
        parse_and_validate('{"a": "x"}', schema)


def test_offline_router_refuses_every_tier(build):
    providers = build()
    assert not any(providers.chat.available(t) for t in Tier)
    with pytest.raises(NotConfigured):
        providers.chat.complete(ChatRequest(Tier.FAST_CLASSIFY, [ChatMessage("user", "x")]))


def test_breaker_takes_the_provider_out_of_service(monkeypatch, build, dashscope_server):
    monkeypatch.setenv("DASHSCOPE_API_KEY", FAKE_KEY)
    providers = build(chat_provider="dashscope", dashscope_base_url=dashscope_server.base_url)
    dashscope_server.enqueue("chat", *[Reply.server_error()] * 9)
    request = ChatRequest(Tier.FAST_CLASSIFY, [ChatMessage("user", "x")], trigger="l2_phase1")
    for _ in range(3):  # breaker_failures = 3 in the test policy
        with pytest.raises(ServerError):
            providers.chat.complete(request)
    assert not providers.chat.available(Tier.FAST_CLASSIFY)
    sent = len(dashscope_server.requests)
    with pytest.raises(CircuitOpen):
        providers.chat.complete(request)
    assert len(dashscope_server.requests) == sent  # refused without a request
    last = providers.ledger.recent()[-1]
    assert (last.outcome, last.attempts, last.network) == ("circuit_open", 0, False)
    assert providers.status()["breakers"]["dashscope"]["state"] == "open"


def test_every_call_lands_in_provider_calls(monkeypatch, make_engine, build, dashscope_server):
    monkeypatch.setenv("DASHSCOPE_API_KEY", FAKE_KEY)
    providers = build(chat_provider="dashscope", embedding_provider="dashscope",
                      dashscope_base_url=dashscope_server.base_url, embedding_dim=64)
    engine = make_engine(providers=providers, layers=())
    schema = {"type": "object", "required": ["ok"], "properties": {"ok": {"type": "boolean"}}}
    dashscope_server.enqueue("chat", Reply.rate_limited(0), Reply.json({"ok": True}),
                             Reply.ok("nope"), Reply.ok("still nope"))
    providers.chat.complete(ChatRequest(Tier.FAST_CLASSIFY, [ChatMessage("user", "a")],
                                        json_schema=schema, trigger="l2_phase1"))
    with pytest.raises(InvalidResponse):
        providers.chat.complete(ChatRequest(Tier.CORE_REASONING, [ChatMessage("user", "b")],
                                            json_schema=schema, trigger="arbitration"))
    providers.embedder.embed(["hello", "你好"])
    rows = query_all(engine.db.reader(), "SELECT * FROM provider_calls ORDER BY call_id")
    chat_rows = [r for r in rows if r["kind"] == "chat"]
    assert [(r["tier"], r["model"], r["trigger"], r["outcome"], r["attempts"]) for r in chat_rows] == [
        ("FAST_CLASSIFY", "qwen-turbo", "l2_phase1", "ok", 2),
        ("CORE_REASONING", "qwen-plus", "arbitration", "invalid", 2)]
    assert chat_rows[0]["prompt_tokens"] == 11 and chat_rows[0]["completion_tokens"] == 7
    assert chat_rows[1]["prompt_tokens"] == 22  # tokens of the repair round trip count too
    assert all(r["network"] == 1 and r["provider"] == "dashscope" and r["latency_ms"] > 0
               for r in rows)
    assert "after one repair retry" in chat_rows[1]["error"]
    embed_rows = [r for r in rows if r["kind"] == "embed"]
    assert len(embed_rows) >= 1 and embed_rows[-1]["outcome"] == "ok"
