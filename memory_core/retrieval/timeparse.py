"""Time expressions in a question, English and Chinese, resolved against the question's date.

A question's time words become either an absolute window ("last week", "上周三", "in March",
"3 days ago") or an *anchor*: a relative time given by another event ("before the air fryer",
"在买空气炸锅前"). Anchors cannot be resolved here — that needs retrieval — so the parser
returns the anchor's text and direction, and the service finds the anchor event's time.

Why hand-written rules and not a date library: the expressions that matter in memory questions
are relative ("上周三", "the weekend before last") and library parsers (dateutil) only read
absolute dates; the few absolute forms we need are cheap to match. Every rule is a small regex
with a resolver, so adding a form is one entry.

Calendar arithmetic happens in ``tz`` (UTC unless the caller says otherwise); weeks start on
Monday (ISO, and the Chinese 周一). Speech is approximate: "3 days ago" gets a day of slack on
both sides, "two weeks ago" a week (``policy.TIME_AGO_SLACK_UNITS``) — a window is a hard filter,
too tight a window loses the answer. Vague recency ("recently", "最近") makes a *soft* window.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Callable

from ..governance.cues import sentence_span
from ..policy import (MEMORY_HORIZON_YEARS, RECENT_WINDOW_DAYS, SEASON_START_MONTHS, TERM_START_MONTHS,
                      TIME_AGO_SLACK_UNITS)
from .plan import Direction, TimeWindow

_DAY = 86400.0

EN_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
              "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
              "a couple of": 2, "couple of": 2, "a few": 3, "few": 3, "several": 3}
ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
             "七": 7, "八": 8, "九": 9, "十": 10, "几": 3}
EN_WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4,
               "saturday": 5, "sunday": 6, "mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3,
               "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6}
ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "末": 5}
EN_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
EN_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
EN_MONTHS["sept"] = 9


@dataclass(slots=True)
class ParsedTime:
    """What the question says about time."""

    window: TimeWindow | None = None
    anchor_text: str | None = None
    direction: Direction | None = None
    #: character spans of the time expressions (removed from the question's content terms)
    spans: list[tuple[int, int]] = field(default_factory=list)
    expressions: list[str] = field(default_factory=list)

    @property
    def has_time_intent(self) -> bool:
        return self.window is not None or self.anchor_text is not None


def parse_zh_number(text: str) -> int | None:
    """Arabic or Chinese numerals up to 99 ("3", "三", "十二", "二十", "两")."""
    text = text.strip()
    if text.isdigit():
        return int(text)
    if not text or any(ch not in ZH_DIGITS for ch in text):
        return None
    if "十" in text:
        left, _, right = text.partition("十")
        tens = ZH_DIGITS[left] if left else 1
        ones = ZH_DIGITS[right] if right else 0
        return tens * 10 + ones
    if len(text) == 1:
        return ZH_DIGITS[text]
    return None


class _Cal:
    """Calendar helpers bound to the question's date and time zone."""

    def __init__(self, now: float, tz: tzinfo) -> None:
        self.now = now
        self.tz = tz
        self.dt = datetime.fromtimestamp(now, tz)

    def ts(self, dt: datetime) -> float:
        return dt.timestamp()

    def day_start(self, dt: datetime) -> datetime:
        return dt.replace(hour=0, minute=0, second=0, microsecond=0)

    def day(self, offset_days: int) -> tuple[float, float]:
        start = self.day_start(self.dt) + timedelta(days=offset_days)
        return self.ts(start), self.ts(start + timedelta(days=1))

    def week(self, offset_weeks: int) -> tuple[float, float]:
        monday = self.day_start(self.dt) - timedelta(days=self.dt.weekday())
        start = monday + timedelta(weeks=offset_weeks)
        return self.ts(start), self.ts(start + timedelta(weeks=1))

    def month(self, offset_months: int) -> tuple[float, float]:
        y, m = self.dt.year, self.dt.month + offset_months
        while m < 1:
            y, m = y - 1, m + 12
        while m > 12:
            y, m = y + 1, m - 12
        return self.month_of(y, m)

    def month_of(self, year: int, month: int) -> tuple[float, float]:
        start = datetime(year, month, 1, tzinfo=self.tz)
        end = datetime(year + (month == 12), 1 if month == 12 else month + 1, 1, tzinfo=self.tz)
        return self.ts(start), self.ts(end)

    def year(self, year: int) -> tuple[float, float]:
        return (self.ts(datetime(year, 1, 1, tzinfo=self.tz)),
                self.ts(datetime(year + 1, 1, 1, tzinfo=self.tz)))

    def date(self, year: int | None, month: int, day: int) -> tuple[float, float] | None:
        """A calendar day; without a year, the latest such day not after the question date."""
        y = year if year is not None else self.dt.year
        try:
            start = datetime(y, month, day, tzinfo=self.tz)
        except ValueError:
            return None
        if year is None and start > self.dt:
            try:
                start = datetime(y - 1, month, day, tzinfo=self.tz)
            except ValueError:
                return None
        return self.ts(start), self.ts(start + timedelta(days=1))

    def month_no_year(self, month: int, year: int | None) -> tuple[float, float]:
        if year is not None:
            return self.month_of(year, month)
        y = self.dt.year if month <= self.dt.month else self.dt.year - 1
        return self.month_of(y, month)

    def weekday(self, weekday: int, weeks_back: int | None) -> tuple[float, float]:
        """``weeks_back=None``: the most recent such day (today counts); 1: that day of last
        week (Chinese 上周三 = Wednesday of the previous calendar week)."""
        today = self.day_start(self.dt)
        if weeks_back is None:
            delta = (today.weekday() - weekday) % 7
            start = today - timedelta(days=delta)
        else:
            monday = today - timedelta(days=today.weekday()) - timedelta(weeks=weeks_back)
            start = monday + timedelta(days=weekday)
        return self.ts(start), self.ts(start + timedelta(days=1))

    def ago(self, n: float, unit: str) -> tuple[float, float]:
        """"N units ago", with slack (speech is approximate), never past the question date."""
        unit_s = {"day": _DAY, "week": 7 * _DAY, "month": 30.44 * _DAY, "year": 365.25 * _DAY}[unit]
        center = self.now - n * unit_s
        if unit == "day":
            start = self.ts(self.day_start(datetime.fromtimestamp(center, self.tz)))
            return start - TIME_AGO_SLACK_UNITS * _DAY, min(self.now, start + _DAY + TIME_AGO_SLACK_UNITS * _DAY)
        slack = TIME_AGO_SLACK_UNITS * unit_s
        return center - slack, min(self.now, center + slack)

    def last_n(self, n: float, unit: str) -> tuple[float, float]:
        unit_s = {"hour": 3600.0, "day": _DAY, "week": 7 * _DAY, "month": 30.44 * _DAY,
                  "year": 365.25 * _DAY}[unit]
        return self.now - n * unit_s, self.now


