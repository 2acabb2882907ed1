"""current_state: the user's later words about what the top finding is about come first
(``retrieval/newer_state.py``), whether or not L2 read the change."""

from __future__ import annotations

import pytest

from memory_core.policy import EvidenceClass
from memory_core.retrieval.newer_state import (LaterMention, newer_mentions, shared_family, shared_topic, state_families, tentative,
                                              told_first)
from tests.helpers import DAY, T0, chat

SELF = EvidenceClass.USER_SELF_REPORT.value


def _m(eid, t, *, author="user", cls=SELF, speaker=None):
    return LaterMention(eid, t, "ent", "biscuit", author, cls, speaker)


def test_later_statements_newest_first_within_the_limit():
    got = newer_mentions(10.0, ["top"], None, [_m("a", 20), _m("b", 40), _m("c", 30)], limit=2)
    assert [m.event_id for m in got] == ["b", "c"]


def test_only_what_happened_after_the_finding_and_before_now():
    cands = [_m("before", 5), _m("same", 10), _m("after_now", 90), _m("ok", 50)]
    assert [m.event_id for m in newer_mentions(10.0, ["top"], None, cands, as_of=60)] == ["ok"]


@pytest.mark.parametrize("author,cls", [
    ("assistant", EvidenceClass.ASSISTANT_GENERATED.value),
    ("user", EvidenceClass.USER_QUESTION.value),
    ("user", EvidenceClass.USER_HYPOTHETICAL.value),
    ("user", EvidenceClass.USER_INSTRUCTION.value),
    ("tool", EvidenceClass.TOOL_RESULT.value),
])
def test_questions_plans_and_generated_text_never_tell_the_state(author, cls):
    assert newer_mentions(10.0, ["top"], None, [_m("x", 20, author=author, cls=cls)]) == []


def test_another_speakers_words_are_not_the_users_state_and_the_findings_own_events_are_skipped():
    cands = [_m("melanie", 20, speaker="Melanie"), _m("top", 30), _m("mine", 25)]
    assert [m.event_id for m in newer_mentions(10.0, ["top"], None, cands)] == ["mine"]
    assert [m.event_id for m in newer_mentions(10.0, ["x"], "Melanie", cands)] == ["melanie"]


def _ids(engine):
    return {e.source_item_id: e.event_id for e in engine.list_events(limit=100)}


def _ingested(make_engine, *lines: tuple[str, float, str]):
    """An engine with the user's chat ``lines`` (text, time, source id) and every layer drained."""
    engine = make_engine()
    engine.ingest_payloads([chat(f"m{i}", "user", text, at, key) for i, (text, at, key) in enumerate(lines)])
    engine.run_until_idle()
    return engine


@pytest.fixture
def dog(make_engine):
    return _ingested(make_engine,
                     ("My dog Biscuit loves the park by the river.", T0, "old"),
                     ("Biscuit passed away last night, I'm heartbroken.", T0 + 100 * DAY, "new"),
                     ("Should I adopt another puppy like Biscuit?", T0 + 120 * DAY, "ask"))


def test_the_later_word_on_the_pet_answers_how_things_stand_now(dog):
    ids = _ids(dog)
    pkg = dog.retrieval.query("Do I have a dog now?", "current_state", now=T0 + 200 * DAY)
    assert pkg.findings[0].event_id == ids["new"], [f.content for f in pkg.findings]
    assert pkg.findings[0].evidence_strength != "weak"
    lifted = [x["event_id"] for x in pkg.trace.newer_state]
    assert ids["ask"] not in lifted, "a question never tells the state"
    # L2 read the end: the ended belief answers, quoting it; else the line is lifted by its name
    assert "no longer biscuit" in pkg.findings[0].content or \
        (ids["new"] in lifted and pkg.trace.to_json()["newer_state"][0]["why"] == "about 'biscuit'")


def test_asked_as_of_a_date_before_the_change_the_old_state_stands(dog):
    ids = _ids(dog)
    # an explicit now is the question's date: what happened after it does not exist yet
    pkg = dog.retrieval.query("Do I have a dog now?", "current_state", now=T0 + 50 * DAY)
    assert ids["new"] not in [f.event_id for f in pkg.findings]
    assert pkg.findings and pkg.findings[0].event_id in (ids["old"], *(f.event_id for f in pkg.findings if f.layer != "l1"))
    assert pkg.trace.newer_state == []


