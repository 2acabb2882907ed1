"""Changes told the way people tell them in chat (stop 33, from the state-change scenario sets'
change lines): an offer accepted, a job's first days, keys and leases, the car one went with,
一家公司入职第一天, 跳槽去X了, 新车到手, an animal brought home and named, 落脚/安顿. Tested by other
wordings; each also says what stays unread."""

from __future__ import annotations

from .claim_sets import claims, trait


def test_an_accepted_offer_or_a_signed_contract_is_the_new_employer_unless_its_start_is_ahead():
    assert trait("user", "WORKS_AT", "northwind traders") in claims("Accepted the offer from Northwind Traders today, so excited!")
    assert trait("user", "WORKS_AT", "contoso") in claims("I signed with Contoso last week.")
    # the start still ahead: a plan (a start with a date the time rules read is scheduled instead)
    assert not any(c[1] == "WORKS_AT" for c in claims("I just accepted an offer from Contoso and start Monday."))
    assert not any(c[0] == "user" for c in claims("My sister accepted an offer from Contoso."))


def test_a_jobs_first_days_name_the_employer_but_not_a_school():
    assert trait("user", "WORKS_AT", "initech") in claims("Onboarding at Initech this week, so many forms.")
    assert trait("user", "WORKS_AT", "globex") in claims("Orientation day at Globex was mostly videos.")
    assert not any(c[1] == "WORKS_AT" for c in claims("Orientation at the university was chaotic."))


def test_keys_and_a_lease_tell_the_new_home_and_a_move_told_too_keeps_its_own_reading():
    assert trait("user", "LIVES_IN", "austin") in claims("Got the keys to our new condo in Austin today!")
    assert trait("user", "LIVES_IN", "portland") in claims("We signed a lease in Portland.")
    found = claims("We signed the lease on a house in Denver and moved in on Friday.")
    assert trait("user", "LIVES_IN", "denver") not in found


def test_the_car_one_went_with_is_driven():
    assert trait("user", "DRIVES", "honda civic") in claims("Went with a Honda Civic in the end.")
    assert not any(c[0] == "user" and c[1] == "DRIVES" for c in claims("We went with a plan that works for everyone."))


def test_chinese_job_starts_told_in_passing():
    assert trait("user", "WORKS_AT", "京东") in claims("我跳槽去京东了")
    assert trait("user", "WORKS_AT", "网易") in claims("网易入职第一天，工位有点小")
    assert not any(c[1] == "WORKS_AT" for c in claims("学校第一周打卡完成"))


def test_a_car_just_picked_up_and_an_animal_brought_home_and_named():
    assert trait("user", "DRIVES", "model 3") in claims("新车到手：Model 3，白色的")
    assert trait("user", "HAS_PET", "年糕") in claims("今天领养了一只布偶猫，叫年糕")
    assert trait("user", "HAS_PET", "豆包") in claims("上周从救助站抱回来一只柯基，叫豆包")
    assert not any(c[0] == "user" and c[1] == "HAS_PET" for c in claims("她领养了一只猫，叫团子"))


def test_where_one_settled():
    assert trait("user", "LIVES_IN", "杭州") in claims("终于落脚杭州了")
    assert trait("user", "LIVES_IN", "苏州") in claims("在苏州安顿下来了，房子离地铁很近")
