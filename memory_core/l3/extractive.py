"""The offline summariser: a digest built only from what the events say (no language model).

It is honest about what it is — the first line says "extractive" — and everything in it is
counted or quoted from the window's events: per source the number of events, the most frequent
sites / repositories / apps / artists / tools, a few quoted examples from the kept events, and
the busiest hour or day. Used when no MEMORY_SUMMARIZER provider is available, and to rebuild a
summary immediately when one of its events is deleted.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from datetime import datetime
from typing import Any, Sequence

from .compression import Compression
from .records import WindowEvent, category_of

EXTRACTIVE = "extractive"

GRANULARITY_LABELS = {"hour": ("Hour", "小时总结"), "day": ("Day", "日总结"),
                      "week": ("Week", "周总结"), "month": ("Month", "月总结")}
SOURCE_LABELS = {"browser": "Browser 浏览器", "chat": "Chat 对话", "chat:ACTION_EXECUTED": "Tool calls 工具调用",
                 "git": "Git", "terminal": "Terminal 终端", "netease_music": "NetEase Music 网易云音乐",
                 "media_player": "Media 媒体", "calendar": "Calendar 日历", "photo": "Photos 照片",
                 "system_usage": "App usage 应用使用"}
CATEGORY_LABELS = {"browser_activity": "browsing 浏览", "coding_activity": "coding 编程",
                   "conversation": "conversation 对话", "tool_activity": "tool use 工具",
                   "media_activity": "music & media 音乐媒体", "schedule": "schedule 日程",
                   "photo_activity": "photos 照片", "app_usage": "app usage 应用"}

#: provenance field -> (label, normaliser)
_FACETS: tuple[tuple[str, str], ...] = (
    ("url", "sites"), ("repo", "repositories"), ("app_name", "apps"), ("artist_name", "artists"),
    ("creator", "creators"), ("command", "commands"), ("query", "searches"), ("location", "places"))
FACET_KEYS: tuple[str, ...] = tuple(k for k, _ in _FACETS)
_HOST = re.compile(r"^(?:[a-z][a-z0-9+.\-]*:)?//([^/?#:@]+@)?([^/?#:]+)", re.I)
_EXAMPLES_PER_SOURCE = 3
_CLIP = 110


def fmt_time(t: float, granularity: str | None) -> str:
    d = datetime.fromtimestamp(t).astimezone()
    return d.strftime("%Y-%m-%d %H:%M" if granularity in (None, "hour", "day") else "%Y-%m-%d")


def window_label(granularity: str | None, start: float, end: float) -> str:
    return f"{fmt_time(start, granularity)} → {fmt_time(end, granularity)}"


def clip(text: str, n: int = _CLIP) -> str:
    one = " / ".join(line.strip() for line in (text or "").splitlines() if line.strip())
    return one if len(one) <= n else one[: n - 1] + "…"


def _facet_value(key: str, value: Any) -> str | None:
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        return None
    text = str(value).strip()
    if not text:
        return None
    if key == "url":
        m = _HOST.match(text if "//" in text else f"//{text}")
        host = m.group(2).lower() if m else ""
        return host[4:] if host.startswith("www.") else (host or None)
    if key == "command":
        return text.split()[0] if text.split() else None
    return text[:60]


def facets(events: Sequence[WindowEvent]) -> dict[str, Counter[str]]:
    """Counts of the recurring objects of a set of events (sites, repos, apps, tools, ...)."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for e in events:
        tool = e.metadata.get("tool")
        if isinstance(tool, dict) and tool.get("tool_name"):
            out["tools"][str(tool["tool_name"])] += 1
            if tool.get("success") is False:
                out["failed tools"][str(tool["tool_name"])] += 1
            continue
        prov = (e.metadata.get("raw") or {}).get("provenance") or {}
        if not isinstance(prov, dict):
            continue
        for key, label in _FACETS:
            raw = prov.get(key)
            if raw is None:
                continue
            v = _facet_value(key, raw)
            if v:
                out[label][v] += 1
    return out


def _top(counter: Counter[str], n: int = 4) -> str:
    return ", ".join(f"{k} ×{v}" for k, v in counter.most_common(n))


def busiest(events: Sequence[WindowEvent], granularity: str | None) -> str | None:
    """The busiest hour of a day window, the busiest day of a week or month window."""
    if granularity not in ("day", "week", "month") or len(events) < 2:
        return None
    fmt, label = ("%H:00", "hour") if granularity == "day" else ("%a %m-%d", "day")
    c = Counter(datetime.fromtimestamp(e.occurred_at).astimezone().strftime(fmt) for e in events)
    top, n = c.most_common(1)[0]
    return f"Busiest {label}: {top} ({n} events)."


def source_lines(events: Sequence[WindowEvent], comp: Compression) -> list[str]:
    by_source: dict[str, list[WindowEvent]] = defaultdict(list)
    for e in events:
        by_source[e.source_key].append(e)
    kept: dict[str, list[WindowEvent]] = defaultdict(list)
    for e in comp.selected:
        kept[e.source_key].append(e)
    lines = []
    for key in sorted(by_source, key=lambda k: (-len(by_source[k]), k)):
        evs = by_source[key]
        label = SOURCE_LABELS.get(key, key)
        parts = [f"• {label} [{category_of(key)}]: {len(evs)} event(s), {comp.quotas.get(key, 0)} kept."]
        for facet, counter in sorted(facets(evs).items()):
            parts.append(f"Top {facet}: {_top(counter)}.")
        examples, seen = [], set()
        for e in kept.get(key, []):
            text = clip(e.content)
            if text not in seen:
                seen.add(text)
                examples.append(f"“{text}”")
            if len(examples) >= _EXAMPLES_PER_SOURCE:
                break
        if examples:
            parts.append("Examples: " + "; ".join(examples) + ".")
        lines.append(" ".join(parts))
    return lines


def overview(granularity: str | None, start: float, end: float, events: Sequence[WindowEvent],
             comp: Compression) -> tuple[str, str]:
    """(title, body) of the whole-window temporal summary."""
    en, zh = GRANULARITY_LABELS.get(granularity or "", ("Period", "时段总结"))
    cats = Counter(category_of(e.source_key) for e in events)
    themes = ", ".join(CATEGORY_LABELS.get(c, c) for c, _ in cats.most_common(3))
    title = f"{en} summary · {zh} {window_label(granularity, start, end)}: {themes}"
    head = (f"Extractive summary (no language model was used). {len(events)} event(s) from "
            f"{len(comp.counts)} source(s) in this {en.lower()}; {len(comp.selected)} kept as "
            f"evidence (every source keeps at least its minimum).")
    lines = [head, *source_lines(events, comp)]
    b = busiest(events, granularity)
    if b:
        lines.append(b)
    return title, "\n".join(lines)


def thematic(granularity: str | None, start: float, end: float, category: str,
             events: Sequence[WindowEvent], comp: Compression) -> tuple[str, str]:
    """(title, body) of a per-category thematic summary."""
    en, zh = GRANULARITY_LABELS.get(granularity or "", ("Period", "时段"))
    label = CATEGORY_LABELS.get(category, category)
    title = f"{en} theme · {zh}主题 {label} {window_label(granularity, start, end)}"
    head = (f"Extractive thematic summary (no language model was used) of {label}: "
            f"{len(events)} event(s), {len(comp.selected)} kept as evidence.")
    lines = [head, *source_lines(events, comp)]
    b = busiest(events, granularity)
    if b:
        lines.append(b)
    return title, "\n".join(lines)
