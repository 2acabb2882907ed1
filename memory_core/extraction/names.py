"""Names outside the statement patterns: organisations, places, people, vehicles, conditions.

Where a library segments the language, its segmentation bounds the span: Chinese text is cut
by jieba's part-of-speech tagger (``nr`` person, ``ns`` place, ``nt`` organisation, ``nz`` other
proper noun, ``t`` time word), so 林悦上周 ends at the name and 北京大学第三医院 stays whole.
English has capitalisation: a name is a run of capitalised tokens (with "of"/"&" inside and a
model code after: "Bank of America", "Hyundai Ioniq 5", "Ford F-150"), never the pronoun "I",
a weekday or month, and a sentence's first word only when it is not a common sentence opener.

A span is only a candidate; it becomes a mention when something types it: the name lists of
``lexicon/names.py`` (which also fix jieba's known mistakes: 京东 is no place), an organisation
head (University, 医院, 银行), a brand + model shape (a vehicle), the tag itself (nt, ns, nr),
or the words around it ("in Portland" is a place, "at Walgreens" an organisation, "with Sarah"
a person). An untyped span is dropped: precision first.

Caveat (documented in docs/l2.md): jieba splits a brand from its head noun or model (小米/汽车,
大众/朗/逸), so brand + model and name + organisation head are joined here from the lists, not
taken from the tagger; a brand alone before a generic head (小米手环) is typed by the head.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Sequence

from ..lexicon.names import (DIETS_EN, DIETS_ZH, EN_PET_BREEDS, PET_SPECIES, SCHOOLS, ZH_SURNAMES, CONDITION_SUFFIXES_EN, CONDITION_SUFFIXES_ZH, CONDITIONS, GENERIC_NOUNS,
                             DIET_EXCLUDES, MEASURE_CONDITIONS,
                             ORG_HEADS_EN, ORG_HEADS_ZH, ORGANIZATIONS, PLACES, VEHICLE_BRANDS,
                             VEHICLE_MODELS, ZH_DISTRICTS)
from ..text.segment import jieba_knows, jieba_posseg


@lru_cache(maxsize=2048)
def zh_tokens(text: str) -> tuple[tuple[str, str, int], ...]:
    """(word, flag, start) for ``text`` by jieba.posseg (cached: a clause is cut once)."""
    out: list[tuple[str, str, int]] = []
    pos = 0
    for word, flag in _posseg_pairs(text):
        start = text.find(word, pos)
        if start < 0:
            start = pos
        out.append((word, flag, start))
        pos = start + len(word)
    return _adverb_off_names(out)


#: adverbs of a character and 是 (老是 "always", 总是, 还是…): the tagger's guess at a name may take
#: their first character (阿黄老 / 是 in 鹦鹉阿黄老是啄自己毛)
_ADVERB_SHI = frozenset("老总还就也又都真可只倒硬")


def _adverb_off_names(tokens: list[tuple[str, str, int]]) -> tuple[tuple[str, str, int], ...]:
    """A name token whose last character opens an adverb with a following 是 gives it back."""
    out = list(tokens)
    for i in range(len(out) - 1):
        word, flag, start = out[i]
        nxt, _f, n_start = out[i + 1]
        if flag == "nr" and len(word) >= 3 and word[-1] in _ADVERB_SHI and nxt.startswith("是") \
                and n_start == start + len(word):
            out[i] = (word[:-1], flag, start)
            out[i + 1] = (word[-1] + nxt, "d" if nxt == "是" else _f, start + len(word) - 1)
    return tuple(out)


def _posseg_pairs(text: str) -> list[tuple[str, str]]:
    """``jieba.posseg.cut(text)`` as (word, flag) pairs, cut block by block.

    posseg splits a text at ``re_han_internal`` (runs of Han characters, Latin letters, digits
    and ``+#&._``) and cuts each block alone — one block's route and HMM never see another's —,
    so a text's pairs are its blocks' pairs in order, and ``cut`` of one block alone is that
    block's cut. Blocks repeat far more than texts (the generated chat: 29,840 blocks, 2,932
    distinct, in 3,070 texts), so each is cut once (:func:`_posseg_block`)."""
    posseg = jieba_posseg()
    out: list[tuple[str, str]] = []
    for block in posseg.re_han_internal.split(text):
        if block:
            out.extend(_posseg_block(block))
    return out


@lru_cache(maxsize=65_536)
def _posseg_block(block: str) -> tuple[tuple[str, str], ...]:
    return tuple((pair.word, pair.flag) for pair in jieba_posseg().cut(block))


def zh_place_word(text: str) -> bool:
    """Whether jieba reads ``text`` alone as one place name (洛阳 out of 洛阳人, which it tags a
    person as one token)."""
    return bool(text) and [f for _w, f, _p in zh_tokens(text)] == ["ns"]


def zh_verb_word(text: str) -> bool:
    """Whether jieba reads ``text`` alone as one verb (复查, 拔牙, 复诊): after 去 it says what one
    went to do, not where."""
    return bool(text) and [f for _w, f, _p in zh_tokens(text)] in (["v"], ["vn"])


# -- typing -------------------------------------------------------------------------------------

_ZH_DESCRIPTORS = re.compile(r"^(?:一家|一个|一所|这家|那家|这种|那种|这个|那个|一堆|一大堆|一些|一点|好多|很多|不少|好些|一大袋|一箱|某|小|大|新|老|原|现|前|本|外资|外企|国企|"
                             r"私营|民营|创业|初创|互联网|本地|当地|附近的?|楼下的?|父母|爸妈|朋友|亲戚|"
                             # whose a room or a canteen is (公司宿舍, 学校食堂, 合租的房子): still no name
                             r"公司的?|学校的?|单位的?|员工|合租的?|租的)+")


#: 厂里, 单位那边: a kind of place with its locative is still the kind
_ZH_LOCATIVE_END = re.compile(r"(?<=[\u4e00-\u9fff])(?:里|那边|这边|那儿|这儿)$")


_TIME_WORDS = re.compile(r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|weekdays?|mornings?|"
                         r"evenings?|nights?|afternoons?|holidays?|winters?|summers?|springs?|autumns?|falls?|"
                         r"(?:january|february|march|april|june|july|august|september|october|november|december)s?|"
                         r"周[一二三四五六日天末]|星期[一二三四五六日天]|早上|晚上|下午|上午|周末|冬天|夏天|春天|秋天|假期|节假日|"
                         # a stretch of time, counted or ordinal: "few weeks", "my second year", 第三年
                         r"(?:(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|next|past|"
                         r"few|couple of|couple|several|\d+(?:st|nd|rd|th)?|one|two|three|four|five|six|seven|eight|nine|"
                         r"ten) )?(?:years?|weeks?|months?|days?|semesters?|terms?|decades?|hours?)|"
                         r"第?[一二三四五六七八九十两几\d]+(?:年|周|个月|天|个学期|学期))")


def is_generic(name: str) -> bool:
    """A kind, not a particular thing ("startup", 一家创业公司, 一家外资银行, 父母家, 这种感觉)."""
    n = re.sub(r"^(?:(?:a|an|the|my|our|new|this|that|small|big|local)\s+)+", "", name.strip().lower())
    if re.match(r"(?:someone|somebody|something|anyone|anybody|anything|everyone|everybody|no one|nobody)\b", n):
        return True  # "seeing someone new": an indefinite pronoun with an adjective is still no one in particular
    if n in GENERIC_NOUNS:
        return True  # 大学 before its 大 is read as a descriptor
    if _TIME_WORDS.fullmatch(n):
        return True  # "I hate Mondays", 讨厌周一: a time is no thing one likes, owns or visits
    if re.search(r"[\u4e00-\u9fff]", n):
        n = _ZH_LOCATIVE_END.sub("", n)
        if n in GENERIC_NOUNS:
            return True
        # nothing left but descriptors and kinds (老单位, 原单位, 本公司): no particular one
        n = _ZH_DESCRIPTORS.sub("", n)
    return n in GENERIC_NOUNS or not n


#: a body part's pain or injury ("back pain", "knee injury", "a broken ankle", "torn ACL"): a
#: condition by its shape, as "-itis" is
EN_BODY_CONDITION = (r"(?:(?:chronic |lower |upper )?(?:back|neck|knee|shoulder|hip|joint|chest|wrist|ankle|foot|"
                     r"elbow|nerve|jaw|tooth|stomach|pelvic|hamstring|groin|leg|arm|rib|head) "
                     r"(?:pain|injury|injuries|problems?|issues?|fracture|sprain|strain)|"
                     r"(?:broken|fractured|torn|sprained|dislocated|herniated|slipped) (?:[a-z]+ )?(?:ankle|wrist|arm|leg|"
                     r"foot|toe|finger|rib|collarbone|hip|knee|shoulder|elbow|acl|mcl|meniscus|disc|disk|back|nose|jaw))")
_EN_BODY_CONDITION_RX = re.compile(EN_BODY_CONDITION + "$")


def is_condition(name: str) -> bool:
    n = name.strip().lower()
    if n in CONDITIONS:
        return True
    if re.search(r"[\u4e00-\u9fff]", n):
        return len(n) >= 2 and n.endswith(CONDITION_SUFFIXES_ZH)
    return n.endswith(CONDITION_SUFFIXES_EN) or bool(_EN_BODY_CONDITION_RX.fullmatch(re.sub(r"^(?:a|an|my|the) ", "", n)))


def related_condition(told: str, live: Sequence[str]) -> str | None:
    """The live condition a recovery told by a measurement or a body part ends, newest first:
    "my blood pressure is back to normal" ends "high blood pressure", 腰不疼了 ends 腰椎间盘突出.
    Such a line names no condition itself, so without one held it says nothing (``None``)."""
    t = re.sub(r"^(?:my|the|a) ", "", told.strip().lower())
    t = re.sub(r"(?<=\w) (?:levels?|numbers?|counts?|readings?|results?|tests?)$|(?<=[\u4e00-\u9fff])(?:指标|水平|数值|值)$", "", t)
    if not t:
        return None
    mapped = MEASURE_CONDITIONS.get(t, ())
    cjk = bool(re.search(r"[\u4e00-\u9fff]", t))
    for value in reversed(live):
        v = value.strip().lower()
        if v == t or v in mapped or (t in v if cjk else re.search(rf"\b{re.escape(t)}\b", v) is not None):
            return value
    return None


def related_diet(food: str, live: Sequence[str]) -> str | None:
    """The live diet that leaves out ``food``, newest first: eating it again ends that diet
    ("started eating bread again" ends gluten-free). ``None`` when no held diet excludes it."""
    f = re.sub(r"^(?:some |the |real |normal )", "", food.strip().lower())
    for value in reversed(live):
        if f in DIET_EXCLUDES.get(_DIETS.get(value.strip().lower(), value.strip().lower()), ()):
            return value
    return None


def related_employer(told: str, live: Sequence[str]) -> str | None:
    """The live employer a company's own end names ("Nimbus folded", 蔚来倒闭了): the company
    itself, held as the speaker's employer. Any other company's end says nothing of theirs."""
    t = told.strip().lower()
    for value in reversed(live):
        v = value.strip().lower()
        if t and (v == t or v.startswith(t + " ")):
            return value
    return None


#: a trait → how a told word names the held value it stands for (``fixed_object="@trait~"``)
RELATED_VALUE = {"health": related_condition, "diet": related_diet, "employer": related_employer}


def is_vehicle_word(name: str) -> bool:
    """A vehicle by its name: a brand alone ("Tesla", 比亚迪) or a model (``is_vehicle_name``)."""
    return is_vehicle_name(name) or name.strip().lower() in VEHICLE_BRANDS


#: what follows a brand in a sentence, not its model ("MINI卖了", "宝马开了十年"): a verb or a particle
_NOT_A_MODEL_START = frozenset("卖买开提换修撞停洗租借送骑坐了的是在到去从和跟与被把给也都就还又着过我你他她它")


def is_vehicle_name(name: str) -> bool:
    """A vehicle brand with a model, or a model alone ("Honda Civic", 理想L7, 朗逸, "Camry")."""
    n = name.strip().lower()
    if n in VEHICLE_MODELS:
        return True
    for brand in VEHICLE_BRANDS:
        if n.startswith(brand) and len(n) > len(brand):
            rest = n[len(brand):].strip()
            if rest in VEHICLE_MODELS or re.fullmatch(r"[a-z0-9][a-z0-9\- ]{0,12}", rest) or \
                    re.fullmatch(r"[\u4e00-\u9fff]{1,4}[a-z0-9]*", rest) and rest not in ("汽车", "公司", "集团") \
                    and rest[0] not in _NOT_A_MODEL_START and "了" not in rest:
                return True
    return False


def is_school(name: str) -> bool:
    """A university or school by the list or by its head (Harvard, Ohio State University, 北京大学),
    or by the short forms chat uses for one: "<place> State", "<place> Tech", "UC <campus>", "<place> Uni"."""
    n = name.strip().lower()
    return n in SCHOOLS or bool(re.search(r"\b(?:university|college|school|academy|institute|elementary|polytechnic)\b", n)) or \
        bool(re.search(r"\w \buni$", n)) or \
        bool(re.fullmatch(r"(?:[a-z.]+ ){1,2}(?:state|tech)|uc [a-z]+", n)) or \
        bool(re.search(r"(?:大学|学院|中学|小学|高中|初中|幼儿园|附中|附小|[一二三四五六七八九十]中|外国语学校|实验学校)$", n))


def list_type(name: str) -> str | None:
    """The type the name lists give a span, if any."""
    n = name.strip().lower()
    if is_vehicle_name(n):
        return "vehicle"
    if n in ORGANIZATIONS or n in SCHOOLS and n.isascii():
        return "organization"
    if n in PLACES:
        return "place"
    if n in CONDITIONS:
        return "topic"
    words = n.split()
    if len(words) > 1 and (words[-1] in ORG_HEADS_EN or " ".join(words[-2:]) in ORG_HEADS_EN or
                           any(w in _ORG_HEADS_ANYWHERE for w in words)):
        return "organization"  # "Imperial College London", "University of Toronto", "Bank of America"
    if re.search(r"[\u4e00-\u9fff]", n) and len(n) > 2 and n.endswith(ORG_HEADS_ZH) and \
            n not in GENERIC_NOUNS and not n.startswith(("一家", "这家", "那家", "一所")):
        return "organization"
    return None


_ORG_HEADS_ANYWHERE = frozenset({"university", "college", "institute", "academy", "hospital", "bank",
                                 "school", "clinic"})


#: words around a capitalised name that make it a company or a school, whatever a product
#: lexicon says ("hired at Spotify", "Tesla stock", "transferred to Rice"); "quit"/"left" are
#: not among them ("I quit Instagram" is an app)
_EN_COMPANY_LEFT = re.compile(r"\b(?:joined|(?:work|works|worked|working) (?:at|for)|hired (?:at|by)|"
                              r"laid off (?:from|by)|fired from|(?:intern|interns|interned|interning) at|retired from|"
                              r"resigned from|job at|offer from|position at|employed (?:at|by)|transferred to|"
                              r"enrolled at|graduated from|admitted to|(?:student|freshman|sophomore|junior|senior) at)\s*$",
                              re.IGNORECASE)
_EN_COMPANY_RIGHT = re.compile(r"^(?:'s)?\s+(?:stock|stocks|shares|earnings|ceo|headquarters|hq|layoffs|employees|"
                               r"is hiring|was hiring|went public|ipo)\b", re.IGNORECASE)
#: lexicon types a brand name has as a product that its company context overrides
_BRAND_TYPES = frozenset({"software", "vehicle", "food", "device", "media", "product", "appliance", "topic", "activity"})


def company_context(text: str, start: int, end: int, etype: str | None) -> bool:
    """Whether a capitalised name typed as a product (or a food word: Rice) is a company or a
    school here, by the words around it."""
    if etype not in _BRAND_TYPES or not text[start:start + 1].isupper():
        return False
    return bool(_EN_COMPANY_LEFT.search(text[:start]) or _EN_COMPANY_RIGHT.match(text[end:]))


def name_lexicon_type(surface: str, terms: dict[str, str]) -> str | None:
    """The category lexicon's type for a *name*: the whole name is a member ("Tesla", "Notion"),
    or a brand member leads a model code ("Dyson V15"); a member inside a longer name types
    nothing ("London" in "Imperial College London", "rock" in "Red Rocks")."""
    n = surface.strip().lower()
    if n in terms:
        return terms[n]
    words = n.split()
    if len(words) > 1 and words[0] in terms and terms[words[0]] in ("appliance", "device", "vehicle", "product") \
            and all(any(ch.isdigit() for ch in w) or len(w) <= 3 for w in words[1:]):
        return terms[words[0]]
    if 1 < len(words) <= 3 and words[0] in terms and terms[words[0]] in ("appliance", "device") and \
            all(w[:1].isupper() for w in surface.split()[1:]):
        return terms[words[0]]  # "Kindle Paperwhite", "Apple Watch": the brand's model names the device
    return None


# -- English --------------------------------------------------------------------------------------

#: a word character that is no CJK one: a Latin name runs up to the Chinese next to it ("啊啊啊UCLA
#: transfer录了", "UCLA录了": UCLA)
_LW = r"[^\W\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
_EN_TOK = rf"(?:[A-Z](?:{_LW}|['\-])*(?<![\-']))"
_EN_MODEL = rf"(?:\d(?:{_LW}|-)*(?<!-))"
#: "St. Mary's Hospital", "Mt. Rainier", "Ft. Lauderdale": the abbreviated Saint/Mount/Fort
#: opens the name (without it the name was cut at the period and "st" became an employer)
_EN_PLACE_TITLE = r"(?:(?:St|Mt|Ft)\. (?=[A-Z]))?"
EN_NAME = re.compile(rf"(?<!{_LW})(?<!')" + _EN_PLACE_TITLE + _EN_TOK + r"(?:(?: (?:of(?: the)?|de|du|la|von|van|&))? " + _EN_TOK +
                     # a count of time after a name is no model number ("moved to Portland 2 weeks ago")
                     r"| " + _EN_MODEL + rf"(?!{_LW})(?!')(?! (?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|"
                     r"months?|mos?|years?|yrs?|times|nights?)\b))*(?:'s)?" + rf"(?!{_LW})")
#: capitalised words that are not names (pronoun, days, months, interjections, titles)
_EN_NOT_NAME = frozenset({
    "i", "i'm", "i've", "i'd", "i'll", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
    "sunday", "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "ok", "okay", "lol", "omg", "haha", "hmm", "mom", "dad", "mum",
    "christmas", "thanksgiving", "easter", "ai", "tv", "ceo", "cto", "pm", "am", "usd", "b12", "dr", "mr",
    "mrs", "ms", "st", "ave", "covid-free",
    # pronouns capitalised mid-sentence in chat ("… and It's made a big impact") are nobody
    "it", "it's", "its", "he", "she", "they", "we", "you", "me", "him", "her", "them", "us", "my", "your",
    "our", "their", "his", "this", "that", "there", "here",
    # chat abbreviations ("Oh, and btw - …", "my gf")
    "btw", "gf", "bf", "bff", "tbh", "idk", "imo", "imho", "fyi", "ngl", "rn", "smh", "irl", "asap",
})
#: common words that open a sentence capitalised but are not names (a sentence's first word is
#: only a name when it is not one of these and something else types it)
_EN_OPENERS = frozenset("""a an the my our your his her their its this that these those some any every
i we you he she they it me us them there here what how why when where who which whose whether is are
was were am be been do does did have has had can could would should will shall may might must just
so well yeah yes no not now then also still really actually honestly finally recently today tonight
yesterday tomorrow last next after before since because but and or if unless though although while
started start got get went go gone moved move quit left sold bought adopted married divorced graduated
thanks thank good great nice sorry congratulations congrats hi hello hey please tell remind help
maybe perhaps lots most many much more less few several all both each either neither only even
once twice always never usually often sometimes ugh wow oh ah ahh finished working living driving
being having feeling getting going trying thinking planning considering looking wondering""".split())

#: "a puppy named Ollie": a species word then "named"/"called" right before the span
_EN_SPECIES_NAMED = re.compile(
    r"\b(?:" + "|".join(sorted((re.escape(s) for s in PET_SPECIES if s.isascii()), key=len, reverse=True))
    + r") (?:named|called) $")
#: kin titles written before a first name ("Aunt Linda", "Grandpa Joe")
_EN_KIN_TITLES = frozenset({"aunt", "auntie", "uncle", "cousin", "grandma", "grandpa", "granny", "nana", "nan",
                            "grandmother", "grandfather"})
_EN_PERSON_LEFT = re.compile(r"(?:\b(?:aunt|auntie|uncle|cousin|grandma|grandpa|granny|nana|grandmother|grandfather|"
                             r"(?:lunch|dinner|coffee|drinks|brunch|breakfast|beers?|a drink|a beer|a coffee|a walk|a call|"
                             r"a chat|a date|hung out|hang out|hanging out|caught up|catch up|catching up|met up|meet up|"
                             r"meeting up|chatted|talked|spoke|texted|facetimed|played \w+|went out) with)|"
                             r"\b(?:my|our) (?:friend|coworker|co-worker|colleague|boss|manager|"
                             r"roommate|neighbor|neighbour|cousin|sister|brother|wife|husband|girlfriend|"
                             r"boyfriend|partner|fianc[eé]e?|son|daughter|mom|dad|teammate|classmate),?|"
                             r"\b(?:married to|engaged to|broke up with|split with|split up with|divorced|"
                             r"marry|married|marrying|dating|date|dated|seeing|met|meet|"
                             r"named|called|told|asked|and|think|thinks|guy|girl|man|woman)) $")
#: the name right before "and X" / ", and X" (X is then of its kind, not a person by the "and")
_EN_COORDINATED = re.compile(r"(?<![\w'])(?:[Tt]he |[Aa]n? )?(?P<prev>[A-Z][\w&'.\-]*(?: [A-Z][\w&'.\-]*){0,3}),? and $")
#: a thing's name after "called"/"named" (the person cue "called X" is for people)
_EN_THING_CALLED = re.compile(r"\b(?P<head>game|games|show|series|app|movie|film|book|novel|song|album|restaurant|cafe|café|"
                              r"bar|place|shop|store|company|startup|brand|band|podcast|course|program|programme|dish|"
                              r"drink|flowers?|plants?|park|city|town|village|island|festival|event|channel|"
                              r"website|site|platform|tool|project|studio|gym|hotel|street|lake|mountain|trail|"
                              r"location|spot|area|beach|river|waterfall|falls|neighborhood|neighbourhood|flower|"
                              r"lilies|plant|team|character|word|style|technique|dance|recipe|breed)"
                              r"(?: (?:was|is|are|were))? (?:called|named) $|"
                              # "They're called Peruvian Lilies", "it's called …": a thing's name
                              r"\b(?P<pron>it|they|this|that|these|those)(?:'s|'re| is| are| was| were) (?:called|named) $")
#: the type the head noun before "called X" gives X (heads not listed give none)
_CALLED_HEAD_TYPES = {**dict.fromkeys(("restaurant", "cafe", "café", "bar", "shop", "store", "company", "startup",
                                       "brand", "band", "studio", "gym", "hotel"), "organization"),
                      **dict.fromkeys(("game", "games", "show", "series", "movie", "film", "book", "novel", "song",
                                       "album", "podcast", "channel"), "media"),
                      **dict.fromkeys(("park", "city", "town", "village", "island", "street", "lake", "mountain",
                                       "trail", "place", "location", "spot", "area", "beach", "river", "waterfall",
                                       "falls", "neighborhood", "neighbourhood"), "place"),
                      "team": "organization",
                      **dict.fromkeys(("app", "website", "site", "platform", "tool"), "software")}
_EN_PERSON_RIGHT = re.compile(r"^(?: from (?:my|our) (?:team|office|class|work|school|gym|church|department|"
                              r"company|floor|lab|group|building)\b|'s (?:wife|husband|mom|dad|girlfriend|boyfriend)| and i\b|"
                              r" said\b| says\b| told\b| thinks\b| and me\b|"
                              # "Sofia is officially my girlfriend": named as one's partner
                              r"(?: is|'s) (?:now |officially |finally |also )*my (?:new )?(?:girlfriend|boyfriend|partner|gf|bf|"
                              r"fianc[eé]e?|wife|husband)\b)")
#: what a show or a film is watched with, or followed by
_EN_MEDIA_LEFT = re.compile(r"\b(?:binge-watching|binge watching|binge-watched|binged|bingeing|binging|rewatching|"
                            r"re-watching|rewatched|watching|watched|streaming|finished watching|started watching) $")
_EN_MEDIA_RIGHT = re.compile(r"^(?:'s)? (?:season|episode|finale|reboot|series finale)\b")
#: what a musician or an author is listened to or read with, or followed by
_EN_CREATOR_LEFT = re.compile(r"\b(?:listening to|listen to|listened to|fan of|concert by|album by|songs? by|"
                              r"books? by|novels? by) $")
_EN_CREATOR_RIGHT = re.compile(r"^(?:'s|,)? (?:(?:his|her|their) )?(?:new |last |latest |first |old |older )?"
                               r"(?:album|albums|song|songs|record|single|tour|concert|music|lyrics|discography)\b|"
                               r"^ (?:live|in concert|perform|performing|play live)\b")
#: the head of a venue's name: a place one goes to, not an employer unless worked at
_EN_VENUE_HEAD = re.compile(r"\b(?:theatre|theater|garden|arena|stadium|bowl|amphitheater|amphitheatre|coliseum|"
                            r"colosseum|ballpark|field|speedway|racetrack|market)$")
_EN_ORG_WORK_LEFT = re.compile(r"\b(?:work|works|working|worked|job|hired|employed|shift|intern|interning)\b[^.;]*$")
_EN_PLACE_LEFT = re.compile(r"\b(?:in|to|near|visit|visiting|visited|around|across|from|outside|"
                            r"into|toward|towards)$")
_EN_ORG_LEFT = re.compile(r"\b(?:at|for|joined|join|joining|quit|left|leave|leaving|offer from|"
                          r"hired at|interned at|ship to|switched to|moved over to|(?:retiring|retired|resigned|laid off|"
                          r"let go|fired|graduated|graduating) from|(?:got|gets|get|getting) into|accepted (?:to|into|at)|admitted to|"
                          r"dropped out of|transferred to)$")


_EN_PET_NAMED = re.compile(r"\b(?:[Mm]y|[Oo]ur|[Yy]our|[Hh]is|[Hh]er|[Tt]heir)\s+(?:old |little |new |sweet |beloved )*"
                           r"(?P<species>cat|dog|kitten|puppy|rabbit|bunny|hamster|parrot|bird|turtle|beagle|corgi|"
                           r"poodle|labrador|lab|golden retriever|retriever|husky|greyhound|terrier|pug|goldfish|"
                           r"tortoise|ferret|horse|pony|" + "|".join(sorted(EN_PET_BREEDS, key=len, reverse=True)) +
                           r"),?\s+(?P<name>[A-Z][a-z'\-]+)")
_ZH_PET_NAMED = re.compile(r"(?:我|你|我们|你们|他|她)(?:家)?的?(?P<species>猫咪|小猫|橘猫|布偶猫|英短|猫|小狗|狗狗|柯基|金毛|"
                           r"泰迪|柴犬|哈士奇|狗|兔子|仓鼠|鹦鹉|乌龟)(?P<name>[\u4e00-\u9fff]{2}|[A-Za-z]+)(?=[^\u4e00-\u9fff]|"
                           r"[上去昨今前最已也都还死走丢病生是的，。！？])")
_DIETS = {**{d: d for d in DIETS_EN}, **DIETS_ZH}
_DIET_RX = re.compile(r"(?<![A-Za-z0-9_])(?:" + "|".join(DIETS_EN) + r")(?![A-Za-z0-9_])|" + "|".join(DIETS_ZH),
                      re.IGNORECASE)


def pet_name_spans(text: str) -> list[tuple[int, int, str, tuple[int, int]]]:
    """(start, end, name, species span) for "our dog Rocky" / 我家的猫咪年糕: the name is the
    animal; the species word beside it is no entity of its own."""
    from .mentions import is_member
    from .pet_names import en_possessed_pets, thing_name_ends, zh_named_pets

    out = []
    for rx in (_EN_PET_NAMED, _ZH_PET_NAMED):
        for m in rx.finditer(text):
            if m.group("name").lower() in _EN_NOT_NAME or m.group("name").lower() in _EN_OPENERS:
                continue
            if rx is _ZH_PET_NAMED and any(flag in ("t", "v", "d", "ul", "y", "p", "m", "r")
                                           for _, flag, _ in zh_tokens(m.group("name"))):
                continue  # 猫咪前天…, 狗死了: a time word or a verb is no name
            if rx is _ZH_PET_NAMED and is_member(m.group("name")):  # a thing's name (可乐, 面包)
                after = [t for t in zh_tokens(text) if t[2] >= m.end("name")]
                if not thing_name_ends(after[0] if after else ("。", "x", 0)):
                    continue  # 我家猫咪面包最爱吃: the cat's bread, not a cat called 面包
            out.append((m.start("name"), m.end("name"), m.group("name"), m.span("species")))
    for pet in (*zh_named_pets(text), *en_possessed_pets(text)):
        if pet.name.lower() in _EN_NOT_NAME or pet.name.lower() in _EN_OPENERS or \
                any(s < pet.end and pet.start < e for s, e, _, _ in out):
            continue
        out.append((pet.start, pet.end, pet.name, pet.species))
    return out


def topic_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, name) for conditions (English list words; Chinese ones come with the
    Chinese name list) and diet words, named in the diet vocabulary (吃素 → vegetarian)."""
    out = []
    for m in _DIET_RX.finditer(text):
        out.append((m.start(), m.end(), _DIETS[m.group(0).lower()]))
    for m in _en_conditions_rx().finditer(text):
        if _EN_COUNTED_BEFORE.search(text[:m.start()]):
            continue  # "each stroke of the brush", "every cramp": a countable thing, not the condition
        out.append((m.start(), m.end(), m.group(0).lower()))
    return out


