"""Clause frames: the last-resort reading of a self statement no statement pattern matched.

Why: the statement patterns are worded (``patterns.py``): each covers the wording family it was
written from, and fresh wording mostly falls outside them (dev6 → dev8: two tuning rounds moved
unseen wording by two claims). A frame reads a clause by what it *contains* instead of its word
order: one typed name of a state family (an organisation, a place, a vehicle, a pet, a
condition) and one cue of that family's start or end ("我在小米已经干了三年" has 小米 and 干了;
"Our old lab Duke passed away in his sleep" has Duke and "passed away").

Precision first, so a frame says nothing when the clause is not plainly about the speaker's own
single state: a person or third-person word in the clause, two names of the family, a start and
an end cue together, a negation or a past marker next to the cue, a blocker that makes the name
something else than the state (an interview at a company, a trip to a city) — each voids the
frame. Mood (questions, plans, conditions) and hearsay are decided before, by the engine.

Pure functions over the clause text and its typed names; the engine emits the claims.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..lexicon.names import JOB_ROLES_ZH
from .names import is_condition, is_school, is_vehicle_word

#: (predicate for a start, predicate for an end, trait) per family
FAMILIES: dict[str, tuple[str, str, str]] = {
    "job": ("WORKS_AT", "WORKS_AT", "employer"),
    "school": ("STUDIES_AT", "STUDIES_AT", "school"),
    "home": ("LIVES_IN", "LIVES_IN", "residence"),
    "move": ("MOVED_TO", "LIVES_IN", "residence"),
    "vehicle": ("DRIVES", "DRIVES", "vehicle"),
    "pet": ("HAS_PET", "HAS_PET", "pet"),
    "health": ("HAS_CONDITION", "HAS_CONDITION", "health"),
    "partner": ("DATING", "DATING", "partner"),
}
#: bare state verbs a frame reads only under a negation (不养猫了, "I do not live in …"): alone
#: they are too general to be a start
_ZH_NEGATABLE: dict[str, str] = {
    "job": r"上班|工作|干", "school": r"读书|念书|上学|读|念", "home": r"住", "vehicle": r"开|骑", "pet": r"养",
    "health": r"有"}
_EN_NEGATABLE: dict[str, str] = {
    "job": r"work|working|employed", "school": r"study|studying|attend|attending|a student",
    "home": r"live|living", "vehicle": r"drive|driving|own|have", "pet": r"own|have",
    "health": r"have|suffer from"}

_ZH_CUES: dict[str, tuple[str, str]] = {  # family: (start cues, end cues)
    "job": (r"上班|工作|入职|任职|就职|实习|打工|上岗|干了[一二三四五六七八九十两几半\d]",
            # 被裁(员): the speaker laid off; a bare 裁员 is the company cutting staff (在裁员)
            r"辞职|离职|辞了|裸辞|不干了|被裁|把我裁了|裁员裁到了?我|被开除|被辞退|被炒|炒了鱿鱼|退休了|合同到期"),
    "school": (r"读书|上学|读研|读博|读本科|读硕士|读博士|就读|念书|读大[一二三四]|读研[一二三]|上大学|在读",
               r"毕业了|毕业的|毕业|退学|肄业"),
    "home": (r"住了|住在|定居|安家|落户|生活了", r"搬离|搬出|搬走了|离开了"),
    "move": (r"搬到|搬去|搬来|搬回|迁居|移居", ""),
    "vehicle": (r"开着|开了[一二三四五六七八九十两几半\d]|驾驶|提了车|开的是", r"卖了|卖掉|报废|被偷|出手了|转手|撞坏了|处理掉了|送人了"),
    "pet": (r"养了|领养|收养|捡了", r"去世|死了|走了|丢了|跑丢|飞走|没了|送人|送走|送养|病逝|安乐|放生|放飞"),
    "health": (r"得了|确诊|患了|患有|查出|诊断出|犯了|复发|发作", r"好了|痊愈|康复|治好|治愈|断根"),
    "partner": ("", r"分手|分了|掰了|吹了"),
}
_EN_CUES: dict[str, tuple[str, str]] = {
    # ("work out at Planet Fitness" is exercise, not a job)
    # ("before work", "after work": a time of day, no job cue)
    "job": (r"(?<!before )(?<!after )(?<!from )(?<!off )(?:work|works|working)(?! out\b)|worked there|employed|hired|joined|interning|shift|shifts",
            r"quit|resigned|laid off|let go|fired|retired from|was my last (?:day|shift)|handed in my notice|walked out"),
    "school": (r"studying|student|enrolled|attending|freshman|sophomore|junior|senior|semester|degree",
               r"graduated|dropped out|finished|completed"),
    # ("based on my experiences in the UK": a source, not where one is based)
    "home": (r"live|living|based(?! on\b)|settled|renting|rent", r"moved out|moved away"),
    "move": (r"moved|relocated|moving in|moved in", ""),
    "vehicle": (r"drive|driving|drives|ride|riding|commute in",
                r"sold|totaled|totalled|stolen|scrapped|wrecked|crashed|gave|given away|traded in|got rid of|written off"),
    "pet": (r"adopted|rescued|have had|has been with (?:me|us)",
            r"died|passed away|passed|put down|rehomed|ran away|went missing|did not make it|gave away|got rid of"),
    "health": (r"diagnosed|suffer|suffering|dealing with|dealt with|battling|living with",
               r"recovered|cured|healed|in remission|(?:is|are) gone|went away|stopped|cleared up|beat|kicked|"
               # "my flu is over", "got over it" — not "some anxiety - over finishing this"
               r"(?:is|am|are|was|got|getting) (?:finally |totally |completely )?over"),
    "partner": ("", r"broke up|split up|split|dumped|separated|ended things"),
}
#: words that make a name something else than the family's state (a trip, a purchase, an
#: application, a customer relation), or a time that is not the present
_ZH_BLOCK = re.compile(r"梦见|梦到|做梦|差点|险些|几乎|面试|投简历|应聘|申请|旅游|旅行|出差|玩|参观|买了|下单|以前|之前|曾经|过(?:[，,。！？]|$)|想|要|会|打算|准备|如果|的话|"
                       # a bare 去 to study somewhere is a plan (我九月去复旦读研); 去了 is the start
                       r"(?<![过回出失])去(?![了过世年])[^，,。！？]{1,12}?(?:读书|上学|读研|读博|念书|读大学|读本科|读硕士|读博士)")
_EN_BLOCK = re.compile(r"\b(?:interview|interviewed|applied|apply|applying|offer|visit|visited|visiting|trip|vacation|"
                       r"customer|shopping|bought|ordered|stock|shares|review|used to|would|will|want|wants|hope|almost|nearly|"
                       r"dream|dreamt|dreamed|"
                       r"if|when i was|years ago|back then)\b")
#: a negation anywhere before the cue (没在腾讯上班, "i never really worked at …"): the frame does
#: not guess the polarity the worded patterns did not read
_ZH_NEG_BEFORE = re.compile(r"没|未|别|不再|不在|不是|并不|从不|不(?=[\u4e00-\u9fff]{0,2}(?:上班|工作|住|开|养|读))")
_EN_NEG_BEFORE = re.compile(r"\b(?:not|never|no longer|n't|nor|without)\b")
_ZH_OTHER = re.compile(r"他|她|它们|他们|她们|妈|爸|老婆|老公|妻子|丈夫|朋友|同事|姐|妹|哥|弟|儿子|女儿|奶奶|爷爷|外婆|外公|"
                       r"室友|老板|邻居|同学|表|亲戚|家人|领导|医生|男朋友|女朋友|对象|你|嫂|姑|舅|叔|婶|伯|岳|公公|婆婆|侄|甥|孙")
_EN_OTHER = re.compile(r"\b(?:he|she|they|someone|somebody|his|her|their|him|them|you|your|(?!master's|bachelor's|associate's)[a-z]+'s|mom|mother|dad|father|wife|husband|"
                       r"friend|sister|brother|son|daughter|boss|colleague|coworker|partner|neighbou?r|roommate|"
                       r"cousin|aunt|uncle|grandma|grandpa|parents|boyfriend|girlfriend|doctor)\b")
#: a state verb in the third person singular ("The seed user in my fixtures … drives a Corolla",
#: "Noor drives a Mini Cooper"): the clause's subject is someone else, whatever "my" it holds
_EN_THIRD_VERB = re.compile(r"\b(?:drives|works|lives|rides|studies|owns)\b")
#: "my drummer moved to Hamburg", "our landlord lives in Spain": a possessed noun before the verb
#: is the clause's subject — someone (or something) of the speaker's, not the speaker
_EN_POSSESSED_SUBJECT = re.compile(r"\b(?:my|our) (?P<noun>(?:[a-z\-]+ ){0,2}?[a-z\-]+) (?:(?:just|recently|finally|also|then|has|have|had) )*"
                                   r"(?:moved|relocated|lives|lived|is living|works|worked|is working|quit|resigned|joined|started|"
                                   r"graduated|studies|studied|got (?:hired|a job|laid off|fired)|retired)\b")
_ZH_SELF = re.compile(r"我")
#: the time words that may stand before what a Chinese clause tells of the speaker (上个月终于毕业
#: 了, 刚拿到…): read by the nameless-end lead and the subjectless-deed opening alike
_ZH_TIME_LEAD = "上个月|上周|上星期|去年|今年|年初|前天|昨天|今天|前阵子|前几天|最近|后来"
#: a Chinese clause that opens, after time words and adverbs, on what one did
#: (刚拿到第一份数据分析师的工作，在美团！, 上个月搬到了杭州): chat drops the 我, and a clause with no
#: subject at all but a deed is the speaker's own
_ZH_SUBJECTLESS_DEED = re.compile(
    r"^(?:" + _ZH_TIME_LEAD + r"|上月|这周|本周|月初|月底|刚刚|刚|终于|总算|已经|然后|于是|所以|也|就|又|[，,\s])*"
    r"(?:拿到|找到|入职|加入|换了|换到|跳槽|搬到|搬去|搬来|搬回|领养|收养|捡了|买了|提了|考上|考进|转到|转学|确诊|查出)")
_EN_SELF = re.compile(r"\b(?:i|we|my|our|me)\b")


@dataclass(frozen=True, slots=True)
class Frame:
    """A reading: the family, the typed name it is about, and whether the clause ends it."""

    family: str
    name: str
    entity_type: str
    ended: bool
    #: a denial that ends nothing (我从来没养过狗, 我没有糖尿病): the negated relation alone, no
    #: trait — only an end (不养猫了, 不再…) closes a value the user had
    plain: bool = False

    @property
    def predicate(self) -> str:
        start, end, _ = FAMILIES[self.family]
        return end if self.ended else start

    @property
    def trait(self) -> str:
        return FAMILIES[self.family][2]


def _families_of(name: str, entity_type: str) -> tuple[str, ...]:
    if entity_type == "organization":
        return ("school",) if is_school(name) else ("job",)
    if entity_type == "place":
        return ("home", "move")
    if entity_type == "vehicle":
        return ("vehicle",)
    if entity_type == "animal":
        return ("pet",)
    if entity_type == "topic" and is_condition(name):
        return ("health",)
    return ()


def _cue_spans(text: str, cues: str, zh: bool) -> list[tuple[int, int]]:
    if not cues:
        return []
    rx = re.compile(cues if zh else r"\b(?:" + cues + r")\b")
    return [m.span() for m in rx.finditer(text)]


#: a negation right before a state verb: 不/没(有)/不再 (+再/在) in Chinese, up to two words
#: between "not/never" and the verb in English ("i do not really live in …")
_ZH_NEG_RIGHT_BEFORE = re.compile(r"(?:再也不|再也没有?|不再|从来没有?|从没有?|从未|并没有?|并不|没有|没|不)(?:再|在)?$")
_EN_NEG_RIGHT_BEFORE = re.compile(r"\b(?:not|never|no longer)\s+(?:[a-z']+\s+){0,2}$")


#: what makes a Chinese denial an end: a 了 after the state verb (不住在广州了, 没在一起了) or an
#: end adverb before it (不再, 再也不, 已经不, 早就不); 没…过 and a bare 没有/不 deny, end nothing
_ZH_END_ADVERB = re.compile(r"不再|再也|已经|早就|早已|现在不|现在没")


def _zh_denial_ends(text: str, cue_at: int) -> bool:
    after = re.split(r"[，,。！？]", text[cue_at:], maxsplit=1)[0]
    if re.search(r"过", after[:4]):
        return False
    return "了" in after or bool(_ZH_END_ADVERB.search(text[:cue_at]))


def _negated_at(text: str, at: int, zh: bool) -> bool:
    return bool((_ZH_NEG_RIGHT_BEFORE if zh else _EN_NEG_RIGHT_BEFORE).search(text[:at]))


#: ends that need no object to be read: the clause ends the batch's live value of the family
_ZH_NAMELESS_END: dict[str, str] = {
    # (不当护士了, 不做程序员了: the role given up is the job held)
    "job": r"辞职|离职|裸辞|不干了|被裁|被开除|被辞退|被炒|被优化了|被劝退了|退休了|不(?:当|做|干)(?:" + "|".join(JOB_ROLES_ZH) + r")了",
    "school": r"毕业了|退学了|休学了",
    "home": r"搬走了", "vehicle": r"报废了|被偷了|(?:老车|旧车|原来的车|之前的车|以前的车)(?:已经|也)?(?:卖了|卖掉了|出手了|处理掉?了)", "pet": r"去世了|死了|走了",
    "partner": r"分手了|分了|掰了|吹了"}
_EN_NAMELESS_END: dict[str, str] = {
    "job": r"quit|resigned|(?:got|was|were) (?:laid off|fired|let go)|retired|was my last (?:day|shift)|handed in my notice",
    "school": r"graduated|dropped out|defended my (?:phd |doctoral |master's )?(?:thesis|dissertation)|finished (?:my )?(?:master's|masters|bachelor's|bachelors|degree|phd|ph\.d\.|"
              r"doctorate|studies|undergrad|mba)(?! at\b| in\b| from\b)", "home": r"moved out", "partner": r"broke up|split up|dumped me|separated"}
#: where a Chinese clause ends (a nameless end is read up to the end of its own clause)
_ZH_CLAUSE_BREAK = re.compile(r"[，,。！？；;]")
#: what may stand before a Chinese nameless end: the speaker, time words, adverbs, connectives
_ZH_NAMELESS_LEAD = re.compile(r"^(?:我们俩|我俩|我们|我|本科|研究生|硕士|博士|大学|高中|" + _ZH_TIME_LEAD +
                               r"|上学期|这学期|上半年|年底|终于|已经|现在|不过|但是|可是|其实|早就|刚刚|刚|也|都|就|还是|[，,\s])*"
                               # 今天跟leader提了离职, 递了辞职: the resignation handed in
                               r"(?:(?:跟|和|向)(?:[A-Za-z]{2,10}|老板|领导|主管|经理|公司|上司|组长|hr|HR)?(?:提了?|递了?|交了?|说了?)|提了?|递了?|交了?)?")


def nameless_end(text: str, zh: bool) -> str | None:
    """The family whose end a clause with no typed name states ("上个月终于毕业了", "we split
    up", "yesterday was my last shift there"): the engine ends the batch's live value of it. None
    when another person is in the clause, the speaker is not its subject, a blocker or a negation
    stands in it, or two families' ends do. In Chinese the clauses after the end's own are not
    read (今天跟leader提了离职，他脸都绿了: the leader's face is no one else's end)."""
    if zh:
        cues = [m.end() for rx in _ZH_NAMELESS_END.values() for m in [re.search(rx, text)] if m]
        if cues:
            stop = _ZH_CLAUSE_BREAK.search(text, min(cues))
            text = text[:stop.start()] if stop else text
    if (_ZH_OTHER if zh else _EN_OTHER).search(text) or (_ZH_BLOCK if zh else _EN_BLOCK).search(text):
        return None
    found = []
    for family, cues in (_ZH_NAMELESS_END if zh else _EN_NAMELESS_END).items():
        spans = _cue_spans(text, cues, zh)
        if not spans:
            continue
        at = spans[0][0]
        if (_ZH_NEG_BEFORE if zh else _EN_NEG_BEFORE).search(text[:at]):
            return None
        if zh and _ZH_NAMELESS_LEAD.match(text[:at]).end() != at:
            return None  # 公司倒闭了, 孩子毕业了: someone or something else's end
        if not zh and not _EN_SELF.search(text):
            return None
        found.append(family)
    return found[0] if len(found) == 1 else None


def read_frame(text: str, zh: bool, names: list[tuple[str, str, int, int]]) -> Frame | None:
    """The one frame a self clause states, or None. ``text`` is the clause (English already
    normalised: lower case, contractions expanded); ``names`` its typed names as (name, type,
    start, end) offsets in ``text``; a person among them voids the frame."""
    if any(t == "person" for _, t, _, _ in names):
        return None
    if zh:
        if _ZH_OTHER.search(text) or not (_ZH_SELF.search(text) or _ZH_SUBJECTLESS_DEED.match(text)):
            return None
        if _ZH_BLOCK.search(text):
            return None
    else:
        if _EN_OTHER.search(text) or not _EN_SELF.search(text) or _EN_BLOCK.search(text) or _EN_THIRD_VERB.search(text):
            return None
        owned = _EN_POSSESSED_SUBJECT.search(text)
        if owned and not any(lo < owned.end("noun") and owned.start("noun") < hi for _, _, lo, hi in names):
            return None  # (a name there is the state's own thing: "my Civic got …" stays the speaker's)
    readings: list[Frame] = []
    cue_table = _ZH_CUES if zh else _EN_CUES
    for name, etype, lo, hi in names:
        for family in _families_of(name, etype):
            if family == "vehicle" and not zh and not is_vehicle_word(name) and text[lo:hi].endswith("s"):
                continue  # "rode the Ferris wheel, electric cars and buggies": a kind, no one's own car
            starts, ends = cue_table[family]
            # a cue may not sit inside the name (开 in 开心) nor follow a negation
            outside = lambda spans: [s for s in spans if not (lo <= s[0] < hi or s[0] < hi <= s[1] and s[0] < lo)]
            found_start = outside(_cue_spans(text, starts, zh))
            if family == "vehicle" and not zh:
                # "a bike ride", "the car ride home": the vehicle names the kind of trip, no driving
                found_start = [c for c in found_start if text[hi:c[0]].strip() or text[c[0]:c[1]] not in ("ride", "drive")]
            found_end = outside(_cue_spans(text, ends, zh))
            negatable = outside(_cue_spans(text, (_ZH_NEGATABLE if zh else _EN_NEGATABLE).get(family, ""), zh))
            denied = [c for c in (*found_start, *negatable) if _negated_at(text, c[0], zh)]
            if denied and not found_end and (family != "vehicle" or is_vehicle_word(name)):
                # 我已经不养猫了, "I do not live in Leeds": negated, the trait with it
                readings.append(Frame(family, name, etype, True, plain=zh and not _zh_denial_ends(text, denied[0][0])))
                continue
            neg = _ZH_NEG_BEFORE if zh else _EN_NEG_BEFORE
            if any(neg.search(text[:a]) for a, _ in (*found_start, *found_end)):
                return None
            if found_start and found_end:
                return None  # a change or a story: the worded patterns' job, not a guess
            if found_start or found_end:
                readings.append(Frame(family, name, etype, bool(found_end)))
    # one reading about one name, or nothing: two names or two families make it a guess
    if len({(r.name, r.family) for r in readings}) != 1:
        moves = [r for r in readings if r.family == "move"]
        if len(moves) == 1 and len({r.name for r in readings}) == 1:
            return moves[0]  # 搬到X: the move, not also a home
        return None
    return readings[0]
