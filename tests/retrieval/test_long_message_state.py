"""A long chat message tells a state in one sentence among others (a request, a story, a
friend's news): whose word and which change a line tells are judged in the sentence that speaks
of the state, not by the message's other sentences (stop 34, scenario sets J and K)."""

from __future__ import annotations

import pytest

from memory_core.governance.cues import has_question_cue, sentence_span
from memory_core.retrieval.newer_state import focus_sentences
from memory_core.retrieval.predicates import asks_about_body, question_family
from memory_core.retrieval.state_statement import (asks_about_own_tie, change_at, family_word_at,
                                                   lowers_state_answer, not_own_state)
from memory_core.retrieval.subject import asks_about_user, other_subject

PODCASTS = ("Random request: which podcasts would you suggest for a 40-minute bus ride? Since I joined the legal "
            "team at Sheffield City Council last month my commute is longer. I like history and true crime.")
WEDDING = ("Just got back from my buddy Jake's wedding in Lisbon, incredible party. He's officially married now and "
           "already asking me for advice, ha. What's the fastest way to get over jet lag?")


def test_sentence_span_keeps_titles_and_splits_both_scripts():
    text = "I work at St. Mary's now. Since then I moved."
    s, e = sentence_span(text, text.index("Mary"))
    assert text[s:e].strip() == "I work at St. Mary's now."
    zh = "我辞职了。现在在家带娃，挺好的"
    s, e = sentence_span(zh, zh.index("带娃"))
    assert zh[s:e] == "现在在家带娃，挺好的"


def test_a_change_sentence_in_a_message_that_also_asks_is_the_users_word():
    found = change_at(PODCASTS, "work")
    assert found is not None and found[0] == "joined"
    assert not_own_state(PODCASTS, speaker=None, author_type="user", family="work") == "a question"  # the whole line
    assert not_own_state(PODCASTS, speaker=None, author_type="user", family="work", at=found[1]) is None


def test_a_chinese_change_clause_before_a_question_clause_is_told_not_asked():
    text = "国庆想带家人去千岛湖。现在换了比亚迪汉，续航七百多，来回应该不用在路上充电了吧？"
    found = change_at(text, "vehicle")
    assert found is not None and found[0].startswith("换了比亚迪")
    assert not_own_state(text, speaker=None, author_type="user", family="vehicle", at=found[1]) is None
    asked = "我是不是该把车换了？"
    assert change_at(asked, "vehicle") is None


@pytest.mark.parametrize("text,family", [
    ("Meta came back with an offer. But I didn't take it, staying put.", "work"),  # called off a sentence later
    ("I'm thinking about starting keto next month.", "diet"),
    ("If I started my master's next year, could I still work part-time?", "school"),
])
def test_changes_called_off_weighed_or_hypothetical_are_not_changes(text, family):
    found = change_at(text, family)
    assert found is None or not_own_state(text, speaker=None, author_type="user", family=family,
                                          at=found[1]) is not None


@pytest.mark.parametrize("text,family", [
    ("这周开始16+8轻断食了，晚上八点以后啥也不吃", "diet"),
    ("Started keto last week and honestly I feel great", "diet"),
    ("I started my master's at Edinburgh a month ago", "school"),
    ("这学期开始在中欧读在职MBA了，周末上课", "school"),
    ("鱼缸到了 买了十几条孔雀鱼 五颜六色的", "pet"),
    ("We got a little rescue puppy last weekend", "pet"),
    ("复查呼气试验结果出来了 转阴了！", "health"),
    ("润了润了 在Carlton租了个studio", "residence"),
    ("上周置换了，丰田凯美瑞双擎，油耗真低", "vehicle"),
    # registers, group chats, indirect wordings (sets L–O)
    ("Brought Pearl home! She's a 9 year old calico", "pet"),
    ("its official w marcus now!!", "relationship"),
    ("pulled out of uni, doing a sparky apprenticeship through TAFE instead", "school"),  # the change, not a call-off
    ("finally shifted to a 1BHK in HSR layout, own kitchen at last", "residence"),
    # long histories (set P)
    ("我订婚了！对象是大学同学林晓，明年五月办酒", "relationship"),
    ("情人节自己送自己一只柯基！名字叫土豆", "pet"),
    ("Been freelancing for a few weeks now, mostly building Shopify stores.", "work"),
    ("跟大学室友合伙在成都开了家奶茶店，现在算个体户小老板了", "work"),
    ("I'm taking a leave of absence after this semester to work and save.", "school"),
    # plain and mixed-language lines (sets R, S)
    ("Stopped IF last month，胃受不了 — back to 一日三餐 now", "diet"),
    ("决定 drop out 了。读博不适合我", "school"),
    ("报了 Le Wagon 的 full-time coding bootcamp，之前那个班就先退了", "school"),
    ("Insurance declared it a total loss. So I'm carless for now, going to use the train.", "vehicle"),
    ("Handed back the keys today. No fixed address for now, I'm doing van life.", "residence"),
    ("First week as sous chef at Harbor & Pine done. My feet hate me.", "work"),
    ("Tonight was my last shift at the trattoria.", "work"),
])
def test_changes_told_by_a_verb_and_the_familys_word(text, family):
    assert change_at(text, family) is not None


