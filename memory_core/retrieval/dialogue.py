"""A reply answers its prompt: a chat question that matches the query lends its score to the
message that answers it.

Why: in a conversation the words of a question are asked once and then answered in words of
their own — "How long have you been married?" / "5 years already!". Lexical and semantic paths
find the *prompt* (it shares the query's words: "How long have Mel and her husband been
married?"), while the fact is in the reply, which shares none of them. The embedder already
reads a reply with the end of its prompt (``embedding_worker.conversation_context``), but BM25 and
the keyword path cannot, so the prompt outranks its own answer. A question is never evidence of
a fact (``scope``: questions are artifacts), its reply may be. Measured on LoCoMo conversations
1–3 (docs/retrieval-eval.md): of the turns missed at rank 5, about a quarter had their prompt in
the top 5.

The rule: a candidate whose *last* sentence is a question (the prompt) hands ``factor`` × its
fused score to the next chat message of its session when that is more than the reply scored on
its own (max, not sum: a reply is not counted twice), and keeps ``keep`` of its own score. The
reply is still judged by the scope rules and the reranker after this. Pure functions: the
caller looks the replies up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Hashable, Mapping, Sequence

from ..governance.cues import has_question_cue, split_sentences
from .rrf import Fused

#: a shared photo's caption or a trailing emoji after the question does not make it a statement
_TRAILER = re.compile(r"(\s*\[shares? a photo:[^\]]*\]|\s*[\U0001F000-\U0001FAFF\u2600-\u27BF]+)+\s*$")
#: the pseudo-path a lifted reply's score is credited to in the trace
REPLY_TO = "reply_to"
#: "Caroline: text" — a chat line rendered with its speaker
_SPEAKER = re.compile(r"^[^\s:：]{1,40}[:：]\s+")


@dataclass(frozen=True, slots=True)
class Lift:
    """A reply's score lifted by its prompt (for the trace)."""

    reply: Hashable
    prompt: Hashable
    before: float
    after: float


def ends_with_question(content: str) -> bool:
    """True when the message's last sentence asks something (it expects an answer next)."""
    text = _TRAILER.sub("", _SPEAKER.sub("", content or "", count=1)).strip()
    if not text:
        return False
    sentences = split_sentences(text)
    return bool(sentences) and has_question_cue(sentences[-1])


def lift_replies(fused: Sequence[Fused], replies: Mapping[Hashable, Hashable], factor: float,
                 keep: float = 1.0) -> tuple[list[Fused], list[Lift]]:
    """``replies``: prompt key → its reply's key. A reply gets ``factor`` × its prompt's score
    when that is more than its own; a prompt then keeps ``keep`` of its own. Returns the list
    re-sorted by score (stable for equal scores: a prompt stays before the reply it lifted to
    its own score) with a reply absent from ``fused`` added, and the lifts made. The scores
    are changed in place."""
    by_key = {f.key: f for f in fused}
    own = {f.key: f.score for f in fused}  # a lifted reply lends only its own score on (no chains)
    out = list(fused)
    lifts: list[Lift] = []
    for rank, f in enumerate(fused, start=1):
        reply = replies.get(f.key)
        if reply is None or reply == f.key:
            continue
        target = own[f.key] * factor
        r = by_key.get(reply)
        if r is None:
            r = Fused(reply, 0.0)
            by_key[reply] = r
            out.append(r)
        if target > r.score:
            lifts.append(Lift(reply, f.key, r.score, target))
            r.score = target
            # read as "reply to fused #rank" in the trace
            r.contributions[REPLY_TO] = (rank, factor, target)
    for f in fused:
        if f.key in replies and replies[f.key] != f.key:
            f.score *= keep
    order = {f.key: i for i, f in enumerate(out)}
    out.sort(key=lambda f: (-f.score, order[f.key]))
    return out, lifts
