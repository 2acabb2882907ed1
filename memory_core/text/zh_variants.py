"""Traditional characters and Cantonese particles read as Simplified Mandarin, for matching only.

The word lists of the state families (离职, 搬到, 最后签了) are written in Simplified Mandarin; a
user from Taiwan or Hong Kong writes 已經離職了, 搬咗去沙田, and the same change goes unread. The
character table is OpenCC's (``opencc_purepy``'s ``TSCharacters.txt``, MIT): a maintained
Traditional→Simplified table beats a hand-kept one. Only the character level is used, and only
its first candidate, so the text keeps its length and every offset a match reports is an offset
into the original (phrase conversion would move them, and a stored line is never rewritten: this
is for reading cue words, not for display or the index).

The few Cantonese particles that carry a change's grammar are mapped the same way, one character
for one: 咗 (了), 喺 (在), 冇 (没), 嘅 (的), 唔 (不), 佢 (他), 咩 (啥); and a dozen two-character words two for
two (而家 "now" would otherwise read as a home; 做嘢 "to work").
"""

from __future__ import annotations

import importlib.resources
import logging
import re
from functools import lru_cache

log = logging.getLogger(__name__)

#: Cantonese particle → the Mandarin word it plays in a change told ("签咗平安" → 签了平安)
_CANTONESE = {"咗": "了", "喺": "在", "冇": "没", "嘅": "的", "唔": "不", "佢": "他", "咩": "啥"}
#: Cantonese words of two characters → Mandarin words of two (the length kept): 而家 is "now"
#: (its 家 is no home), 返工 "go to work", 咗去 the order of 去了 (搬咗去沙田 → 搬去了沙田)
_CANTONESE_WORD = {"而家": "现在", "返工": "上班", "放工": "下班", "边度": "哪里", "邊度": "哪里", "边间": "哪间",
                   "邊間": "哪间", "琴日": "昨天", "揾工": "找工", "搵工": "找工", "咗去": "去了", "咗嚟": "来了",
                   "返嚟": "回来", "返去": "回去", "做嘢": "工作",
                   # 食 is "eat" in Cantonese (食返蛋同奶 → 吃回: eats them again; 食全素, 唔食肉) —
                   # only before what a diet names: 素食 and 食物 stay Mandarin words
                   "食返": "吃回", "食素": "吃素", "食肉": "吃肉", "食咗": "吃了", "唔食": "不吃", "食全": "吃全",
                   "食斋": "吃斋", "食齋": "吃斋", "食蛋": "吃蛋", "食魚": "吃鱼", "食鱼": "吃鱼"}
_CANTONESE_WORDS = re.compile("|".join(map(re.escape, _CANTONESE_WORD)))


@lru_cache(maxsize=1)
def _table() -> dict[int, str]:
    """The one-character map for ``str.translate``: OpenCC's first Simplified candidate of each
    Traditional character, then the Cantonese particles. Without the package (a broken install),
    the particles alone — matching falls back to the Simplified words, as before."""
    table: dict[int, str] = {}
    try:
        text = (importlib.resources.files("opencc_purepy") / "dicts" / "TSCharacters.txt").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError) as exc:
        log.warning("Traditional Chinese table unavailable (%s): Traditional lines match Simplified words only", exc)
        text = ""
    for line in text.splitlines():
        if not line or line.startswith("#") or "\t" not in line:
            continue
        src, targets = line.split("\t", 1)
        first = targets.split(" ", 1)[0]
        if len(src) == 1 and len(first) == 1 and src != first:
            table[ord(src)] = first
    table.update({ord(k): v for k, v in _CANTONESE.items()})
    return table


def as_simplified(text: str) -> str:
    """``text`` with Traditional characters and Cantonese particles as Simplified Mandarin,
    character for character (same length, same offsets)."""
    if not text or text.isascii():
        return text
    return _CANTONESE_WORDS.sub(lambda m: _CANTONESE_WORD[m.group(0)], text).translate(_table())
