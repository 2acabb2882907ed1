"""Whose word on a state a line is, and whether it tells a change of the family asked about —
in wordings of their own (the scenario files measure the whole path)."""

from __future__ import annotations

import pytest

from memory_core.retrieval.rerank import RerankCandidate, rerank
from memory_core.retrieval.state_statement import change_at, change_cue, not_own_state


@pytest.mark.parametrize("text,speaker,why", [
    ("If we moved to Tampa, would the rent be lower?", None, "a hypothetical"),
    ("Can you find me a vegan bakery near the office?", None, "a question"),
    ("假如我去了深圳，通勤会不会很远", None, "a hypothetical"),
    ("The Seattle job fell through, so nothing changes.", None, "a change called off or declined"),
    ("我本来报了驾校，后来又取消了", None, "a change called off or declined"),
    ("My brother just bought a Model Y, so jealous.", None, "about someone else"),
    ("我妹妹刚搬去杭州了，下次去找她玩", None, "about someone else"),
    ("Just started at Oracle, wish me luck", "Priya", "said by another speaker in the chat"),
    ("Thinking about switching to a plant-based diet.", None, "a change weighed, not made"),
])
def test_lines_that_are_not_the_users_word_on_their_state(text, speaker, why):
    assert not_own_state(text, speaker=speaker, author_type="user") == why


@pytest.mark.parametrize("text", [
    "Started at Oracle on Monday, the campus is huge.",
    "我搬到苏州了，房租便宜一半",
    "Honestly I've never been happier than at this job.",
    "Got a new job! Can you believe it? Still pinching myself.",
])
def test_the_users_own_statements_are(text):
    assert not_own_state(text, speaker=None, author_type="user") is None


@pytest.mark.parametrize("text,family,cue", [
    ("Onboarding at Datadog all week, so many laptops to set up.", "work", "onboarding"),
    ("上周正式入职网易了，工位在三楼", "work", "入职"),
    ("Got the keys to the Denver condo today!!", "residence", "got the keys"),
    ("终于在青岛安顿下来了", "residence", "安顿"),
    ("Took delivery of the Ioniq 5 this morning.", "vehicle", "took delivery"),
    ("我们家的仓鼠昨天去世了", "pet", "去世"),
    ("The biopsy came back clear, I'm in remission.", "health", "came back clear"),
    ("这学期转学到厦大了", "school", "转学"),
    ("Gave my notice at the shipyard today.", "work", "gave my notice"),
    ("Officially giving up on caveman eating, pasta is back.", "diet", "giving up"),
    ("I'm back to normal food and honestly happier.", "diet", "back to normal food"),
    ("First week on the turbines done! Orsted flies us out by helicopter.", "work", "first week on the"),
    # a medicine changed by the doctor, and a new partner met (stop 40)
    ("GP swapped me to mirtazapine, 15mg at night", "health", "swapped me to"),
    ("皮肤科医生让我改用他克莫司软膏了", "health", "改用"),
    ("复查完医生把二甲双胍换成了达格列净", "health", "换成"),
    ("Second date with Ines tonight, she picked the restaurant", "relationship", "second date"),
    ("相亲认识了个女生 叫小雪 聊得挺好", "relationship", "认识了个"),
])
def test_a_change_of_the_family_is_read_by_its_word(text, family, cue):
    assert change_cue(text, family) == cue


@pytest.mark.parametrize("text,family", [
    ("The Amazon offer fell through after the background check.", "work"),
    ("We haven't moved yet, still packing.", "residence"),
    ("要是我把车卖了，上班就得挤地铁了", "vehicle"),
    ("Should I get my cat rehomed?", "pet"),
    ("Back to work tomorrow after the holidays.", "work"),  # small talk, no change word
    ("I moved the couch to the other wall.", "pet"),  # another family's word only
])
def test_no_change_is_read_where_none_is_told(text, family):
    assert change_cue(text, family) is None


def test_a_current_state_question_lowers_a_relatives_news_below_the_users_own_line():
    cands = [RerankCandidate("news", 1.0, "user", "My sister just got a job at Google!", 200.0),
             RerankCandidate("own", 0.2, "user", "I work at a bakery downtown.", 100.0)]
    plain = rerank(cands, quoted=[], now=300.0, about_user=True)
    assert plain[0].key == "news"  # by its words alone the news ranks first
    ranked = rerank(cands, quoted=[], now=300.0, about_user=True, state_question=True)
    assert [r.key for r in ranked] == ["own", "news"] and ranked[1].deltas["state"] < 0


@pytest.mark.parametrize("text,family", [("My dog is limping again, vet on Friday.", "pet"), ("我家猫又胖了两斤", "pet"),
                                         ("女朋友下周生日，想给她个惊喜", "relationship")])
