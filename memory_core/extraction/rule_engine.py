"""The rule extractor's engine: statement clauses → mentions → pattern claims → coreference.

Kept apart from ``rule_extractor.py`` (the public class) so the pieces are testable alone:
``statement_clauses`` for what a user says, ``sensor_rules.sensor_claims`` for what a plugin
observed. Everything here is a pure function of the batch and the known entities.

A user message is read clause by clause with the evidence classifier's own split
(:func:`memory_core.governance.cues.statement_clauses`): "I just bought an air fryer, can you
recommend recipes?" was kept as ``user_self_report`` for its leading clause, so that clause is
read as a statement and the question clause yields no claim (a question is never a fact).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Sequence

from ..governance.cues import split_sentences, statement_clauses
from ..lexicon.names import DIET_IMPLIES, KIND_WORDS, ZH_KIN_FULL_NAME, job_by_role
from ..policy import AuthorType, EventType
from .inputs import ExtractionInput, KnownEntity, LiveTrait
from .mentions import (Gazetteer, Mention, collect_mentions, is_cjk, is_member, lexicon_type,
                       normalize_name, tie_mentions)
from ..lexicon.scan import singular
from .names import is_condition, is_modifier_of, is_school, zh_place_word, zh_verb_word, RELATED_VALUE, is_vehicle_name, is_vehicle_word, list_type, zh_namelike, zh_trim_slot
from .clause_frames import FAMILIES, nameless_end, read_frame
from .polarity import en_presence_end, zh_negation_over
from .object_policy import (DIETS, LIVED_CONDITIONS, MEMBERSHIP_HEADS, SLOT_TYPES, end_names_value, generic, is_effort_object, is_reaction_object,
                            is_species, is_tie, slot_type)
from .patterns import (ZH_PARTNER_ENDED, EN_PET_KIND, HEDGE_EN, HEDGE_ZH, REPORTED_EN, REPORTED_ZH, EN_REL, EN_CONDITIONAL, EN_CONTRACTIONS, EN_COORD, EN_GERUND, EN_IRREALIS,
                       EMOTION_WORDS_EN, EN_DASH_BREAK, EN_EMPTY_OBJECTS, EN_LEADING, EN_OBJECT_STOP, NEW_THING_EN, NEW_THING_ZH, PATTERNS,
                       PRONOUNS_EN, PRONOUNS_ZH, STATE_PATTERNS, TIME_HINT_EN, TIME_HINT_ZH,
                       ZH_CONDITIONAL, ZH_CONSUME_VERB, ZH_COORD, ZH_IRREALIS, ZH_LEADING,
                       ZH_ADV, ZH_OBJECT_STOP, ZH_OPENERS, ZH_PRESUPPOSED_NEW, ZH_REL, ZH_TIME, StatementPattern)
from .schema import USER_SUBJECT, ExtractedEntity, FactClaim, Phase1Output, ResolvedRef
from .prefilter import LiteralIndex, literals_of, plain_case
from .sensor_rules import sensor_claims
from .truecase import restore, truecase
from .dialect import standard_pronouns
from .future_starts import (DATED_BY_NEXT_SENTENCE, FAMILY_CLAIMS, ZH_PLACE_OF, future_starts, next_sentence_start,
                            scheduled_expression, scheduled_start)

CONF_EXPLICIT = 0.7
CONF_IMPLIED = 0.55
CONF_STATE = 0.65

#: which entity types a pronoun object may stand for, per predicate
_OWNABLE = frozenset({"appliance", "device", "product", "vehicle", "software", "media", "food",
                      "animal"})
PRONOUN_TYPES: dict[str, frozenset[str]] = {
    "BOUGHT": _OWNABLE, "OWNS": _OWNABLE,
    "USES": frozenset({"software", "device", "appliance", "product", "vehicle"}),
    "LIKES": _OWNABLE | {"topic", "activity", "place", "person", "creator"},
    "DISLIKES": _OWNABLE | {"topic", "activity", "place", "person", "creator"},
    "LIVES_IN": frozenset({"place"}), "MOVED_TO": frozenset({"place"}),
    "VISITED": frozenset({"place", "organization"}), "WORKS_AT": frozenset({"organization"}),
    "WORKS_ON": frozenset({"project", "software"}),
    # "Handed it back", 开它上下班: the car named before; "graduated from there": the school
    "DRIVES": frozenset({"vehicle"}), "STUDIES_AT": frozenset({"organization"}),
}
#: predicates whose object "there" stands for a place or organisation named before it
_THERE_PREDICATES = frozenset({"LIVES_IN", "MOVED_TO", "VISITED", "WORKS_AT", "IS_FROM", "STUDIES_AT"})
#: Chinese "there": 那儿 / 那里 / 那边, the place (or workplace) told before; liked as a place too
_ZH_THERE = frozenset({"那儿", "那里", "那边"})
_ZH_PET_PRONOUNS = frozenset({"他", "她", "它"})
#: words that name a kind of thing, not one thing: a pronoun prefers a named one before them
_KIND_WORDS = KIND_WORDS
_ZH_THERE_PREDICATES = _THERE_PREDICATES | {"LIKES", "DISLIKES"}
_ZH_THIRD_PERSON = re.compile(r"(?:他|她|他们|她们|妈妈|妈|爸爸|爸|老婆|老公|朋友|同事|姐姐|妹妹|"
                              r"哥哥|弟弟|儿子|女儿|室友|老板|邻居|同学|表妹|表哥|表姐|表弟|领导|听说|"
                              r"姐夫|妹夫|嫂子|弟媳|姑姑|姑父|舅舅|舅妈|姨妈|姨父|小姨|叔叔|婶婶|伯伯|大伯|"
                              r"岳父|岳母|公公|婆婆|堂哥|堂姐|堂弟|堂妹|侄子|侄女|外甥|孙子|孙女)")
_EN_THIRD_PERSON = re.compile(r"\b(?:he|she|they|my (?:mom|mother|dad|father|wife|husband|friend|"
                              r"sister|brother|boss|colleague|partner|neighbor|neighbour|coworker)(?:'s)?|"
                              # a name's or a kin's thing as a subject ("jess's car broke down"), not
                              # as the object of a preposition ("gave the tank to my niece's school")
                              r"(?<!\bmy )(?<!\bto )(?<!\bat )(?<!\bfor )(?<!\bwith )(?<!\bfrom )(?<!\bof )[a-z]+'s)\b")
_REL_EN_TO_NAME = {"mum": "mom", "mother": "mom", "father": "dad"}
#: a clause that opens (after a speaker's "Name: " and time words) on a companion: 和老公, 跟我妈,
#: 陪朋友, 我跟老婆 (the speaker with them: 我跟老婆离婚了，现在住在洛阳 is the speaker's home)
_ZH_COMPANION = re.compile(r"^\W*(?:[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z ]{0,11}[:：]\s*)?(?:(?:" + ZH_TIME + r")[，,]?)*(?P<who>(?:我|我们)?(?:和|跟|陪|陪着|带着)(?:我的?)?(?:" + ZH_REL + r"))")
#: a sentence that opens on a relative of the user's (我爸…, 我姐夫…)
_ZH_LEAD_RELATIVE = re.compile(r"^\W*(?:(?:" + ZH_TIME + r")[，,]?)*我的?(?P<rel>" + ZH_REL + r")(?![们])")


@dataclass(slots=True)
class _Sentence:
    """One statement clause (a whole statement sentence, or a leading clause of a question)."""

    text: str
    start: int  # offset in the event content


@dataclass(slots=True)
class _EventState:
    """Entities of one event in order of appearance (for coreference and the output)."""

    event: ExtractionInput
    entities: dict[tuple[str, str], ExtractedEntity] = field(default_factory=dict)
    positions: list[tuple[int, ExtractedEntity]] = field(default_factory=list)

    def add(self, name: str, entity_type: str, surface: str, confidence: float,
            resolved_id: str | None, start: int) -> ExtractedEntity:
        key = (name, entity_type)
        entity = self.entities.get(key)
        if entity is None:
            entity = ExtractedEntity(mention=surface, name=name, entity_type=entity_type,
                                     event_id=self.event.event_id, confidence=confidence,
                                     resolved_id=resolved_id)
            self.entities[key] = entity
        else:
            entity.confidence = max(entity.confidence, confidence)
            entity.resolved_id = entity.resolved_id or resolved_id
        self.positions.append((start if start >= 0 else 10**9, entity))
        return entity

    def discard(self, name: str, entity_type: str) -> None:
        entity = self.entities.pop((name, entity_type), None)
        if entity is not None:
            self.positions = [(p, e) for p, e in self.positions if e is not entity]

    def add_mention(self, m: Mention) -> ExtractedEntity:
        return self.add(m.name, m.entity_type, m.surface, m.confidence, m.resolved_id, m.start)


def statement_spans(text: str) -> list[_Sentence]:
    """The statement clauses of ``text`` with their offsets (mentions are matched by offset)."""
    out: list[_Sentence] = []
    cursor = 0
    for sentence in split_sentences(text):
        cursor = max(text.find(sentence, cursor), cursor)
        inner = cursor
        for clause in statement_clauses(sentence):
            if not re.search(r"\w", clause):
                continue  # "!!" split off on its own: no clause, and no "sentence before" for the next one
            inner = max(text.find(clause, inner), inner)
            out.append(_Sentence(clause, inner))
            inner += len(clause)
        cursor += len(sentence)
    return out


_SUBCLAUSE_BREAK = {True: re.compile(r"[，,；;]"), False: re.compile(r"[,;]\s|\s[-–—]\s|\sbut\s")}


#: a comma part that is only a time to come ("…, starting Monday.", "…, from next week"): it dates
#: the clause before it, which is then no more factual than the time is
_TIME_ONLY_TAIL = re.compile(r"^\s*(?:(?:starting|from|beginning|as of|effective)\s+)?(?:(?:next|this coming|this)\s+)?"
                             r"(?:tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend|month|"
                             r"year|spring|summer|fall|autumn|winter|term|semester)\s*[.!]*\s*$", re.IGNORECASE)


#: the turn of a contrast inside a clause ("…, but for now…", "…，不过目前…"; an intent and what
#: came of it: 原本想考研，后来直接进了中铁十四局)
_CONTRAST_TURN = {True: re.compile(r"[，,](?:不过|但是|可是|但|结果|后来|最后|最终|没想到|谁知道?)"), False: re.compile(r",?\s(?:but|though)\s", re.I)}


def mood_scoped(sentence: _Sentence, zh: bool) -> list[tuple[_Sentence, str]]:
    """The clause with its mood, or — when the irrealis cue only starts in a later comma part —
    the factual lead and the irrealis rest apart: in "我从网易辞职了，下周去小米报到" the plan
    (下周) scopes over the second part only, so the resignation still holds. A cue in the first
    part ("如果…，…", "Next year, I'm moving…") scopes over the whole clause, as before."""
    mood = clause_mood(sentence.text, zh)
    if mood == "factual":
        return [(sentence, mood)]
    cut = 0
    for m in _SUBCLAUSE_BREAK[zh].finditer(sentence.text):
        if clause_mood(sentence.text[cut:m.start()], zh) != "factual":
            break
        cut = m.end()
        if clause_mood(sentence.text[cut:], zh) == "factual":
            break
    if cut == 0:
        # "If Google calls me back I'd take it, but for now I'm still at Dropbox": a contrast
        # after the condition ends its scope; what follows is told as it is
        turn = _CONTRAST_TURN[zh].search(sentence.text)
        if turn is None or clause_mood(sentence.text[turn.end():], zh) != "factual":
            return [(sentence, mood)]
        rest = sentence.text[turn.end():]
        return [(_Sentence(sentence.text[:turn.end()], sentence.start), mood),
                (_Sentence(rest, sentence.start + turn.end()), "factual")]
    rest = sentence.text[cut:]
    if _TIME_ONLY_TAIL.match(rest):
        return [(sentence, mood)]  # "I signed with Adobe, starting Monday": the time is the lead's
    return [(_Sentence(sentence.text[:cut], sentence.start), "factual"),
            (_Sentence(rest, sentence.start + cut), clause_mood(rest, zh))]


def clause_mood(clause: str, zh: bool) -> str:
    """``factual``, ``modal`` (a wish, plan or guess: only presupposed possession holds) or
    ``conditional`` (nothing holds)."""
    text = clause if zh else normalize_en(clause)
    if (ZH_CONDITIONAL if zh else EN_CONDITIONAL).search(text):
        return "conditional"
    if (ZH_IRREALIS if zh else EN_IRREALIS).search(text) and (zh or not _EN_COULD_DAILY.search(text)):
        return "modal"
    return "factual"


#: "I could eat pho every single day": a liking told with "could", not a possibility
_EN_COULD_DAILY = re.compile(r"\bcould (?:eat|live on|drink) [a-z][a-z' \-]{1,30}? (?:every (?:single )?day|all day|forever|"
                             r"for every meal|every meal|for the rest of my life)\b")


#: "'d" before a past participle is "had" ("I'd moved to Seattle by then"), not "would": read as
#: "would" it made a past-perfect statement irrealis. Verbs ending in -ed that are no participle
#: ("I'd need a car") keep "would".
_EN_HAD_PARTICIPLE = re.compile(
    r"\b(i|we|you|he|she|they)'d (?=(?:just |already |never |finally |recently )?(?:been|gone|got|gotten|had|left|quit|"
    r"done|known|seen|taken|given|driven|sold|bought|found|become|begun|met|lost|come|grown|split|broken|"
    r"(?!(?:need|feed|speed|proceed|succeed|exceed|bleed|breed|heed|weed)\b)[a-z]{2,}ed)\b)")
#: possessive "have got" is "have" ("I've got two cats", "I've got a girlfriend now"): one verb for
#: the patterns, and no acquisition reading of "got" (a girlfriend is not bought)
_EN_HAVE_GOT = re.compile(r"\b(i|we|you|they) have got\b(?! (?:to|diagnosed|hired|married|engaged|divorced)\b)")


#: chat drops the subject of a first-person report ("Got a new job at McKinsey", "Moved to
#: Denver last month", "Just adopted a puppy"): a clause opening with a past-tense verb of the
#: state families is the speaker's (the present tense stays out: "Get a job!" is advice)
_EN_ELIDED_VERB = (r"(?:(?:just|finally|recently|officially|also|then) )?(?=(?:got|moved|started|swapped|exchanged|never been|"
                   r"quit|left|joined|bought|adopted|sold|traded|graduated|finished|broke up|"
                   r"married|divorced|switched|landed|relocated|enrolled|transferred|retired|"
                   r"rehomed|went|stopped|lost|rescued|dropped|crashed|wrecked|picked up|ordered|visited|"
                   # "ended up rehoming…", "spent a week in Montreal", "leased a…", "can't stand cilantro"
                   r"spent|leased|signed|can't stand|cannot stand|can not stand|recovered|got over|caved|"
                   r"crashing at|living in|staying with|handed in|put in my)\b)")
_EN_ELIDED_I = re.compile(r"^" + _EN_ELIDED_VERB)
#: "Currently doing my masters from IIT Kharagpur", "still working in Infosys": a participle
#: opening a report drops "I am" (only the family verbs: "Doing great!" is no state)
_EN_ELIDED_I_AM_DOING = re.compile(r"^(?:(?:currently|now|still|also|officially) )?(?=(?:doing (?:my|a|an) |working (?:at|in|for) |starting |"
                             r"studying at |staying in |based in ))")
#: "I moved to Sydney, started at Atlassian, and adopted a dog": the verb phrases after the
#: commas of a sentence the speaker opened are the speaker's too
_EN_FIRST_PERSON_LEAD = re.compile(r"^(?:[a-zà-öø-ÿ][\w.'\- ]{0,30}:\s+)?(?:(?:so|and|well|anyway|btw|also|then),?\s+)?(?:i|we)\s")
_EN_COMMA_ELIDED_I = re.compile(r"(?<=, )(?P<and>(?:and )?(?:then )?)(?=" + _EN_ELIDED_VERB + r")")
#: "…, these days I'm in Toronto, working at RBC": a participle after the comma is "I am …"
_EN_COMMA_ELIDED_I_AM = re.compile(r"(?<=, )(?P<and>(?:and )?(?:now |still )?)(?=(?:working (?:at|for)|studying at|based in)\b(?![^,.;!?]*\b(?:at the time|back then|that summer|that year)\b))")
#: the "Name: " prefix L1 renders before a speaker's line, and the interjections chat opens a
#: report with ("yep, went vegan"); after them "guess who" stands for "I" ("guess who finally
#: moved to Portland")
_EN_SPEAKER_LEAD = re.compile(r"^(?:[a-zà-öø-ÿ][\w.'\- ]{0,30}:\s+)?(?:(?:yep|yeah|yes|yup|nope|ok|okay|well|so|lol|haha|omg|ugh|"
                              r"update|life update|big news|news)[,!.:]*\s+)*")
_EN_GUESS_WHO = re.compile(r"^guess who\s+(?=(?:just |finally )?\w+ed\b)")
#: the same with a perfect: "Been vegan for two years", "Been renting a studio in Oakland since
#: March" — the dropped words are "I have"
#: "'s" before "been" is always "has" (never "is": "is been" is no English)
_EN_HAS_BEEN = re.compile(r"(?<=[a-z])'s(?= been\b)")
_EN_ELIDED_I_HAVE = re.compile(r"^(?:(?:just|finally|also) )?(?=been\b)|^have (?=been\b)")


#: a trip or a lodging in the clause makes 住在X a stay, not a home
ZH_STAY_ON_TRIP = re.compile(r"出差|旅游|旅行|度假|出游|游玩|来玩|去玩|酒店|宾馆|民宿|青旅|住了[一两三四五六七八九十几\d]+(?:晚|天|夜)")


#: pronouns, which a sentence-initial capital makes look like a name ("She", "He", "They")
EN_PRONOUN_WORDS = frozenset({"i", "me", "you", "he", "him", "she", "her", "it", "we", "us", "they", "them",
                              "this", "that", "these", "those", "someone", "somebody", "everyone", "nobody"})


#: "ended up rehoming our husky", "wound up quitting": the gerund is what happened — told
#: as the past tense the statement patterns read ("went ahead and bought" is the past already)
_EN_ENDED_UP = re.compile(r"\b(?:ended up|wound up|went ahead and) (?:(?P<ing>[a-z]+ing)\b)?")
_EN_GERUND_PAST = {
    "quitting": "quit", "leaving": "left", "selling": "sold", "moving": "moved", "rehoming": "rehomed",
    "adopting": "adopted", "buying": "bought", "getting": "got", "breaking": "broke", "giving": "gave",
    "trading": "traded", "taking": "took", "joining": "joined", "marrying": "married", "divorcing": "divorced",
    "switching": "switched", "transferring": "transferred", "dropping": "dropped", "going": "went",
    "starting": "started", "leasing": "leased", "renting": "rented", "staying": "stayed", "dating": "dated",
    "splitting": "split", "putting": "put", "losing": "lost",
}


def _ended_up(m: re.Match[str]) -> str:
    ing = m.group("ing")
    if ing is None:
        return m.group(0) if not m.group(0).startswith("went ahead") else ""
    past = _EN_GERUND_PAST.get(ing)
    return past if past is not None else m.group(0)


#: "not from Boston actually", "originally from Cork": an origin told with "I'm" dropped
_EN_ELIDED_I_AM = re.compile(r"^(?=(?:not|originally|not originally) from\b)")


#: a discourse opener that asks no question and sets no condition ("Not sure if I mentioned it,
#: but Kevin and I broke up"): dropped, so its "if" does not make the news conditional
_EN_OPENER = re.compile(r"^(?:not sure if|i'm not sure if|i am not sure if|dunno if|i don't know if|in case) "
                        r"(?:i|you) (?:ever |already )?(?:mentioned|told you|said|heard|missed)(?: it| this| that)?,?\s*(?:but\s+)?")


_EN_NAME_IS = re.compile(r"\bname's\b")
#: (contraction, its whole-word pattern, expansion), compiled once: per sentence, escaping and
#: looking up 28 patterns in re's cache was most of the expansion's time
_EN_CONTRACTION_RX = tuple((short, re.compile(r"\b" + re.escape(short) + r"\b"), full)
                           for short, full in EN_CONTRACTIONS)


def normalize_en(sentence: str) -> str:
    s = sentence.lower().replace("’", "'").replace("‘", "'")
    s = _EN_OPENER.sub("", s.lstrip())
    s = _EN_ENDED_UP.sub(_ended_up, s)
    s = _EN_ELIDED_I_AM.sub("i am ", s.lstrip(), count=1)
    # after a speaker's "Name: " prefix too ("Priya: got let go from Accenture")
    at = _EN_SPEAKER_LEAD.match(s).end()
    s = s[:at] + _EN_ELIDED_I.sub(lambda m: "i " + m.group(0), _EN_GUESS_WHO.sub("", s[at:], count=1), count=1)
    s = _EN_ELIDED_I_HAVE.sub(lambda m: "i have " + m.group(0).removeprefix("have "), s, count=1)
    s = _EN_ELIDED_I_AM_DOING.sub(lambda m: m.group(0) + "i am ", s, count=1)
    s = _EN_HAD_PARTICIPLE.sub(r"\1 had ", s)
    s = _EN_NAME_IS.sub("name is", s)
    s = _EN_HAS_BEEN.sub(" has been", s)  # "my sister's been living in Melbourne"
    for short, rx, full in _EN_CONTRACTION_RX:
        if short in s:  # the pattern holds the contraction itself: no substring, no match
            s = rx.sub(full, s)
    if _EN_FIRST_PERSON_LEAD.match(s):
        s = _EN_COMMA_ELIDED_I.sub(lambda m: m.group("and") + "i ", s)
        s = _EN_COMMA_ELIDED_I_AM.sub(lambda m: m.group("and") + "i am ", s)
    return _EN_HAVE_GOT.sub(r"\1 have", s)


def time_hint(sentence: str) -> str | None:
    m = TIME_HINT_ZH.search(sentence) or TIME_HINT_EN.search(sentence.lower())
    return m.group(1) if m else None


# -- object phrases -------------------------------------------------------------------------------


#: "this guy Daniel", "some girl named Ana": a person described before the name
_EN_THIS_PERSON = re.compile(r"^(?:this|that|some) (?:guy|girl|dude|man|woman|lady) (?:named |called )?(?=[a-z])")


def cut_en_object(phrase: str) -> str:
    """The object phrase up to the first adjunct or new clause ("… yesterday and I love it")."""
    # "this guy Daniel": the description goes first — the cut reads "this" as "this week"
    phrase = _EN_THIS_PERSON.sub("", phrase.strip(), count=1)
    return EN_OBJECT_STOP.sub("", EN_DASH_BREAK.sub("", " " + phrase)).strip()


def cut_zh_object(phrase: str) -> str:
    p = _zh_without_setting(ZH_LEADING.sub("", phrase.strip()), stopped=True)
    return ZH_OBJECT_STOP.sub("", p) if not is_member(p) else p


#: a quit for a while ("quit Instagram for a month", "left Twitter for Lent"): a break, no end of a job
_EN_BREAK_FOR = re.compile(r"\bfor (?:a |one |two |three |the |this |a few |a couple of )?(?:days?|weeks?|weekends?|months?|"
                           r"years?|while|lent|now)\b")

#: particles of English phrasal verbs ("throw on", "make … out of"): never the end of a thing's name
_EN_PARTICLES = frozenset({"out", "up", "on", "off", "in", "away", "back", "down", "over", "around"})


#: "the smell of fresh coffee": what is liked is the thing the sense is of
_EN_SENSE_OF = re.compile(r"^(?:the )?(?:smell|taste|sound|scent|flavou?r|feel)s? of (?P<thing>.+)$")


#: a unit of an organisation told by its owner ("Shopify's support team", "Kaiser's billing
#: department"): one works, studies or is at the organisation
_EN_ORG_UNIT = re.compile(r"^(?P<org>.+?)'s (?:[a-z\-]+ ){0,3}(?:team|department|dept|office|division|unit|branch|"
                          r"staff|crew|lab|headquarters|hq|engineering|sales|marketing|support)$")


#: a home described before its town ("lived in the same house in Tulsa for twenty years")
_EN_DWELLING_IN = re.compile(r"^(?:(?:the|this|our|my|a|same|little|tiny|small|old|new|family|rented) )*"
                             r"(?:house|apartment|place|home|condo|flat|studio|townhouse|neighborhood) in (?P<place>[a-z].*)$")


#: a stay described before its place ("got back from a week in Reykjavik", "a long weekend in Montreal")
_EN_STAY_IN = re.compile(r"^(?:(?:a|an|the|my|our|two|three|four|five|ten|a few|a couple of|long|short|quick|little|whole|"
                         r"family|work|business|girls'?|boys'?) )*(?:weeks?|weekends?|days?|nights?|months?|trip|vacation|"
                         r"holiday|getaway|stay|visit|honeymoon) (?:in|to|at) (?P<place>[a-z].*)$")


#: a person described before their name: a kind of person or a tie, maybe with a word or two
#: before it ("this guy Daniel", "his college girlfriend Yuki"); only a one-word name after it
_EN_PERSON_DESCRIBED = re.compile(r"^(?:(?:this|a|that|some|[a-z]+'s|his|her|my|our|their) )?(?:[a-z\-]+ ){0,2}?"
                                  r"(?:guy|girl|dude|woman|lady|boyfriend|girlfriend|sweetheart|fianc[eé]e?)"
                                  r" (?P<name>[a-z][a-z'\-]+)$")


def clean_en_object(phrase: str) -> str:
    p = cut_en_object(phrase)
    called = re.search(r"\b(?:called|named)\s+(\S.*)$", p)
    if called:  # "a small biotech called Genwise": the name, not the description
        p = called.group(1)
    unit = _EN_ORG_UNIT.match(p)
    if unit:
        p = unit.group("org")
    for _ in range(3):
        q = EN_GERUND.sub("", EN_LEADING.sub("", p)).strip()
        if q == p:
            break
        p = q
    words = p.split()
    if len(words) > 4 and words[0].endswith("ing"):
        return ""  # "sinking into different magical worlds …": a clause, not a thing; cut, it read as junk
    if len(words) >= 3 and words[0].endswith("ing") and words[-1] in _EN_PARTICLES:
        words = words[:-1]  # "making jewelry out (of …)": the verb's particle, cut from its thing
    p = " ".join(words[:4])
    return "" if EN_EMPTY_OBJECTS.match(p) else p


#: the families whose object is a thing had (a brand's thing is the thing)
_THING_PREDICATES = frozenset({"BOUGHT", "SOLD", "OWNS", "USES"})
#: a measure word, a brand's name, 的, the thing (一台小米的扫地机器人, 两袋三只松鼠的坚果)
_ZH_BRAND_THING = re.compile(r"^(?P<lead>(?:[一两二三四五六七八九十几\d]*(?:台|个|件|辆|部|双|袋|瓶|盒|只|套|款|箱|包))?)"
                             r"(?P<brand>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)的(?P<thing>[\u4e00-\u9fffA-Za-z0-9][^，,。！？]*)$")


def _zh_thing_of_brand(phrase: str) -> str:
    """The thing of "brand 的 thing" when the brand is a known organisation; else the phrase."""
    m = _ZH_BRAND_THING.match(phrase.strip())
    if m is None or lexicon_type(m.group("brand")) != "organization" and list_type(m.group("brand")) != "organization":
        return phrase
    return m.group("lead") + m.group("thing")


def _zh_nickname_after(text: str, at: int) -> bool:
    """Whether a Chinese nickname (小/老/阿/大 + a surname: 小陈, 老周, 大刘) starts at ``at``."""
    from ..lexicon.names import ZH_SURNAMES

    return len(text) > at + 1 and text[at] in "小老阿大" and text[at + 1] in ZH_SURNAMES


def clean_zh_object(phrase: str) -> str:
    whole = ZH_LEADING.sub("", phrase.strip())
    if whole.startswith("我") and is_condition(whole[1:]):
        whole = whole[1:]  # 赵磊: 我腰间盘突出又犯了: the condition, not 我 with it
    p = _clean_zh_object(whole)
    if whole != p and whole.startswith(p) and is_condition(whole) and not is_condition(p):
        return whole  # 腰间盘突出: the condition's own head, not a verb complement to trim
    return p


#: "there" with the adverbs that follow it in a slot (在那边一个人住了大半年): "there"
_ZH_THERE_ADV = re.compile(r"^(那边|那里|那儿)(?:一个人|一直|已经|都|也|还|又)+$")
#: a thing pointed at after whose it is (他老丈人那辆奥迪A6): the thing
_ZH_THAT_ONE = re.compile(r"^[^，,。！？]{1,8}?(?:那辆|这辆|那台|这台|那部|这部)(?=[^，,。！？]{2})")
#: a dwelling described by what is done in it, not where (合租的房子): no place at all
_ZH_DWELLING_OF = re.compile(r"^(?P<x>[\u4e00-\u9fff]{1,6}?)的(?:房子|公寓|宿舍|出租屋)$")


def _zh_without_setting(p: str, stopped: bool = False) -> str:
    """A Chinese object without the setting told before it: the organisation after its city
    (长沙的湘雅医院, 北京的星图智能 — not a district after its city, 北京的朝阳区), and a dwelling
    described by what is done in it (合租的房子) as the generic 房子, which drops the claim.
    ``stopped``: judge the rest after the object stop words (the rest of a raw slot)."""
    dwelling = _ZH_DWELLING_OF.match(p)
    if dwelling and not zh_place_word(dwelling.group("x")):
        return "房子"
    place = ZH_PLACE_OF.match(p)
    if place is None or not zh_place_word(place.group("place")):
        return p
    rest = ZH_OBJECT_STOP.sub("", p[place.end():]) if stopped else p[place.end():]
    return p[place.end():] if zh_namelike(rest) and not zh_place_word(rest) else p


def _clean_zh_object(p: str) -> str:
    p = _zh_without_setting(_ZH_THAT_ONE.sub("", _ZH_THERE_ADV.sub(r"\1", p)))
    if not is_member(p):
        stripped = ZH_CONSUME_VERB.sub("", p)
        if stripped != p and stripped:
            p = stripped
        p = ZH_LEADING.sub("", ZH_OBJECT_STOP.sub("", p))
    p = zh_trim_slot(p.strip())
    if p and not is_member(p):
        stripped = ZH_CONSUME_VERB.sub("", p)  # 在周末去爬山 → 去爬山 → 爬山
        p = stripped or p
    return p


def split_objects(phrase: str, lang: str) -> list[str]:
    parts = EN_COORD.split(phrase) if lang == "en" else ZH_COORD.split(phrase)
    return [p for p in (x.strip() for x in parts) if p]


# -- the extractor --------------------------------------------------------------------------------

#: per pattern of ``PATTERNS``, the strings one of which each of its matches contains
#: (:mod:`.prefilter`): a sentence with none of them is not scanned with it
_PATTERN_LITERALS = literals_of([p.regex for p in PATTERNS])
#: per language (``zh``: True), its patterns with their literals in ``PATTERNS``' order, and an
#: index of those literals: a sentence's literals are looked up once, not per pattern
_LANG_PATTERNS = {zh: tuple((p, lits) for p, lits in zip(PATTERNS, _PATTERN_LITERALS) if (p.lang == "zh") == zh)
                  for zh in (True, False)}
_LANG_LITERALS = {zh: LiteralIndex(lits for _, lits in pairs) for zh, pairs in _LANG_PATTERNS.items()}


#: a past time before a Chinese state verb in its clause (之前一直住在X, 小时候养过…), with no
#: present word after it: the state was, it is not told as current
_ZH_PAST_LEAD = re.compile(r"(?:以前|之前|曾经|原来|过去|小时候|当年|那时候?|那会儿?|早年)(?![^，,]*(?:现在|目前|如今|至今|到现在))")


#: a preposition right before a person makes them no subject (我跟阿伦, 和她, 把小王)
_ZH_OBJECT_PREP = re.compile(r"(?:我|我们)(?:和|跟|与|把|给|陪|带着?|对)$")
#: a past progressive right before a state verb ("i was studying at", "we were living in")
_EN_PAST_PROGRESSIVE = re.compile(r"\b(?:i|we)\s+(?:was|were)\s+(?:\w+ly\s+|still\s+|just\s+)?$")
#: a state told as the time of something else (我在浙大读书的时候…, 在北京工作那几年…): a past value
_ZH_WHEN_TAIL = re.compile(r"[^，,。！？]{0,6}?(?:的时候|那会儿?|那几年|那时候?|期间)")
#: a later clause saying the thing is no longer done (以前很喜欢喝奶茶，现在不喝了)
_ZH_NOW_NOT = re.compile(r"[，,]\s*(?:但是?|可是|不过)?(?:现在|如今|这几年|后来)(?:已经|早就|基本|都)?(?:不|不再|没再|没怎么)")
#: the states a past lead makes past: where one lives, works, studies, what one drives, keeps,
#: whom one is with, how one eats (a hometown stays; 之前得了肺炎 is an illness got, maybe still had)
_PAST_LEAD_PREDICATES = frozenset({"LIVES_IN", "MOVED_TO", "WORKS_AT", "STUDIES_AT", "DRIVES", "HAS_PET", "DATING",
                                   "MARRIED_TO", "FOLLOWS_DIET"})


@lru_cache(maxsize=None)
def _as_past(pattern: StatementPattern) -> StatementPattern:
    """The pattern read as a past state: the relation with a past hint, no trait (``_emit``)."""
    return replace(pattern, time_hint="past")


class _Extractor:
    def __init__(self, known: list[KnownEntity], live_traits: Sequence[LiveTrait] = ()) -> None:
        self.known = known
        self.gazetteer = Gazetteer.of(known)
        self.live_traits = sorted(live_traits, key=lambda t: t.since)
        self.event_times: dict[str, float] = {}  # the batch's events so far, in order, and when each was told
        self.out = Phase1Output()
        self.history: list[ExtractedEntity] = []  # earlier events' entities, in order
        self.last_sentence: dict[str, str] = {}  # each teller's last statement sentence in the batch

    def run(self, events: list[ExtractionInput]) -> Phase1Output:
        # a group chat's speakers, named by the others ("congrats Maya", "Sam are you…"): persons
        speakers = sorted({e.speaker for e in events if e.speaker}, key=len, reverse=True)
        for told in events:
            event = self._cased(told)
            self.event_times[event.event_id] = event.occurred_at
            state = _EventState(event)
            claims_before = len(self.out.fact_claims)
            mentions = collect_mentions(event.content, event.structured_entity_hints, self.known,
                                        lexicon_fields=_provenance_text(event)
                                        if _is_observation(event) else None, gazetteer=self.gazetteer)
            if not _is_observation(event):
                mentions = self._people_mentions(event, mentions)
                if speakers:
                    mentions = _with_speakers(event, mentions, speakers)
            for m in mentions:
                state.add_mention(m)
            if _is_observation(event):
                for claim, extra_entities in sensor_claims(event, mentions):
                    for ent in extra_entities:
                        state.add(ent.name, ent.entity_type, ent.mention, ent.confidence,
                                  ent.resolved_id, -1)
                    self.out.fact_claims.append(claim)
            elif event.author_type == AuthorType.USER:
                if event.speaker:  # a named person other than the user said it: they are an entity
                    state.add(event.speaker, "person", event.speaker, CONF_EXPLICIT, None, 0)
                first = len(self.out.fact_claims)
                self._statements(state, mentions)
                _homes_left(self.out.fact_claims, first)
                _schools_by_degree(self.out.fact_claims, first)
                _chains_keep_last(self.out.fact_claims, first, event.content)
                _dated_by_next_sentence(self.out.fact_claims, first, event.content, event.occurred_at)
                self._corrections(state)
            if event is not told:  # report the line's own text, not its restored capitals or 我 for 俺
                for c in self.out.fact_claims[claims_before:]:
                    c.evidence_text = restore(told.content, event.content, c.evidence_text)
                for e in state.entities.values():
                    e.mention = restore(told.content, event.content, e.mention)
            self.out.entities.extend(state.entities.values())
            self.history.extend(e for _, e in sorted(state.positions, key=lambda p: p[0]))
        return self.out

    @staticmethod
    def _cased(event: ExtractionInput) -> ExtractionInput:
        """A user's line as the rules read it, one character for one: an English line typed all in
        lower case with its names' capitals back (``truecase``: the English rules read names by
        their capitals), 俺/咱 as 我 (``dialect``), a space between Chinese clauses as a comma."""
        if event.author_type != AuthorType.USER or _is_observation(event):
            return event
        skip = len(event.speaker) + 1 if event.speaker and event.content.startswith(event.speaker + ":") else 0
        cased = truecase(event.content, skip)
        # 我是哈尔滨人 所以…, 开始吃素了 主要是…: chat parts its Chinese clauses with a space; read
        # as the comma it stands for (one character for one: offsets and restored evidence hold)
        cased = standard_pronouns(_ZH_SPACE_BREAK.sub("，", cased))
        return event if cased == event.content else replace(event, content=cased)

    def _people_mentions(self, event: ExtractionInput, mentions: list[Mention]) -> list[Mention]:
        """People by their tie: an entity of the user's circle (mom, 邻居), but no entity in a
        speaker's line (not the user's mom, and unnamed), none for the speaker's own name prefix,
        and none when a name follows the tie word ("my colleague Tom", 男朋友阿杰 → the name)."""
        text = event.content
        ties = [m for m in tie_mentions(text) if not any(m.overlaps(k) for k in mentions)]
        people = [m for m in (*mentions, *ties) if m.entity_type == "person"]
        kept: list[Mention] = []
        for m in sorted([*mentions, *ties], key=lambda m: (m.start if m.start >= 0 else 10**9)):
            is_tie_word = m.entity_type == "person" and (m.source == "lexicon" or is_tie(m.name) or
                                                         any(m is t for t in ties))  # 我妈 in a speaker's line
            if event.speaker and 0 <= m.start < len(event.speaker) + 1 and \
                    text.startswith(event.speaker):
                continue  # the "Name: " prefix L1 renders (林小雨: … is no 小雨)
            if is_tie_word and event.speaker and m.source != "catalog":
                continue
            if is_tie_word and m.source != "catalog" and _OTHERS_TIE.search(text[max(0, m.start - 20):m.start]):
                continue  # 他女朋友, "her boyfriend", "his college girlfriend": someone else's, unnamed
            if is_tie_word and m.source != "catalog" and m.start >= 0 and not is_cjk(m.surface) and \
                    _EN_KIN_AS_ROLE.search(text[:m.start]):
                continue  # "being a mom", "she is a neighbor", "every parent": a role, nobody of the circle
            if is_tie_word and m.source != "catalog" and any(
                    p is not m and p.source == "name" and 0 <= p.start - m.end <= 1 for p in people):
                continue
            if is_tie_word and m.source != "catalog" and m.start >= 0 and is_cjk(m.surface) and \
                    _zh_nickname_after(text, m.end):
                # 同事小陈, 发小大刘, 老乡老周: the person is the nickname after the tie
                if not any(p.start == m.end for p in people):
                    nick = text[m.end:m.end + 2]
                    kept.append(Mention(m.end, m.end + 2, nick, nick, "person", "name"))
                continue
            kept.append(m)
        return kept

    # -- statements ----------------------------------------------------------------------------

    def _statements(self, state: _EventState, mentions: list[Mention]) -> None:
        # a dated start is read over the whole sentence: its clauses split the object from the
        # date (拿到了网易的offer，下个月入职), and the clause of the date alone is a plan
        scheduled: list[set[tuple[str, str]]] = []
        scoped: list[tuple[_Sentence, str, int]] = []
        for i, whole in enumerate(statement_spans(state.event.content)):
            scheduled.append(set())
            self._scheduled_starts(state, mentions, whole, is_cjk(whole.text), scheduled[i])
            scoped += [(part, mood, i) for part, mood in mood_scoped(whole, is_cjk(whole.text))]
        # the line before, in the same batch and from the same person, is what a continuation
        # reads first ("I got a new job!" / "It's at Spotify.", "We adopted a dog." / "His name is…")
        teller = state.event.speaker or ""
        previous = self.last_sentence.get(teller, "")
        for sentence, mood, whole_at in scoped:
            zh = is_cjk(sentence.text)
            # 领证啦, 分手啦: the particle 啦 is 了 for every pattern (one character for one: offsets hold)
            text = sentence.text.replace("啦", "了") if zh else normalize_en(sentence.text)
            before_this, previous = previous, text  # what a continuation pattern (``after``) reads
            self.last_sentence[teller] = text
            if mood == "conditional" or _quoted(state.event.content, sentence):
                continue
            hint = time_hint(sentence.text)
            claimed_objects: set[tuple[str, str]] = set(scheduled[whole_at])
            if mood == "modal":  # "I want to make soup with my new pressure cooker"
                self._new_thing(state, mentions, sentence, zh, hint, set(), presupposed_only=True)
                # a feeling told in the present about what comes is the speaker's now: "I'm
                # nervous about my interview tomorrow", 后天就要考驾照了，我紧张得睡不着 (a future
                # feeling, "I'll be nervous", has no present-tense lead and is not read; a guess,
                # "I'm worried I might have COVID", stays modal as the dev labels have it)
                if _COMING_TIME.search(sentence.text if zh else sentence.text.lower()):
                    self._states(state, sentence, zh)
                # "Our golden retriever Max turns ten next week": a pet named with its owner is
                # presupposed, as a new thing is, whatever the clause's mood
                self._possessive_pets(state, sentence, hint, set())
                continue
            consumed: list[tuple[int, int]] = []
            accepted: list[tuple[StatementPattern, re.Match[str]]] = []
            # priority order decides which pattern owns a verb span ("no longer like" beats
            # "like"); text order then builds the claims, so "it" sees the entities before it.
            # A match whose subject is nobody (an unvalidated name) claims no verb span.
            present = _LANG_LITERALS[zh].present(text.lower()) if plain_case(text) else None
            for pattern, literals in _LANG_PATTERNS[zh]:
                if pattern.after is not None and not pattern.after.search(before_this):
                    continue
                if present is not None and literals is not None and literals.isdisjoint(present):
                    continue  # none of the words every match contains is in the sentence
                for match in pattern.regex.finditer(text):
                    vspan = match.span("verb")
                    if any(a < vspan[1] and vspan[0] < b for a, b in consumed):
                        continue
                    if not self._subject(match, pattern.lang, state.event, sentence.text)[0]:
                        continue
                    if pattern.named_only and pattern.lang == "zh" and \
                            _zh_pronoun_head(clean_zh_object(cut_zh_object(match.group("obj") or ""))) is None and \
                            not zh_namelike(clean_zh_object(cut_zh_object(_zh_called_name(match.group("obj") or "")))):
                        continue  # 在用印象笔记做摘抄: 用印象笔记 is no workplace; 在用 stays free
                    if pattern.typed_only and not _there_object(pattern, match) and \
                            not self._typed_object(pattern, match, sentence, mentions):
                        continue  # 去了一趟上海: a typed-only 去了 (a job) leaves the verb to VISITED
                    if pattern.known_object and pattern.lang == "en" and not self._known_as(clean_en_object(
                            re.split(r"\s+(?:and|or)\s+", cut_en_object(match.group("obj") or ""))[0]),
                            pattern.object_type):
                        continue  # "I left LA and moved…": an unknown object leaves "left" to the next reading
                    if pattern.known_group and not self._known_as(clean_en_object(match.group(pattern.known_group) or ""),
                                                                  pattern.object_type):
                        continue  # "moved from Denver to Austin": Denver is no employer memory knows
                    if pattern.needs_live and self._live_value(
                            self._subject(match, pattern.lang, state.event, sentence.text)[0],
                            (pattern.fixed_object or "@")[1:], state.event.event_id) is None:
                        continue  # "Quit it" with no diet told: the verb is left to the job
                    if pattern.known_object and pattern.lang == "zh" and not self._known_object(pattern, match):
                        continue  # 我的猫被我妈送人了: 我的猫 is no pet memory knows; 送人了 stays free
                    consumed.append(vspan)
                    accepted.append((pattern, match))
            before = len(self.out.fact_claims)
            for pattern, match in sorted(accepted, key=lambda pm: pm[1].start("verb")):
                self._pattern_claims(state, mentions, sentence, pattern, match, hint,
                                     claimed_objects)
            self._role_partner(state, mentions, sentence, zh, hint, claimed_objects)
            if not zh:
                self._presence_end(state, mentions, sentence, text, hint, claimed_objects)
            self._possessive_pets(state, sentence, hint, claimed_objects)
            self._new_thing(state, mentions, sentence, zh, hint, claimed_objects)
            if len(self.out.fact_claims) == before and not accepted:
                self._frame(state, mentions, sentence, zh, text, hint, claimed_objects)
            self._named_pet_over_species(state, before)
            if zh:
                self._zh_negation_scope(state, sentence, before)
            self._states(state, sentence, zh)

    def _scheduled_starts(self, state: _EventState, mentions: list[Mention], sentence: _Sentence, zh: bool,
                          claimed: set[tuple[str, str]]) -> None:
        """Dated starts of a job, school or home told ahead ("Starting at Stanford Health in
        December", 下周一去字节跳动报到): a claim from that date on (``future_starts``). Only
        when the date is after the telling: a start already reached is the ordinary statement."""
        told = state.event.occurred_at
        subject, subject_type = self._self_subject(state.event)
        lang = "zh" if zh else "en"
        for start in future_starts(sentence.text, zh):
            if scheduled_start(start.time_hint, told) is None:
                continue
            lo, hi = sentence.start + start.start, sentence.start + start.end
            named = [m for m in mentions if m.start >= 0 and m.start < hi and lo < m.end]
            if start.surface in _ZH_THERE or start.surface.lower() == "there":
                # 下周一就去那边上班: the place or employer the batch named before, or nothing
                predicate, trait = FAMILY_CLAIMS[start.family]
                ref = self._coreference(state, start.surface, predicate, lo)
                if ref is None:
                    continue
                if start.family == "job" and is_school(ref.name):
                    predicate, trait = FAMILY_CLAIMS["school"]  # "I start there in September": the school named
                if (predicate, ref.name) not in claimed:
                    self._emit(state, sentence, _frame_pattern(predicate, trait, lang, directness="explicit"),
                               subject, subject_type, ref.name, ref.entity_type, False, True, start.time_hint, claimed)
                continue
            if named:
                name, etype = named[0].name, named[0].entity_type
            else:
                name, etype = normalize_name(start.surface), ""
            predicate, trait = FAMILY_CLAIMS[start.family]
            if start.family == "home":
                if etype not in ("", "place"):
                    continue
                etype = "place"
            elif start.family == "marriage":
                if etype not in ("", "person") or not (zh_namelike(name) if lang == "zh" else start.surface[:1].isupper()):
                    continue
                etype = "person"
            else:
                # 去哥大读研: a study verb makes the name a school even when it was read as a place
                # (not a country or a city: 去英国读书 is studying abroad, no school named)
                retyped = start.family == "school" and etype == "place" and \
                    "place" not in (list_type(name), lexicon_type(name))
                # an app's maker is an employer too ("I start at Duolingo on the 14th", as Spotify in SLOT_TYPES)
                if etype not in ("", "organization", "software") and not retyped:
                    continue
                if etype == "software":
                    state.discard(name, "software")
                    state.add(name, "organization", named[0].surface, named[0].confidence, named[0].resolved_id, lo)
                etype = "organization"
                if is_school(name):
                    predicate, trait = FAMILY_CLAIMS["school"]
                if retyped:
                    state.discard(name, "place")
                    named = []
            if (predicate, name) in claimed:
                continue
            if not named:
                state.add(name, etype, start.surface, CONF_EXPLICIT, None, lo)
            self._emit(state, sentence, _frame_pattern(predicate, trait, lang, directness="explicit"),
                       subject, subject_type, name, etype, False, True, start.time_hint, claimed)

    def _zh_negation_scope(self, state: _EventState, sentence: _Sentence, since: int) -> None:
        """A state claim read as a start whose object's comma part carries a negation fused to
        a state verb the pattern's ``neg`` slot could not see (我早就不住在广州了,
        我和陈曦已经没在一起了): negated, its trait with it (``polarity``)."""
        kept: list[FactClaim] = []
        for c in self.out.fact_claims[since:]:
            if c.negated or c.predicate not in _STATE_PREDICATES:
                kept.append(c)
                continue
            entity = state.entities.get((c.object, c.object_type or ""))
            surface = entity.mention if entity and entity.mention else c.object
            at = _find_ci(sentence.text, surface)
            reading = zh_negation_over(sentence.text, at, at + len(surface)) if at >= 0 else None
            if reading is None:
                kept.append(c)
                continue
            c.negated = True
            kept.append(c)
        self.out.fact_claims[since:] = kept

    def _presence_end(self, state: _EventState, mentions: list[Mention], sentence: _Sentence, text: str,
                      hint: str | None, claimed: set[tuple[str, str]]) -> None:
        """"I'm not at Uber anymore", "I'm not in Boston anymore", "I'm not with Dan anymore":
        a presence ended — the family follows the name's type (an organisation: the employer, or
        the school; a place: the home; a named person: the partner)."""
        found = en_presence_end(text)
        if found is None:
            return
        prep, rest = found
        lo = sentence.start
        for m in mentions:
            if not (lo <= m.start < lo + len(sentence.text)) or not rest.startswith(m.surface.lower()):
                continue
            if prep == "with" and m.entity_type == "person" and m.source == "name":
                predicate, trait = "DATING", "partner"
            elif prep == "at" and m.entity_type == "organization":
                predicate, trait = ("STUDIES_AT", "school") if is_school(m.name) else ("WORKS_AT", "employer")
            elif prep == "in" and m.entity_type == "place":
                predicate, trait = "LIVES_IN", "residence"
            else:
                return
            if (predicate, m.name) in claimed:
                return
            subject, subject_type = self._self_subject(state.event)
            self._emit(state, sentence, _frame_pattern(predicate, trait, "en"), subject, subject_type,
                       m.name, m.entity_type, True, True, hint, claimed)
            return

    def _named_pet_over_species(self, state: _EventState, since: int) -> None:
        """"I got a puppy and named him Rex": one pet, told by its kind and then its name — the
        name is the value; the kind word (a claim of the same clause) is dropped."""
        new = self.out.fact_claims[since:]
        pets = [c for c in new if c.predicate == "HAS_PET" and not c.negated]
        if not any(not is_species(c.object) for c in pets):
            return
        kinds = {c.object for c in pets if is_species(c.object)}
        if not kinds:
            return
        self.out.fact_claims[since:] = [c for c in new if not (c.predicate == "HAS_PET" and c.object in kinds)]
        for kind in kinds:
            state.discard(kind, "animal")

    def _frame(self, state: _EventState, mentions: list[Mention], sentence: _Sentence, zh: bool,
               text: str, hint: str | None, claimed: set[tuple[str, str]]) -> None:
        """A clause no statement pattern read: its frame (``clause_frames``), as an implied claim."""
        if (HEDGE_ZH if zh else HEDGE_EN).search(text) or (REPORTED_ZH if zh else REPORTED_EN).search(text):
            return
        lo, hi = sentence.start, sentence.start + len(sentence.text)
        names: list[tuple[str, str, int, int]] = []
        for m in mentions:
            if m.start < lo or m.end > hi:
                continue
            at = m.start - lo if zh else text.find(m.surface.lower())
            if at < 0:
                continue
            if not zh and is_modifier_of(state.event.content[m.end:]):
                continue  # "work … for LGBTQ rights": the name modifies a noun, it is no employer
            names.append((m.name, m.entity_type, at, at + len(m.surface)))
        frame = read_frame(text, zh, names)
        if frame is not None:
            at = next((a for n, _t, a, _b in names if n == frame.name), len(text))
            lead = text[:at]
            if frame.predicate != "WORKS_AT" and _ORG_SUBJECT_IN[zh].search(lead) or \
                    not zh and _EN_THIRD_PERSON_LEAD.search(lead):
                return  # "Our office moved to Denver", 我们公司搬到了苏州, "He moved to Reno": not the speaker's
        subject, subject_type = self._self_subject(state.event)
        if frame is None:
            family = nameless_end(text, zh) if not names else None
            value = self._live_value(subject, FAMILIES[family][2], state.event.event_id) if family else None
            if value is not None:  # "上个月终于毕业了" after 我在复旦念博士: the live school ends
                # the end itself is said outright; only which value it ends is inferred, and
                # there is one live value of the family to end: explicit, so the offline
                # arbitration lets it replace an explicit start instead of sending it to review
                pattern = _frame_pattern(FAMILIES[family][1], FAMILIES[family][2], "zh" if zh else "en",
                                         directness="explicit")
                self._emit(state, sentence, pattern, subject, subject_type, value[0], value[1], True,
                           True, hint, claimed)
            return
        etype = slot_type(frame.predicate, frame.entity_type, frame.name, "name")
        if etype is None or any(c.event_id == state.event.event_id and c.object == frame.name
                                for c in self.out.fact_claims):
            return
        pattern = _frame_pattern(frame.predicate, frame.trait, "zh" if zh else "en")
        self._emit(state, sentence, pattern, subject, subject_type, frame.name, etype, frame.ended,
                   True, hint, claimed, trait=None if frame.plain else frame.trait)

    def _typed_object(self, pattern: StatementPattern, match: re.Match[str], sentence: _Sentence,
                      mentions: list[Mention]) -> bool:
        """Whether a typed-only pattern's object is a name of its type (checked before the
        pattern claims its verb, so a failed reading leaves the verb to another pattern)."""
        raw = match.group("obj") or ""
        if pattern.lang != "zh":
            # the kinds a list or the lexicon decides are checked before the verb is taken: "left
            # Chicago for Denver" leaves "for" to the move only for a place, and of the two "don't
            # have a …" readings the appliance one must not take the verb from the device one
            if pattern.object_type in _EN_PRECHECKED_TYPES:
                cleaned = clean_en_object(raw)
                return pattern.object_type in (list_type(cleaned), lexicon_type(cleaned)) or \
                    any(m.entity_type == pattern.object_type and m.name == cleaned for m in mentions)
            return True
        lo = sentence.start + match.start("obj")
        hi = lo + len(raw)
        if pattern.predicate == "HAS_CONDITION" and any(
                m.entity_type == "food" and m.start >= 0 and m.start < hi and lo < m.end for m in mentions):
            return False  # 对海鲜过敏: an allergy to a food is what one eats, kept as the food
        if any(m.entity_type == pattern.object_type and m.start >= 0 and m.start < hi and lo < m.end
               for m in mentions):
            return True
        cleaned = clean_zh_object(cut_zh_object(raw))
        if pattern.object_type == "vehicle" and slot_type("DRIVES", list_type(cleaned) or "other", cleaned, "name") == "vehicle" \
                and is_vehicle_word(cleaned):
            return True  # 比亚迪 is a company and a car: in a driving slot, the car
        if pattern.predicate == "HAS_CONDITION" and is_condition(cleaned):
            return True  # 腰间盘突出, 肺结节: a condition by its shape, in no list
        if pattern.object_type == "place" and zh_place_word(cleaned):
            return True  # 洛阳人 is one token to jieba (nr); 洛阳 alone is a place name
        if pattern.object_type == "animal" and is_species(cleaned):
            return True  # 把金毛送给了朋友: a breed the species list has, though no lexicon category
        if pattern.object_type == "animal" and (cleaned in _ZH_PET_PRONOUNS or self._known_as(cleaned, "animal")):
            return True  # 后来把它送人了, 上个月把煤球送人了: the pet the batch named (the pronoun resolved later)
        return (lexicon_type(cleaned) or list_type(cleaned)) == pattern.object_type

    def _known_object(self, pattern: StatementPattern, match: re.Match[str]) -> bool:
        """Whether a known-object pattern's object is already known as its type (checked before
        the pattern claims its verb, like ``_typed_object``, so a failed reading leaves the verb
        to a pattern that names the kind: 我的猫被我妈送人了)."""
        cleaned = clean_zh_object(cut_zh_object(match.group("obj") or ""))
        return bool(cleaned) and self._known_as(cleaned, pattern.object_type) is not None

    def _known(self, entity: ExtractedEntity) -> bool:
        """Whether the catalog, or an earlier event of this batch, already names it."""
        if entity.resolved_id:
            return True
        norm = entity.name.lower()
        return any(k.name.lower() == norm or norm in (a.lower() for a in k.aliases) for k in self.known) or \
            any(e.name.lower() == norm for e in self.history)

    def _known_as(self, name: str, entity_type: str) -> ExtractedEntity | None:
        """An earlier entity of this batch (or a catalog entry) of that type with that name."""
        norm = normalize_name(name)
        if entity_type == "animal" and norm in _ZH_PET_PRONOUNS:
            # 我家泰迪球球跟了我十年 / 她今天早上走了: 他/她 is the pet when the last one named
            # before, person or animal, is a pet (someone else's leaving is not read as a death)
            last = next((e for e in reversed(self.history) if e.entity_type in ("person", "animal")), None)
            return last if last is not None and last.entity_type == "animal" else None
        for e in reversed(self.history):
            if e.name == norm and e.entity_type == entity_type:
                return e
        for k in self.known:
            if k.entity_type == entity_type and norm in (f.lower() for f in k.surface_forms()):
                return ExtractedEntity(k.name, k.name.lower(), entity_type, "", 0.9, k.entity_id)
        if entity_type == "vehicle" and " " not in norm:
            # "the Focus" for the Ford Focus named before: a car is called by its model alone
            for e in reversed(self.history):
                if e.entity_type == "vehicle" and norm in e.name.split()[1:]:
                    return e
            for k in self.known:
                if k.entity_type == "vehicle" and norm in k.name.lower().split()[1:]:
                    return ExtractedEntity(k.name, k.name.lower(), entity_type, "", 0.9, k.entity_id)
        return None

    @staticmethod
    def _self_subject(event: ExtractionInput) -> tuple[str, str | None]:
        """Who "I" is in this event: the user, or the named speaker of an imported chat line."""
        return (event.speaker, "person") if event.speaker else (USER_SUBJECT, None)

    def _subject(self, match: re.Match[str], lang: str, event: ExtractionInput,
                 original: str = "") -> tuple[str, str | None]:
        """Who the pattern's subject is: whoever says "I" (``_self_subject``), a relative of
        the user's ("my mom"), a named person ("Tom from my team", "my wife Anna"), or nobody
        ("")."""
        groups = match.groupdict()
        rel, subj, pname, name = groups.get("rel"), groups.get("subj"), groups.get("pname"), groups.get("name")
        if name and subj and subj.split()[0] == name:
            person = _capitalised_person(original, name, self) if lang == "en" else _zh_person(original, name)
            if person is None or event.speaker and normalize_name(event.speaker) == person:
                return ("", None) if person is None else self._self_subject(event)
            return person, "person"
        if subj in ("and", "but", "then", "and then"):  # English only (patterns._EN_SUBJ), never with a "rel"
            # "I quit Initech and joined Hooli", "lived in Denver for years, then moved to Austin":
            # the second verb shares the sentence's subject
            lead = _EN_LEAD_SUBJECT.match(match.string)
            if lead is None:
                return "", None
            rel = lead.group("rel")
        if rel:
            if pname:  # "my wife Anna", and in a speaker's line "my boyfriend Tom": the named person
                person = _capitalised_person(original, pname, self) if lang == "en" else \
                    _zh_person(original, pname, after_kin=True)
                if person is not None:
                    return person, "person"
            if event.speaker:
                return "", None  # "my mom" in someone else's line is not the user's mom
            name = (ZH_KIN_FULL_NAME.get(rel, rel) if lang == "zh" else _REL_EN_TO_NAME.get(rel, rel))
            return name, "person"
        if lang == "en" and subj is None:
            return "", None
        return self._self_subject(event)

    def _pattern_claims(self, state: _EventState, mentions: list[Mention], sentence: _Sentence,
                        pattern: StatementPattern, match: re.Match[str], hint: str | None,
                        claimed: set[tuple[str, str]]) -> None:
        subject, subject_type = self._subject(match, pattern.lang, state.event, sentence.text)
        if not subject:
            return
        lead = self._zh_lead_relative(pattern, match, state.event, sentence.text)
        if lead is not None:
            subject, subject_type = lead, "person"  # 我爸在一汽干了三十年，去年退休了: 爸爸 retired
        elif pattern.lang == "zh" and not match.group("subj") and self._zh_other_subject(
                sentence, match.start("verb"), mentions,
                # a known thing told before its verb (小白跑出去再也没回来) is the object, no subject
                # so is the person of 跟阿凯分手了 (the partner, told before the verb)
                match.span("obj") if pattern.known_object or pattern.object_type in ("person", "animal") else (0, 0)):
            if not _zh_user_retakes(sentence.text, match.start("verb")):
                continued = self._zh_continued_relative(match, state.event, sentence.text)
                if continued is None:
                    return  # 小李跳槽去了京东: 小李's move, not the user's
                subject, subject_type = continued, "person"  # 我姐是护士，在协和医院上班: 姐姐 works there
        if pattern.lang == "en" and subject == USER_SUBJECT and not match.group("subj") and \
                _EN_THIRD_PERSON.search(_en_own_part(normalize_en(sentence.text), match.start("obj") if pattern.known_object
                                                     and match.start("obj") < match.start("verb") else match.start("verb"))):
            return  # someone else's clause (a known thing told before its verb is the clause's own: "Barty is ours")
        if (HEDGE_ZH if pattern.lang == "zh" else HEDGE_EN).search(match.string[:match.start("verb")]):
            return  # "I think Sarah works at Apple", 听说…: a report or a guess, no fact
        if pattern.predicate != "WORKS_AT" and _ORG_SUBJECT[pattern.lang == "zh"].search(match.string[:match.start("verb")]):
            return  # "Our office moved to Denver", 我们公司整体搬到苏州, 我们办公室养了只乌龟: the organisation's
        if (REPORTED_ZH if pattern.lang == "zh" else REPORTED_EN).search(match.string[:match.start("verb")]):
            return  # "my coworker said she quit", 室友说她辞职了: someone's report of themselves
        negated = bool(match.groupdict().get("neg")) or pattern.negated
        if pattern.lang == "zh" and pattern.predicate in ("LIKES", "DISLIKES") and not negated and \
                _ZH_PAST_LEAD.search(_zh_own_part(match.string[:match.start("verb")])):
            if not _ZH_NOW_NOT.search(match.string[match.end("verb"):]):
                return  # 以前特别爱吃榴莲: a taste of the past says nothing of now
            pattern, negated = replace(pattern, trait=None), True  # 以前很喜欢喝奶茶，现在不喝了: the taste ended
        if pattern.lang == "zh" and pattern.predicate in _PAST_LEAD_PREDICATES and pattern.time_hint is None and not negated and \
                _ZH_PAST_LEAD.search(_zh_own_part(match.string[:match.start("verb")])):
            pattern = _as_past(pattern)  # 我之前一直住在无锡: a past home, the relation alone
        elif pattern.lang == "en" and pattern.predicate in _PAST_LEAD_PREDICATES and pattern.time_hint is None and \
                not negated and _EN_PAST_PROGRESSIVE.search(match.string[:match.start("verb")]) and \
                re.match(r"\w+ing\b", match.group("verb") or ""):
            pattern = _as_past(pattern)  # "While I was studying at NYU…": a state of the past, the relation alone
        elif pattern.lang == "zh" and pattern.predicate in _PAST_LEAD_PREDICATES and pattern.time_hint is None and \
                not negated and _ZH_WHEN_TAIL.match(match.string, match.end()):
            pattern = _as_past(pattern)  # 我在浙大读书的时候住在玉泉: the time of a past state, told as a when
        if pattern.trait == "diet" and pattern.fixed_object and not negated and any(
                c.event_id == state.event.event_id and c.trait == "diet" and not c.negated and c.evidence_text ==
                sentence.text.strip() and pattern.fixed_object in DIET_IMPLIES.get(c.value or "", ()) for c in self.out.fact_claims):
            return  # 在搞生酮，戒了碳水: the means of the diet told, not a second diet
        is_self = subject == self._self_subject(state.event)[0]
        if pattern.fixed_object == "@state":
            # "Not anymore though": an elliptic end of the state the previous line set
            last = self._last_live_state(subject, state.event.event_id)
            if last is not None and negated:
                self._emit(state, sentence, pattern, subject, subject_type, last[0], last[1], True,
                           is_self, hint, claimed, predicate=last[2], trait=last[3])
            return
        if pattern.fixed_object and pattern.fixed_object.endswith("^"):
            # 不搬了, "the move is off": the start told ahead and not reached yet is called off
            ahead = self._value_ahead(subject, pattern.fixed_object[1:-1], state.event.event_id)
            told = clean_en_object(match.group("obj") or "") if pattern.lang == "en" else (match.group("obj") or "")
            if ahead is not None and told and told.lower() not in ahead[0].lower():
                return  # "not moving to Boston" while the move ahead is to Seattle: no such plan held
            if ahead is not None and negated:
                self._emit(state, sentence, pattern, subject, subject_type, ahead[0], ahead[1], True,
                           is_self, hint, claimed)
            return
        if pattern.fixed_object and pattern.fixed_object.endswith("~"):
            # "my blood pressure is back to normal", "eating bread again": the held value the told
            # measurement, body part or food stands for; none held, nothing said
            trait = pattern.fixed_object[1:-1]
            live = self._live_values(subject, trait, state.event.event_id)
            named = RELATED_VALUE[trait](match.group("obj") or "", [v for v, _ in live])
            if named is not None:
                self._emit(state, sentence, pattern, subject, subject_type, named, dict(live)[named], negated,
                           is_self, hint, claimed)
            return
        if pattern.trait == "employer" and negated and not pattern.fixed_object and \
                job_by_role(match.groupdict().get("obj") or "", pattern.lang):
            # 辞掉了护士的工作, "quit my nursing job": the job held, told by the role — its end
            pattern = replace(pattern, fixed_object="@employer")
        if pattern.fixed_object and pattern.fixed_object.startswith("@"):
            # "Friday was my last day there", "we got married": the batch's live value
            if negated and any(c.event_id == state.event.event_id and c.kind == "trait" and c.subject == subject and
                               c.trait == pattern.fixed_object[1:] and c.negated for c in self.out.fact_claims):
                return  # "After six years at Intel I handed in my notice": this line already named what ends
            value = self._live_value(subject, pattern.fixed_object[1:], state.event.event_id)
            if value is None:
                value = self._live_value(subject, pattern.fixed_object[1:], state.event.event_id, same_event=True,
                                         predicate=None if is_self else pattern.predicate)
                if value is None or not negated:
                    return
                self.out.fact_claims = [c for c in self.out.fact_claims if not (
                    c.event_id == state.event.event_id and c.subject == subject and not c.negated and
                    (c.object == value[0] or c.value == value[0]))]
            self._emit(state, sentence, pattern, subject, subject_type, value[0], value[1], negated,
                       is_self, hint, claimed)
            return
        raw_obj = pattern.fixed_object or match.group("obj") or match.groupdict().get("kind") or ""
        if pattern.lang == "en" and _CLAUSE_OBJECT.match(raw_obj.strip()):
            return
        if pattern.predicate in ("LIKES", "DISLIKES") and not pattern.fixed_object and \
                is_reaction_object(_phrase_to_clause_end(match, raw_obj).lstrip("了过着上 "), pattern.lang):
            return  # "I love your painting", 我喜欢你的画: a reaction to something shown, no taste
        if pattern.predicate in ("LIKES", "DISLIKES") and pattern.lang == "en" and \
                _EN_RELATIVE_HEAD.search(match.string[:match.start("verb")]):
            return  # "the things I love makes writing fun", "something we love": a relative clause, no taste told
        if pattern.predicate == "WORKS_AT" and pattern.lang == "en" and negated and \
                _EN_BREAK_FOR.search(_phrase_to_clause_end(match, raw_obj)):
            return  # "I quit Instagram for a month": a break from it, no job that ended
        if pattern.predicate == "WORKS_ON" and pattern.lang == "en" and is_effort_object(raw_obj):
            at = _find_ci(sentence.text, raw_obj.strip(), start=max(0, match.start("obj") - 8))
            if at < 0 or not sentence.text[at:at + 1].isupper():
                return  # "working on building up confidence": an effort, not a project ("Building Blocks" is)
        if pattern.lang == "zh" and raw_obj.startswith("张") and match.string[:match.start("obj")].endswith("了"):
            raw_obj = raw_obj[1:]  # 买了张新床, 办了张卡: 张 after 了 is the measure word, not a surname
        called = _zh_called_name(raw_obj) if pattern.lang == "zh" and not pattern.fixed_object else raw_obj
        zh_called = called != raw_obj
        raw_obj = called  # 在一家叫极光的创业公司上班: the name, not the kind
        if pattern.lang == "zh" and pattern.predicate in _THING_PREDICATES:
            raw_obj = _zh_thing_of_brand(raw_obj)  # 一台小米的扫地机器人: the robot, not 小米
        if pattern.lang == "en" and (sense := _EN_SENSE_OF.match(raw_obj.strip())):
            raw_obj = sense.group("thing")  # "love the smell of coffee": the coffee, not the smell
        if pattern.predicate in ("LIVES_IN", "MOVED_TO") and pattern.lang == "en" and \
                (dwelling := _EN_DWELLING_IN.match(raw_obj.strip())):
            raw_obj = dwelling.group("place")  # "the same house in Tulsa": the town the home is in
        if pattern.predicate == "VISITED" and pattern.lang == "en" and (stay := _EN_STAY_IN.match(raw_obj.strip())):
            raw_obj = stay.group("place")  # "back from a week in Reykjavik": the place of the stay
        raw_obj = cut_zh_object(raw_obj) if pattern.lang == "zh" else cut_en_object(raw_obj)
        phrases = split_objects(raw_obj, pattern.lang) if pattern.coordinated else \
            [re.split(r"\s+(?:and|or)\s+", raw_obj)[0] if pattern.lang == "en" else raw_obj]
        if not pattern.coordinated and pattern.trait == "health" and not pattern.fixed_object:
            # "I have asthma and type 2 diabetes", 我有哮喘和高血压: one has several conditions at
            # once — a list of conditions only (not "asthma and it's bad", 哮喘和过敏性鼻炎都…)
            parts = split_objects(raw_obj, pattern.lang)
            if len(parts) > 1 and all(is_condition(clean_zh_object(p) if pattern.lang == "zh" else clean_en_object(p))
                                      for p in parts):
                phrases = parts
        obj_offset = sentence.start + match.start("obj") if pattern.lang == "zh" else None
        if subject_type == "person" and subject != self._self_subject(state.event)[0] and \
                (subject, "person") not in state.entities:
            # a relative named by the tie ("我妈", "my mom") is a person of the user's circle
            state.add(subject, "person", subject, CONF_EXPLICIT, None, sentence.start + match.start())
        for at, phrase in enumerate(phrases):
            if len(phrases) > 1 and pattern.predicate in ("LIKES", "DISLIKES") and not pattern.fixed_object and \
                    is_reaction_object(phrase, pattern.lang):
                continue  # "I love them and how much joy they bring": one part of the list is no taste
            if at and pattern.lang == "en" and _EN_BARE_VERB_START.match(phrase):
                continue  # "bought a metal detector and walk along the beaches": the teller's next verb, no object
            cleaned = clean_zh_object(phrase) if pattern.lang == "zh" else clean_en_object(phrase)
            if pattern.object_template and cleaned:
                cleaned = pattern.object_template.format(singular(cleaned) or cleaned)
            if pattern.object_type == "person" and pattern.lang == "en" and \
                    (described := _EN_PERSON_DESCRIBED.match(cleaned)):
                cleaned = described.group("name")  # "his college girlfriend Yuki": the person is the name
            if pattern.object_type == "person" and pattern.lang == "zh":
                # 和男朋友小陈在一起: the tie word before a name is no part of it
                cleaned = _ZH_TIE_BEFORE_NAME.sub("", cleaned)  # 男朋友阿杰, 男朋友David
            if pattern.predicate == "HAS_PET" and pattern.lang == "en" and not pattern.fixed_object:
                words = cleaned.split()
                if len(words) > 1 and is_species(" ".join(words[:-1])):
                    cleaned = words[-1]  # "our cat simba": the species word is no name
                elif is_species(cleaned):
                    named = re.search(r"\b" + re.escape(cleaned) + r",\s+([A-Z][\w'\-]+)\b(?!\s+(?:and|or)\b)",
                                      sentence.text[max(0, match.start("obj")):])
                    if named:
                        cleaned = named.group(1).lower()  # "my rabbit, Thumper": the name, not the kind
            if not cleaned:
                continue
            if pattern.lang == "en" and not pattern.fixed_object and (generic(cleaned) or is_tie(cleaned) or
                                                                       is_species(cleaned) or cleaned in ("car", "truck")):
                at = _find_ci(sentence.text, cleaned, start=max(0, match.start("obj")))
                appos = re.match(r"\s*,\s*(?:a |an |the )?((?:[A-Z][\w'\-]*)(?: [A-Z0-9][\w'\-]*)*)",
                                 sentence.text[at + len(cleaned):] if at >= 0 else "")
                if appos:
                    cleaned = appos.group(1).lower()  # "my first car, a Honda CR-V", "my wife, Laura"
            before = set(state.entities)
            found = self._object_entity(state, mentions, sentence, cleaned, pattern, obj_offset, match)
            if found is None:
                continue
            entity, origin = found
            if pattern.key in _LEAVE_KEYS and entity.entity_type == "place" and origin != "context":
                pattern = _left_place(pattern.lang)  # "I left New York", 离开了上海: a home ends
            elif pattern.key in _LEAVE_KEYS and is_school(entity.name) and \
                    not re.search(r"\b(?:job|work|position|role)\b|工作", match.group(0)):
                pattern = _left_school(pattern.lang)  # "I left Harvard", 离开了北大: a school ends
            new_here = (entity.name, entity.entity_type) not in before and origin not in ("catalog", "known")
            verdict = self._object_verdict(state, sentence, pattern, entity, origin, negated)
            if verdict is None and pattern.key == "en_school" and entity.entity_type == "place" and \
                    match.group("verb").endswith(" at") and entity.mention[:1].isupper() and \
                    _EN_STUDENT_AT.search(match.group("verb")):
                verdict = "organization"  # "a grad student at Michigan": the university, not the state
            if verdict in _NAME_SLOTS.get(pattern.predicate, ()) and (
                    pattern.lang == "en" and _EN_INDEFINITE.match(match.group("obj") or "") and origin == "phrase" or
                    pattern.lang == "zh" and _ZH_INDEFINITE.match(match.group("obj") or "") and not zh_called and
                    (origin in ("phrase", "lexicon") or "一" in entity.name)):
                verdict = None  # "joined a hedge fund", 在(宁波)一家律所上班: a kind, not a name
            if pattern.key == "en_bought" and origin == "phrase" and (match.group("verb") == "got" or (
                    match.group("verb") == "picked up" and not entity.mention[:1].isupper())):
                verdict = None  # "got my first paycheck / a raise", "picked up new skills": only a typed thing is bought
            if verdict is None:
                if new_here:
                    state.discard(entity.name, entity.entity_type)
                continue
            if verdict != entity.entity_type:
                state.discard(entity.name, entity.entity_type)
                entity = state.add(entity.name, verdict, entity.mention, entity.confidence,
                                   entity.resolved_id, sentence.start + max(0, match.start("obj")))
            if pattern.predicate == "HAS_PET" or match.groupdict().get("kind"):
                self._drop_species(state, sentence, match, entity)
            if pattern.predicate == "HAS_PET" and entity.entity_type == "animal":
                for etype in [t for n, t in state.entities if n == entity.name and t != "animal"]:
                    state.discard(entity.name, etype)  # 奶茶昨天去世了: the cat 奶茶, not the drink
            predicate, trait, neg = pattern.predicate, pattern.trait, negated
            role = (match.groupdict().get("kind") or "").lower()
            if role in _ROLE_FAMILY and pattern.object_type == "person":
                predicate, trait = _ROLE_FAMILY[role]  # "…老公叫李强": married, not dating
            if predicate == "DRIVES" and pattern.negated and entity.entity_type != "vehicle":
                predicate, trait, neg = "SOLD", None, False  # "I sold my old iPad": not a car
            elif predicate == "VISITED" and pattern.lang == "en" and is_school(entity.name) and \
                    match.group("verb").startswith("went") and not _EN_SCHOOL_VISIT.search(sentence.text.lower()):
                predicate = "STUDIES_AT"  # "I never went to Harvard": attending, not a trip (a past school)
            elif pattern.key == "zh_work_report" and is_school(entity.name):
                predicate, trait = "STUDIES_AT", "school"  # 去浙江大学报到了: a student's first day
            elif predicate == "BOUGHT" and entity.entity_type == "animal":
                predicate, trait = "HAS_PET", "pet"  # "I got a puppy": a pet, not a purchase
            if predicate == "LIVES_IN" and not neg and pattern.time_hint is None and pattern.lang == "zh" and \
                    ZH_STAY_ON_TRIP.search(sentence.text):
                if new_here:
                    state.discard(entity.name, entity.entity_type)
                continue  # 去杭州出差，住在西湖边上: a night's stay on a trip, not a home
            name = entity.name
            if predicate == "DRIVES" and neg and trait == "vehicle":
                # "someone stole my Mazda" while the Mazda 3 is held: the held car, by its make
                held = [v for v, _ in self._live_values(subject, "vehicle", state.event.event_id)
                        if v.startswith(name + " ")]
                name = held[0] if len(held) == 1 else name
            if (predicate, name) in claimed:
                if not neg:
                    continue
                # 在拼多多干了半年就走了: the clause's start and its end — the end is what it states
                evidence = sentence.text.strip()
                self.out.fact_claims = [c for c in self.out.fact_claims if not (
                    c.event_id == state.event.event_id and c.evidence_text == evidence and not c.negated and
                    c.predicate == predicate and c.object == name)]
            self._emit(state, sentence, pattern, subject, subject_type, name, entity.entity_type,
                       neg, is_self, hint, claimed, predicate=predicate, trait=trait)
            both = self._zh_both(pattern, match, state.event)
            if both is not None:
                self._emit(state, sentence, pattern, both, "person", name, entity.entity_type,
                           neg, False, hint, claimed, predicate=predicate, trait=trait)

    @staticmethod
    def _zh_both(pattern: StatementPattern, match: re.Match[str], event: ExtractionInput) -> str | None:
        """我和老公都在三一重工上班, 我跟我哥都是哈尔滨人: the relative told beside the teller, with
        都, holds the state too (the relation; a relative has no traits). Not in a speaker's
        line: their relative is nobody the user knows."""
        rel = match.groupdict().get("with")
        if pattern.lang != "zh" or not rel or event.speaker or \
                not re.match(r"(?:俩|两个人?)?(?:也)?都", match.string[match.end("subj"):]):
            return None
        return ZH_KIN_FULL_NAME.get(rel, rel)

    def _emit(self, state: _EventState, sentence: _Sentence, pattern: StatementPattern, subject: str,
              subject_type: str | None, obj: str, obj_type: str, negated: bool, is_self: bool,
              hint: str | None, claimed: set[tuple[str, str]], *, predicate: str | None = None,
              trait: str | None | bool = False) -> None:
        """The relation claim and, for whoever says "I", its mirrored trait; both carry the
        clause as evidence."""
        predicate = predicate or pattern.predicate
        trait = pattern.trait if trait is False else trait
        if predicate == "HAS_PET" and not negated and pattern.after is not None:
            # "We adopted a dog! His name is Pepper": the name replaces the kind the sentence before gave
            self.out.fact_claims = [c for c in self.out.fact_claims if not (
                c.event_id == state.event.event_id and c.subject == subject and c.predicate == "HAS_PET" and
                not c.negated and EN_PET_KIND.fullmatch(c.object))]
        claimed.add((predicate, obj))
        evidence = sentence.text.strip()
        claim_hint = pattern.time_hint or hint
        self.out.fact_claims.append(FactClaim(
            subject=subject, predicate=predicate, object=obj,
            evidence_text=evidence, event_id=state.event.event_id, kind="relation",
            subject_type=subject_type, object_type=obj_type, negated=negated,
            confidence=CONF_EXPLICIT if pattern.directness == "explicit" else CONF_IMPLIED,
            directness=pattern.directness, time_hint=claim_hint))
        if trait and is_self and pattern.time_hint is None:
            self.out.fact_claims.append(FactClaim(
                subject=subject, predicate=predicate, object=obj,
                evidence_text=evidence, event_id=state.event.event_id, kind="trait",
                object_type=obj_type, trait=trait, value=obj,
                negated=negated or predicate == "DISLIKES",
                confidence=CONF_EXPLICIT, directness=pattern.directness, time_hint=claim_hint))

    def _object_verdict(self, state: _EventState, sentence: _Sentence, pattern: StatementPattern,
                        entity: ExtractedEntity, origin: str, negated: bool) -> str | None:
        """The object's type in this claim, or None when the claim must not be made (policy in
        ``object_policy``)."""
        if pattern.fixed_object:
            return entity.entity_type
        if pattern.verb_types and entity.mention[:1].isupper() and " " not in entity.mention:
            return pattern.object_type  # "we had to put Duke down": only a pet is put down
        if pattern.predicate in ("USES", "BOUGHT") and (entity.name.split() or [""])[0] in DIETS:
            return None  # "switched to a vegan diet": a diet, told by the diet patterns
        if origin != "catalog" and generic(entity.name):
            return None
        if pattern.known_object and origin not in ("catalog", "known"):
            return None
        zh = pattern.lang == "zh"
        namelike = zh_namelike(entity.mention) if zh else False
        if pattern.named_only and origin == "phrase" and not (namelike if zh else entity.mention[:1].isupper()):
            return None
        if not zh and pattern.predicate in ("LIVES_IN", "MOVED_TO") and entity.name in LIVED_CONDITIONS and \
                not entity.mention[:1].isupper():
            return None  # "I've lived in hope / fear for years": a way of living, no place
        if not zh and entity.name in EN_PRONOUN_WORDS or zh and (entity.name in _ZH_PERSONAL_PRONOUNS or
                                                                   _ZH_SOMEONES_PLACE.fullmatch(entity.name)):
            return None  # "She left me her number", 从我们合租的房子搬出来: a pronoun is nobody's name
        if not zh and SLOT_TYPES.get(pattern.predicate) == "person" and origin in ("phrase", "lexicon") and \
                not entity.mention[:1].isupper():
            return None  # "I'm seeing more sales": one dates or marries someone named, never a lowercase phrase
        if pattern.predicate == "DRIVES" and pattern.negated and entity.entity_type in _OWNABLE - {"vehicle"} \
                and origin in ("lexicon", "catalog", "known", "hint", "name"):
            return entity.entity_type  # "I sold my old iPad": a SOLD of a thing, not a car's end
        shaped = pattern.predicate == "HAS_CONDITION" and is_condition(entity.name)  # 腰间盘突出: typed by its shape
        # 洛阳 out of 洛阳人 (one nr token to jieba): a place name by its own tag
        shaped = shaped or zh and pattern.object_type == "place" and entity.entity_type == "place" and \
            zh_place_word(entity.name)
        # 把金毛送给了朋友: a species or breed word is an animal by the species list alone
        shaped = shaped or pattern.object_type == "animal" and is_species(entity.name)
        # 我的Subaru Forester撞报废了: a make with its model (or a listed model) is a vehicle by its shape
        shaped = shaped or pattern.object_type == "vehicle" and is_vehicle_name(entity.name)
        if pattern.typed_only and not shaped and (origin not in ("lexicon", "catalog", "known", "hint", "name") or
                                   entity.entity_type != pattern.object_type and not (
                                       pattern.object_type == "vehicle" and is_vehicle_word(entity.name))):
            return None
        if not zh and SLOT_TYPES.get(pattern.predicate) == "organization" and origin == "lexicon" and \
                entity.entity_type in _THINGS and not entity.mention[:1].isupper():
            return None  # "I left my phone at home": a lowercase thing is no employer or school
        if not zh and SLOT_TYPES.get(pattern.predicate) == "organization" and \
                (at := _find_ci(sentence.text, entity.mention)) >= 0 and (
                    _MEMBERSHIP_NEXT.match(sentence.text, at + len(entity.mention)) or
                    _NOUN_PHRASE_START.search(sentence.text[:at]) and
                    _MEMBERSHIP_NEAR.match(sentence.text, at + len(entity.mention))):
            return None  # "joined a chess club", "the Pfizer running team": what the name modifies is joined
        if pattern.negated and pattern.trait and \
                not end_names_value(origin, entity.mention, namelike, pattern.predicate):
            return None
        if not zh and origin == "phrase" and not entity.mention[:1].isupper() and (
                pattern.predicate == "USES" or
                pattern.predicate == "DRIVES" and not pattern.negated and not is_vehicle_word(entity.name)):
            return None  # "I use my influence", "riding the waves": an untyped lowercase phrase is no tool or car
        if pattern.predicate in ("BOUGHT", "OWNS") and entity.entity_type in ("activity", "topic") and \
                origin != "catalog":
            return None  # "got some hiking stuff", "picked up new skills": no thing bought is named
        return slot_type(pattern.predicate, entity.entity_type, entity.name, origin)

    def _live_value(self, subject: str, trait: str, event_id: str,
                    same_event: bool = False, predicate: str | None = None) -> tuple[str, str] | None:
        """The newest of :meth:`_live_values`: what a pronoun end or "we got married" refers to."""
        live = self._live_values(subject, trait, event_id, same_event, predicate)
        return live[-1] if live else None

    def _value_ahead(self, subject: str, trait: str, event_id: str) -> tuple[str, str] | None:
        """The newest start of ``trait`` told ahead of its date and not reached by this event:
        a scheduled claim earlier in the batch, or a store value whose start lies after it."""
        at = self.event_times.get(event_id, 0.0)
        ahead: tuple[str, str] | None = None
        if subject == USER_SUBJECT:
            for t in self.live_traits:
                if t.trait == trait and at and t.since > at:
                    ahead = (t.value, t.entity_type)
        for c in self.out.fact_claims:
            if c.subject == subject and c.kind == "trait" and c.trait == trait and c.event_id != event_id:
                if c.negated and ahead is not None and (c.value or c.object) == ahead[0]:
                    ahead = None
                elif not c.negated and scheduled_expression(c.time_hint) is not None:
                    ahead = (c.value or c.object, c.object_type or "other")
        return ahead

    def _live_values(self, subject: str, trait: str, event_id: str,
                     same_event: bool = False, predicate: str | None = None) -> list[tuple[str, str]]:
        """(value, type) of every value of ``trait`` an earlier item of this batch set for ``subject`` and no
        later item ended, oldest first; ``same_event``: a
        value an earlier clause of this event set instead. Before the batch come the user's
        live values in the store (told before this event), so an end told months after the
        value, in another batch, still names it. ``predicate``: a relative has no
        traits, so their relation claims of that predicate stand for them."""
        live: dict[str, tuple[str, str]] = {}
        if not same_event and subject == USER_SUBJECT:
            at = self.event_times.get(event_id, 0.0)
            for t in self.live_traits:
                if t.trait == trait and (not at or t.since < at):
                    live[t.value] = (t.value, t.entity_type)
        for c in self.out.fact_claims:
            if c.subject != subject or (c.event_id == event_id) != same_event:
                continue
            if scheduled_expression(c.time_hint) is not None:
                continue  # 本科毕业了，秋天去哥大读研: a start still ahead is not what an end ends
            if c.kind == "trait" and c.trait == trait:
                value = c.value or ""
            elif predicate is not None and c.kind == "relation" and c.predicate == predicate:
                value = c.object
            else:
                continue
            if c.negated:
                live.pop(value, None)
            else:
                live[value] = (value, c.object_type or "other")
        return list(live.values())

    def _last_live_state(self, subject: str, event_id: str) -> tuple[str, str, str, str] | None:
        """(value, type, predicate, trait) of the state the batch's previous event set for
        ``subject`` and nothing ended since: what a bare "not anymore" answers. Only the
        event right before counts — farther back, the ellipsis has no clear antecedent."""
        seen = list(self.event_times)
        at = seen.index(event_id) if event_id in self.event_times else 0
        if at == 0:
            return None
        last_event = seen[at - 1]
        found = None
        for c in self.out.fact_claims:
            if c.kind == "trait" and c.subject == subject and c.event_id == last_event and \
                    c.predicate in _STATE_PREDICATES and c.time_hint != "past":
                found = None if c.negated else (c.value or "", c.object_type or "other", c.predicate, c.trait or "")
        return found

    @staticmethod
    def _zh_other_subject(sentence: _Sentence, verb_at: int, mentions: list[Mention],
                          own: tuple[int, int] = (0, 0)) -> bool:
        """Whether someone else is the subject of a subjectless Chinese clause: a third-person word
        or a person before the verb — except a companion the speaker went with (周末和老公去了趟
        千岛湖: the user went, with 老公), which opens the clause after time words only."""
        prefix = sentence.text[:verb_at]
        companion = _ZH_COMPANION.match(prefix)
        skip = companion.span("who") if companion else (0, 0)
        # the companion and the clause's own object (a pet told by 她 before its verb) are no subject
        rest = "".join(ch for i, ch in enumerate(prefix) if not (skip[0] <= i < skip[1] or own[0] <= i < own[1]))
        if _ZH_THIRD_PERSON.search(rest):
            return True
        # a person after 和 / 跟 / 把 … is whom something was done with or to (我跟阿伦分了，现在和
        # 小敏在一起: 阿伦 is no subject of the second part)
        return any(m.entity_type == "person" and sentence.start <= m.start and m.end <= sentence.start + verb_at
                   and not any(a <= m.start - sentence.start and m.end - sentence.start <= b for a, b in (skip, own))
                   and not _ZH_OBJECT_PREP.search(sentence.text[:m.start - sentence.start])
                   for m in mentions)

    @staticmethod
    def _zh_continued_relative(match: re.Match[str], event: ExtractionInput, original: str) -> str | None:
        """The relative whose clause a later subjectless comma part continues (主语省略): in
        我姐是护士，在协和医院上班 the workplace is 姐姐's. Only a relative opening the user's own
        line, with a comma between it and the verb."""
        if event.speaker:
            return None
        lead = _ZH_LEAD_RELATIVE.match(original)
        if lead is None or not re.search(r"[，,]", original[lead.end():match.start("verb")]):
            return None
        named = re.match(r"(?:叫做|名叫|叫)(?P<name>[\u4e00-\u9fff]{2,3}?)(?=[，,])", original[lead.end():])
        if named:
            return named.group("name")  # 我女朋友叫琪琪，在星巴克上班: 琪琪 works there
        # 我哥们阿凯把帕萨特卖了，换了辆理想L7: the one named after the kin word
        after = re.match(r"(?P<name>[\u4e00-\u9fff]{2,3}?)(?=[在从去是也刚都已还又就才把被]|最近|去年|上个?月)", original[lead.end():])
        person = _zh_person(original, after.group("name"), after_kin=True) if after else None
        if person is not None:
            return person
        rel = lead.group("rel")
        return ZH_KIN_FULL_NAME.get(rel, rel)

    @staticmethod
    def _zh_lead_relative(pattern: StatementPattern, match: re.Match[str], event: ExtractionInput,
                          original: str) -> str | None:
        """The relative a subjectless Chinese end clause continues (主语省略): in
        我爸在一汽干了三十年，去年退休了 the second clause's subject is the first one's, 爸爸. Only
        for an end of the value the same sentence set (``@`` fixed objects), and only in the
        user's own line."""
        if pattern.lang != "zh" or match.group("subj") or event.speaker or \
                not (pattern.negated and (pattern.fixed_object or "").startswith("@")):
            return None
        lead = _ZH_LEAD_RELATIVE.match(original)
        if lead is None or lead.end() > match.start("verb"):
            return None
        rel = lead.group("rel")
        return ZH_KIN_FULL_NAME.get(rel, rel)

    def _drop_species(self, state: _EventState, sentence: _Sentence, match: re.Match[str],
                      pet: ExtractedEntity) -> None:
        """A species word (or a tagger's guess on a breed: 柯基 as a name) beside a pet's name is
        no entity of its own."""
        lo, hi = sentence.start + match.start(), sentence.start + match.end()
        for pos, e in list(state.positions):
            if e is pet or not lo <= pos < hi:
                continue
            kind = match.groupdict().get("kind") or ""
            if is_species(e.name) and pet.entity_type == "animal" or \
                    kind and e.name != pet.name and (e.name in kind.lower() or kind.lower() in e.name):
                state.discard(e.name, e.entity_type)

    def _role_partner(self, state: _EventState, mentions: list[Mention], sentence: _Sentence, zh: bool,
                      hint: str | None, claimed: set[tuple[str, str]]) -> None:
        """"my wife Anna" / 我女朋友小雨: the role word before a name states the relationship."""
        who, who_type = self._self_subject(state.event)
        for m in mentions:
            if m.entity_type != "person" or m.source not in ("name", "catalog") or m.start < sentence.start or \
                    m.end > sentence.start + len(sentence.text):
                continue
            local = m.start - sentence.start
            lead = sentence.text[max(0, local - 14):local]
            rx = _ZH_ROLE_BEFORE if zh else _EN_ROLE_BEFORE
            found = rx.search(lead)
            if found is None:
                continue
            predicate, trait = _ROLE_FAMILY[found.group("role").lower()]
            if (predicate, m.name) in claimed:
                continue
            # "since my husband Alan died", 我老公老李前年走了: the partner's death ends the tie
            after = sentence.text[m.end - sentence.start:]
            died = bool((_ZH_PARTNER_DIED if zh else _EN_PARTNER_DIED).match(after))
            # "My wife Anna and I got divorced", 我老婆小丽跟我离婚了: the tie ends, told after the name
            died = died or bool((_ZH_PARTNER_ENDED if zh else _EN_PARTNER_ENDED).match(after))
            pattern = StatementPattern("role_partner", "zh" if zh else "en", rx, predicate, "person",
                                       negated=died, trait=trait, coordinated=False)
            self._emit(state, sentence, pattern, who, who_type, m.name, "person", died, True, hint, claimed)

    def _possessive_pets(self, state: _EventState, sentence: _Sentence, hint: str | None,
                         claimed: set[tuple[str, str]]) -> None:
        """"our golden retriever Max", 我家的猫咪年糕: the possessive states the pet (implied
        HAS_PET) unless a pattern of the clause already said more (an end, a start)."""
        from .names import pet_name_spans
        from .pet_names import owner_of

        who, who_type = self._self_subject(state.event)
        ended = bool(_PET_END_CUE.search(sentence.text.lower()))
        for start, end, name, (s0, _) in pet_name_spans(sentence.text):
            owner = owner_of(sentence.text, s0, who)
            if not owner or owner != who and state.event.speaker:
                continue  # someone else's pet, nobody's said, or a speaker's relative's: no claim
            pet = normalize_name(name)
            if any(p == "HAS_PET" and o == pet for p, o in claimed) or (pet, "animal") not in state.entities:
                continue
            is_self = owner == who
            if not is_self and (owner, "person") not in state.entities:
                continue  # the owner must be a person of this line (my neighbor, 我朋友)
            if ended and (is_self or not _EN_PET_DIED_AFTER.match(sentence.text[end:])):
                continue  # an end the patterns did not read is no start either
            pattern = StatementPattern("possessive_pet", "zh" if is_cjk(name) else "en", _EN_ROLE_BEFORE,
                                       "HAS_PET", "animal", trait="pet", directness="implied", coordinated=False)
            # "my neighbor's dog Zeus died": the circle person's pet ends (the relation alone)
            self._emit(state, sentence, pattern, owner if not is_self else who, who_type if is_self else "person",
                       pet, "animal", ended, is_self, hint, claimed)

    def _object_entity(self, state: _EventState, mentions: list[Mention], sentence: _Sentence,
                       cleaned: str, pattern: StatementPattern, obj_offset: int | None,
                       match: re.Match[str]) -> tuple[ExtractedEntity, str] | None:
        """The entity the object phrase names and where the name came from (``catalog``,
        ``hint``, ``known``, ``name``, ``lexicon``, ``phrase``)."""
        pronouns = PRONOUNS_ZH if pattern.lang == "zh" else PRONOUNS_EN
        if pattern.fixed_object:
            return state.add(cleaned, pattern.object_type, cleaned, CONF_EXPLICIT, None,
                             sentence.start + match.start("verb")), "catalog"
        if pattern.lang == "en" and cleaned.split()[0] in pronouns:
            cleaned = cleaned.split()[0]  # "it almost every day": the object is "it"
        elif pattern.lang == "en" and cleaned.split()[0] == "there" and pattern.predicate in _THERE_PREDICATES:
            # "bought a house in Seattle and moved there": the place named before it
            ref = self._coreference(state, "there", pattern.predicate, sentence.start + match.start("obj"))
            return (ref, "known") if ref is not None else None
        if pattern.lang == "zh":
            cleaned = _zh_pronoun_head(cleaned) or cleaned  # 用它拍照: the thing used is 它, the rest says what for
            if cleaned.removesuffix("的") in _ZH_THERE and pattern.predicate in _ZH_THERE_PREDICATES:
                # 从那儿离职, 我挺喜欢那边的: the place or employer the batch named before
                ref = self._coreference(state, cleaned, pattern.predicate, sentence.start + match.start("obj"))
                return (ref, "known") if ref is not None else None
        if pattern.lang == "zh" and cleaned in _ZH_PET_PRONOUNS and pattern.object_type == "animal":
            ref = self._known_as(cleaned, "animal")  # 她今天早上走了: the pet named before, no new entity
            self.out.resolved_refs.append(ResolvedRef(cleaned, state.event.event_id, ref.name if ref else None,
                                                      "resolved" if ref else "unresolved"))
            return (ref, "known") if ref is not None else None
        if cleaned in _PERSON_PRONOUNS and pattern.object_type == "person":
            # 我跟她在一起了, "I married him": the person the batch named before, or no claim
            ref = self._person_coreference(state, cleaned, sentence.start + match.start("obj"))
            return (ref, "known") if ref is not None else None
        if cleaned in pronouns:
            pos = sentence.start + match.start("obj") if pattern.lang == "zh" else \
                sentence.start + _find_ci(sentence.text, cleaned, default=0)
            ref = self._coreference(state, cleaned, pattern.predicate, pos)
            return (ref, "known") if ref is not None else None
        # where the object sits in the content
        if pattern.lang == "zh":
            local = sentence.text.find(cleaned, match.start("obj"))
        else:
            verb = match.groupdict().get("verb") or ""
            local = _find_ci(sentence.text, cleaned, start=_find_ci(sentence.text, verb[:3], default=0))
            if local < 0:
                local = _find_ci(sentence.text, cleaned)
        start = sentence.start + local if local >= 0 else -1
        end = start + len(cleaned) if start >= 0 else -1
        overlapping = [m for m in mentions if start >= 0 and m.start >= 0
                       and m.start < end and start < m.end]
        strong = [m for m in overlapping if m.source in ("catalog", "hint")]
        if strong:
            best = max(strong, key=lambda m: m.end - m.start)
            if pattern.lang == "en" and best.end >= 0 and is_modifier_of(state.event.content[best.end:]):
                return None  # a known name before "activist group" / "rights" still only modifies it
            return state.add_mention(best), best.source
        surface = sentence.text[local:local + len(cleaned)] if local >= 0 else cleaned
        known = self._known_as(cleaned, pattern.object_type) if pattern.known_object or \
            pattern.predicate == "HAS_PET" else None
        if known is not None:
            return state.add(known.name, known.entity_type, surface, known.confidence, known.resolved_id,
                             start), "known"
        if pattern.predicate == "HAS_CONDITION" and pattern.lang == "zh" and start >= 0 and is_condition(cleaned) and \
                not any(m.start <= start and m.end >= end for m in overlapping) and \
                not any(is_condition(m.name) and not m.name.endswith(cleaned[-2:]) or
                        is_condition(m.name) and len(m.name) > 2 for m in overlapping):
            # 猫毛过敏, 乳腺结节: the condition is the whole phrase, not the animal or organ in it
            for m in overlapping:
                state.discard(m.name, m.entity_type)
            return state.add(normalize_name(surface), "topic", surface, 0.6, None, start), "lexicon"
        names = [m for m in overlapping if m.source == "name" and m.start <= start + 1]
        lex = [m for m in overlapping if m.source == "lexicon"]
        if names and pattern.lang == "en":
            best = max(names, key=lambda m: m.end - m.start)
            tail = state.event.content[best.end:end].strip().lower().split()
            if tail and not any(m.start >= best.end for m in lex) and best.entity_type not in ("device", "appliance"):
                names = []  # "a LGBTQ support group": the name only modifies a noun phrase (a brand
                # joined to its head, "Garmin watch tracks my runs", is the thing, the rest its verb)
        if names:
            best = max(names, key=lambda m: m.end - m.start)
            head = [m for m in lex if m.start >= best.end and m.start - best.end <= 1 and m.end <= end]
            if head and pattern.lang == "en":
                # "Garmin watch": the brand's head noun is part of the name
                h = max(head, key=lambda m: m.end)
                state.discard(h.name, h.entity_type)
                state.discard(best.name, best.entity_type)
                text = state.event.content[best.start:h.end]
                return state.add(normalize_name(text), h.entity_type, text, 0.6, None, best.start), "name"
            return state.add_mention(best), "context" if best.weak else "name"
        if lex:
            head = max(lex, key=lambda m: m.end)
            if head.end == end and _short(cleaned) and head.start > start:
                # "Philips air fryer": the brand phrase is the entity, typed by its head noun
                state.discard(head.name, head.entity_type)
                name, etype = normalize_name(surface), head.entity_type
                if pattern.lang == "zh" and _ZH_MAKING_VERB.match(cleaned):
                    etype = "activity"  # 做面包, 养花: making or keeping the thing is the pastime
                return state.add(name, etype, surface, head.confidence, None, start), "lexicon"
            return state.add_mention(head), "lexicon"
        if pattern.lang == "en" and surface[:1].isupper():
            # a capitalised phrase no list typed: the name is its capitalised run
            run = re.match(r"(?:(?:St|Mt|Ft)\. )?[A-Z][\w'&\-]*(?: (?:of |& )?[A-Z0-9][\w'&\-]*)*", surface)
            if run and run.group(0).lower() in _DEMONYMS and re.fullmatch(r" [a-z]+(?: [a-z]+)?", surface[run.end():]):
                # "Korean dramas", "Italian food": the kind is the whole phrase, not the nation
                word = run.group(0).lower()
                for etype in [t for n, t in state.entities if n == word]:
                    state.discard(word, etype)
                run = None
            if run and run.group(0) != surface:
                if is_modifier_of(surface[run.end():]):
                    return None  # "a LGBTQ support group": the name says what kind of group, not where
                surface = run.group(0)
                cleaned = surface.lower()
        if not _plausible_name(cleaned):
            return None
        if pattern.lang == "zh" and pattern.object_type in ("place", "organization") and zh_verb_word(cleaned):
            return None  # 去复查, 去拔牙: what one went to do, no place a list or the lexicon knows
        etype = lexicon_type(cleaned) or list_type(cleaned) or pattern.object_type
        if pattern.lang == "zh" and pattern.object_type == "topic" and _ZH_MAKING_VERB.match(cleaned):
            etype = "activity"
        return state.add(normalize_name(surface), etype, surface, 0.55, None, start), "phrase"

    def _corrections(self, state: _EventState) -> None:
        """"Sorry, I meant Dallas, not Austin", 不对，是泉州，不是厦门, "I study at Concordia, not
        McGill": a value denied right after another of its type — the teller's statement of the
        batch that named either is re-told with the right one, and the denied one is ended."""
        event = state.event
        zh = is_cjk(event.content)
        me = self._self_subject(event)[0]
        names = {n: e for (n, _t), e in state.entities.items()}
        text = event.content if zh else event.content.lower()
        for m, old, new in self._corrected_pairs(state, text, zh, names):
            wanted = {old.name} | ({new.name} if new is not None else set())
            base = next((c for c in reversed(self.out.fact_claims) if c.kind == "relation" and not c.negated and
                         c.subject == me and c.object in wanted and c.predicate in _CORRECTED_PREDICATES), None)
            if base is None:
                continue
            right = new.name if new is not None else (base.object if base.object != old.name else None)
            if right is None:
                continue
            trait = _CORRECTED_PREDICATES[base.predicate]
            right_type = new.entity_type if new is not None else (base.object_type or old.entity_type)
            start = max(text.rfind(t, 0, m.start()) for t in ".!?。！？") + 1
            ends = [i for i in (text.find(t, m.end()) for t in ".!?。！？") if i >= 0]
            evidence = event.content[start:min(ends) + 1 if ends else len(text)].strip()
            self.out.fact_claims = [c for c in self.out.fact_claims if not (
                c.subject == me and c.predicate == base.predicate and c.object == old.name and not c.negated)]
            have = {(c.predicate, c.object, c.kind, c.negated) for c in self.out.fact_claims if c.subject == me}
            for obj, obj_type, negated in ((right, right_type, False), (old.name, old.entity_type, True)):
                for kind in ("relation", "trait") if trait else ("relation",):
                    if (base.predicate, obj, kind, negated) in have:
                        continue
                    self.out.fact_claims.append(FactClaim(
                        subject=me, predicate=base.predicate, object=obj, evidence_text=evidence,
                        event_id=event.event_id, kind=kind, object_type=obj_type,
                        trait=trait if kind == "trait" else None, value=obj if kind == "trait" else None,
                        negated=negated, confidence=CONF_EXPLICIT, directness="explicit"))

    @staticmethod
    def _corrected_pairs(state: _EventState, text: str, zh: bool,
                         names: dict[str, ExtractedEntity]) -> list[tuple[re.Match[str], ExtractedEntity, ExtractedEntity | None]]:
        """(match, denied value, right value or None) of each correction in ``text``: "…, not X"
        (the right one the nearest of its type before), and a spoken self-correction "X no sorry
        Y" / "X wait no Y" (the right one right after the cue)."""
        out = []
        for m in _CORRECTION[zh].finditer(text):
            old = names.get(normalize_name(m.group("old")))
            if old is None:
                continue
            before = [(p, e) for p, e in state.positions if p < m.start() and e.entity_type == old.entity_type
                      and e.name != old.name and text.rfind("。" if zh else ".", 0, m.start()) < p]
            out.append((m, old, max(before, key=lambda pe: pe[0])[1] if before else None))
        if not zh:
            for m in _SELF_CORRECTION_EN.finditer(text):
                old = next((e for p, e in state.positions if p >= 0 and abs(p + len(e.mention) - m.start()) <= 1), None)
                new = next((e for p, e in state.positions if abs(p - m.end()) <= 1), None)
                run = _NAME_RUN.match(state.event.content, m.end())
                if old is not None and new is None and run is not None and len(run.group(0)) > 1 and \
                        run.group(0).lower() not in EN_PRONOUN_WORDS and _SURE_CUE.search(m.group(0)):
                    # the right value is a name no list types: it takes the denied one's type
                    new = state.add(normalize_name(run.group(0)), old.entity_type, run.group(0), 0.6, None, m.end())
                if old is not None and new is not None and old.entity_type == new.entity_type and old.name != new.name:
                    out.append((m, old, new))
        return out

    def _person_coreference(self, state: _EventState, pronoun: str, position: int) -> ExtractedEntity | None:
        """The nearest person named before ``position`` in the batch — not a tie word (妈妈,
        "boss") and not the line's speaker — for 他/她/him/her as the partner of a verb."""
        earlier_here = [e for p, e in sorted(state.positions, key=lambda p: p[0]) if p < position]
        for entity in reversed([*self.history, *earlier_here]):
            if entity.entity_type == "person" and not is_tie(entity.name) and \
                    entity.name not in ZH_KIN_FULL_NAME.values() and entity.name != (state.event.speaker or ""):
                self.out.resolved_refs.append(ResolvedRef(pronoun, state.event.event_id, entity.name, "resolved"))
                return entity
        self.out.resolved_refs.append(ResolvedRef(pronoun, state.event.event_id, None, "unresolved"))
        return None

    def _coreference(self, state: _EventState, pronoun: str, predicate: str,
                     position: int) -> ExtractedEntity | None:
        allowed = PRONOUN_TYPES.get(predicate)
        earlier_here = [e for p, e in sorted(state.positions, key=lambda p: p[0]) if p < position]
        kind: ExtractedEntity | None = None
        for entity in reversed([*self.history, *earlier_here]):
            if entity.entity_type in ("person", "creator"):
                continue  # "it" / 它 / 那个 never stands for a person ("I love it" is no one)
            if pronoun.lower() in ("them", "they", "these", "those") and entity.entity_type in ("place", "organization"):
                continue  # "I love having them around" (the turtles): a city or a company is no "them"
            if allowed is None or entity.entity_type in allowed:
                if entity.name in _KIND_WORDS:
                    kind = kind or entity  # "my dad's old Corolla … solid car": "it" is the Corolla
                    continue
                self.out.resolved_refs.append(ResolvedRef(pronoun, state.event.event_id,
                                                          entity.name, "resolved"))
                return entity
        if kind is not None:
            self.out.resolved_refs.append(ResolvedRef(pronoun, state.event.event_id, kind.name, "resolved"))
            return kind
        self.out.resolved_refs.append(ResolvedRef(pronoun, state.event.event_id, None,
                                                  "unresolved"))
        return None

    def _new_thing(self, state: _EventState, mentions: list[Mention], sentence: _Sentence,
                   zh: bool, hint: str | None, claimed: set[tuple[str, str]], *,
                   presupposed_only: bool = False) -> None:
        """"my new X" / 新的X → OWNS, implied. ``presupposed_only`` (a wish or plan clause): in
        Chinese only where possession is presupposed (用新的高压锅, not 想买新的手机); English
        "my/our new X" always presupposes it."""
        regex = NEW_THING_ZH if zh else NEW_THING_EN
        text = sentence.text if zh else normalize_en(sentence.text)
        for match in regex.finditer(text):
            if zh and _ZH_THIRD_PERSON.search(sentence.text[max(0, match.start() - 4):match.start()]):
                continue
            if zh and presupposed_only and \
                    not ZH_PRESUPPOSED_NEW.search(sentence.text[:match.start("obj")]):
                continue
            phrase = match.group("obj")
            cleaned = clean_zh_object(phrase) if zh else clean_en_object(phrase)
            if not cleaned:
                continue
            words = cleaned.split()
            if not zh and (is_tie(words[0]) or is_tie(words[0].removesuffix("s")) or words[-1] in _EN_NEVER_OWNED):
                continue  # "my new neighbor Anna", "my new colleagues", "my new endeavor": nobody owns them
            pattern = StatementPattern("new_thing", "zh" if zh else "en", regex, "OWNS", "product",
                                       directness="implied")
            if zh:
                entity = self._zh_new_entity(state, mentions, sentence, match, cleaned)
            else:
                found = self._object_entity(state, mentions, sentence, cleaned, pattern, None, match)
                entity = found[0] if found else None
            if entity is not None and generic(entity.name):
                state.discard(entity.name, entity.entity_type)
                continue
            if entity is not None and entity.entity_type != "animal" and is_species(entity.name):
                state.discard(entity.name, entity.entity_type)  # "our new corgi" is a pet, not a product
                entity = state.add(entity.name, "animal", entity.mention, entity.confidence, entity.resolved_id, -1)
            if entity is not None and entity.entity_type == "animal":
                # "our new puppy": a pet, not a possession - unless the clause already named it
                if not any(p == "HAS_PET" for p, _ in claimed):
                    pet = StatementPattern("new_pet", "zh" if zh else "en", regex, "HAS_PET", "animal", trait="pet",
                                           directness="implied", coordinated=False)
                    who, who_type = self._self_subject(state.event)
                    self._emit(state, sentence, pet, who, who_type, entity.name, "animal", False, True, hint, claimed)
                elif not any(o == entity.name for p, o in claimed if p == "HAS_PET"):
                    state.discard(entity.name, entity.entity_type)
                continue
            if entity is None or entity.entity_type not in _OWNABLE:
                continue
            if any((p, entity.name) in claimed for p in ("BOUGHT", "OWNS", "DRIVES", "HAS_PET", "SOLD")):
                continue
            if any(p == "HAS_PET" and o in entity.name.split() for p, o in claimed):
                state.discard(entity.name, entity.entity_type)
                continue  # "our new beagle Pickle": the pet the clause named, no "beagle pickle" owned
            claimed.add(("OWNS", entity.name))
            who, who_type = self._self_subject(state.event)
            self.out.fact_claims.append(FactClaim(
                subject=who, predicate="OWNS", object=entity.name, subject_type=who_type,
                evidence_text=sentence.text.strip(), event_id=state.event.event_id,
                object_type=entity.entity_type, confidence=CONF_IMPLIED, directness="implied",
                time_hint=hint))

    def _zh_new_entity(self, state: _EventState, mentions: list[Mention], sentence: _Sentence,
                       match: re.Match[str], cleaned: str) -> ExtractedEntity | None:
        start = sentence.start + match.start("obj")
        for m in mentions:
            if m.start >= 0 and start <= m.start < start + 3:
                return state.add_mention(m)
        etype = lexicon_type(cleaned)
        if etype is None or not _plausible_name(cleaned):
            return None
        return state.add(cleaned, etype, cleaned, 0.55, None, start)

    def _states(self, state: _EventState, sentence: _Sentence, zh: bool) -> None:
        text = sentence.text if zh else normalize_en(sentence.text)
        seen: set[str] = set()
        for sp in STATE_PATTERNS:
            if (sp.lang == "zh") != zh or sp.trait in seen:
                continue
            match = sp.regex.search(text)
            if match is None:
                continue
            prefix = text[:match.start()]
            if zh:
                # within the feeling's own comma part: 陪我妈做手术，整个人累瘫了 is the speaker's
                window_at = max(0, len(prefix) - 6, len(prefix) - len(_zh_own_part(prefix)))
                other = _ZH_THIRD_PERSON.search(prefix, window_at)
                if other is not None and prefix[max(0, other.start() - 1):other.start()] in ("被", "让", "给"):
                    other = None  # 被领导表扬了，开心: the boss is who praised, the feeling is the speaker's
                if other is not None or _ZH_GENERIC_FEELER.search(_zh_own_part(prefix)):
                    continue
            elif _EN_THIRD_PERSON.search(_en_feeling_clause(prefix, match.group(0))) or _EN_HABITUAL_WHEN.search(prefix):
                continue
            elif sp.key == "en_stress_noun" and _EN_SECOND_PERSON.search(text):
                continue  # "don't put too much pressure on yourself": the listener's, told as advice
            value = sp.value or (sp.words or {}).get(match.group("word"), match.group("word"))
            seen.add(sp.trait)
            negated = bool(match.groupdict().get("neg"))
            values = [value]
            if sp.words is EMOTION_WORDS_EN and not negated:
                # "lonely and kind of sad", "exhausted, and kind of nervous": each feeling named
                values += [sp.words[w] for w in _coordinated_feelings(text, match.end("word"))
                           if sp.words[w] not in values]
            who, who_type = self._self_subject(state.event)
            for value in values:
                self.out.fact_claims.append(FactClaim(
                    subject=who, subject_type=who_type, predicate="FEELS", object=value,
                    evidence_text=sentence.text.strip(), event_id=state.event.event_id, kind="trait",
                    trait=sp.trait, value=value, negated=negated, confidence=CONF_STATE,
                    directness="explicit", time_hint=time_hint(sentence.text)))