Resolver = Callable[[re.Match[str], _Cal], "tuple[float, float] | None"]


def _en_num(s: str) -> float | None:
    s = s.strip().lower()
    if s.replace(".", "", 1).isdigit():
        return float(s)
    return float(EN_NUMBERS[s]) if s in EN_NUMBERS else None


def _unit(s: str) -> str:
    s = s.lower().rstrip("s")
    return {"wk": "week", "yr": "year", "hr": "hour", "mo": "month"}.get(s, s)


_EN_NUM = r"(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:a )?couple of|(?:a )?few|several)"
_MONTH_RE = "|".join(sorted(EN_MONTHS, key=len, reverse=True))
_WD_RE = "|".join(sorted(EN_WEEKDAYS, key=len, reverse=True))
_ZH_NUM = r"([0-9]+|[零〇一二两三四五六七八九十几]+)"


def _r(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


# (pattern, resolver) — order matters: longer, more specific forms first.
_RULES: list[tuple[re.Pattern[str], Resolver]] = [
    # -- explicit dates ------------------------------------------------------------------------
    (_r(r"\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b"),
     lambda m, c: c.date(int(m[1]), int(m[2]), int(m[3]))),
    (_r(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]"),
     lambda m, c: c.date(int(m[1]), int(m[2]), int(m[3]))),
    (_r(r"(?<![\d年])(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]"),
     lambda m, c: c.date(None, int(m[1]), int(m[2]))),
    (_r(rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?\b"),
     lambda m, c: c.date(int(m[3]) if m[3] else None, EN_MONTHS[m[1].lower()], int(m[2]))),
    (_r(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_RE})\.?(?:,?\s+(\d{{4}}))?\b"),
     lambda m, c: c.date(int(m[3]) if m[3] else None, EN_MONTHS[m[2].lower()], int(m[1]))),
    (_r(r"(\d{4})\s*年\s*(\d{1,2})\s*月(?!\s*\d)"),
     lambda m, c: c.month_of(int(m[1]), int(m[2]))),
    (_r(rf"\b(?:in|during|of|since|until|before|after)\s+({_MONTH_RE})\.?(?:,?\s+(\d{{4}}))?\b"),
     lambda m, c: c.month_no_year(EN_MONTHS[m[1].lower()], int(m[2]) if m[2] else None)),
    (_r(rf"\b({_MONTH_RE})\s+(\d{{4}})\b"),
     lambda m, c: c.month_of(int(m[2]), EN_MONTHS[m[1].lower()])),
    (_r(r"(?<![\d年])(\d{1,2})\s*月份?(?![\d日号])"),
     lambda m, c: c.month_no_year(int(m[1]), None) if 1 <= int(m[1]) <= 12 else None),
    (_r(r"(\d{4})\s*年(?!\s*\d)"), lambda m, c: c.year(int(m[1]))),
    (_r(r"\b(?:in|during)\s+(\d{4})\b"), lambda m, c: c.year(int(m[1]))),
]
#: the rules above give absolute dates; those below are relative to a reference day
_N_ABSOLUTE = len(_RULES)
_RULES += [
    # -- relative days -------------------------------------------------------------------------
    (_r(r"\bthe day before yesterday\b|大前天"), lambda m, c: c.day(-3 if "大" in m[0] else -2)),
    (_r(r"前天"), lambda m, c: c.day(-2)),
    (_r(r"\byesterday\b|昨天|昨日|昨晚"), lambda m, c: c.day(-1)),
    (_r(r"\blast night\b"), lambda m, c: (c.day(-1)[0] + 18 * 3600, c.day(0)[0] + 6 * 3600)),
    (_r(r"\b(?:today|tonight|this (?:morning|afternoon|evening))\b|今天|今日|今晚|今早"),
     lambda m, c: c.day(0)),
    # -- "N units ago" / "past N units" --------------------------------------------------------
    (_r(rf"\b{_EN_NUM}\s+(day|week|month|year)s?\s+ago\b"),
     lambda m, c: c.ago(_en_num(m[1]) or 1, _unit(m[2]))),
    (_r(r"\b(?:a|one)\s+(day|week|month|year)\s+ago\b"), lambda m, c: c.ago(1, _unit(m[1]))),
    (_r(rf"\b(?:in\s+)?(?:the\s+)?(?:past|last|previous)\s+{_EN_NUM}\s+(hour|day|week|month|year)s?\b"),
     lambda m, c: c.last_n(_en_num(m[1]) or 1, _unit(m[2]))),
    (_r(rf"{_ZH_NUM}\s*(天|日|周|个?星期|个?礼拜|个月|年)(?:之?前|以前)"),
     lambda m, c: _zh_ago(m, c)),
    (_r(rf"(?:过去|最近|近)\s*{_ZH_NUM}\s*(天|日|周|个?星期|个?礼拜|个月|年)"),
     lambda m, c: _zh_last_n(m, c)),
    # -- weeks / weekdays ----------------------------------------------------------------------
    (_r(r"\b(?:the )?weekend before last\b"),
     lambda m, c: (c.week(-2)[0] + 5 * _DAY, c.week(-2)[0] + 7 * _DAY)),
    (_r(r"\blast weekend\b|上(?:个)?周末"),
     lambda m, c: (c.week(-1)[0] + 5 * _DAY, c.week(-1)[0] + 7 * _DAY)),
    (_r(r"\bthis weekend\b|这(?:个)?周末|本周末"),
     lambda m, c: (c.week(0)[0] + 5 * _DAY, c.week(0)[0] + 7 * _DAY)),
    (_r(r"(上上|上|这|本|下)(?:个)?(?:周|星期|礼拜)([一二三四五六日天])"),
     lambda m, c: c.weekday(ZH_WEEKDAYS[m[2]], {"上上": 2, "上": 1, "这": 0, "本": 0, "下": -1}[m[1]])),
    (_r(rf"\blast\s+({_WD_RE})\b"), lambda m, c: _last_weekday(m, c)),
    (_r(rf"\b(?:on|this\s+past)\s+({_WD_RE})\b"),
     lambda m, c: c.weekday(EN_WEEKDAYS[m[1].lower()], None)),
    (_r(r"(?:周|星期|礼拜)([一二三四五六日天])"),
     lambda m, c: c.weekday(ZH_WEEKDAYS[m[1]], None)),
    (_r(r"\b(?:the )?week before last\b|上上(?:个)?(?:周|星期|礼拜)"), lambda m, c: c.week(-2)),
    (_r(r"\blast week\b|\bprevious week\b|上(?:个)?(?:周|星期|礼拜)"), lambda m, c: c.week(-1)),
    (_r(r"\bthis week\b|这(?:个)?(?:周|星期|礼拜)|本周"), lambda m, c: (c.week(0)[0], c.now)),
    # -- months / years ------------------------------------------------------------------------
    (_r(r"\b(?:the )?month before last\b|上上个?月"), lambda m, c: c.month(-2)),
    (_r(r"\blast month\b|\bprevious month\b|上个?月"), lambda m, c: c.month(-1)),
    (_r(r"\bthis month\b|这个月|本月"), lambda m, c: (c.month(0)[0], c.now)),
    (_r(r"\blast year\b|去年"), lambda m, c: c.year(c.dt.year - 1)),
    (_r(r"前年"), lambda m, c: c.year(c.dt.year - 2)),
    (_r(r"\bthis year\b|今年"), lambda m, c: (c.year(c.dt.year)[0], c.now)),
    # -- vague recency -------------------------------------------------------------------------
    (_VAGUE := _r(r"\b(?:recently|lately|these days|in recent days)\b|最近|近期|近来|这几天|这段时间"),
     lambda m, c: (c.now - RECENT_WINDOW_DAYS * _DAY, c.now)),
]

_ZH_UNIT = {"天": "day", "日": "day", "周": "week", "星期": "week", "个星期": "week",
            "礼拜": "week", "个礼拜": "week", "个月": "month", "年": "year"}


def _zh_ago(m: re.Match[str], c: _Cal) -> tuple[float, float] | None:
    n = parse_zh_number(m[1])
    return None if n is None else c.ago(n, _ZH_UNIT[m[2]])


def _zh_last_n(m: re.Match[str], c: _Cal) -> tuple[float, float] | None:
    n = parse_zh_number(m[1])
    return None if n is None else c.last_n(n, _ZH_UNIT[m[2]])


def _last_weekday(m: re.Match[str], c: _Cal) -> tuple[float, float]:
    """"last Tuesday": the most recent Tuesday strictly before today."""
    wd = EN_WEEKDAYS[m[1].lower()]
    start, end = c.weekday(wd, None)
    if start >= c.day(0)[0]:
        start, end = start - 7 * _DAY, end - 7 * _DAY
    return start, end


# -- anchors: "before X" / "after X" / "在X之前" -----------------------------------------------

_EN_ANCHOR = re.compile(
    r"\b(before|after|since|prior to|until|till|ahead of|following)\s+(.+?)"
    r"(?=\s*(?:[,?.!;]|\band\b(?! (?:a|an|the)\b)|\b(?:what|which|where|when|did|do|does|was|"
    r"were|is|are|have|has|had|will|would|should|could|can)\b|$))", re.I)
_ZH_ANCHOR = re.compile(r"(?:在|于|从|自从|自)?([^，。？！,.?!在于从自]{1,24}?)(之前|以前|之后|以后|前|后|以来)")
#: 之前 / 以前 before a verb of saying is "earlier" said of its subject (医生之前说…, 我妈以前跟我讲过)
_ZH_SAID_BEFORE = re.compile(r"(?:也|都|还|就)?(?:说|讲|提|告诉|问|跟我|和我|给我|对我|同我)")
_EN_DIRECTION = {"before": "before", "prior to": "before", "until": "before", "till": "before",
                 "ahead of": "before", "after": "after", "since": "after", "following": "after"}
_ZH_DIRECTION = {"之前": "before", "以前": "before", "前": "before", "之后": "after",
                 "以后": "after", "后": "after", "以来": "after"}
#: words that are not anchors even after "before/after" ("before that", "after work" is fine)
_EN_NON_ANCHOR = re.compile(r"^(?:that|this|it|then|now|(?:a|an|the)\s+(?:while|moment))$", re.I)
_EN_ARTICLES = re.compile(r"^(?:the|a|an|my|our|i)\s+", re.I)


def _overlaps(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(a < span[1] and span[0] < b for a, b in spans)


def parse_time(text: str, now: float, *, tz: tzinfo = timezone.utc) -> ParsedTime:
    """Find the time window and/or anchor of a question (first, most specific expression wins
    for the window; an anchor is kept alongside an explicit window only if they do not overlap)."""
    cal = _Cal(now, tz)
    out = ParsedTime()
    found: list[tuple[int, int, float, float, str]] = []
    vague: set[tuple[int, int]] = set()
    relative: list[tuple[int, re.Match[str], Resolver]] = []
    for i, (pattern, resolve) in enumerate(_RULES):
        for m in pattern.finditer(text):
            span = (m.start(), m.end())
            if _overlaps(span, [(a, b) for a, b, *_ in found]):
                continue
            bounds = resolve(m, cal)
            if bounds is None:
                continue
            if bounds[1] < now - MEMORY_HORIZON_YEARS * 365.25 * _DAY or bounds[0] > now + 366 * _DAY:
                # "in 1720", "the 1929 film": history, not a time in the user's memory
                continue
            if i >= _N_ABSOLUTE:
                relative.append((len(found), m, resolve))
            found.append((span[0], span[1], bounds[0], bounds[1], m[0]))
            if pattern is _VAGUE:
                vague.add(span)
    absolute = [f for j, f in enumerate(found) if j not in {r[0] for r in relative}]
    if absolute and relative:
        # "last weekend before April 10, 2023", "recently, as mentioned on 3 June": the explicit
        # date is the reference day of the relative words, not the question's date
        ref = _Cal(min(f[3] for f in absolute), tz)
        for j, m, resolve in relative:
            bounds = resolve(m, ref)
            if bounds is not None:
                found[j] = (found[j][0], found[j][1], bounds[0], bounds[1], found[j][4])
    # Anchors: "before X" where X is not itself a date expression.
    anchor = _find_anchor(text, [(a, b) for a, b, *_ in found])
    if anchor is not None:
        a_text, direction, span, date_span = anchor
        if date_span is not None:
            # "before March 5" / "在3月5日之前": the date bounds one side of the window
            # ("before" excludes the day itself, "after"/"since" start with it)
            for i, (a, b, lo, hi, _expr) in enumerate(found):
                if (a, b) == date_span:
                    bounds = (float("-inf"), lo) if direction == "before" else (lo, float("inf"))
                    found[i] = (span[0], span[1], *bounds, text[span[0]:span[1]])
        else:
            out.anchor_text, out.direction = a_text, direction
            out.spans.append(span)
            out.expressions.append(text[span[0]:span[1]])
    if found:
        found.sort(key=lambda f: f[0])
        lo = max(f[2] for f in found)  # several expressions: intersect ("last week on Tuesday")
        hi = min(f[3] for f in found)
        if lo >= hi:  # contradictory: keep the first expression only
            lo, hi = found[0][2], found[0][3]
        out.window = TimeWindow(None if lo == float("-inf") else lo,
                                None if hi == float("inf") else hi,
                                source=" / ".join(f[4] for f in found),
                                hard=any((a, b) not in vague for a, b, *_ in found))
        for a, b, *_ in found:
            out.spans.append((a, b))
            out.expressions.append(text[a:b])
    return out


def _find_anchor(text: str, date_spans: list[tuple[int, int]]
                 ) -> tuple[str, Direction, tuple[int, int], tuple[int, int] | None] | None:
    for m in _EN_ANCHOR.finditer(text):
        target = m[2].strip()
        target_span = (m.start(2), m.start(2) + len(target))
        inside = [s for s in date_spans if target_span[0] <= s[0] and s[1] <= target_span[1] + 1]
        direction: Direction = _EN_DIRECTION[m[1].lower()]  # type: ignore[assignment]
        if inside:
            return target, direction, (m.start(), max(inside[0][1], target_span[1])), inside[0]
        if _overlaps(target_span, date_spans) or _EN_NON_ANCHOR.match(target):
            continue
        if len(target) < 2:
            continue
        cleaned = _EN_ARTICLES.sub("", target)
        return cleaned, direction, (m.start(), target_span[1]), None
    for m in _ZH_ANCHOR.finditer(text):
        target = m[1].strip()
        span = (m.start(), m.end())
        direction = _ZH_DIRECTION[m[2]]  # type: ignore[assignment]
        inside = [s for s in date_spans if m.start(1) <= s[0] and s[1] <= m.end(1)]
        if inside:
            return target, direction, span, inside[0]
        if _overlaps((m.start(1), m.end(1)), date_spans) or _overlaps(span, date_spans):
            continue
        # bare 前/后 need the 在…前 frame ("在买空气炸锅前"); otherwise 前 is too ambiguous (前面, 前天)
        if m[2] in ("前", "后") and not m[0].startswith(("在", "于")):
            continue
        target = re.sub(r"^(?:我|我们|你)", "", target)
        if len(target) < 2 or target in ("之", "以", "不久", "很久", "刚才", "此", "那", "这"):
            continue
        if m[2] in ("之前", "以前") and _ZH_SAID_BEFORE.match(text, m.end()):
            continue  # 医生之前说我是啥问题: what the doctor said before, not a time before the doctor
        return target, direction, span, None
    return None


# -- future starts: "in December", "next Monday", 下周一, 明年三月 ------------------------------
#
# A told plan with a date ("Starting at Stanford Health in December", 下周一去字节跳动报到)
# becomes a state from that date on. The expressions are read against the *telling* time, forward:
# a month or a day without a year is its first occurrence from a month before the telling on, so
# "in March" said in November is next March and "on October 3rd" said in January is this
# October (a plan is told ahead; the month of slack keeps "in November" said on the 6th the
# November that has begun, which the caller then reads as no scheduled start). Vague futures
# ("soon", "someday", 以后) have no rule and so no date: no scheduled state is made from them.

#: how far before the telling a yearless date may lie and still be the one meant
_FUTURE_SLACK_S = 31 * 86400


def _forward(c: _Cal, starts: list[float]) -> float | None:
    ahead = sorted(t for t in starts if t >= c.now - _FUTURE_SLACK_S)
    return ahead[0] if ahead else (max(starts) if starts else None)


def _nearest_month(c: _Cal, month: int, year: int | None) -> float:
    if year is not None:
        return c.month_of(year, month)[0]
    found = _forward(c, [c.month_of(y, month)[0] for y in (c.dt.year - 1, c.dt.year, c.dt.year + 1)])
    assert found is not None
    return found


def _nearest_date(c: _Cal, year: int | None, month: int, day: int) -> float | None:
    years = (year,) if year is not None else (c.dt.year - 1, c.dt.year, c.dt.year + 1)
    starts = []
    for y in years:
        try:
            starts.append(c.ts(datetime(y, month, day, tzinfo=c.tz)))
        except ValueError:
            continue
    return _forward(c, starts) if year is None else (starts[0] if starts else None)


def _day_of_month(c: _Cal, day: int) -> float | None:
    """"on the 14th": that day of this month, or of the next when it has passed."""
    for offset in (0, 1, 2):
        month_start = datetime.fromtimestamp(c.month(offset)[0], c.tz)
        try:
            t = c.ts(month_start.replace(day=day))
        except ValueError:
            continue
        if t >= c.day(0)[0]:
            return t
    return None


def _coming(c: _Cal, month: int, day: int = 1) -> float:
    """The next such calendar day strictly after the telling day (a season or a term start)."""
    for y in (c.dt.year, c.dt.year + 1):
        t = c.ts(datetime(y, month, day, tzinfo=c.tz))
        if t > c.day(0)[0]:
            return t
    return c.ts(datetime(c.dt.year + 1, month, day, tzinfo=c.tz))


def _coming_weekday(c: _Cal, weekday: int) -> float:
    """"next Monday", "on Friday": the first such day after today."""
    today = c.day_start(c.dt)
    ahead = (weekday - today.weekday()) % 7 or 7
    return c.ts(today + timedelta(days=ahead))


def _this_weekend(c: _Cal) -> float:
    """"this weekend", 这周末: the coming Saturday, or today when the telling is on the weekend."""
    today = c.day_start(c.dt)
    return c.ts(today) if today.weekday() >= 5 else c.ts(today + timedelta(days=5 - today.weekday()))


def _next_term(c: _Cal) -> float:
    return min(_coming(c, m) for m in TERM_START_MONTHS)


def _in_units(c: _Cal, n: float | None, unit: str) -> float | None:
    if n is None:
        return None
    if unit == "month":
        return c.month(int(n))[0] if n == int(n) else None
    days = {"day": 1, "week": 7, "year": 365}[unit] * n
    return c.ts(c.day_start(c.dt) + timedelta(days=days))


_SEASON_RE = "|".join(SEASON_START_MONTHS)
_ZH_SEASON = {"春": "spring", "夏": "summer", "秋": "fall", "冬": "winter"}
_ZH_MONTH = r"([0-9]{1,2}|十[一二]?|[一二三四五六七八九])"

FutureResolver = Callable[[re.Match[str], _Cal], "float | None"]

#: (pattern, resolver to the start timestamp); longer, more specific forms first
_FUTURE_RULES: list[tuple[re.Pattern[str], FutureResolver]] = [
    (_r(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), lambda m, c: _nearest_date(c, int(m[1]), int(m[2]), int(m[3]))),
    (_r(rf"\b({_MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?\b"),
     lambda m, c: _nearest_date(c, int(m[3]) if m[3] else None, EN_MONTHS[m[1].lower()], int(m[2]))),
    (_r(rf"\b(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\s+of\s+({_MONTH_RE})\b"),
     lambda m, c: _nearest_date(c, None, EN_MONTHS[m[2].lower()], int(m[1]))),
    # the day before the month, as British and most non-US English write it ("starting 21 July")
    (_r(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH_RE})\b(?:,?\s+(\d{{4}}))?"),
     lambda m, c: _nearest_date(c, int(m[3]) if m[3] else None, EN_MONTHS[m[2].lower()], int(m[1]))),
    (_r(rf"\b(?:in|from|starting|this|next|come)\s+({_MONTH_RE})\.?(?:,?\s+(\d{{4}}))?\b"),
     lambda m, c: _nearest_month(c, EN_MONTHS[m[1].lower()], int(m[2]) if m[2] else None)),
    (_r(r"\bon\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b"), lambda m, c: _day_of_month(c, int(m[1]))),
    (_r(r"\bthe day after tomorrow\b"), lambda m, c: c.day(2)[0]),
    (_r(r"\btomorrow\b"), lambda m, c: c.day(1)[0]),
    (_r(rf"\b(?:next|this|on|this coming|coming|starting|from)\s+({_WD_RE})\b"),
     lambda m, c: _coming_weekday(c, EN_WEEKDAYS[m[1].lower()])),
    (_r(r"\bnext week\b"), lambda m, c: c.week(1)[0]),
    # "moving in this weekend": the coming Saturday (today, told on the weekend itself)
    (_r(r"\b(?:this|this coming|over the)\s+weekend\b"), lambda m, c: _this_weekend(c)),
    (_r(r"\bnext weekend\b"), lambda m, c: c.weekday(5, -1)[0]),
    # "at the end of the month": the month's last day; "early next month" its first
    (_r(r"\b(?:at\s+)?the\s+end\s+of\s+(?:the|this)\s+month\b"), lambda m, c: c.month(1)[0] - 86400),
    (_r(r"\b(?:at\s+)?the\s+end\s+of\s+next\s+month\b"), lambda m, c: c.month(2)[0] - 86400),
    (_r(r"\b(?:early|beginning of)\s+next\s+month\b"), lambda m, c: c.month(1)[0]),
    (_r(r"\bnext month\b"), lambda m, c: c.month(1)[0]),
    (_r(r"\bnext year\b"), lambda m, c: c.year(c.dt.year + 1)[0]),
    (_r(rf"\b(?:next|this(?: coming)?|in the)\s+({_SEASON_RE})\b"),
     lambda m, c: _coming(c, SEASON_START_MONTHS[m[1].lower()])),
    (_r(r"\bnext (?:semester|term)\b"), lambda m, c: _next_term(c)),
    (_r(rf"\bin\s+{_EN_NUM}\s+(day|week|month|year)s?\b"),
     lambda m, c: _in_units(c, _en_num(m[1]), _unit(m[2]))),
    # Chinese
    (_r(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]"),
     lambda m, c: _nearest_date(c, int(m[1]), int(m[2]), int(m[3]))),
    (_r(rf"明年\s*{_ZH_MONTH}\s*月(?:份)?(?:\s*([0-9]{{1,2}})\s*[日号])?"),
     lambda m, c: _zh_month_day(c, c.dt.year + 1, m[1], m[2])),
    (_r(rf"今年\s*{_ZH_MONTH}\s*月(?:份)?(?:\s*([0-9]{{1,2}})\s*[日号])?"),
     lambda m, c: _zh_month_day(c, c.dt.year, m[1], m[2])),
    (_r(rf"(?<![\d年])([0-9]{{1,2}})\s*月\s*([0-9]{{1,2}})\s*[日号]"),
     lambda m, c: _nearest_date(c, None, int(m[1]), int(m[2]))),
    # 明年春天, 今年秋天, 秋天去哥大读研: a season's start (a bare season is the coming one)
    (_r(r"明年\s*(春|夏|秋|冬)(?:天|季)"),
     lambda m, c: c.month_of(c.dt.year + 1, SEASON_START_MONTHS[_ZH_SEASON[m[1]]])[0]),
    (_r(r"今年\s*(春|夏|秋|冬)(?:天|季)|(?<![年前去那当])(春|夏|秋|冬)(?:天|季)(?!里)"),
     lambda m, c: _coming(c, SEASON_START_MONTHS[_ZH_SEASON[m[1] or m[2]]])),
    (_r(r"(?:今年)?下半年"), lambda m, c: _coming(c, 7)),
    (_r(r"明年"), lambda m, c: c.year(c.dt.year + 1)[0]),
    (_r(r"后天"), lambda m, c: c.day(2)[0]),
    (_r(r"明天"), lambda m, c: c.day(1)[0]),
    (_r(r"下(?:个)?(?:周|星期|礼拜)([一二三四五六日天])"),
     lambda m, c: c.weekday(ZH_WEEKDAYS[m[1]], -1)[0]),
    (_r(r"(?:这|本)(?:个)?(?:周|星期|礼拜)([一二三四五六日天])"),
     lambda m, c: _coming_weekday(c, ZH_WEEKDAYS[m[1]])),
    (_r(r"(?:这|本)(?:个)?周末"), lambda m, c: _this_weekend(c)),
    (_r(r"下(?:个)?周末"), lambda m, c: c.weekday(5, -1)[0]),
    # next month's end before the bare 月底, which 下个月底 also contains
    (_r(r"下(?:个)?月底"), lambda m, c: c.month(2)[0] - 86400),
    (_r(r"(?:这个?|本)?月底"), lambda m, c: c.month(1)[0] - 86400),
    (_r(r"下(?:个)?(?:周|星期|礼拜)"), lambda m, c: c.week(1)[0]),
    (_r(r"下(?:个)?月"), lambda m, c: c.month(1)[0]),
    (_r(r"下(?:个)?学期"), lambda m, c: _next_term(c)),
    # (counted from now only after a subject, a word of intent or nothing: 吃素五年后又开始吃肉了,
    # 结婚两年后 count from the state told before them, which is no time ahead)
    (_r(rf"(?:^|(?<=[\s，,。；;！？!?、：:（(我你他她们咱俺要会算划备计约概再过等到就说]))" + rf"{_ZH_NUM}\s*(天|周|个?星期|个月|年)(?:之?后|以后)"),
     lambda m, c: _in_units(c, parse_zh_number(m[1]), _ZH_UNIT[m[2]])),
    (_r(rf"(?<![\d年十])(?:{_ZH_MONTH})\s*月份?(?![\d日号])"),
     lambda m, c: _zh_month_day(c, None, m[1], None)),
]


def _zh_month_day(c: _Cal, year: int | None, month_text: str, day: str | None) -> float | None:
    month = parse_zh_number(month_text)
    if month is None or not 1 <= month <= 12:
        return None
    if day:
        return _nearest_date(c, year, month, int(day))
    return _nearest_month(c, month, year)


@dataclass(frozen=True, slots=True)
class FutureTime:
    """A future time expression found in a statement: its text and where it stands."""

    expression: str
    span: tuple[int, int]


def find_future_time(text: str) -> FutureTime | None:
    """The first (by the rules' order, then by position) future time expression of ``text`` a
    rule can resolve, or None. Whether it lies in the future depends on the telling date:
    :func:`resolve_future_start` decides that."""
    for pattern, _resolve in _FUTURE_RULES:
        m = pattern.search(text)
        if m is not None:
            return FutureTime(m[0], m.span())
    return None


#: words that make a date in a sentence a time ahead ("I'll be studying there from 21 July", 婚礼定在
#: 10月18号, 手术约在6月20号): without one, "in June" in "we closed on a house back in June" is
#: the June just past, though the rules read a bare month forward
_FUTURE_MARK = re.compile(
    r"\b(?:will|won't|wont|shall|going to|gonna|about to|start(?:s|ing)?|begin(?:s|ning)?|scheduled|planned|"
    r"plan to|booked|set for|next|upcoming|moving|leaving|heading)\b|'ll\b|’ll\b|"
    # a day named as the start's in the present ("Start date is July 8.", "First day is February 24.",
    # "Delivery is on July 15."; "First day was…" is past)
    r"\b(?:start date|first day|delivery|delivery date|move[- ]in(?: date)?|handover)\s+(?:is|will be)\b|"
    # (要 and 会 not inside another word: 需要, 重要, 会计, 会议, 机会, 聚会)
    r"(?<![需重主只必想])要(?![求紧])|将|(?<![机社开聚晚宴大学协工委理领体约误])会(?![计议员所场长展话谈费友])|"
    r"准备|打算|定在|约在|定于|约了|下个?月|下周|明年|预计|计划|开始|起|后天|明天|即将|到时|"
    # a day and what one does on it, with no 了 after it in the clause (6月28号搬过去, 9月1号去新加坡国立
    # 大学报到): Chinese tells a plan with no word of the future (6月28号搬过去了 is done)
    r"[号日](?:就|再)?(?:搬过去|搬家|搬|去|入职|报到|出发|开学|提车)(?![^，,。！？!?]*了)", re.IGNORECASE)

#: just before a date, words that put it in the past ("back in March", "since June", 去年三月)
_PAST_LEAD = re.compile(r"\b(?:back|since|earlier|last|ago)\s*$|(?:去年|前年|之前|以前|早在)\s*$", re.IGNORECASE)


def told_as_past(text: str, span: tuple[int, int]) -> bool:
    """Whether a date (``span``) is led by words of the past ("back in March", "since June", 去年三月)."""
    return _PAST_LEAD.search(text, max(0, span[0] - 12), span[0]) is not None


def told_as_future(text: str, span: tuple[int, int]) -> bool:
    """Whether the sentence holding a date (``span``) speaks of a time ahead."""
    if told_as_past(text, span):
        return False  # "back in March", "since June", 去年三月
    start, end = sentence_span(text, span[0])
    return _FUTURE_MARK.search(text, start, max(end, span[1])) is not None


def start_ahead(expression: str, told_at: float) -> float | None:
    """When a start told at ``told_at`` as ``expression`` begins, only when that is after the
    telling ("next month" said in May: June); None otherwise — a start not in the future is told
    as of its telling."""
    begins = resolve_future_start(expression, told_at)
    return begins if begins is not None and begins > told_at else None


def resolve_future_start(expression: str, told_at: float, *, tz: tzinfo = timezone.utc) -> float | None:
    """When a state told at ``told_at`` as starting ``expression`` begins (a timestamp), or None
    when no rule reads the expression. May be at or before ``told_at`` ("in November" said in
    November): the caller decides what a start that is not in the future means."""
    cal = _Cal(told_at, tz)
    for pattern, resolve in _FUTURE_RULES:
        m = pattern.search(expression)
        if m is not None:
            return resolve(m, cal)
    return None
