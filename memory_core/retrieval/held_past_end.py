"""A thing ended, another taken while it was still held: which one answers "what do I drive now"?

People take the new thing before they give up the old one: the new car is bought, then the old
one sold a month later; the new job starts, then the old contract runs out; the keys to the new
flat come before the old one is handed back. The line that ends the old thing is the newest word
on the family, so a ``current_state`` question found it first ("finally sold the Corolla…",
"vehicle: no longer 捷达") and answered with an end although the user holds the newer thing.

:func:`taken_before_end` finds the line that took it: the user's own, told while the ended thing
was held, a change word of the family that is not an end beside a name of the family's kind
other than the ended one, not weighed or dated ahead, and not itself ended by a later line.
Only the families where holding two at once is ordinary (``HELD_PAST_END_FAMILIES``). Pure
functions: the service reads the lines and the names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .newer_state import tentative
from .state_statement import END_CUES, change_words, near_word, not_begun, refers_back_at


@dataclass(frozen=True, slots=True)
class NamedLine:
    """A chat line with the names of the asked family's kind it holds (the entity catalogue's)."""
    event_id: str
    occurred_at: float
    seq: int
    content: str
    names: tuple[str, ...]
    own: bool  # the user's own word on their state (not another speaker's, not someone else's news)


def ended_name(line: NamedLine, family: str) -> str | None:
    """The thing a line ends by name ("finally sold the Corolla", 朗逸终于卖掉了): a name of the
    family's kind beside an end word; None when it ends nothing it names."""
    ends = END_CUES.get(family, frozenset())
    for word, at in change_words(line.content, family):
        if word in ends:
            named = [n for n in line.names if near_word(line.content, n, (word, at))]
            if named:
                return min(named, key=lambda n: abs(line.content.lower().find(n.lower()) - at))
    return None


def takes_new(line: NamedLine, family: str, ended: str, moment: float, *, naming_old: bool = False) -> str | None:
    """The new thing the line takes (its name), or None. ``naming_old``: the line may name the
    ended thing too (the line that ends it: "MINI卖了，换了问界M7" takes the 问界M7 itself)."""
    low = line.content.lower()
    if not line.own or not naming_old and ended in low or tentative(line.content):
        return None  # the old thing itself, a change weighed, somebody else's
    ends = END_CUES.get(family, frozenset())
    for word, at in change_words(line.content, family):
        if word in ends or refers_back_at(line.content, (word, at)) or \
                not_begun(line.content, line.occurred_at, moment, at, family):
            continue
        named = [n for n in line.names if n.lower() != ended and ended not in n.lower() and near_word(line.content, n, (word, at))]
        if named:
            return named[0]
    return None


def taken_before_end(ended: str, held_from: float | None, end_at: float, lines: Sequence[NamedLine], family: str,
                     moment: float) -> NamedLine | None:
    """The newest of ``lines`` that took a new thing of ``family`` while ``ended`` was held
    (after ``held_from``, at or before ``end_at``) and that no later line up to ``moment`` ends
    by name; None when there is none."""
    old = ended.strip().lower()
    if not old:
        return None
    took: list[NamedLine] = []
    for line in lines:
        if not (held_from is None or held_from < line.occurred_at) or line.occurred_at > end_at:
            continue
        new = takes_new(line, family, old, moment)
        if new is None:
            continue
        gone = any(later.occurred_at > line.occurred_at and later.occurred_at <= moment
                   and (ended_name(later, family) or "").lower() == new.lower() for later in lines)
        if not gone:
            took.append(line)
    return max(took, key=lambda l: (l.occurred_at, l.seq), default=None)


def held_from_lines(ended: str, lines: Sequence[NamedLine], end_at: float) -> float | None:
    """When an ended thing was first named among ``lines`` before its end (an L1 top has no
    belief to say since when it was held): None when no earlier line names it."""
    old = ended.lower()
    times = [l.occurred_at for l in lines if l.occurred_at < end_at and old in l.content.lower()]
    return min(times) - 1e-6 if times else None
