"""Chinese state mechanisms of the dev13 round (issue 14): each test is a family of wordings,
not one sentence (none of these is a dev13 line), and fails on the extractor before its fix."""

from __future__ import annotations

from tests.extraction.claim_sets import claims, rel, trait


def test_a_passive_pet_end_by_whoever_gave_it_away():
    # a known pet given away by the user or a relative, told in the passive
    found = claims("我养了一只兔子叫团子。", "团子前几天被我妈送人了。")
    assert rel("user", "HAS_PET", "团子", True) in found
    assert trait("user", "HAS_PET", "团子", True) in found
    assert rel("user", "HAS_PET", "豆包", True) in claims("我家有条柯基叫豆包。", "豆包被邻居领养走了。")
    # a species word in the passive: not a pet memory knows, the kind-word pattern reads it
    assert rel("user", "HAS_PET", "狗", True) in claims("我家的狗被我爸送人了。")
    # an unknown name is no pet
    assert not any(c[1] == "HAS_PET" for c in claims("那本书被我送人了。"))


def test_a_pet_that_died_in_ones_care_and_more_species_words():
    assert rel("user", "HAS_PET", "乌龟", True) in claims("我的乌龟去年养死了。")
    assert rel("user", "HAS_PET", "龙猫", True) in claims("我养的龙猫上个月死了。")


def test_study_verbs_make_the_place_a_school_and_a_bare_go_is_a_plan():
    # 去了X读书 / 转学到X: a start at a school, not a job and not a trip
    found = claims("我前年去了中山大学读博。")
    assert rel("user", "STUDIES_AT", "中山大学") in found
    assert trait("user", "STUDIES_AT", "中山大学") in found
    assert not any(c[1] in ("WORKS_AT", "VISITED") for c in found)
    assert rel("user", "STUDIES_AT", "厦门大学") in claims("我大二转学去了厦门大学。")
    # 不在X读了: the school ends, not a job
    found = claims("我已经不在武汉大学读了。")
    assert rel("user", "STUDIES_AT", "武汉大学", True) in found
    assert not any(c[1] == "WORKS_AT" for c in found)
    # a dated 去X读研 is a school from that date (scheduled: test_future_starts), never a visit
    assert rel("user", "STUDIES_AT", "南京大学") in claims("我明年九月去南京大学读研。")
    assert not any(c[1] == "VISITED" for c in claims("我下学期去同济念书。"))


def test_single_character_kin_and_in_laws_are_their_own_people():
    # 我弟 / 我妹 name the sibling; 我姐夫 is the brother-in-law, never 姐姐
    assert rel("弟弟", "WORKS_AT", "美的") in claims("我弟在美的上班。")
    found = claims("我姐夫在中信银行工作。")
    assert rel("姐夫", "WORKS_AT", "中信银行") in found
    assert not any(c[0] in ("姐姐", "user") for c in found)
    assert rel("嫂子", "WORKS_AT", "中信银行") in claims("我嫂子在中信银行工作。")
    assert not any(c[0] == "user" for c in claims("我舅舅在华为上班。"))


def test_a_subjectless_end_clause_continues_the_sentence_subject():
    # 主语省略: the second clause ends the state the first one told, for the user or a relative
    found = claims("我妈在邮政局干了二十多年，前年退休了。")
    assert rel("妈妈", "WORKS_AT", "邮政局", True) in found
    assert rel("妈妈", "WORKS_AT", "邮政局") not in found
    assert not any(c[0] == "user" for c in found)
    found = claims("我骑了三年的摩托车，前几天卖掉。")
    assert rel("user", "DRIVES", "摩托车", True) in found
    assert rel("user", "DRIVES", "摩托车") not in found
    # a retirement naming no employer is no claim
    assert claims("我爸去年退休了。") == set()


