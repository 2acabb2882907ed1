"""The rule-based intent parser: question text → :class:`~.plan.QueryPlan`.

The design has the calling LLM pick ``query_mode``; when a caller gives none (the CLI, the GUI's
search box, an eval), these ordered rules pick one — first hit wins, and the rule id goes into
the plan (``mode_reason``) so the trace says *why* a question was treated as, say, a fact
question. The same pass extracts everything else the grounding plan needs: time window /
anchor, content terms, entity mentions, the category or entity type asked for, the predicate
family, quoted phrases.

Rules are deliberately narrow and bilingual. The one structural rule worth calling out is
``not_about_user``: a question with no first-person reference ("What is the final step of
fact-checking?") is not about the user's life, so the user's own statements cannot be its
evidence — what was *said in the conversation* is, which is episode_recall's unrestricted scope.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..lexicon.categories import categories_named_in, members_in
from ..lexicon.concepts import concepts_named_in
from ..lexicon.names import ZH_KIN_FULL_NAME
from ..policy import MODE_SCOPES, QueryMode
from ..text.segment import query_terms
from .plan import Anchor, QueryPlan, TimeWindow
from .predicates import FAMILY_BY_NAME, question_families
from .timeparse import ParsedTime, parse_time


@dataclass(frozen=True, slots=True)
class ModeRule:
    rule_id: str
    mode: QueryMode
    pattern: re.Pattern[str]


def _r(p: str) -> re.Pattern[str]:
    return re.compile(p, re.I)


MODE_RULES: tuple[ModeRule, ...] = (
    ModeRule("strategy_cue", QueryMode.STRATEGY, _r(
        r"\bhow (?:did|do|should|can) (?:i|we|you) (?:handle|deal with|fix|solve|approach|use|run|call)\b"
        r"|\bwhat (?:worked|works|failed)\b|\b(?:strategy|workflow|procedure|playbook)\b"
        r"|\b\w+_\w+ tool\b|\bthe \w+ tool\b|怎么处理|如何处理|怎么解决|如何解决|用什么工具|工具.*(?:怎么|失败|成功)"
        r"|流程是什么|处理方式|经验")),
    ModeRule("summary_cue", QueryMode.SUMMARY, _r(
        r"\b(?:summari[sz]e|summary|overview|recap|sum up|in a nutshell)\b|总结|概括|汇总|回顾一下|综述")),
    ModeRule("activity_cue", QueryMode.ACTIVITY_SUMMARY, _r(
        r"\bwhat (?:was|were|have|had) (?:i|we) (?:been )?(?:busy|doing|up to|working on)\b"
        r"|\bbusy with\b|\bwhat did (?:i|we) (?:do|work on)\b|\bhow did (?:i|we) spend\b"
        r"|在忙什么|忙什么|忙些什么|做了什么|干了什么|都做了|做了哪些")),
    ModeRule("event_stream_cue", QueryMode.EVENT_STREAM, _r(
        r"\bwhat(?:'s| has)? happened (?:recently|lately|today|this week)\b|\brecent (?:events|activity)\b"
        r"|\btimeline\b|\bevent stream\b|\bwhat(?:'s| is) new\b|最近发生|发生了什么|翻翻|时间线|最近都有什么")),
    ModeRule("assistant_reference", QueryMode.EPISODE_RECALL, _r(
        r"\byou (?:said|told|mentioned|recommended|suggested|gave|wrote|listed|provided|shared|explained|"
        r"came up with|helped)\b|\b(?:did|do|would|could) you (?:say|tell|recommend|suggest|mention|"
        r"give|write|list|explain)\b|\byour (?:suggestion|recommendation|answer|advice|reply|response|list)\b"
        r"|\bour (?:previous |last |earlier )?(?:chat|conversation|discussion)\b|\bwe (?:talked|discussed|chatted)\b"
        r"|\bremind me what you\b|你(?:说过|推荐|建议|提到|告诉|给我|写的|列的)|我们(?:聊|讨论|谈)")),
    ModeRule("episode_cue", QueryMode.EPISODE_RECALL, _r(
        r"\b(?:what happened|tell me about) (?:when|during|on|at|that)\b|\bthat time\b|\bduring (?:the|my|our) trip\b"
        r"|那次|那阵子|那段时间|上次.*(?:时候|期间)|那个时候|经历")),
    ModeRule("temporal_compare_cue", QueryMode.TEMPORAL_COMPARE, _r(
        r"\bwhich (?:\w+ )?(?:came|happened|did i \w+) first\b|\bfirst,? (?:the|my)\b|\b(?:earlier|later) than\b"
        r"|\bbefore or after\b|\bhow (?:many|long) (?:days|weeks|months|years)\b"
        r"|\b(?:order of|in what order)\b|\bchanged? (?:from|since)\b|\bhow has .* changed\b"
        r"|先还是|哪个先|先后|之前还是之后|多久|几天|几个月|变化|哪一个更早")),
    ModeRule("current_state_cue", QueryMode.CURRENT_STATE, _r(
        r"\b(?:now|currently|current|these days|still|at the moment|at present|anymore|any more|nowadays)\b"
        r"|现在|目前|当前|如今|还在|还是|最新|仍然")),
    ModeRule("aggregate_cue", QueryMode.CROSS_SESSION, _r(
        r"\bhow many (?:times|different|of|kinds|types)\b|\bin total\b|\ball (?:the|my) \w+s\b|\bevery time\b"
        r"|\bacross\b|\beach time\b|\bhow many \w+s? (?:have|did|do) i\b|总共|一共|几次|多少次|所有的|每次|几个")),
)

#: "the user" counts: benchmark questions often speak of the user in the third person
_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself|we|us|our|ours|i'm|i've|i'd|i'll|the user)\b|我",
                           re.I)
_QUOTED = re.compile(r"\"([^\"]{2,80})\"|“([^”]{2,80})”|「([^」]{1,80})」|『([^』]{1,80})』|‘([^’]{2,80})’")
#: Capitalised names in English questions ("Wells Fargo", "Rachel"), not sentence-initial words.
_NAME = re.compile(r"(?<![.?!]\s)(?<!^)\b([A-Z][a-z0-9'’]+(?:\s+[A-Z][a-z0-9'’]+)*)\b")
_NAME_STOP = frozenset({"I", "What", "When", "Where", "Which", "Who", "How", "Why", "Do", "Did", "Can",
                        "Could", "Would", "Is", "Are", "Was", "Were", "The", "A", "An", "My", "In",
                        "On", "At", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
                        "Saturday", "Sunday", "January", "February", "March", "April", "May", "June",
                        "July", "August", "September", "October", "November", "December"})


def choose_mode(question: str, parsed: ParsedTime | None = None) -> tuple[QueryMode, str]:
    """The mode for ``question`` and the id of the rule that chose it."""
    for rule in MODE_RULES:
        if rule.mode is QueryMode.TEMPORAL_COMPARE and parsed is not None and parsed.anchor_text:
            return QueryMode.TEMPORAL_COMPARE, "anchor"
        if rule.pattern.search(question):
            return rule.mode, rule.rule_id
    if parsed is not None and parsed.anchor_text:
        return QueryMode.TEMPORAL_COMPARE, "anchor"
    if not _FIRST_PERSON.search(question):
        return QueryMode.EPISODE_RECALL, "not_about_user"
    return QueryMode.EXACT_FACT, "default"


def quoted_phrases(question: str) -> list[str]:
    return [next(g for g in m.groups() if g) for m in _QUOTED.finditer(question)]


#: a Chinese question about someone else starts with them: 小美在哪上班, 张伟现在住哪, 我妈还在…
_ZH_KIN_SUBJECT = re.compile(r"^[我俺咱](?:的)?(?P<kin>妈妈|妈|爸爸|爸|姐姐|姐|哥哥|哥|弟弟|弟|妹妹|妹|老婆|老公|女朋友|男朋友|"
                             r"儿子|女儿|同事|室友|朋友)(?=现在|目前|最近|还|在|住|是|有|开|养|和|跟|去|上班|工作|读|的)"
                             # 我女朋友是谁 / 叫什么: who the user's partner is, a state of the user
                             r"(?<!老婆(?=是谁|叫什么|叫啥|是哪))(?<!老公(?=是谁|叫什么|叫啥|是哪))"
                             r"(?<!朋友(?=是谁|叫什么|叫啥|是哪))")
_ZH_NAME_SUBJECT = re.compile(r"^(?P<name>[\u4e00-\u9fff]{2,3}?)(?=现在|目前|最近|还在|还是|还|在哪|在什么|住|是不是|有没有|"
                              r"开什么|养|和谁|跟谁|去哪|上班|工作|读书|的工作|的车|的宠物)")
_ZH_NOT_SUBJECT = re.compile(r"^(?:我|俺|你|您|他|她|它|咱|大家|这|那|哪|谁|什么|怎么|为什么|现在|目前|最近|今天|昨天|明天|"
                             r"去年|今年|上个|这个|那个|请问|帮我|告诉|家里|家中|屋里|院里)")


def chinese_subject(question: str) -> str | None:
    """Whom a Chinese question is about when it is not the user: a kin word after 我 (我妈现在住哪
    -> 妈妈, as the extractor names the user's mother) or a name that opens the question (小美在哪上班).
    None for a question about the user or with no such opening. L2 grounds the name only when
    it is a known entity, so a place or word read here by mistake changes nothing."""
    q = question.strip()
    m = _ZH_KIN_SUBJECT.match(q)
    if m:
        return ZH_KIN_FULL_NAME.get(m["kin"], m["kin"])
    m = _ZH_NAME_SUBJECT.match(q)
    if m and not _ZH_NOT_SUBJECT.match(m["name"]):
        return m["name"]
    return None


def entity_mentions(question: str, exclude: str = "") -> list[str]:
    """Things the question names: lexicon members, quoted phrases, capitalised names."""
    out: list[str] = []
    for member, _cat in members_in(question):
        if member not in out:
            out.append(member)
    for phrase in quoted_phrases(question):
        if phrase not in out:
            out.append(phrase)
    for m in _NAME.finditer(question):
        words = [w for w in m[1].split() if w not in _NAME_STOP]
        name = " ".join(words)
        if name and name.lower() not in (o.lower() for o in out):
            out.append(name)
    if exclude:
        ex = exclude.lower()
        out = [o for o in out if o.lower() not in ex and ex not in o.lower()] + \
              [o for o in out if o.lower() in ex or ex in o.lower()]
    return out


#: An identifier right before a category word ("the web_search tool", "the gpt-4o model", "my
#: Pixel7 phone") makes that word the head of a *name*: the question is about one named thing,
#: not about the kind, so the category must not widen it to every tool / phone in memory.
_IDENTIFIER = re.compile(r"^(?:[A-Za-z][\w.\-]*[_.\d][\w.\-]*|[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*)$")


def named_heads(text: str, categories: list[Any]) -> tuple[list[Any], list[str]]:
    """(categories the question really asks about, names of which a category word is the head)."""
    kept: list[Any] = []
    names: list[str] = []
    for cat in categories:
        headed = False
        for name in cat.names:
            if any("\u3400" <= ch <= "\u9fff" for ch in name):
                continue
            for m in re.finditer(r"([^\s\"'“”‘’(]+)\s+" + re.escape(name) + r"\b", text, re.I):
                word = m.group(1).strip(".,;:!?")
                if _IDENTIFIER.match(word):
                    headed = True
                    if word not in names:
                        names.append(word)
        if not headed:
            kept.append(cat)
    return kept, names


def _remove_spans(text: str, spans: list[tuple[int, int]]) -> str:
    for a, b in sorted(spans, reverse=True):
        text = text[:a] + " " + text[b:]
    return text


def build_plan(query: str, *, mode: QueryMode | None, now: float,
               time_range: TimeWindow | None = None, filters: dict[str, Any] | None = None,
               limit: int = 10) -> QueryPlan:
    """Everything but the anchor's time (that needs retrieval: see ``service.resolve_anchor``)."""
    parsed = parse_time(query, now)
    if mode is None:
        mode, reason = choose_mode(query, parsed)
    else:
        reason = "caller"
    window = time_range if time_range is not None else parsed.window
    anchor = (Anchor(parsed.anchor_text, parsed.direction)  # type: ignore[arg-type]
              if parsed.anchor_text and parsed.direction else None)
    without_time = _remove_spans(query, [s for s in parsed.spans])
    anchor_free = without_time
    terms = query_terms(query)
    target_terms = query_terms(anchor_free)
    if anchor is not None:
        anchor_terms = set(query_terms(anchor.text))
        target_terms = [t for t in target_terms if t not in anchor_terms]
    cats, heads = named_heads(anchor_free, categories_named_in(anchor_free))
    families = tuple(f.name for f in question_families(query))
    family = FAMILY_BY_NAME[families[0]] if families else None
    mentions = entity_mentions(query, exclude=anchor.text if anchor else "")
    mentions = [*(h for h in heads if h.lower() not in (m.lower() for m in mentions)), *mentions]
    first_person = bool(_FIRST_PERSON.search(query))
    subject = "user" if first_person or not mentions else mentions[0]
    zh_subject = chinese_subject(query)
    if zh_subject is not None:
        subject = zh_subject
    return QueryPlan(
        query=query, mode=mode, now=now, time_window=window, anchor=anchor, terms=terms,
        target_terms=target_terms, entity_mentions=mentions,
        target_entity_type=cats[0].entity_type if cats else None,
        target_category=cats[0].key if cats else None,
        concepts=concepts_named_in(anchor_free if anchor is None else anchor_free.replace(anchor.text, " ")),
        predicate_family=family.name if family else None, predicate_families=families, subject=subject,
        quoted_phrases=quoted_phrases(query), filters=dict(filters or {}), limit=limit,
        allowed_scopes=MODE_SCOPES[mode], mode_reason=reason)
