"""Event-triggered insights as rule templates — no language model (design write step 6b).

The inputs are already structured (L2 decided that a trait changed, that an assertion was
superseded, that a conflict was resolved, that an edge keeps being observed), so another pass
through a model would cost more than it adds: each template turns one structured change into
one sentence, in Chinese and English, and keeps the event ids behind it.

Task reflection reads the last ``TASK_REFLECTION_EVENTS`` events of a chat session after an
assistant reply; it is produced only when that turn was a task (a tool was run, or the user gave
an instruction), and says which tools ran, how they went, and how the turn ended.

All functions are pure: they return a :class:`SummaryDraft` or ``None``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Sequence

from ..ids import short_hash
from ..policy import L3_TREND_MILESTONES, L3_TREND_MIN_SPAN_S
from .extractive import clip
from .records import SummaryDraft, WindowEvent

RULE_TEMPLATE = "rule_template"
INSIGHT = "insight"


def _day(t: float) -> str:
    return datetime.fromtimestamp(t).astimezone().strftime("%Y-%m-%d")


def _span(event_times: Sequence[float], at: float) -> tuple[float, float]:
    ts = [t for t in event_times if t is not None] or [at]
    return min(ts), max(max(ts), at)


def state_change(*, entity: str, trait: str, old_value: str | None, new_value: str | None,
                 at: float, event_ids: Sequence[str], reason: str = "", key: str = "",
                 evidence_times: Sequence[float] = (), superseded: bool = False) -> SummaryDraft | None:
    """"The user's residence changed from Shanghai to Jiaxing" (state change / superseded)."""
    if not new_value or not event_ids or (old_value or "") == new_value:
        return None
    who = "You" if entity in ("user", "local_user", "我") else entity
    day = _day(at)  # once: a local date costs a time-zone conversion and a strftime
    if old_value:
        en = f"{who}: {trait} changed from “{old_value}” to “{new_value}” (since {day})."
        zh = f"{entity if who != 'You' else '你'}的{trait}从“{old_value}”变为“{new_value}”（{day}起）。"
    else:
        en = f"{who}: {trait} is now “{new_value}” (since {day})."
        zh = f"{entity if who != 'You' else '你'}的{trait}现在是“{new_value}”（{day}起）。"
    kind = "superseded" if superseded else "changed"
    body = f"{zh}\n{en}" + (f"\nWhy: {reason}" if reason else "") + \
        ("\nThe earlier value is kept as history (superseded), not deleted." if superseded else "")
    start, end = _span(evidence_times, at)
    return SummaryDraft(
        summary_type=INSIGHT, summary_category="state_change",
        title=f"State change · 状态变化: {trait} {old_value or '—'} → {new_value}",
        body=body, producer=RULE_TEMPLATE, source_event_ids=list(dict.fromkeys(event_ids)),
        dedup_key=f"insight:state_change:{key or short_hash(f'{entity}|{trait}|{new_value}|{at:.0f}')}",
        window_start=start, window_end=end, trigger="l2_reconcile",
        metadata={"entity": entity, "trait": trait, "old_value": old_value, "new_value": new_value,
                  "kind": kind})


def contradiction_resolved(*, entity: str, predicate: str, old_value: str | None,
                           new_value: str | None, resolution: str, at: float,
                           event_ids: Sequence[str], key: str = "",
                           evidence_times: Sequence[float] = ()) -> SummaryDraft | None:
    """A conflict between two statements was decided (keep old / evolution / antonym rule)."""
    if not event_ids or not (old_value or new_value):
        return None
    res = (resolution or "resolved").strip()
    en = (f"Contradiction resolved for {entity} {predicate}: “{old_value or '—'}” vs "
          f"“{new_value or '—'}” — {res}.")
    zh = f"矛盾已消解：{entity} {predicate}，“{old_value or '—'}” 与 “{new_value or '—'}” —— {res}。"
    start, end = _span(evidence_times, at)
    return SummaryDraft(
        summary_type=INSIGHT, summary_category="contradiction_resolved",
        title=f"Contradiction resolved · 矛盾消解: {predicate} {old_value or '—'} / {new_value or '—'}",
        body=f"{zh}\n{en}\nBoth statements stay in memory; only the active one forms the current profile.",
        producer=RULE_TEMPLATE, source_event_ids=list(dict.fromkeys(event_ids)),
        dedup_key=f"insight:contradiction:{key or short_hash(f'{entity}|{predicate}|{old_value}|{new_value}|{at:.0f}')}",
        window_start=start, window_end=end, trigger="l2_reconcile",
        metadata={"entity": entity, "predicate": predicate, "old_value": old_value,
                  "new_value": new_value, "resolution": res})


def trend_milestone(observations: int) -> int | None:
    """The largest milestone reached (one insight per milestone, not per observation)."""
    reached = [m for m in L3_TREND_MILESTONES if observations >= m]
    return reached[-1] if reached else None


def long_term_trend(*, subject: str, predicate: str, obj: str, observations: int,
                    first_at: float, last_at: float, event_ids: Sequence[str],
                    key: str = "") -> SummaryDraft | None:
    """"You have listened to Dua Lipa 20 times over 5 weeks" — a relation that keeps recurring."""
    milestone = trend_milestone(observations)
    if milestone is None or last_at - first_at < L3_TREND_MIN_SPAN_S or not event_ids:
        return None
    weeks = (last_at - first_at) / (7 * 86400)
    who = "You" if subject in ("user", "local_user", "我") else subject
    first_day, last_day = _day(first_at), _day(last_at)  # once each, for both languages
    en = (f"Long-term trend: {who} {predicate} {obj} — observed {observations} times over "
          f"{weeks:.1f} weeks ({first_day} → {last_day}).")
    zh = (f"长期趋势：{'你' if who == 'You' else subject} {predicate} {obj}，"
          f"{weeks:.1f} 周内出现 {observations} 次（{first_day} → {last_day}）。")
    return SummaryDraft(
        summary_type=INSIGHT, summary_category="long_term_trend",
        title=f"Long-term trend · 长期趋势: {predicate} {obj} ×{milestone}+",
        body=f"{zh}\n{en}", producer=RULE_TEMPLATE, source_event_ids=list(dict.fromkeys(event_ids)),
        dedup_key=f"insight:trend:{key or short_hash(f'{subject}|{predicate}|{obj}')}:{milestone}",
        window_start=first_at, window_end=last_at, trigger="l2_reconcile",
        metadata={"subject": subject, "predicate": predicate, "object": obj,
                  "observations": observations, "milestone": milestone})


def _tool(e: WindowEvent) -> dict[str, Any] | None:
    t = e.metadata.get("tool")
    return t if isinstance(t, dict) and t.get("tool_name") else None


def is_task(events: Sequence[WindowEvent]) -> bool:
    """A turn is a task when a tool ran or the user gave an instruction."""
    return any(_tool(e) for e in events) or any(
        e.evidence_class == "user_instruction" for e in events)


def task_reflection(events: Sequence[WindowEvent], *, session_id: str,
                    anchor_event_id: str) -> SummaryDraft | None:
    """Reflection on the task that ended with the assistant reply ``anchor_event_id``.

    ``events`` are the last related events of the session (oldest first), the reply included.
    """
    if not events or not is_task(events):
        return None
    events = sorted(events, key=lambda e: (e.occurred_at, e.seq))
    requests = [e for e in events if e.author_type == "user"]
    tools = [(e, _tool(e)) for e in events if _tool(e)]
    replies = [e for e in events if e.author_type == "assistant"]
    ok = sum(1 for _, t in tools if t.get("success", True))
    failed = [t["tool_name"] for _, t in tools if t.get("success") is False]
    if tools and not failed:
        outcome_en, outcome_zh = "succeeded", "成功"
    elif tools and ok:
        outcome_en, outcome_zh = "partly succeeded (some tool calls failed)", "部分成功（有工具调用失败）"
    elif tools:
        outcome_en, outcome_zh = "failed (every tool call failed)", "失败（工具调用均失败）"
    else:
        outcome_en, outcome_zh = "answered without tools", "未调用工具，直接回答"
    request = clip(requests[-1].content, 140) if requests else "(no user message in the last events)"
    lines = [f"Task reflection · 任务复盘 — {outcome_en} / {outcome_zh}.", f"Request 请求: {request}"]
    for e, t in tools:
        dur = t.get("duration_ms")
        status = "ok" if t.get("success", True) else "failed"
        extra = f", {dur:.0f} ms" if isinstance(dur, (int, float)) else ""
        err = f" — {clip(t.get('error') or '', 80)}" if t.get("error") else ""
        lines.append(f"Tool 工具: {t['tool_name']} ({status}{extra}){err}")
    if replies:
        lines.append(f"Reply 回复: {clip(replies[-1].content, 160)}")
    if failed:
        lines.append("Lesson 经验: check " + ", ".join(sorted(set(failed))) +
                     " before relying on it next time (see its L4 skill).")
    title_req = clip(requests[-1].content, 60) if requests else session_id
    return SummaryDraft(
        summary_type=INSIGHT, summary_category="task_reflection",
        title=f"Task reflection · 任务复盘: {title_req}", body="\n".join(lines), producer=RULE_TEMPLATE,
        source_event_ids=[e.event_id for e in events], dedup_key=f"insight:task_reflection:{anchor_event_id}",
        window_start=events[0].occurred_at, window_end=events[-1].occurred_at, trigger="chat",
        metadata={"session_id": session_id, "anchor_event_id": anchor_event_id,
                  "tools": [t["tool_name"] for _, t in tools], "failed_tools": failed,
                  "outcome": outcome_en})
