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