def test_a_word_that_is_no_change_alone_is_not_read_as_one():
    assert change_at("开始下雨了，今天不出门", "diet") is None
    assert change_at("I started my day with a long walk", "school") is None
    assert change_at("换了个手机壳，好看多了", "vehicle") is None


def test_the_sentence_on_the_state_decides_whose_word_a_long_line_is():
    at = family_word_at(WEDDING, "relationship")
    assert at is not None and WEDDING[at:].startswith("married")
    assert lowers_state_answer(WEDDING, speaker=None, author_type="user", family="relationship")
    own = "Long week. My wife Priya and I finally booked the kitchen renovation, what a relief."
    assert not lowers_state_answer(own, speaker=None, author_type="user", family="relationship")


@pytest.mark.parametrize("text,other", [
    ("He's officially married now", True),
    ("She moved to Denver in May", True),
    ("她上个月搬去杭州了", True),
    ("They gave me the keys today", False),  # the user is in the rest of it
    ("My cousin told me she's dropping out of Northeastern", True),  # the user is only who was told
    ("I moved to Denver in May", False),
])
def test_a_pronoun_subject_is_somebody_else(text, other):
    assert other_subject(text) is other


@pytest.mark.parametrize("question,about_user", [
    ("俺现在在哪干活", True),
    ("咱现在住哪", True),
    ("抗抑郁的药我还吃着吗", True),
    ("我儿子现在在哪上学", False),
    ("我妈现在住哪", False),
    # a thing of the user's own state (my employer, 我的学业) — not a person or animal of theirs
    ("Who's my employer at the moment?", True), ("What's my relationship status?", True),
    ("我现在的学业状态是什么？", True), ("我的感情状况现在是啥样", True),
    ("Where does my mom live?", False), ("Is my dog okay?", False), ("What is my best friend doing?", False),
    ("我的猫还好吗", False), ("我儿子在哪上学", False),
])
def test_the_user_as_the_subject_of_a_question(question, about_user):
    assert asks_about_user(question) is about_user


def test_own_animal_partner_body_and_condition_questions():
    assert asks_about_own_tie("我家现在养的啥", "pet") and asks_about_own_tie("Is my cat still around?", "pet")
    assert not asks_about_own_tie("Is my cat still around?", "work")
    assert asks_about_body("我的幽门螺杆菌还有吗", "health") and not asks_about_body("我的幽门螺杆菌还有吗", None)
    assert asks_about_body("How is my asthma?") and not asks_about_body("Is my mom's diabetes better?")


@pytest.mark.parametrize("question,family", [
    ("俺现在在哪干活", "work"), ("我现在家在成都哪个区", "residence"), ("我现在的座驾是啥", "vehicle"),
    ("Do I still have that stomach infection?", "health"), ("抗抑郁的药我还吃着吗", "health"),
    # British "have got" asks what one has, not what one bought
    ("have i still got my job at costa?", "work"), ("have i got a car yet", "vehicle"), ("have i got a pet?", "pet"),
    ("where do i stay now", "residence"), ("who's my bf rn", "relationship"), ("What did I buy yesterday?", "acquisition"),
    ("帮我查一下，我这会儿还有班上吗？", "work"), ("Can you remind me what town I call home right now?", "residence"),
    ("What am I taking for my blood sugar nowadays?", "health"), ("我现在的学业状态是什么？", "school"),
])
def test_question_families_of_casual_wordings(question, family):
    fam = question_family(question)
    assert fam is not None and fam.name == family


