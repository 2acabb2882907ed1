"""The chat agent: answers with ``memory_query`` as its tool, and remembers the conversation.

Each turn: the user's message is ingested as a chat event (so memory sees the conversation, and
fact modes know to filter it out), then

* with a chat provider available (``engine.providers.chat.available(CORE_REASONING)``), the LLM
  gets the retrieval layer's ``memory_query`` tool schema and may call it (up to
  ``MAX_TOOL_ROUNDS`` times); every package it saw is kept for the trace;
* offline, the agent calls ``memory_query`` itself and answers from the package with a template
  that states how strong the evidence is (``answer_template``).

The reply is ingested as an assistant chat event whose payload carries the event ids of the
findings it used (``finding_event_ids``; kept in ``metadata_json.raw``), so the link from an
answer to its evidence survives a restart. Runs on the engine host's loop; the sync provider
call goes to a worker thread.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from memory_core.ids import new_ulid
from memory_core.policy import QueryMode, Tier

from .answer_template import (answer_language, compose_offline_answer, finding_event_ids, findings,
                              overall_strength, package_dict)

log = logging.getLogger(__name__)

MAX_TOOL_ROUNDS = 3
HISTORY_TURNS = 6
SYSTEM_PROMPT = (
    "You are Magi, a desktop assistant with a long-term memory. Use the memory_query tool to look "
    "up what the user told you or did before; answer only from its findings, cite them as [n], "
    "say plainly when the evidence is weak or missing, and never guess.")
#: the answer's language is the question's (a Chinese question got an English answer)
LANGUAGE_RULE = {"zh": " The user wrote in Chinese: answer in Simplified Chinese (简体中文).",
                 "en": " Answer in the language of the user's question."}


def system_prompt(question: str) -> str:
    """The LLM's instructions for this question, with the language to answer in."""
    return SYSTEM_PROMPT + LANGUAGE_RULE[answer_language(question)]


def finding_key(f: dict[str, Any]) -> tuple[Any, ...]:
    """One finding's identity (layer, kind, row): an assertion and the edge it mirrors cite one
    event but are two findings."""
    return (f.get("layer"), f.get("kind"), f.get("hit_id") or f.get("event_id"))


@dataclass
class AgentAnswer:
    session_id: str
    question: str
    text: str
    finding_ids: list[str]
    findings: list[dict[str, Any]]
    strength: str
    used_llm: bool
    query_mode: str | None = None
    packages: list[dict[str, Any]] = field(default_factory=list)
    user_event_id: str | None = None
    assistant_event_id: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def package(self) -> dict[str, Any]:
        return self.packages[-1] if self.packages else {}


def tool_schema() -> dict[str, Any]:
    """The memory_query tool definition published by the retrieval layer (OpenAI style)."""
    import importlib

    for mod_name, attr in (("memory_core.retrieval.tool", "openai_tool"),
                           ("memory_core.retrieval.tool", "MEMORY_QUERY_TOOL"),
                           ("memory_core.retrieval.tool", "tool_schema"),
                           ("memory_core.retrieval.tool_schema", "MEMORY_QUERY_TOOL"),
                           ("memory_core.retrieval.tool_schema", "tool_schema"),
                           ("memory_core.retrieval", "MEMORY_QUERY_TOOL")):
        try:
            mod = importlib.import_module(mod_name)
        except ModuleNotFoundError:
            continue
        value = getattr(mod, attr, None)
        if callable(value):
            value = value()
        if isinstance(value, dict):
            return value
    # the documented shape (design: query + query_mode chosen by the LLM)
    return {"type": "function", "function": {
        "name": "memory_query",
        "description": "Search the user's long-term memory. Pick query_mode for the question.",
        "parameters": {"type": "object", "properties": {
            "query": {"type": "string"},
            "query_mode": {"type": "string", "enum": [m.value for m in QueryMode]}},
            "required": ["query"]}}}


