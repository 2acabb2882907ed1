"""A plan told with its name, carried out later in words that name nothing.

"复试过了，海南大学MPA，九月份入学" in April, then "今天开学典礼，以后周末上课" in September: the
later line tells the start (开学) and is the newest change of the family, so a ``current_state``
question found it first — and it does not say where. The line that does is the plan it carries
out, told weeks or months before with a date that has now come. :func:`plan_carried_out` finds
it: the user's own earlier line that tells a change of the family, names a thing of the family's
kind and dates it ahead to about when the later line was told. Pure: the service reads the lines.
"""

from __future__ import annotations

from typing import Sequence

from ..policy import PLAN_CARRIED_OUT_DAYS, PLAN_DATE_SLACK_DAYS, PLAN_UNDATED_DAYS, PLAN_UNDATED_FAMILIES
from .held_past_end import NamedLine
from .newer_state import asks_last
from .state_statement import END_CUES, change_at, refers_back_at
from .timeparse import find_future_time, start_ahead, told_as_past

DAY = 86400.0


def names_nothing_new(line: NamedLine, family: str) -> bool:
    """The line tells a start of the family by a change word that is not an end and does not refer
    back ("今天开学典礼", "first shift tomorrow… today was day one"), and names no thing of the
    family's kind."""
    if family not in END_CUES:
        return False  # a family whose ends are not told apart from its starts (离婚 is no start)
    found = change_at(line.content, family)
    return line.own and not line.names and found is not None and found[0] not in END_CUES[family] \
        and not refers_back_at(line.content, found)


def _starts(line: NamedLine, family: str) -> bool:
    """The line tells a change of the family that is no end (毕业旅行想去云南 tells no start)."""
    found = change_at(line.content, family)
    return found is not None and found[0] not in END_CUES.get(family, frozenset())


def _dated_to(line: NamedLine) -> float | None:
    """When the change a line tells is dated to begin, if it dates it ahead of its telling."""
    when = find_future_time(line.content)
    if when is None or told_as_past(line.content, when.span):
        return None  # (a bare month is a plan once it is ahead of the telling: 九月份入学 told in April)
    return start_ahead(when.expression, line.occurred_at)


def plan_carried_out(top: NamedLine, earlier: Sequence[NamedLine], family: str) -> NamedLine | None:
    """The newest of ``earlier`` the user told at most ``PLAN_CARRIED_OUT_DAYS`` before ``top``
    that tells a change of ``family``, names a thing of its kind and dates it ahead to within
    ``PLAN_DATE_SLACK_DAYS`` of ``top`` — or, undated and for school only, is the newest change
    told before ``top``, at most ``PLAN_UNDATED_DAYS`` before it and asks nothing — when ``top``
    names nothing new; else None."""
    if not names_nothing_new(top, family):
        return None
    plans: list[NamedLine] = []
    changes = [l for l in earlier if l.own and 0 < top.occurred_at - l.occurred_at <= PLAN_CARRIED_OUT_DAYS * DAY
               and _starts(l, family)]
    newest = max(changes, key=lambda l: (l.occurred_at, l.seq), default=None)
    for line in changes:
        if not line.names:
            continue
        begins = _dated_to(line)
        if begins is not None and abs(begins - top.occurred_at) <= PLAN_DATE_SLACK_DAYS * DAY:
            plans.append(line)
        elif begins is None and line is newest and family in PLAN_UNDATED_FAMILIES and not asks_last(line.content) \
                and top.occurred_at - line.occurred_at <= PLAN_UNDATED_DAYS * DAY:
            # undated ("UCLA transfer录了！！…fall就可以去Westwood了"): the newest change before the
            # start, not long before it, with nothing told between them
            plans.append(line)
    return max(plans, key=lambda l: (l.occurred_at, l.seq), default=None)
