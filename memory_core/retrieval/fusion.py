"""Fusion after ranking: dedup, token budget, timeline summary, evidence bundles.

Pure functions over :class:`~.package.Finding` lists, so they are testable without a store.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from datetime import datetime, timezone
from typing import Sequence

from ..policy import CHARS_PER_TOKEN
from .package import Finding, iso

_WS = re.compile(r"\s+")


def content_key(text: str) -> str:
    return _WS.sub(" ", text.strip().lower())


def dedup(findings: Sequence[Finding]) -> tuple[list[Finding], list[tuple[Finding, Finding]]]:
    """Drop repeated content (the same sentence ingested twice, a layer hit restating an event):
    the first (best-ranked) copy stays and absorbs the others' event ids."""
    kept: list[Finding] = []
    by_key: dict[str, Finding] = {}
    dropped: list[tuple[Finding, Finding]] = []
    for f in findings:
        key = f"{f.layer}:{content_key(f.content)}"
        first = by_key.get(key)
        if first is None:
            by_key[key] = f
            kept.append(f)
            continue
        for e in f.event_ids or [f.event_id]:
            if e not in first.event_ids:
                first.event_ids.append(e)
        dropped.append((f, first))
    return kept, dropped


def tokens(text: str) -> int:
    return max(1, (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN)


def apply_budget(findings: Sequence[Finding], budget_tokens: int | None
                 ) -> tuple[list[Finding], list[Finding], int]:
    """Keep findings in rank order while their text fits the budget (the first always stays)."""
    if budget_tokens is None:
        return list(findings), [], sum(tokens(f.content) for f in findings)
    kept: list[Finding] = []
    cut: list[Finding] = []
    used = 0
    for f in findings:
        t = tokens(f.content)
        if kept and used + t > budget_tokens:
            cut.append(f)
            continue
        kept.append(f)
        used += t
    return kept, cut, used


def _one_line(text: str, width: int = 120) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def timeline(findings: Sequence[Finding], anchor: dict | None = None) -> list[dict]:
    """The findings in time order: the answerer should not have to sort events itself. The anchor
    event of a "before/after X" question (``event_id``, ``occurred_at``, ``author_type``,
    ``content``) is placed among them with ``role: "anchor"`` — the reference point, never a
    finding."""
    rows = [(f.occurred_at, {"at": iso(f.occurred_at), "event_id": f.event_id, "author_type": f.author_type,
                             "layer": f.layer, "text": _one_line(f.content)})
            for f in findings if f.occurred_at is not None]
    if anchor is not None and anchor.get("occurred_at") is not None:
        rows.append((float(anchor["occurred_at"]), {
            "at": iso(anchor["occurred_at"]), "event_id": anchor["event_id"],
            "author_type": anchor.get("author_type"), "layer": "l1",
            "text": _one_line(str(anchor.get("content") or "")), "role": "anchor"}))
    rows.sort(key=lambda r: r[0])
    return [r for _, r in rows]


def _day(ts: float) -> str:
    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%d")


def bundles(findings: Sequence[Finding]) -> list[dict]:
    """Group findings by conversation (session) or, for sensor events, by day: one bundle is one
    piece of context the answerer can cite together."""
    groups: "OrderedDict[str, list[Finding]]" = OrderedDict()
    for f in findings:
        if f.session_id:
            key = f"session:{f.session_id}"
        elif f.occurred_at is not None:
            key = f"day:{_day(f.occurred_at)}:{f.source or f.layer}"
        else:
            key = f"{f.layer}:{f.hit_id or f.event_id}"
        groups.setdefault(key, []).append(f)
    out = []
    for key, fs in groups.items():
        times = [f.occurred_at for f in fs if f.occurred_at is not None]
        ids: list[str] = []
        for f in fs:
            for e in [f.event_id, *f.event_ids]:
                if e and e not in ids:
                    ids.append(e)
        out.append({"bundle": key, "event_ids": ids, "findings": [f.rank for f in fs],
                    "first_at": iso(min(times)) if times else None,
                    "last_at": iso(max(times)) if times else None,
                    "best_rank": min(f.rank for f in fs),
                    "headline": _one_line(fs[0].content, 90)})
    return out
