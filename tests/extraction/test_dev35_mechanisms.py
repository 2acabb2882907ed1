"""Many facts in one message (dev35's first run), tested by other wordings: verb phrases after the
commas of a sentence the speaker opened, a contrast that ends a condition's scope, a dropped
subject in a group-chat update, a partner named in the next sentence or in apposition, a list of
news with no verb, a home told "these days" after an origin, lists of the world's large cities
and employers."""

from __future__ import annotations

from .claim_sets import claims, rel, trait


def test_verb_phrases_after_commas_share_the_speakers_subject():
    found = claims("I relocated to Denver, joined Palantir, and rescued a cat named Olive.")
    assert {trait("user", "MOVED_TO", "denver"), trait("user", "WORKS_AT", "palantir"),
            trait("user", "HAS_PET", "olive")} <= found
    # someone else's sentence lends no subject; a participle "at the time" is no present job
    assert not any(c[0] == "user" for c in claims("My cousin moved to Denver, joined Palantir."))
    assert not any(c[1] == "WORKS_AT" for c in claims("I met Jo at a bar, working at Intel at the time."))
    assert trait("user", "WORKS_AT", "deloitte") in claims("I'm from Lyon, but I'm in Paris now, working at Deloitte.")


def test_a_contrast_ends_the_scope_of_a_condition():
    assert trait("user", "WORKS_AT", "salesforce") in \
        claims("If Stripe made me an offer I would think about it, but for now I'm still at Salesforce.")
    assert not claims("If Stripe made me an offer I would take it.")


def test_a_group_chat_update_with_the_subject_dropped():
    found = claims("Maya: Still at Infosys, still in Bengaluru, nothing new.", speaker="Maya")
    assert {trait("Maya", "WORKS_AT", "infosys"), trait("Maya", "LIVES_IN", "bengaluru")} <= found
    assert not any(c[1] == "LIVES_IN" for c in claims("still in bed lol"))


def test_a_partner_named_after_being_announced():
    assert trait("user", "DATING", "priya") in claims("So I'm seeing someone. Her name is Priya.")
    assert trait("user", "DATING", "omar") in claims("I'm dating someone new, Omar, and it's great.")
    assert not claims("My brother is seeing someone. Her name is Jade.")


def test_a_list_of_news_with_no_verb():
    found = claims("Big update: new flat in Leeds, new job at Arup, new bike.")
    assert {trait("user", "LIVES_IN", "leeds"), trait("user", "WORKS_AT", "arup")} <= found
    assert not claims("My sister got a new job at Arup.") & {trait("user", "WORKS_AT", "arup")}


def test_a_home_told_these_days_after_an_origin():
    assert trait("user", "LIVES_IN", "lisbon") in claims("I grew up in Porto, but these days I'm in Lisbon.")


def test_a_stay_counted_in_days_is_no_home_even_for_a_listed_city():
    assert not any(c[1] == "LIVES_IN" for c in claims("I've been in London since Monday for a conference."))
    assert rel("user", "LIVES_IN", "london") in claims("I've been in London for six years now.")


def test_a_value_denied_after_another_is_a_correction():
    found = claims("We moved to Boise last month. Sorry, I meant Spokane, not Boise!")
    assert {trait("user", "MOVED_TO", "spokane"), trait("user", "MOVED_TO", "boise", True)} <= found
    assert trait("user", "MOVED_TO", "boise") not in found
    found = claims("我现在在招商证券上班，不是招商银行，上次说错了。")
    assert {trait("user", "WORKS_AT", "招商证券"), rel("user", "WORKS_AT", "招商银行", True)} <= found
    found = claims("我现在住在无锡，不对，是常州，不是无锡。")
    assert {trait("user", "LIVES_IN", "常州"), trait("user", "LIVES_IN", "无锡", True)} <= found
    # no statement of the teller's to correct, or no state: nothing
    assert not any(c[4] for c in claims("My brother lives in Austin, not Dallas."))
    assert not any(c[4] for c in claims("I like tea, not coffee."))


def test_a_partner_by_pronoun_is_the_person_named_before_or_no_one():
    found = claims("最近认识了一个男生叫林默，人特别好。", "上周末我跟他正式在一起了。")
    assert trait("user", "DATING", "林默") in found and not any(c[2] in ("他", "她") for c in found)
    assert not claims("我跟她在一起了")
