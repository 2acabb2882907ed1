"""The DashScope provider (real ``dashscope`` SDK) against a local fake DashScope server."""

from __future__ import annotations

import json

import numpy as np
import pytest

from memory_core.extraction.schema import PHASE1_JSON_SCHEMA
from memory_core.policy import DASHSCOPE_EMBED_BATCH, Tier
from memory_core.providers.chat import (ChatMessage, ChatRequest, InvalidResponse,
                                        MalformedResponse, ProviderTimeout, RateLimited,
                                        ServerError)
from memory_core.providers.testing import Reply

from .conftest import FAKE_KEY

SCHEMA = {"type": "object", "required": ["answer"],
          "properties": {"answer": {"type": "string"}}, "additionalProperties": False}


@pytest.fixture
def ds(monkeypatch, build, dashscope_server):
    monkeypatch.setenv("DASHSCOPE_API_KEY", FAKE_KEY)
    return build(chat_provider="dashscope", embedding_provider="dashscope",
                 dashscope_base_url=dashscope_server.base_url, embedding_dim=256)


def ask(tier=Tier.FAST_CLASSIFY, schema=SCHEMA, **kw) -> ChatRequest:
    return ChatRequest(tier=tier, messages=[ChatMessage("user", "what is it?")], json_schema=schema,
                       trigger="test", **kw)


def test_success_json_mode_fast_tier(ds, dashscope_server):
    dashscope_server.enqueue("chat", Reply.json({"answer": "an air fryer"}))
    result = ds.chat.complete(ask())
    assert result.data == {"answer": "an air fryer"}
    assert (result.provider, result.model, result.attempts) == ("dashscope", "qwen-turbo", 1)
    assert (result.prompt_tokens, result.completion_tokens) == (11, 7)
    [req] = dashscope_server.requests_for("chat")
    params = req.body["parameters"]
    assert params["enable_thinking"] is False  # FAST_CLASSIFY: no reasoning
    assert params["response_format"] == {"type": "json_object"}
    assert req.headers["Authorization"] == f"Bearer {FAKE_KEY}"
    system = req.body["input"]["messages"][0]
    assert system["role"] == "system" and "JSON schema" in system["content"]


def test_reasoning_tier_streams_with_thinking_and_keeps_json_validation(ds, dashscope_server):
    dashscope_server.enqueue("chat", Reply.json({"answer": "keep the old residence"}))
    result = ds.chat.complete(ask(tier=Tier.CORE_REASONING))
    assert result.data == {"answer": "keep the old residence"}
    assert result.model == "qwen-plus"
    [req] = dashscope_server.requests_for("chat")
    assert req.body["parameters"]["enable_thinking"] is True
    assert req.body["parameters"]["incremental_output"] is True
    assert req.headers.get("X-DashScope-SSE") == "enable"
    assert "response_format" not in req.body["parameters"]  # not available with thinking


def test_summariser_reasoning_follows_the_request(ds, dashscope_server):
    ds.chat.complete(ask(tier=Tier.MEMORY_SUMMARIZER, schema=None))
    ds.chat.complete(ask(tier=Tier.MEMORY_SUMMARIZER, schema=None, enable_thinking=True))
    first, second = dashscope_server.requests_for("chat")
    assert first.body["parameters"]["enable_thinking"] is False  # hour window
    assert second.body["parameters"]["enable_thinking"] is True  # day and longer


def test_tool_calling_plain_and_streamed(ds, dashscope_server):
    tools = [{"type": "function", "function": {"name": "memory_query", "parameters": {
        "type": "object", "properties": {"query": {"type": "string"}}}}}]
    for tier in (Tier.FAST_CLASSIFY, Tier.CORE_REASONING):
        dashscope_server.enqueue("chat", Reply.tool_call("memory_query", {"query": "我住在哪"}))
        result = ds.chat.complete(ChatRequest(tier=tier, messages=[ChatMessage("user", "hi")],
                                              tools=tools))
        assert [(c.name, c.arguments) for c in result.tool_calls] == [
            ("memory_query", {"query": "我住在哪"})]
    assert all(r.body["parameters"]["tools"] == tools for r in dashscope_server.requests_for("chat"))


def test_429_is_retried_after_retry_after(ds, dashscope_server, sleeps):
    dashscope_server.enqueue("chat", Reply.rate_limited(retry_after=0.3), Reply.json({"answer": "x"}))
    result = ds.chat.complete(ask())
    assert result.attempts == 2 and result.data == {"answer": "x"}
    assert sleeps and sleeps[0] >= 0.3  # Retry-After honoured (longer than the backoff)
    assert len(dashscope_server.requests_for("chat")) == 2


def test_429_with_retry_after_beyond_the_cap_fails_fast(ds, dashscope_server, sleeps):
    dashscope_server.enqueue("chat", Reply.rate_limited(retry_after=600))
    with pytest.raises(RateLimited) as info:
        ds.chat.complete(ask())
    assert info.value.retry_after == 600 and not sleeps


