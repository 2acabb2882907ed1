"""Does the anchor's own line tell what came before it, or after it? (pure functions)

"What car did I have before the Subaru?" is measured from the line that names the Subaru, and
that line is normally only the reference point: "I just bought a Subaru" answers nothing about
the car before. But a change is often told in one line, the old state with the new — "Sold my
old Civic and bought a used Subaru Outback", "We moved from Boston to Denver", 我把旧的卡罗拉卖了，
换了一辆比亚迪汉, 我从百度离职了，下周去字节上班 — and when the user never named the old state
elsewhere, the anchor line is the only evidence of the answer. Dropping it (the anchor is before
nothing, and the window ends where it starts) left such questions with no finding at all.

The line tells what came before the anchor when

* a clause of it that does not name the anchor tells a change of the question's state family
  ("Sold my old Civic", 我从百度离职了) or leaves something ("I left Initech"), or
* the anchor's own clause leads up to it from something else ("from Boston to", "traded the
  Focus in for", 从北京搬到, 卡罗拉换成).

"After X" is the mirror: "where did I work after Initech?" is measured from "I left Initech and
joined Hooli", which tells the answer too — when the anchor's clause goes on from it to something
else ("from Boston to Denver", 卡罗拉换成了…) or a later clause of the line, not naming the anchor,
tells a change of the family or an arrival somewhere ("…, joined Hooli", 下周去字节上班).
"""

from __future__ import annotations

import re
from typing import Iterator

from ..text.segment import query_terms
from .state_statement import change_at

#: where one clause of a line ends and the next begins
_CLAUSE = re.compile(r"[.!?;。！？；，,、]|\s(?:and|but|so|then|&)\s", re.IGNORECASE)
#: the anchor's clause leads up to it from something else (matched against the clause's text
#: before the anchor)
_FROM_TO = re.compile(
    r"\bfrom\s+(?!(?:now|then|today|tomorrow|scratch|home)\b)\S.*?\b(?:to|into)\s+(?:(?:the|a|an|my|our)\s+)?(?:\w+\s+)?$|"
    r"\b(?:traded|swapped|exchanged|replaced|switched|upgraded)\b.+?\b(?:for|with|to)\s+(?:(?:the|a|an|my|our|new)\s+)*(?:\w+\s+)?$|"
    r"从.+?(?:到|去|进|成)了?(?:一[辆台部只个家所])?$|"
    r".+?(?:换成|换了|改成|转成)了?(?:一[辆台部只个家所])?$",
    re.IGNORECASE)

#: a clause that leaves something, in any family's words ("I left Initech", "ditched the Jeep",
#: 离开了百度): in the anchor line of a question of that family, it is what came before
_LEAVES = re.compile(r"\b(?:left|quit|ditched|dumped|sold|gave\s+up|moved\s+out\s+of|traded\s+in|got\s+rid\s+of|"
                     r"said\s+goodbye\s+to|walked\s+away\s+from)\s+(?:(?:my|the|our|his|her)\s+)?(?:old\s+)?[^\W\d_]|"
                     r"离开了?[\u4e00-\u9fffA-Za-z]|告别了?[\u4e00-\u9fffA-Za-z]", re.IGNORECASE)


#: the anchor's clause goes on from it to something else (matched against the clause's text after
#: the anchor: "Boston| to Denver", "the Focus| for a Kia", "卡罗拉|换成了比亚迪")
_ON_TO = re.compile(r"^(?:\s+\w{1,2})?\s+(?:in\s+)?(?:to|for|into)\s+\S|^(?:[^，,。！？!?]{0,4}?)(?:换成|换了|搬到|搬去|跳到|跳槽到|跳槽去|转到|改成)",
                    re.IGNORECASE)
#: … when the clause leads into the anchor by a change ("from", "traded", 从, 把)
_LEADS_FROM = re.compile(r"\b(?:from|traded|swapped|exchanged|switched|replaced|upgraded|moved|went)\b|从|把", re.IGNORECASE)
#: a clause that arrives somewhere, in any family's words ("joined Hooli", "moved to Denver",
#: "bought a Subaru", 去字节上班, 入职腾讯, 搬到了成都, 养了只猫)
_ARRIVES = re.compile(r"\b(?:joined|started at|started with|moved to|moved into|bought|got|adopted|switched to|"
                      r"went to|now at|now in|signed with)\b|"
                      r"去了?[\u4e00-\u9fffA-Za-z]|到了?[\u4e00-\u9fffA-Za-z]|入职|加入|搬到|搬去|买了|换了|养了|领养", re.IGNORECASE)


def _anchor_span(content: str, anchor_text: str) -> tuple[int, int] | None:
    """Where the line names the anchor: from the earliest of its words (Latin, as whole words;
    Chinese words of two characters or more: 搬到成都 is found at 成都) to the end of the last
    of them that follows within a few characters ("Model Y")."""
    lowered = content.lower()
    found: list[tuple[int, int]] = []
    for term in query_terms(anchor_text):
        t = term.lower()
        if t.isascii():
            m = re.search(rf"(?<![\w]){re.escape(t)}(?![\w])", lowered)
            if m:
                found.append(m.span())
        elif len(t) >= 2 and (i := lowered.find(t)) >= 0:
            found.append((i, i + len(t)))
    if not found:
        return None
    found.sort()
    start, end = found[0]
    for s, e in found[1:]:
        if s <= end + 2:
            end = max(end, e)
    return start, end


def _clauses(content: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each clause of the line, in order."""
    start = 0
    for m in _CLAUSE.finditer(content):
        yield start, m.start()
        start = m.end()
    yield start, len(content)


def tells_before(content: str, anchor_text: str, family: str | None) -> bool:
    """Whether ``content`` — the anchor event of a "before <anchor>" question — also tells the
    state of ``family`` it replaced (see the module docstring)."""
    span = _anchor_span(content, anchor_text) if family else None
    if span is None:
        return False
    at = span[0]
    for start, end in _clauses(content):
        clause = content[start:end]
        if start <= at < end:
            if _FROM_TO.search(content[start:at]):
                return True
        elif clause.strip() and (change_at(clause, family) is not None or _LEAVES.search(clause)):
            return True
    return False


def tells_after(content: str, anchor_text: str, family: str | None) -> bool:
    """Whether ``content`` — the anchor event of an "after <anchor>" question — also tells what
    came after the anchor (see the module docstring). ``family`` may be None or no state family
    ("离开百度以后我去了哪" reads as a visit): then an arrival alone tells it."""
    span = _anchor_span(content, anchor_text)
    if span is None:
        return False
    at, after = span
    past = False
    for start, end in _clauses(content):
        clause = content[start:end]
        if start <= at < end:
            if _LEADS_FROM.search(content[start:at]) and _ON_TO.search(content[after:max(after, end)]):
                return True  # (led by a change: "I drive a Civic to work" goes nowhere)
            past = True
        elif past and clause.strip() and ((family and change_at(clause, family) is not None) or _ARRIVES.search(clause)):
            return True
    return False