def test_other_modes_keep_their_order(dog):
    pkg = dog.retrieval.query("Tell me about the park by the river", "exact_fact", now=T0 + 200 * DAY)
    assert pkg.trace.newer_state == []


def _old_then_new(make_engine, old: str, new: str):
    engine = make_engine()
    engine.ingest_payloads([chat("a", "user", old, T0, "old"), chat("b", "user", new, T0 + 60 * DAY, "new")])
    engine.run_until_idle()
    return engine, _ids(engine)


def test_a_belief_superseded_later_answers_a_question_in_the_old_words(make_engine):
    """L2 read the change, but the question names the old value: the statement behind the
    superseding assertion comes first (found through the supersession, not an entity)."""
    engine, ids = _old_then_new(make_engine, "I've been vegetarian for five years.",
                                "I started eating fish again, so I'm pescatarian now.")
    pkg = engine.retrieval.query("Am I vegetarian?", "current_state", now=T0 + 90 * DAY)
    assert pkg.findings[0].event_id == ids["new"], [f.content for f in pkg.findings]
    # the diet family is read from the question, so L2's current assertion (evidenced by the new
    # statement) answers first; the old belief never outranks it
    assert "pescatarian" in pkg.findings[0].content
    assert all("vegetarian for five years" not in f.content for f in pkg.findings[:1])
    # a question in the old words without a family cue: the supersession lifts the statement
    pkg = engine.retrieval.query("Am I still that vegetarianism person?", "current_state", now=T0 + 90 * DAY)
    assert pkg.findings[0].event_id == ids["new"], [f.content for f in pkg.findings]
    assert any("changed diet" in x["why"] for x in pkg.trace.newer_state)


def test_a_breakup_told_later_in_chinese_comes_before_the_old_relationship(make_engine):
    engine, ids = _old_then_new(make_engine, "我和女朋友小雨去看电影了。", "我和小雨分手了。")
    pkg = engine.retrieval.query("我现在有女朋友吗？", "current_state", now=T0 + 90 * DAY)
    assert pkg.findings[0].event_id == ids["new"], [f.content for f in pkg.findings]


def test_a_shared_topic_word_is_the_longest_content_word_both_statements_have():
    assert shared_topic(["戒烟", "失败", "一包"], ["已经", "戒烟", "半年"]) == "戒烟"


@pytest.mark.parametrize("word", ["一个月", "两个多月", "半年", "三天", "上周", "一年多", "这学期",
                                  # the time a line is told in ("九月开学 周末班" / "周末第一次上课")
                                  "周末", "今天", "最近", "晚上"])
def test_a_span_or_point_of_time_is_no_topic(word):
    # "先吃一个月看看" and a later "换药一个月 脚不肿了" are not one topic (stop 40)
    assert shared_topic([word, "复诊"], [word, "脚肿"]) is None
    assert shared_topic([word, "降压药"], [word, "降压药"]) == "降压药"
    assert shared_topic(["wegovy", "weight", "loss"], ["stopped", "taking", "wegovy"]) == "wegovy"
    # a single character or a short word is no topic
    assert shared_topic(["住", "武汉"], ["住", "酒店"]) is None
    assert shared_topic(["go", "gym"], ["go", "park"]) is None
    # wanting and saying are no topic ("he wants to stay in london" / "Jas wants to set me up")
    assert shared_topic(["callum", "wants", "stay", "london"], ["jas", "wants", "set", "cousin"]) is None


@pytest.mark.parametrize("old,new,question", [
    ("我戒烟失败了，一天还是一包。", "我已经戒烟半年了。", "我现在抽烟吗？"),
    ("我最近在减肥，晚饭不吃。", "减肥结束了，晚饭恢复正常吃。", "我还在减肥吗？"),
    ("I'm on Wegovy for weight loss.", "Stopped taking Wegovy in March.", "What medication am I on?"),
    # two sides of one state in other words (a marriage without a name makes no claim either side)
    ("我和老公结婚八年了。", "我们离婚了，孩子跟我。", "我结婚了吗？"),
    ("My husband and I just had our tenth anniversary.", "The divorce went through last month.", "Am I married?"),
    ("我喝酒喝得挺多的。", "体检后彻底戒酒了。", "我还喝酒吗？"),
    # the top finding is L2's 高血压; the later line names 血压, which the belief rests on
    ("我有高血压。", "血压控制住了，医生说可以停药了。", "我的血压怎么样？"),
])
def test_a_later_statement_on_the_same_topic_comes_first_when_no_entity_names_it(make_engine, old, new, question):
    engine, ids = _old_then_new(make_engine, old, new)
    pkg = engine.retrieval.query(question, "current_state", now=T0 + 90 * DAY)
    assert pkg.findings[0].event_id == ids["new"], [f.content for f in pkg.findings]
    before = engine.retrieval.query(question, "current_state", now=T0 + 30 * DAY)
    assert all(f.event_id != ids["new"] for f in before.findings)


