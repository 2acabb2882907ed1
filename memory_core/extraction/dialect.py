"""Colloquial first-person pronouns read as the standard ones before extraction.

Northern Mandarin chat says 俺 / 俺家 / 咱 / 咱们 where the statement patterns expect 我 / 我家 /
我们: "俺前年整了辆五菱宏光", "咱这两年一直在天津待着". Rewriting the statement rules for every
dialect word would double them; the words are rewritten instead, one character for one so every
offset (mention spans, evidence spans) stays valid, and the evidence the output carries is cut
back out of the text the user wrote (``rule_engine._cased`` with ``truecase.restore``, as for
restored capitals).
"""

from __future__ import annotations

import re

#: longest first: 咱们 is 我们 (inclusive "we"), a bare 咱 in chat is the teller (咱这两年…)
_FIRST_PERSON = (("咱们", "我们"), ("俺们", "我们"), ("俺", "我"), ("咱", "我"))
_RX = re.compile("|".join(word for word, _ in _FIRST_PERSON))
_STANDARD = dict(_FIRST_PERSON)


def standard_pronouns(text: str) -> str:
    """``text`` with colloquial first-person pronouns as 我 / 我们 (same length, same offsets)."""
    if "俺" not in text and "咱" not in text:
        return text
    return _RX.sub(lambda m: _STANDARD[m.group()], text)