_EN_COUNTED_BEFORE = re.compile(r"\b(?:each|every|one more|another|brush|pen|swim|golf|tennis|paddle)\s+$", re.I)


@lru_cache(maxsize=1)
def _en_conditions_rx() -> re.Pattern[str]:
    terms = sorted((c for c in CONDITIONS if not re.search(r"[\u4e00-\u9fff]", c) and
                    c not in ("cold", "a cold", "the flu", "flu")), key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z0-9_])(?:" + "|".join(map(re.escape, terms)) + r")(?![A-Za-z0-9_])",
                      re.IGNORECASE)


def en_name_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, surface) of capitalised name spans, trimmed of a possessive and of a
    sentence-opening common word ("Started Airbnb" never; "Today Tom" → "Tom")."""
    out = []
    for m in EN_NAME.finditer(text):
        start, surface = m.start(), m.group(0)
        if surface.endswith("'s") and surface.lower() not in ORGANIZATIONS and \
                not _business_genitive(text, start, m.end()):
            surface = surface[:-2]
        words = surface.split()
        if len(words) > 1 and words[0].lower() in ("the", "a", "an") and not _sentence_initial(text, start):
            start += len(words[0]) + 1  # "bartending at The Rusty Anchor": names carry no article
            words = words[1:]
        if len(words) > 1 and words[0].lower() in _EN_KIN_TITLES:
            start += len(words[0]) + 1  # "coffee with Aunt Linda": the kin title is no part of the name
            words = words[1:]
        # a sentence opener ("Started", "Our") or a non-name word at the front is not part of it
        while words and (words[0].lower() in _EN_NOT_NAME or
                         (words[0].lower() in _EN_OPENERS and _sentence_initial(text, start))):
            start += len(words[0]) + 1
            words = words[1:]
        while words and words[-1].lower() in _EN_NOT_NAME | {"of", "de", "&", "la"}:
            words = words[:-1]
        if not words:
            continue
        surface = " ".join(words)
        if len(words) == 1 and (words[0].lower() in EN_NEVER_ONE_WORD_NAME or len(words[0]) == 1):
            continue  # "Harry Potter and GoT", "Got it": a common word capitalised is no name
        if len(words) == 1 and re.fullmatch(r"[A-Z]{2,}s", words[0]) or surface.lower() in _EN_GREETINGS:
            continue  # "RPGs and MOBAs": a plural of a kind; "Bon Appetit": a greeting
        if start > 0 and "\u3400" <= text[start - 1] <= "\u9fff" and list_type(surface) not in ("organization", "place"):
            continue  # right after Chinese only a listed school, company or place (啊啊啊UCLA录了), not a
            # model after its Chinese brand (大疆Mini 4 Pro is the gadget's)
        out.append((start, start + len(surface), surface))
    return out


#: capitalised greetings and toasts borrowed whole, never a name
_EN_GREETINGS = frozenset({"bon appetit", "bon appétit", "bon voyage", "mazel tov", "happy birthday", "happy holidays",
                           "merry christmas", "happy new year", "feliz navidad", "buen provecho", "hasta la vista",
                           "good luck", "good night", "good morning", "take care", "well done", "congrats",
                           "namaste", "aloha", "gracias", "merci", "ciao", "cheers", "hola", "salud"})


#: words that are never a name on their own, wherever they stand: the sentence openers but the
#: ones that are also given names (Will, May)
EN_NEVER_ONE_WORD_NAME = _EN_OPENERS - {"will", "may"}


@lru_cache(maxsize=1)
def language_names() -> frozenset[str]:
    """Names of languages (Spanish, 日语): a topic one learns or speaks, never a person or place."""
    from ..lexicon.concepts import concept
    lang = concept("language")
    return frozenset(lang.expressions) - {"duolingo", "多邻国"} if lang else frozenset()


#: what may follow a business named by its owner's genitive ("at Nando's", "at Peet's on Main
#: Street", "left St. Joseph's in June"): no noun, so the 's is no possessive of something next
_EN_AFTER_GENITIVE_NAME = re.compile(r"^(?:\s*(?:[.,;:!?)]|$)|\s+(?:on|in|at|for|since|and|or|but|with|last|this|"
                                     r"next|a|an|the|after|before|until|now|today|yesterday|downtown)\b)")


#: nouns a name modifies when it stands right before one ("LGBTQ community", "Marvel fans"):
#: the name then tells what kind, and the words around it ("to a …", "in the …") say nothing
#: about the name being a place or an employer
_EN_MODIFIER_RIGHT = re.compile(r"^\+?\s+(?:(?!(?:a|an|the|for|to|in|on|at|with|and|or|but|from|of|by|last|this|next|"
                                r"yesterday|today|so|and|because|when|while|after|before|since)\b)[a-z][a-z-]*\s+){0,2}?"
                                r"(?:community|communities|group|groups|folks|people|"
                                r"rights|pride|movement|members|fans|fandom|club|center|centre|event|events|"
                                r"parade|march|festival|conference|meetup|themed|related|inspired|style|fan|"
                                r"workshop|workshops|seminar|class|classes|session|sessions|meeting|retreat|camp|"
                                r"program|programme|course|webinar|talk|panel|fundraiser|rally|shelter|hotline|"
                                r"organization|organisation|nonprofit|charity|youth|teens|kids|students|families|"
                                r"women|men|adults|veterans|seniors|issues|awareness|advocacy|activism|activists?|"
                                r"space|spaces|safe space|flag|icon|history|games|genre|genres|"
                                # a client's work ("the Nike account", "a Shopify store for a client")
                                r"account|accounts|campaign|pitch|deal|launch|contract|rebrand|store|project)\b")


def is_modifier_of(right: str) -> bool:
    """Whether the words right after a name make it a modifier ("… community", "… fan club")."""
    return bool(_EN_MODIFIER_RIGHT.match(right.lower()))


def _business_genitive(text: str, start: int, end: int) -> bool:
    """Whether "X's" after a workplace verb or preposition is a business's name (Nando's,
    McDonald's): an organisation context before it and no possessed noun after it."""
    return bool(_EN_ORG_LEFT.search(text[:start].lower().rstrip())) and \
        bool(_EN_AFTER_GENITIVE_NAME.match(text[end:]))


