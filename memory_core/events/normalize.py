"""Normalisers: raw payloads (chat messages, tool results, plugin reports) → ``MemoryEvent``.

Two input shapes (the CLI's JSONL contract):

* plugin payload: ``source_type, source_item_id, occurred_at, activity{source_code, action_code,
  object_code}, provenance{…}, entities[{mention_text, entity_type}], tags[…]``
* chat message: ``{"type": "chat", session_id, role: user|assistant|tool, content, occurred_at,
  message_id}``; a ``user`` line may name its ``speaker`` — a person other than the user (a
  friend in an imported group chat): the text is rendered "Speaker: text" and what it states is
  attributed to that person's entity, never to the user (a pasted "Name: text" line without
  ``speaker`` is read the same way when Name is a person's: ``speaker_prefix``); a ``tool`` message may add ``tool_name, success, duration_ms, input, output,
  category, error`` and becomes an ActionExecuted event for L4.

Plus ``{"type": "runtime_log", …}`` (routed to the runtime trace, never L1).
Validation happens completely before anything is written; the first problem raises
:class:`PayloadError` naming its field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..governance.routing import govern
from ..ids import short_hash
from ..policy import ENTITY_TYPES, AuthorType, ContentType, EventType
from .errors import PayloadError
from .fields import (get_path, optional_bool, optional_number, optional_str, optional_str_list,
                     parse_timestamp, require_mapping, require_str)
from .model import Activity, EntityHint, MemoryEvent, ToolExecution
from .payload_limits import check_payload
from .sources import SOURCES, render
from .speaker_prefix import speaker_of

CHAT_SOURCE = "chat"
_ROLES = {"user": AuthorType.USER, "assistant": AuthorType.ASSISTANT, "tool": AuthorType.SYSTEM}
MAX_CONTENT_CHARS = 100_000
#: a speaker is someone other than the user: these name the user or nobody
_NOT_SPEAKERS = frozenset({"user", "me", "i", "myself", "assistant", "system", "tool", "我", "用户", "助手"})


def normalize(payload: Any, *, locale: str = "bilingual") -> MemoryEvent:
    if type(payload) is not dict and not isinstance(payload, Mapping):
        raise PayloadError("<payload>", f"expected a JSON object, got {type(payload).__name__}")
    check_payload(payload)  # surrogates, depth, sizes: before anything can fail later
    kind = payload.get("type")
    if kind == "chat":
        return normalize_chat(payload)
    if kind == "runtime_log":
        return normalize_runtime_log(payload)
    if kind is not None and "source_type" not in payload:
        raise PayloadError("type", f"unknown payload type {kind!r} (expected 'chat', 'runtime_log' "
                                   "or a plugin payload with source_type)")
    return normalize_plugin(payload, locale=locale)


def normalize_chat(payload: Mapping[str, Any]) -> MemoryEvent:
    session_id = require_str(payload, "session_id", max_len=200)
    role = require_str(payload, "role", max_len=20)
    if role not in _ROLES:
        raise PayloadError("role", f"expected one of user, assistant, tool; got {role!r}")
    content = require_str(payload, "content", max_len=MAX_CONTENT_CHARS)
    occurred_at = parse_timestamp(payload.get("occurred_at"), "occurred_at")
    message_id = optional_str(payload, "message_id", max_len=300)
    user_id = optional_str(payload, "user_id", max_len=200) or "local_user"
    speaker = optional_str(payload, "speaker", max_len=100)
    if speaker is not None:
        speaker = " ".join(speaker.split())
        if role != "user":
            raise PayloadError("speaker", "only a 'user' line has a speaker (a person other than the user)")
        if not speaker or speaker.lower() in _NOT_SPEAKERS:
            raise PayloadError("speaker", f"expected the name of a person other than the user, got {speaker!r}")
        if not content.lower().startswith(speaker.lower() + ":"):
            content = f"{speaker}: {content}"  # the memory renders who said it
    elif role == "user":
        speaker = speaker_of(content)  # a pasted "Jenna: I just started at Pixar" is Jenna's line
    key = message_id or f"{session_id}:{role}:{occurred_at:.3f}:{short_hash(content)}"

    tool: ToolExecution | None = None
    if role == "tool":
        tool_name = optional_str(payload, "tool_name", max_len=200) or "unknown_tool"
        success = optional_bool(payload, "success")
        duration = optional_number(payload, "duration_ms")
        if duration is not None and duration < 0:
            raise PayloadError("duration_ms", "negative duration")
        tool = ToolExecution(
            tool_name=tool_name,
            category=optional_str(payload, "category", max_len=200) or "general",
            success=True if success is None else success,
            duration_ms=duration,
            input_text=_as_text(payload.get("input"), "input"),
            output_text=_as_text(payload.get("output"), "output") or content,
            error=optional_str(payload, "error", max_len=5000),
        )
    event = MemoryEvent(
        occurred_at=occurred_at,
        event_type=EventType.ACTION_EXECUTED if tool else EventType.CHAT_MESSAGE,
        source=CHAT_SOURCE,
        source_item_id=message_id or key,
        content=content,
        author_type=_ROLES[role],
        content_type={"user": ContentType.UTTERANCE, "assistant": ContentType.GENERATED,
                      "tool": ContentType.TOOL_OUTPUT}[role],
        session_id=session_id,
        user_id=user_id,
        role=role,
        speaker=speaker,
        tags=tuple(optional_str_list(payload, "tags")),
        tool=tool,
        l2_batch_owner=session_id,
        raw={k: v for k, v in payload.items() if k != "content"},
        idempotency_key=key,
    )
    return govern(event)


def normalize_runtime_log(payload: Mapping[str, Any]) -> MemoryEvent:
    content = require_str(payload, "content", max_len=MAX_CONTENT_CHARS)
    occurred_at = parse_timestamp(payload.get("occurred_at"), "occurred_at")
    source = optional_str(payload, "source", max_len=100) or "runtime"
    event = MemoryEvent(
        occurred_at=occurred_at, event_type=EventType.RUNTIME_LOG, source=source,
        source_item_id=optional_str(payload, "log_id", max_len=300) or short_hash(
            f"{source}:{occurred_at}:{content}"),
        content=content, author_type=AuthorType.SYSTEM, content_type=ContentType.LOG,
        session_id=optional_str(payload, "session_id", max_len=200),
        raw={k: v for k, v in payload.items() if k != "content"})
    event.idempotency_key = event.source_item_id
    return govern(event)


def normalize_plugin(payload: Mapping[str, Any], *, locale: str = "bilingual") -> MemoryEvent:
    source_type = require_str(payload, "source_type", max_len=100)
    spec = SOURCES.get(source_type)
    if spec is None:
        raise PayloadError("source_type", f"unknown source {source_type!r} "
                                          f"(registered: {', '.join(sorted(SOURCES))})")
    source_item_id = require_str(payload, "source_item_id", max_len=500)
    occurred_at = parse_timestamp(payload.get("occurred_at"), "occurred_at")
    activity_raw = require_mapping(payload, "activity")
    activity = Activity(
        source_code=require_str(payload, "activity.source_code", max_len=100),
        action_code=require_str(payload, "activity.action_code", max_len=100),
        object_code=require_str(payload, "activity.object_code", max_len=100),
    )
    del activity_raw
    if activity.source_code != source_type:
        raise PayloadError("activity.source_code",
                           f"{activity.source_code!r} does not match source_type {source_type!r}")
    provenance = require_mapping(payload, "provenance")
    content = render(spec, activity.action_code, provenance, locale=locale)
    hints = _entity_hints(payload)
    tags = optional_str_list(payload, "tags")
    session_id = optional_str(payload, "session_id", max_len=200)
    batch_owner = optional_str(payload, "l2_batch_owner", max_len=200) or spec.batch_owner or source_type
    event = MemoryEvent(
        occurred_at=occurred_at,
        event_type=EventType.SENSOR_EVENT,
        source=source_type,
        source_item_id=source_item_id,
        content=content,
        author_type=AuthorType.EXTERNAL,
        content_type=ContentType.OBSERVATION,
        session_id=session_id,
        activity=activity,
        tags=tuple(tags),
        entity_hints=tuple(hints),
        l2_batch_owner=batch_owner,
        raw={"provenance": dict(provenance), "tags": tags,
             **{k: v for k, v in payload.items()
                if k not in ("provenance", "activity", "entities", "tags")}},
        idempotency_key=source_item_id,
    )
    return govern(event, source_retention=spec.retention)


def _entity_hints(payload: Mapping[str, Any]) -> list[EntityHint]:
    raw = get_path(payload, "entities")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise PayloadError("entities", f"expected a list, got {type(raw).__name__}")
    hints = []
    for i, item in enumerate(raw[:50]):
        if type(item) is not dict and not isinstance(item, Mapping):
            raise PayloadError(f"entities[{i}]", "expected an object")
        mention = item.get("mention_text")
        if not isinstance(mention, str) or not mention.strip():
            raise PayloadError(f"entities[{i}].mention_text", "missing or not text")
        mention = mention.strip()[:500]
        etype = item.get("entity_type")
        if not isinstance(etype, str) or not etype.strip():
            raise PayloadError(f"entities[{i}].entity_type", "missing")
        etype = etype.strip().lower()
        if etype not in ENTITY_TYPES:
            etype = "other"
        hints.append(EntityHint(mention, etype))
    return hints


def _as_text(value: Any, field: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value[:20_000]
    try:
        return json.dumps(value, ensure_ascii=False)[:20_000]
    except (TypeError, ValueError):
        raise PayloadError(field, "not JSON-serialisable") from None
