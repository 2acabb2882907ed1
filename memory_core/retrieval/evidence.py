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

Derived (layer) hits are judged by the same plan, from what the layer reports: an L2 edge of a
family that states the asked one (``PredicateFamily.edge_families``), a current assertion of a
trait the family is answered by (live → residence, like → preference, stress → stress), a
summary whose window fits the asked period, the skill of the tool the question names. And a
"before/after X" question has a reference point: what is *about X* (the anchor event, the same
purchase told in another language, an L2 edge to X) is not an answer candidate
(:func:`about_anchor`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from functools import lru_cache
from typing import Any, Sequence

from ..lexicon.categories import CATEGORIES, equivalents, members_in, same_thing
from ..policy import EVIDENCE_WINDOW_FIT_DIRECT, FACT_MODES, EvidenceClass, QueryMode
from ..text.segment import query_terms
from ..text.stopwords import STOPWORDS
from .intent import MODE_RULES
from .plan import QueryPlan
from .predicates import FAMILY_BY_NAME, PredicateFamily, cue_words, family_for_trait, find_cue, match_family

DIRECT, INDIRECT, WEAK = "direct", "indirect", "weak"
#: modes that ask about a period or a theme, not a specific thing
UNTARGETED_MODES = frozenset({QueryMode.SUMMARY, QueryMode.ACTIVITY_SUMMARY, QueryMode.EVENT_STREAM})
_FACT_AUTHORS = frozenset({"user", "external"})
_NON_FACT_CLASSES = frozenset({EvidenceClass.USER_QUESTION.value, EvidenceClass.ASSISTANT_GENERATED.value,
                               EvidenceClass.USER_HYPOTHETICAL.value,
                               EvidenceClass.USER_INSTRUCTION.value})
_CATEGORY = {c.key: c for c in CATEGORIES}
#: "now", "currently", 现在: they ask *when*, they are not what an answer names
_STATE_WORDS = next(r.pattern for r in MODE_RULES if r.rule_id == "current_state_cue")
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


def is_named(text: str, name: str) -> bool:
    """``name`` occurs in ``text``: substring for Chinese, whole words for Latin ("cat" is not
    named by "category")."""
    if not name:
        return False
    if _is_cjk(name):
        return name.lower() in text.lower()
    return find_cue(text, (name.lower(),)) is not None


@lru_cache(maxsize=256)
def anchor_names(anchor_text: str) -> tuple[str, ...]:
    """Every name of the anchor's thing: the lexicon members the anchor names and their
    equivalents in the other language ("买空气炸锅" → 空气炸锅, air fryer)."""
    names: list[str] = []
    for member, _cat in members_in(anchor_text):
        names.extend(equivalents(member))
    return tuple(dict.fromkeys(names))


def is_anchor_name(plan: QueryPlan, name: str) -> bool:
    """Whether ``name`` is (a name of) the anchor's thing."""
    if plan.anchor is None or not name:
        return False
    anchor = plan.anchor.text.lower()
    n = name.lower().strip()
    return n in anchor or anchor in n or any(same_thing(n, a) for a in anchor_names(plan.anchor.text))


def _subject_words(plan: QueryPlan) -> frozenset[str]:
    """The question's subject when it is someone other than the user ("What did Caroline
    research?"): naming Caroline is not naming what is asked about her."""
    if not plan.subject or plan.subject == "user":
        return frozenset()
    return frozenset({plan.subject.lower(), *(w.lower() for w in plan.subject.split())})


def _open_target(plan: QueryPlan, family: PredicateFamily | None) -> bool:
    """The question asks for *whatever* stands in the relation ("what did I buy", "where do I
    live"): it names a family but no category, no thing and no other content word."""
    if family is None or plan.target_category:
        return False
    subject = _subject_words(plan)
    return not any(not is_anchor_name(plan, m) and m.lower() not in subject for m in plan.entity_mentions)


def find_target(plan: QueryPlan, content: str) -> str | None:
    """What the question asks about, as named in ``content`` (None if not named). Names of the
    anchor's thing never count: in "before the air fryer" the air fryer is the reference point."""
    lowered = content.lower()
    family = FAMILY_BY_NAME.get(plan.predicate_family or "")
    members = members_in(content)
    if plan.target_category in _CATEGORY:
        cat_members = _CATEGORY[plan.target_category].members
        for member, cat in members:
            if cat.key != plan.target_category and member not in cat_members:
                continue
            if is_anchor_name(plan, member):
                continue
            return member
    subject = _subject_words(plan)
    for mention in plan.entity_mentions:
        if is_anchor_name(plan, mention) or mention.lower() in subject:
            continue
        for name in equivalents(mention):  # 高压锅 names the question's "pressure cooker"
            if is_named(lowered, name):
                return mention if name == mention.lower() else name
    cues = cue_words(family)
    terms = [t for t in plan.target_terms
             if len(t) > 1 and t.lower() not in cues and not _STATE_WORDS.fullmatch(t) and t.lower() not in subject]
    if terms:
        found = [t for t in terms if t in lowered]
        if len(found) * 2 >= len(terms):
            return " ".join(found)
        return None
    if _open_target(plan, family):
        if family is not None and family.state:  # "am I stressed": stating the state is the answer
            hit = find_cue(content, family.explicit_cues)
            return hit[0] if hit else None
        types = family.object_types if family else ()
        for member, cat in members:
            if is_anchor_name(plan, member) or (types and cat.entity_type not in types):
                continue
            return member
    return None


def is_targeted(plan: QueryPlan) -> bool:
    """Whether the question asks about something a finding can name (a category, a thing, a
    content word, or an open target of a relation); period and theme questions do not."""
    if plan.mode in UNTARGETED_MODES:
        return False
    family = FAMILY_BY_NAME.get(plan.predicate_family or "")
    subject = _subject_words(plan)
    if plan.target_category or any(not is_anchor_name(plan, m) and m.lower() not in subject
                                   for m in plan.entity_mentions):
        return True
    cues = cue_words(family)
    if any(len(t) > 1 and t.lower() not in cues and not _STATE_WORDS.fullmatch(t) and t.lower() not in subject
           for t in plan.target_terms):
        return True
    return _open_target(plan, family)


def about_anchor(plan: QueryPlan, content: str, *, linked: bool = False) -> bool:
    """Whether ``content`` is about the anchor's thing and nothing the question asks for: it names
    the anchor (any of its names; for an anchor outside the lexicon, all its content words — or
    ``linked``: L2 links the event to the anchor's entity) and no target. Such a finding is the
    reference point ("I just bought an air fryer" for "before the air fryer"), not an answer.
    A question that asks for nothing in particular ("what did I do after X") cannot tell, so
    nothing is about the anchor there but the anchor event itself."""
    if plan.anchor is None or not is_targeted(plan):
        return False
    lowered = content.lower()
    names = anchor_names(plan.anchor.text)
    if linked:
        named = True
    elif names:
        named = any(is_named(lowered, n) for n in names)
    else:
        cues = cue_words(FAMILY_BY_NAME.get(plan.predicate_family or ""))
        words = [t for t in query_terms(plan.anchor.text) if len(t) > 1 and t.lower() not in cues]
        named = bool(words) and all(t.lower() in lowered for t in words)
    return named and find_target(plan, content) is None


def window_fit(plan: QueryPlan, start: Any, end: Any) -> float | None:
    """How well a layer row's window matches the question's: the smaller of the two coverages
    (overlap / each window's length; 1 = the same window, 0.5 = each covers half of the other).
    None when not comparable (no window, an open one)."""
    w = plan.time_window
    if w is None or not isinstance(start, (int, float)) or not isinstance(end, (int, float)) or end <= start:
        return None
    q0 = w.start
    q1 = w.end if w.end is not None else plan.now
    if q0 is None or q1 is None or q1 <= q0:
        return None
    inter = max(0.0, min(end, q1) - max(start, q0))
    return min(inter / (end - start), inter / (q1 - q0))


def names_tool(plan: QueryPlan, tool: str) -> bool:
    """The question names this tool ("the web_search tool", "web search")."""
    t = tool.lower().strip()
    if not t:
        return False
    q = plan.query.lower()
    return t in q or t.replace("_", " ") in q or any(m.lower() == t for m in plan.entity_mentions)


def layer_hit_about_anchor(plan: QueryPlan, *, kind: str, text: str, payload: dict) -> bool:
    """A derived hit about the anchor's thing: an edge or assertion whose object / value is the
    anchor (any of its names), else judged by its text."""
    if plan.anchor is None:
        return False
    obj = payload.get("object") if kind == "edge" else payload.get("value") if kind == "assertion" else None
    if isinstance(obj, str) and obj:
        return is_anchor_name(plan, obj)
    return about_anchor(plan, text)


#: layer rows that state something about a subject (the user, for an L2 grounded on the user)
_SUBJECT_KINDS = frozenset({"edge", "assertion", "snapshot"})


def assess_layer_hit(plan: QueryPlan, *, kind: str, text: str, payload: dict, preferred: bool,
                     event_times: Sequence[float] | None = None, user_subject: bool = False) -> Assessment:
    """A derived hit's strength from what the layer says about it, by the plan's own tables:

    * edge — its L2 family states the asked family (explicit → direct, implied → indirect) or
      only implies it (OWNS for "did I buy": indirect);
    * assertion — its trait answers the asked family (``PredicateFamily.traits``): direct while
      current; with no family asked, when the question names its trait or value;
    * summary — in a period question, its window fits the asked one (each covers at least
      ``EVIDENCE_WINDOW_FIT_DIRECT`` of the other) and some event it cites (``event_times``)
      happened inside the asked period; or it names the asked target: direct;
    * skill — it is the skill of the tool the question names: direct;
    otherwise from its text; a row of the mode's preferred layer is at least indirect material.
    ``user_subject``: the layer grounded the question on the user while it asks about someone
    else — its relations and traits are the user's, so they are weak evidence here.
    """
    given = payload.get("evidence_strength")
    if given in (DIRECT, INDIRECT, WEAK):
        return Assessment(given, None, "explicit", None, None, "as reported by the layer")
    family = FAMILY_BY_NAME.get(plan.predicate_family or "")
    zh = _is_cjk(plan.query)
    if user_subject and kind in _SUBJECT_KINDS:
        return Assessment(WEAK, None, "none", None, None,
                          (f"关于用户本人，而问题问的是{plan.subject}" if zh else
                           f"about the user, while the question asks about {plan.subject}"))
    if kind == "edge" and payload.get("family"):
        efam = payload["family"]
        pred = payload.get("predicate")
        explicit = payload.get("directness") == "explicit"
        if family is not None:
            answers = efam in family.edge_families or efam == family.name
        else:
            # with no family asked, a relation answers only a question that names its object or
            # what the layer matched in its text ("What did I have for lunch?" is not answered by
            # "user OWNS domino", a cat the edge-embedding search found close)
            obj = str(payload.get("object") or "")
            answers = bool(obj and is_named(plan.query.lower(), obj.lower())) or find_target(plan, text) is not None
        if answers:
            return Assessment(DIRECT if explicit else INDIRECT, payload.get("object"),
                              "explicit" if explicit else "implied", pred, payload.get("object"),
                              (f"结构化关系 {pred}（{'明确' if explicit else '推断'}）" if zh else
                               f"structured relation {pred} ({payload.get('directness')})"))
        if family is not None and efam in family.implied_edge_families:
            record = family.record_zh if zh else family.record_en
            return Assessment(INDIRECT, payload.get("object"), "implied", pred, payload.get("object"),
                              (f"结构化关系 {pred} 只能推出，不是明确的{record}" if zh else
                               f"structured relation {pred} implies it, but is not an explicit {record}"))
    if kind == "assertion" and payload.get("trait"):
        trait = str(payload["trait"])
        value = str(payload.get("value") or "")
        if family is not None:
            answers = family_for_trait(trait) is family
        else:
            words = {t.lower() for t in plan.target_terms}
            answers = trait.lower() in words or (bool(value) and is_named(plan.query.lower(), value.lower()))
        if answers:
            current = bool(payload.get("current", True))
            return Assessment(DIRECT if current else INDIRECT, value or None, "explicit", trait, value or None,
                              ("当前有效的断言" if current else "已不再有效的断言") if zh else
                              ("a current assertion" if current else "an assertion no longer current"))
    if kind == "summary":
        named = find_target(plan, text)
        fit = window_fit(plan, payload.get("window_start"), payload.get("window_end"))
        if fit is not None and fit >= EVIDENCE_WINDOW_FIT_DIRECT and (plan.mode in UNTARGETED_MODES or named):
            inside = event_times is None or any(plan.time_window.contains(t) for t in event_times)
            if inside:
                return Assessment(DIRECT, named, "explicit", None, None,
                                  (f"所问时间段的摘要（窗口重合度 {fit:.2f}）" if zh else
                                   f"a summary of the period asked about (window overlap {fit:.2f})"))
            return Assessment(INDIRECT, named, "none", None, None,
                              ("相邻时间段的摘要：它引用的事件都不在所问时间段内" if zh else
                               "a summary of an overlapping period: none of the events it cites "
                               "happened in the period asked about"))
        if plan.time_window is None and named and plan.mode in UNTARGETED_MODES:
            return Assessment(DIRECT, named, "explicit", None, evidence_phrase(text, named),
                              (f"关于“{named}”的摘要" if zh else f'a summary about "{named}"'))
    if kind == "skill":
        tool = str(payload.get("tool_name") or "")
        if names_tool(plan, tool):
            return Assessment(DIRECT, tool, "explicit", None, tool,
                              (f"问题所问工具 {tool} 的经验记录" if zh else
                               f"the skill record of the tool the question names ({tool})"))
    a = assess(plan, content=text, author_type="external", evidence_class=None)
    if kind == "episode" and a.strength == DIRECT:
        # an episode line (time span + topic words) bounds a stretch of events; it states nothing
        return Assessment(INDIRECT, a.target, a.predicate, a.cue, a.phrase,
                          (f"一段经历的主题词提到“{a.phrase}”（以其中的事件为准）" if zh else
                           f'an episode\'s topic words name "{a.phrase}" (its events are the evidence)'))
    if kind == "summary" and a.strength == DIRECT and plan.mode in FACT_MODES:
        # a summary restates events: in a fact question the cited events are the evidence
        return Assessment(INDIRECT, a.target, a.predicate, a.cue, a.phrase,
                          (f"摘要中提到“{a.phrase}”（复述事件；以引用的事件为准）" if zh else
                           f'a summary mentions "{a.phrase}" (it restates events; the cited events are the evidence)'))
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
