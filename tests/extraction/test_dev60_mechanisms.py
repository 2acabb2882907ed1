"""Mechanisms of the stop-36 round (issue 14: dev59's leftovers and the dev60 / dev61 Chinese
batches, written by helpers who had not seen the extractor). Each test is a family of wordings,
not one dev line, and each fails on the extractor before its fix."""

from __future__ import annotations

from tests.extraction.claim_sets import claims, entities, trait


def test_the_circle_a_partner_came_from_is_no_part_of_the_partners_name():
    for line, name in (("跟同事小林在一起了，目前还没敢公开。", "小林"), ("我和大学同学阿峰结婚了。", "阿峰"),
                       ("我跟网友Kevin在一起了", "kevin")):
        found = claims(line)
        predicate = "MARRIED_TO" if "结婚" in line else "DATING"
        assert trait("user", predicate, name) in found, (line, found)
        assert not any(c[2].startswith(("同事", "大学同学", "网友")) for c in found), line
    assert not any(c[1] == "DATING" for c in claims("我和朋友们在一起了。"))


def test_a_thing_named_pet_is_a_pet_where_its_name_ends_after_the_species():
    assert trait("user", "HAS_PET", "可乐") in claims("我家拉布拉多可乐今年十二岁了，走路越来越慢。")
    assert trait("user", "HAS_PET", "可乐", negated=True) in claims("我家金毛可乐走了。")
    assert ("可乐", "animal") not in entities("我家狗狗可乐喝多了。")
    for line in ("我家猫咪面包最爱吃。", "我家狗狗粮食不够了。", "我家猫咪胃口不太好。"):
        assert not any(c[1] == "HAS_PET" for c in claims(line)), line


def test_a_pet_adopted_with_its_name_and_no_i_is_the_tellers():
    assert trait("user", "HAS_PET", "馒头") in claims("前天领养了橘猫馒头，一到家就钻到床底下去了。")
    assert not any(c[0] == "user" and c[1] == "HAS_PET" for c in claims("小王前天领养了橘猫馒头。"))
    assert not any(c[0] == "user" and c[1] == "HAS_PET" for c in claims("他领养了橘猫年糕。"))