def test_the_lifecycle_is_followed_through_each_end_to_the_newest_word(make_engine):
    # Cisco ended by the move to Juniper, Juniper ended by a layoff: the layoff answers "now"
    engine = make_engine()
    engine.ingest_payloads([chat("a", "user", "I work at Cisco.", T0, "old"),
                            chat("b", "user", "Moved from Cisco to Juniper.", T0 + 60 * DAY, "mid"),
                            chat("c", "user", "Juniper laid me off, now freelancing.", T0 + 120 * DAY, "new")])
    engine.run_until_idle()
    ids = _ids(engine)
    pkg = engine.retrieval.query("Where do I work?", "current_state", now=T0 + 150 * DAY)
    assert pkg.findings[0].event_id == ids["new"], [f.content for f in pkg.findings]
    # the end answers either as the ended belief (nothing replaced it) or lifted over the last value
    assert "no longer juniper" in pkg.findings[0].content or \
        any("ended employer 'juniper'" in x["why"] for x in pkg.trace.newer_state)
    mid = engine.retrieval.query("Where do I work?", "current_state", now=T0 + 90 * DAY)
    assert mid.findings[0].event_id == ids["mid"], [f.content for f in mid.findings]


@pytest.mark.parametrize("old,new,question", [
    ("I study at UCLA.", "My son just started at UCLA too!", "Where do I study?"),
    ("我有高血压。", "我爸的高血压好多了。", "我还有高血压吗？"),
])
def test_a_later_word_about_someone_else_does_not_tell_the_users_state(make_engine, old, new, question):
    engine, ids = _old_then_new(make_engine, old, new)
    pkg = engine.retrieval.query(question, "current_state", now=T0 + 90 * DAY)
    assert pkg.findings[0].event_id != ids["new"], [f.content for f in pkg.findings]


def test_a_question_about_a_relative_still_reads_the_relatives_later_word(make_engine):
    engine, ids = _old_then_new(make_engine, "My sister lives in Boston.", "My sister moved to Chicago for her residency.")
    pkg = engine.retrieval.query("Where does my sister live?", "current_state", now=T0 + 90 * DAY)
    assert pkg.findings[0].event_id == ids["new"], [f.content for f in pkg.findings]


def test_a_state_family_joins_the_two_sides_of_one_state_that_share_no_word():
    assert shared_family(["我和老公结婚八年了。"], "我们离婚了，孩子跟我。") == "marriage"
    assert shared_family(["I've been vegan for three years."], "I eat meat again these days.") == "diet"
    assert shared_family(["I work at Zillow."], "We got divorced.") is None
    assert not state_families("I went hiking on Sunday.")


@pytest.mark.parametrize("text,weighed", [
    # a change weighed, advice not acted on, a question put to the speaker, hearsay
    ("Thinking about selling the Civic.", True), ("我在考虑换工作。", True), ("Might move to Denver next year.", True),
    ("My sister thinks I should try keto.", True), ("医生建议我戒烟。", True),
    ("My friend asked if I'd ever leave Apple for Google. Never!", True),
    ("听说腾讯要裁员了，有点慌。", True), ("Heard Intel is cutting jobs again.", True),
    # changes told, also after advice
    ("Sold the Civic last week.", False), ("换工作了。", False), ("My boss told me I got the promotion.", False),
    ("I quit smoking.", False), ("腾讯把我裁了。", False),
    ("医生让我补充蛋白质，我现在开始吃肉了。", False), ("My doctor told me to quit, so I did.", False),
    # a mind made up (想清楚了, 想了想) tells a decision, no weighing
    ("想清楚了，博士不读了，已经办了退学。", False), ("医生建议我吃点红肉，我想了想，不吃素了。", False),
    ("想了很久 还是决定回老家发展了", False), ("我想换个工作。", True),
    # a household pressed to move, and a counterfactual afterwards
    ("wife keeps saying we should sell up and move to Kelowna", True),
    ("my sister bought a house in Exeter, so she's always on at me to move up-country. not a chance", True),
    ("We moved to Leeds, my mum said we should have done it years ago", False),
])
def test_a_change_weighed_advised_or_heard_of_is_no_newer_word(text, weighed):
    assert tentative(text) is weighed


