"""Every classifier rule, in English and Chinese, as pure functions (no database)."""

from __future__ import annotations

import pytest

from memory_core.governance.classifier import RULES, ClassifierInput, classify
from memory_core.governance.cues import analyse_utterance, has_question_cue, split_sentences, statement_clauses
from memory_core.policy import (EVIDENCE_POLICIES, AuthorType, ContentType, EventType, EvidenceClass,
                                RetrievalScope)


def user(text: str) -> ClassifierInput:
    return ClassifierInput(AuthorType.USER, ContentType.UTTERANCE, EventType.CHAT_MESSAGE, text)


def cls_of(text: str) -> EvidenceClass:
    return classify(user(text)).evidence_class


# -- structural rules ---------------------------------------------------------------------------

def test_runtime_log_rule() -> None:
    r = classify(ClassifierInput(AuthorType.SYSTEM, ContentType.LOG, EventType.RUNTIME_LOG, "worker started"))
    assert (r.evidence_class, r.rule) == (EvidenceClass.SYSTEM_RUNTIME, "runtime_log")
    assert r.policy.scope is RetrievalScope.AUDIT_ONLY


def test_system_author_rule() -> None:
    r = classify(ClassifierInput(AuthorType.SYSTEM, ContentType.UTTERANCE, EventType.CHAT_MESSAGE,
                                 "Session restored"))
    assert (r.evidence_class, r.rule) == (EvidenceClass.SYSTEM_RUNTIME, "system_author")


def test_tool_execution_rule() -> None:
    r = classify(ClassifierInput(AuthorType.SYSTEM, ContentType.TOOL_OUTPUT, EventType.ACTION_EXECUTED,
                                 '{"results": 3}'))
    # a chat tool message is authored by the system, yet it is a tool result, not a runtime log
    assert (r.evidence_class, r.rule) == (EvidenceClass.TOOL_RESULT, "tool_execution")
    r2 = classify(ClassifierInput(AuthorType.EXTERNAL, ContentType.TOOL_OUTPUT, EventType.ACTION_EXECUTED,
                                  "weather: sunny"))
    assert (r2.evidence_class, r2.rule) == (EvidenceClass.TOOL_RESULT, "tool_execution")
    assert r2.policy.scope is RetrievalScope.CONVERSATION_ONLY


@pytest.mark.parametrize("text", [
    "You live near West Lake in a guesthouse.",  # the design's pollution example
    "你住在西湖旁边的民宿",
    "Here are three pressure cooker recipes: 1. Chicken soup ...",
])
def test_assistant_reply_is_conversation_only(text: str) -> None:
    r = classify(ClassifierInput(AuthorType.ASSISTANT, ContentType.GENERATED, EventType.CHAT_MESSAGE, text))
    assert (r.evidence_class, r.rule) == (EvidenceClass.ASSISTANT_GENERATED, "assistant_author")
    assert r.policy.scope is RetrievalScope.CONVERSATION_ONLY
    assert not r.policy.write_assertions and not r.policy.write_graph and not r.policy.affect_tom


def test_external_observation_rule() -> None:
    r = classify(ClassifierInput(AuthorType.EXTERNAL, ContentType.OBSERVATION, EventType.SENSOR_EVENT,
                                 "网易云音乐 听歌 在网易云音乐听了 Dua Lipa 的《End Of An Era》"))
    assert (r.evidence_class, r.rule) == (EvidenceClass.EXTERNAL_OBSERVATION, "external_observation")
    assert r.policy.scope is RetrievalScope.FACT_AUTHORITATIVE
    assert r.policy.write_graph and not r.policy.write_assertions  # behaviour, not preference