def test_a_condition_named_by_its_shape_and_told_by_its_duration():
    # no list holds these: the head (结节, 囊肿, 突出 …) makes them conditions
    assert rel("user", "HAS_CONDITION", "乳腺结节") in claims("我前阵子查出了乳腺结节。")
    assert rel("user", "HAS_CONDITION", "卵巢囊肿") in claims("我去年查出来有卵巢囊肿。")
    assert rel("user", "HAS_CONDITION", "颈椎间盘突出") in claims("我的颈椎间盘突出又犯了。")
    # "好几年了" is how long it has lasted, not 好了 (recovered)
    found = claims("我的鼻炎好几年了。")
    assert rel("user", "HAS_CONDITION", "鼻炎") in found
    assert rel("user", "HAS_CONDITION", "鼻炎", True) not in found
    assert not any(c[1] == "HAS_CONDITION" for c in claims("我的手机用了好几年了。"))
    # a relative's recovery
    assert rel("爸爸", "HAS_CONDITION", "胃溃疡", True) in claims("我爸的胃溃疡已经好了。")


def test_a_plain_denial_is_the_relation_alone_an_end_carries_the_trait():
    # 没…过 / 没有X deny without ending anything: no trait
    found = claims("我从来没养过兔子。")
    assert rel("user", "HAS_PET", "兔子", True) in found
    assert trait("user", "HAS_PET", "兔子", True) not in found
    found = claims("我没有哮喘，就是有点咳嗽。")
    assert rel("user", "HAS_CONDITION", "哮喘", True) in found
    assert trait("user", "HAS_CONDITION", "哮喘", True) not in found
    # 不…了 / 已经不 end a value the user had: the trait goes with it
    assert trait("user", "HAS_PET", "狗", True) in claims("我已经不养狗了。")


def test_a_fear_of_having_a_condition_is_no_claim():
    assert not any(c[1] == "HAS_CONDITION" for c in claims("我好怕自己得了乳腺癌。"))
    assert not any(c[1] == "HAS_CONDITION" for c in claims("我担心我是得了抑郁症。"))
    # a worry about someone's known condition still tells it
    assert rel("妈妈", "HAS_CONDITION", "糖尿病") in claims("我妈有糖尿病，我一直很担心。")


def test_object_less_ends_close_the_batch_value():
    # 我们离婚了 after the spouse is named; the paperwork of a resignation; a doctor's all-clear;
    # an adverb between the car and its end
    assert rel("user", "MARRIED_TO", "李敏", True) in claims("我老婆叫李敏。", "我们去年离了婚。")
    assert rel("user", "WORKS_AT", "美团", True) in claims("我在美团上班。", "上周刚办好离职手续。")
    assert rel("user", "HAS_CONDITION", "肺炎", True) in claims("我得了肺炎。", "今天复查，医生说已经好了。")
    assert rel("user", "DRIVES", "凯美瑞", True) in claims("我开一辆凯美瑞。", "上个月车彻底报废了。")
    # with no value in the batch, no claim
    assert claims("我们去年离了婚。") == set()


def test_missing_members_of_verb_classes():
    # 移民 is a move (not a trip), 去了趟 a trip, 读初二 a school year, 一直在吃素 a diet,
    # a relative selling their own car its end
    found = claims("我舅舅前年移民到了澳大利亚。")
    assert rel("舅舅", "MOVED_TO", "澳大利亚") in found
    assert not any(c[1] == "VISITED" for c in found)
    assert rel("user", "VISITED", "黄山") in claims("我上个月去了一趟黄山。")
    assert rel("女儿", "STUDIES_AT", "实验中学") in claims("我女儿在实验中学读初二。")
    assert rel("user", "FOLLOWS_DIET", "vegetarian") in claims("我这几年一直在吃素。")
    assert rel("爸爸", "DRIVES", "帕萨特", True) in claims("我爸把他的帕萨特卖了。")


def test_a_count_before_the_object_is_no_part_of_it():
    assert rel("user", "VISITED", "桂林") in claims("我去过两次桂林。")
    assert rel("user", "VISITED", "厦门") in claims("我今年去了好几趟厦门。")


def test_more_verb_class_members_split_verbs_and_stays():
    # 上了N年班 (a split verb), 待了N年了 (an ongoing stay), 以前在X当过 (a past job),
    # 被人偷了, 在X的工作辞了, 在一起快N年了
    assert rel("user", "WORKS_AT", "海尔") in claims("我在海尔上了三年班了。")
    assert trait("user", "LIVES_IN", "青岛") in claims("我在青岛待了八年了。")
    assert rel("user", "WORKS_AT", "肯德基") in claims("我以前在肯德基当过店员。")
    assert rel("user", "DRIVES", "摩托车", True) in claims("我的摩托车被小偷偷走了。")
    assert rel("user", "WORKS_AT", "麦当劳", True) in claims("我在麦当劳的工作已经辞了。")
    assert rel("user", "DATING", "小敏") in claims("我跟小敏在一起都三年了。")
    # a short stay last year is no home
    assert trait("user", "LIVES_IN", "上海") not in claims("我去年在上海待了半年。")