def _sentence_initial(text: str, start: int) -> bool:
    before = text[:start].rstrip()
    return not before or before[-1] in ".!?:;\"'(" or bool(re.search(r"(?:^|\n)[A-Z][\w .'-]{0,30}:$", before))


#: a preposition of place right before a name ("in Tacoma", "from Sierra")
_EN_PLACE_PREP = re.compile(r"\b(?:in|to|from|near|around|outside)\s+$", re.I)
#: the last word of a named period: the name is a time phrase, never an entity
_EN_NAMED_TIME_TAIL = re.compile(r"\s(?:month|week|day|days|weekend|eve|holidays?|season|night)$")
#: "Game 7 of the Finals", "Season 2", "Chapter 3": a numbered part of something, not a place
_EN_NUMBERED_PART = re.compile(r"^(?:game|episode|ep|chapter|season|level|round|part|volume|vol|stage|act|"
                               r"phase|week|day|book|track|lap|match|set|room|gate|exit|floor|grade)\s+\d+$")
#: "places like Paradise Rock, House of Blues, and Fenway Park", "games like Civilization and
#: Total War": a plural head before "like"/"such as" types every name of the list after it
_EN_LIST_HEAD = re.compile(r"\b(?P<head>places|spots|venues|cities|countries|towns|restaurants|bars|cafes|shops|stores|"
                           r"brands|companies|games|shows|series|books|novels|movies|films|bands|artists|singers|"
                           r"authors|writers|apps)(?:,)? (?:like|such as|including) "
                           r"(?:(?:the )?[A-Z][\w&'.\-]*(?: (?:of(?: the)? )?[A-Z0-9][\w&'.\-]*){0,4},? (?:and |or )?)*$")
