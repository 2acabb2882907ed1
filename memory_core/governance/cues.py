"""Narrow text heuristics for user utterances (pure functions, no database).

The cues are deliberately narrow (design step 4): ambiguous auxiliaries such as *is / do / have*
are **not** question openers, so "I have a cat" stays a statement. A message is judged sentence by
sentence, and inside a question sentence its leading clauses are checked too: "我想用新的高压锅
煲汤，有什么食谱吗？" carries a first-person statement before the question and must stay evidence.

Known gaps (documented, not solved by rules): irony ("对，我超爱加班"), quoting others ("我朋友
喜欢露营"), hypotheticals without a cue word, and corrections ("不对，应该是嘉兴").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..text.zh_variants import as_simplified

#: a period after a title or an initial ("St. Mary's Hospital", "Dr. Lee", "J. K. Rowling",
#: "e.g.") ends no sentence: splitting there cut names in two ("st" became an employer)
_ABBREVIATIONS = ("St", "Dr", "Mr", "Mrs", "Ms", "Mt", "Jr", "Sr", "Prof", "Inc", "Ltd", "Co", "vs",
                  "e.g", "i.e", "[A-Z]")
_SENTENCE_END = re.compile(r"(?<=[。！？!?\n])|(?<=[.;；])" + "".join(
    rf"(?<!\b{a}\.)" for a in _ABBREVIATIONS) + r"\s+")
#: (chat parts Chinese clauses with a space — 开我那辆朗逸去洗车 洗车店说有点锈 要紧吗 —, read as
#: the comma it stands for, as the extractor reads it)
_CLAUSE_SPLIT = re.compile(r"\s*(?:[,，;；:：]|—+|–|\s-\s)\s*|(?<=[\u4e00-\u9fff])[ \u3000]+(?=[\u4e00-\u9fff])")

# English wh-openers and request openers that are unambiguous at the start of a sentence.
_EN_WH = ("what", "what's", "whats", "when", "where", "where's", "who", "who's", "whom", "whose",
          "which", "why", "how", "how's")
#: a wh-word before the speaker's own subject and its verb, no "?": a time or place clause or a
#: pseudo-cleft inside a statement ("When I worked at Google, I biked in", "What I love is hiking"),
#: no question ("when is the party", "where do you live" invert; a "?" still makes one)
_EN_WH_CLAUSE = re.compile(r"^(?:when|where|what|while)\s+(?:i|we|my\s+\w+)\s+[a-z']+\b")
_EN_QUESTION_PHRASES = ("do you know", "can you tell me", "could you tell me", "any idea",
                        "is there any", "are there any")
# Auxiliary inversion at the start of a clause. Not question *openers* by themselves (a clause
# without "?" that starts with one is still a statement); used only to keep a clause inside a
# "?" sentence from counting as a declarative statement.
_EN_AUX_INVERSION = re.compile(
    r"^(do|does|did|is|are|am|was|were|have|has|had|can|could|would|will|should|shall|may|might)"
    r"\s+(i|you|we|he|she|it|they|there|my|your|this|that)\b")

# 什么 after a negation is "any" (还没认识什么人, 没什么压力, 不想吃什么): no question; nor is a
# wh-word before 都/也, "whoever / anywhere / however" (谁也别劝我, 哪儿都不想去, 怎么也睡不着)
_ZH_QUESTION_CUES = re.compile(r"是不是|为什么|为啥|怎么(?![都也])|怎样|多少|(?<![没不])多久|多长时间|哪(?![吒咤])(?![儿里]?[都也])|谁(?![都也])|(?<![为])(?<!没)(?<!没.)(?<!没..)(?<!没...)"
                               r"(?<!不)(?<!不.)(?<!不..)什么(?![都也])")
#: a yes/no question put as "A not A" (要不要把车卖了, 该不该辞职, 有没有必要换车): not when the
#: choice does not matter (去不去都行, 有没有都无所谓), nor 好得不得了, 动不动就, 时不时, 不对不对 (no
#: choice asked)
_ZH_A_NOT_A = re.compile(r"(?<!不)((?![得动时])[\u4e00-\u9fff])不\1(?![^，,。！!；;]{0,4}(?:都|也|无所谓))|有没有(?![^，,。！!；;]{0,4}(?:都|也|无所谓))")
#: … asked as the clause opens (你说我要不要, 该不该, 这房子好不好租); one far into an unpunctuated
#: line asks after a statement (搬到昌吉都大半年了…有没有昌吉到乌市的顺风车, 跟Jason分手了 bdjw
#: 分手后…算不算很幼稚, 我那台朗逸该做保养了 4s店报价1200 贵不贵), which the line still tells
_A_NOT_A_OPENS = 10
#: the colloquial how and what (冻饺子咋煮不破皮, 周末吃啥), read in the sentence's last clause only (济南有啥
#:好吃的早饭推荐吗 我住历下区 ends by telling): 不咋样, 没啥, 啥都 / 啥也, 啥毛病没有 are no question
_ZH_COLLOQUIAL_QUESTION = re.compile(r"(?<!不)咋(?![都也])|(?<![为没不])(?<!没.)(?<!不.)啥(?![都也])(?![^，,。！？]{0,4}没)")
_ZH_FINAL_PARTICLE = re.compile(r"[吗呢嘛][\s。！？?!~～]*$|"
                                # a yes/no question put as the verb and a final 不 (能喂火腿肠不, 续航掉得凶不,
                                # 有攻略不): not after 才 / 也 / 都 / 要 / 还 / 并 / 可 / 绝, which deny (我才不, 要不)
                                r"(?<=[\u4e00-\u9fff]{2})(?<![才也都要还并可绝决偏就])不[\s。！？?!~～]*$")
# A wh-word after one of these is an indirect question inside a statement ("我的论文研究的是珊瑚
# 怎么恢复", "我不知道该选哪个"): the sentence is still a statement unless it ends like a question.
_ZH_EMBEDDING = re.compile(r"知道|研究|讨论|记得|忘了|明白|了解|看看|想想|决定|的是|关于|学会|教我|"
                           r"告诉|考虑|纠结|发现|琢磨|担心|搞清楚|弄清楚")

_EN_INSTRUCTION = ("please", "help me", "remind me", "tell me", "show me", "give me", "let's",
                   "lets", "find me", "recommend", "suggest", "can you", "could you", "would you")
_ZH_INSTRUCTION = ("帮我", "请", "给我", "提醒我", "麻烦", "推荐", "告诉我", "来点")

_EN_HYPOTHETICAL = ("if i ", "if we ", "what if", "suppose", "imagine", "hypothetically",
                    "assuming", "in case i")
_ZH_HYPOTHETICAL = ("如果", "假如", "要是", "假设", "万一", "倘若")

_FILLER = re.compile(r"^(hi|hello|hey|thanks|thank you|thx|ok|okay|cool|great|nice|yes|no|sure|"
                     r"你好|您好|嗨|谢谢|多谢|好的|好|嗯|哈哈+|ok了)[\s!！.。~～]*$", re.I)
_CJK = re.compile(r"[\u3400-\u9fff]")


def split_sentences(text: str) -> list[str]:
    parts = [p.strip() for p in _SENTENCE_END.split(text.strip())]
    return [p for p in parts if p]


def sentence_span(text: str, pos: int) -> tuple[int, int]:
    """The start and end of the sentence of ``text`` (split as :func:`split_sentences` splits)
    that holds position ``pos``: what a long message says in the one sentence a word is in."""
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.end() > pos and m.end() > start:
            return start, m.end()
        start = m.end()
    return start, len(text)


_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=4096)
def _norm(s: str) -> str:
    # cached: one sentence is normalised by each predicate it goes through (up to ~8 times)
    return _SPACES.sub(" ", s.strip().lower())


def _starts_with_any(s: str, prefixes: tuple[str, ...]) -> bool:
    if not s.startswith(prefixes):  # the common case, answered in C
        return False
    for p in prefixes:
        if s.startswith(p) and (len(s) == len(p) or not s[len(p)].isalnum() or p.endswith(" ")
                                or _CJK.match(p)):
            return True
    return False


def _a_not_a(s: str) -> re.Match[str] | None:
    """The A-not-A question (``_ZH_A_NOT_A``) that opens ``s``, read against the whole text (the
    choice that does not matter, 去不去…都行, may end past the opening)."""
    m = _ZH_A_NOT_A.search(s)
    return m if m is not None and m.start() <= _A_NOT_A_OPENS else None


def asks_somewhere(text: str) -> bool:
    """True when any sentence of the text reads as a question (:func:`has_question_cue`): "got
    offer from kiranapay… should i take or wait for google??" asks about the offer it tells."""
    return any(has_question_cue(sentence) for sentence in split_sentences(text or ""))


