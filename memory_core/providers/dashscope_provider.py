"""DashScope (Qwen generation, text-embedding-v3) through the official ``dashscope`` SDK.

One attempt per call; failures become the typed errors of ``providers/chat.py`` (the SDK
returns HTTP errors as responses with a status code, and raises ``requests`` exceptions for
transport failures). The key is passed per call (``api_key=``) and the base URL per call
(``base_address=``), never through the SDK's module globals, so two configurations (or a test
and the app) cannot leak into each other and the SDK never reads ``~/.dashscope``.

Thinking mode (``enable_thinking``, CORE_REASONING and the day+ summariser) is only served as a
stream by DashScope, and JSON mode is not available with it; in that case the request streams,
the chunks are assembled here, and JSON is enforced by the schema instruction + validation +
repair in the router instead of ``response_format``.
"""

from __future__ import annotations

import json
import logging
from typing import Any, Sequence

import numpy as np

from ..policy import DASHSCOPE_EMBED_BATCH
from .backend import BackendChatCall
from .secrets import redact
from .chat import (AuthError, ChatMessage, ChatResult, MalformedResponse,
                   ProviderError, ProviderTimeout, RateLimited, ServerError,
                   parse_tool_calls)

NAME = "dashscope"
#: The SDK logs whole request bodies (the user's memories) at DEBUG and a traceback at ERROR for
#: every timeout or garbled body, conditions the router already handles, retries and records.
#: Neither belongs in the app's log, so the SDK logger only speaks for failures of its own.
logging.getLogger("dashscope").setLevel(logging.CRITICAL)
#: text-embedding-v3 output dimensions
V3_DIMENSIONS = (1024, 768, 512, 256, 128, 64)


def _message_wire(m: ChatMessage) -> dict[str, Any]:
    out: dict[str, Any] = {"role": m.role, "content": m.content}
    if m.tool_calls:
        out["tool_calls"] = [{"id": t.id, "type": "function",
                              "function": {"name": t.name,
                                           "arguments": json.dumps(t.arguments, ensure_ascii=False)}}
                             for t in m.tool_calls]
    if m.tool_call_id:
        out["tool_call_id"] = m.tool_call_id
    if m.name:
        out["name"] = m.name
    return out


def _retry_after(headers: Any) -> float | None:
    if not headers:
        return None
    for key, value in dict(headers).items():
        if key.lower() == "retry-after":
            try:
                return max(0.0, float(value))
            except (TypeError, ValueError):
                return None
    return None


def raise_for_status(rsp: Any) -> None:
    """Map a DashScope response with a non-200 status to a typed error."""
    status = int(getattr(rsp, "status_code", 0) or 0)
    if status == 200:
        return
    code = getattr(rsp, "code", "") or ""
    message = getattr(rsp, "message", "") or ""
    if isinstance(message, list):
        message = " ".join(str(x) for x in message)
    text = redact(f"DashScope {status} {code}: {str(message)[:200]}")
    if status == 429 or code.startswith("Throttling"):
        raise RateLimited(text, retry_after=_retry_after(getattr(rsp, "headers", None)),
                          provider=NAME, status=status)
    if status in (401, 403) or code in ("InvalidApiKey", "AccessDenied"):
        raise AuthError(text, provider=NAME, status=status)
    if status in (408, 504):
        raise ProviderTimeout(text, provider=NAME, status=status)
    if status >= 500:
        raise ServerError(text, provider=NAME, status=status)
    raise ProviderError(text, provider=NAME, status=status)


def _transport(exc: BaseException) -> ProviderError:
    """requests / SDK exceptions → typed errors (the message never includes headers)."""
    import requests

    if isinstance(exc, requests.exceptions.Timeout):
        return ProviderTimeout(f"DashScope request timed out ({type(exc).__name__})", provider=NAME)
    if isinstance(exc, requests.exceptions.ConnectionError):
        return ServerError(f"DashScope connection failed ({type(exc).__name__})", provider=NAME)
    if isinstance(exc, ValueError):  # includes requests' JSONDecodeError on a garbled body
        return MalformedResponse(f"DashScope body is not valid JSON ({type(exc).__name__})",
                                 provider=NAME)
    return ProviderError(f"DashScope call failed ({type(exc).__name__})", provider=NAME)


