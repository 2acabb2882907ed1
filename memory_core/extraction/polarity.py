"""Clause polarity: whether a negated state statement ends a value or only denies one.

Both readings give the negated relation *and* the negated trait: "I don't live in Denver"
after "I live in Denver" must close that residence, and when nothing is live L2 drops the
negated trait ("nothing live to negate"), so a denial never invents a state. The distinction
still decides where a negation alone would be ambiguous: "I'm not in Boston" may be a trip,
"I'm not in Boston anymore" ends a home (``en_presence_end``). What tells them apart is not the
verb but the clause's aspect: "anymore / any longer / no longer / not … now", and in Chinese
the change-of-state 了, 已经, 早就, 不再, 再也 — against 过, 从来, 从没, "never".

A second gap the same cues close: a Chinese negation the patterns' ``neg`` slot cannot see,
because an adverb stands between subject and negation (我早就不住在…) or the negation follows
the object (我和陈曦已经没在一起了). ``zh_negation_over`` finds a negation fused to a state verb
in the object's own comma part, so the engine can turn the claim it read as a start.

Pure functions over the clause text; the engine decides what to emit.
"""

from __future__ import annotations

import re

#: English: the clause says the state held and has stopped
_EN_END = re.compile(r"\b(?:any ?more|any longer|no longer|not\b[^.;]*\b(?:now|these days)|"
                     r"(?:have|has|had) not\b[^.;]*\bsince)\b")
#: English negation cues (on text normalised by the engine: "don't" → "do not")
_EN_NEG = re.compile(r"\b(?:not|never|no longer|nor)\b")
#: Chinese negation fused to a state verb: 不住, 没在, 不养, 没有(高血压), 不再开, 没(在)一起
_ZH_NEG_VERB = re.compile(
    r"(?P<neg>再也不|再也没有?|不再|从来没有?|从没有?|从未|并没有?|并不|没有|没|不)"
    r"(?P<adv>再|怎么|太|常)?"
    r"(?P<verb>在一起|在|住|养|开|骑|干|上班|工作|读|念|上学|吃|有|是)")
#: Chinese end aspect: 了 closing the part, or an adverb of an accomplished change
_ZH_END = re.compile(r"已经|早就|早已|不再|再也|了(?:[吧啊呀啦哦呢]?)$")
#: Chinese experiential / never: a denial of a value, not its end
_ZH_PLAIN = re.compile(r"过|从来|从没|从未|根本")
_ZH_PART = re.compile(r"[，,；;。！？!?]")


def en_negation_ends(clause: str) -> bool:
    """Whether an English negated clause (normalised: lower case, contractions expanded) ends a
    held state rather than denying one."""
    return bool(_EN_END.search(clause))


def en_negated(clause: str) -> bool:
    return bool(_EN_NEG.search(clause))


def _part_around(text: str, lo: int, hi: int) -> tuple[int, int]:
    """The comma part of ``text`` that holds the span [lo, hi)."""
    start = 0
    for m in _ZH_PART.finditer(text):
        if m.end() <= lo:
            start = m.end()
        elif m.start() >= hi:
            return start, m.start()
    return start, len(text)


def zh_negation_ends(part: str) -> bool:
    """Whether a negated Chinese part ends a held state (了, 已经, 早就, 不再) rather than
    denying one (过, 从来, 从没)."""
    part = part.strip().rstrip("。！!？?～~…")
    if _ZH_PLAIN.search(part):
        return False
    return bool(_ZH_END.search(part))


def zh_negation_over(text: str, lo: int, hi: int) -> str | None:
    """How a negation in the comma part holding the object span [lo, hi) of ``text`` reads:
    ``"end"``, ``"plain"`` or None when no negation is fused to a state verb there. The
    negation must follow the part's subject 我 (or the part must have none), so 不 in a name or a
    second person's verb is not taken."""
    a, b = _part_around(text, lo, hi)
    part = text[a:b]
    for m in _ZH_NEG_VERB.finditer(part):
        at = a + m.start()
        if lo <= at < hi:
            continue  # inside the name itself
        if re.search(r"[他她你]", part[:m.start()]):
            return None  # someone else's verb
        return "end" if zh_negation_ends(part) else "plain"
    return None


#: "i am not at uber any more", "we are no longer in boston", "i am not with dan now": the
#: speaker's presence at an employer, in a city or with a partner, denied with an end marker
_EN_PRESENCE = re.compile(r"\b(?:i|we) (?:am|are) (?:not|no longer) (?:really |actually |even )?"
                          r"(?P<prep>at|in|with) (?P<rest>[^.,;!?]+)")


def en_presence_end(clause: str) -> tuple[str, str] | None:
    """(preposition, the phrase after it) of an ended presence ("i am not in boston any more"),
    on an English clause normalised by the engine; None when the clause has no end marker
    ("i am not in boston" may be a trip)."""
    m = _EN_PRESENCE.search(clause)
    if m is None or not en_negation_ends(clause):
        return None
    return m.group("prep"), m.group("rest")
