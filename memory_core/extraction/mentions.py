"""Entity mentions in one event text: from plugin hints, the catalog gazetteer and the lexicon.

A :class:`Mention` is a typed span. Sources are ranked (catalog > hint > lexicon > pattern
guess) and overlapping spans resolved longest-first, then by rank, so "air fryer" is one
appliance and not an appliance plus a stray "fryer".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from ..lexicon.categories import CATEGORIES
from ..policy import ENTITY_TYPES
from .inputs import EntityHintInput, KnownEntity
from .names import EN_NEVER_ONE_WORD_NAME
from .prefilter import plain_case as _plain_case

SOURCE_RANK = {"catalog": 4, "hint": 3, "lexicon": 2, "name": 1.5, "pattern": 1}
CONFIDENCE = {"catalog": 0.9, "hint": 0.75, "lexicon": 0.65, "name": 0.6, "pattern": 0.55}

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
#: lexicon members that are ordinary English words unless capitalised ("a word", "zoom in")
_CASED_MEMBERS = frozenset({"word", "zoom", "slack", "notion", "chrome", "excel", "git",
                            "python", "docker", "figma", "firefox", "vim"})
#: lexicon members too generic to be an entity on their own in running text
_WEAK_MEMBERS = frozenset({"fan", "mixer", "speaker", "monitor", "mouse", "rice", "reading",
                           "running", "cooking", "grill", "heater", "pop", "country", "metal",
                           "folk", "electronic", "classical", "rock", "tool", "word"})


@dataclass(slots=True)
class Mention:
    start: int  # -1 when the text does not contain it (a hint about an unrendered field)
    end: int
    surface: str
    name: str
    entity_type: str
    source: str  # catalog | hint | lexicon | name | pattern
    resolved_id: str | None = None
    #: a name typed only by the words around it ("in X" → place), not by a list or the lexicon:
    #: a statement's slot may retype it ("graduated from Stanford" is a school)
    weak: bool = False

    @property
    def confidence(self) -> float:
        return CONFIDENCE[self.source]

    def overlaps(self, other: "Mention") -> bool:
        return self.start >= 0 and other.start >= 0 and self.start < other.end and other.start < self.end


def is_cjk(text: str) -> bool:
    return bool(_CJK.search(text))


def normalize_name(text: str) -> str:
    """The entity name: trimmed, inner whitespace collapsed, Latin lower-cased, quotes dropped."""
    t = re.sub(r"\s+", " ", text.strip().strip("\"'“”‘’《》「」『』()（）[]【】")).strip()
    return t.lower()


def valid_type(entity_type: str) -> str:
    t = (entity_type or "").strip().lower()
    return t if t in ENTITY_TYPES else "other"


@lru_cache(maxsize=8192)
def _term_pattern(term: str, plural: bool) -> re.Pattern[str]:
    """The compiled matcher of one term (names repeat across every event of a batch; re's own
    cache is small and its look-up was a tenth of the rule extractor's time)."""
    if is_cjk(term):
        pattern = re.escape(term)
    else:
        suffix = "(?:s|es)?" if plural and term[-1:].isalpha() else ""
        pattern = r"(?<![A-Za-z0-9_])" + re.escape(term) + suffix + r"(?![A-Za-z0-9_])"
    return re.compile(pattern, flags=re.IGNORECASE)


#: a term of Chinese ideographs only: no character of it has a case, so the term's
#: case-insensitive regex compiles to plain literals and finds exactly what ``str.find`` does
_IDEOGRAPHS = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]+")


@lru_cache(maxsize=8192)
def _ideographs_only(term: str) -> bool:
    return _IDEOGRAPHS.fullmatch(term) is not None


def _literal_spans(text: str, term: str) -> list[tuple[int, int]]:
    """Non-overlapping occurrences of ``term``, left to right (``finditer`` of its literal)."""
    out, n = [], len(term)
    i = text.find(term)
    while i >= 0:
        out.append((i, i + n))
        i = text.find(term, i + n)
    return out