def _en_feeling_clause(prefix: str, matched: str) -> str:
    """The part of ``prefix`` whose subject a feeling shares: all of it, or, when the feeling has
    its own "I" ("She passed away on Sunday and I'm so sad"), the part after the last clause join."""
    if not matched.lstrip().startswith("i "):
        return prefix
    cut = max(prefix.rfind(" and "), prefix.rfind(","), prefix.rfind(";"), prefix.rfind(" but "), prefix.rfind(" so "))
    return prefix[cut:] if cut >= 0 else prefix


#: what joins a second feeling to the first ("lonely and kind of sad", "tired, a bit nervous"), and
#: the feeling word after it, longest first
_EN_FEELING_JOIN = re.compile(r"(?:,\s*(?:and\s+)?|\s+and\s+|\s*/\s*)(?:(?:kind of|kinda|sort of|a bit|a little|so|really|"
                              r"super|very|pretty|also|just|honestly|weirdly|oddly)\s+)*(?P<word>"
                              + "|".join(re.escape(w) for w in sorted(EMOTION_WORDS_EN, key=len, reverse=True))
                              + r")(?![^\W\d_])")


def _coordinated_feelings(text: str, at: int) -> list[str]:
    """The feeling words (``EMOTION_WORDS_EN``) joined one after another right after the one
    matched at ``at``."""
    out: list[str] = []
    while (m := _EN_FEELING_JOIN.match(text, at)) is not None:
        out.append(m.group("word"))
        at = m.end("word")
    return out


