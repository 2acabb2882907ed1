"""A plan told with its name, carried out later in words that name nothing.

"复试过了，海南大学MPA，九月份入学" in April, then "今天开学典礼，以后周末上课" in September: the
later line tells the start (开学) and is the newest change of the family, so a ``current_state``
question found it first — and it does not say where. The line that does is the plan it carries
out, told weeks or months before with a date that has now come. :func:`plan_carried_out` finds
it: the user's own earlier line that tells a change of the family, names a thing of the family's
kind and dates it ahead to about when the later line was told. Pure: the service reads the lines.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..governance.cues import asks_somewhere
from ..policy import (PLAN_AGREED_DAYS, PLAN_CARRIED_OUT_DAYS, PLAN_DATE_SLACK_DAYS, PLAN_UNDATED_DAYS,
                      PLAN_UNDATED_FAMILIES)
from .held_past_end import NamedLine
from .newer_state import asks_last, tentative
from .state_statement import END_CUES, change_at, change_words, names_the_change, refers_back_at
from .timeparse import find_future_time, start_ahead, told_as_past

DAY = 86400.0


def names_nothing_new(line: NamedLine, family: str) -> bool:
    """The line tells a start of the family by a change word that is not an end and does not refer
    back ("今天开学典礼", "first shift tomorrow… today was day one"), and names no thing of the
    family's kind as the change's (``names_the_change``: 搬完了…，回龙观那边房东押金还没退 names only
    the place left)."""
    if family not in END_CUES:
        return False  # a family whose ends are not told apart from its starts (离婚 is no start)
    found = change_at(line.content, family)
    return line.own and found is not None and not names_the_change(line.content, line.names, found) \
        and found[0] not in END_CUES[family] and not refers_back_at(line.content, found)


def _starts(line: NamedLine, family: str) -> bool:
    """The line tells a change of the family that is no end (毕业旅行想去云南 tells no start) — any
    of its changes ("P7挂闲鱼卖了，下周小米SU7交付": the old one sold, the new one ordered)."""
    ends = END_CUES.get(family, frozenset())
    return any(word not in ends for word, _ in change_words(line.content, family))


#: per family, the change words that tell a thing agreed or ordered before it is held — an offer
#: or a contract signed, a car bought or ordered for a later handover, a home bought or signed
#: for before the move (the found word of ``change_words``: a cue, or a pattern's whole match).
#: The start told later in words that name nothing ("第一天入职，工牌还没发", "提车了", "Moved
#: in! Unpacked most of the kitchen") carries it out, dated or not.
_AGREED: dict[str, re.Pattern[str]] = {
    "work": re.compile(r"offer|signed with|contract with|签了|签的是|签约"),
    "vehicle": re.compile(r"bought|ordered|deposit|went with|ended up with|锁单|下定|下订|交付|买|上了|选的"),
    "residence": re.compile(r"bought|signed|closed on|买|定了|签了|二手房|房子"),
}


def _agreed(line: NamedLine, family: str) -> bool:
    """The user's line tells a thing of ``family`` agreed or ordered (``_AGREED``), neither asked
    about nor weighed ("got offer from kiranapay… should i take?", "might go with the Kia")."""
    rx = _AGREED.get(family)
    if rx is None or not line.own or not line.names or tentative(line.content) or \
            asks_somewhere(line.content):
        return False
    return any(rx.search(word) for word, _ in change_words(line.content, family))


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
    told before ``top``, at most ``PLAN_UNDATED_DAYS`` before it and asks nothing — or, undated in
    any family with agreed words, the newest line that tells the thing agreed or ordered
    (``_agreed``) at most ``PLAN_AGREED_DAYS`` before ``top`` with no other start after it — when
    ``top`` names nothing new; else None."""
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
    if plans:
        return max(plans, key=lambda l: (l.occurred_at, l.seq))
    # undated, an agreed thing ("offer下来了！！美团的" … "第一天入职"; "Signed for a villa … in
    # Tauranga" … "Moved in!"): the newest agreed line not long before the start, with no other
    # start told between them (an end between is the old thing's: 提了离职 after the offer)
    agreed = [l for l in earlier if 0 < top.occurred_at - l.occurred_at <= PLAN_AGREED_DAYS * DAY and _agreed(l, family)]
    line = max(agreed, key=lambda l: (l.occurred_at, l.seq), default=None)
    if line is None or any(l is not line and _starts(l, family) and (line.occurred_at, line.seq) < (l.occurred_at, l.seq)
                           for l in changes):
        return None
    return line
