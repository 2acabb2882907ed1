"""The OpenAI-compatible provider (httpx) against a local fake OpenAI-style server."""

from __future__ import annotations

import numpy as np
import pytest

from memory_core.policy import Tier
from memory_core.providers.chat import (AuthError, ChatMessage, ChatRequest, InvalidResponse,
                                        MalformedResponse, ProviderTimeout, ServerError)
from memory_core.providers.testing import Reply

SCHEMA = {"type": "object", "required": ["label"],
          "properties": {"label": {"enum": ["new", "corroborates", "contradicts"]}}}


@pytest.fixture
def oa(build, openai_server):
    return build(chat_provider="openai_compat", embedding_provider="openai_compat",
                 openai_base_url=openai_server.base_url, openai_model="qwen2.5:7b",
                 tier_models={"CORE_REASONING": "qwen3:14b"}, embedding_model="bge-m3",
                 embedding_dim=64)


def ask(tier=Tier.FAST_CLASSIFY, schema=SCHEMA, **kw) -> ChatRequest:
    return ChatRequest(tier=tier, messages=[ChatMessage("system", "Label the edge."),
                                            ChatMessage("user", "LIKES jazz")],
                       json_schema=schema, trigger="l2_phase2", **kw)


def test_success_with_json_mode_and_tier_models(oa, openai_server):
    openai_server.enqueue("chat", Reply.json({"label": "new"}), Reply.json({"label": "contradicts"}))
    assert oa.chat.complete(ask()).data == {"label": "new"}
    result = oa.chat.complete(ask(tier=Tier.CORE_REASONING))
    assert result.data == {"label": "contradicts"} and result.model == "qwen3:14b"
    fast, core = openai_server.requests_for("chat")
    assert fast.body["model"] == "qwen2.5:7b" and core.body["model"] == "qwen3:14b"
    assert fast.body["response_format"] == {"type": "json_object"}
    assert fast.body["messages"][0]["role"] == "system"
    assert "Label the edge." in fast.body["messages"][0]["content"]
    assert "JSON schema" in fast.body["messages"][0]["content"]
    assert "authorization" not in {k.lower() for k in fast.headers}  # no key configured


def test_tools_round_trip(oa, openai_server):
    tools = [{"type": "function", "function": {"name": "memory_query", "parameters": {}}}]
    openai_server.enqueue("chat", Reply.tool_call("memory_query", {"query_mode": "current_state"}))
    result = oa.chat.complete(ChatRequest(tier=Tier.FAST_CLASSIFY, tools=tools,
                                          messages=[ChatMessage("user", "where do I live?")]))
    [call] = result.tool_calls
    assert (call.name, call.arguments) == ("memory_query", {"query_mode": "current_state"})
    [req] = openai_server.requests_for("chat")
    assert req.body["tools"] == tools and "response_format" not in req.body


def test_429_then_success(oa, openai_server, sleeps):
    openai_server.enqueue("chat", Reply.rate_limited(retry_after=0.2), Reply.json({"label": "new"}))
    assert oa.chat.complete(ask()).attempts == 2
    assert sleeps[0] >= 0.2


def test_500_then_exhausted(oa, openai_server):
    openai_server.enqueue("chat", *[Reply.server_error(503)] * 3)
    with pytest.raises(ServerError) as info:
        oa.chat.complete(ask())
    assert info.value.status == 503 and len(openai_server.requests_for("chat")) == 3


def test_timeout(oa, openai_server):
    openai_server.enqueue("chat", *[Reply.timeout(2.0)] * 3)
    with pytest.raises(ProviderTimeout):
        oa.chat.complete(ask())
    assert len(openai_server.requests_for("chat")) == 3


def test_malformed_json_body(oa, openai_server):
    openai_server.enqueue("chat", *[Reply.malformed()] * 3)
    with pytest.raises(MalformedResponse):
        oa.chat.complete(ask())


def test_auth_error_is_not_retried(oa, openai_server):
    openai_server.enqueue("chat", Reply.auth_error())
    with pytest.raises(AuthError):
        oa.chat.complete(ask())
    assert len(openai_server.requests_for("chat")) == 1


def test_wrong_schema_repair_retry(oa, openai_server):
    openai_server.enqueue("chat", Reply.ok('```json\n{"label": "maybe"}\n```'),
                          Reply.ok('```json\n{"label": "corroborates"}\n```'))
    result = oa.chat.complete(ask())
    assert result.data == {"label": "corroborates"}
    repair = openai_server.requests_for("chat")[1].body["messages"]
    assert "label: 'maybe' is not one of" in repair[-1]["content"]
    openai_server.enqueue("chat", Reply.json({"label": "maybe"}), Reply.json({"label": "nope"}))
    with pytest.raises(InvalidResponse):
        oa.chat.complete(ask())


def test_embeddings(oa, openai_server):
    vectors = oa.embedder.embed([f"t{i}" for i in range(40)])
    assert vectors.shape == (40, 64)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert [len(r.body["input"]) for r in openai_server.requests_for("embed")] == [32, 8]
    assert oa.embedder.model_id == "openai_compat:bge-m3:64"
    assert oa.embedder.uses_network is False  # a server on this machine


def test_wrong_embedding_dimension_is_invalid(build, openai_server):
    providers = build(embedding_provider="openai_compat", openai_base_url=openai_server.base_url,
                      embedding_model="bge-m3", embedding_dim=32)  # the server answers 64
    with pytest.raises(InvalidResponse, match="shape"):
        providers.embedder.embed(["x"])