def test_a_surname_that_is_also_a_measure_word_stays_on_the_name():
    assert rel("user", "MARRIED_TO", "张磊", True) in claims("我跟张磊的婚离了。")
    assert rel("user", "DATING", "张悦", True) in claims("我和张悦分手了。")


def test_friends_and_neighbours_are_subjects_too():
    assert rel("同学", "STUDIES_AT", "北京大学") in claims("我同学在北京大学读博。")
    found = claims("我发小去年搬到了苏州。")
    assert rel("发小", "MOVED_TO", "苏州") in found
    assert not any(c[0] == "user" for c in found)


def test_an_allergy_is_a_condition_named_with_its_allergen():
    found = claims("我对尘螨过敏。")
    assert rel("user", "HAS_CONDITION", "尘螨过敏") in found
    assert trait("user", "HAS_CONDITION", "尘螨过敏") in found
    assert rel("妈妈", "HAS_CONDITION", "青霉素过敏") in claims("我妈对青霉素过敏。")
    assert not any(c[1] == "HAS_CONDITION" for c in claims("我对他的做法过敏。") | claims("我对他过敏。"))
    # a condition mention inside the phrase keeps its own span
    assert rel("user", "HAS_CONDITION", "偏头痛") in claims("我患偏头痛很多年了。")


def test_a_diet_named_first_and_given_up_after():
    assert rel("user", "FOLLOWS_DIET", "keto", True) in claims("生酮我只坚持了一个月，就放弃了。")
    assert trait("user", "FOLLOWS_DIET", "keto", True) in claims("我去年试过一阵生酮，没能坚持下来。")
    assert not any(c[0] == "user" for c in claims("我朋友试了生酮，没坚持下来。"))


def test_a_home_bought_or_rented_then_moved_into_or_lived_in():
    assert rel("user", "MOVED_TO", "无锡") in claims("我在无锡买了套房，上个月搬过去了。")
    assert trait("user", "LIVES_IN", "厦门") in claims("我在厦门租了间房子，住了三年了。")
    # a purchase alone is no move
    assert not any(c[1] in ("MOVED_TO", "LIVES_IN") for c in claims("我在无锡买了套房。"))


def test_a_mishap_to_ones_own_car_says_one_drives_it():
    assert trait("user", "DRIVES", "凯美瑞") in claims("我的凯美瑞昨天被人蹭了。")
    assert rel("user", "DRIVES", "宝马x3") in claims("我家那辆宝马X3又坏了。")
    assert not any(c[1] == "DRIVES" for c in claims("我的手机又坏了。"))


def test_a_city_before_a_school_head_is_the_school_and_org_heads_extend_names():
    found = claims("我女儿在南京外国语学校读初一。")
    assert rel("女儿", "STUDIES_AT", "南京外国语学校") in found
    assert rel("user", "WORKS_AT", "成都七中") in claims("我在成都七中教书。")
    assert rel("user", "WORKS_AT", "中通速运") in claims("我在中通速运当分拣员。")
    # the city alone stays a city
    assert rel("user", "LIVES_IN", "成都") in claims("我住在成都。")


def test_a_companion_opening_a_subjectless_clause_is_not_its_subject():
    assert rel("user", "VISITED", "青岛") in claims("上周末和我妈去了趟青岛。")
    found = claims("跟同事去了一趟西安。")
    assert rel("user", "VISITED", "西安") in found
    assert not any(c[0] == "同事" for c in found)
    # a named subject with a companion stays that person's
    assert not any(c[0] == "user" for c in claims("小王和老婆搬去了上海。"))


