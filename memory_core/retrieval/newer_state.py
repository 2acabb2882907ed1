"""A later statement about the thing the top current-state finding is about comes first.

``current_state`` asks how things stand *now*, and the newest evidence wins. When L2 read a
change ("I traded the Civic for a Tesla") the lifecycle already supersedes the old belief; but
the rule extractor misses wordings, and then the old belief ("user DRIVES honda civic") or the
old statement ranks first while the user's later words about the same thing ("Biscuit passed
away last night", 我和小雨分手了) sit lower or outside the list. Those later words are what an
answer about *now* must see first, whatever L2 made of them — so the rule works on entity links
(which L2 makes for nearly every mention), not on extracted claims.

Pure policy here (which later statements qualify, in which order); the service reads the
candidates from ``l1_event_entities`` and places them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from memory_core.governance.cues import has_question_cue, sentence_span, split_clauses, split_sentences
from memory_core.lexicon.concepts import family_terms
from memory_core.lexicon.scan import PhraseTable
from memory_core.policy import (NEWER_STATE_FOLLOW_UP_DAYS, NEWER_STATE_MAX_LIFTS, NEWER_STATE_REQUEST_MAX_SENTENCES, NEWER_STATE_TOPIC_FAMILIES,
                                EvidenceClass)

#: statements of the user's own state; questions, hypotheticals, instructions and anything an
#: assistant or tool wrote never tell how things stand
STATEMENT_CLASSES = frozenset({EvidenceClass.USER_SELF_REPORT.value, EvidenceClass.EXTERNAL_OBSERVATION.value})


@dataclass(frozen=True, slots=True)
class LaterMention:
    """A later event that mentions one of the top finding's entities, or evidences an assertion
    that superseded a belief the finding rests on (a row of the service's candidate queries)."""

    event_id: str
    occurred_at: float
    #: the entity or superseding assertion it was found through
    key: str
    #: how it relates, in words: "about 'biscuit'", "that changed diet from 'vegetarian' to …"
    about: str
    author_type: str
    evidence_class: str
    speaker: str | None = None


def newer_mentions(top_time: float, top_event_ids: Iterable[str], speaker: str | None,
                   candidates: Sequence[LaterMention], *, as_of: float | None = None,
                   limit: int = NEWER_STATE_MAX_LIFTS) -> list[LaterMention]:
    """The later statements to put above the top finding, newest first, one row per event.

    A candidate qualifies when it happened after everything the top finding rests on
    (``top_time``: its latest evidence) and not after the question's ``now``; is the user's own
    statement (or, for a finding about another chat speaker, that speaker's); and is not one of
    the finding's own events. Newest first: the most recent word on the thing is the state.
    """
    own = set(top_event_ids)
    seen: set[str] = set()
    out: list[LaterMention] = []
    for c in sorted(candidates, key=lambda c: (-c.occurred_at, c.event_id)):
        if c.event_id in own or c.event_id in seen:
            continue
        if c.occurred_at <= top_time or (as_of is not None and c.occurred_at > as_of):
            continue
        if c.author_type != "user" or c.evidence_class not in STATEMENT_CLASSES:
            continue
        if (c.speaker or None) != (speaker or None):
            continue
        seen.add(c.event_id)
        out.append(c)
        if len(out) >= limit:
            break
    return out


#: a line that compares the state with the one before a change ("more energy than I ever did on the
#: old diet", 新学校食堂比以前好吃多了, "miss my old team"), or speaks of the time after it (术后…): it
#: speaks of the state after a change told earlier, and names neither
_COMPARES_WITH_BEFORE = re.compile(
    r"\b(?:the|my|our)\s+old\s+(?:diet|job|place|flat|apartment|house|home|car|truck|bike|school|uni|college|"
    r"company|firm|team|boss|office|neighbou?rhood|area|town|city|landlord|commute)\b|"
    r"\bthan\s+(?:at\s+)?(?:the\s+old\s+\w+|my\s+old\s+\w+|before)\b|"
    r"比(?:以前|原来|之前|老家|过去)|以前那(?:个|家|辆|所|套|间)|原来那(?:个|家|辆|所|套|间)|之前那(?:个|家|辆|所|套|间)|"
    # … or of the time since it (术后多久能去游泳, "how soon after the op can I drive")
    r"术后|手术后|\bafter\s+(?:the|my)\s+(?:surgery|op|operation)\b|\bpost-?op\b",
    re.IGNORECASE)
#: a line that says no other will follow the one gone (老伴说再去买一只八哥，我觉得暂时不要再养了; "not
#: getting another dog yet"): it speaks of the loss told before it, whatever it names
_DECLINES_ANOTHER = re.compile(
    r"不(?:要|想|打算|准备|会)?再(?:养|买|开)了|\b(?:won'?t|not|never)\s+(?:be\s+)?get(?:ting)?\s+another\b|"
    # not ready for the next one yet ("Not ready for another dog yet", 还没准备好再养)
    r"\bnot\s+ready\s+for\s+(?:another|a\s+new)\b|还没准备好再(?:养|买)|暂时不想再(?:养|买)", re.IGNORECASE)


#: a line set in a time before a change, remembering the state then ("back when I lived in Boston",
#: "in my Austin days", "when I was working at Mercy", 以前和阿杰在一起的时候, 我在京东那几年, 我吃素那几年):
#: what it names is the former state, not the one it is told in
_REMINISCES = re.compile(
    r"\bback (?:when|in (?:my|our|the) [\w'-]+ days)\b|\bin (?:my|our) (?:old )?[\w'-]+ days\b|"
    r"\bwhen (?:i|we) (?:was|were|still|used to)\b[^.!?]{0,30}?\b(?:living|lived|live|working|worked|work|"
    r"dating|studying|driving|at|in|with)\b|"
    r"(?:以前|之前|从前|当年|那时候?)[^，。！？,.!?]{0,16}的时候|那几年|那些年|那段(?:时间|日子)|那会儿",
    re.IGNORECASE)


def reminisces(content: str, change_at: int | None = None) -> bool:
    """Whether the line remembers a state from before a change (``_REMINISCES``). With
    ``change_at`` (where a change word of the line is), only when that word is told inside the
    remembered time: after the frame opens, in its sentence (以前和阿杰**在一起**的时候, "in my Austin
    days I **moved** a lot"), not a change told beside it ("Back in my Boston days… Anyway, I
    moved to Denver")."""
    if change_at is None:
        return _REMINISCES.search(content) is not None
    start, _ = sentence_span(content, change_at)
    return any(start <= m.start() <= change_at for m in _REMINISCES.finditer(content))


#: a line longing for what was ("I really miss my old coworkers at Google", "saw a Jeep on the
#: highway and got nostalgic", 挺怀念百度的同事们的): what it names is the state before a change
_MISSES = re.compile(r"\b(?:i|we)\s+(?:really\s+|kinda\s+|kind of\s+|sometimes\s+|still\s+|do\s+|so\s+)*miss\b|"
                     r"\bnostalgi(?:a|c)\b|怀念|想念", re.IGNORECASE)


#: where a longing's clause ends ("…my guts have been heaps better, but I miss a proper pie")
_LONGING_CLAUSE_BREAK = re.compile(r"[,.;!?，。；！？]|\bbut\b|\bthough\b|但是?|不过", re.IGNORECASE)


def misses(content: str, what: str) -> bool:
    """Whether the line longs for ``what`` (a name or word it was lifted for): a longing cue
    (``_MISSES``) whose clause names it. Asked of a line with no change word of its own: "I miss
    Boston so much since we moved to Denver" tells the move; and the longing must be for that
    thing — "Since going gluten free my guts have been better, but I miss a proper pie" tells the
    diet, it misses the pie."""
    lowered, what = content.lower(), what.strip().lower()
    if not what:
        return False
    for m in _MISSES.finditer(lowered):
        starts = [b.end() for b in _LONGING_CLAUSE_BREAK.finditer(lowered, 0, m.start())]
        end = _LONGING_CLAUSE_BREAK.search(lowered, m.end())
        if what in lowered[starts[-1] if starts else 0:end.start() if end else len(lowered)]:
            return True
    return False


def compares_with_before(content: str) -> bool:
    """Whether the line compares the state with the one before a change (``_COMPARES_WITH_BEFORE``)."""
    return _COMPARES_WITH_BEFORE.search(content) is not None


def declines_another(content: str) -> bool:
    """Whether the line says no other will follow the one gone (``_DECLINES_ANOTHER``)."""
    return _DECLINES_ANOTHER.search(content) is not None


def told_first(picked: Sequence[LaterMention], tells: Callable[[LaterMention], bool], *,
               refers: Callable[[LaterMention], bool] | None = None,
               strong: Callable[[LaterMention], bool] | None = None,
               limit: int = NEWER_STATE_MAX_LIFTS,
               window_s: float = NEWER_STATE_FOLLOW_UP_DAYS * 86400.0) -> list[LaterMention]:
    """The later statements to show (newest first, as ``newer_mentions`` gives them), a line
    that does not tell (``tells``: no change word of its own, no new thing — lifted for the
    state-line model's reading or the top's thing named again) moved below the lines that tell
    when one of them was told at most ``window_s`` before it: soon after a change such a line is
    as often about the new state ("second week at the new place…", "ran into my old boss") as a
    newer word on it, and it does not say what the state is. Long after, it is as often the next
    change told in passing, and keeps its place.

    ``refers``: a line whose change word only refers back to a change made ("新公司节奏快",
    "first week in the new house") says the change came before it: it also goes below any
    earlier line shown beside it that does not refer back, whatever lifted that one (the model's
    reading of "已經唔喺騰訊啦…今日第一日返ByteDance", which no listed change word finds).

    ``strong``: a line that tells by a change word of its own or a belief that superseded the
    top's; a line that tells only by a word it shares with the top ("first week back on the bike"
    after "broke my ankle falling off the bike") also goes below one told shortly before it."""
    said = [tells(m) for m in picked]
    back = [refers(m) if refers is not None else False for m in picked]
    sure = [strong(m) if strong is not None else t for m, t in zip(picked, said)]
    told_at = [m.occurred_at for m, t in zip(picked, said) if t]
    sure_at = [m.occurred_at for m, t in zip(picked, sure) if t]
    shown_at = [m.occurred_at for m, b in zip(picked, back) if not b]

    def soon_after(at: float, times: Sequence[float]) -> bool:
        return any(0 < at - t <= window_s for t in times)
    follow = [not t and soon_after(m.occurred_at, told_at) or b and soon_after(m.occurred_at, shown_at)
              or t and not u and soon_after(m.occurred_at, sure_at)
              for m, t, b, u in zip(picked, said, back, sure)]
    return [*(m for m, f in zip(picked, follow) if not f), *(m for m, f in zip(picked, follow) if f)][:limit]


#: words any two chat lines share that name no topic ("Going keto instead" and "when we're going
#: back for tacos" share "going", which is no word on the diet)
_NO_TOPIC = frozenset((
    "going", "getting", "doing", "having", "making", "taking", "coming", "trying", "being", "keeps", "kept",
    "back", "again", "still", "really", "instead", "through", "whole", "today", "tonight", "week", "weekend",
    "month", "year", "day", "days", "time", "times", "thing", "things", "stuff", "good", "great", "new",
    "first", "last", "next", "now", "finally", "officially", "actually", "lol", "haha", "though", "anyway",
    # degree words and idiom fillers ("way too empty" / "the hard way", "so much", "pretty much")
    "way", "much", "many", "lot", "lots", "bit", "pretty", "super", "even", "ever", "never", "always", "also",
    "hard", "little", "big", "long", "kind", "sort",
    # 朋友 inside 女朋友 / 男朋友, "friend" in "girlfriend": everyone's chat names friends
    "friend", "friends", "朋友", "朋友们",
    # wanting and saying name no topic ("he wants to stay in london" / "Jas wants to set me up")
    "want", "wants", "wanted", "said", "says", "told", "tells", "think", "thinks", "thought", "need", "needs", "needed",
    # the Chinese of "today", "weekend", "lately"…: the time a line is told in ("九月开学 周末班" and a
    # later "周末第一次上课" share a weekend, not a topic)
    "今天", "昨天", "明天", "前天", "后天", "今晚", "昨晚", "明晚", "晚上", "早上", "上午", "下午", "中午", "周末",
    "最近", "现在", "刚才", "以后", "之前", "以前", "后来", "时候", "今年", "去年", "明年", "每天", "天天"))
#: a span or a point of time (一个月, 两周, 半年, 三天, 上周): every state is told with one ("先吃一个月看看"
#: and a later "换药一个月 脚不肿了" share no topic)
_TIME_WORD_ZH = re.compile(r"^(?:[一二两三四五六七八九十几半百\d]+个?(?:多)?|上个?|下个?|这个?)"
                           r"(?:月|年|周|星期|礼拜|天|日|小时|钟头|分钟|季度|学期)多?$")


def shared_topic(top_terms: Sequence[str], terms: Sequence[str]) -> str | None:
    """The longest content word two statements share — what a later statement updates when no
    entity is named (戒烟, "keto"): at least two Chinese characters or three letters, so a
    shared particle or a short word is no topic, and no word every chat line may hold
    (``_NO_TOPIC``). None when they share none."""
    mine = set(terms)
    shared = [t for t in dict.fromkeys(top_terms) if t in mine and t not in _NO_TOPIC and not _TIME_WORD_ZH.match(t) and
              (len(t) >= 2 if any("\u4e00" <= ch <= "\u9fff" for ch in t) else len(t) >= 3 and t.isalpha())]
    return max(shared, key=len) if shared else None


def stated_part(text: str) -> str:
    """The sentences of ``text`` that are not questions: a word shared only with a question ("Any
    tips for keeping a tree upright with a climber in the house?") tells no state."""
    return " ".join(s for s in split_sentences(text) if not s.rstrip().endswith(("?", "？")))


def focus_sentences(texts: Sequence[str], anchors: Sequence[str]) -> list[str]:
    """The sentences of ``texts`` that hold one of ``anchors`` (case-insensitive), or ``texts``
    whole when none does: what a long message says about the thing, not its other sentences."""
    keys = [a.lower() for a in anchors if a]
    if not keys:
        return list(texts)
    found = [s for t in texts for s in split_sentences(t) if any(k in s.lower() for k in keys)]
    return found or list(texts)


@lru_cache(maxsize=1)
def _family_table() -> tuple[PhraseTable, dict[str, frozenset[str]]]:
    owners: dict[str, set[str]] = {}
    for key in NEWER_STATE_TOPIC_FAMILIES:
        for term in family_terms(key):
            owners.setdefault(term, set()).add(key)
    return PhraseTable.of(owners), {t: frozenset(k) for t, k in owners.items()}


def state_families(text: str) -> frozenset[str]:
    """The state families (``NEWER_STATE_TOPIC_FAMILIES``) a statement speaks of by any of their
    words: "我和老公结婚八年了" and "我们离婚了" are both about marriage though they share no word."""
    table, owners = _family_table()
    out: set[str] = set()
    for term in table.find(text):
        out |= owners.get(term, frozenset())
    return frozenset(out)


def shared_family(top_texts: Sequence[str], text: str) -> str | None:
    """A state family both a top statement and a later one speak of (the narrowest, by data
    order), or None."""
    mine = state_families(text)
    if not mine:
        return None
    theirs: set[str] = set()
    for t in top_texts:
        theirs |= state_families(t)
    both = [k for k in reversed(NEWER_STATE_TOPIC_FAMILIES) if k in mine and k in theirs]
    return both[0] if both else None


#: a statement that opens by weighing a change, not telling one ("Thinking about selling the
#: Civic", 我在考虑换工作): the state it speaks of still stands, so it is no newer word on it
_TENTATIVE = re.compile(
    r"^\s*(?:(?:so|well|honestly|ok|okay),?\s+)?(?:(?:i|we)(?:'m|’m| am| are|'re|’re)?\s+)?(?:really\s+|seriously\s+|kind of\s+|kinda\s+|still\s+)?"
    # ("Thinking I might pack in work next year", "thinking we'll sell the van")
    r"(?:thinking (?:about|of|(?=(?:i|we)(?:'ll|’ll|\s+(?:might|may|should|could|will|would|need|want))\b))|considering|contemplating|wondering (?:if|whether|about)|debating|"
    r"might|may\b|maybe|perhaps|planning (?:to|on)|hoping to|want to|wanna|would like to|should i|"
    r"toying with)", re.IGNORECASE)
#: someone's advice to the speaker ("My sister thinks I should try keto", 医生建议我戒烟): a change
#: proposed, not made
_ADVISED = re.compile(r"^[^.!?]{0,40}?\b(?:thinks?|says?|said|saying|suggests?|suggested|wants?|wanted|told me|tells me|"
                      r"recommends?|recommended|keeps? telling me)\s+(?:that\s+)?(?:i|me|we|us)\s+(?:should|ought|to|could|might|"
                      r"need to|must)\b(?!\s+have\b)|"
                      # "she's always on at me to move up-country": pressed to, not done
                      r"^[^.!?]{0,80}?\bon at (?:me|us) to\b|"
                      # "My friend asked if I'd ever leave Apple": a question put to the speaker
                      r"^[^.!?]{0,40}?\basked(?: me)? (?:if|whether) (?:i|i'd|i would|i'll|i will)\b", re.IGNORECASE)
#: (in the first clause: 不搞生酮了，医生让我碳水正常吃 tells the change, then the advice behind it)
_ADVISED_ZH = re.compile(r"^[^。！？，,]{0,12}?(?:建议我|劝我|让我|叫我|觉得我应该|说我应该|要我)")
#: (想清楚了, 我想了想: the mind made up, a decision told — not a change weighed)
_TENTATIVE_ZH = re.compile(r"^\s*(?:我们|我)?(?:最近|现在|一直|正在|在|有点|有些|还在|有时候|有时|偶尔|真的|真|好|特别|挺|"
                           # … and when it would be (年后想裸辞, 明年打算搬去杭州)
                           r"年后|明年|今年|下个?月|下半年|过完年|过段时间|以后|将来|[，,\s])*(?:我们|我)?(?:想(?!清楚|好了|通了|明白|了想|了很久|了半天|了一下)|打算|考虑|犹豫|纠结|琢磨|可能|也许|要不要|想要|"
                           # hearsay (听说腾讯要裁员了): news about the thing, not a change of the speaker's
                           r"听说|据说|传言|好像说)")
#: after advice, a clause in which the speaker acts on it
#: the carer's word carried out in the telling (医生让我停了二甲双胍，改打胰岛素了): the doctor's
#: instruction done — the treatment changed, as 医生帮我停了药 (not 医生让我停药: advice given)
_CARER_ADVISED = re.compile(r"医生|大夫|医院|主治|doctor|\bdr\b", re.IGNORECASE)
_DONE_AS_TOLD = re.compile(r"[\u4e00-\u9fff]{1,8}?了(?![吗吧没])")
_ACTED_ON = re.compile(r"[，,;；]\s*(?:我|现在|已经|所以|于是|就)|[,;.]\s*(?:so i|and i|now i|i)\b", re.IGNORECASE)
#: the speaker's answer to advice, declining it ("我暂无此意", "but I'm not ready")
_DECLINED = re.compile(r"\s*(?:暂无此意|暂时不|暂不|还不想|不想|没打算|不打算|没这个打算|先不|再说吧|"
                       r"(?:i'?m|i am)\s+not\s+ready|not\s+yet|no\s+plans?)", re.IGNORECASE)
_HEARSAY = re.compile(r"^\s*(?:i\s+)?(?:heard|hear|i've heard)\b|^\s*(?:rumou?r\s+(?:is|has it)|apparently)\b", re.IGNORECASE)
#: a step towards a place that is not the place yet: an interview, an application, a test sat
#: ("had an interview wi a fintech in Edinburgh, second stage. fingers crossed", 今天去面试了 等通知)
#: — unless the same line tells the outcome (got the job, offered, 录用了, 上岸)
_PENDING_STEP = re.compile(r"\b(?:interview(?:ed|s)?|applied|application|shortlisted|second\s+(?:round|stage)|"
                           r"assessment\s+(?:centre|center|day)|trial\s+shift|viewing|viewed)\b|面试|笔试|投了简历|投简历|递了申请|"
                           r"交了申请|看了房|看房", re.IGNORECASE)
_STEP_OUTCOME = re.compile(r"\b(?:got\s+(?:it|the\s+(?:job|offer|place|flat|house|role|post))|offered|hired|accepted|"
                           r"start(?:s|ed|ing)?\b|joined|signed|took\s+(?:it|the)|moved|moving|"
                           r"didn'?t\s+get|didnae|rejected|turned\s+down|quit|left|resigned|passed|report(?:ed|ing)?\s+(?:to|at|for))|"
                           r"录用|录取|入职|拿到|上岸|通过|签了|搬|没过|被拒|辞|离职|退学|报到|offer",
                           re.IGNORECASE)


#: a request chat puts with no question mark ("any tips for a horse that won't load", "best way to
#: clean a saddle", "recommend a farrier near Bath")
_REQUEST_OPENER = re.compile(r"(?:any\s+(?:tips|advice|ideas|recommendations|suggestions|recs)|tips\s+(?:for|on)|"
                             r"ideas\s+for|best\s+way\s+to|recommend|suggest)\b", re.IGNORECASE)
_EXCLAIMED = re.compile(r"^what an?\b(?!.*\?)", re.IGNORECASE)


def asks_last(text: str) -> bool:
    """Whether the line is a request that ends asking ("honeymoon in Crete, what should we not
    miss", "12 hour shifts on placement + essays. how do I survive"), or opens asking with a
    remark after it: its last clause asks (chat leaves the "?" off a question put after a comma),
    or its first, and it is short — one or two sentences. Such
    a line is about the state, not a newer word on it; a message of three sentences or more tells
    more than it asks ("biopsy results in. it's not IBS at all, it's coeliac disease. … ??")."""
    sentences = split_sentences(text.strip())
    if not sentences or len(sentences) > NEWER_STATE_REQUEST_MAX_SENTENCES:
        return False
    # the last clause, or the first when a remark follows the question ("do dogs grieve other
    # dogs? he won't eat much", 西安冬天屋里有暖气吗 感觉比银川湿)
    ends = split_clauses(sentences[-1])[-1:] + split_clauses(sentences[0])[:1]
    # "what a day", "what an idea": an exclamation, no question
    return any(has_question_cue(c) and not _EXCLAIMED.match(c.strip()) or _REQUEST_OPENER.match(c.strip())
               for c in ends)


def weighs(text: str) -> bool:
    """Whether a clause opens by weighing a change ("thinking of…", 想领养…), not by telling it
    (advice and hearsay are :func:`tentative`'s, read over the whole statement)."""
    return bool(_TENTATIVE.match(text) or _TENTATIVE_ZH.match(text))


def tentative(text: str) -> bool:
    """Whether a statement weighs a change rather than telling one (its opening verb), reports
    someone's advice to make it, passes on hearsay, or tells a step whose outcome is not known yet
    (an interview, an application, a viewing)."""
    advised = _ADVISED.match(text) or _ADVISED_ZH.match(text)
    if advised and _CARER_ADVISED.search(text, 0, advised.end()) and _DONE_AS_TOLD.match(text, advised.end()):
        advised = None  # 医生让我停了二甲双胍: the doctor's instruction, done
    acted = _ACTED_ON.search(text, advised.end()) if advised else None
    if acted and not _DECLINED.match(text, acted.end()):
        advised = None  # 医生让我补充蛋白质，我现在开始吃肉了: the advice, then the change made
        # (not 老伴劝我再养一只，我暂无此意: the advice declined)
    return bool(_TENTATIVE.match(text) or _TENTATIVE_ZH.match(text) or advised or _HEARSAY.match(text)
                or _PENDING_STEP.search(text) and not _STEP_OUTCOME.search(text))
