"""Case for English chat typed all in lower case ("got made redundant from barclays on friday").

Why: the English side of the rule extractor finds names by their capitals (``names.py``) and
trusts a phrase as a name only when it is capitalised or listed; a user who texts without
capitals ("me and callum broke up", "our cat luna crossed the rainbow bridge") told the state
as plainly as anyone, and the extractor saw none of it (a hand-written batch of such lines:
claim recall 0.32 against ~0.9 for the same kinds of lines written with capitals).

So before extraction a *caseless* English line (letters, none of them capital but a lone "I")
gets back the capitals its names would have had, from two kinds of evidence only:

- a name the lists know (``lexicon/names``: organisations, schools, places, vehicle brands and
  models), except the ones that are also everyday words ("apple", "target", "golf": a list
  name by itself is no evidence there);
- a word in a slot only a name fills: after a role word ("my boyfriend jamal", "our cat
  luna"), "me and X" / "X and i", a partner verb ("broke up with X"), "named/called X", a home
  verb's place ("moved to X", "grew up in X", "out of X"), a job's organisation ("last day at
  X", "made redundant from X", "joined X"), a school's ("university of X") —
  and the word is none of the function, time and common words a slot also takes ("moved to
  the city", "me and my sister", "left early").

Only the case of letters changes: offsets, lengths and everything else the extractor reads stay
as they were, so the extraction's spans are spans of the original line; the engine puts the
original's text back into what it reports (evidence, mention surfaces). A line with any other
capital is left alone: its writer uses case, and case is better evidence than these rules.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..lexicon.categories import CATEGORIES
from ..lexicon.names import (GENERIC_NOUNS, ORGANIZATIONS, PET_SPECIES, PLACES, SCHOOLS, TIES_EN, VEHICLE_BRANDS,
                             VEHICLE_MODELS)
from .mentions import is_cjk
from .patterns import EN_REL

#: list names that are everyday words in lower-case chat ("an apple", "my target", "played
#: golf", "a zoom call"): capitalised only when a slot says they are names
AMBIGUOUS_LIST_NAMES: frozenset[str] = frozenset({
    "apple", "target", "meta", "slack", "stripe", "zoom", "ford", "dell", "ups", "kaiser", "vanguard", "fidelity",
    "brown", "duke", "penn", "imperial", "eth", "ram", "mini", "trek", "dodge", "golf", "leaf", "soul", "civic",
    "accord", "mustang", "jaguar", "lucid", "paramount", "twitch", "chase", "vivo", "uw", "ey", "bain", "merck",
    "usa", "uk", "georgia", "phoenix", "washington", "queens", "america", "harley", "model 3", "model s",
    "model x", "model y", "epic games", "home depot", "best buy", "five guys", "state farm", "whole foods",
})

#: words a name slot also takes that are never the name ("moved to the city", "left early",
#: "me and my sister", "at work today"): function words, times, and the everyday nouns of the
#: families' slots
_STOP_WORDS: frozenset[str] = frozenset("""
a an the my our your his her their its this that these those some any no every each all both another other
i me we us you he him she they them it myself ourselves yourself
and or but so because bc cuz if then than when while as at in on to for from of with by about into onto
out over under up down off after before since until till around near through across between behind
is am are was were be been being do does did have has had will would can could should may might must
not never no yes yeah yep nope ok okay lol lmao omg tbh ngl rn idk btw tho though just really very so
too also still even only already again finally officially basically literally actually totally
today tonight tomorrow yesterday now then soon later early late recently ago last next first second
morning evening afternoon night weekend weekends week weeks month months year years day days time
monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thurs fri sat sun
january february march april may june july august september october november december
jan feb mar apr jun jul aug sep sept oct nov dec christmas easter summer winter spring autumn fall
here there where somewhere anywhere everywhere nowhere home work school uni college class campus
job jobs office place town city country state area neighborhood neighbourhood street road house flat
apartment condo room dorm hospital clinic gym church library store shop mall restaurant cafe bar pub
someone somebody anyone anybody everyone everybody nobody something anything everything nothing
people person guy guys girl girls man woman men women kid kids baby family friends folks parents
new old big small little good bad great nice best worst same different whole full part
one two three four five six seven eight nine ten few many much more most less least lot lots bit
back away again together alone forever anymore yet already
get got gets getting go goes going went gone make made take took come came see saw say said
let lets put keep kept give gave think thought know knew want wanted need needed feel felt
like love hate way thing things stuff life world lunch dinner breakfast brunch coffee drinks free fun
bed sleep concert party wedding funeral fear hope pain denial peace debt trouble shock bits tears
""".split()) | {w for w in GENERIC_NOUNS if w.isascii()} | {w for w in TIES_EN} | {w for w in PET_SPECIES if w.isascii()}

#: a word that may be (part of) a name in a slot: letters, an inner apostrophe or hyphen
_WORD = r"[a-z][a-z'\-]*[a-z]"
_TIE = r"(?:" + EN_REL + r"|ex|bf|gf|hubby|wifey|bestie|bff|flatmate|housemate|mate|manager|"  \
       r"sis|bro|nan|nana|gran|granny|mum|mom|fiance|fiancee)"
_SPECIES = r"(?:" + "|".join(sorted((re.escape(s) for s in PET_SPECIES if s.isascii()), key=len, reverse=True)) + r")"
#: the second word of a two-word place ("byron bay", "gold coast", "new york")
_PLACE_SECOND = r"(?:bay|beach|coast|city|island|springs|falls|heights|valley|hills|creek|harbou?r|lake|sound|point)"
_PLACE_FIRST = r"(?:new|san|santa|los|las|st|saint|port|fort|mount|north|south|east|west|el|la|le|hong|kuala|abu)"

#: slots a name fills; group ``n`` is the (first) name word
_SLOTS: tuple[re.Pattern[str], ...] = tuple(re.compile(p) for p in (
    # people: "my boyfriend jamal", "my sister priya's", "me and callum", "ryan and i"
    r"\b(?:my|our) (?:(?:ex|old|new|best|older|younger|big|little|twin)[ -])?" + _TIE + r" (?P<n>" + _WORD + r")",
    r"\bme and (?P<n>" + _WORD + r")\b",
    r"\b(?P<n>" + _WORD + r") and i\b",
    r"\b(?:broke up with|split (?:up )?with|splitting with|dating|seeing|married|marrying|engaged to|divorced|"
    r"divorce from|divorcing|proposed to|moved in with|living with|going out with|got together with|"
    r"breaking up with|separated from) (?P<n>" + _WORD + r")",
    r"\b(?:named|called|name's|name is) (?P<n>" + _WORD + r")",
    # pets: "our cat luna", "our old lab rosie", "a rescue greyhound called juno"
    r"\b(?:my|our) (?:[a-z]+ ){0,2}?" + _SPECIES + r" (?P<n>" + _WORD + r")",
    # homes: "moved to glasgow", "grew up in pune", "been in bengaluru since", "out of perth"
    r"\b(?:moved|moving|move|relocated|relocating|relocate|live|lives|living|lived|grew up|growing up|"
    r"based|settled|born|raised|settling|been|am|we're|i'm|back) (?:back |over |up |down |out |away )?"
    r"(?:to|in|from|out of|outta) (?P<n>" + _WORD + r")",
    r"\b(?:i'm|i am|originally|we're) (?:originally )?from (?P<n>" + _WORD + r")",
    # trips: "a long weekend in byron bay", "never been to jaipur"
    r"\b(?:visited|visiting|went to|been to|flew to|trip to|holiday in|holiday to|vacation in|weekend in|week in|"
    r"days in|night in|nights in|honeymoon in|road trip to|back from) (?P<n>" + _WORD + r")",
    # jobs: "last day at shopify", "a job at canva", "made redundant from barclays", "joined atlassian"
    # ("work for lunch", "worked with dogs": only a job noun takes "for"/"with")
    r"\b(?:work|works|working|worked|job|started|starting|start|intern|interning|internship|day|days|week|"
    r"contract|position|role|offer|gig|shift|shifts|employed|hired|been|career|years|stint) at (?P<n>" + _WORD + r")",
    r"\b(?:job|contract|position|role|offer|internship|gig) (?:for|with) (?P<n>" + _WORD + r")",
    r"\b(?:joined|left|quit|quitting|leaving|joining|leave) (?P<n>" + _WORD + r")",
    r"\b(?:redundant|sacked|fired|laid off|let go|retired|retiring|resigned|poached|axed) from (?P<n>" + _WORD + r")",
    # schools: "university of melbourne", "mcgill university", "uni of sydney"
    # (a word before "college" is no evidence: "community college", "art college")
    r"\b(?:university|college|uni|institute|school) of (?P<n>" + _WORD + r")",
))
#: a brand and the word after it, a model ("honda civic", "kia ev6", "dyson airwrap")
_BRAND_MODEL = re.compile(r"\b(?:" + "|".join(sorted((re.escape(b) for b in VEHICLE_BRANDS if b.isascii()), key=len, reverse=True))
                          + r"|dyson|nintendo|samsung|sony|garmin|fitbit|kindle|google|apple|bose|peloton)"
                          r" (?P<model>[a-z0-9][a-z0-9\-]*)\b")
_PLACE_PAIR = re.compile(r"\b(?:" + _PLACE_FIRST + r" " + _WORD + r"|" + _WORD + r" " + _PLACE_SECOND + r")\b")
_SCHOOL_HEAD = re.compile(r"\b(?:university|college|uni|polytechnic|institute|academy) of\b|"
                          r"(?<=[a-z] )(?:university|college|polytechnic|institute|academy)\b")
_CAPITAL = re.compile(r"[A-Z]")
_LATIN = re.compile(r"[A-Za-z]")
_SHOUTED = re.compile(r"\b[A-Z][A-Z0-9&]+\b")
#: a word that may stand in a two-word place without being a name of its own ("new", "bay")
_PLACE_WORD = re.compile(_PLACE_FIRST + "|" + _PLACE_SECOND)
_LONE_I = re.compile(r"(?<![A-Za-z])I(?=$|[^A-Za-z]|'[a-z])")


def is_caseless(text: str) -> bool:
    """English chat whose writer does not use case: no capital but a lone "I" or a word in
    capitals, and a line that starts in lower case ("I went to bed early." is a cased line that
    names nobody)."""
    # cheapest tests first: most lines of a cased import stop at the first letter
    first = _LATIN.search(text)
    if first is None or not first.group(0).islower() or is_cjk(text):
        return False
    # words in capitals are shouting or acronyms ("finally SOLD the honda civic", "NHS"): no use of case
    return not _CAPITAL.search(_SHOUTED.sub("", _LONE_I.sub("", text))) and len(_LATIN.findall(text)) >= 8


@lru_cache(maxsize=1)
def _list_names() -> re.Pattern[str]:
    cities = {m for c in CATEGORIES if c.entity_type == "place" for m in c.members}
    names = {n for group in (ORGANIZATIONS, SCHOOLS, PLACES, VEHICLE_BRANDS, VEHICLE_MODELS, cities) for n in group
             if n.isascii() and n not in AMBIGUOUS_LIST_NAMES and len(n) > 2}
    alt = "|".join(sorted((re.escape(n) for n in names), key=len, reverse=True))
    return re.compile(r"(?<![\w'])(?:" + alt + r")(?![\w])")


#: verbs that follow a role word or stand before "and i" ("my boyfriend split up", "my sister
#: lives in", "moved and i"): a slot's word is a name, never a verb form
_VERB_FORMS = frozenset("""
split broke proposed passed died moved started starts works worked lives lived drives drove says thinks
wants loves hates told asked called texted left quit joined bought sold adopted found lost met married
dumped cheated ghosted graduated retired finished""".split())


def _name_word(word: str) -> bool:
    base = word[:-2] if word.endswith("'s") else word
    return (base not in _STOP_WORDS and base not in _VERB_FORMS and not base.endswith("ing") and
            not (base.endswith("ed") and len(base) > 4) and len(base) > 1)


def _capitalise(chars: list[str], start: int, end: int) -> None:
    """Each word in [start, end) starts with a capital ("of" and "and" inside a name stay)."""
    for m in re.finditer(r"[A-Za-z][\w'\-]*", "".join(chars[start:end])):
        if m.group(0) not in ("of", "and", "the", "de", "da", "van", "von"):
            chars[start + m.start()] = chars[start + m.start()].upper()


def truecase(text: str, skip: int = 0) -> str:
    """The line with its names capitalised (see the module's doc); ``text`` itself when it is
    not caseless. ``skip``: characters at the start left as they are (a speaker's "Name: ")."""
    body = text[skip:]
    if not is_caseless(body):
        return text
    chars = list(body)
    for m in _list_names().finditer(body):
        _capitalise(chars, m.start(), m.end())
    for m in _BRAND_MODEL.finditer(body):
        # "honda civic", "kia ev6", "dyson airwrap": the model word after a brand is the name's
        if _name_word(m.group("model")) or re.search(r"\d", m.group("model")):
            _capitalise(chars, m.start(), m.end())
    for rx in _SLOTS:
        for m in rx.finditer(body):
            word = m.group("n")
            if not _name_word(word):
                continue
            start, end = m.span("n")
            pair = _PLACE_PAIR.match(body, start)
            if pair is not None and all(_name_word(w) or _PLACE_WORD.fullmatch(w)
                                        for w in pair.group(0).split()):
                end = pair.end()  # "byron bay", "new york"
            _capitalise(chars, start, end)
    for m in _SCHOOL_HEAD.finditer(body):
        # the head word of a school the slots named ("Mcgill university", "university of Melbourne")
        before = "".join(chars[max(0, m.start() - 30):m.start()])
        after = "".join(chars[m.end():m.end() + 2])
        if re.search(r"[A-Z][\w'\-]* $", before) or after[1:2].isupper():
            _capitalise(chars, m.start(), m.end())
    return text[:skip] + "".join(chars)


def restore(original: str, cased: str, fragment: str) -> str:
    """``fragment`` (a span of ``cased``) as the original line wrote it."""
    if original == cased or not fragment:
        return fragment
    at = cased.find(fragment)
    return original[at:at + len(fragment)] if at >= 0 else fragment