class ChatAgent:
    def __init__(self, engine: Any, *, session_id: str | None = None) -> None:
        self.engine = engine
        self.session_id = session_id or f"desktop-{new_ulid(engine.clock.now())}"
        self.history: list[tuple[str, str]] = []

    def llm_available(self) -> bool:
        chat = getattr(self.engine.providers, "chat", None)
        try:
            return bool(chat is not None and chat.available(Tier.CORE_REASONING))
        except Exception:  # noqa: BLE001 - a broken router means offline
            return False

    async def _ingest_message(self, role: str, content: str, **extra: Any) -> str | None:
        now = self.engine.clock.now()
        payload = {"type": "chat", "session_id": self.session_id, "role": role, "content": content,
                   "occurred_at": now, "message_id": f"{self.session_id}:{new_ulid(now)}", **extra}
        result = await self.engine.ingest(payload)
        return result.event_ids[0] if result.event_ids else None

    async def _query(self, text: str, mode: str | None = None, *, asked: str | None = None,
                     **kwargs: Any) -> dict[str, Any]:
        """``asked``: the event id of the message being answered, never its own evidence."""
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        package = await self.engine.query(text, mode, now=self.engine.clock.now() + 1,
                                          exclude_event_ids=[asked] if asked else [], **kwargs)
        return package_dict(package)

    async def ask(self, text: str, *, query_mode: str | None = None) -> AgentAnswer:
        text = text.strip()
        if not text:
            raise ValueError("message: empty")
        user_event = await self._ingest_message("user", text)
        answer = AgentAnswer(self.session_id, text, "", [], [], "none", False, user_event_id=user_event)
        if user_event is None:
            answer.notes.append("memory capture is paused: this message was not remembered")
        if self.llm_available():
            try:
                await self._answer_with_llm(text, answer, user_event)
            except Exception as exc:  # noqa: BLE001 - fall back to the offline answer, say why
                log.warning("LLM answer failed, answering offline: %s", exc)
                answer.notes.append(f"LLM unavailable ({type(exc).__name__}); answered offline")
                answer.used_llm = False
        if not answer.text:
            package = await self._query(text, query_mode, asked=user_event)
            answer.packages.append(package)
            answer.text = compose_offline_answer(package)
        self._collect(answer)
        answer.assistant_event_id = await self._ingest_message(
            "assistant", answer.text, finding_event_ids=answer.finding_ids,
            evidence_strength=answer.strength, answered_by="llm" if answer.used_llm else "template")
        self.history.append(("user", text))
        self.history.append(("assistant", answer.text))
        return answer

    def _collect(self, answer: AgentAnswer) -> None:
        """The findings the chat links, numbered like the answer text: every package's findings
        in order, each once. Keyed by the finding itself (layer, kind, row), not by its event:
        an assertion and the edge it mirrors cite one event, and folding them made the links'
        [2] another finding than the text's [2]."""
        seen: list[str] = []
        keys: set[tuple[Any, ...]] = set()
        found: list[dict[str, Any]] = []
        for package in answer.packages:
            for f in findings(package):
                key = finding_key(f)
                if key not in keys:
                    keys.add(key)
                    found.append(f)
                eid = f.get("event_id")
                if eid and eid not in seen:
                    seen.append(eid)
            for eid in finding_event_ids(package):
                if eid not in seen:
                    seen.append(eid)
        answer.finding_ids = seen
        answer.findings = found
        if answer.packages:
            best = max(answer.packages, key=lambda p: {"strong": 3, "moderate": 2, "weak": 1}.get(
                overall_strength(p), 0))
            answer.strength = overall_strength(best)
            answer.query_mode = best.get("query_mode")

    async def _answer_with_llm(self, text: str, answer: AgentAnswer, asked: str | None) -> None:
        from memory_core.providers.chat import ChatMessage, ChatRequest

        chat = self.engine.providers.chat
        messages = [ChatMessage("system", system_prompt(text))]
        for role, content in self.history[-HISTORY_TURNS:]:
            messages.append(ChatMessage(role, content))
        messages.append(ChatMessage("user", text))
        tools = [tool_schema()]
        loop = asyncio.get_running_loop()
        for _round in range(MAX_TOOL_ROUNDS + 1):
            request = ChatRequest(tier=Tier.CORE_REASONING, messages=messages,
                                  tools=tools if _round < MAX_TOOL_ROUNDS else None, trigger="chat")
            result = await loop.run_in_executor(None, chat.complete, request)
            if not result.tool_calls:
                answer.text = result.text.strip()
                answer.used_llm = True
                return
            messages.append(ChatMessage("assistant", result.text or "", tool_calls=list(result.tool_calls)))
            for call in result.tool_calls:
                try:
                    from memory_core.retrieval.tool import validate_arguments

                    args = validate_arguments(call.arguments or {})
                except ImportError:
                    args = dict(call.arguments or {})
                except Exception as exc:  # noqa: BLE001 - a bad tool call is answered, not fatal
                    messages.append(ChatMessage("tool", json.dumps({"error": str(exc)}), tool_call_id=call.id,
                                                name=call.name))
                    continue
                package = await self._query(str(args.get("query") or text), args.get("query_mode"),
                                            asked=asked, time_range=args.get("time_range"),
                                            filters=args.get("filters"))
                answer.packages.append(package)
                self._collect(answer)  # the [n] the LLM sees are the chat's link numbers
                numbers = {finding_key(f): i for i, f in enumerate(answer.findings, start=1)}
                messages.append(ChatMessage("tool", json.dumps(_tool_result(package, numbers), ensure_ascii=False),
                                            tool_call_id=call.id, name=call.name))


def _tool_result(package: dict[str, Any], numbers: dict[tuple[Any, ...], int] | None = None) -> dict[str, Any]:
    """What the LLM sees of a package: the answer-facing fields, findings numbered as the chat
    links them (``numbers``: across every tool call of the answer; a second call's findings
    used to restart at 1, so the LLM's [1] was another finding than the link [1])."""
    out = {k: package.get(k) for k in ("status", "query_mode", "summary", "insufficient_evidence",
                                        "answering_hints", "entity_refs") if k in package}
    out["findings"] = [{"n": (numbers or {}).get(finding_key(f), i + 1),
                        **{k: f.get(k) for k in ("event_id", "content", "occurred_at",
                                                 "author_type", "evidence_strength")}}
                       for i, f in enumerate(findings(package))]
    return out