def test_fallback_is_external_observation_never_self_report() -> None:
    # a user-authored non-utterance (e.g. an imported document) matches no rule
    r = classify(ClassifierInput(AuthorType.USER, ContentType.GENERATED, EventType.SENSOR_EVENT, "notes"))
    assert r.evidence_class is EvidenceClass.ASSISTANT_GENERATED  # generated content is never a user fact
    r = classify(ClassifierInput(AuthorType.USER, ContentType.LOG, EventType.CHAT_MESSAGE, "x"))
    assert r.evidence_class is EvidenceClass.SYSTEM_RUNTIME
    r = classify(ClassifierInput(AuthorType.USER, ContentType.TOOL_OUTPUT, EventType.CHAT_MESSAGE, "x"))
    assert r.evidence_class is EvidenceClass.TOOL_RESULT
    # nothing structural, not an utterance: the fallback
    from memory_core.governance import classifier as c
    fake = ClassifierInput(AuthorType.USER, ContentType.UTTERANCE, EventType.CHAT_MESSAGE, "x")
    rules = c.RULES
    try:
        c.RULES = tuple(r for r in rules if not r.rule_id.startswith("user_"))
        r = c.classify(fake)
    finally:
        c.RULES = rules
    assert (r.evidence_class, r.rule) == (EvidenceClass.EXTERNAL_OBSERVATION, "fallback")


# -- user text rules ----------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "I have a cat",  # 'have' is not a question opener
    "I have a cat.",
    "Is is a strange word to start with",  # 'is' is not an opener either
    "Do not forget I moved to Jiaxing",  # nor 'do'
    "I just bought an air fryer",
    "我喜欢喝咖啡",
    "我住在上海",
    "我今天压力很大",
    "The meeting went well",
])
def test_statements(text: str) -> None:
    r = classify(user(text))
    assert r.evidence_class is EvidenceClass.USER_SELF_REPORT, r
    assert r.rule == "user_statement"
    assert EVIDENCE_POLICIES[r.evidence_class].scope is RetrievalScope.FACT_AUTHORITATIVE


@pytest.mark.parametrize("text", [
    "我是不是喜欢猫",  # the design's example
    "我是不是喜欢猫？",
    "What kitchen appliance did I buy before the air fryer?",
    "where do I live now",
    "How's the weather in Hangzhou",
    "Do I like cats?",
    "我住在哪里",
    "你知道我喜欢什么吗",
    "今天天气怎么样",
    "我上周去了几个地方呢",
    "Do you know my sister's name?",
    # a yes/no question put as the verb and a final 不
    "乌龟吃嘛 能喂火腿肠不", "电车冬天续航掉得凶不", "孕期能吃螃蟹不",
])
def test_questions(text: str) -> None:
    r = classify(user(text))
    assert (r.evidence_class, r.rule) == (EvidenceClass.USER_QUESTION, "user_question"), text
    assert r.policy.scope is RetrievalScope.CONVERSATION_ONLY
    assert not r.policy.write_assertions


@pytest.mark.parametrize("text", [
    "Please remind me to call mom",
    "help me plan a trip to Kyoto",
    "帮我订一张去北京的机票",
    "请推荐几本书",
    "Recommend some jazz albums",
])
def test_instructions(text: str) -> None:
    assert classify(user(text)).evidence_class is EvidenceClass.USER_INSTRUCTION, text


@pytest.mark.parametrize("text", [
    "如果我以后喜欢爵士乐呢",
    "What if I moved to Tokyo",
    "If I get the job I will move to Shanghai",
    "假如我有一只狗",
])
def test_hypotheticals(text: str) -> None:
    r = classify(user(text))
    assert (r.evidence_class, r.rule) == (EvidenceClass.USER_HYPOTHETICAL, "user_hypothetical"), text
    assert not r.policy.write_assertions


@pytest.mark.parametrize("text", [
    "我想用新的高压锅煲汤，有什么专为高压锅设计的食谱吗？",  # day 1 of the worked example
    "我新买了一个空气炸锅，我觉得它很好用，你有什么推荐的食谱吗？",
    "I want to make soup with my new pressure cooker — any recipes?",
    "I just bought an air fryer, can you recommend recipes?",
    "I bought a rice cooker. Any recipes?",
    # the question put first, the sentence going on telling (its last clause asks nothing)
    "帮我看下goroutine泄漏一般怎么排查，在腾讯这边code review又被喷了 😓",
    "how do I get red wine out of carpet, just moved into my flat in Leith",
])
def test_statement_with_question_stays_evidence(text: str) -> None:
    """A question that carries a first-person statement must not hide the statement."""
    r = classify(user(text))
    assert (r.evidence_class, r.rule) == (EvidenceClass.USER_SELF_REPORT, "user_statement_with_question"), text
    assert r.policy.scope is RetrievalScope.FACT_AUTHORITATIVE


