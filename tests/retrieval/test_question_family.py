"""Which predicate family a question asks about (``retrieval/predicates.question_family``): the
state families of issue 14 (school, relationship, vehicle, pet, diet, health) must be read, or
L2 grounding never looks at their edges and assertions."""

from __future__ import annotations

import pytest

from memory_core.retrieval.predicates import question_family


@pytest.mark.parametrize("question,family", [
    ("Where do I study now?", "school"), ("我现在在哪个学校读书？", "school"), ("我现在是学生吗？", "school"), ("Where did I go to school?", "school"),
    ("Who am I dating?", "relationship"), ("我和林悦现在是什么关系？", "relationship"), ("Am I single?", "relationship"),
    ("What car do I drive?", "vehicle"), ("我现在有车吗？", "vehicle"),
    ("Do I have a parrot?", "pet"), ("我现在还养猫吗？", "pet"),
    ("Am I vegan?", "diet"), ("Do I eat meat?", "diet"), ("我还吃素吗？", "diet"),
    ("How is my diabetes?", "health"), ("我的胃炎怎么样了？", "health"), ("Is my tendinitis better?", "health"),
    # the older families keep their questions
    ("Where do I work?", "work"), ("What did I buy for my car?", "acquisition"), ("Do I like my new car?", "preference"),
    ("Where do I live?", "residence"), ("Did I eat fish yesterday?", "consumption"),
])
def test_the_family_a_question_asks_about(question, family):
    found = question_family(question)
    assert found is not None and found.name == family


@pytest.mark.parametrize("question", ["How is my tourism business going?", "What did Tom say?"])
def test_no_family_without_a_cue(question):
    assert question_family(question) is None


@pytest.mark.parametrize("question,family", [
    # a car by its name: a Chinese model alone, a brand after 开, an English name one has or drives
    ("我现在还开思域吗？", "vehicle"), ("我还开丰田吗", "vehicle"), ("do I still drive the Corolla?", "vehicle"),
    ("is my Prius still running ok?", "vehicle"),
    # a city asked of oneself, a school asked with a filler inside the verb, "uni"
    ("我家现在在哪个城市呀", "residence"), ("我现在上啥学了没？报的啥班来着", "school"), ("am I still at uni?", "school"),
    # a measure or a treatment without "my"
    ("我现在血压有问题吗？", "health"), ("am I still doing chemo?", "health"), ("还在透析吗", "health"),
    # a life shared with someone
    ("我现在还跟老李过吗？", "relationship"),
    # a slimming programme is a diet
    ("am I still doing Slimming World?", "diet"), ("still on weight watchers?", "diet"),
    # chat's dropped g, a trade asked by its verb, the driveway, regional words
    ("who am i workin for again these days", "work"), ("where am I livin now", "residence"),
    ("where am I nursing these days?", "work"), ("what's in the driveway these days, remind me", "vehicle"),
    ("what bakkie am I driving", "vehicle"), ("我现在还单着吗", "relationship"), ("我现在在哪个学校念书", "school"),
    ("我现在是在哪家干？", "work"),
])
def test_the_family_of_a_named_car_a_city_a_treatment(question, family):
    found = question_family(question)
    assert found is not None and found.name == family


@pytest.mark.parametrize("question", [
    "am I still playing golf?",  # a bare car name is a game or a word
    "我还在比亚迪上班吗",  # a brand without 开 is an employer as often
])
def test_a_car_name_alone_is_no_car(question):
    found = question_family(question)
    assert found is None or found.name != "vehicle"


@pytest.mark.parametrize("question,family", [
    ("我现在还是单身狗吗 哈哈", "relationship"),  # 单身狗: a single person, no dog
    ("考研狗现在在哪读书", "school"),
    ("我现在还养狗吗", "pet"),
])
def test_net_slang_for_a_kind_of_person_is_no_animal(question: str, family: str) -> None:
    found = question_family(question)
    assert found is not None and found.name == family