_LIST_HEAD_TYPES = {**dict.fromkeys(("places", "spots", "venues", "cities", "countries", "towns"), "place"),
                    **dict.fromkeys(("restaurants", "bars", "cafes", "shops", "stores", "brands", "companies"),
                                    "organization"),
                    **dict.fromkeys(("games", "shows", "series", "books", "novels", "movies", "films"), "media"),
                    **dict.fromkeys(("bands", "artists", "singers", "authors", "writers"), "creator"),
                    "apps": "software"}
#: a name after a plural place noun and "and" ("travel to a few places and Bali last year")
_EN_PLACES_AND = re.compile(r"\b(?:places|spots|cities|countries|towns|islands|beaches),? and $", re.I)
#: a name the rest of the clause calls a place ("Shibuya and Shinjuku are cool spots")
_EN_PLACE_RIGHT = re.compile(r"^(?: and [a-z][\w'\-]*(?: [a-z][\w'\-]*)?)? (?:are|is|was|were) (?:such |so |really |some |"
                             r"a |an |the |my |our )?(?:[a-z]+ ){0,2}(?:spots?|places?|cities|city|towns?|neighbou?rhoods?|"
                             r"areas?|districts?|islands?|beach(?:es)?)\b")
#: what a thing comes "from" that is no place one is from ("that picture is from MinaLima", "a
#: map of Middle-earth from LOTR")
_EN_THING_FROM = re.compile(r"\b(?:picture|photo|pic|map|quote|line|scene|song|character|image|clip|props?|poster|"
                            r"print|painting|drawing|book|movie|film|show|video|idea|recipe|gift|present|letter|"
                            r"card|message|email|tip|advice|design|artwork|one)s?(?: [a-z\-]+){0,3}?"
                            r"(?: (?:is|was|are|were|came|comes))? from$")