def test_fillers_and_short_leading_clauses_do_not_make_statements() -> None:
    assert cls_of("Hi, what's the weather?") is EvidenceClass.USER_QUESTION
    assert cls_of("好的，那我住在哪里？") is EvidenceClass.USER_QUESTION
    assert cls_of("Do I like cats, or not?") is EvidenceClass.USER_QUESTION  # aux inversion
    # a clause after the question that asks too is no statement ("你觉得哪个好，选A还是B呢")
    assert cls_of("我现在在哪儿上班，你还记得吗") is EvidenceClass.USER_QUESTION
    assert cls_of("where should I go in Kyoto, what's good in autumn") is EvidenceClass.USER_QUESTION


def test_every_rule_is_exercised_by_this_file() -> None:
    """Guard: a new rule must come with its own test above."""
    assert {r.rule_id for r in RULES} == {
        "runtime_log", "system_author", "tool_execution", "assistant_author", "external_observation",
        "user_hypothetical", "user_question", "user_instruction", "user_statement_with_question",
        "user_statement"}


def test_sentence_analysis() -> None:
    assert split_sentences("I moved. Where is it? 好的！") == ["I moved.", "Where is it?", "好的！"]
    assert has_question_cue("你喜欢什么") and not has_question_cue("我什么都吃")
    shape = analyse_utterance("I moved to Jiaxing. Where should I eat?")
    assert (shape.statements, shape.questions) == (1, 1)


def test_every_class_has_a_policy_and_fact_scope_is_narrow() -> None:
    assert set(EVIDENCE_POLICIES) == set(EvidenceClass)
    fact = {c for c, p in EVIDENCE_POLICIES.items() if p.scope is RetrievalScope.FACT_AUTHORITATIVE}
    assert fact == {EvidenceClass.USER_SELF_REPORT, EvidenceClass.EXTERNAL_OBSERVATION}
    assert {c for c, p in EVIDENCE_POLICIES.items() if p.write_assertions} == {EvidenceClass.USER_SELF_REPORT}


def test_an_indirect_chinese_question_inside_a_statement_stays_a_statement():
    from memory_core.governance.cues import has_question_cue

    for statement in ("我的毕业论文研究的是珊瑚礁白化后怎么恢复", "我不知道该选哪个", "我们讨论了谁来做饭"):
        assert not has_question_cue(statement), statement
    for question in ("你住在哪里", "我该怎么办", "为什么会这样", "你知道谁来了吗"):
        assert has_question_cue(question), question


def test_a_period_after_a_title_or_an_initial_ends_no_sentence():
    from memory_core.governance.cues import split_sentences

    assert split_sentences("I work at St. Mary's Hospital. Dr. Lee is my boss.") == [
        "I work at St. Mary's Hospital.", "Dr. Lee is my boss."]
    assert split_sentences("I love J. K. Rowling. We moved to the U.S. last year.") == [
        "I love J. K. Rowling.", "We moved to the U.S. last year."]
    assert split_sentences("我住在杭州。我喜欢猫！") == ["我住在杭州。", "我喜欢猫！"]


def test_a_wh_word_before_the_speakers_own_subject_opens_a_clause_not_a_question():
    for s in ("When I worked at Google, I commuted by bike.", "What I love is hiking.", "Where I live it rains a lot.",
              "When I was at Google I biked in"):
        assert not has_question_cue(s), s
    for s in ("when do i start", "how was your week", "what time is it", "When I was at Google?"):
        assert has_question_cue(s), s


@pytest.mark.parametrize(("text", "asks"), [
    ("冻饺子咋煮不破皮", True),
    ("周末带娃去哪玩，吃啥好", True),
    ("搬到杭州了，附近有啥好吃的", True),
    ("没啥压力，挺好的", False),
    ("啥都行", False),
    ("这电影不咋样", False),
    ("体检啥毛病没有 就是有点近视", False),
    ("济南周末有啥好吃的早饭推荐吗 我住历下区", False),  # ends by telling
    ("我不知道吃啥", False),
])
def test_the_colloquial_how_and_what_ask_in_the_last_clause(text: str, asks: bool) -> None:
    from memory_core.governance.cues import has_question_cue

    assert has_question_cue(text) is asks


