"""The state family a current_state question asks about when it names only the thing.

"Am I still at Safaricom?", 我现在还在字节干吗？, "do we still have Clover?": the question holds no
word of a state family (work, pet…), only the name of the thing the state was about — and
without the family the reranker cannot lift the user's later word on it ("Today was my last
day. Cleared my desk", 上周办完离职了), which names neither the thing nor the question's words.
The user's own lines that name the thing say what it is to them: "Safaricom call centre shift
starts 7am" speaks of a job, "Clover (our lop rabbit) chewed the lamp cord" of a pet. A form of
pseudo-relevance feedback: the best-matching statements, read for the family's words, stand in
for the word the question left out.

Pure policy: the service hands the fused head in order and applies the family it gets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..policy import NAMED_FAMILY_LINES
from ..text.segment import query_terms
from .newer_state import shared_topic, stated_part
from .state_statement import CHANGE_CUES, LOWERING_REASONS, family_word_at, not_own_state, statement_word


@dataclass(frozen=True, slots=True)
class HeadLine:
    """A candidate of the fused head, as the question's family is read from it."""

    content: str
    author_type: str
    speaker: str | None = None


@dataclass(frozen=True, slots=True)
class NamedFamily:
    family: str
    #: the 0-based position in the head of the line it was read from, and the word shared with
    #: the question (the thing named)
    line: int
    named: str


def families_spoken_of(text: str) -> dict[str, int | None]:
    """The state families (``state_statement.CHANGE_CUES``' keys) whose words a statement uses
    — a change word, a family word, a word telling the state in passing —, each with where
    its first change or family word is (None for a word in passing)."""
    out: dict[str, int | None] = {}
    for family in CHANGE_CUES:
        at = family_word_at(text, family)
        if at is not None or statement_word(text, family):
            out[family] = at
    return out


def family_of_named_thing(question_terms: Sequence[str], head: Sequence[HeadLine], *,
                          lines: int = NAMED_FAMILY_LINES) -> NamedFamily | None:
    """The family of the first of the head's best ``lines`` that is the user's own statement,
    names a content word of the question, and speaks of exactly one state family, as the
    user's own state (not a relative's news); None when none does, or the first such line
    speaks of several (which one the question means is not for a guess)."""
    for i, line in enumerate(head[:lines]):
        if line.author_type != "user" or line.speaker:
            continue
        stated = stated_part(line.content)
        named = shared_topic(question_terms, query_terms(stated)) if stated else None
        if named is None:
            continue
        found = families_spoken_of(stated)
        if len(found) > 1:
            return None
        for family, at in found.items():
            if not_own_state(stated, speaker=None, author_type="user", family=family, at=at) not in LOWERING_REASONS:
                return NamedFamily(family, i, named)
        # (a line on someone else's state — 老张血糖高 — says what the thing is to them, not to the user)
    return None