def test_a_name_told_with_jiao_before_its_kind():
    # 一家叫X的公司, 一只叫X的狗: the name is the value, whose pet it is read past the 叫-form
    for line, name in (("我在一家叫极光的创业公司上班。", "极光"), ("我在一家叫极光科技的公司上班。", "极光科技")):
        assert rel("user", "WORKS_AT", name) in claims(line), line
    assert not claims("我在一家律所上班。")  # a kind with no name stays no claim
    assert rel("user", "HAS_PET", "旺财") in claims("我养了一只叫旺财的狗。")
    assert rel("姐姐", "HAS_PET", "可乐") in claims("我姐养了一只叫可乐的猫。")


def test_job_roles_hops_and_homes_in_more_words():
    assert rel("user", "WORKS_AT", "美团") in claims("我是美团的骑手。")
    assert rel("user", "WORKS_AT", "快手") in claims("今年三月我跳到了快手。")
    assert not claims("他一下跳到了河里。")
    assert rel("user", "LIVES_IN", "成都") in claims("我在成都安家了。")
    assert rel("user", "LIVES_IN", "朝阳区") in claims("我租的房子在朝阳区。")
    assert rel("user", "LIVES_IN", "滨江") in claims("我们住的小区在滨江。")


def test_a_favourite_names_what_is_liked_and_a_near_miss_or_a_wrong_belief_is_nothing():
    assert rel("user", "LIKES", "周杰伦") in claims("我最喜欢的歌手是周杰伦。")
    assert not any(o == "歌手" for _s, _p, o, *_ in claims("我最喜欢的歌手是周杰伦。"))
    assert not claims("我差点去了网易。")
    assert not claims("我以为自己得了胃炎，结果只是吃坏了。")
    assert not claims("我买了张去成都的机票。")
    assert rel("user", "BOUGHT", "新床") in claims("我买了张新床。")


def test_emigrating_with_the_country_right_after_the_verb():
    assert rel("user", "MOVED_TO", "加拿大") in claims("我们全家移民加拿大了。")
    assert not claims("我在研究移民政策。")


def test_dev14_wordings_of_pet_ends_and_school_years():
    assert rel("user", "HAS_PET", "狗", True) in claims("我把狗托付给了我姐养。")
    assert rel("user", "HAS_PET", "可乐", True) in claims("我养了一只猫叫可乐。", "可乐前天走丢了。")
    assert not claims("我的钥匙丢了。")
    assert rel("儿子", "STUDIES_AT", "育才小学") in claims("我儿子在育才小学读五年级。")


def test_a_subjectless_comma_part_continues_the_relative_that_opened_the_line():
    assert rel("姐姐", "WORKS_AT", "协和医院") in claims("我姐是护士，在协和医院上班。")
    assert rel("表姐", "LIVES_IN", "大阪") in claims("我表姐嫁到了日本，现在住在大阪。")
    assert rel("琪琪", "WORKS_AT", "星巴克") in claims("我女朋友叫琪琪，在星巴克上班。")
    got = claims("我姐是护士，我在协和医院上班。")  # a subject of its own: the user's
    assert rel("user", "WORKS_AT", "协和医院") in got and not any(s == "姐姐" for s, *_ in got)


def test_a_duration_before_the_thing_is_no_part_of_it():
    got = claims("我用了十年的诺基亚终于坏了。")
    assert not any(o == "十年" for _s, _p, o, *_ in got) and any(o == "诺基亚" for _s, _p, o, *_ in got)


def test_casual_chinese_wordings_of_past_employers_homes_and_car_swaps():
    assert rel("user", "WORKS_AT", "华为", True) in claims("我在华为待了八年，去年出来自己干了。")
    got = claims("老家在东北，现在在广州工作生活。")
    assert rel("user", "IS_FROM", "东北") in got and rel("user", "LIVES_IN", "广州") in got
    assert not claims("他老家在东北。")
    assert rel("user", "DRIVES", "理想l6") in claims("我换了台理想L6。")


def test_a_pet_taken_in_with_no_subject_and_named_after_a_comma():
    assert rel("user", "HAS_PET", "煤球") in claims("昨天从流浪动物救助站领养了一只小黑猫，取名煤球。")
    assert rel("user", "HAS_PET", "土豆") in claims("周末从宠物店买了一只仓鼠，起名叫土豆。")
    assert not any(s == "user" for s, *_ in claims("小李领养了一只猫叫咪咪。"))