@pytest.mark.parametrize(("text", "statement"), [
    # dictated or unpunctuated: a request run on into the user's own statement
    ("help me make a budget for a wedding in Birmingham for like 120 people me and Tyler been engaged "
     "since Christmas and everybody keeps asking the date", "me and Tyler been engaged since Christmas"),
    ("can you recommend a vet near me I just adopted a kitten named Miso", "I just adopted a kitten named Miso"),
    ("where can I buy cheap tiles for the bathroom we're redoing the whole flat", "we're redoing the whole flat"),
])
def test_a_statement_run_on_after_a_request_is_kept(text: str, statement: str) -> None:
    assert any(c.startswith(statement) for s in split_sentences(text) for c in statement_clauses(s))
    assert cls_of(text) is EvidenceClass.USER_SELF_REPORT


@pytest.mark.parametrize("text", [
    "how do I write a cover letter for a data analyst role",  # "do I": the question's own subject
    "whats a quick high protein dinner i can make in 15 mins",  # a relative clause, no statement
    "how to calculate how much i save per month on petrol",
    "what should I ask when Im looking at apartments online in a city Ive never been to",
    "Remember that job at Mayo Clinic I interviewed for?",  # a "?" puts the whole clause to the listener
])
def test_a_first_person_inside_a_question_is_not_cut_off_as_a_statement(text: str) -> None:
    assert cls_of(text) is not EvidenceClass.USER_SELF_REPORT


@pytest.mark.parametrize("text", ["我才不", "说了也不", "我不", "这次我偏不"])
def test_a_final_bu_that_denies_asks_nothing(text: str) -> None:
    assert not has_question_cue(text)


@pytest.mark.parametrize("text", [
    "whats a good bbq place in austin that isnt franklin, the line is insane",  # a remark on what is asked
    "how much should an engagement ring cost, asking for a friend 👀",  # who it is for
    "五一去哪 人少点的",
    "how do I calc the moment capacity of a prestressed beam, quick refresher pls",  # a request's last word
])
def test_a_remark_after_a_question_put_first_states_nothing(text: str) -> None:
    assert cls_of(text) is not EvidenceClass.USER_SELF_REPORT


@pytest.mark.parametrize("text", [
    "how do I deal with grief over a pet, I keep looking for him at the door",
    "帮我算下一个牛油果大概多少碳水，生酮第三个月了",
    "过年亲戚劝酒怎么委婉拒绝 我现在滴酒不沾",
])
def test_a_clause_about_the_speaker_after_a_question_put_first_states(text: str) -> None:
    assert cls_of(text) is EvidenceClass.USER_SELF_REPORT


@pytest.mark.parametrize("question", ["你说我要不要把车卖了", "该不该辞职去读研", "有没有必要换个城市", "这房子好不好租"])
def test_a_chinese_a_not_a_question_is_a_question(question: str) -> None:
    """"A 不 A" asks yes or no without 吗 (你说我要不要把车卖了): the user weighs a change, tells none."""
    assert has_question_cue(question)
    assert cls_of(question + "？") is not EvidenceClass.USER_SELF_REPORT


@pytest.mark.parametrize("statement", ["去不去都行", "有没有都无所谓", "我在纠结要不要辞职", "不得不说这车真好开", "差不多了",
                                       "心情好得不得了", "动不动就加班", "时不时去趟医院", "不对不对 刚才没说清",
                                       # far into an unpunctuated line, after what it tells
                                       "搬到昌吉都大半年了房租便宜一半就是每天进城远一点有没有顺风车平台推荐",
                                       "我那台朗逸该做三万公里保养了 4s店报价1200 贵不贵",
                                       # the choice that does not matter read past the opening
                                       "周末我们一家七八个人去不去海边玩都无所谓"])
def test_a_choice_that_does_not_matter_or_is_weighed_inside_a_statement_is_no_question(statement: str) -> None:
    assert not has_question_cue(statement)