#: plural role nouns capitalised at a sentence start ("Doctors said …"): people, not a person
_EN_ROLE_PLURALS = frozenset({"doctors", "nurses", "teachers", "parents", "kids", "friends", "people", "guys",
                              "folks", "cops", "police", "coaches", "scientists", "experts", "researchers",
                              "neighbors", "neighbours", "coworkers", "colleagues", "fans", "players", "critics",
                              "vets", "therapists", "lawyers", "officials", "reports", "studies"})


def type_en_span(text: str, start: int, end: int, lexicon_type: str | None) -> str | None:
    """The type of an English name span by lists, lexicon, shape, then context; None when
    nothing types it."""
    surface = text[start:end]
    low = surface.lower()
    listed = list_type(low)
    if (listed or lexicon_type) == "vehicle" and " " not in low and _EN_PLACE_PREP.search(text[:start]):
        return "place"  # "an apartment in Tacoma", "moved to Tacoma": a town named like a model
    if listed:
        return listed
    if len(low.split()) > 1 and _EN_NAMED_TIME_TAIL.search(low):
        return None  # "for Pride Month", "on Thanksgiving Day", "New Year's Eve": a time, not who or where
    if _EN_NUMBERED_PART.match(low) or low in _EN_ROLE_PLURALS:
        return None
    listed_after = _EN_LIST_HEAD.search(text[:start])
    if listed_after and not lexicon_type:
        return _LIST_HEAD_TYPES[listed_after.group("head")]
    if not lexicon_type and (_EN_PLACES_AND.search(text[:start]) or _EN_PLACE_RIGHT.match(text[end:].lower())):
        return "place"  # "a few places and Bali", "Shibuya and Shinjuku are cool spots"
    if low in language_names():
        return "topic"  # "myself and Spanish": a language, not the person "and X" would make it
    if company_context(text, start, end, lexicon_type):
        return "organization"  # "transferred to Rice": a school, not the food
    typed = lexicon_type
    if typed:
        return typed
    left = text[:start].lower().rstrip()
    right = text[end:].lower()
    if _EN_SPECIES_NAMED.search(left + " "):
        return "animal"  # "a puppy named Ollie"
    if _EN_MEDIA_LEFT.search(left + " ") or _EN_MEDIA_RIGHT.match(right):
        return "media"  # "binge-watching Ted Lasso", "Severance season two"
    if _EN_CREATOR_LEFT.search(left + " ") or _EN_CREATOR_RIGHT.match(right):
        return "creator"  # "listening to Hozier", "Kendrick Lamar, his last album"
    if _EN_VENUE_HEAD.search(low) and not _EN_ORG_WORK_LEFT.search(left):
        return "place"  # "at Madison Square Garden", "the Greek Theatre": a venue one goes to
    # "a game called Apex Legends", "a studio called Lumen Games": what is called so is no person
    # (the words before "called" may still type it: "join a studio called …" an organisation)
    called = _EN_THING_CALLED.search(left + " ")
    if called and called.group("head") in _CALLED_HEAD_TYPES:
        return _CALLED_HEAD_TYPES[called.group("head")]
    thing_called = called is not None
    partner = _EN_COORDINATED.search(text[:start])
    partner_type = None
    if partner is not None:  # the name before "and", typed by its own lists and context
        p_start, p_end = partner.span("prev")
        from .mentions import lexicon_type as typed_by_lexicon
        partner_type = type_en_span(text, p_start, p_end, typed_by_lexicon(partner.group("prev")))
    if partner_type is not None and partner_type != "person":
        # "brands like Nike and Under Armour", "visited Paris and Lyon": of the partner's kind
        return partner_type
    if is_modifier_of(right):
        return None  # "a LGBTQ support group", "strategy and RPG games": a modifier, not where or who
    if not thing_called and (_EN_PERSON_LEFT.search(left + " ") or _EN_PERSON_RIGHT.match(right)):
        if len(low.split()) <= 2 and not any(ch.isdigit() for ch in low):
            return "person"
    initial = _sentence_initial(text, start)
    if initial and low.split()[0] in _EN_OPENERS:
        return None
    if _EN_ORG_LEFT.search(left):
        return "organization"
    if _EN_PLACE_LEFT.search(left) and not _EN_THING_FROM.search(left):
        return "place"
    return None


# -- Chinese --------------------------------------------------------------------------------------

_ZH_PROPER = {"nr": "person", "nrt": "person", "nrfg": "person", "ns": "place", "nt": "organization"}
_ZH_PERSON_CUE = re.compile(r"(?:同事|朋友|女朋友|男朋友|老婆|老公|室友|同学|老板|表妹|表哥|表姐|表弟|"
                            r"堂妹|堂哥|闺蜜|邻居|领导|叫|和|跟|与)$")
#: words jieba tags ns that are verbs or common words in chat
_ZH_NOT_PLACES = frozenset({"长大", "出发", "回来", "回去", "上来", "下来", "安家", "落户", "扎根", "安顿"})
_ZH_NICK = re.compile(r"(?:小|老|阿)[\u4e00-\u9fff]")
#: one-character adverbs jieba glues to a nickname (小李刚 = 小李 + 刚 "just"): a nickname is
#: 小/老/阿 and one syllable, so a third character from this set starts the next word
_ZH_NICK_TAIL = frozenset("刚也都就才还又正已在说")
#: characters after which a place name is expected (在X, 去X, 到X, 从X, 住X …)
_ZH_PLACE_CUE = frozenset("在去到从往回飞住来和与跟、或是的，,。！？!? ")
_ZH_LIST_RX: re.Pattern[str] | None = None


#: car brands that are common words: a vehicle only with a model after them (长城炮, 哪吒V)
_BRAND_NEEDS_MODEL = frozenset({"长城", "东风", "欧拉", "仰望", "深蓝", "哪吒", "北汽", "星途", "捷途"})