def test_500_exhausts_retries_with_backoff(ds, dashscope_server, sleeps):
    dashscope_server.enqueue("chat", *[Reply.server_error()] * 3)
    with pytest.raises(ServerError):
        ds.chat.complete(ask())
    assert len(dashscope_server.requests_for("chat")) == 3  # 1 + max_retries (2)
    assert len(sleeps) == 2 and all(0.0 < s <= 0.02 for s in sleeps)


def test_timeout_is_typed_and_retried(ds, dashscope_server):
    dashscope_server.enqueue("chat", Reply.timeout(2.0), Reply.json({"answer": "late but fine"}))
    result = ds.chat.complete(ask())
    assert result.attempts == 2 and result.data == {"answer": "late but fine"}
    dashscope_server.enqueue("chat", *[Reply.timeout(2.0)] * 3)
    with pytest.raises(ProviderTimeout):
        ds.chat.complete(ask())


def test_malformed_body_is_retried_then_reported(ds, dashscope_server):
    dashscope_server.enqueue("chat", Reply.malformed(), Reply.json({"answer": "ok"}))
    assert ds.chat.complete(ask()).attempts == 2
    dashscope_server.enqueue("chat", *[Reply.malformed()] * 3)
    with pytest.raises(MalformedResponse):
        ds.chat.complete(ask())


def test_wrong_schema_gets_exactly_one_repair_retry(ds, dashscope_server):
    dashscope_server.enqueue("chat", Reply.json({"answer": 42}), Reply.json({"answer": "42"}))
    result = ds.chat.complete(ask())
    assert result.data == {"answer": "42"} and result.attempts == 2
    first, repair = dashscope_server.requests_for("chat")
    messages = repair.body["input"]["messages"]
    assert messages[-2] == {"role": "assistant", "content": '{"answer": 42}'}
    assert messages[-1]["role"] == "user" and "answer: 42 is not of type 'string'" in messages[-1]["content"]


def test_wrong_schema_twice_is_invalid_and_not_retried_again(ds, dashscope_server):
    dashscope_server.enqueue("chat", Reply.ok("sorry, I cannot"), Reply.json({"wrong": True}))
    with pytest.raises(InvalidResponse, match="after one repair retry"):
        ds.chat.complete(ask())
    assert len(dashscope_server.requests_for("chat")) == 2


def test_phase1_schema_accepts_a_recorded_answer(ds, dashscope_server, tmp_path):
    recorded = {"entities": [{"mention": "空气炸锅", "name": "空气炸锅", "entity_type": "appliance",
                              "event_id": "e1"}],
                "fact_claims": [{"subject": "user", "predicate": "BOUGHT", "object": "空气炸锅",
                                 "evidence_text": "我买了一个空气炸锅", "event_id": "e1"}],
                "resolved_refs": []}
    path = tmp_path / "phase1.json"
    path.write_text(json.dumps(recorded, ensure_ascii=False), encoding="utf-8")
    dashscope_server.enqueue("chat", Reply.recorded(path))
    result = ds.chat.complete(ask(schema=PHASE1_JSON_SCHEMA))
    assert result.data == recorded


def test_embeddings_respect_the_batch_limit_and_dimension(ds, dashscope_server):
    texts = [f"text {i} 文本" for i in range(23)]
    vectors = ds.embedder.embed(texts)
    assert vectors.shape == (23, 256) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    reqs = dashscope_server.requests_for("embed")
    assert [len(r.body["input"]["texts"]) for r in reqs] == [10, 10, 3]
    assert DASHSCOPE_EMBED_BATCH == 10
    assert all(r.body["parameters"]["dimension"] == 256 and r.body["model"] == "text-embedding-v3"
               for r in reqs)
    assert ds.embedder.model_id == "dashscope:text-embedding-v3:256"
    assert np.allclose(ds.embedder.embed(["text 5 文本"])[0], vectors[5], atol=1e-5)


def test_embedding_429_then_success(ds, dashscope_server):
    dashscope_server.enqueue("embed", Reply.rate_limited(retry_after=0))
    assert ds.embedder.embed(["a", "b"]).shape == (2, 256)
    assert len(dashscope_server.requests_for("embed")) == 2
    [rec] = [r for r in ds.ledger.recent() if r.kind == "embed"]
    assert (rec.outcome, rec.attempts, rec.provider) == ("ok", 2, "dashscope")


def test_invalid_embedding_dimension_names_the_field(monkeypatch, build, dashscope_server):
    monkeypatch.setenv("DASHSCOPE_API_KEY", FAKE_KEY)
    with pytest.raises(ValueError, match="providers.embedding_dim"):
        build(embedding_provider="dashscope", dashscope_base_url=dashscope_server.base_url,
              embedding_dim=300)
