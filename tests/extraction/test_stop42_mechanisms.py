"""Mechanisms of stop 42's extraction changes, each tested by wordings other than the fresh
batch line that showed it: a dated plan is scheduled, not a fact of its telling; a tie ended
after the partner's role and name; a kind of place is no home; a quantity is no part of the
thing bought; an animal in a saying is no animal."""

from __future__ import annotations

import json

import pytest

from memory_core.extraction.evaluation import evaluate
from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.rule_extractor import RuleExtractor
from tests.extraction.claim_sets import claims, entities, rel, trait

R = RuleExtractor()


@pytest.mark.parametrize(("text", "predicate", "obj"), [
    ("We're moving to Brisbane next month", "MOVED_TO", "brisbane"),
    ("I start at Globex next Monday.", "WORKS_AT", "globex"),
    ("下个月跟王磊去领证", "MARRIED_TO", "王磊"),
    ("月底就要去美团报到了", "WORKS_AT", "美团"),
])
def test_a_dated_plan_is_scheduled_not_a_fact_of_its_telling(text: str, predicate: str, obj: str) -> None:
    out = R.extract([ExtractionInput("e", text)], [])
    assert not [c for c in out.fact_claims if c.predicate == predicate], out.fact_claims
    assert {(c.predicate, c.object) for c in out.scheduled_claims} == {(predicate, obj)}
    assert all(c.time_hint and c.time_hint.startswith("from:") for c in out.scheduled_claims)
    assert out.all_claims == [*out.fact_claims, *out.scheduled_claims]


def test_what_is_true_now_stays_a_fact_beside_the_plan() -> None:
    out = R.extract([ExtractionInput("e", "阿强: 我还住上海，下个月搬去杭州", speaker="阿强")], [])
    assert ("阿强", "LIVES_IN", "上海") in {(c.subject, c.predicate, c.object) for c in out.fact_claims}
    assert {(c.subject, c.predicate, c.object) for c in out.scheduled_claims} == {("阿强", "MOVED_TO", "杭州")}


def test_a_models_json_is_sorted_the_same_way() -> None:
    from memory_core.extraction.schema import Phase1Output

    claim = {"subject": "user", "predicate": "WORKS_AT", "object": "globex", "evidence_text": "x", "event_id": "e"}
    out = Phase1Output.from_json({"entities": [], "resolved_refs": [],
                                  "fact_claims": [claim, {**claim, "object": "initech", "time_hint": "from:next Monday"}]})
    assert [c.object for c in out.fact_claims] == ["globex"]
    assert [c.object for c in out.scheduled_claims] == ["initech"]
    assert Phase1Output.from_json(out.to_json()).scheduled_claims[0].object == "initech"


def test_the_evaluation_scores_a_plan_as_the_files_labels_say(tmp_path) -> None:
    item = {"id": "i1", "lang": "en", "text": "Moving to Tucson next month, finally.",
            "entities": [["tucson", "place"]], "claims": []}
    as_labelled = {"items": [item]}  # the held-out's convention: a future start is no claim
    assert evaluate(R, as_labelled).claims.fp == 0
    revised = {"future_starts": "claims", "items": [{**item, "claims": [
        {"p": "MOVED_TO", "o": "tucson"}, {"trait": "residence", "value": "tucson", "p": "MOVED_TO"}]}]}
    assert evaluate(R, revised).claims.tp == 2
    # the same labels read under the held-out's convention: the plan is not found as a fact
    assert evaluate(R, {"items": revised["items"]}).claims.fn == 2
    json.dumps(revised)


@pytest.mark.parametrize(("text", "predicate", "obj"), [
    ("Me and my girlfriend Jess split up last week, still gutted", "DATING", "jess"),
    ("me and my bf Marco broke up lol", "DATING", "marco"),
    ("My wife Sarah and I got divorced in the spring", "MARRIED_TO", "sarah"),
    ("我老公大伟跟我离婚了", "MARRIED_TO", "大伟"),
    ("我女朋友小雨跟我分手了", "DATING", "小雨"),
    ("我男朋友阿杰去年跟我分手了", "DATING", "阿杰"),  # a time before 跟我 too
])
def test_a_tie_ended_after_the_role_and_name_is_an_end(text: str, predicate: str, obj: str) -> None:
    found = claims(text)
    assert rel("user", predicate, obj, True) in found and rel("user", predicate, obj) not in found, found