def has_question_cue(sentence: str) -> bool:
    """True when the sentence itself reads as a question (terminal ?, wh-opener, 吗/呢/是不是…)."""
    s = _norm(sentence)
    if not s:
        return False
    if s.endswith(("?", "？")):
        return True
    if _starts_with_any(s, _EN_WH) and not _EN_WH_CLAUSE.match(s) or s.startswith(_EN_QUESTION_PHRASES):
        return True
    if _CJK.search(s):
        s = as_simplified(s)  # 怎麼 / 甚麼 / 嗎: the cue words are Simplified
        if _ZH_FINAL_PARTICLE.search(s):
            return True
        cue = _ZH_QUESTION_CUES.search(s) or _a_not_a(s)
        if cue is not None and not _ZH_EMBEDDING.search(s, 0, cue.start()):
            return True
        clauses = split_clauses(s)
        last = clauses[-1] if clauses else s
        cue = _ZH_COLLOQUIAL_QUESTION.search(last)
        return cue is not None and not _ZH_EMBEDDING.search(last, 0, cue.start())
    return False


def is_filler(sentence: str) -> bool:
    return bool(_FILLER.match(_norm(sentence)))


def is_instruction(sentence: str) -> bool:
    s = _norm(sentence)
    return _starts_with_any(s, _EN_INSTRUCTION) or s.startswith(_ZH_INSTRUCTION)