#: people in general or hearsay before a feeling (都说在深圳上班的人压力都大, 年轻人压力都大): a
#: saying about others, not how the speaker is
_ZH_GENERIC_FEELER = re.compile(r"的人|大家|人们|年轻人|打工人|上班族|很多人|不少人|别人|每个人|谁都|都说|听说|据说")

#: one space between two Chinese characters: a clause break typed as a space
_ZH_SPACE_BREAK = re.compile(r"(?<=[\u4e00-\u9fff])[ \u3000](?=[\u4e00-\u9fff])")

#: a bare verb opening a later part of a coordinated object: the subject's second predicate
_EN_BARE_VERB_START = re.compile(r"(?:then |now |also )?(?:go|goes|walk|walks|take|takes|make|makes|get|gets|try|tries|use|uses|"
                                 r"play|plays|ride|rides|run|runs|hike|hikes|cook|cooks|read|reads|watch|watches|spend|"
                                 r"spends|start|starts|keep|keeps|bring|brings|wear|wears|put|puts|love|loves|hope|hopes|"
                                 r"plan|plans|want|wants|need|needs|head|heads)\b")

#: a noun a liking clause relates to ("Connecting with the things I love makes…", "share
#: something we love"): what follows the verb is the main clause, not what is liked
_EN_RELATIVE_HEAD = re.compile(r"\b(?:things?|something|everything|anything|stuff|whatever|ones?|all)\s+(?:i|we)\s+"
                               r"(?:(?:really|just|both|all|truly|so|also|still)\s+)*$")