#: a phone maker and a model (华为Mate60, 小米14 — 小米SU7 is the car —, 荣耀Magic6, vivo X100)
_ZH_PHONE = re.compile(r"(?:华为|荣耀|小米|红米|一加|三星|魅族|苹果|OPPO|oppo|vivo|VIVO|iQOO|iqoo|realme)\s?"
                       r"(?:(?:Mate|mate|Pura|pura|nova|Nova|Mix|mix|Note|note|Magic|magic|Find ?X|Reno|reno|"
                       r"iPhone|iphone|Galaxy ?S|P|K|X|S|Y)\s?)?\d{1,3}(?:\s?(?:Pro|pro|Ultra|ultra|Plus|plus|Max|max|\+))?"
                       r"(?![A-Za-z\d])")


#: a gadget maker and a model code (索尼WH-1000XM5, 大疆Mini4Pro, 佳能R6): one device, not the company
_ZH_GADGET = re.compile(r"(?:索尼|佳能|尼康|富士|大疆|戴森|松下|飞利浦|罗技|雷蛇|任天堂|联想|戴尔|惠普|华硕|微软|科沃斯|石头|追觅)\s?"
                        r"[A-Za-z][A-Za-z0-9\-]{1,15}(?:\s?(?:Pro|pro|Ultra|ultra|Plus|plus|Max|max|Mini|mini))?(?![A-Za-z\d])")


def _zh_list_rx() -> re.Pattern[str]:
    global _ZH_LIST_RX
    if _ZH_LIST_RX is None:
        terms = sorted((t for t in (*ORGANIZATIONS, *SCHOOLS, *PLACES, *CONDITIONS)
                        if re.search(r"[\u4e00-\u9fff]", t) and len(t) >= 2), key=len, reverse=True)
        brands = sorted((b for b in VEHICLE_BRANDS if re.search(r"[\u4e00-\u9fff]", b)), key=len, reverse=True)
        models = sorted((m for m in VEHICLE_MODELS if re.search(r"[\u4e00-\u9fff]", m) and len(m) >= 2),
                        key=len, reverse=True)
        all_models = sorted((m for m in VEHICLE_MODELS if re.search(r"[\u4e00-\u9fff]", m)), key=len, reverse=True)
        # brand + model: a listed model, a code (L7, SU7, 001), or a sub-brand or series word
        # with its code (长安深蓝SL03, 吉利银河E8)
        # a model's trim after it (秦PLUS, 汉EV, 宋DM-i)
        trim = r"(?:\s?(?:PLUS|Plus|plus|Pro|pro|Max|max|DM-i|DM-p|DM|EV|ev|L))?"
        vehicle = (r"(?:" + "|".join(map(re.escape, brands)) + r")(?:(?:" + "|".join(map(re.escape, all_models)) + r")" + trim +
                   r"|(?:(?![的了在是到去从和跟与被把给也都就还又着过我你他她它])[\u4e00-\u9fff]){2}[A-Z]{1,3}\d{0,3}[A-Za-z]?(?![A-Za-z])"
                   r"|[A-Za-z]{0,3}\d{1,3}[A-Za-z]?(?:系)?|Model ?[3SXY]|[A-Z]{1,3}(?![A-Za-z0-9]))")
        _ZH_LIST_RX = re.compile(r"(?P<veh>" + vehicle + r")|(?P<model>" + "|".join(map(re.escape, models)) +
                                 r")|(?P<term>" + "|".join(map(re.escape, terms)) + r")|(?P<brand>" +
                                 "|".join(map(re.escape, brands)) + r")", re.IGNORECASE)
    return _ZH_LIST_RX


@lru_cache(maxsize=1)
def _zh_heads() -> re.Pattern[str]:
    from ..lexicon.categories import CATEGORIES
    heads = sorted({m for c in CATEGORIES if c.entity_type in ("appliance", "device", "vehicle", "product")
                    for m in c.members if re.search(r"[\u4e00-\u9fff]", m)}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, heads)))


def _head_noun_follows(text: str, end: int) -> bool:
    return bool(_zh_heads().match(text, end))


def _brand_heads(text: str, spans: list[tuple[int, int, str, str]]) -> list[tuple[int, int, str, str]]:
    """A name right before a device / appliance / vehicle word is a brand: the two are one
    thing typed by the head (小米手环 a device, 戴森吸尘器 an appliance)."""
    from ..lexicon.categories import CATEGORIES

    types = {m: c.entity_type for c in CATEGORIES if c.entity_type in ("appliance", "device", "vehicle", "product")
             for m in c.members}
    out = []
    for start, end, surface, etype in spans:
        head = _zh_heads().match(text, end)
        if head and etype in ("organization", "brand", "person", "place") and len(surface) >= 2:
            out.append((start, head.end(), text[start:head.end()], types.get(head.group(0), "product")))
        elif etype != "brand":
            out.append((start, end, surface, etype))
    return out


def _a_listed_place(word: str) -> bool:
    """A place the lists or the lexicon know (北京), not one jieba only guessed (华联)."""
    from .mentions import lexicon_type  # mentions imports this module

    return list_type(word) == "place" or lexicon_type(word) == "place"


#: shop and hotel heads jieba may swallow into one place token (华联超市) or leave right after a name
_ZH_SHOP_HEADS = ("超市", "商场", "酒店", "宾馆", "药房", "药店", "便利店", "书店")


def _shop_head_at(text: str, at: int) -> str | None:
    """The shop head starting at ``at`` (华联 + 超市), or None."""
    return next((h for h in _ZH_SHOP_HEADS if text.startswith(h, at)), None)

#: the heads a made-up company name ends with (中天置业, 明远教育, 云栈科技): a two-character word
#: jieba tags anyhow (a time word, an adjective) before one is a company where a company is expected
_ZH_COMPANY_HEADS = ("置业", "传媒", "科技", "生物", "物流", "食品", "电器", "重工", "集团", "股份", "实业", "智能",
                     "教育", "地产", "控股", "文化", "网络", "软件", "电子", "咨询", "投资", "医药", "药业", "制药",
                     "能源", "环保", "互动", "设计", "游戏", "速运", "速递", "快递", "建设", "金融", "资本", "影业", "动力")
#: the tags of a word that cannot be a company's name part (pronouns, prepositions, particles,
#: adverbs, conjunctions, numbers, measure words, places of position, verbs)
_ZH_NOT_NAME_FLAGS = ("r", "p", "u", "d", "c", "m", "q", "s", "f", "v", "y", "e", "o", "w", "x")
#: what a company is expected after (在X上班, 从X离职, 去X, 叫X) — or the clause's start
_ZH_COMPANY_CUE = re.compile(r"(?:^|[在从去到进叫入了，,。！？：:\s]|加入|离开|来自)$")


#: 一家叫极光数科的公司: the name a kind of organisation is called by
_ZH_CALLED_ORG = re.compile(r"叫(?:做)?(?P<name>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)的[\u4e00-\u9fff]{0,4}?"
                            r"(?:公司|企业|工作室|创业公司|小公司|机构|平台|团队|单位|事务所|律所|餐厅|店|学校|医院)")


def _called_companies(text: str, spans: list[tuple[int, int, str, str]]) -> list[tuple[int, int, str, str]]:
    out = list(spans)
    for m in _ZH_CALLED_ORG.finditer(text):
        s, e = m.span("name")
        out = [x for x in out if not (x[0] < e and s < x[1])]
        out.append((s, e, m.group("name"), "organization"))
    return sorted(out)


def _company_names(text: str, spans: list[tuple[int, int, str, str]]) -> list[tuple[int, int, str, str]]:
    """Made-up company names the lists and tags miss: a two-character word + a company head,
    where a company is expected (她在中天置业做销售, 明远教育上周把我们都裁了)."""
    taken = [(s, e) for s, e, _, _ in spans]
    out = list(spans)
    tokens = zh_tokens(text)
    for i, (word, flag, pos) in enumerate(tokens[:-1]):
        nxt = tokens[i + 1]
        if len(word) != 2 or flag.startswith(_ZH_NOT_NAME_FLAGS) or \
                nxt[0] not in _ZH_COMPANY_HEADS or word in GENERIC_NOUNS:
            continue
        end = nxt[2] + len(nxt[0])
        if any(s < end and pos < e for s, e in taken) or not _ZH_COMPANY_CUE.search(text[max(0, pos - 2):pos]):
            continue
        out.append((pos, end, text[pos:end], "organization"))
        taken.append((pos, end))
    return sorted(out)


#: the heads of a named business district or park: a place (天府软件园, 苏州工业园区)
_ZH_PARK_HEADS = ("软件园", "科技园", "产业园", "工业园区", "工业园", "开发区", "高新区", "经开区", "新区", "创业园", "大学城")