def test_weighing_a_change_leaves_the_state_first(make_engine):
    engine, ids = _old_then_new(make_engine, "I drive a Honda Civic.", "Thinking about selling the Civic soon.")
    pkg = engine.retrieval.query("What car do I drive?", "current_state", now=T0 + 90 * DAY)
    assert pkg.findings[0].event_id != ids["new"], [f.content for f in pkg.findings]
    assert "civic" in pkg.findings[0].content.lower()


def test_a_word_every_chat_line_may_hold_is_no_shared_topic():
    """"Going keto instead" and "when we're going back for tacos" share "going": no word on the diet."""
    from memory_core.retrieval.newer_state import shared_topic
    assert shared_topic(["going", "keto", "instead", "back"], ["dad", "keeps", "going", "back", "tacos"]) is None
    assert shared_topic(["going", "keto"], ["keto", "going", "well"]) == "keto"


def test_a_later_new_company_refers_back_to_the_belief_that_told_the_change(make_engine):
    """"新公司年会我抽中了switch" after "我从腾讯离职了，现在在字节跳动做算法": the new company is the
    one the belief names, not a newer change to lift above it."""
    engine = _ingested(make_engine,
                       ("我在腾讯上班，天天加班", T0, "old"),
                       ("跟你说个事，我上个月从腾讯离职了，现在在字节跳动做推荐算法", T0 + 200 * DAY, "new"),
                       ("新公司年会我居然抽中了一台switch哈哈哈", T0 + 240 * DAY, "later"))
    ids = _ids(engine)
    pkg = engine.retrieval.query("我现在在哪家公司上班？", "current_state", now=T0 + 300 * DAY)
    assert "字节跳动" in pkg.findings[0].content, [f.content for f in pkg.findings]
    assert ids["later"] not in [x["event_id"] for x in pkg.trace.newer_state]


def test_a_change_the_user_takes_back_after_somebody_elses_clause_is_theirs():
    from memory_core.retrieval.state_statement import change_at, not_own_state
    line = "上个月朋友家的布偶猫生了一窝，我抱了一只回来，取名叫奶糖。"
    found = change_at(line, "pet")
    assert found is not None
    assert not_own_state(line, speaker=None, author_type="user", family="pet", at=found[1]) is None
    other = "上个月朋友家的布偶猫生了一窝，她抱了一只回去，取名叫奶糖。"
    assert not_own_state(other, speaker=None, author_type="user", family="pet", at=other.index("取名")) is not None


def test_a_later_word_on_ones_child_is_no_word_on_the_marriage(make_engine):
    """"带女儿去游乐场玩了一天" after "我和老婆结婚五年了，有个女儿": the daughter is named again, but
    a relationship question is answered by the marriage line; a divorce told later still lifts."""
    engine = _ingested(make_engine,
                       ("我和老婆结婚五年了，有个女儿", T0, "married"),
                       ("带女儿去游乐场玩了一天", T0 + 100 * DAY, "outing"),
                       ("手续办完了，我们正式离婚了，女儿跟她，我每周末去接孩子", T0 + 400 * DAY, "divorce"))
    ids = _ids(engine)
    before = engine.retrieval.query("我现在的婚姻状况是怎样", "current_state", now=T0 + 200 * DAY)
    assert before.findings[0].event_id == ids["married"], [f.content for f in before.findings]
    after = engine.retrieval.query("我现在的婚姻状况是怎样", "current_state", now=T0 + 500 * DAY)
    assert after.findings[0].event_id == ids["divorce"], [f.content for f in after.findings]