#: what "my new X" names without anyone owning it: people of one's life and undertakings
_EN_NEVER_OWNED = frozenset({
    "neighbors", "neighbours", "colleagues", "coworkers", "co-workers", "friends", "roommates", "teammates",
    "classmates", "teacher", "coach", "manager", "team", "baby", "son", "daughter", "endeavor", "endeavour",
    "venture", "journey", "chapter", "routine", "role", "position", "adventure", "goal", "habit", "passion",
    "life", "career", "look", "haircut", "hairstyle", "workout", "diet", "neighborhood", "neighbourhood",
    "town", "city", "area", "place", "apartment", "flat", "house", "home", "job", "boss", "school", "office"})

#: a feeling under "whenever"/"every time" is a habit's condition, not how the speaker is now
#: ("Whenever I'm overwhelmed, I meditate", "my go-to when I'm feeling stressed")
_EN_HABITUAL_WHEN = re.compile(r"\b(?:whenever|every time|each time|any ?time|when)\s*$")
_EN_SECOND_PERSON = re.compile(r"\byou(?:rself|r)?\b")

#: a membership noun right after an employer's or school's name: the name only says which group
_MEMBERSHIP_HEAD = r"(?:" + "|".join(sorted(MEMBERSHIP_HEADS)) + r")\b"
_MEMBERSHIP_NEXT = re.compile(r"\s+" + _MEMBERSHIP_HEAD, re.I)
#: … or a word or two later inside one noun phrase ("the Oracle volleyball league"): only after
#: an article or possessive, so a clause ("after Wayfair cut my team") is not read as one
_MEMBERSHIP_NEAR = re.compile(r"\s+(?:(?!(?:as|a|an|the|in|on|for|to|with|at|and|since|last|this|my|our|their|his|her)\b)"
                              r"[a-z\-]+\s+){1,2}" + _MEMBERSHIP_HEAD, re.I)