def find_all(text: str, term: str, *, plural: bool = False) -> list[tuple[int, int]]:
    """Case-insensitive occurrences; whole words for Latin terms, substrings for Chinese.

    ``plural`` also accepts an English plural ("cats" for the lexicon member "cat"). A term of
    ideographs alone, and an ASCII term in plain-case text, are found with ``str.find``: the same
    spans as the term's regex, without compiling one per name (~1,000 in a 20k-event drain) or
    a regex scan per event and name.
    """
    if not term:
        return []
    if _ideographs_only(term):
        return _literal_spans(text, term)
    if term.isascii() and _plain_case(text):
        return _ascii_word_spans(text.lower(), term.lower(), plural and term[-1:].isalpha())
    return [(m.start(), m.end()) for m in _term_pattern(term, plural).finditer(text)]


def _is_word_char(text: str, i: int) -> bool:
    """``[A-Za-z0-9_]`` at ``i`` (False outside the text), the class of the term regex's guards
    (ASCII only: a Chinese character is no word character there)."""
    return 0 <= i < len(text) and text[i].isascii() and (text[i].isalnum() or text[i] == "_")


def _ascii_word_spans(lowered: str, term: str, plural: bool) -> list[tuple[int, int]]:
    """What ``_term_pattern(term, plural).finditer`` finds in a plain-case text (``plain_case``:
    ASCII, CJK, their punctuation, full-width forms), by ``str.find`` on its lower case: there
    ignoring the case of an ASCII term is comparing lower cases, and ``lower`` keeps every
    position. At each occurrence not preceded by a word character, the first of "s", "es"
    (plural terms), nothing that no word character follows, as the regex's greedy alternation
    tries them; then on from its end."""
    out: list[tuple[int, int]] = []
    n = len(term)
    i = lowered.find(term)
    while i >= 0:
        end = None
        if not _is_word_char(lowered, i - 1):
            j = i + n
            for suffix in (("s", "es", "") if plural else ("",)):
                if lowered.startswith(suffix, j) and not _is_word_char(lowered, j + len(suffix)):
                    end = j + len(suffix)
                    break
        if end is None:
            i = lowered.find(term, i + 1)
        else:
            out.append((i, end))
            i = lowered.find(term, end)
    return out


@lru_cache(maxsize=8192)
def _surface_forms(entity: KnownEntity) -> tuple[tuple[str, str | None], ...]:
    """An entity's names to look for, each stripped and at least two characters long, with
    its lower case when it is plain-case (None: only the regex can tell)."""
    forms = (f.strip() for f in entity.surface_forms())
    return tuple((f, f.lower() if _plain_case(f) else None) for f in forms if len(f) >= 2)


def hint_mentions(text: str, hints: tuple[EntityHintInput, ...]) -> list[Mention]:
    out: list[Mention] = []
    for hint in hints:
        surface = hint.mention_text.strip()
        if not surface:
            continue
        spans = find_all(text, surface) or [(-1, -1)]
        start, end = spans[0]
        out.append(Mention(start, end, surface, normalize_name(surface),
                           valid_type(hint.entity_type), "hint"))
    return out


@dataclass(slots=True)
class Gazetteer:
    """The known entities' names, prepared once per extraction rather than per event: every
    surface form in order (entity, form, its lower case or None, whether it is a common word)
    and the lower-cased form → entity index. Per event, hashing each known entity again to
    find its cached forms was most of the gazetteer's time."""

    forms: tuple[tuple[KnownEntity, str, str | None, bool], ...]
    by_form: dict[str, KnownEntity]

    @classmethod
    def of(cls, known: Sequence[KnownEntity]) -> "Gazetteer":
        forms = tuple((entity, form, form_lower, form_lower is not None and form_lower in EN_NEVER_ONE_WORD_NAME)
                      for entity in known for form, form_lower in _surface_forms(entity))
        # the last entity naming a form wins, as the catalog's order says
        by_form = {f.lower(): e for e in known for f in e.surface_forms()}
        return cls(forms, by_form)


def gazetteer_mentions(text: str, gazetteer: Gazetteer) -> list[Mention]:
    # a name that is not even a substring (case-folded) cannot match: skip its regex. Exact
    # only where str.lower() folds as the regex does (plain-case text and name), else the
    # regex decides
    lowered = text.lower() if _plain_case(text) else None
    out: list[Mention] = []
    for entity, form, form_lower, common in gazetteer.forms:
        if lowered is not None and form_lower is not None and form_lower not in lowered:
            continue
        for start, end in find_all(text, form):
            if common and text[start:end].islower():
                continue  # an entity named "got" (a store from before that rule) is not every "got"
            out.append(Mention(start, end, text[start:end], entity.name,
                               valid_type(entity.entity_type), "catalog", entity.entity_id))
    return out


