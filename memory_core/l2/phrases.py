"""L2 conclusions in words a person reads, in English or Chinese.

Why: a derived finding's ``content`` is written for a model ("user OWNS pressure cooker
(product; direct; first …)"). Quoted into an answer it reads as a database row, and inside a
Chinese answer it is the one English sentence. The answer (and any view that shows the finding)
renders it from the structured ``facts`` the finding carries instead: the predicate or trait as
a phrase of the answer's language, the object or value as stored (a name is a name in both
languages), and its status as of the question (no longer / earlier, with the date).

Pure data and pure functions: no database, unit-testable.
"""

from __future__ import annotations

from datetime import datetime, timezone
from types import MappingProxyType
from typing import Any, Mapping

#: predicate -> (English verb phrase after "you", Chinese verb after 你). Open predicates that
#: are not listed fall back to the predicate's words in lower case ("WORKS_ON" -> "works on").
PREDICATE_PHRASES: Mapping[str, tuple[str, str]] = MappingProxyType({
    "LIKES": ("like", "喜欢"), "DISLIKES": ("dislike", "不喜欢"), "PREFERS": ("prefer", "更喜欢"),
    "INTERESTED_IN": ("are interested in", "对…感兴趣"),
    "BOUGHT": ("bought", "买了"), "OWNS": ("own", "拥有"), "SOLD": ("sold", "卖掉了"),
    "GAVE_AWAY": ("gave away", "送走了"), "HAS_PET": ("have a pet:", "养了"),
    "DRIVES": ("drive", "开"), "FOLLOWS_DIET": ("follow the diet", "饮食是"), "USES": ("use", "使用"),
    "WANTS": ("want", "想要"), "PLANS_TO": ("plan to", "打算"),
    "LIVES_IN": ("live in", "住在"), "MOVED_TO": ("moved to", "搬到了"), "IS_FROM": ("are from", "来自"),
    "VISITED": ("visited", "去过"), "WORKS_AT": ("work at", "在…工作"), "WORKS_ON": ("work on", "在做"),
    "STUDIES_AT": ("study at", "在…上学"), "STUDIES": ("study", "学习"),
    "LISTENED_TO": ("listened to", "听了"), "WATCHED": ("watched", "看了"), "READ": ("read", "读了"),
    "PLAYED": ("played", "玩了"), "PRACTICES": ("practise", "练习"), "ATE": ("ate", "吃了"),
    "KNOWS": ("know", "认识"), "FAMILY_OF": ("are family of", "是…的家人"),
    "MARRIED_TO": ("are married to", "和…结婚了"), "DATING": ("are dating", "在和…交往"),
    "HAS_CONDITION": ("have", "患有"), "MEMBER_OF": ("are a member of", "是…的成员"),
})

#: trait -> (English name, Chinese name)
TRAIT_NAMES: Mapping[str, tuple[str, str]] = MappingProxyType({
    "residence": ("home", "居住地"), "employer": ("employer", "工作单位"), "vehicle": ("vehicle", "座驾"),
    "diet": ("diet", "饮食"), "hometown": ("hometown", "家乡"), "school": ("school", "学校"),
    "spouse": ("spouse", "配偶"), "partner": ("partner", "伴侣"), "health": ("health", "健康状况"),
    "pet": ("pet", "宠物"), "preference": ("preference", "偏好"), "interest": ("interest", "兴趣"),
    "hobby": ("hobby", "爱好"), "allergy": ("allergy", "过敏"), "skill": ("skill", "技能"),
    "language": ("language", "语言"), "dislike": ("dislike", "不喜欢的"), "goal": ("goal", "目标"),
    "habit": ("habit", "习惯"), "mood": ("mood", "心情"), "emotion": ("feeling", "情绪"),
    "stress": ("stress", "压力"), "occupation": ("occupation", "职业"),
    "relationship": ("relationship", "感情状况"),
})

#: values L2 stores as an English canonical word (extraction reads 吃素 as "vegetarian") and
#: their Chinese words, so a Chinese answer does not say 你的饮食：vegetarian
VALUE_NAMES_ZH: Mapping[str, str] = MappingProxyType({
    "vegetarian": "素食", "vegan": "纯素", "pescatarian": "鱼素（吃鱼不吃肉）", "keto": "生酮饮食",
})


def _value(value: str, zh: bool) -> str:
    return VALUE_NAMES_ZH.get(value.strip().lower(), value) if zh else value


def _day(t: Any) -> str | None:
    try:
        return datetime.fromtimestamp(float(t), tz=timezone.utc).strftime("%Y-%m-%d")
    except (TypeError, ValueError, OverflowError, OSError):
        return None


def _verb(predicate: str, zh: bool) -> str:
    words = PREDICATE_PHRASES.get(predicate)
    if words is not None:
        return words[1 if zh else 0]
    return predicate.replace("_", " ").lower()


def _zh_with_object(verb: str, obj: str) -> str:
    """Chinese verbs that wrap their object ("在…工作") take it inside; the others before it."""
    return verb.replace("…", obj) if "…" in verb else f"{verb}{obj}"


def _trait_name(trait: str, zh: bool) -> str:
    names = TRAIT_NAMES.get(trait)
    return names[1 if zh else 0] if names else trait.replace("_", " ")


def _trait_clause(trait: str, value: str, polarity: Any, zh: bool) -> str:
    negative = polarity in (0, False, "0")
    value = _value(value, zh)
    if zh:
        return f"{_trait_name(trait, True)}：{'不是' if negative else ''}{value}"
    return f"{_trait_name(trait, False)}: {'not ' if negative else ''}{value}"


#: English verbs of PREDICATE_PHRASES that keep their form after a third person
_EN_PAST = frozenset({"bought", "sold", "gave", "moved", "visited", "listened", "watched", "read", "played", "ate"})
_EN_THIRD = {"are": "is", "have": "has"}


