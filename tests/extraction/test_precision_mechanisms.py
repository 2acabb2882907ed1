"""Precision mechanisms of the dev11 round (issue 14): whose pet a named animal is, how a
Chinese school abbreviation or an unlisted shop is typed, where a Chinese organisation name
ends, and words that are never names. Each test states a general rule with sentences of its
own (not the dev lines) and failed on the extractor before the rule."""

from __future__ import annotations

from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.pet_names import owner_of, zh_named_pets
from memory_core.extraction.rule_extractor import RuleExtractor

R = RuleExtractor()


def run(text: str, **kw):
    return R.extract([ExtractionInput("e1", text, **kw)], [])


def claims(text: str, **kw) -> set[tuple]:
    return {(c.subject, c.predicate, c.object, c.kind, c.negated) for c in run(text, **kw).fact_claims}


def entities(text: str, **kw) -> set[tuple[str, str]]:
    return {(e.name, e.entity_type) for e in run(text, **kw).entities}


# -- pets told by name ----------------------------------------------------------------------------


def test_a_chinese_pet_named_with_jiao_is_the_value_not_its_species():
    found = claims("我收养了一只小狗，叫布丁。")
    assert ("user", "HAS_PET", "布丁", "relation", False) in found
    assert ("user", "HAS_PET", "布丁", "trait", False) in found
    assert not any(c[2] == "小狗" for c in found)
    assert ("布丁", "animal") in entities("我收养了一只小狗，叫布丁。")
    assert ("布丁", "food") not in entities("我收养了一只小狗，叫布丁。")  # a pet's name, not the dessert


def test_a_name_right_after_the_species_word_is_read_by_its_segmentation():
    assert ("user", "HAS_PET", "花卷", "relation", False) in claims("我家的小猫花卷特别黏人。")
    names = [p.name for p in zh_named_pets("我家狗狗零食吃完了。")]
    assert names == []  # 零食 is a thing the dog eats, no name
    assert [p.name for p in zh_named_pets("我家的狗被车撞伤了。")] == []


def test_a_pet_of_someone_in_the_users_circle_is_theirs_not_the_users():
    found = claims("我表姐家的猫叫雪球。")
    assert ("表姐", "HAS_PET", "雪球", "relation", False) in found
    assert not any(c[0] == "user" for c in found)
    found = claims("My cousin's dog Bruno barks all night.")
    assert ("cousin", "HAS_PET", "bruno", "relation", False) in found
    assert not any(c[0] == "user" for c in found)
    assert ("dog", "animal") not in entities("My cousin's dog Bruno barks all night.")


def test_a_pet_of_someone_else_or_of_nobody_said_is_no_claim():
    assert claims("他家的狗叫旺旺。") == set()
    assert claims("楼下那只猫叫大黄。") == set()
    assert ("大黄", "animal") in entities("楼下那只猫叫大黄。")


def test_owner_of_reads_the_words_before_the_species():
    text = "我和室友合租，室友养了一只兔子"
    assert owner_of(text, text.index("兔子")) == "室友"
    text = "我那只鹦鹉"
    assert owner_of(text, text.index("鹦鹉")) == "self"
    text = "Our neighbor's cat"
    assert owner_of(text, text.index("cat")) == "neighbor"
    text = "his cat"
    assert owner_of(text, text.index("cat")) is None


# -- Chinese organisations: abbreviations, unlisted shops, where the name ends ----------------------


def test_a_chinese_university_abbreviation_is_a_school_not_a_place():
    found = claims("我在华科读大二。")
    assert ("user", "STUDIES_AT", "华科", "relation", False) in found
    assert ("华科", "place") not in entities("我在华科读大二。")
    assert ("人大", "organization") not in entities("他是人大代表。")  # not a word of its own there
    assert not any(t == "organization" for _, t in entities("最近工作压力山大。"))


def test_a_shop_name_jieba_does_not_know_is_a_name_even_when_tagged_a_verb():
    found = claims("我在一点点当店员。") | claims("我在鲜丰水果当收银员。")
    assert not any(c[2] in ("点", "水果") for c in found)
    found = claims("我在瑞幸做咖啡师。")
    assert ("user", "WORKS_AT", "瑞幸", "relation", False) in found
    assert ("茶", "food") not in entities("我在乐乐茶上班。")  # one character of a shop's name is no drink


def test_an_organisation_name_ends_before_the_job_verb():
    found = claims("我在中通干分拣员。")
    assert ("user", "WORKS_AT", "中通", "relation", False) in found
    assert not any("干" in c[2] for c in found)


def test_where_one_met_someone_is_no_home_town():
    assert claims("我和女朋友是在高中认识的。") == set()
    assert ("user", "IS_FROM", "杭州", "relation", False) in claims("我是在杭州出生的。")


# -- English: words that are never names, and a brand's company -----------------------------------


def test_a_time_is_no_thing_one_likes():
    assert claims("I really hate Sundays.") == set()
    assert not any(n == "sundays" for n, _ in entities("I really hate Sundays."))
    assert claims("我最讨厌周一了。") == set()


def test_a_product_brand_in_a_company_context_is_the_company():
    assert ("figma", "organization") in entities("Figma stock jumped this morning.")
    assert ("figma", "organization") in entities("My brother got hired at Figma.")
    assert ("figma", "software") in entities("I use Figma at work every day.")  # the app


def test_a_device_brand_with_a_capitalised_model_is_one_device():
    found = claims("I just got a Kindle Oasis.")
    assert any(c[2] == "kindle oasis" for c in found)
    assert ("kindle", "device") not in entities("I just got a Kindle Oasis.")


def test_a_partner_is_someone_named_not_a_lowercase_phrase():
    assert not any(c[1] == "DATING" for c in claims("We're seeing real progress with the new store."))
    assert ("user", "DATING", "omar", "relation", False) in claims("I've been seeing Omar since spring.")


def test_a_capitalised_pronoun_mid_sentence_is_nobody():
    assert not any(n == "it" for n, _ in entities("I walk in the park and It's helped a lot."))
