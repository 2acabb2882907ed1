"""Which events a question may trust: scope rules and chat-artifact filtering (pure functions).

Two layers of protection, both from the design. The *scope* (``l1_retrieval_scope``, set at write
time by the evidence classifier) keeps assistant answers and user questions out of fact-mode
candidates entirely (``policy.MODE_SCOPES``). *Chat-artifact filtering* then removes, from the
answer-facing findings of every mode (``event_stream``, a plain listing, keeps all but the echo of
the question), what is an echo rather than evidence: the question itself
(the chat pane stores it before asking memory), the same question asked before, the user's
other questions and the assistant's previous answers — even in a mode (episode_recall,
cross_session) or with caller filters that let them through the scope. A question answers
nothing; an assistant reply only repeats what memory said. The one exception is a question
about the conversation itself ("what did you recommend?", "我上次问过你什么？"): there the
questions and replies *are* the evidence. The user's statements always count, earlier in the
same conversation included.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..policy import MODE_SCOPES, EvidenceClass, QueryMode, RetrievalScope

_NORM = re.compile(r"[\W_]+", re.UNICODE)

#: evidence classes that are conversation artifacts, not facts
ARTIFACT_CLASSES = frozenset({EvidenceClass.USER_QUESTION.value,
                              EvidenceClass.ASSISTANT_GENERATED.value})
#: token-set overlap above which a user event is "the question itself"
ECHO_JACCARD = 0.8
#: a question about the conversation itself: what was asked, or what the assistant said
_ABOUT_CONVERSATION = re.compile(
    r"\b(what|which|when)\b.*\b(did|have) i (ask|asked)\b|\bi asked you\b|"
    r"\b(did|have) you (say|said|tell|told|recommend|recommended|suggest|suggested|answer|"
    r"answered|reply|replied|mention|mentioned)\b|\byou (said|told me|recommended|suggested|"
    r"answered|replied)\b|我(之前|以前|上次|刚才)?问(过|了)?你|我(之前|以前|上次|刚才)问过|"
    r"你(之前|以前|上次|刚才)?(说过|讲过|推荐|建议|回答|回复|提到)", re.I)


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


def about_conversation(question: str) -> bool:
    """The question asks what was said in the chat, not what is true of the user."""
    return bool(_ABOUT_CONVERSATION.search(question))


def chat_artifact_reason(mode: QueryMode, question: str, *, author_type: str, evidence_class: str,
                         content: str) -> str | None:
    """Why an event is a chat artifact for this question (None = keep it as a finding). The
    echo of the question is dropped in every mode; other questions and the assistant's replies
    in every mode but ``event_stream`` (a listing of what happened, not evidence for a claim)."""
    if author_type == "user" and is_echo(question, content):
        return "question_echo"
    if mode is QueryMode.EVENT_STREAM or about_conversation(question):
        return None
    if author_type == "assistant":
        return "assistant_answer"
    if evidence_class in ARTIFACT_CLASSES:
        return f"chat_artifact:{evidence_class}"
    return None


def filter_scopes(mode: QueryMode, events: Iterable[tuple[object, str]]) -> tuple[list[object], list[object]]:
    """Split ``(key, scope)`` pairs into (kept, dropped) for ``mode``."""
    kept: list[object] = []
    dropped: list[object] = []
    for key, scope in events:
        (kept if scope_allows(mode, scope) else dropped).append(key)
    return kept, dropped
