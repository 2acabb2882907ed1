"""Mechanisms of the dev27 / dev28 round (issue 14, stop 30: Chinese name spans, and state
changes in unexpected wordings): each test is a family of wordings, not one dev line, and each
fails on the extractor before its fix."""

from __future__ import annotations

from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.names import zh_name_spans
from tests.extraction.claim_sets import R, claims, entities, rel, trait


def _spans(text: str) -> set[tuple[str, str]]:
    return {(surface, etype) for _, _, surface, etype in zh_name_spans(text)}


# -- Chinese names ---------------------------------------------------------------------------------


def test_a_name_runs_on_to_the_longest_organisation_head():
    assert ("北京大学附属中学", "organization") in _spans("我在北京大学附属中学读高二。")
    assert ("中山大学附属第一医院", "organization") in _spans("我妈在中山大学附属第一医院上班。")
    assert ("湘雅三医院", "organization") in _spans("我是湘雅三医院的医生。")
    # a head that starts a longer word names no company (a park, a factory of that trade)
    assert ("深圳电子", "organization") not in _spans("我在深圳电子厂上班。")
    assert ("苏州软件园", "place") in _spans("我在苏州软件园上班。")


def test_a_district_after_a_city_is_one_place():
    assert ("佛山顺德", "place") in _spans("我搬到了佛山顺德。")
    assert ("西安", "place") in _spans("我在西安长大。")  # 长大 tagged ns is no district


def test_a_made_up_company_name_before_a_company_head():
    assert rel("user", "WORKS_AT", "青松置业") in claims("我在青松置业做销售。")
    assert rel("user", "WORKS_AT", "远山传媒", True) in claims("远山传媒上个月把我们整个组都裁了。")
    assert not any(t == "organization" for _, t in entities("我在研究生物。"))


def test_a_brand_with_a_series_word_and_a_code_is_one_vehicle():
    assert ("吉利银河L7", "vehicle") in _spans("我开的是吉利银河L7。")
    assert ("哪吒S", "vehicle") in _spans("我那台哪吒S开了一年了。")
    # a brand that is a common word is no car alone; nor does a function word make a model
    assert not any(t == "vehicle" for _, t in _spans("周末去爬了长城。"))
    assert ("小米到了OPPO", "vehicle") not in _spans("我从小米到了OPPO。")


def test_a_car_driven_for_years_told_by_its_owner():
    assert trait("user", "DRIVES", "本田思域") in claims("我的本田思域已经开了快十年了。")


def test_a_name_that_jieba_hears_as_which_is_no_question():
    assert rel("user", "DRIVES", "哪吒v") in claims("我那台哪吒V开了两年了。")


def test_what_after_a_negation_is_any_not_a_question():
    assert trait("user", "FEELS", "lonely") in claims("刚搬来还没认识什么人，挺孤单的。")


# -- Chinese states --------------------------------------------------------------------------------


def test_a_company_cutting_the_speakers_team_ends_the_job():
    assert trait("user", "WORKS_AT", "美团", True) in claims("美团上周把我们整个部门都裁了。")


def test_a_pet_given_away_to_be_kept_and_a_pet_named_by_its_care():
    assert rel("user", "HAS_PET", "豆包", True) in claims("豆包送给我妹妹养了。")
    assert not any(c[1] == "HAS_PET" for c in claims("孩子交给我妈养了。"))
    assert trait("user", "HAS_PET", "奶黄") in claims("我家奶黄昨天刚打完疫苗。")


def test_partners_named_as_someones_and_a_relationship_denied():
    assert trait("user", "DATING", "周杰") in claims("我现在是周杰的女朋友了。")
    assert rel("user", "DATING", "王磊", True) in claims("我和王磊没在谈，只是朋友。")
    assert rel("user", "MARRIED_TO", "小林") in claims("周末跟小林去民政局扯证了！")
    assert rel("user", "DATING", "阿哲") in claims("我和阿哲在大理旅游的时候正式官宣了。")


def test_a_place_never_visited_told_first():
    assert rel("user", "VISITED", "西藏", True) in claims("西藏我从来没去过。")


def test_a_move_home_names_the_hometown_and_ends_the_old_home():
    found = claims("在深圳漂了八年，今年回老家赣州发展了。")
    assert trait("user", "MOVED_TO", "赣州") in found and trait("user", "IS_FROM", "赣州") in found
    assert trait("user", "LIVES_IN", "深圳") not in found


def test_a_new_home_and_where_it_is():
    assert trait("user", "MOVED_TO", "杭州") in claims("终于搬进了新家，在杭州。")


def test_ends_told_as_a_contract_over_or_as_being_optimised():
    assert rel("user", "WORKS_AT", "顺丰", True) in claims("跟顺丰的合同到期没续。")
    found = claims("在字节干了三年，结果上周被优化了。")
    assert rel("user", "WORKS_AT", "字节", True) in found and rel("user", "WORKS_AT", "字节") not in found


def test_a_diet_from_a_start_told_by_from_when():
    assert trait("user", "FOLLOWS_DIET", "vegetarian") in claims("从这周开始吃素了。")


def test_a_dated_start_after_an_interview_passed_and_there_resolved():
    # 那边 is the employer the batch named; with none named, nothing (never an employer "那边")
    assert rel("user", "WORKS_AT", "网易") in claims("我拿到了网易的offer。", "面试过了，下周一就去那边上班！")
    found = claims("网易的面试过了。", "下周一就去那边上班！")
    assert not any(c[2] == "那边" for c in found)


# -- English ---------------------------------------------------------------------------------------


def test_farewells_and_contracts_end_a_pet_and_a_job():
    found = claims("We said goodbye to our dog Rufus this morning.")
    assert rel("user", "HAS_PET", "rufus", True) in found and rel("user", "HAS_PET", "rufus") not in found
    assert trait("user", "WORKS_AT", "pfizer", True) in claims("My contract with Pfizer ended last month.")


def test_a_home_taken_and_moved_into_or_called_home():
    assert trait("user", "MOVED_TO", "tacoma") in claims("We signed the lease on a condo in Tacoma and moved in Sunday.")
    assert trait("user", "LIVES_IN", "reno") in claims("We closed on a house in Reno, so that's home now.")
    assert rel("user", "LIVES_IN", "austin") in claims("Moved back to Ohio after six years in Austin.")


def test_a_speaker_line_that_drops_i():
    out = R.extract([ExtractionInput("e0", "Priya: got let go from Intel last week.", speaker="Priya")], [])
    found = {(c.subject, c.predicate, c.object, c.kind, c.negated) for c in out.fact_claims}
    assert rel("Priya", "WORKS_AT", "intel", True) in found


def test_a_couple_done_and_a_proud_owner():
    assert rel("user", "DATING", "sam", True) in claims("It's official, Sam and I are done.")
    assert rel("user", "OWNS", "kia soul") in claims("I'm officially the proud owner of a Kia Soul!")