def test_a_later_line_on_where_the_believed_job_is_is_no_newer_word(make_engine):
    """"The commute to Malvern is brutal but my badge photo is hilarious" after "got an embedded
    systems role at Siemens Healthineers in Malvern": the town of the job the belief names and
    its badge are the same job."""
    engine = _ingested(make_engine,
                       ("Just accepted an offer from Lumen Robotics, starting as a firmware engineer.", T0, "old"),
                       ("Okay it's official, I'm leaving the robot startup — got an embedded systems role at "
                        "Siemens Healthineers in Malvern, starting January.", T0 + 200 * DAY, "new"),
                       ("The commute to Malvern is brutal but my badge photo is hilarious.", T0 + 300 * DAY, "later"))
    ids = _ids(engine)
    pkg = engine.retrieval.query("Who's my employer now?", "current_state", now=T0 + 360 * DAY)
    assert "siemens" in pkg.findings[0].content.lower(), [f.content for f in pkg.findings]
    assert ids["later"] not in [x["event_id"] for x in pkg.trace.newer_state]


def test_a_named_persons_home_told_later_is_theirs_not_a_word_on_the_users(make_engine):
    engine = _ingested(make_engine,
                       ("Big news, we've left London! Renting a little terraced house in Bristol.", T0, "home"),
                       ("Chloe and Kaz's Leeds house has a damp problem apparently.", T0 + 100 * DAY, "theirs"))
    pkg = engine.retrieval.query("Where do I live these days?", "current_state", now=T0 + 200 * DAY)
    assert "bristol" in pkg.findings[0].content.lower(), [f.content for f in pkg.findings]


def test_a_question_on_the_animal_one_lives_with_asks_the_pet_family():
    from memory_core.retrieval.predicates import question_family
    for q in ("What animal lives with me these days?", "Do I have any animals?", "我家现在有什么小动物"):
        assert question_family(q).name == "pet", q


def test_a_word_shared_only_with_a_question_or_a_filler_is_no_topic():
    from memory_core.retrieval.newer_state import stated_part
    assert stated_part("Any tips for keeping a tree upright in the house? Learned the hard way.") == "Learned the hard way."
    assert shared_topic(["lost", "house", "way", "empty", "kitten"], ["tips", "learned", "hard", "way"]) is None
    assert shared_topic(["女朋友", "朋友", "林晓", "异地恋"], ["朋友", "徒步群"]) is None


def test_a_divorce_naming_the_child_the_belief_named_still_lifts(make_engine):
    engine = _ingested(make_engine,
                       ("我老公叫陈磊，我们结婚八年了，有个女儿。", T0, "married"),
                       ("离婚手续今天办完了，女儿跟我。以后就是单身妈妈了。", T0 + 200 * DAY, "divorce"))
    ids = _ids(engine)
    pkg = engine.retrieval.query("我跟陈磊还是夫妻吗？", "current_state", now=T0 + 260 * DAY)
    assert pkg.findings[0].event_id == ids["divorce"], [f.content for f in pkg.findings]


def test_a_state_ended_with_nothing_after_it_is_answered_by_its_end(make_engine):
    """"Have I still got a dog?" after the dog was put down: the ended belief, with the
    statement that ended it, answers — not a later line that only has the family's word."""
    engine = _ingested(make_engine,
                       ("Barney my old springer has started limping after walks.", T0, "old"),
                       ("Had to have Barney put down this morning, he passed peacefully.", T0 + 100 * DAY, "end"),
                       ("Margaret's got a new whippet puppy, it keeps escaping into my garden.", T0 + 200 * DAY, "other"))
    ids = _ids(engine)
    pkg = engine.retrieval.query("Have I still got a dog?", "current_state", now=T0 + 300 * DAY)
    top = pkg.findings[0]
    assert top.layer == "l2" and "no longer barney" in top.content and "put down" in top.content, [f.content for f in pkg.findings]
    assert top.event_ids[0] == ids["end"], "the end is traceable to the statement that told it"
    assert ids["other"] not in [x["event_id"] for x in pkg.trace.newer_state], "a neighbour's new puppy is hers"
    # before the end, the belief was current then
    pkg = engine.retrieval.query("Have I still got a dog?", "current_state", now=T0 + 50 * DAY)
    assert "barney" in pkg.findings[0].content and "no longer" not in pkg.findings[0].content


