"""Conflict arbitration: the third LLM call, on the reasoning tier, only for severe conflicts.

Phase 1/2 run on the cheap FAST_CLASSIFY tier; deciding "did the user really move?" is worth a
careful model (CORE_REASONING, reasoning on) because a wrong call bends the current profile.
Two outcomes: ``keep_old`` (the new record is a misreading) or ``evolve`` (old → superseded, new
→ current). Offline, or when the call fails, :func:`~.lifecycle.offline_arbitration` decides by
recency + directness, with a modest confidence so uncertain cases reach the review inbox.
"""

from __future__ import annotations

import logging
from typing import Any

from ..policy import Tier
from ..providers.chat import ChatRequest, ProviderError
from .extract import chat_available, parse_json_reply
from .lifecycle import ArbitrationDecision, ArbitrationSide, offline_arbitration
from .prompts import ARBITRATION_SCHEMA, arbitration_messages

log = logging.getLogger(__name__)


def _side_json(side: ArbitrationSide, evidence: list[dict[str, Any]]) -> dict[str, Any]:
    return {"value": side.value, "latest_evidence_at": side.occurred_at, "directness": side.directness,
            "confidence": side.confidence, "evidence": evidence}


def arbitrate(chat: Any, conflict_type: str, old: ArbitrationSide, new: ArbitrationSide, *,
              old_evidence: list[dict[str, Any]], new_evidence: list[dict[str, Any]]) -> tuple[ArbitrationDecision, int]:
    """Returns (decision, llm_calls made)."""
    if not chat_available(chat, Tier.CORE_REASONING):
        return offline_arbitration(old, new), 0
    try:
        result = chat.complete(ChatRequest(
            tier=Tier.CORE_REASONING,
            messages=arbitration_messages(conflict_type, _side_json(old, old_evidence),
                                          _side_json(new, new_evidence)),
            json_schema=ARBITRATION_SCHEMA, enable_thinking=True, trigger="l2_arbitration"))
        data = parse_json_reply(result, ARBITRATION_SCHEMA)
        decision = data.get("decision") if isinstance(data, dict) else None
        if decision not in ("keep_old", "evolve"):
            raise ProviderError(f"arbitration decision {decision!r} is not keep_old/evolve")
        conf = data.get("confidence", 0.5)
        conf = min(1.0, max(0.0, float(conf))) if isinstance(conf, (int, float)) else 0.5
        return ArbitrationDecision(decision, conf, str(data.get("reason", ""))[:500],
                                   f"llm:{getattr(result, 'model', '') or 'unknown'}"), 1
    except (ProviderError, ValueError, TypeError) as exc:
        fallback = offline_arbitration(old, new)
        log.warning("arbitration call failed, offline rule decides: %s", exc)
        return ArbitrationDecision(fallback.decision, min(fallback.confidence, 0.5),
                                   f"{fallback.reason} (reasoning tier failed: {type(exc).__name__})",
                                   "offline_rule"), 1