@pytest.mark.parametrize("text,asks", [
    ("裸辞了 先躺平几个月 谁也别劝我", False), ("哪儿都不想去", False), ("怎么也睡不着", False),
    ("谁来了", True), ("你去哪", True), ("怎么办", True),
])
def test_chinese_wh_words_before_dou_ye_ask_nothing(text, asks):
    assert has_question_cue(text) is asks


def test_focus_sentences_of_a_long_message():
    old = ("Could you help me with a dinner menu? I'm a paralegal at Hargreaves & Finch and swamped. "
           "Something I can prep Friday night would be ideal.")
    assert focus_sentences([old], ["hargreaves & finch"]) == ["I'm a paralegal at Hargreaves & Finch and swamped."]
    assert focus_sentences([old], ["nowhere"]) == [old]  # nothing holds it: the whole message


def _ts(day: str) -> float:
    from datetime import datetime, timezone
    return datetime.fromisoformat(day).replace(tzinfo=timezone.utc).timestamp()


@pytest.mark.parametrize("text,told,as_of,ahead", [
    ("婚礼定在10月18号，在厦门办，请帖都开始设计了", "2025-03-20", "2025-06-01", True),
    ("Got into the exchange program! I'll be studying in Melbourne, starting 21 July.", "2025-04-25", "2025-06-10", True),
    ("Got into the exchange program! I'll be studying in Melbourne, starting 21 July.", "2025-04-25", "2025-08-01", False),
    ("We closed on a house in Tacoma back in June and have been living out of boxes.", "2024-07-09", "2024-09-01", False),
    ("Confession: I gave up on the vegan thing in May.", "2024-06-09", "2024-08-01", False),
    ("Good news from my checkup back in March: my A1C is down to 5.4.", "2024-04-09", "2024-06-01", False),
])
def test_a_dated_plan_is_no_state_until_its_day_and_a_past_month_is_past(text, told, as_of, ahead):
    from memory_core.retrieval.state_statement import not_begun
    assert not_begun(text, _ts(told), _ts(as_of)) is ahead


def test_the_day_before_the_month_is_a_date():
    from memory_core.retrieval.timeparse import find_future_time, start_ahead
    when = find_future_time("starting 21 July.")
    assert when is not None and when.expression == "21 July"
    assert start_ahead(when.expression, _ts("2025-04-25")) == _ts("2025-07-21")


def test_the_summary_quotes_the_sentence_that_makes_a_long_message_evidence():
    from memory_core.retrieval.projection import quote_of
    assert quote_of(PODCASTS, ["joined"]).startswith("…Since I joined the legal team")
    assert quote_of(PODCASTS, [None]).startswith("Random request")  # nothing to find: the start
    assert quote_of(PODCASTS, [None], at=PODCASTS.index("Since")).startswith("…Since I joined")
    assert quote_of("short", ["x"]) == "short"


def test_a_belief_quotes_its_evidence_from_the_clause_naming_it():
    from memory_core.l2.retrieval.layer import value_clause
    assert value_clause("Not joining Google after all, I'm staying at Accenture.", "accenture") == \
        "I'm staying at Accenture."
    assert value_clause("I'm a sophomore at Ohio State, majoring in mechanical engineering.", "ohio state") == \
        "I'm a sophomore at Ohio State, majoring in mechanical engineering."
    assert value_clause("报告个好消息，我跟小雨上个月领证了，正式结婚啦！", "小雨") == "我跟小雨上个月领证了，正式结婚啦！"
    assert value_clause("allergic to cats since childhood", "cat allergy") == "allergic to cats since childhood"


def test_the_doctor_telling_the_users_health_is_the_users_word():
    text = "复查指标全部正常！医生说可以停药了"
    found = change_at(text, "health")
    assert found is not None
    assert not_own_state(text, speaker=None, author_type="user", family="health", at=found[1]) is None
    # for another family the doctor is somebody else
    assert not_own_state("医生说他下个月搬去深圳", speaker=None, author_type="user", family="residence") == "about someone else"


