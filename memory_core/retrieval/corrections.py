"""A state told, then corrected: "Aiya sorry typo lah，不是Sengkang，是Punggol".

A correction often has no change word of its family — the move was told in the line before, the
correction only says which place — so the line that told the wrong value stays the newest change
and answers first, and the belief it made (residence: sengkang) with it. :func:`corrected_by`
finds the user's line, told soon after the first finding, that names one of its values again to
say it was said wrong: a correction marker (typo, I meant, 说错了, 纠正一下…) or the value denied in
favour of another (不是X，是Y, "not X, it's Y"). Pure functions: the service reads the lines.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from .held_past_end import NamedLine

#: a line that says the user misspoke ("sorry typo lah", "I meant Austin", 说错了, 纠正一下)
_MARKER = re.compile(
    r"\btypo\b|\bi meant\b|\bcorrection\b|\bscratch that\b|\b(?:scratch|forget|ignore) what i (?:said|told you)\b|\bmisspoke\b|\bautocorrect|\bmy bad\b|\bmy mistake\b"
    r"|说错了|说错啦|打错|写错了|口误|纠正一下|纠正下|更正一下|更正下|搞错了|记错了|記錯|講錯|不对不对|之前说的不算|刚才说的不算",
    re.IGNORECASE)


def corrects_value(content: str, name: str) -> bool:
    """The line names ``name`` (a value told before) and says it was said wrong ("I said Boston
    earlier, I meant Austin", "不是华东师大，是华南师大", "not Leeds, it's Leicester")."""
    key = name.strip().lower()
    low = content.lower()
    if len(key) < 2 or key not in low:
        return False
    if _MARKER.search(content):
        return True
    k = re.escape(key)
    return re.search(rf"不是\s*{k}\s*[，,、 ]*\s*(?:而)?是|\bnot\s+(?:in\s+|at\s+)?{k}\s*[,;—–-]+\s*(?:it'?s\b|its\b|but\b)",
                     low) is not None


def corrected_by(values: Iterable[str], told_at: float, lines: Sequence[NamedLine], window_s: float,
                 moment: float) -> NamedLine | None:
    """The newest of the user's ``lines`` told after ``told_at`` (within ``window_s``, by
    ``moment``) that corrects one of ``values``; None when none does."""
    names = [v for v in dict.fromkeys(str(v).strip() for v in values) if v]
    found = [line for line in lines if line.own and told_at < line.occurred_at <= min(told_at + window_s, moment)
             and any(corrects_value(line.content, v) for v in names)]
    return max(found, key=lambda l: (l.occurred_at, l.seq), default=None)