class DashScopeChat:
    name = NAME
    uses_network = True

    def __init__(self, *, api_key: str, base_url: str | None = None) -> None:
        self.__key = api_key
        self.base_url = base_url or None

    def __repr__(self) -> str:
        return f"DashScopeChat(base_url={self.base_url!r})"

    def chat(self, call: BackendChatCall, timeout_s: float) -> ChatResult:
        from dashscope import Generation

        kwargs: dict[str, Any] = {
            "model": call.model, "messages": [_message_wire(m) for m in call.messages],
            "api_key": self.__key, "result_format": "message",
            "enable_thinking": bool(call.enable_thinking), "request_timeout": timeout_s,
        }
        if self.base_url:
            kwargs["base_address"] = self.base_url
        if call.tools:
            kwargs["tools"] = list(call.tools)
        if call.max_tokens is not None:
            kwargs["max_tokens"] = call.max_tokens
        if call.temperature is not None:
            kwargs["temperature"] = call.temperature
        if call.enable_thinking:
            kwargs["stream"] = True
            kwargs["incremental_output"] = True
        elif call.json_mode and not call.tools:
            kwargs["response_format"] = {"type": "json_object"}
        try:
            rsp = Generation.call(**kwargs)
            if call.enable_thinking:
                return self._assemble_stream(rsp, call.model)
            raise_for_status(rsp)
            return self._result(rsp, call.model)
        except ProviderError:
            raise
        except Exception as exc:  # noqa: BLE001 - every SDK/transport failure becomes typed
            raise _transport(exc) from None

    @staticmethod
    def _result(rsp: Any, model: str) -> ChatResult:
        try:
            choice = rsp.output["choices"][0]
            message = choice["message"]
        except (TypeError, KeyError, IndexError):
            raise MalformedResponse("DashScope response has no output.choices[0].message",
                                    provider=NAME) from None
        usage = rsp.usage or {}
        return ChatResult(text=message.get("content") or "",
                          tool_calls=parse_tool_calls(message.get("tool_calls"), provider=NAME),
                          model=model, provider=NAME,
                          prompt_tokens=int(usage.get("input_tokens") or 0),
                          completion_tokens=int(usage.get("output_tokens") or 0))

    @staticmethod
    def _assemble_stream(stream: Any, model: str) -> ChatResult:
        text: list[str] = []
        calls: dict[int, dict[str, Any]] = {}
        usage: dict[str, Any] = {}
        for chunk in stream:
            raise_for_status(chunk)
            try:
                message = chunk.output["choices"][0]["message"]
            except (TypeError, KeyError, IndexError):
                raise MalformedResponse("DashScope stream chunk has no message",
                                        provider=NAME) from None
            text.append(message.get("content") or "")
            for tc in message.get("tool_calls") or []:
                slot = calls.setdefault(int(tc.get("index", 0)),
                                        {"id": "", "function": {"name": "", "arguments": ""}})
                slot["id"] = tc.get("id") or slot["id"]
                fn = tc.get("function") or {}
                slot["function"]["name"] += fn.get("name") or ""
                slot["function"]["arguments"] += fn.get("arguments") or ""
            usage = chunk.usage or usage
        return ChatResult(text="".join(text),
                          tool_calls=parse_tool_calls([calls[i] for i in sorted(calls)], provider=NAME),
                          model=model, provider=NAME,
                          prompt_tokens=int(usage.get("input_tokens") or 0),
                          completion_tokens=int(usage.get("output_tokens") or 0))


class DashScopeEmbeddingBackend:
    name = NAME
    uses_network = True
    batch_limit = DASHSCOPE_EMBED_BATCH

    def __init__(self, *, api_key: str, base_url: str | None = None,
                 model: str = "text-embedding-v3", dim: int = 1024) -> None:
        if model == "text-embedding-v3" and dim not in V3_DIMENSIONS:
            raise ValueError(f"providers.embedding_dim: text-embedding-v3 supports "
                             f"{', '.join(map(str, V3_DIMENSIONS))}, not {dim}")
        self.__key = api_key
        self.base_url = base_url or None
        self.model = model
        self.dim = dim

    def __repr__(self) -> str:
        return f"DashScopeEmbeddingBackend(model={self.model!r}, dim={self.dim})"

    def embed_batch(self, texts: Sequence[str], timeout_s: float) -> tuple[np.ndarray, int]:
        if len(texts) > self.batch_limit:
            raise ValueError(f"at most {self.batch_limit} texts per DashScope embedding request")
        from dashscope import TextEmbedding

        kwargs: dict[str, Any] = {"model": self.model, "input": list(texts), "api_key": self.__key,
                                  "dimension": self.dim, "request_timeout": timeout_s}
        if self.base_url:
            kwargs["base_address"] = self.base_url
        try:
            rsp = TextEmbedding.call(**kwargs)
            raise_for_status(rsp)
            items = sorted(rsp.output["embeddings"], key=lambda e: int(e["text_index"]))
            vectors = np.asarray([e["embedding"] for e in items], dtype=np.float32)
        except ProviderError:
            raise
        except (TypeError, KeyError) as exc:
            raise MalformedResponse(f"DashScope embedding response malformed ({type(exc).__name__})",
                                    provider=NAME) from None
        except Exception as exc:  # noqa: BLE001
            raise _transport(exc) from None
        tokens = int((rsp.usage or {}).get("total_tokens") or 0)
        return vectors, tokens