def _place_tails(text: str, spans: list[tuple[int, int, str, str]]) -> list[tuple[int, int, str, str]]:
    """A place runs on into what jieba tags as a district or foreign name right after it (佛山 +
    顺德 ``nrt``), and into a park's head (厦门 + 软件园); a word before a park head is that park
    (天府 + 软件园)."""
    tokens = zh_tokens(text)
    by_start = {pos: (word, flag) for word, flag, pos in tokens}
    by_end = {pos + len(word): (word, flag) for word, flag, pos in tokens}
    out: list[tuple[int, int, str, str]] = []
    for start, end, surface, etype in spans:
        if etype == "place":
            nxt = by_start.get(end)
            if nxt is not None and len(nxt[0]) == 2 and nxt[1] in ("ns", "nrt") and nxt[0] not in _ZH_NOT_PLACES and \
                    not any(s == end for s, _, _, _ in spans):
                end += 2
            park = next((h for h in _ZH_PARK_HEADS if text.startswith(h, end)), None)
            if park is not None:
                end += len(park)
        out.append((start, end, text[start:end], etype))
    taken = [(s, e) for s, e, _, _ in out]
    for word, flag, pos in tokens:
        if word in _ZH_PARK_HEADS and pos >= 2 and not any(s < pos + len(word) and pos < e for s, e in taken):
            before, before_flag = by_end.get(pos, ("", ""))
            if len(before) >= 2 and before_flag.startswith("n"):
                out.append((pos - len(before), pos + len(word), text[pos - len(before):pos + len(word)], "place"))
    return sorted(out)


def _merge_places(spans: list[tuple[int, int, str, str]]) -> list[tuple[int, int, str, str]]:
    """Adjacent places are one place, large to small (湖南衡阳, 杭州滨江)."""
    out: list[tuple[int, int, str, str]] = []
    for span in sorted(spans):
        if out and out[-1][3] == "place" and span[3] == "place" and out[-1][1] == span[0]:
            prev = out.pop()
            out.append((prev[0], span[1], prev[2] + span[2], "place"))
        else:
            out.append(span)
    return out


#: jieba tags of a name an organisation head right after it makes an organisation
_ZH_NAME_HEAD_FLAGS = frozenset({"nr", "nrt", "ns", "nt", "nz"})


@lru_cache(maxsize=2)
def _zh_org_head(short: bool = False) -> re.Pattern[str]:
    """The organisation heads; one-character heads (云, 局) only with ``short`` — after a listed
    name (杭州市 + 公安局), not after a name jieba found on its own (杭州云栖)."""
    heads = sorted((h for h in ORG_HEADS_ZH if short or len(h) >= 2), key=len, reverse=True)
    # up to six more characters of the name before the head (湘雅 + 二 + 医院, 华东师范大学 + 第二附属 +
    # 中学, 重庆 + 电子工程职业 + 学院), taken greedily, never across a function word or a verb
    return re.compile(r"(?!一家|一所|一个|一间)[^\W\d_的了在是到去从和跟与及被把给向对也都就还又跳离入干当做任读上叫]{0,6}(?:"
                      + "|".join(map(re.escape, heads)) + ")")


def _org_head_end(text: str, end: int, short: bool = False) -> int | None:
    """Where an organisation head read right after a name at ``end`` ends, or None — also when
    the head is only the start of a longer word: 软件 in 软件园, 电子 in 电子厂 (a park, a factory of
    that trade — not a company named by the head)."""
    head = _zh_org_head(short).match(text, end, min(len(text), end + 10))
    if head is None or text[head.end():head.end() + 1] in ("园", "区", "城", "厂", "街", "路", "镇", "村"):
        return None
    return head.end()


def _token_aligned(text: str, start: int, end: int) -> bool:
    """Whether jieba cuts ``text`` at both ends of the span (a school abbreviation is a word of
    its own: 在川大读研 yes, 中大型 no)."""
    cuts = {0, len(text)}
    for word, _, pos in zh_tokens(text):
        cuts.update((pos, pos + len(word)))
    return start in cuts and end in cuts


#: two more characters after a known company, then a verb of working there (从同程旅行离职了,
#: 去金山办公报到, 在用友网络上班): the company's full name runs to the verb
_ZH_EMPLOYER_TAIL = re.compile(r"(?!总部|分部|公司|大厦|园区|这边|那边|门店|本部|大楼|店里|楼下|附近|旁边|里面|北京|上海|深圳|杭州|广州)"
                               r"(?P<tail>[\u4e00-\u9fff]{2})(?=(?:上班|工作|离职|入职|报到|实习|辞职|干了|待了|打工))")


#: … or after a verb of joining, up to the clause's end (正式入职金山办公了)
_ZH_JOINED_BEFORE = re.compile(r"(?:入职|加入|跳槽到|跳槽去了?|进了)$")
_ZH_JOINED_TAIL = re.compile(r"(?!总部|分部|公司|这边|那边)(?P<tail>[\u4e00-\u9fff]{2})(?=了|[，,。！？]|$)")


def _employer_tail_end(text: str, start: int, end: int) -> int | None:
    """Where a known company's full name ends when two more characters, one noun to jieba, run
    on from ``end`` before a verb of working there or, after a verb of joining, to the clause's
    end; None when they do not."""
    tail = _ZH_EMPLOYER_TAIL.match(text, end) or (
        _ZH_JOINED_TAIL.match(text, end) if _ZH_JOINED_BEFORE.search(text, 0, start) else None)
    if tail is None:
        return None
    if tail.group("tail") not in _ZH_COMPANY_HEADS and not any(
            pos == end and word == tail.group("tail") and flag.startswith(("n", "vn")) for word, flag, pos in zh_tokens(text)):
        return None  # (a company head — 速递, 科技 — is the name's end whatever jieba tags it)
    return tail.end("tail")


