"""Which object a state-family claim may take: pure policy, no text scanning.

The statement patterns cut an object phrase; whether it is a value memory should store depends
on the family, and on *where the name came from* (its origin: ``catalog`` / ``hint`` / ``known``
— an earlier item of the batch — / ``name`` — segmentation or capitalisation typed it — /
``lexicon`` / ``phrase`` — only the pattern's slot bounds it). Precision first:

* a generic noun is never a value ("I joined a startup", 我在一家创业公司上班);
* a workplace or school given as a place is no employer (我在深圳上班);
* a relationship value must name someone, not a tie ("I broke up with my boyfriend");
* a condition must look like one (a listed condition or a condition suffix);
* a name typed only by its neighbours (``context``: "from Stanford" read as a place) takes the
  slot's type;
* an *end* ("I left Intel", 我从京东离职了) yields the entity and the negated relation + trait
  even when memory never held the value — the user who says it expects memory to know — but
  only when the object is a name: a bare lowercase phrase ("I left my keys", "quit smoking")
  ends nothing and creates nothing.
"""

from __future__ import annotations

import re

from ..lexicon.names import DIETS_EN, GENERIC_NOUNS, PET_SPECIES, TIES_EN, TIES_ZH
from .names import is_condition, is_generic, is_vehicle_word, list_type

#: families whose slot decides the object's type (a lexicon type is overridden: Spotify as an
#: employer is an organisation, 可乐 as a pet an animal)
SLOT_TYPES: dict[str, str] = {
    "WORKS_AT": "organization", "STUDIES_AT": "organization", "DRIVES": "vehicle", "HAS_PET": "animal",
    "DATING": "person", "MARRIED_TO": "person", "LIVES_IN": "place", "MOVED_TO": "place",
    "IS_FROM": "place", "HAS_CONDITION": "topic", "FOLLOWS_DIET": "topic",
}
#: types a slot may not take over: a place is no employer, an organisation no home town …
_REFUSED: dict[str, frozenset[str]] = {
    "organization": frozenset({"place", "person", "animal", "food"}),
    "place": frozenset({"person", "animal", "food", "vehicle", "device", "appliance"}),
    "person": frozenset({"place", "organization", "vehicle", "device", "appliance", "food", "software"}),
    "animal": frozenset({"place", "organization", "vehicle", "device", "appliance", "software"}),
    "vehicle": frozenset({"place", "person", "animal", "food", "organization"}),
    "topic": frozenset({"place", "person", "organization", "vehicle"}),
}
#: what one joins without being employed or enrolled there
MEMBERSHIP_HEADS = frozenset({"group", "groups", "program", "programme", "club", "class", "classes", "community",
                              "team", "meeting", "course", "gym", "league", "choir", "band", "meetup",
                              "workshop", "webinar", "conference", "session", "chat", "call"})
#: what a VISITED object never is: one goes to do a thing (去爬山, 去吃火锅) or to a show of it
#: ("went to a car show", "a boat show"), the thing itself is no place visited
_NOT_VISITED = frozenset({"activity", "food", "media", "vehicle", "device", "appliance", "animal", "software",
                          # "visited our aunt in April": a person is whom one sees, not a place been to
                          "person"})
DIETS = frozenset(DIETS_EN)
NAMED_ORIGINS = frozenset({"catalog", "hint", "known", "name", "context"})


_SPOUSE_WORDS = frozenset({"husband", "wife", "spouse", "老公", "老婆", "丈夫", "妻子", "爱人", "前夫", "前妻"})


def is_tie(name: str) -> bool:
    n = name.strip().lower()
    return n in TIES_EN or n in TIES_ZH or n in _SPOUSE_WORDS or n.startswith(("my ", "ex-"))