@lru_cache(maxsize=1)
def _lexicon_terms() -> dict[str, str]:
    terms: dict[str, str] = {}
    for cat in CATEGORIES:
        for member in cat.members:
            terms.setdefault(member.lower(), cat.entity_type)
    return terms


@lru_cache(maxsize=1)
def _lexicon_regexes() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """One alternation per script, longest terms first (so "air fryer" wins over "fryer").

    A single compiled pattern scans the text once; matching ~500 terms one by one cost ~3 ms
    per event, which mattered on the GUI's ingest path.
    """
    terms = sorted(_lexicon_terms(), key=len, reverse=True)
    latin = [re.escape(t) + ("(?:s|es)?" if t[-1:].isalpha() else "") for t in terms if not is_cjk(t)]
    cjk = [re.escape(t) for t in terms if is_cjk(t)]
    # ASCII boundaries: "学Python" has no word boundary before P in Unicode, but is one here
    return (re.compile(r"(?<![A-Za-z0-9_])(?:" + "|".join(latin) + r")(?![A-Za-z0-9_])", re.IGNORECASE),
            re.compile("|".join(cjk)))


def _lexicon_hits(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, member, entity_type) for every lexicon member in ``text``."""
    terms = _lexicon_terms()
    out = []
    for rx in _lexicon_regexes():
        for m in rx.finditer(text):
            low = m.group(0).lower()
            member = low if low in terms else low[:-2] if low[:-2] in terms and low.endswith("es") \
                else low[:-1]
            if member in terms:
                out.append((m.start(), m.end(), member, terms[member]))
    return out


def is_member(term: str) -> bool:
    """``term`` is itself a lexicon member (做饭 is an activity: do not strip its verb)."""
    return term.lower() in _lexicon_terms()


def lexicon_type(phrase: str) -> str | None:
    """The entity type of the longest lexicon member inside ``phrase`` (its head noun)."""
    hits = _lexicon_hits(phrase)
    return max(hits, key=lambda h: h[1] - h[0])[3] if hits else None


#: one-character suffixes that make a Chinese noun into another (a shop, a trade, a hall)
_CJK_NOUN_SUFFIXES = frozenset("店师馆铺厅厂员")


def _cjk_suffixed(text: str) -> set[tuple[int, int]] | None:
    """Spans jieba reads as a word plus a one-character suffix (咖啡师, 摄影师, 钢琴家): the
    (start, end) of the word inside, which is then no entity of its own (咖啡 is no drink in
    咖啡师). None for text without Chinese."""
    if not is_cjk(text):
        return None
    from .names import zh_tokens

    return {(start, start + len(word) - 1) for word, _, start in zh_tokens(text) if len(word) >= 3}


def _inside_a_word(text: str, start: int, end: int) -> bool:
    """Whether jieba cuts a longer word around the span that its dictionary lacks (茶 inside
    喜茶, a shop's name); a dictionary word keeps its member (养猫 is about a cat)."""
    from ..text.segment import jieba_knows
    from .names import zh_tokens

    return any(pos <= start and end <= pos + len(word) and len(word) > end - start and not jieba_knows(word)
               for word, _, pos in zh_tokens(text))


def _inside_a_noun(text: str, start: int, end: int) -> bool:
    """Whether jieba reads the span as part of a longer noun (单身狗, 猫眼): a known word too —
    unlike ``_inside_a_word`` —, since a verb around it (养猫) still speaks of the thing."""
    from .names import zh_tokens

    if _in_animal_idiom(text, start, end):
        return True
    return any(pos <= start and end <= pos + len(word) and len(word) > end - start and flag.startswith("n")
               and not _KEEPING_VERB.match(word) for word, flag, pos in zh_tokens(text))


def _in_animal_idiom(text: str, start: int, end: int) -> bool:
    """Whether the span lies inside one of ``_ANIMAL_IDIOMS``, wherever in it (夜猫子's 猫 is in
    the middle, 单身狗's 狗 at the end)."""
    return any(0 <= text.find(idiom, max(0, end - len(idiom)), start + len(idiom)) <= start
               for idiom in _ANIMAL_IDIOMS)


#: animal characters in words about people or things, which jieba may cut apart (单身 / 狗)
_ANIMAL_IDIOMS = ("单身狗", "舔狗", "落水狗", "夜猫子", "猫眼", "熊猫血", "猫腻", "狗血", "鱼塘", "菜鸟", "鸟事",
                  # how tired or busy one is (累成狗, 忙得跟狗一样) and who one is at work (加班狗, 考研狗)
                  "成狗", "跟狗一样", "像狗一样", "像条狗", "加班狗", "考研狗", "打工狗", "上班狗")
_EN_ANIMAL_IDIOM = re.compile(r"\b(?:dog[- ]tired|hot ?dogs?|sick as a dog|dog days|top dog|underdog|cat ?naps?|"
                              r"copy ?cats?|fat cats?|cat-?fish(?:ed|ing)?|rat race|night owl|early bird|lone wolf|"
                              r"party animal|bookworm|social butterfly|couch potato|puppy love|pet peeves?|pet project)\b",
                              re.IGNORECASE)
#: a keeping verb before the animal makes a word about the animal (养猫, 遛狗, 撸猫)
_KEEPING_VERB = re.compile(r"^[养遛撸喂抱领买捡救吸铲]")


def lexicon_mentions(text: str) -> list[Mention]:
    out: list[Mention] = []
    # jieba's POS pass (the suffixed spans) only for a text with a member to check: most
    # sensor fields (song titles, window titles) have none, and it was a third of extraction
    suffixed: set[tuple[int, int]] | None | bool = False
    for start, end, term, etype in _lexicon_hits(text):
        if term in _WEAK_MEMBERS:
            continue
        if suffixed is False:
            suffixed = _cjk_suffixed(text)
        if suffixed and (start, end) in suffixed or is_cjk(term) and text[end:end + 1] in _CJK_NOUN_SUFFIXES:
            continue  # 咖啡师, 奶茶店: the member is part of a longer word
        if len(term) == 1 and is_cjk(term) and _inside_a_word(text, start, end):
            continue  # 茶 in 喜茶: one character of an unknown longer word (a name) is not that thing
        if len(term) == 1 and is_cjk(term) and etype in ("animal", "food") and _inside_a_noun(text, start, end):
            continue  # 单身狗, 猫眼, 茶园: an animal's or a food's character inside another noun is not that
        if etype == "animal" and not is_cjk(term) and any(
                i.start() <= start and end <= i.end() for i in _EN_ANIMAL_IDIOM.finditer(text)):
            continue  # "dog tired", "hot dogs", "night owl": an idiom, no animal
        surface = text[start:end]
        if term in _CASED_MEMBERS and not surface[:1].isupper():
            continue
        out.append(Mention(start, end, surface, term, etype, "lexicon"))
    return out


@lru_cache(maxsize=8192)
def _field_mentions(value: str) -> tuple[tuple[str, str, str, str], ...]:
    """(surface, name, type, source) of the lexicon mentions of one sensor field value. A
    source repeats its values (the app, the artist, the repository: 10k of the 12k lexicon scans
    of a 20k-event import), and each scan could cost a jieba cut; the caller builds fresh
    span-less :class:`Mention` objects from these, so the cached values are never mutated."""
    return tuple((m.surface, m.name, m.entity_type, m.source) for m in lexicon_mentions(value))


def name_mentions(text: str) -> list[Mention]:
    """Typed names found by segmentation (jieba for Chinese, capitalisation for English): see
    ``names.py``. An untyped span is no mention."""
    from .names import (en_name_spans, is_generic, list_type, name_lexicon_type, pet_name_spans, topic_spans,
                        type_en_span, zh_name_spans)

    out: list[Mention] = []
    species: list[tuple[int, int]] = []
    for start, end, name, sspan in pet_name_spans(text):
        out.append(Mention(start, end, text[start:end], normalize_name(name), "animal", "name"))
        species.append(sspan)
    for start, end, name in topic_spans(text):
        out.append(Mention(start, end, text[start:end], name, "topic", "name"))
    taken = [(m.start, m.end) for m in out] + species
    if is_cjk(text):
        for start, end, surface, etype in zh_name_spans(text):
            if any(s < end and start < e for s, e in taken):
                continue
            if not is_generic(surface):
                out.append(Mention(start, end, surface, normalize_name(surface), etype, "name"))
    for start, end, surface in en_name_spans(text):
        if any(s < end and start < e for s, e in taken):
            continue
        lexical = name_lexicon_type(surface, _lexicon_terms())
        strong = list_type(surface) or lexical
        etype = type_en_span(text, start, end, lexical)
        if etype and not is_generic(surface):
            out.append(Mention(start, end, surface, normalize_name(surface), etype, "name",
                               weak=strong is None))
    return out


def tie_mentions(text: str) -> list[Mention]:
    """People named by their tie to the speaker (boyfriend, 邻居, 对象): person mentions."""
    out: list[Mention] = []
    taken: list[tuple[int, int]] = []
    for m in re.finditer(r"(?<=我)(妈|爸|姐|哥|弟|妹)(?![妈爸姐哥弟妹们夫媳])", text):
        # 我妈 / 我姐: the relative, named as the lexicon names them (妈妈, 姐姐)
        out.append(Mention(m.start(), m.end(), m.group(0), m.group(0) * 2, "person", "name"))
        taken.append(m.span())
    for m in _ties_rx().finditer(text):
        start, end = m.span()
        if any(s < end and start < e for s, e in taken):
            continue
        low = m.group(0).lower()
        term = low if low in _tie_terms() else low[:-1]  # "friends" -> friend
        taken.append((start, end))
        out.append(Mention(start, end, m.group(0), term, "person", "name"))
    return out


@lru_cache(maxsize=1)
def _tie_terms() -> frozenset[str]:
    from ..lexicon.names import TIES_EN, TIES_ZH

    return frozenset((*TIES_EN, *TIES_ZH))


@lru_cache(maxsize=1)
def _ties_rx() -> re.Pattern[str]:
    """One alternation, longest first (男朋友 before 朋友), whole words for Latin terms."""
    terms = sorted(_tie_terms(), key=len, reverse=True)
    parts = [re.escape(t) if is_cjk(t) else r"(?<![A-Za-z0-9_])" + re.escape(t) + r"s?(?![A-Za-z0-9_])"
             for t in terms]
    return re.compile("|".join(parts), re.IGNORECASE)


def resolve_overlaps(mentions: list[Mention]) -> list[Mention]:
    """Keep the longest span, then the strongest source; span-less hints are always kept."""
    ranked = sorted(mentions, key=lambda m: (-(m.end - m.start), -SOURCE_RANK[m.source], m.start))
    kept: list[Mention] = []
    for m in ranked:
        if m.start >= 0 and any(m.overlaps(k) for k in kept):
            # same span from a weaker source: let a catalog match donate its id to a hint
            continue
        if m.start < 0 and any(k.name == m.name for k in kept):
            continue
        kept.append(m)
    return sorted(kept, key=lambda m: (m.start if m.start >= 0 else 10**9))


_ZH_SCHOOL_AFTER_PLACE = re.compile(r"(?:实验)?(?:附中|附小|[一二三四五六七八九十]中|外国语学校|实验学校|中学|小学)")


#: what a landmark's name ends with after its place (上海 + 迪士尼乐园, 镜湖 + 公园, 北京 + 环球影城):
#: a place of an outing named in full — heads of two characters at least (杭州山上 is no 杭州山)
_ZH_LANDMARK_HEAD = re.compile(r"[^\W\d_的了在是到去从和跟与及被把给向对也都就还又过边里上下]{0,5}?"
                               r"(?:森林公园|湿地公园|主题公园|海洋公园|公园|游乐园|乐园|动物园|植物园|风景区|景区|古镇|古城|"
                               r"博物馆|美术馆|科技馆|广场|度假区|步行街|老街|影城|校区|大峡谷|草原)"
                               # 住在杭州公园旁边: a home near the park is told by the city
                               r"(?!旁边|附近|对面|边上|门口|周边|那边|这边|一带|后面|前面)")


def _zh_landmarks_of_places(text: str, kept: list[Mention]) -> list[Mention]:
    """上海迪士尼乐园, 镜湖公园, 西溪湿地公园: a place followed by a landmark head is the landmark
    (a place of its own: 没去过上海迪士尼乐园 says nothing of 上海); the mentions inside it go."""
    out = list(kept)
    for m in kept:
        if m.entity_type != "place" or m.start < 0 or m not in out:
            continue
        head = _ZH_LANDMARK_HEAD.match(text, m.end, min(len(text), m.end + 12))
        if head is None:
            continue
        surface = text[m.start:head.end()]
        landmark = Mention(m.start, head.end(), surface, normalize_name(surface), "place", "name")
        out = [k for k in out if not (k.start >= 0 and m.start <= k.start and k.end <= head.end())]
        out.append(landmark)
    return sorted(out, key=lambda k: (k.start, k.end))


def _zh_school_of_place(text: str, m: Mention) -> Mention:
    """杭州二中, 成都七中, 南京外国语学校: a city followed by a school head is the school (an
    organisation), not the city; a name the tagger already ran over the head (北京四中) too."""
    if m.entity_type != "place" or m.start < 0:
        return m
    head = _ZH_SCHOOL_AFTER_PLACE.match(text, m.end)
    if head is None:
        if re.search(r"[一二三四五六七八九十]中$", m.surface):
            return Mention(m.start, m.end, m.surface, m.name, "organization", m.source)
        return m
    surface = text[m.start:head.end()]
    return Mention(m.start, head.end(), surface, normalize_name(surface), "organization", "name")


#: a model designation right after a device or a brand: "iPhone 15 Pro", "iPad Air", 索尼A7M4,
#: "Galaxy S24" — digits, a letter-digit code, or the usual tier words, never a plain word
_MODEL = re.compile(r"(?: ?(?:\d{1,4}[a-z]{0,2}|[a-z]{1,3}\d[a-z\d]{0,5})(?![a-z\d/:\-])(?!\.\d)"
                    r"(?! (?:years?|days?|weeks?|months?|hours?|minutes?|times?|of|people|percent|am|pm)\b)"
                    r"(?: (?:pro|max|mini|air|plus|ultra|lite|se|fe)(?![a-z\d]))*"
                    r"| (?:pro|max|mini|air|plus|ultra)(?![a-z\d])(?: (?:pro|max|\d{1,4}))*)", re.I)
_MODEL_TYPES = frozenset({"device", "appliance", "product", "organization"})


def _with_model(text: str, m: Mention) -> Mention:
    """The mention with the model designation that follows it (the thing bought is the iPhone
    15, not any iPhone). A brand (an organisation) with a model code is the product; a year
    ("Toyota 2019") is no model."""
    if m.start < 0 or m.entity_type not in _MODEL_TYPES or m.source not in ("lexicon", "catalog", "name"):
        return m
    if not re.search(r"[A-Z\u4e00-\u9fff]", text[m.start:m.end]):
        return m  # "my phone 24/7": a common noun has no model; a brand is capitalised (or Chinese)
    hit = _MODEL.match(text, m.end)
    if hit is None or re.fullmatch(r" ?(?:19|20)\d\d", hit.group(0)):
        return m
    code = hit.group(0).strip()
    if m.entity_type == "organization" and not (re.search(r"[a-z]", code, re.I) and re.search(r"\d", code)
                                                or re.search(r"[\u4e00-\u9fff]", m.surface) and code.isdigit()):
        return m  # a brand is a product with a code ("Sony A7M4", 小米14), not with a bare count
    surface = text[m.start:hit.end()]
    etype = "product" if m.entity_type == "organization" else m.entity_type
    return Mention(m.start, hit.end(), surface, normalize_name(surface), etype, m.source, None, m.weak)


#: a work's title in Chinese title marks: 《成都》 is a song, not the city
_ZH_TITLE = re.compile(r"《(?P<title>[^《》\n]{1,30})》")


def _titles(text: str, lexical: list[Mention]) -> list[Mention]:
    """A title in 《》 is one media entity; no name or member inside it is one of its own."""
    spans = [m.span("title") for m in _ZH_TITLE.finditer(text)]
    if not spans:
        return lexical
    kept = [m for m in lexical if not any(s <= m.start and m.end <= e for s, e in spans)]
    return kept + [Mention(s, e, text[s:e], normalize_name(text[s:e]), "media", "name") for s, e in spans]


#: what stands right before a brand that leads a thing's head noun: a determiner, a possessive or
#: a word of age ("my new Garmin watch", "a Fitbit tracker"); "gave Sarah headphones" has none
_EN_BRAND_LEFT = re.compile(r"\b(?:my|our|his|her|their|your|a|an|the|this|that|new|old|used|first|second|"
                            r"brand-new|brand new)\s+$", re.I)


def _en_brand_heads(text: str, kept: list[Mention]) -> list[Mention]:
    """An unknown capitalised brand right before a device or appliance word is one thing with it
    ("my new Garmin watch tracks my runs": the Garmin watch, not any watch). Known brands already
    join their head (a typed name); this covers the brands no list holds, by position only."""
    from .names import en_name_spans

    heads = {m.start: m for m in kept if m.source == "lexicon" and m.start > 0 and
             m.entity_type in ("device", "appliance")}
    if not heads:
        return kept
    taken = [(m.start, m.end) for m in kept if m.start >= 0]
    out = list(kept)
    for start, end, surface in en_name_spans(text):
        head = heads.get(end + 1)
        if head is None or text[end] != " " or not _EN_BRAND_LEFT.search(text[:start]) or \
                any(s < end and start < e for s, e in taken):
            continue
        whole = text[start:head.end]
        out[out.index(head)] = Mention(start, head.end, whole, normalize_name(whole), head.entity_type, "name")
    return out


def _place_dishes(text: str, kept: list[Mention]) -> list[Mention]:
    """A place right before a dish names the dish (兰州拉面, 北京烤鸭, 沙县小吃): one food, no place."""
    foods = {m.start: m for m in kept if m.entity_type == "food" and m.start >= 0 and is_cjk(m.surface)}
    out: list[Mention] = []
    merged: set[int] = set()
    for m in kept:
        dish = foods.get(m.end) if m.entity_type == "place" and m.start >= 0 else None
        if dish is None:
            out.append(m)
            continue
        surface = text[m.start:dish.end]
        out.append(Mention(m.start, dish.end, surface, normalize_name(surface), "food", "lexicon"))
        merged.add(id(dish))
    return [m for m in out if id(m) not in merged]


def collect_mentions(text: str, hints: tuple[EntityHintInput, ...],
                     known: list[KnownEntity], *,
                     lexicon_fields: list[str] | None = None,
                     gazetteer: Gazetteer | None = None) -> list[Mention]:
    """All mentions of one event.

    ``lexicon_fields``: for a sensor event, the provenance values to scan with the lexicon
    instead of the rendered text (whose source labels — 网易云音乐, Git — would otherwise
    become an entity on every single event of that source). ``gazetteer``: ``known``
    prepared once for many events (:meth:`Gazetteer.of`).
    """
    gazetteer = gazetteer or Gazetteer.of(known)
    if lexicon_fields is None:
        lexical = [*lexicon_mentions(text), *name_mentions(text)]
    else:
        lexical = [Mention(-1, -1, surface, name, etype, source)
                   for value in lexicon_fields for surface, name, etype, source in _field_mentions(value)]
    if lexicon_fields is None:
        from .names import pet_name_spans
        pets = pet_name_spans(text)
        species = [sspan for _, _, _, sspan in pets]
        lexical = [m for m in lexical if not (m.source == "lexicon" and m.entity_type == "animal" and
                                              any(s <= m.start and m.end <= e for s, e in species))]
        # a pet's name that is also a word (可乐, 芝麻, Peanut): the animal, not the food
        lexical = [m for m in lexical if not (m.source == "lexicon" and
                                              any(s < m.end and m.start < e for s, e, _, _ in pets))]
        lexical = _titles(text, lexical)
    mentions = [*gazetteer_mentions(text, gazetteer), *hint_mentions(text, hints), *lexical]
    kept = resolve_overlaps(mentions)
    if lexicon_fields is None:
        kept = [_with_model(text, m) for m in kept]
    if lexicon_fields is None and is_cjk(text):
        kept = _zh_landmarks_of_places(text, [_zh_school_of_place(text, m) for m in kept])
        kept = _place_dishes(text, kept)
    if lexicon_fields is None and not is_cjk(text):
        from .names import company_context
        kept = _en_brand_heads(text, kept)
        for m in kept:
            if m.source == "lexicon" and company_context(text, m.start, m.end, m.entity_type):
                m.entity_type = "organization"  # "Tesla stock", "hired at Spotify": the company
    # a hint naming a catalog entity inherits its id (the catalog is the stronger evidence)
    by_form = gazetteer.by_form
    for m in kept:
        if m.resolved_id is None:
            entity = by_form.get(m.surface.lower()) or by_form.get(m.name)
            if entity is not None:
                m.resolved_id, m.name = entity.entity_id, entity.name
                m.entity_type = valid_type(entity.entity_type)
    return kept