def test_a_new_pet_after_an_ended_one_is_a_newer_state(make_engine):
    engine = _ingested(make_engine,
                       ("我家柯基豆豆特别能吃，又胖了", T0, "old"),
                       ("豆豆送给乡下表哥了，他那有大院子", T0 + 100 * DAY, "end"),
                       ("新成员到家！一只垂耳兔，取名叫年糕", T0 + 130 * DAY, "new"))
    ids = _ids(engine)
    pkg = engine.retrieval.query("我现在养的是什么宠物？", "current_state", now=T0 + 200 * DAY)
    assert pkg.findings[0].event_id == ids["new"], [f.content for f in pkg.findings]


def test_an_ended_belief_lifts_no_later_line_by_a_word_of_its_older_evidence(make_engine):
    engine = _ingested(make_engine,
                       ("我家芝麻今天又把我论文打印稿踩满了爪印 这猫是懂学术的", T0, "old"),
                       ("芝麻今天早上走了，肾衰，陪了我九年", T0 + 100 * DAY, "end"),
                       ("开学了，导师又催小论文", T0 + 200 * DAY, "later"))
    ids = _ids(engine)
    pkg = engine.retrieval.query("我现在还养着猫吗", "current_state", now=T0 + 300 * DAY)
    assert pkg.findings[0].event_ids[0] == ids["end"], [f.content for f in pkg.findings]
    assert ids["later"] not in [x["event_id"] for x in pkg.trace.newer_state]


@pytest.mark.parametrize("start,later,question,name", [
    ("和陈屿在一起了！！他表白的时候超紧张", "七夕给男朋友送啥 他喜欢摄影", "我现在男朋友是谁来着", "陈屿"),
    ("Officially together with Marco now, he asked me out at the gig.",
     "planning a surprise weekend for my boyfriend's birthday, he loves hiking", "Who is my boyfriend now?", "marco"),
])
def test_a_later_line_on_the_family_naming_no_change_leaves_the_live_belief_first(make_engine, start, later,
                                                                                 question, name):
    """The partner (job, home) a live belief names is who a later "my boyfriend…" line speaks
    of: with no word of a change it is no newer state and is not lifted above the belief."""
    engine = _ingested(make_engine, (start, T0, "start"), (later, T0 + 80 * DAY, "later"))
    pkg = engine.retrieval.query(question, "current_state", now=T0 + 120 * DAY)
    assert name in pkg.findings[0].content.lower(), [f.content for f in pkg.findings]
    assert _ids(engine)["later"] not in [x["event_id"] for x in pkg.trace.newer_state]


def test_a_later_line_naming_the_live_partner_again_is_no_newer_state(make_engine):
    """The partner a live belief names, named again later with no word of a change ("taking
    Priya's parents"), is the same state: the belief answers, not the chat line."""
    engine = _ingested(make_engine, ("my girlfriend Priya wants a weekend in Edinburgh", T0, "start"),
                       ("booked a table in Brixton, taking Priya's parents out", T0 + 40 * DAY, "later"))
    pkg = engine.retrieval.query("what's the status with me and Priya?", "current_state", now=T0 + 60 * DAY)
    assert pkg.findings[0].layer == "l2" and "girlfriend" in pkg.findings[0].content, [f.content for f in pkg.findings]


@pytest.mark.parametrize("line,changed", [
    ("fastest way to raffles place at 8am from our new place, NEL or bus?", False),
    ("how do I get the landlord to fix the boiler at the new flat, any tips?", False),
    ("I moved to Denver last month, any tips for the altitude?", True),
    ("新家附近有什么好吃的推荐吗？", False),
])
def test_a_sentence_that_opens_as_a_question_tells_no_change(line, changed):
    from memory_core.retrieval.state_statement import change_at
    assert (change_at(line, "residence") is not None) is changed


def test_a_pet_put_down_by_name_tells_the_change():
    from memory_core.retrieval.state_statement import change_at
    assert change_at("we had to put Biscuit down tonight. 14 years.", "pet") is not None
    assert change_at("the vet had to put her to sleep this morning", "pet") is not None


