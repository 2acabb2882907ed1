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
DIETS = frozenset(DIETS_EN)
NAMED_ORIGINS = frozenset({"catalog", "hint", "known", "name", "context"})


_SPOUSE_WORDS = frozenset({"husband", "wife", "spouse", "老公", "老婆", "丈夫", "妻子", "爱人", "前夫", "前妻"})


def is_tie(name: str) -> bool:
    n = name.strip().lower()
    return n in TIES_EN or n in TIES_ZH or n in _SPOUSE_WORDS or n.startswith(("my ", "ex-"))


def slot_type(predicate: str, entity_type: str, name: str, origin: str) -> str | None:
    """The type the object gets in this family's slot, or None when the slot refuses it."""
    want = SLOT_TYPES.get(predicate)
    if predicate == "VISITED" and entity_type in ("activity", "food", "media"):
        return None  # 去爬山了, 去吃火锅: one goes to do a thing, the thing is no place visited
    if want is None:
        return entity_type
    if is_generic(name):
        return None
    if predicate in ("DATING", "MARRIED_TO") and is_tie(name):
        return None
    if predicate in ("WORKS_AT", "STUDIES_AT") and name.strip().lower().split()[-1:] and \
            name.strip().lower().split()[-1] in MEMBERSHIP_HEADS:
        return None  # "joined a mentorship program / an activist group": membership, not a job
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