#: what one "lives in" that is a condition of life, not a place (lowercase: "Hope, Arkansas" is a town)
LIVED_CONDITIONS = frozenset({"hope", "fear", "denial", "peace", "poverty", "luxury", "sin", "harmony", "comfort",
                               "misery", "silence", "shame", "terror", "limbo", "the past", "the moment", "a bubble",
                               "my head", "the present", "constant fear", "dread", "chaos"})


#: a kind of place, not a place: no home or home town ("since I moved to the coast", "we moved out
#: to the countryside"), though one may like it ("I love the beach")
PLACE_KINDS = frozenset({"coast", "the coast", "seaside", "the seaside", "countryside", "the countryside",
                         "suburbs", "the suburbs", "suburb", "burbs", "the burbs", "outskirts", "the outskirts",
                         "the sticks", "mountains", "the mountains", "beach", "the beach", "abroad", "overseas",
                         "downtown", "the city centre", "the city center", "the north", "the south"})


def slot_type(predicate: str, entity_type: str, name: str, origin: str) -> str | None:
    """The type the object gets in this family's slot, or None when the slot refuses it."""
    want = SLOT_TYPES.get(predicate)
    if entity_type in ("place", "organization") and len(name.strip()) == 1 and "\u4e00" <= name.strip() <= "\u9fff":
        return None  # 也没去成: one character left of a verb phrase names no place or employer
    if predicate == "VISITED" and entity_type in _NOT_VISITED:
        return None  # 去爬山了, 去吃火锅, "went to a car show": what one went to do or see is no place visited
    if predicate == "USES" and entity_type in ("place", "person", "animal"):
        return None  # 我用微信和朋友聊天: the friend is who one chats with, nothing used
    if predicate in ("BOUGHT", "SOLD", "OWNS") and entity_type in ("place", "person"):
        return None  # 买了张去成都的机票, "bought tickets to Paris": the place is where to, not what
    if want is None:
        return entity_type
    if is_generic(name):
        return None
    if predicate in ("LIVES_IN", "MOVED_TO", "IS_FROM") and name.strip().lower() in PLACE_KINDS:
        return None
    if predicate in ("DATING", "MARRIED_TO") and is_tie(name):
        return None
    if predicate in ("WORKS_AT", "STUDIES_AT") and name.strip().lower().split()[-1:] and \
            name.strip().lower().split()[-1] in MEMBERSHIP_HEADS:
        return None  # "joined a mentorship program / an activist group": membership, not a job
    if predicate in ("WORKS_AT", "STUDIES_AT", "LIVES_IN", "MOVED_TO") and name.strip().lower() in DIETS:
        return None  # "I actually quit keto": a diet left is no employer, whatever verb told it
    if predicate == "HAS_CONDITION" and origin != "catalog" and not is_condition(name):
        return None
    if entity_type == want or origin == "context":
        return want  # a name typed only by its neighbours takes the slot's type
    if predicate in ("WORKS_AT", "STUDIES_AT") and entity_type == "place" and list_type(name) != "organization":
        return None  # "我在深圳上班": a city is where, not who
    if want == "vehicle" and is_vehicle_word(name):
        return want  # 比亚迪 is a company and a car: in a driving slot, the car
    if entity_type in _REFUSED.get(want, frozenset()) and origin in ("catalog", "known", "name"):
        return None  # 住在父母家: a person is no home, whatever the slot
    if want == "vehicle" and entity_type not in ("vehicle", "product", "other") and \
            not is_vehicle_word(name):
        return None
    if want == "animal" and origin == "lexicon" and entity_type not in ("animal", "food", "person", "other"):
        return None
    if entity_type in _REFUSED.get(want, frozenset()) and origin == "lexicon":
        return None
    return want