_NOUN_PHRASE_START = re.compile(r"\b(?:a|an|the|my|our)\s+$", re.I)

#: kinds of thing a lowercase lexicon word names: never a workplace or a school
_THINGS = frozenset({"device", "appliance", "product", "vehicle", "food", "software", "media"})

#: the state families a negation can end or deny (relation + mirrored trait)
_STATE_PREDICATES = frozenset({"WORKS_AT", "STUDIES_AT", "LIVES_IN", "MOVED_TO", "DRIVES", "HAS_PET",
                               "HAS_CONDITION", "DATING", "MARRIED_TO", "FOLLOWS_DIET"})

#: families whose value must be a particular named thing (an indefinite description names none)
_NAME_SLOTS: dict[str, tuple[str, ...]] = {p: ("organization", "place", "person") for p in (
    "WORKS_AT", "STUDIES_AT", "LIVES_IN", "MOVED_TO", "IS_FROM", "DATING", "MARRIED_TO")}
_EN_INDEFINITE = re.compile(r"\s*(?:a|an|some|another)\s")
#: 一家叫极光的公司, 一只叫旺财的狗: what is called so is the name the slot takes
_ZH_CALLED = re.compile(r"^(?:[\u4e00-\u9fff]{1,6}?(?=一))?(?:一|这|那)?(?:家|所|个|间|只|条|辆|部)?(?:叫做|名叫|叫)(?P<name>[^的，,。！？\s]{2,12}?)(?:的|$)|"
                        # 一家早教机构叫金宝贝: the kind first, then its name
                        r"^(?:一|这|那)(?:家|所|个|间)[^，,。！？\s叫]{1,8}?(?:叫做|名叫|叫)(?P<name2>[^的，,。！？\s]{2,12}?)$")


