"""Which events a question may trust: scope rules and chat-artifact filtering (pure functions).

Two layers of protection, both from the design. The *scope* (``l1_retrieval_scope``, set at write
time by the evidence classifier) keeps assistant answers and user questions out of fact-mode
candidates entirely (``policy.MODE_SCOPES``). *Chat-artifact filtering* then removes, from the
answer-facing findings of fact modes, what is an echo rather than evidence: the question itself
(the chat pane stores it before asking memory) and the assistant's previous answers — even in a
mode or with caller filters that let them through the scope.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..policy import FACT_MODES, MODE_SCOPES, EvidenceClass, QueryMode, RetrievalScope

_NORM = re.compile(r"[\W_]+", re.UNICODE)

#: evidence classes that are conversation artifacts, not facts
ARTIFACT_CLASSES = frozenset({EvidenceClass.USER_QUESTION.value,
                              EvidenceClass.ASSISTANT_GENERATED.value})
#: token-set overlap above which a user event is "the question itself"
ECHO_JACCARD = 0.8


def allowed_scopes(mode: QueryMode) -> frozenset[RetrievalScope]:
    return MODE_SCOPES[mode]


def scope_allows(mode: QueryMode, scope: str) -> bool:
    return scope in {s.value for s in MODE_SCOPES[mode]}


def _tokens(text: str) -> set[str]:
    norm = _NORM.sub(" ", text.lower()).split()
    out = set(norm)
    # CJK has no spaces: compare character bigrams
    for w in norm:
        if any("\u3400" <= ch <= "\u9fff" for ch in w) and len(w) > 2:
            out.discard(w)
            out.update(w[i:i + 2] for i in range(len(w) - 1))
    return out


def is_echo(question: str, content: str) -> bool:
    """The event is (a restatement of) the question being asked."""
    if len(content) > 2 * len(question) + 20 or len(question) > 2 * len(content) + 20:
        return False  # cannot reach the overlap threshold: skip tokenising
    a, b = _tokens(question), _tokens(content)
    if not a or not b:
        return False
    return len(a & b) / len(a | b) >= ECHO_JACCARD


def chat_artifact_reason(mode: QueryMode, question: str, *, author_type: str, evidence_class: str,
                         content: str) -> str | None:
    """Why an event is a chat artifact for this question (None = keep it as a finding)."""
    if mode not in FACT_MODES:
        return None
    if author_type == "assistant":
        return "assistant_answer"
    if evidence_class in ARTIFACT_CLASSES:
        return f"chat_artifact:{evidence_class}"
    if author_type == "user" and is_echo(question, content):
        return "question_echo"
    return None


def filter_scopes(mode: QueryMode, events: Iterable[tuple[object, str]]) -> tuple[list[object], list[object]]:
    """Split ``(key, scope)`` pairs into (kept, dropped) for ``mode``."""
    kept: list[object] = []
    dropped: list[object] = []
    for key, scope in events:
        (kept if scope_allows(mode, scope) else dropped).append(key)
    return kept, dropped