def is_hypothetical(sentence: str) -> bool:
    s = _norm(sentence)
    return s.startswith(_EN_HYPOTHETICAL) or s.startswith(_ZH_HYPOTHETICAL)


#: a clause closed by a word of asking ("quick refresher pls", 在线等 急) asks for something
_POLITE_END = re.compile(r"\b(?:please|pls|plz|thanks|thx|ty|asap|thanks in advance|tia)[\s.!~]*$|(?:谢谢|拜托|求助|急|在线等)[\s。！~～]*$")


def _is_declarative_clause(clause: str) -> bool:
    c = _norm(clause)
    if not c or is_filler(c) or has_question_cue(c) or is_instruction(c) or is_hypothetical(c) or _POLITE_END.search(c):
        return False
    if _EN_AUX_INVERSION.match(c):
        return False
    cjk = len(_CJK.findall(c))
    words = len(re.findall(r"[a-z0-9']+", c))
    return cjk >= 4 or words >= 3


def split_clauses(sentence: str) -> list[str]:
    """The comma / semicolon / colon / dash clauses of one sentence, each an exact substring."""
    return [c for c in _CLAUSE_SPLIT.split(sentence.strip()) if c.strip()]


#: dictated or unpunctuated chat runs a request into a statement ("any stretches for knee pain
#: I've been on the Royal Mail rounds 31 years", "help me make a budget for 120 people me and Tyler
#: been engaged since Christmas"): a first-person subject inside a clause opens a new one …
#: (not before a modal: "a dinner I can make in 15 mins", "a city I'd love to see" are relative clauses)
_RUN_ON_SUBJECT = re.compile(r"\s+(?=(?:i|i'm|i’m|im|i've|i’ve|ive|we're|we’re|we've|we’ve)\b"
                             r"(?!\s+(?:can|could|should|would|will|might|may|must|need|want|wanna|gonna|go|have to|"
                             r"ought|never|ever)\b)|(?-i:me and [A-Z][a-z]+|[Mm]e and my)\b)", re.IGNORECASE)
#: … unless the word before it makes it part of the question or of a clause it depends on ("how
#: do I", "what should I", "do you think I", "so I", "when I was")
_RUN_ON_KEEP = frozenset((
    "do", "does", "did", "can", "could", "should", "would", "will", "shall", "may", "might", "must", "am", "is",
    "are", "was", "were", "have", "has", "had", "what", "how", "where", "when", "why", "which", "who", "whom",
    "whether", "if", "that", "so", "because", "cos", "cuz", "coz", "and", "but", "or", "as", "than", "while",
    "unless", "until", "till", "before", "after", "since", "though", "although", "think", "guess", "know",
    "wonder", "mean", "wish", "hope", "suppose", "reckon", "feel", "say", "said", "tell", "told", "bet", "once",
    "like", "then", "cause", "whenever", "wherever", "whatever",
    # "how much I save", "the way I cook", "the first time I"
    "much", "many", "often", "long", "far", "way", "time", "thing", "things", "one", "ones", "stuff", "ever"))
#: words on each side of a run-on split at least
_RUN_ON_MIN_WORDS = 3


def run_on_parts(clause: str) -> list[str]:
    """``clause`` cut before each first-person subject that opens a new statement inside it
    (English only: Chinese marks no subject case; a clause without its own "?": run-on text is
    unpunctuated), each part an exact substring."""
    if len(clause) < 24 or clause.rstrip().endswith(("?", "？")):
        return [clause]  # (a "?" puts the whole clause to the listener: "that job I interviewed for?")
    if _CJK.search(clause):
        return _zh_run_on_parts(clause)
    parts: list[str] = []
    start = 0
    for m in _RUN_ON_SUBJECT.finditer(clause):
        left = clause[start:m.start()]
        words = re.findall(r"[A-Za-z0-9'’]+", left)
        right = re.findall(r"[A-Za-z0-9'’]+", clause[m.end():])
        if len(words) < _RUN_ON_MIN_WORDS or len(right) < _RUN_ON_MIN_WORDS or words[-1].lower() in _RUN_ON_KEEP:
            continue
        parts.append(left)
        start = m.end()
    parts.append(clause[start:])
    return [p for p in parts if p.strip()]