#: what makes a clause modal by a time to come, not by a guess or a wish (see ``_statements``)
_COMING_TIME = re.compile(r"\b(?:tomorrow|tonight|next (?:week|month|year|monday|tuesday|wednesday|thursday|friday|"
                          r"saturday|sunday|weekend)|this (?:weekend|friday|saturday|sunday)|in (?:a|two|three|\d+) "
                          r"(?:days?|weeks?))\b|明天|后天|下周|下星期|下个月|明年|就要|快要|马上就")


#: English typed-only kinds whose object is typed before its pattern takes the verb (see _typed_object)
_EN_PRECHECKED_TYPES = frozenset({"place", "appliance", "device"})


#: an organisation as the clause's subject, right before the verb ("our office moved to",
#: 我们公司上个月整体搬到, 我们办公室养了只): its move or its animal is not the speaker's
_EN_ORG_NOUNS = (r"office|company|firm|team|hq|headquarters|store|shop|department|dept|lab|startup|business|practice|"
                 r"clinic|employer|church|factory|plant|branch|agency")
_ZH_ORG_NOUNS = r"公司|单位|部门|团队|总部|办公室|工厂|门店|组里|实验室|研究所"
_ORG_SUBJECT = {
    False: re.compile(r"(?<!from )(?<!at )(?<!with )(?<!in )(?<!of )(?<!for )\b(?:our|my|the)\s+(?:new\s+|whole\s+|entire\s+)?"
                      r"(?:" + _EN_ORG_NOUNS + r"|school)\s+(?:(?:just|finally|officially|recently|also|has|had|"
                      r"have|already)\s+)*$"),
    True: re.compile(r"(?:我们|咱们|我的|我)?(?:" + _ZH_ORG_NOUNS + r"|店里)"
                     r"(?:(?:" + ZH_TIME + r"|整体|全部|也|都|已经|终于|刚|又|还)[，,]?)*$"),
}
#: the same anywhere before a frame's name (a frame has no verb span to anchor it)
_ORG_SUBJECT_IN = {
    False: re.compile(r"\b(?:our|my|the)\s+(?:new\s+|whole\s+|entire\s+)?(?:" + _EN_ORG_NOUNS + r")\b"),
    True: re.compile(r"^(?:(?:" + ZH_OPENERS + r")[，,]?)*(?:我们|咱们)?(?:" + _ZH_ORG_NOUNS + r")"),
}
#: a clause whose subject is someone else, before a frame's name
_EN_THIRD_PERSON_LEAD = re.compile(r"^(?:(?:so|and|but|well|yeah|also|then|oh|btw),?\s+)?(?:he|she|they|my (?:" + EN_REL + r")|"
                                   r"(?:his|her|their) [a-z]+)\b")
