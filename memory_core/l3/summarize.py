"""From a window's events to summary drafts: one whole-window temporal summary, plus thematic
summaries per category for the longer windows.

Which drafts a window yields and which events each sees is decided here, without a provider
(:func:`plan_window`); turning a plan into text is either extractive (:func:`extractive_draft`)
or the MEMORY_SUMMARIZER tier (:func:`llm_draft`). Both produce the same draft shape with the
same evidence, so a window summarised offline and later rebuilt with a model keeps its identity.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Sequence

from ..policy import (SUMMARY_OVERVIEW_CATEGORY, SUMMARY_THEMATIC_GRANULARITIES,
                      SUMMARY_THEMATIC_MIN_EVENTS)
from . import extractive
from .compression import Compression, compress_window
from .prompts import parse_summary, summary_request
from .records import SummaryDraft, WindowEvent, category_of

TEMPORAL, THEMATIC = "temporal", "thematic"


@dataclass(frozen=True, slots=True)
class WindowSpec:
    granularity: str | None
    start: float
    end: float
    trigger: str = "schedule"


@dataclass(frozen=True, slots=True)
class DraftPlan:
    summary_type: str  # temporal | thematic
    category: str
    events: list[WindowEvent]
    compression: Compression


def temporal_key(spec: WindowSpec) -> str:
    return f"temporal:{spec.granularity or 'custom'}:{spec.start:.3f}:{spec.end:.3f}"


def thematic_key(spec: WindowSpec, category: str) -> str:
    return f"thematic:{spec.granularity or 'custom'}:{category}:{spec.start:.3f}:{spec.end:.3f}"


def dedup_key(spec: WindowSpec, plan: DraftPlan) -> str:
    return temporal_key(spec) if plan.summary_type == TEMPORAL else thematic_key(spec, plan.category)


def group_by_category(events: Sequence[WindowEvent]) -> dict[str, list[WindowEvent]]:
    groups: dict[str, list[WindowEvent]] = defaultdict(list)
    for e in events:
        groups[category_of(e.source_key)].append(e)
    return dict(groups)


def plan_window(spec: WindowSpec, events: Sequence[WindowEvent], *,
                only: tuple[str, str] | None = None) -> list[DraftPlan]:
    """The drafts of a window. ``only=(summary_type, category)`` plans a single one (rebuild)."""
    if not events:
        return []
    plans: list[DraftPlan] = []
    want_temporal = only is None or only[0] == TEMPORAL
    if want_temporal:
        plans.append(DraftPlan(TEMPORAL, SUMMARY_OVERVIEW_CATEGORY, list(events), compress_window(events)))
    if spec.granularity in SUMMARY_THEMATIC_GRANULARITIES or (only and only[0] == THEMATIC):
        groups = group_by_category(events)
        if len(groups) > 1 or only:
            for cat in sorted(groups):
                evs = groups[cat]
                if only is not None and (only[0] != THEMATIC or only[1] != cat):
                    continue
                if only is None and len(evs) < SUMMARY_THEMATIC_MIN_EVENTS:
                    continue
                plans.append(DraftPlan(THEMATIC, cat, evs, compress_window(evs)))
    return plans


def _draft(spec: WindowSpec, plan: DraftPlan, title: str, body: str, producer: str,
           metadata: dict[str, Any] | None = None) -> SummaryDraft:
    return SummaryDraft(
        summary_type=plan.summary_type, summary_category=plan.category, title=title, body=body,
        producer=producer, source_event_ids=[e.event_id for e in plan.compression.selected],
        dedup_key=dedup_key(spec, plan), granularity=spec.granularity, window_start=spec.start,
        window_end=spec.end, source_stats=plan.compression.stats(), event_count=len(plan.events),
        trigger=spec.trigger, metadata=metadata or {})


def extractive_draft(spec: WindowSpec, plan: DraftPlan) -> SummaryDraft:
    if plan.summary_type == TEMPORAL:
        title, body = extractive.overview(spec.granularity, spec.start, spec.end, plan.events,
                                          plan.compression)
    else:
        title, body = extractive.thematic(spec.granularity, spec.start, spec.end, plan.category,
                                          plan.events, plan.compression)
    return _draft(spec, plan, title, body, extractive.EXTRACTIVE)


def llm_draft(spec: WindowSpec, plan: DraftPlan, chat: Any) -> SummaryDraft:
    """Raises the provider's errors (the job retries with backoff) or ValueError on bad JSON."""
    theme = None if plan.summary_type == TEMPORAL else extractive.CATEGORY_LABELS.get(plan.category, plan.category)
    request = summary_request(spec.granularity, spec.start, spec.end, plan.compression, theme=theme)
    result = chat.complete(request)
    title, body = parse_summary(result.data)
    return _draft(spec, plan, title, body, result.model or "llm",
                  {"reasoning": bool(request.enable_thinking), "tier": request.tier.value})
