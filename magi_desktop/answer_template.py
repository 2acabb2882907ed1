"""The offline answer: a templated reply built only from memory_query's answer-facing package.

With no LLM configured the chat still answers, honestly: it quotes the findings it has, says how
strong the evidence is (direct statement, indirect hint, or nothing), never guesses beyond
them, and numbers each finding so the UI can link it to its event. Pure functions over the
package as a dict (``package_dict`` accepts the dataclass too).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any, Mapping

from memory_core.l2.phrases import describe
from memory_core.text.segment import has_cjk

STRENGTH_WORDS = {
    "strong": "strong evidence",
    "direct": "direct evidence",
    "medium": "moderate evidence",
    "moderate": "moderate evidence",
    "weak": "weak evidence",
    "indirect": "indirect evidence",
}
STRENGTH_WORDS_ZH = {"strong": "强证据", "direct": "直接证据", "medium": "中等证据", "moderate": "中等证据",
                     "weak": "弱证据", "indirect": "间接证据"}

#: the template's sentences, per answer language (the question's: a Chinese question used to get
#: an English answer with only the package's last line in Chinese)
_TEXT = {
    "en": {"none": "I don't have enough evidence in memory to answer that, so I won't guess.",
           "lead": "From memory ({strength}):", "on": "On {date} {who}: “{content}”{tag}",
           "weak": "The evidence is weak or indirect — memory has no explicit record of this, "
                   "so treat it as a hint, not a fact.",
           "who": {"user": "you said", "assistant": "I said", "external": "observed", "system": "recorded",
                   "derived": "memory concluded"},
           "who_other": "recorded", "unknown_date": "an unknown date", "tag": ", {s}"},
    "zh": {"none": "记忆里没有足够的证据回答这个问题，我不会猜测。",
           "lead": "根据记忆（{strength}）：", "on": "{date}，{who}：“{content}”{tag}",
           "weak": "证据较弱或只是间接的——记忆里没有明确的记录，请把它当作线索，而不是事实。",
           "who": {"user": "你说", "assistant": "我说", "external": "观察到", "system": "记录",
                   "derived": "记忆归纳"},
           "who_other": "记录", "unknown_date": "日期不明", "tag": "（{s}）"},
}


def answer_language(question: str) -> str:
    """'zh' when the question is written in Chinese, else 'en'."""
    return "zh" if has_cjk(question or "") else "en"


def package_dict(package: Any) -> dict[str, Any]:
    """The answer package as a plain dict, whatever form the retrieval layer returned."""
    if package is None:
        return {}
    if isinstance(package, Mapping):
        return dict(package)
    to_json = getattr(package, "to_json", None)
    if callable(to_json):
        try:
            return dict(to_json(include_trace=True))  # the retrieval package keeps its trace
        except TypeError:
            return dict(to_json())
    if dataclasses.is_dataclass(package):
        return dataclasses.asdict(package)
    return dict(vars(package))


def findings(package: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [package_dict(f) for f in package.get("findings") or []]


def finding_event_ids(package: Mapping[str, Any]) -> list[str]:
    ids: list[str] = []
    for f in findings(package):
        for eid in [f.get("event_id"), *(f.get("event_ids") or [])]:
            if eid and eid not in ids:
                ids.append(eid)
    return ids


def overall_strength(package: Mapping[str, Any]) -> str:
    """'strong' | 'weak' | 'none' for the whole answer (the best finding decides)."""
    found = findings(package)
    if package.get("insufficient_evidence") or not found:
        return "none"
    level = package.get("evidence_level")
    if level in ("strong", "weak", "none"):
        return str(level)  # the retrieval layer's own verdict
    ranks = {"strong": 3, "direct": 3, "medium": 2, "moderate": 2, "weak": 1, "indirect": 1}
    best = max((ranks.get(str(f.get("evidence_strength", "")).lower(), 1) for f in found), default=0)
    return {3: "strong", 2: "moderate", 1: "weak"}.get(best, "none")


def _when(t: Any) -> str | None:
    try:
        return dt.datetime.fromtimestamp(float(t)).strftime("%Y-%m-%d")
    except (TypeError, ValueError, OverflowError, OSError):
        return None


def finding_words(finding: Mapping[str, Any], lang: str) -> str:
    """What a finding says, for a person: a derived conclusion in words of ``lang`` from its
    structured facts (its own text is written for a model: "user OWNS pressure cooker
    (product; …)"), an event's text as it is."""
    facts = finding.get("facts") or {}
    said = describe(str(finding.get("kind") or ""), facts, lang) if facts else None
    return said or " ".join(str(finding.get("content") or finding.get("text") or "").split())


def compose_offline_answer(package: Any, *, max_findings: int = 3) -> str:
    """A reply that states what memory holds and how strong that evidence is, in the question's
    language. Its [n] are the package's findings in order — the chat links the same list."""
    p = package_dict(package)
    found = findings(p)
    strength = overall_strength(p)
    lang = answer_language(str(p.get("query") or ""))
    t = _TEXT[lang]
    words = STRENGTH_WORDS_ZH if lang == "zh" else STRENGTH_WORDS
    if strength == "none":
        hint = p.get("summary") or ""
        return f"{t['none']} ({hint})" if hint else t["none"]
    lines = [t["lead"].format(strength=words.get(strength, strength))]
    for i, f in enumerate(found[:max_findings], start=1):
        content = finding_words(f, lang)
        if len(content) > 220:
            content = content[:219] + "…"
        s = str(f.get("evidence_strength") or "")
        tag = t["tag"].format(s=words.get(s.lower(), s)) if s else ""
        who = t["who"].get(str(f.get("author_type")), t["who_other"])
        lines.append(f"[{i}] " + t["on"].format(date=_when(f.get("occurred_at")) or t["unknown_date"],
                                                who=who, content=content, tag=tag))
    if strength == "weak":
        lines.append(t["weak"])
    for hint in p.get("answering_hints") or []:
        if isinstance(hint, str) and hint and "weak" in hint.lower() and hint not in lines:
            lines.append(f"({hint})")
    if p.get("summary"):
        lines.append(str(p["summary"]))
    return "\n".join(lines)
