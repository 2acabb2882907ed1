"""An OpenAI-compatible server (Ollama, llama.cpp server, vLLM, LM Studio) through httpx.

``POST {base_url}/chat/completions`` (JSON mode via ``response_format: json_object``, tools)
and ``POST {base_url}/embeddings``. The base URL includes the version prefix, as these servers
document it: ``http://127.0.0.1:11434/v1``. The key is optional (local servers need none) and
only ever sent as the ``Authorization`` header. One attempt per call; errors are typed.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

import httpx
import numpy as np

from .backend import BackendChatCall
from .secrets import redact
from .chat import (AuthError, ChatMessage, ChatResult, MalformedResponse,
                   ProviderError, ProviderTimeout, RateLimited, ServerError,
                   parse_tool_calls)

NAME = "openai_compat"
EMBED_BATCH = 32


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


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def _error_text(response: httpx.Response) -> str:
    try:
        body = response.json()
        err = body.get("error", body) if isinstance(body, dict) else body
        msg = err.get("message", "") if isinstance(err, dict) else str(err)
    except ValueError:
        msg = response.text
    return redact(f"{NAME} {response.status_code}: {str(msg)[:200]}")


def raise_for_status(response: httpx.Response) -> None:
    status = response.status_code
    if status < 400:
        return
    text = _error_text(response)
    if status == 429:
        raise RateLimited(text, retry_after=_retry_after(response), provider=NAME, status=status)
    if status in (401, 403):
        raise AuthError(text, provider=NAME, status=status)
    if status in (408, 504):
        raise ProviderTimeout(text, provider=NAME, status=status)
    if status >= 500:
        raise ServerError(text, provider=NAME, status=status)
    raise ProviderError(text, provider=NAME, status=status)


class _Client:
    """One httpx client per backend (connection reuse); errors mapped to typed ones."""

    def __init__(self, base_url: str, api_key: str | None) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ValueError(f"providers.openai_base_url: {base_url!r} is not an http(s) URL")
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.base_url = base_url.rstrip("/")
        self._http = httpx.Client(base_url=self.base_url, headers=headers)

    def post(self, path: str, payload: dict[str, Any], timeout_s: float) -> Any:
        try:
            response = self._http.post(path, json=payload, timeout=timeout_s)
        except httpx.TimeoutException as exc:
            raise ProviderTimeout(f"{NAME} request timed out ({type(exc).__name__})",
                                  provider=NAME) from None
        except httpx.TransportError as exc:
            raise ServerError(f"{NAME} connection failed ({type(exc).__name__})",
                              provider=NAME) from None
        raise_for_status(response)
        try:
            return response.json()
        except ValueError:
            raise MalformedResponse(f"{NAME} body is not valid JSON", provider=NAME) from None

    def close(self) -> None:
        self._http.close()


class OpenAICompatChat:
    name = NAME

    def __init__(self, *, base_url: str, api_key: str | None = None) -> None:
        self._client = _Client(base_url, api_key)
        host = httpx.URL(self._client.base_url).host
        #: a server on this machine keeps the data here (the privacy ledger says so)
        self.uses_network = host not in ("127.0.0.1", "localhost", "::1")

    def __repr__(self) -> str:
        return f"OpenAICompatChat(base_url={self._client.base_url!r})"

    def chat(self, call: BackendChatCall, timeout_s: float) -> ChatResult:
        payload: dict[str, Any] = {"model": call.model,
                                   "messages": [_message_wire(m) for m in call.messages]}
        if call.tools:
            payload["tools"] = list(call.tools)
        elif call.json_mode:
            payload["response_format"] = {"type": "json_object"}
        if call.max_tokens is not None:
            payload["max_tokens"] = call.max_tokens
        if call.temperature is not None:
            payload["temperature"] = call.temperature
        body = self._client.post("/chat/completions", payload, timeout_s)
        try:
            message = body["choices"][0]["message"]
        except (TypeError, KeyError, IndexError):
            raise MalformedResponse(f"{NAME} response has no choices[0].message",
                                    provider=NAME) from None
        usage = body.get("usage") or {}
        return ChatResult(text=message.get("content") or "",
                          tool_calls=parse_tool_calls(message.get("tool_calls"), provider=NAME),
                          model=body.get("model") or call.model, provider=NAME,
                          prompt_tokens=int(usage.get("prompt_tokens") or 0),
                          completion_tokens=int(usage.get("completion_tokens") or 0))


class OpenAICompatEmbeddingBackend:
    name = NAME
    batch_limit = EMBED_BATCH

    def __init__(self, *, base_url: str, model: str, dim: int, api_key: str | None = None) -> None:
        if dim <= 0:
            raise ValueError("providers.embedding_dim: required (> 0) for openai_compat embeddings")
        self._client = _Client(base_url, api_key)
        self.model = model
        self.dim = dim
        host = httpx.URL(self._client.base_url).host
        self.uses_network = host not in ("127.0.0.1", "localhost", "::1")

    def embed_batch(self, texts: Sequence[str], timeout_s: float) -> tuple[np.ndarray, int]:
        body = self._client.post("/embeddings", {"model": self.model, "input": list(texts)},
                                 timeout_s)
        try:
            items = sorted(body["data"], key=lambda d: int(d.get("index", 0)))
            vectors = np.asarray([d["embedding"] for d in items], dtype=np.float32)
        except (TypeError, KeyError, ValueError):
            raise MalformedResponse(f"{NAME} embedding response malformed", provider=NAME) from None
        tokens = int((body.get("usage") or {}).get("prompt_tokens") or 0)
        return vectors, tokens
