"""The rule evidence classifier: ordered rules, first hit wins (design step 4).

Rules, not an LLM, at write time: the same event must get the same class every time, at no cost,
or evidence governance cannot stand. Inputs are structural (author, content type, event type)
plus the narrow utterance heuristics of :mod:`.cues`. The fallback is ``external_observation``,
never ``user_self_report``: an event of unknown origin must not be promoted to a user fact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..policy import (EVIDENCE_FALLBACK, EVIDENCE_POLICIES, AuthorType, ContentType, EventType,
                      EvidenceClass, EvidencePolicy)
from .cues import UtteranceShape, analyse_utterance


@dataclass(frozen=True, slots=True)
class ClassifierInput:
    author_type: AuthorType
    content_type: ContentType
    event_type: EventType
    text: str


@dataclass(frozen=True, slots=True)
class Classification:
    evidence_class: EvidenceClass
    rule: str  # the id of the rule that fired: stored with the event, so the decision is traceable
    confidence: float

    @property
    def policy(self) -> EvidencePolicy:
        return EVIDENCE_POLICIES[self.evidence_class]


@dataclass(frozen=True, slots=True)
class _Rule:
    rule_id: str
    evidence_class: EvidenceClass
    confidence: float
    test: Callable[[ClassifierInput, UtteranceShape | None], bool]


def _user_utterance(x: ClassifierInput) -> bool:
    return x.author_type is AuthorType.USER and x.content_type is ContentType.UTTERANCE


RULES: tuple[_Rule, ...] = (
    _Rule("runtime_log", EvidenceClass.SYSTEM_RUNTIME, 1.0,
          lambda x, _: x.event_type is EventType.RUNTIME_LOG or x.content_type is ContentType.LOG),
    _Rule("tool_execution", EvidenceClass.TOOL_RESULT, 1.0,
          lambda x, _: x.event_type is EventType.ACTION_EXECUTED
          or x.content_type is ContentType.TOOL_OUTPUT),
    _Rule("system_author", EvidenceClass.SYSTEM_RUNTIME, 1.0,
          lambda x, _: x.author_type is AuthorType.SYSTEM),
    _Rule("assistant_author", EvidenceClass.ASSISTANT_GENERATED, 1.0,
          lambda x, _: x.author_type is AuthorType.ASSISTANT or x.content_type is ContentType.GENERATED),
    _Rule("external_observation", EvidenceClass.EXTERNAL_OBSERVATION, 1.0,
          lambda x, _: x.author_type is AuthorType.EXTERNAL
          or x.content_type is ContentType.OBSERVATION),
    # User text from here on; `shape` is the sentence analysis.
    _Rule("user_hypothetical", EvidenceClass.USER_HYPOTHETICAL, 0.7,
          lambda x, s: s is not None and s.hypotheticals > 0 and s.statements == 0),
    _Rule("user_question", EvidenceClass.USER_QUESTION, 0.8,
          lambda x, s: s is not None and s.questions > 0 and s.statements == 0),
    _Rule("user_instruction", EvidenceClass.USER_INSTRUCTION, 0.75,
          lambda x, s: s is not None and s.instructions > 0 and s.statements == 0),
    _Rule("user_statement_with_question", EvidenceClass.USER_SELF_REPORT, 0.7,
          lambda x, s: s is not None and s.statements > 0 and (s.questions + s.instructions) > 0),
    _Rule("user_statement", EvidenceClass.USER_SELF_REPORT, 0.85,
          lambda x, s: s is not None),
)


#: The rule set as defined here (``RULES`` may be swapped by tests; worker processes that
#: classify for bulk imports only know this one).
BUILTIN_RULES: tuple[_Rule, ...] = RULES


def classify(x: ClassifierInput) -> Classification:
    if not _user_utterance(x):
        return _structural(x.author_type, x.content_type, x.event_type)
    return _first_hit(x, analyse_utterance(x.text))


def classify_event(author_type: AuthorType, content_type: ContentType, event_type: EventType,
                   text: str) -> Classification:
    """``classify`` for the ingest path: the same decision without building a ``ClassifierInput``
    for the (many) events whose class follows from their structure alone."""
    if author_type is AuthorType.USER and content_type is ContentType.UTTERANCE:
        return _first_hit(ClassifierInput(author_type, content_type, event_type, text),
                          analyse_utterance(text))
    return _structural(author_type, content_type, event_type)


def _first_hit(x: ClassifierInput, shape: UtteranceShape | None) -> Classification:
    for rule in RULES:
        if rule.test(x, shape):
            return Classification(rule.evidence_class, rule.rule_id, rule.confidence)
    return Classification(EVIDENCE_FALLBACK, "fallback", 0.5)


#: Without an utterance the rules read only (author, content type, event type), so the decision
#: for each of those few combinations is computed once per rule set (a sensor burst of 10k
#: events asks the same question 10k times). Keyed by the ``RULES`` tuple it was computed from.
_STRUCTURAL: dict[tuple[AuthorType, ContentType, EventType], Classification] = {}
_STRUCTURAL_RULES: tuple[_Rule, ...] | None = None


def _structural(author_type: AuthorType, content_type: ContentType,
                event_type: EventType) -> Classification:
    global _STRUCTURAL_RULES
    if _STRUCTURAL_RULES is not RULES:
        _STRUCTURAL.clear()
        _STRUCTURAL_RULES = RULES
    key = (author_type, content_type, event_type)
    hit = _STRUCTURAL.get(key)
    if hit is None:
        hit = _STRUCTURAL[key] = _first_hit(ClassifierInput(author_type, content_type, event_type, ""),
                                            None)
    return hit