#: dictated Chinese runs a statement into a request with no mark between them
#: (自从去年六月份开始十六八轻断食以后体重掉了二十来斤…你说晚上能吃点啥不胖的): the request opens
#: where the listener is addressed — not "我跟你说" (the speaker telling, not asking)
_ZH_RUN_ON = re.compile(r"(?<![跟和给听对同])(?=你说|请问|你帮我|帮我|麻烦你|问一下|想问)")
#: … after at least this many characters of statement, with a few left to ask
_ZH_RUN_ON_MIN_CHARS = 8


def _zh_run_on_parts(clause: str) -> list[str]:
    """A Chinese clause cut where a request opens inside it (``_ZH_RUN_ON``), exact substrings."""
    parts: list[str] = []
    start = 0
    for m in _ZH_RUN_ON.finditer(clause):
        if m.start() - start < _ZH_RUN_ON_MIN_CHARS or len(clause) - m.start() < 4:
            continue
        parts.append(clause[start:m.start()])
        start = m.start()
    parts.append(clause[start:])
    return [p for p in parts if p.strip()]


#: (``\bi\b`` and ``\bwe\b`` hold "i'm", "i’d", "we're": an apostrophe ends a word)
_EN_SPEAKER = re.compile(r"\b(?:i|im|ive|my|me|mine|we|our|us)\b", re.IGNORECASE)
_ASKING_FOR = re.compile(r"^\s*asking (?:for|bc|because|cos|cause)\b", re.IGNORECASE)


def _about_speaker(clause: str) -> bool:
    """A clause that tells of the speaker: their own word (I, my, 我), or in Chinese, which leaves
    the subject out, a finished or ongoing state (了: 在腾讯这边code review又被喷了, 生酮第三个月了)."""
    if _ASKING_FOR.match(clause):
        return False
    if _CJK.search(clause):
        return "我" in clause or "了" in clause
    return _EN_SPEAKER.search(clause) is not None


def _clause_parts(sentence: str) -> list[str]:
    """The sentence's clauses, each cut where a statement runs on inside it (``run_on_parts``)."""
    return [part for c in split_clauses(sentence) for part in run_on_parts(c)]


def statement_clauses(sentence: str) -> list[str]:
    """The parts of one sentence that state something, in order (the extractor reads only these).

    One rule for the classifier and the L2 rule extractor, so a message kept as
    ``user_self_report`` for a leading clause is also read through that clause: a question
    sentence states its declarative clauses but the one that asks ("I just bought an air fryer,
    can you recommend recipes?" — the last, or an earlier one when the sentence goes on telling
    after it), an instruction its declarative *trailing* ones ("Recommend recipes, I
    just bought a rice cooker"), a clause run on without a comma cut before the user's own subject
    (``run_on_parts``); hypotheticals and fillers state nothing; any other sentence is
    one statement as a whole (its commas may join a list: "jazz, blues and rock").
    """
    if is_filler(sentence) or is_hypothetical(sentence):
        return []
    if has_question_cue(sentence):
        clauses = _clause_parts(sentence)
        # every declarative clause but the last, which asks — or, when the question was put
        # earlier and the sentence goes on, tells too if it tells of the speaker (帮我看下goroutine
        # 泄漏怎么排查，在腾讯这边code review又被喷了; "how do I deal with grief over a pet, I keep
        # looking for him at the door"), not as a remark on what is asked ("…bbq place in austin,
        # the line is insane", 五一去哪 人少点的) nor who it is for ("asking for a friend")
        last = len(clauses) - 1
        return [c for i, c in enumerate(clauses) if _is_declarative_clause(c)
                and (i < last or _about_speaker(c))]
    if is_instruction(sentence):
        return [c for c in _clause_parts(sentence)[1:] if _is_declarative_clause(c)]
    return [sentence]


@dataclass(frozen=True, slots=True)
class UtteranceShape:
    """What a user message contains, sentence by sentence."""

    statements: int
    questions: int
    instructions: int
    hypotheticals: int
    fillers: int


def analyse_utterance(text: str) -> UtteranceShape:
    statements = questions = instructions = hypotheticals = fillers = 0
    for sentence in split_sentences(text):
        if is_filler(sentence):
            fillers += 1
        elif is_hypothetical(sentence):
            hypotheticals += 1
        elif has_question_cue(sentence):
            questions += 1
            # leading clauses of a question sentence may still state something about the user
            if statement_clauses(sentence):
                statements += 1
        elif is_instruction(sentence):
            instructions += 1
            if statement_clauses(sentence):
                statements += 1
        else:
            statements += 1
    return UtteranceShape(statements, questions, instructions, hypotheticals, fillers)