def test_reporting_in_at_a_company_or_a_school_is_a_start_not_a_visit():
    got = claims("今天去网易报到了。")
    assert rel("user", "WORKS_AT", "网易") in got and not any(p == "VISITED" for _s, p, *_ in got)
    got = claims("上周到复旦大学报到了，开始研究生生活。")
    assert rel("user", "STUDIES_AT", "复旦大学") in got and not any(p in ("VISITED", "WORKS_AT") for _s, p, *_ in got)
    assert not any(s == "user" for s, *_ in claims("小王去华为报到了。"))


def test_a_leave_from_school_ends_the_school_held():
    assert rel("user", "STUDIES_AT", "南开", True) in claims("我在南开读研。", "上学期休学了，在家养病。")
    assert rel("user", "STUDIES_AT", "南开", True) not in claims("我在南开读研。", "我表弟休学了。")


def test_a_whole_family_moving_several_pets_by_name_and_a_pet_handed_over():
    assert rel("user", "MOVED_TO", "大连") in claims("全家搬去大连了。")
    got = claims("我养了三只狗，豆豆、球球和毛毛。")
    assert {rel("user", "HAS_PET", n) for n in ("豆豆", "球球", "毛毛")} <= got
    assert rel("user", "HAS_PET", "球球", True) in claims("我养了两只猫，橘子和球球。", "球球跑出去再也没回来。")
    assert rel("user", "HAS_PET", "汤圆") in claims("表姐出国了，把她的狗交给我养了，叫汤圆。")


def test_a_diet_told_by_what_it_leaves_out_unless_another_diet_already_is_it():
    assert rel("user", "FOLLOWS_DIET", "low-carb") in claims("我这个月开始不吃碳水。")
    got = claims("最近在搞生酮，断了碳水。")
    assert rel("user", "FOLLOWS_DIET", "keto") in got and rel("user", "FOLLOWS_DIET", "low-carb") not in got


def test_a_condition_found_at_a_checkup_told_with_no_subject():
    assert rel("user", "HAS_CONDITION", "脂肪肝") in claims("去年体检查出来脂肪肝。")
    assert not any(s == "user" for s, *_ in claims("我爸去年体检查出来脂肪肝。"))
    assert not claims("体检查出来一切正常。")


def test_a_diet_taken_up_with_no_subject_but_not_a_diet_talked_about():
    assert rel("user", "FOLLOWS_DIET", "vegetarian") in claims("上个月开始吃素了。")
    assert rel("user", "FOLLOWS_DIET", "keto") in claims("这阵子在搞生酮。")
    assert not claims("生酮很流行。") and not claims("吃素对身体好。")
    assert not any(s == "user" for s, *_ in claims("他开始吃素了。"))


def test_a_city_one_is_from_a_school_year_living_together_and_a_dwelling_bought():
    assert rel("user", "IS_FROM", "洛阳") in claims("我是洛阳人。")
    assert not claims("我是江苏人。")  # a province alone (dev3: 我是广东人)
    assert rel("user", "STUDIES_AT", "厦门大学") in claims("我是厦门大学的研一学生。")
    assert rel("user", "FOLLOWS_DIET", "vegetarian") in claims("我坚持吃素好几年了。")
    assert rel("user", "DATING", "阿伟") in claims("我和男朋友阿伟同居了。")
    assert not claims("我和室友小李住在一起了。")
    assert not any(p == "BOUGHT" for _s, p, *_ in claims("我表哥在杭州买了房。"))


def test_a_new_trade_then_where_a_stray_kept_and_named_and_going_off_to_start_something():
    assert rel("user", "WORKS_AT", "顺丰") in claims("我转行做快递员了，在顺丰。")
    assert rel("user", "HAS_PET", "豆包") in claims("路边捡了一只小狗，决定养了，叫它豆包。")
    assert not claims("楼下有一只猫叫咪咪。")
    got = claims("我在北师大读研一。", "我退学了，去创业。")
    assert rel("user", "STUDIES_AT", "北师大", True) in got and not any(p == "VISITED" for _s, p, *_ in got)


def test_being_optimised_away_is_a_layoff():
    assert rel("user", "WORKS_AT", "拼多多", True) in claims("我在拼多多做运营。", "上个月被优化了。")
    assert rel("user", "WORKS_AT", "拼多多", True) not in claims("我在拼多多做运营。", "我同事被优化了。")