def test_an_employer_named_only_in_passing_answers_which_company(make_engine):
    """"which company am I at?" shares no word with "4 years at Infosys Chennai…": the line naming
    an organisation is found through the entity index (the employer family's answer type)."""
    engine = _ingested(make_engine,
                       ("bro what's a good gift for my parents' anniversary, budget around 15k", T0, "gift"),
                       ("4 years at Infosys Chennai and still senior systems engineer only, appraisal came, 6% hike",
                        T0 + 10 * DAY, "job"),
                       ("should I buy the blue kettle or the red one", T0 + 20 * DAY, "kettle"))
    pkg = engine.retrieval.query("which company am I at currently?", "current_state", now=T0 + 40 * DAY)
    assert pkg.findings and "infosys" in pkg.findings[0].content.lower(), [f.content for f in pkg.findings]


@pytest.mark.parametrize(("text", "asks"), [
    ("honeymoon in Crete, what should we not miss", True),
    ("new job, how do I survive the commute?", True),
    ("we got married!! what a day", False),
    ("moved to Leeds, loving it", False),
    # opening with the question, a remark after it: about the state, no newer word on it
    ("do dogs grieve other dogs? he won't eat much", True), ("西安冬天屋里有暖气吗 感觉比银川湿", True),
    ("we lost Gumbo Saturday. it's just Boudreaux now", False),
])
def test_a_line_that_ends_asking_is_a_request(text: str, asks: bool) -> None:
    from memory_core.retrieval.newer_state import asks_last

    assert asks_last(text) is asks


def test_a_long_message_that_ends_asking_tells_more_than_it_asks() -> None:
    from memory_core.retrieval.newer_state import asks_last

    assert not asks_last("biopsy results in. it's not IBS at all, it's coeliac disease. kinda relieved to have an answer??")


def test_a_word_of_the_named_place_in_a_later_line_is_no_newer_state(make_engine):
    """A later line sharing only a word of what the top line names ("the boys here" after
    "posted to Harbour View Boys School") speaks of that place, not of a change: the line that
    names it stays first."""
    engine = _ingested(make_engine,
                       ("I teach maths at Achimota Secondary, help me plan a lesson on fractions", T0, "old"),
                       ("the transfer list is out and I have been posted to Harbour View Boys School in Tema, "
                        "I report on Monday", T0 + 100 * DAY, "new"),
                       ("the boys here are so noisy, any tips for keeping a class of fifty quiet", T0 + 130 * DAY,
                        "after"))
    ids = _ids(engine)
    pkg = engine.retrieval.query("which school am I teaching at now?", "current_state", now=T0 + 200 * DAY)
    assert pkg.findings[0].event_id == ids["new"], [f.content for f in pkg.findings]
    assert ids["after"] not in [x["event_id"] for x in pkg.trace.newer_state]


def test_a_later_line_read_only_by_its_words_does_not_go_above_a_line_that_tells_the_change(make_engine):
    """The top line tells the change into the state ("joined Hooli"): a later "new company" line
    refers back to it, no newer change."""
    engine = _ingested(make_engine,
                       ("three years at Initech already and my manager still micromanages, help me reply to him",
                        T0, "old"),
                       ("I quit Initech and joined Hooli as a designer", T0 + 100 * DAY, "new"),
                       ("new company canteen is great but the commute is long, any podcast tips", T0 + 130 * DAY,
                        "after"))
    ids = _ids(engine)
    pkg = engine.retrieval.query("which company do I work for now?", "current_state", now=T0 + 200 * DAY)
    assert pkg.findings[0].event_id == ids["new"], [f.content for f in pkg.findings]


def test_a_line_that_tells_the_state_goes_before_newer_lines_lifted_for_a_weak_reason():
    def m(eid, t, key):
        return LaterMention(eid, t, key, "x", "user", SELF, None)

    picked = [m("follow", 50, "line:"), m("again", 40, "ent_boss"), m("change", 30, "change:work"), m("new", 20, "new:e")]
    weak = {"line:", "ent_boss"}
    got = told_first(picked, lambda x: x.key not in weak, limit=3)
    assert [x.event_id for x in got] == ["change", "new", "follow"]  # newest first within each part
    # nothing that tells: the newest first, as given
    assert [x.event_id for x in told_first(picked[:2], lambda x: False)] == ["follow", "again"]
    # a line long after the change keeps its place: as often the next change told in passing
    late = [m("next", 30 + 400 * DAY, "line:"), m("change", 30, "change:work")]
    assert [x.event_id for x in told_first(late, lambda x: x.key != "line:")] == ["next", "change"]

