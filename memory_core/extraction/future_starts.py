"""Told future starts of a state: "Starting at Stanford Health in December", 下周一去字节跳动报到,
下个月和晓峰结婚.

By convention a plan is not a fact, and a clause with a future cue reads as a plan (the
extractor's ``modal`` mood). A *dated* start of a state is the exception: when the date comes,
the new job, school or home is simply the state, and nobody tells it again. So a first-person
start of a state family (employer, school, residence, spouse) with a future time expression the time
rules can resolve (``retrieval.timeparse.find_future_time``) is read as a claim with
``time_hint = "from:<expression>"``; L2 resolves the expression against the telling time and
lets the state begin then.

What stays no claim: conditions, wishes, guesses and hedges ("if I moved to…", "I might join…",
我可能明年入职阿里), negations ("I'm not starting at X"), questions, someone else's start, and a
start with no resolvable date ("someday", "soon", 以后).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..governance.cues import sentence_span
from ..retrieval.timeparse import find_future_time, start_ahead
from .names import is_school, zh_place_word

#: the city an organisation is in, told before it (去深圳的云帆物流报到, 在长沙的湘雅医院当护士)
ZH_PLACE_OF = re.compile(r"^(?P<place>[\u4e00-\u9fff]{2,6}?)的(?=[\u4e00-\u9fffA-Za-z]{2})")

#: the time-hint prefix that marks a scheduled start (the rest is the time expression)
SCHEDULED_PREFIX = "from:"

#: words that make the start a guess, a wish or a condition, or deny it
_EN_BLOCK = re.compile(
    r"\b(?:if|unless|might|(?-i:may)|maybe|perhaps|could|would|should|wish|want|wants|hope|hoping|"
    r"thinking|think|considering|consider|plan|plans|planning|probably|possibly|likely|"
    r"whether|hypothetically|supposed|trying|try|apply|applying|interview|interviewing|"
    r"(?<!accepted an )(?<!accepted the )(?<!accepted their )(?<!accepted a job )(?<!accepted the job )(?<!accepted his )"
    r"(?<!accepted her )offer|offered|said|says|told)\b|\?", re.IGNORECASE)
#: a negation denies the start only in the comma parts that tell it (下周一去携程报到，紧张得睡不着)
_EN_NEG_BLOCK = re.compile(r"\b(?:not|never|no longer)\b|n't\b|n’t\b", re.IGNORECASE)
_ZH_NEG_BLOCK = re.compile(r"不一定|不(?!久|过|少|错)|没|别")
_ZH_BLOCK = re.compile(r"如果|(?<![主只需重])要是|假如|假设|万一|的话|想|打算|准备|考虑|也许|可能|或许|大概|说不定|"
                       r"估计|希望|应该|吗|？|\?|面试(?!过了|通过)|申请|听说|据说|在等|等着|等待|"
                       # an offer is a start only once taken: 拿到了网易的offer，下个月入职
                       # (offer定了 / offer签了: the offer taken, the start stands)
                       r"(?<!的)(?:offer|录用通知)(?!(?:已经|也)?(?:定了|签了|拿到了|到手了?|接了))")
#: what may stand before the verb: a lead-in ending in ":" or ",", the speaker, auxiliaries
_EN_LEAD = re.compile(r"^(?:.*(?:[:,—-]|\bso\b|\bwhich means\b|\band\b)\s*)?"
                      # "Starting Monday I'm on the design team at Figma": the date first, no comma
                      r"(?:(?:starting|from|as of)\s+(?:next\s+|this\s+)?\w+\s+)?"
                      r"(?:(?:so|and|also|then|ok|okay|well|finally|officially)\b\s*)*"
                      r"(?:(?:i|we)(?:'ll|'m|'re|’ll|’m|’re)?\b\s*)?"
                      r"(?:(?:will|am|are|shall|be|is|going to|gonna|officially|finally|actually|also|"
                      r"then|now|just)\b\s*)*$", re.IGNORECASE)
_ZH_LEAD = re.compile(r"^(?:.*[：:，,]\s*)?(?:所以|因此|于是|然后|那|那么)?(?:我们|我)?"
                      # the day after a month the time rules read (下个月一号, 下个月初)
                      r"(?:[一二三四五六七八九十\d]{1,3}[号日]|初|底|中旬|上旬|下旬)?"
                      r"(?:就|要|会|将|将要|就要|马上|正式|也|终于|就会|要去|会去)*"
                      # 后天就从沈阳搬去青岛了: the place the move leaves
                      r"(?:从[^，,。！？\s]{1,8}?(?:就|要|会)*)?$")

_EN_OBJ = r"(?P<obj>[A-Z][\w&.'’-]*(?:\s+(?:of\s+|the\s+|&\s+)?[A-Z][\w&.'’-]*)*)"
#: (regex, family) — the object is a capitalised name (a job, a school or a home is a named thing)
_EN_RULES: list[tuple[re.Pattern[str], str]] = [
    # "I start there on the 3rd", "First day there is Monday", "moving there on the 10th":
    # the workplace or home the batch named before (resolved by the engine, or no claim)
    (re.compile(r"(?i:\b(?P<verb>start(?:ing|s)?|first\s+day|my\s+first\s+day))\s+(?P<obj>there)\b"), "job"),
    (re.compile(r"(?i:\b(?P<verb>mov(?:e|es|ing)(?:\s+back)?|relocat(?:e|es|ing)))\s+(?P<obj>there)\b"), "home"),
    (re.compile(r"(?i:\b(?P<verb>classes|school|uni|term|semester))\s+(?P<obj>there)\s+(?:start|starts|begin|begins)\b"), "school"),
    (re.compile(r"(?i:\b(?P<verb>start(?:ing|s)?\s+(?:grad(?:uate)?\s+school|college|university|uni|"
                r"school|classes|class|lectures|my\s+(?:master'?s|masters|phd|ph\.d\.|degree|mba|studies))\s+at))\s+" + _EN_OBJ),
     "school"),
    (re.compile(r"(?i:\b(?P<verb>enroll(?:ing|s)?\s+(?:at|in)))\s+" + _EN_OBJ), "school"),
    # "enrolled in a Bachelor of Nursing at Western Sydney Uni starting Feb": the program, then the school
    (re.compile(r"(?i:\b(?P<verb>enroll(?:ed|ing|s)?\s+in\s+(?:a|an|the|my)\s+[^.;!?]{2,60}?\s+at))\s+(?i:the\s+)?" + _EN_OBJ),
     "admission"),
    # "transferring to UC Davis in the fall": a school changed, dated (an office or a team one
    # transfers to is no school: read like an admission, a school name only)
    (re.compile(r"(?i:\b(?P<verb>transferr?(?:ing|s)?\s+to))\s+" + _EN_OBJ), "admission"),
    # "I got into Berkeley for my PhD, starting in the fall": an admission with its start date
    # (an admission alone is no claim: dev2 "I got into Duke!")
    (re.compile(r"(?i:\b(?P<verb>(?:got|was|been|got\s+myself)\s+(?:accepted\s+|admitted\s+)?(?:in)?to))\s+(?i:the\s+)?" + _EN_OBJ
                + r"(?=[^.!?;]*\b(?i:start(?:ing|s)?|begin(?:ning|s)?)\b)"), "admission"),
    (re.compile(r"(?i:\b(?P<verb>start(?:ing|s)?\s+(?:(?:a\s+|my\s+)?(?:new\s+)?(?:job|position|role|"
                r"work(?:ing)?)\s+)?(?:at|with)))\s+(?i:the\s+)?" + _EN_OBJ), "job"),
    (re.compile(r"(?i:\b(?P<verb>(?:be\s+)?join(?:ing|s)?))\s+(?i:the\s+)?" + _EN_OBJ), "job"),
    # "Got a new job at Initrode, starting Monday": a job taken, its first day ahead
    (re.compile(r"(?i:\b(?P<verb>(?:got|landed|accepted|took)\s+(?:a|the|my)\s+(?:new\s+)?(?:[\w-]+\s+){0,2}?(?:job|role|position)\s+(?:at|with)))"
                r"\s+(?i:the\s+)?" + _EN_OBJ), "job"),
    # "Starting Monday I'm officially on the design team at Figma": a team at the employer
    (re.compile(r"(?i:\b(?P<verb>on\s+(?:the|a)\s+(?:[\w-]+\s+){0,3}?team\s+(?:at|with)))\s+(?i:the\s+)?" + _EN_OBJ), "job"),
    # "I accepted an offer from Google, starting May 1": a taken offer with its start date
    (re.compile(r"(?i:\b(?P<verb>accepted\s+(?:an|the|their|a\s+job|the\s+job)\s+offer\s+(?:from|at|with)))\s+(?i:the\s+)?"
                + _EN_OBJ), "job"),
    (re.compile(r"(?i:\b(?P<verb>(?:mov(?:e|es|ing)|relocat(?:e|es|ing))(?:\s+back)?\s+to))\s+" + _EN_OBJ),
     "home"),
    # "I'm marrying Dana in June", "getting married to Sam next month": a wedding with its date
    (re.compile(r"(?i:\b(?P<verb>marry(?:ing)?|get(?:ting)?\s+married\s+to))\s+" + _EN_OBJ), "marriage"),
    # "Signed the lease on a two-bedroom in Jersey City, moving in this weekend": a home taken,
    # with the move-in dated (a house bought with no move told is no home yet)
    (re.compile(r"(?i:\b(?P<verb>(?:signed\s+(?:a|the|our|my)\s+lease|bought|closed|rented|leased)\s+(?:on\s+|for\s+)?"
                r"(?:a|an|the|our|my)\s+(?:[\w'-]+\s+){0,3}?(?:house|home|condo|apartment|flat|place|townhouse|duplex|"
                r"studio|loft|[\w-]*bedroom)\s+(?:in|near)))\s+" + _EN_OBJ
                + r"(?=[^.!?;]*\b(?i:mov(?:e|es|ing)\s+in|mov(?:e|es|ing)\s+there|get(?:ting)?\s+the\s+keys)\b)"), "home"),
    # "the move to Austin is next week": the speaker's own move, named as a noun (another
    # person's move is "her move", "my sister's move", which this does not read)
    (re.compile(r"(?i:\b(?:the|our|my)\s+(?:big\s+|cross-country\s+|actual\s+)?(?P<verb>(?:move|relocation)(?:\s+back)?\s+to))"
                r"\s+" + _EN_OBJ), "home"),
]
_ZH_OBJ = r"(?P<obj>(?!了)[^，,。！？!?；;：:\s、去到在]{2,12}?)"  # 去了X读研 is told, not planned
_ZH_RULES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?:去|到)" + _ZH_OBJ + r"(?P<verb>读研究生|读研|读博士|读博|读本科|读大学|读书|念书|上学|上大学|念大学)"),
     "school"),
    (re.compile(r"(?:去|到|进)" + _ZH_OBJ + r"(?P<verb>入职|报到|报道|上班|实习)"), "job"),
    (re.compile(r"(?P<verb>入职|加入)" + _ZH_OBJ + r"(?=了|啦|工作|上班|做|当|$|[，,。！？!?；;\s])"), "job"),
    # 拿到了网易的offer，下个月入职: the company whose offer was taken, joined on the date
    (re.compile(r"(?:拿到了?|收到了?|接了|接受了|签了)" + _ZH_OBJ + r"的(?:offer|录用通知)[^。！？!?]*?(?P<verb>入职|报到|报道|上班)"), "job"),
    (re.compile(r"(?P<verb>搬到|搬去|搬家到|搬回|搬回到)" + _ZH_OBJ + r"(?=了|啦|住|去|$|[，,。！？!?；;\s])"), "home"),
    (re.compile(r"(?:去|到)" + _ZH_OBJ + r"(?P<verb>定居)"), "home"),
    # 下个月15号搬家，房子租在南坪: the move dated, the new home named after it
    (re.compile(r"(?P<verb>搬家)[，,]?(?:新)?(?:房子|家|住处)?(?:租在|买在|在)" + _ZH_OBJ + r"(?=[，,。！？!?；;\s]|$)"), "home"),
    # 下个月和晓峰结婚, 十月跟阿杰领证: a wedding with its date (a person named, not 他/她)
    (re.compile(r"(?:和|跟)(?P<obj>(?![他她你])(?:(?!上周|上个|去年|前年|昨天|前天|刚|已经|早就)[\u4e00-\u9fffA-Za-z]){2,4}?)"
                r"(?P<verb>结婚|领证|办婚礼)"), "marriage"),
    # 在佛山买了房，下个月搬过去: the home bought or rented, the move into it dated
    (re.compile(r"在" + _ZH_OBJ + r"(?P<verb>买了|租了|买|租|看好了|定了)(?:个|套|间|一套|一个|一间)?(?:新)?(?:房子?|公寓|住处)"
                r"[^。！？!?]{0,10}?(?:搬过去|搬进去|入住|住进去|搬家|搬)"), "home"),
]
#: family → (predicate, trait): the same claims the past-tense start patterns make
FAMILY_CLAIMS: dict[str, tuple[str, str]] = {
    "job": ("WORKS_AT", "employer"), "school": ("STUDIES_AT", "school"), "home": ("MOVED_TO", "residence"),
    "marriage": ("MARRIED_TO", "spouse")}


@dataclass(frozen=True, slots=True)
class FutureStart:
    """One scheduled start read from a clause (offsets are within the clause text)."""

    family: str  # job | school | home | marriage
    surface: str  # the object as written
    start: int
    end: int
    expression: str  # the time expression, for ``time_hint``

    @property
    def time_hint(self) -> str:
        return SCHEDULED_PREFIX + self.expression


#: a sentence that only dates the start told in the sentence before it ("Signed the offer with
#: Stripe! Start date is July 8.", "Ordered a Kia EV9! Delivery is on July 15.", "I got the job at
#: Genentech! First day is February 24.", 拿到字节的offer了！入职时间是7月8号): the start is then
_DATES_THE_START = re.compile(
    r"^\s*(?:(?:my|the|our)\s+)?(?:start(?:ing)?\s+date\s+is|first\s+day\s+(?:is|will\s+be)|i\s+start|starting|"
    r"delivery\s+(?:is|date\s+is)|(?:it|she|he)\s+(?:arrives|gets\s+delivered)|pick(?:ing)?\s+(?:it|her|him)\s+up|"
    r"move[- ]in\s+(?:date\s+)?is|we\s+move\s+in|keys?\s+(?:get\s+handed\s+over|handover\s+is|are\s+handed\s+over))\b|"
    r"^\s*(?:入职时间|入职日期|报到时间|报到日期|提车时间|交车时间|交付时间|交房时间)是?",
    re.IGNORECASE)
#: the claims a dating sentence may schedule: a job, a school, a home, a vehicle bought
DATED_BY_NEXT_SENTENCE = frozenset({"WORKS_AT", "STUDIES_AT", "MOVED_TO", "LIVES_IN", "BOUGHT"})


def next_sentence_start(content: str, pos: int, told_at: float) -> str | None:
    """The scheduled-start hint the sentence after the one holding ``pos`` gives the start that one
    told ("Start date is July 8."), or None: no sentence after it, none that only dates a start, no
    date a rule reads, or a date not after the telling."""
    end = sentence_span(content, pos)[1]
    if end >= len(content):
        return None
    lo, hi = sentence_span(content, end)
    following = content[lo:hi]
    if not _DATES_THE_START.match(following):
        return None
    when = find_future_time(following)
    if when is None or start_ahead(when.expression, told_at) is None:
        return None
    return SCHEDULED_PREFIX + when.expression


def scheduled_expression(time_hint: str | None) -> str | None:
    """The time expression of a scheduled-start hint, or None for any other hint."""
    if time_hint and time_hint.startswith(SCHEDULED_PREFIX):
        return time_hint[len(SCHEDULED_PREFIX):].strip() or None
    return None


def scheduled_start(time_hint: str | None, told_at: float) -> float | None:
    """When a claim told at ``told_at`` with a scheduled-start hint ("from:下周一", "from:in
    December") begins, or None: no such hint, an expression no rule reads, or a start not after
    the telling (then the telling time stands, as for any claim). The extractor asks it before
    it schedules a claim, L2 when it dates the claim's edge and assertion."""
    expression = scheduled_expression(time_hint)
    if expression is None:
        return None
    return start_ahead(expression, told_at)


def future_starts(clause: str, zh: bool) -> list[FutureStart]:
    """The dated first-person state starts of one statement clause (usually none)."""
    when = find_future_time(clause)
    if when is None:
        return []
    if (_ZH_BLOCK if zh else _EN_BLOCK).search(clause):
        return []
    block = _ZH_NEG_BLOCK if zh else _EN_NEG_BLOCK
    out: list[FutureStart] = []
    for regex, family in (_ZH_RULES if zh else _EN_RULES):
        for m in regex.finditer(clause):
            if any(f.start < m.end("obj") and m.start("obj") < f.end for f in out):
                continue
            if block.search(_parts_between(clause, min(m.start(), when.span[0]), max(m.end(), when.span[1]))):
                continue  # a denial where the start and its date are told
            lead = _without(clause[:m.start()], when.span)
            if not (_ZH_LEAD if zh else _EN_LEAD).match(lead.strip()):
                continue  # someone else's start ("my wife is moving to…"), or a longer story
            surface, at = m.group("obj"), m.start("obj")
            if not zh:
                surface = _cut_en_time(surface, clause, m.start("obj"), when.span)
            elif family != "home":
                place = ZH_PLACE_OF.match(surface)
                if place and zh_place_word(place.group("place")):
                    surface, at = surface[place.end():], at + place.end()  # 深圳的云帆物流: the company
            if family == "admission" and not is_school(surface):
                continue  # "got into Google's residency": only a school one is admitted to is studied at
            if len(surface) < 2 or _overlaps((at, at + len(surface)), when.span):
                continue
            out.append(FutureStart("school" if family == "admission" else family, surface, at, at + len(surface),
                                   when.expression))
    return out


#: where one comma part of a clause ends and the next begins
_PART_BREAK = re.compile(r"[，,；;]")


def _parts_between(clause: str, lo: int, hi: int) -> str:
    """The comma parts of ``clause`` from the one holding ``lo`` to the one holding ``hi``: a
    negation after the start (下周一去携程报到，紧张得睡不着) denies nothing of it. (Conditions,
    wishes, questions and an offer not yet taken are read over the whole clause.)"""
    starts = [0] + [m.end() for m in _PART_BREAK.finditer(clause)]
    ends = [m.start() for m in _PART_BREAK.finditer(clause)] + [len(clause)]
    first = max(i for i, st in enumerate(starts) if st <= lo)
    last = max(i for i, st in enumerate(starts) if st <= max(lo, hi - 1))
    return clause[starts[first]:ends[last]]


def _without(text: str, span: tuple[int, int]) -> str:
    """``text`` (a prefix of the clause) with the time expression taken out."""
    a, b = span
    if a >= len(text):
        return text
    return text[:a] + text[min(b, len(text)):]


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _cut_en_time(surface: str, clause: str, at: int, span: tuple[int, int]) -> str:
    """A capitalised object run that swallowed the date ("Stripe March 3"): cut before it."""
    if at < span[0] < at + len(surface):
        return surface[:span[0] - at].strip()
    return surface
