"""The MEMORY_SUMMARIZER prompt for window and thematic summaries, and its output schema.

The model sees the compressed events (never the whole window) plus the per-source totals, so it
can say "800 page visits" while reading 33 of them. Hour windows run without reasoning (speed),
day and longer with it (design; ``policy.SUMMARY_REASONING``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Sequence

from ..policy import SUMMARY_REASONING, Tier
from ..providers.chat import ChatMessage, ChatRequest
from .compression import Compression
from .extractive import SOURCE_LABELS, clip, window_label
from .records import WindowEvent

SUMMARY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string"},
        "summary": {"type": "string"},
        "highlights": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["title", "summary"],
}

SYSTEM_PROMPT = (
    "You write a person's own activity summary for their long-term memory. You get the totals "
    "per source for a time window and a representative sample of the events. Write a short "
    "title and a summary of what the person was busy with: main activities and topics, "
    "projects, conversations, notable changes. Mention every source that appears, even small "
    "ones. Use only what the events say; do not invent. Write in the language most events use.")

_EVENT_CHARS = 220


def render_events(events: Sequence[WindowEvent]) -> str:
    lines = []
    for e in events:
        t = datetime.fromtimestamp(e.occurred_at).astimezone().strftime("%m-%d %H:%M")
        lines.append(f"[{t}] ({e.source_key}) {clip(e.content, _EVENT_CHARS)}")
    return "\n".join(lines)


def summary_request(granularity: str | None, start: float, end: float, comp: Compression, *,
                    theme: str | None = None) -> ChatRequest:
    totals = ", ".join(f"{SOURCE_LABELS.get(k, k)}: {n} events ({comp.quotas.get(k, 0)} shown)"
                       for k, n in sorted(comp.counts.items(), key=lambda kv: -kv[1]))
    scope = f"Theme: {theme}\n" if theme else ""
    user = (f"Window ({granularity or 'custom'}): {window_label(granularity, start, end)}\n{scope}"
            f"Totals: {totals}\n\nEvents:\n{render_events(comp.selected)}")
    thinking = SUMMARY_REASONING.get(granularity or "day", True)
    return ChatRequest(tier=Tier.MEMORY_SUMMARIZER,
                       messages=[ChatMessage("system", SYSTEM_PROMPT), ChatMessage("user", user)],
                       json_schema=SUMMARY_SCHEMA, enable_thinking=thinking, temperature=0.3,
                       max_tokens=900, trigger=f"summary_{granularity or 'custom'}")


def parse_summary(data: Any) -> tuple[str, str]:
    """(title, body) from the schema-validated JSON."""
    if not isinstance(data, dict) or not str(data.get("summary") or "").strip():
        raise ValueError("summary JSON lacks a 'summary' text")
    title = str(data.get("title") or "").strip() or "Summary"
    body = str(data["summary"]).strip()
    highlights = [str(h).strip() for h in (data.get("highlights") or []) if str(h).strip()]
    if highlights:
        body += "\n" + "\n".join(f"• {h}" for h in highlights[:10])
    return title[:200], body
