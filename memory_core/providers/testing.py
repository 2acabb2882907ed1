"""Local fake provider servers for tests: DashScope and OpenAI-compatible wire formats.

A :class:`FakeProviderServer` is a stdlib ``http.server`` on ``127.0.0.1`` (random port) in a
daemon thread. Tests point the real clients at it (the ``dashscope`` SDK through
``providers.dashscope_base_url`` / ``base_address``, httpx through ``openai_base_url``), script
replies per endpoint, and read back what was sent. No test needs the network.

    with FakeProviderServer("dashscope") as server:
        server.enqueue("chat", Reply.rate_limited(retry_after=0), Reply.ok('{"a": 1}'))
        cfg.providers.dashscope_base_url = server.base_url
        ...
        assert len(server.requests_for("chat")) == 2

Replies: ``ok(text)``, ``tool_call(name, arguments)``, ``rate_limited(retry_after)``,
``server_error()``, ``auth_error()``, ``timeout(delay_s)``, ``malformed()`` (a 200 whose body
is not JSON), or ``recorded(path)`` to replay a recorded model answer (a JSON file holding
``{"text": ...}`` or the raw Phase 1 JSON). With nothing queued, chat answers
``default_text`` and embeddings return deterministic unit vectors (same text → same vector).
``responder`` may compute a reply from the request body instead of a queue.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROUTES = {
    "dashscope": {"/api/v1/services/aigc/text-generation/generation": "chat",
                  "/api/v1/services/embeddings/text-embedding/text-embedding": "embed"},
    "openai": {"/v1/chat/completions": "chat", "/v1/embeddings": "embed"},
}


@dataclass
class Reply:
    kind: str = "ok"  # ok | tool_call | error | malformed | timeout
    text: str = ""
    status: int = 200
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    retry_after: float | None = None
    delay_s: float = 0.0
    error_code: str = ""
    prompt_tokens: int = 11
    completion_tokens: int = 7

    @classmethod
    def ok(cls, text: str, **kw: Any) -> "Reply":
        return cls("ok", text=text, **kw)

    @classmethod
    def json(cls, data: Any, **kw: Any) -> "Reply":
        return cls("ok", text=json.dumps(data, ensure_ascii=False), **kw)

    @classmethod
    def recorded(cls, path: str | Path) -> "Reply":
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if isinstance(data, dict) and set(data) == {"text"}:
            return cls.ok(data["text"])
        return cls.json(data)

    @classmethod
    def tool_call(cls, name: str, arguments: dict[str, Any], call_id: str = "call_1") -> "Reply":
        return cls("tool_call", tool_calls=[{"id": call_id, "name": name, "arguments": arguments}])

    @classmethod
    def rate_limited(cls, retry_after: float | None = 0.0) -> "Reply":
        return cls("error", status=429, retry_after=retry_after, error_code="Throttling.RateQuota",
                   text="Requests rate limit exceeded, please try again later.")

    @classmethod
    def server_error(cls, status: int = 500) -> "Reply":
        return cls("error", status=status, error_code="InternalError",
                   text="An internal error has occured, please try again later.")

    @classmethod
    def auth_error(cls) -> "Reply":
        return cls("error", status=401, error_code="InvalidApiKey", text="Invalid API-key provided.")

    @classmethod
    def timeout(cls, delay_s: float = 2.0) -> "Reply":
        return cls("timeout", delay_s=delay_s, text="too late")

    @classmethod
    def malformed(cls) -> "Reply":
        return cls("malformed")


@dataclass
class RecordedRequest:
    endpoint: str  # chat | embed
    path: str
    headers: dict[str, str]
    body: Any


def fake_vector(text: str, dim: int) -> list[float]:
    seed = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "little")
    vec = np.random.default_rng(seed).standard_normal(dim)
    return (vec / np.linalg.norm(vec)).round(6).tolist()


class FakeProviderServer:
    def __init__(self, wire: str, *, default_text: str = "ok", default_dim: int = 1024) -> None:
        if wire not in ROUTES:
            raise ValueError(f"wire must be one of {sorted(ROUTES)}")
        self.wire = wire
        self.default_text = default_text
        self.default_dim = default_dim
        self.requests: list[RecordedRequest] = []
        self.responder: Callable[[str, Any], Reply | None] | None = None
        self._queues: dict[str, list[Reply]] = {"chat": [], "embed": []}
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -----------------------------------------------------------------------------

    def start(self) -> "FakeProviderServer":
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server API
                server._handle(self)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.02,),
                                        name="fake-provider", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> "FakeProviderServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        """DashScope: ``http://127.0.0.1:PORT/api/v1``; OpenAI: ``http://127.0.0.1:PORT/v1``."""
        return f"http://127.0.0.1:{self.port}" + ("/api/v1" if self.wire == "dashscope" else "/v1")

    # -- scripting -----------------------------------------------------------------------------

    def enqueue(self, endpoint: str, *replies: Reply) -> None:
        with self._lock:
            self._queues[endpoint].extend(replies)

    def requests_for(self, endpoint: str) -> list[RecordedRequest]:
        with self._lock:
            return [r for r in self.requests if r.endpoint == endpoint]

    # -- serving -------------------------------------------------------------------------------

    def _next_reply(self, endpoint: str, body: Any) -> Reply:
        if self.responder is not None:
            reply = self.responder(endpoint, body)
            if reply is not None:
                return reply
        with self._lock:
            if self._queues[endpoint]:
                return self._queues[endpoint].pop(0)
        return Reply.ok(self.default_text)

    def _handle(self, h: BaseHTTPRequestHandler) -> None:
        path = h.path.split("?", 1)[0]
        endpoint = ROUTES[self.wire].get(path)
        length = int(h.headers.get("Content-Length") or 0)
        raw = h.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            body = {"_unparsed": raw.decode("utf-8", "replace")}
        with self._lock:
            self.requests.append(RecordedRequest(endpoint or "unknown", path, dict(h.headers), body))
        if endpoint is None:
            self._send(h, 404, {"message": f"no route {path}"})
            return
        reply = self._next_reply(endpoint, body)
        if reply.kind == "timeout":
            self._stopping.wait(reply.delay_s)
        if reply.kind == "malformed":
            self._send_raw(h, 200, b'{"output": {"choices": [ truncated', "application/json")
            return
        if reply.kind == "error":
            headers = {} if reply.retry_after is None else {"Retry-After": f"{reply.retry_after:g}"}
            self._send(h, reply.status, self._error_body(reply), headers)
            return
        if endpoint == "embed":
            self._send(h, 200, self._embed_body(body))
            return
        if self.wire == "dashscope" and h.headers.get("X-DashScope-SSE") == "enable":
            self._send_sse(h, reply)
            return
        self._send(h, 200, self._chat_body(reply, body))

    def _error_body(self, reply: Reply) -> dict[str, Any]:
        if self.wire == "dashscope":
            return {"code": reply.error_code, "message": reply.text, "request_id": "fake-req"}
        return {"error": {"message": reply.text, "type": reply.error_code, "code": reply.status}}

    def _tool_calls_wire(self, reply: Reply) -> list[dict[str, Any]]:
        return [{"id": t["id"], "type": "function", "index": i,
                 "function": {"name": t["name"],
                              "arguments": json.dumps(t["arguments"], ensure_ascii=False)}}
                for i, t in enumerate(reply.tool_calls)]

    def _chat_body(self, reply: Reply, body: Any) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": reply.text}
        finish = "stop"
        if reply.tool_calls:
            message["tool_calls"] = self._tool_calls_wire(reply)
            finish = "tool_calls"
        model = body.get("model", "fake-model") if isinstance(body, dict) else "fake-model"
        if self.wire == "dashscope":
            return {"request_id": "fake-req", "output": {"choices": [
                        {"finish_reason": finish, "message": message}]},
                    "usage": {"input_tokens": reply.prompt_tokens,
                              "output_tokens": reply.completion_tokens,
                              "total_tokens": reply.prompt_tokens + reply.completion_tokens}}
        return {"id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
                "model": model, "choices": [{"index": 0, "message": message,
                                             "finish_reason": finish}],
                "usage": {"prompt_tokens": reply.prompt_tokens,
                          "completion_tokens": reply.completion_tokens,
                          "total_tokens": reply.prompt_tokens + reply.completion_tokens}}

    def _embed_body(self, body: Any) -> dict[str, Any]:
        if self.wire == "dashscope":
            texts = body.get("input", {}).get("texts", [])
            dim = int(body.get("parameters", {}).get("dimension") or self.default_dim)
            return {"request_id": "fake-req", "output": {"embeddings": [
                        {"text_index": i, "embedding": fake_vector(t, dim)}
                        for i, t in enumerate(texts)]},
                    "usage": {"total_tokens": sum(len(t) for t in texts)}}
        texts = body.get("input", [])
        texts = [texts] if isinstance(texts, str) else texts
        dim = int(body.get("dimensions") or self.default_dim)
        return {"object": "list", "model": body.get("model", "fake"),
                "data": [{"object": "embedding", "index": i, "embedding": fake_vector(t, dim)}
                         for i, t in enumerate(texts)],
                "usage": {"prompt_tokens": sum(len(t) for t in texts),
                          "total_tokens": sum(len(t) for t in texts)}}

    def _send_sse(self, h: BaseHTTPRequestHandler, reply: Reply) -> None:
        """DashScope streaming (thinking mode): reasoning first, then the answer in pieces."""
        chunks: list[dict[str, Any]] = [{"role": "assistant", "content": "",
                                         "reasoning_content": "thinking about it. "}]
        text = reply.text
        for i in range(0, max(len(text), 1), 8):
            chunks.append({"role": "assistant", "content": text[i:i + 8], "reasoning_content": ""})
        if reply.tool_calls:
            for i, call in enumerate(self._tool_calls_wire(reply)):
                args = call["function"]["arguments"]
                half = len(args) // 2
                chunks.append({"role": "assistant", "content": "", "tool_calls": [
                    {"index": i, "id": call["id"], "type": "function",
                     "function": {"name": call["function"]["name"], "arguments": args[:half]}}]})
                chunks.append({"role": "assistant", "content": "", "tool_calls": [
                    {"index": i, "type": "function", "function": {"arguments": args[half:]}}]})
        events = []
        for n, msg in enumerate(chunks, 1):
            last = n == len(chunks)
            data = {"output": {"choices": [{"message": msg, "finish_reason":
                                            ("tool_calls" if reply.tool_calls else "stop")
                                            if last else "null"}]},
                    "usage": {"input_tokens": reply.prompt_tokens,
                              "output_tokens": reply.completion_tokens if last else n,
                              "total_tokens": reply.prompt_tokens + reply.completion_tokens},
                    "request_id": "fake-req"}
            events.append(f"id:{n}\nevent:result\n:HTTP_STATUS/200\n"
                          f"data:{json.dumps(data, ensure_ascii=False)}\n\n")
        self._send_raw(h, 200, "".join(events).encode("utf-8"), "text/event-stream;charset=UTF-8")

    def _send(self, h: BaseHTTPRequestHandler, status: int, payload: Any,
              headers: dict[str, str] | None = None) -> None:
        self._send_raw(h, status, json.dumps(payload, ensure_ascii=False).encode("utf-8"),
                       "application/json", headers)

    @staticmethod
    def _send_raw(h: BaseHTTPRequestHandler, status: int, data: bytes, ctype: str,
                  headers: dict[str, str] | None = None) -> None:
        try:
            h.send_response(status)
            h.send_header("Content-Type", ctype)
            h.send_header("Content-Length", str(len(data)))
            for k, v in (headers or {}).items():
                h.send_header(k, v)
            h.end_headers()
            h.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout tests)
