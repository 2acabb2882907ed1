"""Pets told by name, and whose pet it is.

Why a module of its own: a pet's name is the value of the ``pet`` family, but chat tells it in
shapes the statement patterns each cover only in part — the species word then the name
(我的猫咪团子, "our dog Pepper"), or the species then 叫 + the name, possibly after a comma and
a verb phrase (我养了一只兔子，叫棉花; 我那只仓鼠叫芝麻; 我朋友家的狗叫可乐). When the name is
missed, the species word became the value (HAS_PET 兔子) and the name (often a food word:
可乐, 芝麻, 年糕) was typed as food: a wrong claim and a wrong entity from one sentence.

And a pet belongs to someone: the owner is read from the words before the species — the
speaker (我, 我家, "my"), a person of the user's circle (我朋友家的, "my neighbor's"), someone
else (他家的, "his") or nobody said. A claim follows only for the first two; a pet of someone
else, or of nobody named, is an entity and nothing more.

Pure functions of the text; Chinese names are bounded by jieba's tags (``names.zh_tokens``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..lexicon.names import PET_SPECIES, PET_THINGS, TIES_EN, TIES_ZH

#: the 叫-verbs that name an animal (它叫…, 名字叫…, 取名叫…)
_ZH_CALLED = r"(?:它|他|她)?(?:的名字|名字)?(?:叫做|名叫|叫|取名叫|起名叫|取名为|起名为|取名|起名)"
#: tags that end a Chinese name (a verb, an adverb, a time word, a particle, a pronoun …)
_ZH_NAME_END_FLAGS = ("v", "d", "t", "p", "u", "y", "c", "r", "m", "q", "f", "x", "zg", "e")
#: tags a name read right after its species word must not have (a noun compound continues:
#: 猫粮, 狗绳 — those are no names)
_ZH_AFTER_NAME_OK = ("v", "d", "t", "p", "u", "y", "c", "r", "m", "a", "x", "zg", "f", "q")
_EN_POSSESSOR = re.compile(r"\b(?:(?P<my>(?i:my|our))\s+(?P<tie>[a-z\-]+)|(?P<name>[A-Z][a-z'\-]+))(?:'s|(?<=s)')\s+"
                           r"(?:old |little |new |sweet |beloved )*$")
#: a speaker's own words before the species (我, 我家, 我们家的, 我那只 …)
_ZH_SELF_OWNER = re.compile(r"(?:我们家|我家|我们|我)(?:家)?的?(?:那只|这只|那条|这条|那|这)?$")
_ZH_SELF_SUBJECT = re.compile(r"(?:^|[，,。！？\s])(?:我们家|我家|我们|我)(?!的?(?:" + "|".join(
    sorted(TIES_ZH, key=len, reverse=True)) + r"|妈|爸|姐|哥|弟|妹|儿子|女儿|老公|老婆))")
#: the speaker bringing an animal home right before its species (领养了橘猫馒头, 捡了只小猫年糕)
_ZH_SELF_ADOPTED = re.compile(r"(?:^|[，,。！？\s]|我|我们)(?:刚|刚刚|前天|昨天|上周|上个月)?(?:领养了|收养了|捡了|抱回了|抱回来了|"
                              r"接回了|养了|新养了)(?:一只|只|一条|条)?$")
_ZH_OTHER_OWNER = re.compile(r"(?:他|她|他们|她们|你|你们)(?:家)?的?(?:那只|这只|那条|这条)?$")
#: characters that start no pet name read right after the species (狗被车撞死了: 被车撞 is no name)
_ZH_FUNCTION_CHAR = re.compile(r"^[被让给把和跟在也都又还就才刚已是的了从到去]|[的了是在]")
_ZH_REL = {"妈": "妈妈", "爸": "爸爸", "姐": "姐姐", "哥": "哥哥", "弟": "弟弟", "妹": "妹妹"}


@dataclass(frozen=True, slots=True)
class NamedPet:
    start: int
    end: int
    name: str
    species: tuple[int, int]


@lru_cache(maxsize=1)
def _zh_species_rx() -> re.Pattern[str]:
    words = sorted((w for w in PET_SPECIES if not w.isascii()), key=len, reverse=True)
    return re.compile("(?:" + "|".join(map(re.escape, words)) + ")")


def _zh_name_from(text: str, at: int) -> tuple[int, int] | None:
    """The name starting at ``at``: up to four characters (or one Latin word), ended where
    jieba starts a verb, adverb, time word or punctuation (叫可乐，特别可爱 → 可乐)."""
    latin = re.match(r"[A-Za-z][A-Za-z'\-]{0,15}", text[at:])
    if latin:
        return at, at + latin.end()
    run = re.match(r"[\u4e00-\u9fff]{1,6}", text[at:])
    if not run:
        return None
    from .names import zh_tokens

    chunk = text[at:at + run.end()]
    end = 0
    for word, flag, pos in zh_tokens(chunk):
        if pos > 0 and flag.startswith(_ZH_NAME_END_FLAGS):
            break
        end = pos + len(word)
    if not 1 <= end <= 4:
        return None
    return at, at + end


def zh_named_pets(text: str) -> list[NamedPet]:
    """Chinese pets named after their species word: 叫-forms (兔子，叫棉花; 仓鼠叫芝麻) and a
    name right after the species (猫咪团子快两岁了) where jieba reads it as a word of its own
    that no noun continues and that is no common thing (猫咪零食 is a snack)."""
    from .mentions import is_member
    from .names import zh_tokens

    out: list[NamedPet] = []
    for m in _zh_species_rx().finditer(text):
        before = re.search(r"(?:叫做|名叫|叫)(?P<name>[\u4e00-\u9fffA-Za-z]{1,4})的$", text[:m.start()])
        if before:  # 一只叫旺财的狗: the name before the species
            out.append(NamedPet(before.start("name"), before.end("name"), before.group("name"), m.span()))
            continue
        called = re.compile(r"[，,]?" + _ZH_CALLED).match(text, m.end())
        if called:
            span = _zh_name_from(text, called.end())
            if span:
                out.append(NamedPet(span[0], span[1], text[span[0]:span[1]], m.span()))
            continue
        tokens = zh_tokens(text)
        after = [(w, f, s) for w, f, s in tokens if s >= m.end()]
        if not after or after[0][2] != m.end() or len(after[0][0]) != 2:
            continue
        word, flag, _ = after[0]
        before = text[:m.start()]
        own = _ZH_SELF_OWNER.search(before) or _ZH_SELF_ADOPTED.search(before)
        member = is_member(word)  # a thing's name is a noun whatever jieba tags it (可乐 reads as "a")
        if not (flag.startswith(("n", "nr", "nz")) or member) or flag in ("ns", "nt") or \
                word in PET_SPECIES or word in PET_THINGS or _ZH_FUNCTION_CHAR.search(word):
            continue
        nxt = after[1] if len(after) > 1 else ("。", "x", 0)
        if not nxt[1].startswith(_ZH_AFTER_NAME_OK):
            continue
        if member and not (own and thing_name_ends(nxt)):
            continue
        if not own and not _ZH_OTHER_OWNER.search(before) and owner_of(text, m.start()) is None:
            continue  # a bare 猫咪团子 with no owner: too weak to call 团子 a name
        out.append(NamedPet(m.end(), m.end() + len(word), word, m.span()))
    return out


@lru_cache(maxsize=1)
def _en_species_rx() -> re.Pattern[str]:
    """A species word then a capitalised name, built once: per sentence, sorting the species and
    joining the alternation again (a long key for re's own cache) cost more than the search."""
    species = sorted((w for w in PET_SPECIES if w.isascii()), key=len, reverse=True)
    return re.compile(r"(?<![\w'])(?P<species>" + "|".join(map(re.escape, species)) + r"),?\s+(?P<name>[A-Z][a-z'\-]+)\b")


def en_possessed_pets(text: str) -> list[NamedPet]:
    """"my neighbor's cat Oreo", "Sam's dog Rocky": a name after a species word owned by
    someone named by a possessive (the "my/our cat X" shape is ``names._EN_PET_NAMED``)."""
    out = []
    for m in _en_species_rx().finditer(text):
        if _EN_POSSESSOR.search(text[:m.start()]):
            out.append(NamedPet(m.start("name"), m.end("name"), m.group("name"), m.span("species")))
    return out


def thing_name_ends(token: tuple[str, str, int]) -> bool:
    """Whether the token after a thing's name (可乐, 馒头) read right after a species word ends
    it as a pet's name: 拉布拉多可乐今年十二岁了 is a dog, 猫咪面包最爱吃 is bread — a clause's
    end, a time, an age or a pet's end, nothing else."""
    word, flag, _ = token
    return flag in ("x", "t", "m") or word in ("已经", "走", "走了", "死", "死了", "丢", "丢了")


def owner_of(text: str, species_start: int, self_name: str = "self") -> str | None:
    """Whose pet the species word at ``species_start`` is: ``self_name`` for the speaker, a
    person's name for someone of the user's circle or a named person ("neighbor", 朋友,
    妈妈, "sam"), "" for someone else (他家的狗, "his dog") and None when nobody is said."""
    before = text[:species_start]
    if re.search(r"[\u4e00-\u9fff]", text[species_start:species_start + 1]):
        before = re.sub(r"(?:叫做|名叫|叫)[\u4e00-\u9fffA-Za-z]{1,4}的$", "", before)  # 一只叫可乐的猫
        clause = re.split(r"[。！？!?；;]", before)[-1]
        if _ZH_OTHER_OWNER.search(clause):
            return ""
        ties = sorted((*TIES_ZH, *_ZH_REL, *_ZH_REL.values(), "儿子", "女儿", "老公", "老婆"), key=len, reverse=True)
        tie = re.search(r"(?:我的?|^|[，,\s])(?P<tie>" + "|".join(map(re.escape, ties)) + r")(?:家)?的?"
                        r"(?:[^，,。！？]{0,8}?(?:养了|有|领养了|收养了|捡了|买了))?(?:一只|只|那只|这只|一条|条)?$", clause)
        if tie:
            return _ZH_REL.get(tie.group("tie"), tie.group("tie"))
        if _ZH_SELF_OWNER.search(clause) or _ZH_SELF_SUBJECT.search(clause) or _ZH_SELF_ADOPTED.search(clause):
            return self_name  # 我家的猫咪年糕, 前天领养了橘猫馒头 (the teller's own verb, nobody else named)
        return None
    possessor = _EN_POSSESSOR.search(before)
    if possessor:
        if possessor.group("my"):
            tie = possessor.group("tie").lower()
            return tie if tie in TIES_EN or tie in _EN_RELATIVES else ""
        return possessor.group("name").lower()
    if re.search(r"\b(?:my|our)\s+(?:old |little |new |sweet |beloved )*$", before, re.IGNORECASE):
        return self_name
    return None


_EN_RELATIVES = frozenset({"mom", "dad", "mother", "father", "sister", "brother", "son", "daughter", "wife",
                           "husband", "cousin", "aunt", "uncle", "grandma", "grandpa", "parents", "niece", "nephew"})