def end_names_value(origin: str, surface: str, zh_namelike: bool, predicate: str = "") -> bool:
    """Whether an end's object names a value (so the end is stored even if the value is new):
    a catalog/batch/recognised name, a capitalised English phrase, a Chinese slot jieba reads
    as a name; never a lowercase phrase ("my keys", "smoking")."""
    if origin in NAMED_ORIGINS:
        return True
    if predicate == "HAS_CONDITION" and is_condition(surface) or predicate == "HAS_PET" and is_species(surface) \
            or predicate == "FOLLOWS_DIET" and surface.strip().lower() in DIETS:
        return True  # a closed vocabulary names its value whatever the case
    if origin == "lexicon":
        return True  # a typed thing (my car, 兔子, pneumonia): the slot check already fits it
    text = surface.strip()
    if not text:
        return False
    if any("\u4e00" <= ch <= "\u9fff" for ch in text):
        return zh_namelike
    return text[:1].isupper()


def is_species(word: str) -> bool:
    return word.strip().lower() in PET_SPECIES


def generic(name: str) -> bool:
    return is_generic(name) or name.strip().lower() in GENERIC_NOUNS


#: what a liking points at when it is a reaction to something in front of the speaker, not a
#: lasting taste: "I love your painting", "I love all the yellow leaves" (on a shared photo),
#: "a fan of both classical like …", "love being a mom"; 我喜欢你的画, 我很喜欢这些照片,
#: 我喜欢所有的黄叶子. The deictic or second-person word cannot be resolved to a thing the user
#: likes in general, and "being …" names a state of the speaker, not an entity. "It", 它, "her"
#: stay: coreference gives them the thing named before (我买了破壁机…我很喜欢它).
_REACTION_EN = re.compile(r"^(?:your|yours|this|that|these|those|all (?:the|of|those|these|your)|both|each|every|"
                          r"such|being|you)\b", re.I)
_ZH_THERE_ALONE = re.compile(r"^(?:那边|那里|那儿)的?(?:[，,。！？!?]|$)")
_REACTION_ZH = re.compile(r"^(?:[你您]们?|咱们|大家|人家|[他她它]们?的)|"
                          # 这/那 with a measure word: 那不勒斯 is a city, 那些照片 a reaction
                          r"^(?:这|那)(?:些|个|种|几|件|张|幅|首|条|家|位|只|款|样|部|本|里|边|儿)|"
                          r"^(?:所有|全部|一切|每一?[个件张幅首条位只种样])|"
                          # 喜欢上了一个男生: a crush on someone unnamed, no taste to keep
                          r"^(?:一个|一位|个|位)?(?:男生|女生|男孩子?|女孩子?|男人|女人|帅哥|美女|小哥哥|小姐姐)(?:[，,。！？]|$)")


#: "the X" pinned to the scene by what follows ("love the energy there", "the energy, diversity
#: and food of this city", "the vibe in here"): the same reaction, with its deixis after the noun
_REACTION_EN_THE = re.compile(r"^the\b.*\b(?:there|here|of (?:this|that|these|those|your|his|her|their|the)|"
                              r"in (?:this|that|the) (?:room|air|place|city|crowd|photo|pic|picture)|"
                              # what one says of a work shown: "the self-acceptance and love theme", "the colors"
                              r"theme|themes|vibe|vibes|colou?rs|details?|composition|texture|atmosphere|lighting|"
                              r"message|shot|view|brushwork|brush strokes|contrast)\b", re.I)


