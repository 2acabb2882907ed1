"""What the rule extractor claims for a few lines, as comparable tuples: the shared vocabulary of
the mechanism tests (``test_verb_family_rules``, ``test_en_recall_mechanisms``,
``test_zh_state_mechanisms``)."""

from __future__ import annotations

from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.rule_extractor import RuleExtractor

R = RuleExtractor()


def claims(*texts: str, speaker: str | None = None) -> set[tuple]:
    """(subject, predicate, object, kind, negated) of every claim; each text is one event of a batch."""
    events = [ExtractionInput(f"e{i}", t, speaker=speaker) for i, t in enumerate(texts)]
    out = R.extract(events, [])
    return {(c.subject, c.predicate, c.object, c.kind, c.negated) for c in out.all_claims}


def entities(*texts: str) -> set[tuple[str, str]]:
    out = R.extract([ExtractionInput(f"e{i}", t) for i, t in enumerate(texts)], [])
    return {(e.name, e.entity_type) for e in out.entities}


def rel(subject: str, predicate: str, obj: str, negated: bool = False) -> tuple:
    return (subject, predicate, obj, "relation", negated)


def trait(subject: str, predicate: str, value: str, negated: bool = False) -> tuple:
    return (subject, predicate, value, "trait", negated)
