"""Polysemous state words, relatives sharing a line with the teller, and the wider Chinese
vocabulary of states (dev48-dev51's first runs). Tested by other wordings."""

from __future__ import annotations

from .claim_sets import claims, entities, rel, trait


def test_chinese_names_jieba_splits_or_joins_wrongly():
    assert trait("user", "WORKS_AT", "金杜律师事务所") in claims("我目前任职于金杜律师事务所。")
    assert trait("user", "WORKS_AT", "欣旺达", True) in claims("我去年从欣旺达离职了。")
    assert trait("user", "IS_FROM", "潮汕") in claims("我是潮汕人。")
    assert rel("春华", "WORKS_AT", "协和医院") in claims("我表姐春华在协和医院当医生。")
    assert rel("表姐", "WORKS_AT", "协和医院") in claims("我表姐今天在协和医院值班，我表姐平时在协和医院上班。")
    assert trait("user", "WORKS_AT", "华润万家", True) in claims("上个月从华润万家辞职了。")


def test_a_bare_kin_word_opening_a_clause_is_the_tellers_relative():
    assert rel("老公", "FOLLOWS_DIET", "vegetarian") in claims("老公吃素好几年了。")
    assert rel("女儿", "STUDIES_AT", "浙江大学") in claims("女儿在浙江大学读大三。")
    # never a relative's thing told with 的, nor someone else's relative
    assert not claims("老公的同事在浙江大学读博。")


def test_pets_named_after_adoption_and_pets_that_died_in_slang():
    found = claims("Rescued a beagle last month, and we named her Maple.")
    assert rel("user", "HAS_PET", "maple") in found and rel("user", "HAS_PET", "beagle") not in found
    assert trait("user", "HAS_PET", "仓鼠", True) in claims("我养了两年的仓鼠昨天挂了。")
    assert not claims("线性代数又挂了。")


def test_a_family_home_or_dorms_are_no_place_of_ones_own():
    assert not any(c[1] == "MOVED_TO" for c in claims("My son moved into the dorms on Friday."))
    assert not any(c[1] == "MOVED_TO" for c in claims("我妹离婚以后搬回娘家住了。"))


def test_chinese_chat_and_formal_words_of_states():
    assert rel("user", "BOUGHT", "小米su7") in claims("上周喜提小米SU7一台！")
    assert trait("user", "HAS_CONDITION", "流感") in claims("月初喜提流感，躺了三天。")
    assert rel("user", "BOUGHT", "石头扫地机") in claims("新整了台石头扫地机，真香。")
    assert trait("user", "DRIVES", "本田思域", True) in claims("之前那台本田思域上个月出掉了。")
    assert trait("user", "WORKS_AT", "贝壳", True) in claims("从贝壳裸辞了，先休息一阵。")
    assert trait("user", "WORKS_AT", "富士康") in claims("我在富士康打螺丝，天天加班。")
    assert trait("user", "MARRIED_TO", "刘伟", True) in claims("我和前夫刘伟离异两年了。")
    assert trait("user", "IS_FROM", "绍兴") in claims("我祖籍是绍兴的。")
    assert trait("user", "IS_FROM", "河南") in claims("我老家是河南的，现在在杭州。")
    # 回老家X is a move home, not only where one is from
    assert rel("user", "MOVED_TO", "洛阳") in claims("去年回老家洛阳了。")


def test_shop_heads_join_only_a_name_right_before_them():
    """From the generated bench corpus: a shop head after a clause (老李帮忙弄酒店) is no
    organisation, nor is a city's supermarket; a made-up chain's is."""
    assert ("华联超市", "organization") in entities("我还在华联超市上班。")
    assert not any(t == "organization" for _, t in entities("提醒我一下，我答应了老李帮忙弄酒店。"))
    assert ("北京", "place") in entities("周末去北京超市买菜。")
    found = claims("I want to make soup with my new home server.")
    assert rel("user", "OWNS", "home server") in found


def test_chinese_profile_phrases_regional_dating_and_pet_owner_words():
    assert trait("user", "STUDIES_AT", "南京大学") in claims("目前就读于南京大学，大三。")
    assert trait("user", "LIVES_IN", "青岛") in claims("坐标青岛，海边长大的。")
    assert trait("user", "LIVES_IN", "东京") in claims("目前base东京，做游戏开发。")
    assert trait("user", "LIVES_IN", "昆明") in claims("人在昆明，天气是真的好。")
    assert not claims("人在工位，心在海边。")
    assert trait("user", "IS_FROM", "成都") in claims("我是土生土长的成都本地人。")
    assert trait("user", "DATING", "小芳") in claims("我和小芳处对象两年了。")
    assert trait("user", "HAS_PET", "柯基") in claims("我是一只柯基的铲屎官。")
    assert trait("user", "HAS_PET", "年糕") in claims("我家主子年糕又把花瓶打碎了。")
