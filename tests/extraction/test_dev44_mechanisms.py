"""Group-chat news told by named speakers (dev44/dev45's first runs): the speaker's own state in
chat wording. Tested by other wordings."""

from __future__ import annotations

from .claim_sets import claims, rel, trait


def test_an_apps_maker_joined_on_a_date_is_an_employer():
    found = claims("Lena: and I start at Spotify on the 2nd, backend team", speaker="Lena")
    assert {rel("Lena", "WORKS_AT", "spotify"), trait("Lena", "WORKS_AT", "spotify")} <= found


def test_adverbs_inside_english_statements():
    assert trait("Omar", "WORKS_AT", "kpmg", True) in \
        claims("Omar: Thursday was officially my last day at KPMG", speaker="Omar")
    assert trait("user", "MARRIED_TO", "dana") in claims("Dana and I secretly got married in Vegas!")
    assert trait("user", "HAS_CONDITION", "asthma") in claims("I was diagnosed with asthma over the summer.")


def test_chinese_chat_verbs_of_buying_catching_riding_and_being_together():
    assert rel("user", "BOUGHT", "小米空气净化器") in claims("前两天入了台小米空气净化器，效果还行。")
    assert trait("user", "HAS_CONDITION", "流感") in claims("流感中招了，上吐下泻。")
    assert trait("user", "DRIVES", "宝马x1") in claims("我还是开我那辆宝马X1。")
    assert trait("user", "DATING", "陈默") in claims("我和陈默在一起也两年了。")
