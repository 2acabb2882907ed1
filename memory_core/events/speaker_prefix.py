"""Who speaks in a pasted "Name: text" chat line that names no ``speaker``.

A user who pastes a group chat or a transcript into the chat ("Jenna: I just started at Pixar!")
reports what somebody else said; stored as the user's own line, "started at Pixar" would become
the user's employer. The event contract's ``speaker`` field says it explicitly; this reads the
same thing from the line itself, conservatively: a person's name, never a label ("Note:",
"Update:", "Monday:", 备注：, 今天：) — a label line stays the user's, since losing a user fact is
worse than keeping one more pasted line as the user's words.

Pure policy: no database, no events; ``normalize_chat`` asks it for a user line without
``speaker``.
"""

from __future__ import annotations

import re

from ..lexicon.names import ZH_SURNAMES
from ..text.segment import jieba_knows, jieba_posseg
from ..text.stopwords import STOPWORDS

#: "Name: text" / "Name Surname: text" (an ASCII or a full-width colon, text after it)
_EN_PREFIX = re.compile(r"^(?P<name>[A-Z][a-z]+(?:[ '-][A-Z][a-z]+)?)\s*[:：]\s*(?=\S)")
_ZH_PREFIX = re.compile(r"^(?P<name>[\u4e00-\u9fff]{2,4})\s*[:：]\s*(?=\S)")

#: what opens a note rather than names a person (the words a user writes before a colon)
LABELS_EN: frozenset[str] = frozenset("""
note notes update updates edit ps reminder reminders todo to-do question questions answer answers q a re fwd fw
subject title summary tip tips warning error important also btw fyi today tonight yesterday tomorrow morning
afternoon evening night monday tuesday wednesday thursday friday saturday sunday january february march april may
june july august september october november december dear hi hey hello news fact facts context goal goals plan plans
step example source link task tasks lunch dinner breakfast work home family health diet food weather status
location address phone email date time agenda meeting notes idea ideas thought thoughts feeling mood update result
results conclusion background problem issue solution fix bug feature request reply response prompt input output
user me myself assistant system tool bot ai chatgpt claude magi mom dad mum mother father wife husband boyfriend
girlfriend partner son daughter brother sister boss dr mr mrs ms prof sir doctor teacher
day week month year chapter part section item list quote translation definition meaning
confession rant vent recap spoiler disclaimer psa tldr lol omg ugh wow yay oops random quick big good bad great
real honest serious sad fun plot twist breaking announcement shoutout unpopular hot take opinion observation story
storytime throwback flashback vibe vibes life lesson advice help urgent sorry correction clarification progress
milestone win fail lesson confirmed official finally anyway welp honestly seriously okay ok yes no nope yep
decided decision done finished started updated fixed solved edited added noted booked ordered moved changed
cancelled canceled completed resolved closed posted shared sent received verdict outcome
""".split())
#: the endings of English abstract nouns, on words of seven letters or more ("Confession:",
#: "Announcement:", "Correction:"): a label, not a name (Marion, Trinity, Florence stay names)
_LABEL_SUFFIX = re.compile(r"^\w{4,}(?:ion|ment|ness|ship|ism)$")
LABELS_ZH: frozenset[str] = frozenset({
    "备注", "更新", "提醒", "问题", "回答", "今天", "昨天", "明天", "总结", "笔记", "待办", "计划", "日记", "记录",
    "心情", "天气", "地址", "电话", "时间", "日期", "目标", "想法", "感想", "结论", "背景", "任务", "补充", "说明",
    "注意", "重点", "附言", "早上", "晚上", "中午", "下午", "上午", "周末", "用户", "助手", "系统", "我妈", "我爸",
    "老公", "老婆", "妈妈", "爸爸", "老板", "同事",
})


def speaker_of(content: str) -> str | None:
    """The person a user line is quoted from ("Jenna: …" → "Jenna", 小王：… → 小王), or None."""
    m = _EN_PREFIX.match(content)
    if m:
        name = m["name"]
        words = [w.lower() for w in re.split(r"[ '-]", name)]
        if any(w in LABELS_EN or w in STOPWORDS or _LABEL_SUFFIX.search(w) for w in words):
            return None
        return name
    m = _ZH_PREFIX.match(content)
    if m:
        name = m["name"]
        if name in LABELS_ZH or name.startswith("我"):
            return None
        tokens = list(jieba_posseg().cut(name))
        if len(tokens) == 1 and tokens[0].flag in ("nr", "nrt"):
            return name  # 张伟, 小王, 老李: jieba reads a person's name
        if not jieba_knows(name) and (name[0] in ZH_SURNAMES or name[0] in "小老阿") and len(name) <= 3:
            return name  # a name jieba's dictionary lacks, shaped like one
        if len(name) == 2 and name[0] in "小老阿" and name[1] in ZH_SURNAMES:
            return name  # 老张, 小马, 阿金: a surname called by 老 / 小 / 阿, which jieba reads as a noun
            # (an old man, a pony), but before a colon opening a line, somebody speaking
    return None