def zh_name_spans(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, surface, type) for Chinese names: list terms (with an organisation head
    joined: 北京 + 师范大学), brand + model vehicles, and jieba's proper-noun tags."""
    out: list[tuple[int, int, str, str]] = []
    phones = [m.span() for rx in (_ZH_PHONE, _ZH_GADGET) for m in rx.finditer(text)]
    out += [(s, e, text[s:e], "device") for s, e in phones]
    for m in _zh_list_rx().finditer(text):
        start, end = m.span()
        if any(s < end and start < e for s, e in phones):
            continue  # 华为Mate60, 小米14: a phone, not the company or a car
        if m.group("brand"):
            if m.group(0) in _BRAND_NEEDS_MODEL:
                continue  # 长城, 哪吒, 深蓝 alone are a wall, a god, a colour: a car only with its model
            if len(m.group(0)) >= 2 and not _head_noun_follows(text, end):
                out.append((start, end, m.group(0), "vehicle"))  # 宝马 alone: the car brand
            continue
        if m.group("veh") or m.group("model"):
            if m.group("model") and len(m.group(0)) < 2:
                continue
            out.append((start, end, m.group(0), "vehicle"))
            continue
        term = m.group(0).lower()
        if term in SCHOOLS and term not in ORGANIZATIONS and not _token_aligned(text, start, end):
            continue  # 中大型, 人大代表: the abbreviation's characters inside other words
        if term in ZH_DISTRICTS and (text[end:end + 1] in "区县" and end < len(text) or
                                     any(e == start and t == "place" for _, e, _, t in out) or
                                     any(f == "ns" and p < start and p + len(w) >= end for w, f, p in zh_tokens(text))):
            continue  # 广州天河区, 上海浦东 (one ns to jieba): the city and its district are one place (below)
        etype = "organization" if term in ORGANIZATIONS or term in SCHOOLS else "place" if term in PLACES else "topic"
        if etype == "topic":
            for word, _, wstart in zh_tokens(text):
                if wstart < start < wstart + len(word) and wstart + len(word) == end and len(word) <= 6:
                    start = wstart  # 肠胃炎: the word jieba cuts, not the 胃炎 inside it
            longer = re.match(r"性[\u4e00-\u9fff]{0,4}?(?:炎|症|病|癌|疹|感冒)", text[end:end + 7])
            if longer:
                end += longer.end()
            if re.search(r"(?:慢性|急性|过敏性|病毒性|细菌性)$", text[max(0, start - 3):start]):
                start -= 3 if text[start - 3:start] in ("过敏性", "病毒性", "细菌性") else 2
            out.append((start, end, text[start:end], etype))
            continue
        # an organisation head right after a place or company name makes one organisation, the
        # longest, twice at most (四川 + 大学 + 华西医院; 厦门软件园 is no 厦门软件)
        for _ in range(2):
            head_end = _org_head_end(text, end, short=True) if etype in ("place", "organization") else None
            if head_end is None:
                break
            end, etype = head_end, "organization"
        shop = _shop_head_at(text, end) if etype in ("place", "organization") else None
        if shop is not None:
            end, etype = end + len(shop), "organization"  # 华联 + 超市: a chain's shop, right after its name only
        elif etype == "organization" and (tail_end := _employer_tail_end(text, start, end)) is not None:
            end = tail_end  # 同程 + 旅行, 金山 + 办公 before 离职 / 报到: the employer's whole name
        out.append((start, end, text[start:end], etype))
    taken = [(s, e) for s, e, _, _ in out]
    for word, flag, start in zh_tokens(text):
        end = start + len(word)
        if word.startswith("于") and len(word) > 2 and text[:start].endswith(("职", "业", "读")):
            word, start = word[1:], start + 1  # 供职于德恒…: jieba reads 于德恒 as a name; 于 is the verb's
        if any(s < end and start < e for s, e in taken) or len(word) < 2:
            continue
        etype = _ZH_PROPER.get(flag)
        head_end = _org_head_end(text, end) if flag in _ZH_NAME_HEAD_FLAGS else None
        if head_end is not None:  # 德邦 + 快递, 招商局 + 集团, 正泰 + 电器: a name before an organisation head is that organisation
            word, end, etype = text[start:head_end], head_end, "organization"
        elif flag in _ZH_NAME_HEAD_FLAGS and \
                (shop := _shop_head_at(text, end)) is not None and \
                not _a_listed_place(word):
            word, end, etype = text[start:end + len(shop)], end + len(shop), "organization"  # 华联 + 超市 (not 北京 + 超市)
        if etype is not None and len(word) >= 3 and word.endswith(("区", "县", "市", "镇", "省")) and \
                not word.endswith(("社区", "小区", "园区", "城市")):
            etype = "place"  # 成都武侯区: jieba tags 武侯区 a person
        if etype == "place" and 4 <= len(word) <= 7 and (head := next((h for h in _ZH_SHOP_HEADS if word.endswith(h)), None)) \
                and zh_namelike(word[:-len(head)]):
            etype = "organization"  # 华联超市 (one ns token): a chain's shop, where one works or shops
        if etype is None:
            continue
        if etype in ("person", "place") and len(word) >= 3 and word.endswith("人") and zh_place_word(word[:-1]):
            word, end, etype = word[:-1], end - 1, "place"  # 苏州人, 潮汕人 (one nr / ns token): the place one is from
        if etype == "person" and (len(word) > 3 or not re.fullmatch(r"[\u4e00-\u9fff]+", word) or
                                  re.fullmatch(r"[高初大研博][一二三四]", word)):
            continue  # 高三, 大二: a school year, not 高 + a given name
        if etype == "person" and len(word) == 3 and _ZH_NICK.match(word) and word[1] in ZH_SURNAMES and \
                word[2] in _ZH_NICK_TAIL:
            word, end = word[:2], start + 2  # 小李刚从阿里…: the nickname 小李, then the adverb 刚
        if etype == "person" and len(word) == 2 and (word[0] == word[1] or word[1] == "子") and \
                not _ZH_PERSON_CUE.search(text[:start]):
            continue  # 谢谢, 哈哈, 叶子, 李子: a doubled syllable or a noun in 子 with no cue is no name
        if etype == "person" and start > 0 and text[start - 1] in "了一两几这那每":
            continue  # 办了张卡: 张 is a classifier here, not a surname
        if flag == "ns" and word in _ZH_NOT_PLACES:
            continue  # 在沈阳长大: jieba's ns on 长大 (to grow up) is no place
        prev = next((t for t in zh_tokens(text) if t[2] + len(t[0]) == start), None)
        if flag == "ns" and prev is not None and prev[1] == "ns" and len(prev[0]) >= 2 and \
                re.search(r"(?:区|县|镇)$", word) and not any(s < start and start <= e for s, e in taken):
            out.append((prev[2], end, prev[0] + word, "place"))  # 广州天河区: one place, city and district
            taken.append((prev[2], end))
            continue
        if flag == "ns" and start > 0 and text[start - 1] not in _ZH_PLACE_CUE and \
                not any(e == start and t == "place" for _, e, _, t in out):
            continue  # 在农村长大: jieba's ns on 长大 has no place cue before it
        if etype == "person" and not _ZH_PERSON_CUE.search(text[:start]) and not _ZH_NICK.match(word) \
                and word[0] not in ZH_SURNAMES:
            continue  # jieba's nr on a word with no surname and no cue is mostly a common word
        if _head_noun_follows(text, end):
            etype = "brand"  # 戴森吸尘器: a brand before its head noun is no person or place

        out.append((start, end, word, etype))
        taken.append((start, end))
    out = _called_companies(text, _company_names(text, out))
    out = _merge_places(_brand_heads(text, out))
    out = _place_tails(text, out)
    out = [(s, e + d.end(), text[s:e + d.end()], t) if t == "place" and (d := re.match(
        r"[\u4e00-\u9fff]{1,3}?(?:区|县|镇)(?![\u4e00-\u9fff]*?(?:医院|大学|公司))", text[e:e + 4])) and not any(
        s2 < e + d.end() and e < e2 for s2, e2, _, _ in out if (s2, e2) != (s, e)) else (s, e, w, t)
        for s, e, w, t in out]
    # 小李 / 老王 opening a clause before a verb: a nickname, not 小 + a noun (小狗, 老家) — also
    # after a 的 that tells whose (同组的老陈去了字节上海: 老陈 went, not the speaker)
    for m in re.finditer(r"(?:^|(?<=[，,。！？\s:：的]))(?:(?:小|老)[" + "".join(sorted(ZH_SURNAMES)) + r"]|阿[^\W姨婆公嬷爸妈哥姐])"
                         r"(?=[说要和跟在从去是也都已刚跳搬离辞入开养])", text):
        if not any(s < m.end() and m.start() < e for s, e in taken):
            out.append((m.start(), m.end(), m.group(0), "person"))
            taken.append((m.start(), m.end()))
    # 小刘 / 阿杰 after a role word: jieba often cuts the nickname in two
    for m in re.finditer(r"(?<=同事|朋友|同学|室友|老板|闺蜜|邻居)(?:小|老|阿)[\u4e00-\u9fff](?=[说要和跟在从去是的也，,。！？]|$)",
                         text):
        if not any(s < m.end() and m.start() < e for s, e in taken):
            out.append((m.start(), m.end(), m.group(0), "person"))
    return sorted(out)


_ZH_CUT_FLAGS = frozenset({"t", "d", "ul", "uj", "y", "p"})


#: jieba tags of a proper name (or a place word) a one-character tail may belong to
_ZH_NAME_FLAGS = frozenset({"s", "nr", "nrt", "nz", "ns", "nt", "j", "eng"})
#: verbs that do end a slot even as its last character (郊区|住, 超市|买)
_ZH_SLOT_VERBS = frozenset("住买卖去来玩吃喝看待开养做干读念上学用")


def zh_trim_slot(phrase: str) -> str:
    """A Chinese slot cut at the first time word or adverb jieba finds after the name (王磊上个月
    → 王磊, 年糕上个月 → 年糕); leading time words go too."""
    if not phrase or not re.search(r"[\u4e00-\u9fff]", phrase):
        return phrase
    tokens = zh_tokens(phrase)
    while tokens and tokens[0][1] == "t" and not _ZH_NICK.fullmatch(tokens[0][0]):
        tokens = tokens[1:]  # 前天, 去年: a time word is never the value (老周, tagged t, is a nickname)
    if not tokens:
        return ""
    start = tokens[0][2]
    last = len(tokens) - 1
    for i, (word, flag, pos) in enumerate(tokens[1:], 1):
        if i == last and flag == "v" and len(word) == 1 and word not in _ZH_SLOT_VERBS and (
                tokens[i - 1][1] in _ZH_NAME_FLAGS or
                # 欣旺|达 (an "adjective" and a "verb" to jieba): a short made-up name, whole
                tokens[i - 1][1] == "a" and len(tokens[i - 1][0]) == 2 and len(phrase) - start <= 4):
            break  # 海底|捞, 米哈|游: a one-character "verb" closing a name slot is the name's end
        if flag in _ZH_CUT_FLAGS and word not in ("的",) or re.fullmatch(r"(?:上个?|下个?|这个?|去|今|前|明)(?:月|周|年|星期)", word) \
                or flag == "v" and len(phrase[start:pos]) >= 2:
            return phrase[start:pos]  # 超市买了点水果: the place ends where a verb starts
    return phrase[start:]


def zh_namelike(surface: str) -> bool:
    """Whether a Chinese slot reads as a name rather than a description: not generic, at most
    eight characters, and no verb inside (jieba); a listed name or a proper-noun tag always is."""
    s = surface.strip()
    # a Latin name inside a Chinese line (在Microsoft做PM, 从Northeastern University毕业) is as
    # long as it is; the eight-character cap is for Chinese descriptions
    latin = bool(re.fullmatch(r"[A-Za-z][A-Za-z0-9&.'\- ]{1,39}", s))
    if not s or is_generic(s) or len(s) > 8 and not latin:
        return False
    if list_type(s):
        return True
    tokens = zh_tokens(s)
    if any(flag in ("nr", "nrt", "ns", "nt", "nz", "eng") for _, flag, _ in tokens):
        return True
    if len(tokens) == 1 and 2 <= len(s) <= 4 and not jieba_knows(s):
        return True  # 喜茶 tagged a verb: a word jieba's dictionary lacks is a name, its tag a guess
    if len(tokens) == 2 and len(s) == 3 and tokens[0][1] == "a" and tokens[1][1] == "v" and not jieba_knows(s) and \
            tokens[1][0] not in _ZH_SLOT_VERBS:
        return True  # 欣旺|达: the same for a made-up three-character name jieba splits (see zh_trim_slot)
    # a four-character idiom (风吹日晒, tagged i / l) describes, it never names (jieba also tags
    # some doubled names i: 琪琪)
    return len(s) >= 2 and not any(flag.startswith("v") or flag in ("r", "m", "q", "p", "d", "c", "u") or
                                   flag in ("i", "l") and len(word) >= 4 for word, flag, _ in tokens)