def test_a_line_about_the_users_own_pet_or_partner_is_their_word_on_it(text, family):
    assert not_own_state(text, speaker=None, author_type="user", family=family) is None
    # asked about another state (the partner's diet is not the user's), it is somebody else's news
    assert not_own_state(text, speaker=None, author_type="user", family="diet") == "about someone else"


def test_a_friend_named_after_the_word_for_them_is_someone_else():
    assert not_own_state("My best friend Omar just got divorced, he's on my couch.", speaker=None,
                         author_type="user") == "about someone else"


@pytest.mark.parametrize("question,family", [
    ("Is she seeing anyone these days?", "relationship"), ("Are we engaged yet?", "relationship"),
    ("我最近脱单了吗？", "relationship"), ("How's my shoulder after the fall?", "health"),
    ("我的膝盖好点了吗？", "health"), ("Which medication am I on for the rash?", "health"),
])
def test_questions_about_a_partner_or_the_body_ask_about_those_states(question, family):
    from memory_core.retrieval.predicates import question_family

    assert question_family(question).name == family


def test_a_test_that_came_back_negative_is_no_change_of_the_condition_asked_about():
    assert change_cue("They ran a celiac panel and it came back negative.", "health") is None


def test_a_meal_question_asks_no_ownership():
    from memory_core.retrieval.predicates import question_family

    fam = question_family("What did I have for dinner on Friday?")
    assert fam is None or fam.name != "ownership"
    assert question_family("Did I have a dog as a kid?").name in ("pet", "ownership")


def test_a_buddy_or_an_ex_is_someone_else_and_my_knee_is_mine():
    from memory_core.retrieval.predicates import asks_about_body

    assert not_own_state("My buddy Sam just got hired at Oracle!", speaker=None, author_type="user") == "about someone else"
    assert not_own_state("My ex moved to Ohio last month.", speaker=None, author_type="user") == "about someone else"
    assert asks_about_body("我的膝盖最近怎么样？") and asks_about_body("How's my back these days?")
    assert not asks_about_body("Where does my brother live?")


@pytest.mark.parametrize("question,family", [
    ("Where am I working these days?", "work"), ("Am I employed at the moment?", "work"),
    ("Which city am I based in?", "residence"), ("Which truck do I have now?", "vehicle"),
    ("Am I still doing intermittent fasting?", "diet"), ("What's my diet like these days?", "diet"),
    ("我还在生酮吗？", "diet"), ("Am I still with my boyfriend Jonas?", "relationship"), ("我现在婚姻状况怎么样？", "relationship"),
    ("Am I still doing my PhD?", "school"), ("我还在上课吗？", "school"), ("我的甲减好了吗？", "health"),
    ("Which pets live with me now?", "pet"),
])
def test_everyday_wordings_of_the_state_questions(question, family):
    from memory_core.retrieval.predicates import question_family

    assert question_family(question).name == family


@pytest.mark.parametrize("text,family,cue", [
    ("Day 1 at Accenture IT Park, the training room is freezing", "work", "day 1 at"),
    ("STV's news team took me on as a researcher, started today", "work", "took me on"),
    ("Keys collected for the Tiong Bahru flat", "residence", "keys collected"),
    ("Lychee's first night home! She's a tan village dog", "pet", "first night home"),
    ("Reported at the University of Nairobi today, BCom.", "school", "reported at"),
    ("First day in UP Diliman, took a selfie with the Oblation", "school", "first day in"),
    ("Finally got our BTO keys in Punggol!! Reno starting next month", "residence", "got our bto keys"),
    ("First weekend sleeping in the Punggol flat, so quiet here", "residence", "first weekend sleeping in the punggol flat"),
])
def test_starts_told_by_their_first_day_or_the_keys(text, family, cue):
    assert change_cue(text, family) == cue


def test_a_negation_after_an_emoji_or_because_is_not_the_changes():
    """In chat an emoji ends a clause; "because" opens one: the sofa not being there yet does not
    take back the first night in the new flat. The subject is still read over the emoji."""
    line = "first night in the new flat in Leith 🥂 sitting on the floor eating chips because the sofa isn't here yet"
    assert change_cue(line, "residence") == "first night in"
    assert change_cue("haven't moved yet 😩 the flat isn't ready", "residence") is None
    assert change_cue("lost my keys again lol", "residence") is None
    assert change_cue("滨江的新房子终于收拾好了，杭州的秋天好舒服", "residence") == "新房子"
    said = "SHE SAID YES 💍💍 Priya is officially my fiancée!!"
    from memory_core.retrieval.state_statement import family_word_at
    assert not_own_state(said, speaker=None, author_type="user", family="relationship",
                         at=family_word_at(said, "relationship")) is None