def _third_person(verb: str) -> str:
    """"live in" -> "lives in", "are dating" -> "is dating", "study at" -> "studies at"."""
    first, _, rest = verb.partition(" ")
    if first in _EN_THIRD:
        first = _EN_THIRD[first]
    elif first not in _EN_PAST:
        if first.endswith("y") and first[-2:-1] not in "aeiou":
            first = first[:-1] + "ies"
        elif first.endswith(("s", "sh", "ch", "x", "o")):
            first += "es"
        else:
            first += "s"
    return f"{first} {rest}".strip()


def describe(kind: str, facts: Mapping[str, Any], lang: str) -> str | None:
    """The conclusion of a derived finding as a sentence of ``lang`` ('en' | 'zh'), or None when
    ``facts`` do not carry what its kind needs (the caller then shows the finding's own text)."""
    zh = lang == "zh"
    who = str(facts.get("subject") or "")  # someone other than the user, else ""
    if kind == "edge" and facts.get("predicate") and facts.get("object"):
        obj = _value(str(facts["object"]), zh)
        verb = _verb(str(facts["predicate"]), zh)
        ended = facts.get("status") not in (None, "", "active")
        day = _day(facts.get("valid_to"))
        if zh:
            text = (who or "你") + _zh_with_object(verb, obj)
            return text + (f"（已不再如此{'，自 ' + day if day else ''}）" if ended else "")
        said = f"{who} {_third_person(verb)}" if who else f"you {verb}"
        return f"{said} {obj}" + (f" (no longer{', since ' + day if day else ''})" if ended else "")
    if kind == "assertion" and facts.get("trait") and facts.get("value") is not None:
        clause = _trait_clause(str(facts["trait"]), str(facts["value"]), facts.get("polarity", 1), zh)
        if facts.get("current") is False:
            day = _day(facts.get("valid_to"))
            clause += (f"（以前如此{'，到 ' + day + ' 为止' if day else ''}）" if zh
                       else f" (earlier{', until ' + day if day else ''})")
        if who:
            return f"{who}的{clause}" if zh else f"{who}'s {clause}"
        return ("你的" if zh else "your ") + clause
    if kind == "snapshot" and facts.get("parts"):
        clauses = [_trait_clause(str(t), str(v), p, zh) for t, p, v in facts["parts"]]
        if who:
            return (f"{who}现在的情况：" + "；".join(clauses)) if zh else (f"how {who} is now: " + "; ".join(clauses))
        return ("你现在的情况：" + "；".join(clauses)) if zh else ("how you are now: " + "; ".join(clauses))
    return None


def later_about(name: str, zh: bool) -> str:
    """What a later statement shares with the top current-state finding: the thing named."""
    return f"提到“{_value(name, True)}”" if zh else f"about {name!r}"


def later_change(trait: str, old: str, new: str, zh: bool) -> str:
    """What a later statement changed: the trait, from the old value to the new one."""
    if zh:
        return f"把{_trait_name(trait, True)}从“{_value(old, True)}”改成了“{_value(new, True)}”"
    return f"that changed {trait} from {old!r} to {new!r}"


def later_end(trait: str, value: str, zh: bool) -> str:
    """What a later statement ended: the trait's value, with nothing said in its place."""
    if zh:
        return f"结束了{_trait_name(trait, True)}“{_value(value, True)}”"
    return f"that ended {trait} {value!r}"


def later_taken(value: str, zh: bool) -> str:
    """A line that took a new one while an ended value was still held (the new car bought before
    the old one was sold)."""
    if zh:
        return f"在“{_value(value, True)}”结束之前换上的新的"
    return f"a new one taken before {value!r} ended"


def later_correction(day: str, zh: bool) -> str:
    """A line that corrected what the first finding said."""
    if zh:
        return f"用户在 {day} 更正了之前说的"
    return f"the user corrected what was said before ({day})"


def later_plan(day: str, zh: bool) -> str:
    """A plan told with its name that a later line (``day``) carried out in words naming nothing."""
    if zh:
        return f"{day} 那条说开始了的话，说的就是这个计划"
    return f"the plan the line of {day} carried out"


#: a question family's state in words (``retrieval.predicates`` family names)
_FAMILY_WORDS = {"work": ("job", "工作"), "residence": ("home", "住处"), "vehicle": ("car", "车"),
                 "pet": ("pet", "宠物"), "diet": ("diet", "饮食"), "relationship": ("relationship", "感情状况"),
                 "health": ("health", "健康状况"), "school": ("school", "学业")}


def later_family_change(family: str, cue: str, zh: bool) -> str:
    """What a later statement tells: a change of the state the question asks about, by its word."""
    en, cn = _FAMILY_WORDS.get(family, (family, family))
    return f"讲了{cn}的变化（“{cue}”）" if zh else f"that tells a change of {en} ({cue!r})"


def later_family_line(family: str, probability: float, zh: bool) -> str:
    """What a later statement tells, read by the state-line model (no word list named it)."""
    en, cn = _FAMILY_WORDS.get(family, (family, family))
    return (f"讲的是{cn}的现状（状态句模型，概率 {probability:.2f}）" if zh
            else f"that tells {en} (state-line model, p={probability:.2f})")


def later_reason(later_day: str, what: str, top_day: str, zh: bool) -> str:
    """Why a later statement is lifted above the finding of ``top_day``, in the question's
    language: the answer-facing reason reads whole in Chinese, not half in English."""
    if zh:
        return f"后来（{later_day}）的一句话{what}，正是 {top_day} 那条发现所说的对象：以它为准看现在的情况"
    return f"a later statement ({later_day}) {what}, which the finding of {top_day} is about: how it stands now"