#: a correction of a value just told: the right one, then the wrong one
#: the denied one ("…, not Austin", "，不是厦门"); the right one is the nearest value of its type before
_CORRECTION = {
    False: re.compile(r"(?<=\w),?\s+not\s+(?P<old>[^,.;!?]{2,40}?)(?=[,.;!?]|$|\s+sorry\b)"),
    True: re.compile(r"[，,]\s*不是(?P<old>[^，,。！？]{2,12}?)(?=[，,。！？]|$)"),
}
#: a self-correction cue that surely names a replacement (not "actually", which also just goes on)
_SURE_CUE = re.compile(r"\b(?:sorry|wait|i mean|i meant|or rather|scratch that)\b")
#: a capitalised name run at a position
_NAME_RUN = re.compile(r"[A-Z][\w&'\-]*(?: (?:of |& )?[A-Z][\w&'\-]*)*")
#: a spoken self-correction between two values ("Portland no sorry Seattle", "TD Bank wait no Scotiabank")
_SELF_CORRECTION_EN = re.compile(r"[ ,]+(?:no[ ,!.]+)?(?:sorry|wait|i mean|i meant|actually|oops|or rather|scratch that)"
                                 r"(?:[ ,!.]+(?:no|sorry|i mean|i meant))*[ ,!.]+")
#: the state families a correction re-tells, with their trait
_CORRECTED_PREDICATES: dict[str, str | None] = {
    "WORKS_AT": "employer", "LIVES_IN": "residence", "MOVED_TO": "residence", "STUDIES_AT": "school",
    "DRIVES": "vehicle", "IS_FROM": "hometown", "DATING": "partner", "MARRIED_TO": "spouse",
    # events and tools have no trait: the relation alone is re-told ("I was in Seoul, not Tokyo")
    "VISITED": None, "USES": None}

#: Chinese personal pronouns: never an object's name
_ZH_PERSONAL_PRONOUNS = frozenset({"我", "你", "您", "他", "她", "我们", "你们", "他们", "她们", "咱们", "大家", "自己"})
#: someone's place told by pronoun (从他那儿搬出来): nobody's named place
_ZH_SOMEONES_PLACE = re.compile(r"(?:他|她|他们|她们|你|你们|我们)(?:那儿|那里|那边|家|这儿|这里)")
#: a person named by a pronoun as the object of a partner verb
_PERSON_PRONOUNS = frozenset({"他", "她", "him", "her"})


def _there_object(pattern: StatementPattern, match: re.Match[str]) -> bool:
    """Whether a pattern's object is "there" / 那边 for a place or workplace the batch named
    before (在那边住了大半年): a typed-only pattern then lets coreference type it."""
    obj = (match.groupdict().get("obj") or "").strip()
    if pattern.lang == "zh":
        return _ZH_THERE_ADV.sub(r"\1", obj).removesuffix("的") in _ZH_THERE and pattern.predicate in _ZH_THERE_PREDICATES
    return obj.lower().split()[:1] == ["there"] and pattern.predicate in _THERE_PREDICATES


def _zh_pronoun_head(cleaned: str) -> str | None:
    """它 / 它们 when a Chinese object is that pronoun, alone or before what it is used for (用它拍照),
    not as a possessive (它的窝); else None. The named-only check and the object reading agree
    through this one test."""
    m = re.match(r"它们?(?=[\u4e00-\u9fff]|$)(?!的)", cleaned)
    return m.group(0) if m else None


#: adjectives of nations and languages: capitalised, but before a noun they name a kind
_DEMONYMS = frozenset("""korean japanese chinese thai vietnamese indian italian french spanish mexican greek
turkish german british american canadian brazilian russian lebanese ethiopian moroccan persian filipino
indonesian malaysian cuban peruvian argentinian irish scottish english""".split())


#: a verb of making or keeping before a thing: together they name an activity (做面包, 养花, 种菜)
_ZH_MAKING_VERB = re.compile(r"^(?:做|养|种|织|烤|画|拍|弹|练|学|编|折|绣|酿)(?=[\u4e00-\u9fff])")


def _with_speakers(event: ExtractionInput, mentions: list[Mention], speakers: list[str]) -> list[Mention]:
    """The batch's speakers named in a line (other than its own "Name: " prefix): person
    mentions, replacing whatever else read the span ("LEO congrats", "aww Priya")."""
    text = event.content
    skip = len(event.speaker) + 1 if event.speaker and text.startswith(event.speaker) else 0
    out = list(mentions)
    for name in speakers:
        for m in re.finditer(r"(?<![\w])" + re.escape(name) + r"(?![\w])", text, re.IGNORECASE):
            if m.start() < skip:
                continue
            out = [x for x in out if not (x.start >= 0 and x.start < m.end() and m.start() < x.end)]
            # named as the speaker field names them, as their own lines add them: lower-cased here,
            # a speaker first named by another ("Hey Jon!") became the entity "jon" beside "Gina"
            out.append(Mention(m.start(), m.end(), m.group(0), name.strip(), "person", "name"))
    return sorted(out, key=lambda x: x.start)


#: a comma part opened by the user (我, not 我们/我妈): 我可坚持不了
_ZH_USER_PART = re.compile(r"^(?:(?:" + ZH_OPENERS + r"|" + ZH_TIME + r")[，,]?)*我(?!们|家|的|(?:" + ZH_REL + r"))")


