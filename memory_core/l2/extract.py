"""Phase 1 runner: the FAST_CLASSIFY LLM when available, the offline rule extractor otherwise.

The output is checked item by item before anything downstream sees it: an entity or claim
naming an event outside the batch, an unknown entity type, a resolved id that was never offered
— each is dropped (or its field cleared) with the reason kept for the batch log. A reply that is
not a Phase 1 object at all raises :class:`~memory_core.providers.chat.InvalidResponse`, which
the projection worker treats like any failed call (retry with backoff, then a visible failure).

Offline (no FAST_CLASSIFY provider) the rule extractor runs instead. It is weaker: it sees
first-person statement patterns and lexicon/catalog names only, so paraphrases, multi-turn
coreference and implicit facts beyond its patterns are missed (L1 stays the safety net).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from ..extraction.schema import PHASE1_JSON_SCHEMA, Phase1Output
from ..policy import ENTITY_TYPES, Tier
from ..providers.chat import ChatRequest, InvalidResponse
from .implied_states import implied_traits
from .prompts import Phase1Context, phase1_messages

log = logging.getLogger(__name__)

#: how a model may name the user as a claim's subject
USER_SUBJECTS = frozenset({"user", "the user", "me", "i", "我"})


@dataclass(slots=True)
class Phase1Result:
    output: Phase1Output
    producer: str
    dropped: list[str] = field(default_factory=list)


def parse_json_reply(result: Any, schema: dict[str, Any]) -> Any:
    """``ChatResult.data`` when the router validated it; otherwise parse + validate the text."""
    if getattr(result, "data", None) is not None:
        return result.data
    text = getattr(result, "text", "") or ""
    try:
        from ..providers.json_output import JsonOutputError, parse_and_validate
    except ImportError:  # pragma: no cover - jsonschema missing: plain JSON only
        import json

        try:
            return json.loads(text)
        except ValueError as exc:
            raise InvalidResponse(f"reply is not JSON: {exc}") from None
    try:
        return parse_and_validate(text, schema)
    except JsonOutputError as exc:
        raise InvalidResponse(str(exc)) from None


def chat_available(chat: Any, tier: Tier) -> bool:
    if chat is None:
        return False
    try:
        return bool(chat.available(tier))
    except Exception:  # noqa: BLE001 - a broken router counts as offline
        return False


def _rule_extractor() -> Any:
    from ..extraction.rule_extractor import RuleExtractor

    return RuleExtractor()


def run_phase1(ctx: Phase1Context, chat: Any) -> Phase1Result:
    if chat_available(chat, Tier.FAST_CLASSIFY):
        result = chat.complete(ChatRequest(tier=Tier.FAST_CLASSIFY, messages=phase1_messages(ctx),
                                           json_schema=PHASE1_JSON_SCHEMA, enable_thinking=False,
                                           temperature=0.0, trigger="l2_phase1"))
        data = parse_json_reply(result, PHASE1_JSON_SCHEMA)
        if not isinstance(data, dict) or not all(isinstance(data.get(k), list) for k in
                                                 ("entities", "fact_claims", "resolved_refs")):
            raise InvalidResponse("Phase 1 reply lacks the entities / fact_claims / resolved_refs lists")
        producer = f"llm:{getattr(result, 'model', '') or 'unknown'}"
        try:
            output = Phase1Output.from_json(data, producer=producer)
        except TypeError as exc:  # a required field missing inside an item
            raise InvalidResponse(f"Phase 1 item malformed: {exc}") from None
    else:
        output = _rule_extractor().extract(list(ctx.batch), list(ctx.known_entities), ctx.live_traits)
        producer = "rule"
    output.producer = producer
    # L2 applies a scheduled claim like a fact, from its own date (the "from:" hint dates its edge
    # and assertion): one list here, in the batch's order, each event's facts first
    order = {e.event_id: i for i, e in enumerate(ctx.batch)}
    output.fact_claims = sorted(output.all_claims, key=lambda c: order.get(c.event_id, len(order)))
    output.scheduled_claims = []
    output.fact_claims += implied_traits(output.fact_claims)  # a car bought is the car one has
    dropped = sanitize(output, ctx)
    return Phase1Result(output, producer, dropped)


def _clamp(x: Any, default: float) -> float:
    try:
        return min(1.0, max(0.0, float(x)))
    except (TypeError, ValueError):
        return default


def sanitize(out: Phase1Output, ctx: Phase1Context) -> list[str]:
    """Drop or repair items that cannot be trusted; returns the reasons."""
    batch_ids = {e.event_id for e in ctx.batch}
    known_ids = {k.entity_id for k in ctx.known_entities}
    dropped: list[str] = []
    entities = []
    for e in out.entities:
        if e.event_id not in batch_ids:
            # not quoted: the text may be a context event's, and this batch's log must not keep
            # it once that event is deleted (the id says where it came from)
            dropped.append(f"entity of event_id {e.event_id!r}: not in the batch")
            continue
        if not isinstance(e.name, str) or not e.name.strip():
            dropped.append(f"entity {e.mention!r}: empty name")
            continue
        etype = (e.entity_type or "").strip().lower() if isinstance(e.entity_type, str) else ""
        if etype not in ENTITY_TYPES:
            dropped.append(f"entity {e.name!r}: entity_type {e.entity_type!r} not in the vocabulary "
                           f"(kept as an unbound mention)")
            etype = ""
        e.entity_type = etype
        e.confidence = _clamp(e.confidence, 0.5)
        if e.resolved_id is not None and e.resolved_id not in known_ids:
            dropped.append(f"entity {e.name!r}: resolved_id {e.resolved_id!r} was not offered (cleared)")
            e.resolved_id = None
        entities.append(e)
    out.entities = entities
    speakers = {e.event_id: e.speaker for e in ctx.batch if e.speaker}
    claims = []
    for c in out.fact_claims:
        if c.event_id not in batch_ids:
            dropped.append(f"claim {c.predicate}: event_id {c.event_id!r} is not in the batch")
            continue
        if not all(isinstance(v, str) and v.strip() for v in (c.subject, c.predicate, c.object)):
            dropped.append(f"claim {c.predicate!r}: empty subject/predicate/object")
            continue
        speaker = speakers.get(c.event_id)
        if speaker and c.subject.strip().lower() in USER_SUBJECTS:
            # another person's chat line: what "I" says there is never the user's (the prompt
            # says so; a model that still answers "user" is corrected, not trusted)
            dropped.append(f"claim {c.predicate}: subject 'user' of a line said by a speaker (set to the speaker)")
            c.subject = speaker
        if speaker and c.subject.strip().lower() == speaker.strip().lower() and not c.subject_type:
            c.subject_type = "person"  # the speaker is a person entity even if the model typed nothing
        if c.kind not in ("relation", "trait"):
            c.kind = "relation"
        if c.kind == "trait" and not (c.trait and (c.value or c.object)):
            dropped.append(f"claim {c.predicate}: trait claim without trait/value")
            continue
        if c.directness not in ("explicit", "implied"):
            c.directness = "implied"
        c.confidence = _clamp(c.confidence, 0.5)
        if not isinstance(c.evidence_text, str) or not c.evidence_text.strip():
            c.evidence_text = next((e.content[:200] for e in ctx.batch if e.event_id == c.event_id), "")
        claims.append(c)
    out.fact_claims = claims
    out.resolved_refs = [r for r in out.resolved_refs if r.event_id in batch_ids]
    return dropped
