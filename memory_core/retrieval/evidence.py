"""Evidence strength of a finding: does it *state* what the question asks, or only hint at it?

Generic, not special-cased: the question's grounding plan says what it asks for (a target —
category members, named entities or content terms — and a predicate family); a finding is

* ``direct``   — names the target and states the relation explicitly ("I bought an air fryer");
* ``indirect`` — names the target but only implies the relation ("my *new* pressure cooker") or
  does not state it at all; the package then tells the answerer to word it conservatively;
* ``weak``     — does not name the target (retrieved by similarity only), or is not fact
  evidence at all (the assistant's words, a question).

The evidence phrase ("new pressure cooker" / "新的高压锅") is the target with its modifiers, so
the answer can say exactly what the memory contains.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..lexicon.categories import CATEGORIES, members_in
from ..policy import FACT_MODES, EvidenceClass, QueryMode
from ..text.stopwords import STOPWORDS
from .plan import QueryPlan
from .predicates import FAMILY_BY_NAME, match_family

DIRECT, INDIRECT, WEAK = "direct", "indirect", "weak"
#: modes that ask about a period or a theme, not a specific thing
UNTARGETED_MODES = frozenset({QueryMode.SUMMARY, QueryMode.ACTIVITY_SUMMARY, QueryMode.EVENT_STREAM})
_FACT_AUTHORS = frozenset({"user", "external"})
_NON_FACT_CLASSES = frozenset({EvidenceClass.USER_QUESTION.value, EvidenceClass.ASSISTANT_GENERATED.value,
                               EvidenceClass.USER_HYPOTHETICAL.value,
                               EvidenceClass.USER_INSTRUCTION.value})
_CATEGORY = {c.key: c for c in CATEGORIES}
_ZH_STOP_CHARS = set("用在把给和了是想要个一这那我你他她它的得地着过为让被从到跟与及或")


@dataclass(frozen=True, slots=True)
class Assessment:
    strength: str
    target: str | None  # what of the question's target the text names
    predicate: str  # explicit | implied | none
    cue: str | None
    phrase: str | None
    reason: str

    def to_json(self) -> dict:
        return {"strength": self.strength, "target": self.target, "predicate": self.predicate,
                "cue": self.cue, "phrase": self.phrase, "reason": self.reason}


def _is_cjk(s: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in s)


def evidence_phrase(content: str, target: str) -> str:
    """The target with the modifiers right before it ("my new pressure cooker" → "new pressure
    cooker"; "用新的高压锅" → "新的高压锅")."""
    lowered = content.lower()
    pos = lowered.find(target.lower())
    if pos < 0:
        return target
    original = content[pos:pos + len(target)]
    if _is_cjk(target):
        i = pos
        prefix = ""
        while i > 0 and len(prefix) < 4:
            ch = content[i - 1]
            if not _is_cjk(ch) or (ch in _ZH_STOP_CHARS and ch != "的"):
                break
            if ch == "的" and prefix:
                break
            prefix = ch + prefix
            i -= 1
        if prefix and not prefix.endswith("的") and len(prefix) > 2:
            prefix = ""
        return prefix + original
    words = re.findall(r"[A-Za-z][A-Za-z\-']*", content[:pos])
    mods: list[str] = []
    for w in reversed(words[-3:]):
        if w.lower() in STOPWORDS or w.lower() in ("with", "to", "for", "from", "using"):
            break
        mods.insert(0, w)
        if len(mods) == 2:
            break
    # only keep modifiers adjacent to the target (no punctuation in between)
    between = content[:pos].rstrip()
    if mods and not between.lower().endswith(mods[-1].lower()):
        mods = []
    return " ".join([*mods, original])


def find_target(plan: QueryPlan, content: str) -> str | None:
    """What the question asks about, as named in ``content`` (None if not named)."""
    lowered = content.lower()
    anchor = plan.anchor.text.lower() if plan.anchor else ""
    if plan.target_category in _CATEGORY:
        for member, cat in members_in(content):
            if cat.key != plan.target_category and member not in _CATEGORY[plan.target_category].members:
                continue
            if anchor and (member.lower() in anchor or anchor in member.lower()):
                continue
            return member
    for mention in plan.entity_mentions:
        m = mention.lower()
        if anchor and (m in anchor or anchor in m):
            continue
        if m in lowered:
            return mention
    terms = [t for t in plan.target_terms if len(t) > 1]
    if terms:
        found = [t for t in terms if t in lowered]
        if len(found) * 2 >= len(terms):
            return " ".join(found)
    return None


def assess_layer_hit(plan: QueryPlan, *, kind: str, text: str, payload: dict, preferred: bool) -> Assessment:
    """A derived hit's strength from what the layer says about it (an L2 edge's predicate family
    and directness, an assertion's trait), else from its text; a summary or skill of the mode's
    preferred layer is at least indirect material."""
    given = payload.get("evidence_strength")
    if given in (DIRECT, INDIRECT, WEAK):
        return Assessment(given, None, "explicit", None, None, "as reported by the layer")
    family = plan.predicate_family
    zh = _is_cjk(plan.query)
    if kind == "edge" and payload.get("family") and (family is None or payload["family"] == family):
        explicit = payload.get("directness") == "explicit"
        return Assessment(DIRECT if explicit else INDIRECT, payload.get("object"),
                          "explicit" if explicit else "implied", payload.get("predicate"), payload.get("object"),
                          (f"结构化关系 {payload.get('predicate')}（{'明确' if explicit else '推断'}）" if zh else
                           f"structured relation {payload.get('predicate')} ({payload.get('directness')})"))
    if kind == "assertion" and family and payload.get("trait") == family:
        current = bool(payload.get("current", True))
        return Assessment(DIRECT if current else INDIRECT, payload.get("value"), "explicit", payload.get("trait"),
                          payload.get("value"), ("当前有效的断言" if current else "已不再有效的断言") if zh else
                          ("a current assertion" if current else "an assertion no longer current"))
    a = assess(plan, content=text, author_type="external", evidence_class=None)
    if a.strength == WEAK and preferred:
        return Assessment(INDIRECT, a.target, a.predicate, a.cue, a.phrase,
                          "该层的摘要/经验（引用了事件）" if zh else
                          "derived from the cited events by the layer this mode prefers")
    return a


def assess(plan: QueryPlan, *, content: str, author_type: str, evidence_class: str | None) -> Assessment:
    family = FAMILY_BY_NAME.get(plan.predicate_family or "")
    target = find_target(plan, content)
    pm = match_family(content, family)
    phrase = evidence_phrase(content, target) if target else None
    zh = _is_cjk(plan.query)
    record = (family.record_zh if zh else family.record_en) if family else ("记录" if zh else "record")
    if author_type not in _FACT_AUTHORS or (evidence_class or "") in _NON_FACT_CLASSES:
        who = "assistant" if author_type == "assistant" else (evidence_class or author_type)
        if target is not None and plan.mode not in FACT_MODES:
            # conversation modes ask what was *said*: naming the target is real (if indirect) evidence
            return Assessment(INDIRECT, target, pm.level, pm.cue, phrase,
                              (f"对话中{'助手' if who == 'assistant' else '用户'}提到“{phrase}”（是说过的话，不是用户事实）"
                               if zh else f'the {who} said "{phrase}" in conversation (what was said, '
                                          f'not a fact about the user)'))
        return Assessment(WEAK, target, pm.level, pm.cue, phrase,
                          (f"来自{'助手的回答' if who == 'assistant' else who}，不是用户陈述的事实" if zh else
                           f"said by the {who}, not a fact stated by the user"))
    if target is None and plan.mode in UNTARGETED_MODES:
        # "what was I busy with last week": any recorded activity of the period is material
        return Assessment(INDIRECT, None, pm.level, pm.cue, None,
                          "这段时间记录下的活动（不是对问题的直接回答）" if zh else
                          "recorded activity of the period (material to summarise, not a direct answer)")
    if target is None:
        return Assessment(WEAK, None, pm.level, pm.cue, None,
                          "没有直接提到问题所问的对象（仅相似）" if zh else
                          "does not name what the question asks about (similarity only)")
    if pm.level == "explicit":
        return Assessment(DIRECT, target, pm.level, pm.cue, phrase,
                          (f"明确提到“{phrase}”" if zh else f'states "{phrase}" explicitly'))
    if pm.level == "implied":
        return Assessment(INDIRECT, target, pm.level, pm.cue, phrase,
                          (f"只提到“{phrase}”，不是明确的{record}" if zh else
                           f'mentions "{phrase}", not an explicit {record}'))
    return Assessment(INDIRECT, target, pm.level, pm.cue, phrase,
                      (f"提到“{phrase}”，但没有明确的{record}" if zh else
                       f'mentions "{phrase}" but is not an explicit {record}'))
