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

STRENGTH_WORDS = {
    "strong": "strong evidence",
    "direct": "direct evidence",
    "medium": "moderate evidence",
    "moderate": "moderate evidence",
    "weak": "weak evidence",
    "indirect": "indirect evidence",
}


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


def _when(t: Any) -> str:
    try:
        return dt.datetime.fromtimestamp(float(t)).strftime("%Y-%m-%d")
    except (TypeError, ValueError, OverflowError, OSError):
        return "an unknown date"


def _who(author: Any) -> str:
    return {"user": "you said", "assistant": "I said", "external": "observed",
            "system": "recorded"}.get(str(author), "recorded")


def compose_offline_answer(package: Any, *, max_findings: int = 3) -> str:
    """A reply that states what memory holds and how strong that evidence is."""
    p = package_dict(package)
    found = findings(p)
    strength = overall_strength(p)
    if strength == "none":
        hint = p.get("summary") or ""
        text = "I don't have enough evidence in memory to answer that, so I won't guess."
        return f"{text} ({hint})" if hint else text
    lines = [f"From memory ({STRENGTH_WORDS.get(strength, strength + ' evidence')}):"]
    for i, f in enumerate(found[:max_findings], start=1):
        content = " ".join(str(f.get("content") or f.get("text") or "").split())
        if len(content) > 220:
            content = content[:219] + "…"
        s = str(f.get("evidence_strength") or "")
        tag = f", {STRENGTH_WORDS.get(s.lower(), s)}" if s else ""
        lines.append(f"[{i}] On {_when(f.get('occurred_at'))} {_who(f.get('author_type'))}: "
                     f"“{content}”{tag}")
    if strength == "weak":
        lines.append("The evidence is weak or indirect — memory has no explicit record of this, "
                     "so treat it as a hint, not a fact.")
    for hint in p.get("answering_hints") or []:
        if isinstance(hint, str) and hint and "weak" in hint.lower() and hint not in lines:
            lines.append(f"({hint})")
    if p.get("summary"):
        lines.append(str(p["summary"]))
    return "\n".join(lines)