def test_a_tie_named_by_role_still_holds_when_nothing_ends_it() -> None:
    assert rel("user", "MARRIED_TO", "sarah") in claims("My wife Sarah and I went to Lisbon")


@pytest.mark.parametrize("text", ["My asthma is better since I moved to the coast",
                                  "we moved out to the countryside in 2021",
                                  "finally moved to the suburbs"])
def test_a_kind_of_place_is_no_home(text: str) -> None:
    assert not [c for c in claims(text) if c[1] in ("MOVED_TO", "LIVES_IN")], claims(text)


def test_a_named_place_and_a_liked_kind_of_place_stay() -> None:
    assert rel("user", "MOVED_TO", "gold coast") in claims("moved to the Gold Coast in March")
    assert rel("user", "LIKES", "beach") in claims("I love the beach")


@pytest.mark.parametrize(("text", "thing"), [("在夜市买了一大堆烤串", "烤串"), ("买了两箱矿泉水", "矿泉水"),
                                             ("今天买了好多酸奶", "酸奶")])
def test_a_quantity_is_no_part_of_the_thing_bought(text: str, thing: str) -> None:
    assert rel("user", "BOUGHT", thing) in claims(text), claims(text)


@pytest.mark.parametrize("text", ["这周加班加到累成狗", "天天忙得跟狗一样", "考研狗的日常"])
def test_an_animal_in_a_saying_is_no_animal(text: str) -> None:
    assert not [e for e in entities(text) if e[1] == "animal"], entities(text)


def test_a_dog_kept_is_still_a_pet() -> None:
    assert trait("user", "HAS_PET", "狗") in claims("我养了条狗，天天遛")


@pytest.mark.parametrize(("text", "predicate", "obj"), [
    ("Maya is officially my girlfriend!", "DATING", "maya"),
    ("Ravi is my fiancé now 💍", "DATING", "ravi"),
    ("Chris is now my husband.", "MARRIED_TO", "chris"),
])
def test_one_named_as_ones_partner_is_the_partner(text: str, predicate: str, obj: str) -> None:
    assert rel("user", predicate, obj) in claims(text), claims(text)


@pytest.mark.parametrize("text", ["Is Maya my girlfriend?", "Maya is not my girlfriend", "Maya is my girlfriend's sister",
                                  "my mom thinks Maya is my girlfriend lol"])
def test_a_partner_asked_denied_or_believed_by_others_is_no_partner(text: str) -> None:
    assert not [c for c in claims(text) if c[1] in ("DATING", "MARRIED_TO")], claims(text)


@pytest.mark.parametrize(("text", "place"), [("我在南京上班，不过住在马鞍山", "马鞍山"), ("我在广州打工，住佛山", "佛山")])
def test_the_home_after_the_workplace_is_the_tellers(text: str, place: str) -> None:
    assert trait("user", "LIVES_IN", place) in claims(text), claims(text)


@pytest.mark.parametrize("text", ["我姐在南京上班，住马鞍山", "我以前在广州打工，住佛山", "我想在南京工作，住马鞍山"])
def test_someone_elses_past_or_wished_home_is_no_home(text: str) -> None:
    assert not [c for c in claims(text) if c[1] == "LIVES_IN" and not c[4]], claims(text)


@pytest.mark.parametrize(("text", "employer"), [("唉，被优化了，在阿里待了三年", "阿里"), ("我辞职了，之前在腾讯干了五年", "腾讯")])
def test_out_of_the_job_then_the_years_there_ends_it(text: str, employer: str) -> None:
    found = claims(text)
    assert rel("user", "WORKS_AT", employer, True) in found and rel("user", "WORKS_AT", employer) not in found, found


@pytest.mark.parametrize(("text", "place"), [("moved to Denver 3 months ago", "denver"), ("moved to Leeds 2 yrs ago", "leeds")])
def test_a_count_of_time_after_a_name_is_no_model_number(text: str, place: str) -> None:
    assert rel("user", "MOVED_TO", place) in claims(text), claims(text)


def test_a_model_number_after_a_name_stays() -> None:
    assert rel("user", "DRIVES", "mazda 3") in claims("I drive a Mazda 3")
