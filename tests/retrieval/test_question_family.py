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
