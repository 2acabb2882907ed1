"""Projection into the answer package: status, summary, answering hints, entity/asset refs.

The hints are the design's "don't guess / prefer direct findings / weak-evidence wording",
derived from the findings' evidence strength, the anchor and the window — in the question's
language (Chinese questions get Chinese hints).
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ..governance.cues import sentence_span
from ..l2.phrases import describe
from ..lexicon.categories import members_in
from ..policy import FACT_MODES, QueryMode
from .evidence import DIRECT, INDIRECT
from .package import FOUND, NOT_FOUND, WEAK_ONLY, Finding, iso
from .plan import QueryPlan
from .predicates import FAMILY_BY_NAME
from .state_statement import family_word_at

_URL = re.compile(r"https?://[^\s)）\"'<>]+")


def _zh(plan: QueryPlan) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in plan.query)


def status_of(findings: Sequence[Finding]) -> tuple[str, str, bool]:
    """(status, evidence_level, insufficient_evidence)."""
    if not findings:
        return NOT_FOUND, "none", True
    strengths = [f.evidence_strength for f in findings]
    # the answer candidate is the top finding: a direct statement further down does not make
    # the package strong (it may be about something else the question merely shares words with)
    if strengths[0] == DIRECT:
        return FOUND, "strong", False
    if INDIRECT in strengths or DIRECT in strengths:
        return WEAK_ONLY, "weak", False
    # nothing names what the question asks about: similarity is not evidence
    return WEAK_ONLY, "weak", True


def _date(ts: float | None) -> str:
    return (iso(ts) or "?")[:10]


#: the longest quote of a finding in the summary line
SUMMARY_QUOTE_CHARS = 100


def quote_of(text: str, words: Sequence[str | None], limit: int = SUMMARY_QUOTE_CHARS,
             at: int | None = None) -> str:
    """The summary's quote of a finding: the text, or its start — unless the words that make it
    evidence come later in a long message ("Which podcasts for a bus ride? Since I joined the
    legal team at Sheffield City Council…"), then the sentence that holds them (or, with none of
    them in the text, the sentence at ``at``: where it speaks of the state asked about)."""
    if len(text) <= limit:
        return text
    lowered = text.lower()
    pos = next((p for p in (lowered.find(w.lower()) for w in words if w) if p >= 0), -1 if at is None else at)
    start, end = sentence_span(text, pos) if pos >= 0 else (0, len(text))
    if start == 0:  # in the first sentence (or not found): the message's start
        return text[:limit - 1] + "…"
    start = max(start, pos - limit // 2) if end - start > limit else start
    piece = text[start:end].strip()
    return ("…" if start > 0 else "") + (piece if len(piece) <= limit - 2 else piece[:limit - 2] + "…")


def summary_of(plan: QueryPlan, findings: Sequence[Finding], status: str, insufficient: bool) -> str:
    zh = _zh(plan)
    if not findings:
        return "记忆中没有找到相关内容。" if zh else "No memory matches this question."
    top = findings[0]
    # a derived conclusion as a sentence of the question's language (its content is written
    # for a model: "employer: hooli (tentative; since …; 1 evidence)")
    said = describe(top.kind, top.facts, "zh" if zh else "en") if top.facts else None
    text = " ".join((said or top.content).split())
    quote = quote_of(text, [top.evidence.get("phrase"), top.evidence.get("cue")] if not said else [],
                     at=family_word_at(text, plan.predicate_family) if not said and plan.predicate_family else None)
    reason = top.evidence.get("reason", "")
    who = {"user": "用户" if zh else "the user", "assistant": "助手" if zh else "the assistant",
           "external": "设备/插件记录" if zh else "an observed activity",
           "derived": "记忆归纳" if zh else "memory concluded"}.get(top.author_type, top.author_type)
    if top.speaker:  # an imported chat's line is its speaker's words, not the user's
        who = top.speaker
    if zh:
        head = f"最相关的发现（{ {'direct': '直接证据', 'indirect': '间接证据', 'weak': '弱证据'}[top.evidence_strength] }）："
        body = f"{_date(top.occurred_at)} {who}：“{quote}”"
        tail = f"——{reason}。" if reason else "。"
        extra = "证据不足，不能据此确定答案。" if insufficient else ""
        return head + body + tail + extra
    head = f"Top finding ({top.evidence_strength} evidence): "
    body = f'{_date(top.occurred_at)} {who}: "{quote}"'
    tail = f" — {reason}." if reason else "."
    extra = " Evidence is insufficient to answer." if insufficient else ""
    return head + body + tail + extra


def answering_hints(plan: QueryPlan, findings: Sequence[Finding], *, insufficient: bool,
                    anchor_info: dict[str, Any] | None, window_dropped: int,
                    window_relaxed: bool = False, window_empty: bool = False) -> list[str]:
    zh = _zh(plan)
    hints: list[str] = []
    fam = FAMILY_BY_NAME.get(plan.predicate_family or "")
    if zh:
        hints.append("只根据下面的发现回答，不要猜测或补全记忆里没有的内容。")
    else:
        hints.append("Answer only from the findings below; do not guess or fill in what memory does not contain.")
    if insufficient:
        hints.append("记忆中没有直接提到问题所问的内容：请说明不知道，而不是猜测。" if zh else
                     "No finding names what the question asks about: say you don't know rather than guessing.")
    if window_empty and plan.time_window is not None:
        w = plan.time_window
        span = f"{_date(w.start) if w.start is not None else '…'} – {_date(w.end) if w.end is not None else '…'}"
        hints.append(f"记忆中没有“{w.source}”（{span}）期间的任何事件：请如实说明，下面的发现来自相邻时间。" if zh else
                     f'Memory holds no event at all from "{w.source}" ({span}): say so; the findings below '
                     f"come from around that period.")
    if findings:
        top = findings[0]
        if top.evidence_strength == INDIRECT and top.layer != "l1":
            reason = top.evidence.get("reason") or ""
            hints.append(f"最佳证据是派生的{top.kind}（{reason}），不是直接陈述：请保守地表述。" if zh else
                         f"The best evidence is a derived {top.kind} ({reason}), not a direct statement: "
                         f"word the answer conservatively.")
        elif top.evidence_strength == INDIRECT:
            phrase = top.evidence.get("phrase") or top.content[:60]
            record = (fam.record_zh if zh else fam.record_en) if fam else ("记录" if zh else "record")
            if zh:
                hints.append(f"最佳证据是间接的：用户提到的是“{phrase}”，不是明确的{record}。"
                             f"请保守地表述，例如“你之前提到过{phrase}，应该是……，但这不是明确的{record}”。")
            else:
                hints.append(f'The best evidence is indirect: the user mentioned "{phrase}", not an explicit '
                             f'{record}. Word the answer conservatively, e.g. "you mentioned a {phrase}; '
                             f'that is probably it, though it is not an explicit {record}".')
        if any(f.evidence_strength == DIRECT for f in findings) and any(
                f.evidence_strength != DIRECT for f in findings):
            hints.append("优先使用直接证据（direct），间接证据只作补充。" if zh else
                         "Prefer direct findings; use indirect ones only as support.")
    if anchor_info and anchor_info.get("resolved_at") is not None:
        when = (anchor_info.get("resolved_at_iso") or "")[:10]
        direction = anchor_info.get("direction")
        if zh:
            side = "之前" if direction == "before" else "之后"
            hints.append(f"时间锚点“{anchor_info.get('text')}”对应 {when} 的事件"
                         f"（{anchor_info.get('event_id')}）；发现只包含该时间{side}的事件"
                         + (f"，另有 {window_dropped} 条不在范围内的候选已排除。" if window_dropped else "。"))
        else:
            hints.append(f'Anchor "{anchor_info.get("text")}" resolved to the event of {when} '
                         f'({anchor_info.get("event_id")}); findings are restricted to events {direction} it'
                         + (f"; {window_dropped} candidate(s) outside that range were excluded." if window_dropped
                            else "."))
    elif anchor_info:
        hints.append(f"时间锚点“{anchor_info.get('text')}”没有在记忆中找到，未应用时间限制。" if zh else
                     f'The anchor "{anchor_info.get("text")}" was not found in memory; no time limit was applied.')
    if window_relaxed and plan.time_window is not None:
        src = plan.time_window.source
        hints.append(f"记忆里没有发生在“{src}”范围内的事件；以下发现在此范围之外，"
                     f"问题里的时间可能指事情发生的时间而不是记录的时间，请核对。" if zh else
                     f'No memory was recorded within "{src}"; the findings lie outside it (the time may '
                     f"be when it happened rather than when it was recorded) - check the dates before answering.")
    if plan.mode is QueryMode.CURRENT_STATE:
        hints.append("优先使用最新的发现；较早的可能已经过时。" if zh else
                     "Prefer the most recent finding; older ones may have been superseded.")
    if plan.mode not in FACT_MODES and any(f.author_type == "assistant" for f in findings):
        hints.append("部分发现是助手说过的话：它们说明对话内容，不是用户事实。" if zh else
                     "Some findings are the assistant's words: they show what was said, not facts about the user.")
    return hints


def asset_refs(findings: Sequence[Finding], metadata: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Files, pages, repositories the findings refer to (from plugin provenance and URLs)."""
    out: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()

    def add(kind: str, value: Any, event_id: str) -> None:
        if not value or not isinstance(value, (str, int, float)):
            return
        key = (kind, str(value))
        if key in seen:
            return
        seen.add(key)
        out.append({"kind": kind, "value": str(value), "event_id": event_id})

    for f in findings:
        meta = metadata.get(f.event_id) or {}
        prov = (meta.get("raw") or {}).get("provenance") or {}
        for field_name, kind in (("url", "url"), ("file_name", "file"), ("repo", "repository"),
                                 ("path", "file"), ("track_name", "media"), ("title", "title")):
            if field_name in prov:
                add(kind, prov[field_name], f.event_id)
        for url in _URL.findall(f.content):
            add("url", url.rstrip(".,;"), f.event_id)
    return out


def entity_refs(plan: QueryPlan, findings: Sequence[Finding],
                linked: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Entities the findings are about: L2 links when present, lexicon members otherwise."""
    refs: dict[tuple[str, str], dict[str, Any]] = {}
    for f in findings:
        for ent in linked.get(f.event_id, []):
            key = (ent.get("entity_id") or ent["name"], ent.get("entity_type") or "")
            ref = refs.setdefault(key, {"name": ent["name"], "entity_type": ent.get("entity_type"),
                                        "entity_id": ent.get("entity_id"), "event_ids": [],
                                        "source": "l2"})
            if f.event_id not in ref["event_ids"]:
                ref["event_ids"].append(f.event_id)
        for member, cat in members_in(f.content):
            key = (member, cat.entity_type)
            if any(r["name"].lower() == member.lower() for r in refs.values() if r["source"] == "l2"):
                continue
            ref = refs.setdefault(key, {"name": member, "entity_type": cat.entity_type,
                                        "category": cat.key, "entity_id": None, "event_ids": [],
                                        "source": "lexicon"})
            if f.event_id not in ref["event_ids"]:
                ref["event_ids"].append(f.event_id)
    return list(refs.values())
