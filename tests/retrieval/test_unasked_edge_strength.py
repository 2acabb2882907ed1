"""An L2 relation found close in meaning to a question that asks no family and names none of
it is no direct answer ("What did I have for lunch today?" is not answered by "user OWNS domino",
a cat); one the question names, or of the family asked, is."""

from __future__ import annotations

from memory_core.retrieval.evidence import DIRECT, assess_layer_hit
from memory_core.retrieval.intent import build_plan
from memory_core.retrieval.plan import QueryMode

EDGE = {"family": "possession", "predicate": "OWNS", "object": "domino", "directness": "explicit"}
TEXT = 'user OWNS domino (animal; explicit) — evidence: "Adopted a tuxedo cat, his name is Domino."'


def _strength(question: str) -> str:
    plan = build_plan(question, mode=QueryMode.EXACT_FACT, now=1_750_000_000.0)
    return assess_layer_hit(plan, kind="edge", text=TEXT, payload=dict(EDGE), preferred=False).strength


def test_an_unasked_unnamed_relation_is_not_direct():
    assert _strength("What did I have for lunch today?") != DIRECT
    assert _strength("Anything fun planned for the weekend?") != DIRECT


def test_a_named_or_asked_relation_is():
    assert _strength("Is Domino still with me?") == DIRECT
