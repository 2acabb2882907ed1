"""Does the anchor's own line tell what came before it? (pure functions)

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
"""

from __future__ import annotations

import re

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


def _anchor_at(content: str, anchor_text: str) -> int | None:
    """Where the line first names the anchor: the earliest of its words (Latin, as whole
    words) or of its Chinese words of two characters or more (搬到成都 is found at 成都)."""
    lowered = content.lower()
    found: list[int] = []
    for term in query_terms(anchor_text):
        t = term.lower()
        if t.isascii():
            m = re.search(rf"(?<![\w]){re.escape(t)}(?![\w])", lowered)
            if m:
                found.append(m.start())
        elif len(t) >= 2 and (i := lowered.find(t)) >= 0:
            found.append(i)
    return min(found) if found else None


def tells_before(content: str, anchor_text: str, family: str | None) -> bool:
    """Whether ``content`` — the anchor event of a "before <anchor>" question — also tells the
    state of ``family`` it replaced (see the module docstring)."""
    if not family:
        return False
    at = _anchor_at(content, anchor_text)
    if at is None:
        return False
    start = 0
    for m in [*_CLAUSE.finditer(content), None]:
        end = m.start() if m is not None else len(content)
        clause = content[start:end]
        if start <= at < end:
            if _FROM_TO.search(content[start:at]):
                return True
        elif clause.strip() and (change_at(clause, family) is not None or _LEAVES.search(clause)):
            return True
        if m is None:
            break
        start = m.end()
    return False