@pytest.mark.parametrize("text,family,cue", [
    ("Pulled out of uni last month, taking a gap year now.", "school", "pulled out of"),
    ("Honestly? I pulled out of my PhD program at Rice.", "school", "pulled out of"),
])
def test_a_change_told_by_a_call_off_word_is_found_and_kept(text, family, cue):
    """The change word that is itself a call-off word ("pulled out of") is found by the change
    lift and then not refused as a change called off: both read the same call-off check."""
    from memory_core.retrieval.state_statement import family_word_at
    assert change_cue(text, family) == cue
    assert not_own_state(text, speaker=None, author_type="user", family=family,
                         at=family_word_at(text, family)) is None
    assert not_own_state(text + " Then the transfer fell through.", speaker=None, author_type="user",
                         family=family, at=family_word_at(text, family)) is not None


@pytest.mark.parametrize("question,family", [
    ("Am I still doing paleo?", "diet"), ("Still on Whole30?", "diet"), ("我现在还在戒糖吗", "diet"),
    ("Do I still have knee problems?", "health"), ("Is my back pain gone?", "health"), ("我怀孕的事后来怎么样了", "health"),
    ("我跟阿杰现在还好着吗", "relationship"),
])
def test_more_wordings_of_the_state_questions(question, family):
    from memory_core.retrieval.predicates import question_family
    fam = question_family(question)
    assert fam is not None and fam.name == family, (question, fam and fam.name)


@pytest.mark.parametrize("text,family,cue", [
    ("The vet said it was time. He went peacefully this morning with his head in my lap", "pet", "went peacefully"),
    ("Discharged na ako! Platelets back to normal, uwi na", "health", "discharged"),
    ("不搞生酮了，医生让我碳水正常吃，今天中午干了一大碗米饭", "diet", "不搞生酮了"),
    ("Packed it in. Cancelled my membership, eating normal again", "diet", "packed it in"),
    ("上周被优化了 拿了N+1 先歇两个月", "work", "被优化"),
    ("Koda went to his forever home outside Red Deer, they have acreage", "pet", "forever home"),
])
def test_ends_told_in_their_own_words_are_the_users_change(text, family, cue):
    """An end told with the advice behind it after it (医生让我…), a membership cancelled (the end
    itself, no plan called off), a pet gone told with its pronoun after someone else's clause."""
    from memory_core.retrieval.state_statement import family_word_at
    assert change_cue(text, family) == cue
    assert not_own_state(text, speaker=None, author_type="user", family=family, at=family_word_at(text, family)) is None


def test_a_pet_takes_back_the_sentence_from_the_kids_but_a_neighbour_keeps_hers():
    from memory_core.retrieval.state_statement import family_word_at
    mine = "Clover's with her new family now. Kids cried but she's rehomed somewhere great"
    assert not_own_state(mine, speaker=None, author_type="user", family="pet", at=family_word_at(mine, "pet")) is None
    theirs = "my neighbour's dog died, and she's devastated"
    assert not_own_state(theirs, speaker=None, author_type="user", family="pet",
                         at=family_word_at(theirs, "pet")) is not None
    # any other thing cancelled still calls a change off
    assert change_cue("Booked movers for the new place, then cancelled them", "residence") is None


@pytest.mark.parametrize("text", [
    "My sister Bríd has moved down to Kinsale to be near her son.",  # a name in any script's letters
    "Buddy of mine, Dale, moved to Phoenix last year",  # a name set off by commas
    "我家姐搬去东莞松山湖了，话空气好好",  # 家姐: an elder sister (Cantonese)
    "我闺蜜搬到玉林我原来那个小区了",  # "my old place" is no "me" in the friend's move
])
def test_a_relatives_or_friends_move_is_theirs(text):
    from memory_core.retrieval.state_statement import family_word_at
    assert not_own_state(text, speaker=None, author_type="user", family="residence",
                         at=family_word_at(text, "residence")) is not None


def test_a_place_set_off_by_commas_is_no_person():
    from memory_core.retrieval.state_statement import family_word_at
    text = "Moved to Leeds, Yorkshire, last week"
    assert not_own_state(text, speaker=None, author_type="user", family="residence",
                         at=family_word_at(text, "residence")) is None


@pytest.mark.parametrize("text,word", [
    ("嗐 早上开窗通风阿黄飞走了 楼上楼下找了一圈没找着", "飞走"),
    ("Left the cage open and Kiwi flew away, we looked all day", "flew away"),
    ("带它去公园结果走丢了", "走丢"),
])
def test_a_pet_lost_tells_a_change(text, word):
    found = change_at(text, "pet")
    assert found is not None and found[0] == word