def _zh_user_retakes(text: str, verb_at: int) -> bool:
    """Whether the user took the subject back after a relative opened the line: in
    我妈吃素吃了二十年，我可坚持不了，最近在搞生酮 the diet of the last part is the user's. The
    nearest comma part (the verb's own, then the ones before) with a subject of its own decides."""
    parts = re.split(r"[，,；;]", text[:verb_at])
    for part in reversed(parts[1:]):  # the verb's own part first (我自己在郑州租房住)
        if _ZH_USER_PART.match(part.strip()):
            return True
        if _ZH_LEAD_RELATIVE.match(part.strip()):
            return False
    return False


def _zh_own_part(prefix: str) -> str:
    """The end of ``prefix`` after its last comma or semicolon: the clause part a Chinese cue
    (a past time, someone else's name) must stand in to bear on what follows."""
    return _SUBCLAUSE_BREAK[True].split(prefix)[-1]


def _en_own_part(text: str, end: int) -> str:
    """The text before ``end`` within its own part of the sentence (after the last dash, comma,
    semicolon or colon): "Adoption's final — Barty is ours" has no one else's subject."""
    head = text[:end]
    cut = max(head.rfind(" — "), head.rfind(" - "), head.rfind(", "), head.rfind("; "), head.rfind(": "))
    return head[cut + 1:] if cut >= 0 else head


def _homes_left(claims: list[FactClaim], first: int) -> None:
    """A home told before a move in the same message is a past home: "我在海口生活了三年，前阵子刚
    搬到三亚", "I've lived in Denver for years, but last month we moved to Austin". Its residence
    trait goes (the relation stays, as for "moved from X to Y"): otherwise the old city and the
    new one would both be current. A move told ahead (a time hint: "moving to Phoenix next
    month") leaves the present home as it is."""
    moved_at: dict[str, tuple[int, str]] = {}
    for i in range(first, len(claims)):
        c = claims[i]
        if c.kind == "trait" and c.predicate == "MOVED_TO" and not c.negated and c.subject not in moved_at \
                and scheduled_expression(c.time_hint) is None:
            moved_at[c.subject] = (i, (c.value or "").lower())
    if not moved_at:
        return
    keep = [c for i, c in enumerate(claims[first:], first)
            if not (c.kind == "trait" and c.predicate == "LIVES_IN" and not c.negated and c.subject in moved_at
                    and i < moved_at[c.subject][0] and (c.value or "").lower() != moved_at[c.subject][1])]
    claims[first:] = keep


#: the traits a chain of values can be told for in one message, and the words that mark its end
#: as the present ("…后来跳到中信证券，现在在恒瑞医药", "…then Columbus, and now I'm in Minneapolis")
_CHAIN_TRAITS = frozenset({"employer", "residence", "school", "vehicle", "diet"})
_NOW_CUE = re.compile(r"现在|目前|如今|眼下|\b(?:now|currently|these days|nowadays)\b", re.I)


def _dated_by_next_sentence(claims: list[FactClaim], first: int, content: str, told_at: float) -> None:
    """"Signed the offer with Stripe! Start date is July 8.": a start told in one sentence and
    dated in the next (``future_starts.next_sentence_start``) is scheduled from that date, as a
    start dated in its own clause is — the job, school, home or car (an order, a signed offer)
    is not the state before its day."""
    for c in claims[first:]:
        if c.negated or c.time_hint or c.predicate not in DATED_BY_NEXT_SENTENCE or \
                c.predicate == "BOUGHT" and c.object_type != "vehicle":
            continue
        pos = content.find(c.evidence_text) if c.evidence_text else -1
        if pos >= 0:
            c.time_hint = next_sentence_start(content, pos, told_at) or c.time_hint


def _chains_keep_last(claims: list[FactClaim], first: int, content: str) -> None:
    """A history told in one message ends in the present: when a message holds several values of
    one trait for one subject and says which is now, the values told before the last are past —
    their traits go, the relations stay (as for a home left, :func:`_homes_left`). Without a
    "now" the values stand as told (two jobs, a car and a bike)."""
    if not _NOW_CUE.search(content):
        return
    values: dict[tuple[str, str], list[int]] = {}
    for i in range(first, len(claims)):
        c = claims[i]
        if c.kind == "trait" and not c.negated and c.trait in _CHAIN_TRAITS and scheduled_expression(c.time_hint) is None:
            values.setdefault((c.subject, c.trait), []).append(i)
    dropped = {i for at in values.values() for i in at[:-1]
               if (claims[i].value or "").lower() != (claims[at[-1]].value or "").lower()}
    if dropped:
        claims[first:] = [c for i, c in enumerate(claims[first:], first) if i not in dropped]


#: words of a degree or of studying: a school "gone to" in their clause is studied at, not worked at
_DEGREE_WORDS = re.compile(r"本科|硕士|博士|研究生|读研|读博|读书|上学|念书|大学生|(?:研|博)[一二三]|大[一二三四](?![点些])|\b(?:bachelor'?s|master'?s|masters|phd|"
                           r"degree|undergrad|grad school|mba)\b", re.I)


def _schools_by_degree(claims: list[FactClaim], first: int) -> None:
    """本科在四川大学，硕士去了武汉大学: a job verb (去了, "went to") with a school for its object,
    in a clause about a degree, is a school attended — the claim and its trait are re-told as
    STUDIES_AT / school ("I teach at Wuhan University" names no degree and stays a job)."""
    for c in claims[first:]:
        if c.predicate == "WORKS_AT" and is_school(c.object) and _DEGREE_WORDS.search(c.evidence_text):
            c.predicate = "STUDIES_AT"
            if c.kind == "trait":
                c.trait = "school"


def _zh_called_name(obj: str) -> str:
    """The name of a Chinese object told with its kind (一家叫极光的公司, 一家早教机构叫金宝贝), else the object."""
    m = _ZH_CALLED.match(obj)
    return (m.group("name") or m.group("name2")) if m else obj


#: an unnamed kind of organisation, maybe after the place it is in (在宁波一家外贸公司上班)
_ZH_INDEFINITE = re.compile(r"\s*(?:[\u4e00-\u9fff]{1,6}?(?=一家|一所|一个|一间))?(?:一家|一所|一个|一间|某家|某个|某)")
#: a clause that ends a pet ("we had to give away our dog Duke"): no implied possession from it
_PET_END_CUE = re.compile(r"\b(?:died|dies|passed|put\b.{0,30}\b(?:down|to sleep)|give away|gave away|give up|gave up|"
                          r"rehom\w*|ran away|run away|flew away|went missing|did not make it|lost|is gone)\b|去世|死了|走了|丢了|送人|送给|送走|送养|没了")

#: a death or loss told right after a pet's name ("… dog Zeus died last week")
_EN_PET_DIED_AFTER = re.compile(r",?\s+(?:just |sadly |finally |has |had |have )?(?:died|passed away|passed|was put down|"
                                r"had to be put down|ran away|flew away|went missing|is gone|got hit by a car)\b", re.IGNORECASE)

#: a kin or tie word as a predicate noun or after a quantifier is a role ("being a mom", "she is a
#: mom of two", "every parent"), not a person of the speaker's circle ("I have a sister" still is)
_EN_KIN_AS_ROLE = re.compile(r"(?:\b(?:being|as|is|am|are|was|were|be|been|became|become|becoming|'m|'s|'re)\s+(?:a|an)|"
                              r"\b(?:any|every|each|no|another))\s+(?:(?:new|single|first-time|stay-at-home|"
                              r"working|proud|good|great|young|better)\s+)?$", re.I)
#: a possessive of someone other than the user right before a tie word
_OTHERS_TIE = re.compile(r"(?:他|她|他们|她们)的?$|\b(?:his|her|their)\s+(?:[a-z\-]+\s+){0,2}$", re.IGNORECASE)

_ZH_TIE_WORDS = ("男朋友", "女朋友", "老公", "老婆", "丈夫", "妻子", "对象", "未婚夫", "未婚妻", "前夫", "前妻", "前男友", "前女友")
#: how a partner was met, said before the name (跟同事小林在一起了): the circle, not the person
_ZH_CIRCLE_TIE_WORDS = ("同事", "前同事", "同学", "老同学", "大学同学", "高中同学", "朋友", "网友", "邻居", "学长", "学姐",
                        "学弟", "学妹", "师兄", "师姐", "发小", "青梅竹马")
#: a tie word before a Chinese or Latin name (男朋友阿杰, 男朋友David): no part of the name
_ZH_TIE_BEFORE_NAME = re.compile(r"^(?:" + "|".join(sorted(_ZH_TIE_WORDS + _ZH_CIRCLE_TIE_WORDS, key=len, reverse=True)) +
                                 r")(?=[\u4e00-\u9fff]{2}|[A-Za-z]{2})")

@lru_cache(maxsize=None)
def _frame_pattern(predicate: str, trait: str, lang: str, directness: str = "implied") -> StatementPattern:
    """The pattern record a frame's claims are emitted under: implied (a frame is read, never a
    worded match) unless the caller knows the statement is outright."""
    return StatementPattern(f"frame_{predicate.lower()}", lang, re.compile(r"(?!)"), predicate,
                            SLOT_TYPES.get(predicate, "other"), directness=directness, trait=trait)


#: a job-end pattern whose object is a place ends a home instead ("I left New York")
#: a trip to a campus, not attending it ("we went to Yale for a campus tour")
_EN_SCHOOL_VISIT = re.compile(r"\b(?:tour|visit|game|match|conference|trip|concert|event|talk|reunion|wedding|"
                              r"graduation|ceremony|open house|football|basketball)\b")
_LEAVE_KEYS = frozenset({"en_work_end", "zh_work_leave"})


def _left_school(lang: str) -> StatementPattern:
    return StatementPattern("left_school", lang, _EN_ROLE_BEFORE, "STUDIES_AT", "organization", trait="school",
                            negated=True, coordinated=False)


def _left_place(lang: str) -> StatementPattern:
    return StatementPattern("left_place", lang, _EN_ROLE_BEFORE, "LIVES_IN", "place", trait="residence",
                            negated=True, coordinated=False)


#: a student's role before "at": what follows is their school, even when it is named like a place
_EN_STUDENT_AT = re.compile(r"\b(?:student|freshman|sophomore|junior|senior|undergrad(?:uate)?|candidate|"
                            r"first-year|second-year|third-year|fourth-year) at$")

#: the named partner's death right after the name ("my husband Alan died", 我老公老李前年走了)
_EN_PARTNER_DIED = re.compile(r"(?:,)?\s+(?:has |had |just |sadly |suddenly )*(?:died|passed away|passed|was killed|lost (?:his|her) "
                              r"(?:battle|fight))\b", re.IGNORECASE)
_ZH_PARTNER_DIED = re.compile(r"(?:[，,]?(?:前年|去年|年初|上个月|早就|已经|突然)*)(?:去世|过世|走了|病逝|离开了我们|离世)")
#: the tie ended, told after the partner's name (with or without "and I" / 跟我)
_EN_PARTNER_ENDED = re.compile(r"(?:\s+and\s+(?:i|me))?,?\s+(?:just |finally |officially |recently |have |had )*"
                               r"(?:got divorced|are divorced|divorced|broke up|split up|separated|called it quits|"
                               r"dumped me|left me)\b", re.IGNORECASE)
_ZH_PARTNER_ENDED = re.compile(ZH_PARTNER_ENDED)
#: a role word right before a person's name states the user's relationship with them
_ROLE_FAMILY = {"wife": ("MARRIED_TO", "spouse"), "husband": ("MARRIED_TO", "spouse"),
                "girlfriend": ("DATING", "partner"), "boyfriend": ("DATING", "partner"),
                "fiance": ("DATING", "partner"), "fiancé": ("DATING", "partner"),
                "fiancee": ("DATING", "partner"), "fiancée": ("DATING", "partner"),
                "老婆": ("MARRIED_TO", "spouse"), "老公": ("MARRIED_TO", "spouse"),
                "妻子": ("MARRIED_TO", "spouse"), "丈夫": ("MARRIED_TO", "spouse"),
                "女朋友": ("DATING", "partner"), "男朋友": ("DATING", "partner"),
                "未婚妻": ("DATING", "partner"), "未婚夫": ("DATING", "partner")}
_EN_ROLE_BEFORE = re.compile(r"\b(?:my|My) (?P<role>wife|husband|girlfriend|boyfriend|fianc[eé]e?),? $")
_ZH_ROLE_BEFORE = re.compile(r"我的?(?P<role>老婆|老公|妻子|丈夫|女朋友|男朋友|未婚妻|未婚夫)$")


#: what stands between a kin word and its verb without being a name (我表姐今天在…, 我哥也在…)
_ZH_NOT_A_GIVEN_NAME = re.compile(r"(?:" + ZH_TIME + r"|" + ZH_ADV + r"|现在|目前|今天|刚刚|最近|平时|一家|他们|她们|两口子)+")


def _zh_person(original: str, word: str, after_kin: bool = False) -> str | None:
    """``word`` as a Chinese person's name: jieba (or a nickname shape) reads it as one."""
    from .names import is_generic, zh_name_spans, zh_tokens

    for _, _, surface, etype in zh_name_spans(original):
        if surface == word and etype == "person":
            return word
    if re.fullmatch(r"(?:小|老|阿)[\u4e00-\u9fff]", word):
        return word
    # 我表姐秋月在…, 我表姐春华在…: a given name jieba tags, in the line, as a time word or an
    # "other proper noun" (one token), right after a kin word where the pattern took it — not a
    # real time word or adverb (我表姐今天在…)
    if after_kin and not _ZH_NOT_A_GIVEN_NAME.fullmatch(word) and not is_generic(word) and \
            any(w == word and flag in ("t", "nz") for w, flag, _ in zh_tokens(original)):
        return word
    return None


def _capitalised_person(original: str, word: str, extractor: "_Extractor") -> str | None:
    """``word`` as a person's name: capitalised in the original text and not a common word,
    an organisation, a place or a known non-person ("Tom" yes; "Today", "Intel" no)."""
    from .names import _sentence_initial, en_name_spans, type_en_span

    from .names import pet_name_spans

    if any(name.lower() == word.lower() for _, _, name, _ in pet_name_spans(original)):
        return None  # "Our golden retriever Sunny loves the beach": Sunny is the dog
    for start, end, surface in en_name_spans(original):
        first = surface.split()[0]
        if first.lower() != word.lower():
            continue
        full = surface if len(surface.split()) <= 2 else first
        etype = type_en_span(original, start, start + len(full), lexicon_type(full))
        known = extractor._known_as(full, "person")
        if known is not None or etype == "person":
            return normalize_name(full)
        if etype is None and not list_type(full) and not _sentence_initial(original, start):
            return normalize_name(full)  # "… and then Tom left": capitalised mid-sentence
        return None
    return None


#: the subject a sentence starts with, for an elided "and <verb>" later in it
#: a short lead-in before the subject ("update:", "big news,", "btw") is not the subject
_EN_LEAD_SUBJECT = re.compile(r"^\W*(?:[a-z']+(?: [a-z']+){0,2}\s*[:,\-–—]\s*){0,2}"
                              r"(?:(?:so|well|yeah|yes|ok|okay|actually|also|then|and|honestly|anyway|btw|oh|"
                              r"guess what|lol)\W+)*"
                              r"(?:i|we|my (?P<rel>" + EN_REL + r"))\b")


def _quoted(content: str, sentence: _Sentence) -> bool:
    """Whether a clause is inside a quotation (帮我写个简介：“坐标贵阳，爱吃酸汤鱼…”, my mom keeps
    saying "move back home"): quoted words are someone's or a draft's, not the teller's report.
    Double quotes only — a single quote is as often an apostrophe."""
    before = content[:sentence.start] + sentence.text[:1]
    curly = sum(before.count(q) for q in "“「『") - sum(before.count(q) for q in "”」』")
    return curly > 0 or before.count('"') % 2 == 1


def _find_ci(text: str, needle: str, *, start: int = 0, default: int = -1) -> int:
    idx = text.lower().find(needle.lower(), max(0, start))
    return idx if idx >= 0 else default


def _short(phrase: str) -> bool:
    return len(phrase) <= 8 if is_cjk(phrase) else len(phrase.split()) <= 3


_NOT_NAMES = frozenset({"home", "家", "家里", "there", "here", "this", "that", "them", "it", "so",
                        "much", "a lot", "lot", "more", "things", "stuff", "something", "anything",
                        "everything", "one", "东西", "一下", "这里", "那里", "那边", "这边", "什么",
                        "work", "bed", "sleep", "school", "to", "了", "过",
                        # abstract or filler nouns that are no thing one buys, likes or visits
                        "chance", "opportunity", "other stuff", "everywhere", "anywhere", "somewhere",
                        "nowhere", "skill", "time", "way", "idea", "feeling", "sense", "moment",
                        "you", "us", "everyone", "everybody", "someone", "somebody", "people"})
#: an object phrase that opens a clause ("I love how art lets us...", "I like that you ...") is
#: a statement about a situation, not a thing: no claim
_CLAUSE_OBJECT = re.compile(r"^(?:how|what|why|when|where|who|whom|whose|which|whether|that|if)\b")


_EN_CLAUSE_END = re.compile(r"[;.!?]|\b(?:and|but|so) (?:i|we|it|he|she|they|you)\b")


def _phrase_to_clause_end(match: re.Match[str], raw_obj: str) -> str:
    """The object phrase with the rest of its clause ("the energy, diversity and food of this
    city"): what pins a liking to the scene may follow the first comma. Chinese objects stay."""
    if not raw_obj or match.group("obj") is None or is_cjk(raw_obj):
        return raw_obj
    rest = match.string[match.start("obj"):]
    end = _EN_CLAUSE_END.search(rest)
    return rest[:end.start()] if end else rest


def _plausible_name(phrase: str) -> bool:
    p = phrase.strip().lower()
    if p in _NOT_NAMES or len(p) < 2 and not is_cjk(p):
        return False
    return not (is_cjk(p) and len(p) > 12)


#: provenance fields that carry free text worth a lexicon scan (not URLs, ids, durations)
_PROVENANCE_TEXT_FIELDS = ("title", "track_name", "query", "message", "caption", "window_title",
                           "file_name", "location")


def _provenance_text(event: ExtractionInput) -> list[str]:
    provenance = event.raw.get("provenance") if isinstance(event.raw, dict) else None
    if not isinstance(provenance, dict):
        return []
    return [str(provenance[k]) for k in _PROVENANCE_TEXT_FIELDS if provenance.get(k)]


def _is_observation(event: ExtractionInput) -> bool:
    return (event.event_type == EventType.SENSOR_EVENT or event.author_type == AuthorType.EXTERNAL
            or event.activity is not None)


def extract_batch(events: list[ExtractionInput], known: list[KnownEntity],
                  live_traits: Sequence[LiveTrait] = ()) -> Phase1Output:
    # the rules read a dated future start as a claim with a "from:" hint (so the batch's later
    # lines and post-passes see it like any claim); the output sets it apart as scheduled
    return _Extractor(known, live_traits).run(events).split_scheduled()