@pytest.mark.parametrize("text,had", [
    ("I keep reaching for a gear stick that isn't there. The Model 3 takes some getting used to.", True),
    ("I'm in a leased Kia Niro now, it's silent at red lights.", True),
    ("Test drove a Model Y this weekend, fun but pricey.", False),
    ("I'm daydreaming about maybe getting a Ford F-150 someday.", False),
    ("你觉得小米SU7值得买吗？有点心动", False),
    ("Borrowed my dad's truck for the move.", False),
])
def test_a_thing_named_but_not_had(text, had):
    from memory_core.retrieval.state_statement import not_had
    assert not_had(text) is (not had)


def test_the_users_own_line_on_the_family_is_lifted_in_the_rerank():
    from memory_core.retrieval.rerank import RerankCandidate, rerank
    own = RerankCandidate("own", 0.50, "user", "今天是我和阿杰在一起一周年，他给我订了个小蛋糕", 1.0e9)
    chat = RerankCandidate("chat", 0.52, "user", "恭喜宝！份子钱准备好了", 1.0e9 + 86400 * 200)
    other = RerankCandidate("other", 0.6, "user", "姐妹们！我和男朋友下个月领证啦！！", 1.0e9 + 86400 * 200, "小美")
    reply = RerankCandidate("reply", 0.1, "assistant", "恭喜！", 1.0e9 + 86400 * 200)
    order = [r.key for r in rerank([chat, own, other, reply], quoted=[], now=1.0e9 + 86400 * 230, about_user=True,
                                   state_question=True, state_family="relationship")]
    assert order[0] == "own" and order.index("other") > order.index("chat")  # another speaker's news below
    plain = [r.key for r in rerank([chat, own, other, reply], quoted=[], now=1.0e9 + 86400 * 230, about_user=True)]
    assert plain[0] == "chat"  # without the state question the newer, closer match stays first


def test_mainly_is_no_hypothetical():
    text = "开荤了，现在啥都吃，主要是健身要补蛋白"
    found = change_at(text, "diet")
    assert found is not None
    assert not_own_state(text, speaker=None, author_type="user", family="diet", at=found[1]) is None
    assert not_own_state("要是我开荤了，你会笑我吗", speaker=None, author_type="user") == "a hypothetical"


def test_a_date_in_another_sentence_dates_the_change_only_when_it_dates_a_start():
    from memory_core.retrieval.state_statement import not_begun
    engaged = "我订婚了！对象是大学同学林晓，明年五月办酒"
    found = change_at(engaged, "relationship")
    assert found is not None
    assert not not_begun(engaged, _ts("2024-10-02"), _ts("2024-12-28"), at=found[1], family="relationship")
    exchange = "Got into the exchange program! I'll be studying in Melbourne for one semester, starting 21 July."
    found = change_at(exchange, "school")
    assert found is not None
    assert not_begun(exchange, _ts("2025-04-25"), _ts("2025-06-10"), at=found[1], family="school")


def test_the_partner_by_pronoun_with_the_user_is_the_users_relationship():
    text = "She proposed at midnight on the rooftop and I said yes!!! We're engaged!"
    found = change_at(text, "relationship")
    assert found is not None
    assert not_own_state(text, speaker=None, author_type="user", family="relationship", at=found[1]) is None
    assert lowers_state_answer(WEDDING, speaker=None, author_type="user", family="relationship")  # still Jake's




def test_a_belief_named_in_a_clause_of_its_own_is_quoted_with_what_it_names():
    """"我养了只虎皮鹦鹉，叫豆豆": the name's clause only names; the animal is the clause before."""
    from memory_core.l2.retrieval.layer import value_clause
    assert value_clause("我养了只虎皮鹦鹉，叫豆豆，会说你好", "豆豆") == "我养了只虎皮鹦鹉，叫豆豆，会说你好"
    assert value_clause("Sad week; adopted a pit bull mix, named Rosie.", "rosie") == "adopted a pit bull mix, named Rosie."