#: a sense of something at hand, with nothing after it to say of what ("I love the smell and
#: taste it adds", "love the sound"): "the smell of coffee" names a taste, so "of" keeps it
_REACTION_EN_SENSE = re.compile(r"^the (?:smell|taste|sound|feel|feeling|look|scent|flavou?r|texture)s?\b(?!.*\bof\b)", re.I)
#: a wh-clause ("how much joy they bring") or a phrasal gerund with its own object ("throwing
#: on some music"): what is liked is an action told in passing, with no name to keep
_UNNAMEABLE_EN = re.compile(r"^(?:how|what|why|when|where|who|which)\b|"
                            r"^[a-z]+ing (?:on|off|up|out|in|down|over|away|back|around) "
                            r"(?:some|a|an|the|my|our|your|his|her|their)\b|"
                            # "getting immersed", "getting involved": a gerund with a participle names
                            # nothing ("using it", "having them around" keep their pronoun: coreference)
                            r"^[a-z]+ing (?:immersed|involved|lost|ready|started|together)\b|"
                            # "sharing what I know", "seeing others reach their potential", "seeing my
                            # teammates succeed": a gerund with a clause after it, nothing to name
                            r"^[a-z]+ing (?:what|how|why|where|who|whatever|whoever)\b|"
                            # "which I like better than the Jeep": a comparison, the liked thing is before it
                            r"^(?:a lot |much |way |even )?(?:better|more|less) than\b|"
                            r"^(?:seeing|watching|helping|hearing|making|letting) (?:my |our |the |their |his |her |other |all )?"
                            r"(?!them (?:play|dance|run|swim|sleep|eat)\b)[a-z]+ (?:succeed|grow|smile|laugh|win|reach|learn|improve|thrive|shine|achieve|enjoy|happy|play|"
                            r"dance|run|swim|sleep|eat)\b|"
                            # "I love the thought, Nate!": a reaction, no taste ("the idea of moving" too,
                            # by the alternative below; "the idea and the acting" is a list, split later)
                            r"^(?:the )?(?:thought|idea)\b(?! and\b)|"
                            # "the lesson it teaches", "the music they play": a noun with its clause
                            r"^(?:the |a |an )?(?![a-z]+ing\b)[a-z]+ (?:it|he|she|they|we|you|i) [a-z]+\b(?! of\b)|"
                            # "the thought", "the way the frosting turned out", "the idea": a reaction
                            # "I like the monochromatic idea", "I like the structure": a reply to a
                            # suggestion at hand, no lasting taste
                            r"^the (?:[a-z\-]+ )?(?:idea|suggestion|structure|format|layout|approach|concept|option|tips?|"
                            r"plan|outline|template|breakdown|list)s?(?:$|[.,;!?]| (?:but|so|though|a lot|too)\b)|"
                            r"^(?:the )?(?:thought|idea|way|fact|feeling)(?:$|[.,;!?]| (?:of|that|you|the|it|he|she|"
                            r"they|we|i|[a-z]+ (?:turned|looks?|feels?|went|is|was))\b|(?=(?-i: [A-Z])))", re.I)


def is_reaction_object(phrase: str, lang: str) -> bool:
    """True when a LIKES / DISLIKES object is a reaction, not a preference (see ``_REACTION_EN``),
    or nothing with a name at all (``_UNNAMEABLE_EN``)."""
    p = phrase.strip()
    if lang == "zh":
        # 我挺喜欢那边的: "there", the place told before (resolved by the extractor), is a taste
        return bool(_REACTION_ZH.match(p)) and not _ZH_THERE_ALONE.match(p)
    if _REACTION_EN.match(p) or _REACTION_EN_THE.match(p) or _REACTION_EN_SENSE.match(p):
        return True
    if _UNNAMEABLE_EN.match(p):
        from .mentions import lexicon_type

        # "hiking in the Alps", "swimming in the ocean": a named activity and where, not a
        # phrasal verb with its own object ("throwing on some music")
        return lexicon_type(p.split()[0]) != "activity"
    return False


#: "working on building up confidence", "working on getting better at chess": a gerund after
#: "working on" is an effort, not a project one could name, inspect or finish
_EN_EFFORT = re.compile(r"^(?:my |our |the )?[a-z]+ing\b")


def is_effort_object(phrase: str) -> bool:
    """True when a WORKS_ON object is a gerund phrase (see ``_EN_EFFORT``); a capitalised or
    hyphenated project name ("Magi-desktop", "Building Blocks") is not lower-cased here."""
    return bool(_EN_EFFORT.match(phrase.strip()))
