"""A chat message continued by the user's next one: what a first finding leaves unsaid.

People split one thought over several chat messages (WeChat-style bursts: "处对象了😁", then
"叫乌兰 幼儿园老师 笑起来贼好看"), and they answer the assistant's follow-up question with a bare
value ("we just moved, need a GP" — "Which town did you move to?" — "Ennis, Co Clare"). The first
message is what retrieval finds (it carries the change word); the value is in the next one. The
rule here is pure: given the lines that follow a first finding in its session, which of them
continue it. The service fetches the lines and shows the continuation inside the finding, with
its event id beside the first one's, so the answer stays traceable to both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..policy import CONTINUATION_ANSWER_CHARS, CONTINUATION_BURST_CHARS, CONTINUATION_GAP_S
from ..governance.cues import asks_somewhere, split_sentences
from .dialogue import ends_with_question


@dataclass(frozen=True, slots=True)
class Line:
    """One chat line after the first finding, in session order."""

    event_id: str
    occurred_at: float
    author_type: str
    content: str
    speaker: str | None = None
    usable: bool = True  # in the question's scopes, not after its now


def continuation(first: Line, following: Sequence[Line]) -> tuple[Line, Line | None] | None:
    """The user's line that continues ``first`` and the assistant's question it answers (None for
    a burst), or None.

    - a burst: ``first`` is short (``CONTINUATION_BURST_CHARS``) and the user's very next line
      follows within ``CONTINUATION_GAP_S``;
    - an answer: the assistant's next line asks a question, and the user's line after it, within
      the gap and opening with a short sentence (``CONTINUATION_ANSWER_CHARS``), answers it.

    A continuation that is itself a question continues nothing."""
    if first.author_type != "user" or first.speaker or not following:
        return None
    nxt = following[0]
    if nxt.occurred_at - first.occurred_at > CONTINUATION_GAP_S:
        return None
    if nxt.author_type == "user" and not nxt.speaker:
        if len(first.content.strip()) <= CONTINUATION_BURST_CHARS and _told(nxt):
            return nxt, None
        return None
    if nxt.author_type != "assistant" or not _asks(nxt.content) or len(following) < 2:
        return None
    reply = following[1]
    if reply.author_type != "user" or reply.speaker or reply.occurred_at - nxt.occurred_at > CONTINUATION_GAP_S:
        return None
    # the answer leads the reply: its first sentence is short ("Labasa, FSC transferred my husband
    # to the mill here. Quiet town but the people are nice")
    sentences = split_sentences(reply.content.strip())
    if not sentences or len(sentences[0].strip()) > CONTINUATION_ANSWER_CHARS or not _told(reply):
        return None
    return reply, nxt


def _told(line: Line) -> bool:
    return line.usable and bool(line.content.strip()) and not ends_with_question(line.content)


def _asks(content: str) -> bool:
    """A sentence of the assistant's line asks ("Congratulations on the move! Which town did you
    move to? I can point you to local resources.")."""
    return asks_somewhere(content)
