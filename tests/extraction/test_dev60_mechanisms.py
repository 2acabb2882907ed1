"""Mechanisms of the stop-36 round (issue 14: dev59's leftovers and the dev60 / dev61 Chinese
batches, written by helpers who had not seen the extractor). Each test is a family of wordings,
not one dev line, and each fails on the extractor before its fix."""

from __future__ import annotations

from tests.extraction.claim_sets import claims, entities, rel, trait


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


def test_colloquial_first_person_pronouns_are_the_teller_and_the_evidence_keeps_their_words():
    from memory_core.extraction.dialect import standard_pronouns
    from memory_core.extraction.inputs import ExtractionInput
    from memory_core.extraction.rule_extractor import RuleExtractor

    assert standard_pronouns("咱们俺家咱") == "我们我家我" and standard_pronouns("我们") == "我们"
    assert trait("user", "IS_FROM", "临沂") in claims("俺老家临沂的 说话有口音大伙别介意哈")
    assert trait("老周", "HAS_PET", "豆包") in claims("老周: 俺家新添了柯基豆包 闺女天天抢着遛", speaker="老周")
    out = RuleExtractor().extract([ExtractionInput("e", "俺小时候得过哮喘，那会儿三天两头往医院跑")], [])
    condition = [c for c in out.fact_claims if c.predicate == "HAS_CONDITION"]
    assert condition and all("俺" in c.evidence_text and "我" not in c.evidence_text for c in condition)
    assert not any(c[0] == "user" for c in claims("他说俺们村的人都去深圳打工了"))


def test_what_is_to_happen_once_something_comes_is_a_plan():
    assert not any(c[1] == "MOVED_TO" for c in claims("等签证一下来我就搬去墨尔本，顺便读个硕士。"))
    assert trait("user", "MOVED_TO", "上海") in claims("等了半年，我就搬到了上海。")


def test_a_room_named_by_whose_it_is_is_no_home_and_moving_in_is_no_job():
    for line in ("阿强: 搬进公司宿舍以后没法养狗", "我住在学校宿舍。", "我在学校食堂打工。"):
        assert not any(c[1] in ("MOVED_TO", "LIVES_IN", "WORKS_AT") for c in claims(line, speaker="阿强")), line
    found = claims("我搬进了万科公寓。")
    assert not any(c[1] == "WORKS_AT" for c in found)
    assert trait("user", "WORKS_AT", "万科") in claims("我进了万科做销售。")


def test_years_in_a_place_then_moving_out_end_that_home():
    for line in ("在长沙住了四年，这个月终于退了租搬走了。", "我在长沙住了四年，上个月搬出去了。"):
        found = claims(line)
        assert trait("user", "LIVES_IN", "长沙", negated=True) in found, line
        assert trait("user", "LIVES_IN", "长沙") not in found, line
    assert trait("user", "LIVES_IN", "长沙", negated=True) not in claims("在长沙住了四年，他上个月搬走了。")


def test_how_long_it_has_been_is_no_part_of_the_name():
    assert trait("user", "WORKS_AT", "德佑房产") in claims("我刚入职德佑房产两周了，还在试用期")
    assert trait("陈静", "WORKS_AT", "德佑房产") in claims("陈静: 我刚入职德佑房产两周 还在试用期", speaker="陈静")
    assert trait("user", "MOVED_TO", "杭州") in claims("我搬来杭州三个多月了。")


def test_a_tie_before_a_nickname_leaves_the_nickname_as_the_person():
    for line, nick in (("我同事小陈上个月搬到深圳了。", "小陈"), ("发小大刘前年移民了，我还在老家。", "大刘")):
        found = entities(line)
        assert (nick, "person") in found and not any(n in ("同事", "发小") for n, _ in found), (line, found)
    assert ("朋友", "person") in entities("我朋友小时候住在上海。")


def test_a_place_before_a_landmark_head_is_the_landmark():
    assert rel("user", "VISITED", "上海迪士尼乐园", negated=True) in claims("我到现在还没去过上海迪士尼乐园")
    assert not any(c[2] == "上海" for c in claims("我到现在还没去过上海迪士尼乐园"))
    assert ("镜湖公园", "place") in entities("周末可以去镜湖公园走走。")
    assert trait("user", "LIVES_IN", "杭州") in claims("我住在杭州公园旁边。")


def test_the_teller_with_a_relative_is_still_the_teller_of_the_next_clause():
    assert trait("user", "LIVES_IN", "洛阳") in claims("我跟老婆上个月离婚了，现在住在洛阳。")
    assert trait("老马", "LIVES_IN", "洛阳") in claims("老马: 我跟老婆离婚了，现在一个人住在洛阳。", speaker="老马")
    assert not any(c[0] == "老马" for c in claims("老马: 我妈上个月退休了，现在住在洛阳。", speaker="老马"))
    assert not any(c[0] == "user" and c[1] == "LIVES_IN" for c in claims("我妈上个月退休了，现在住在洛阳。"))


def test_more_leads_before_a_verb_times_counted_back_a_degree_done_a_reason_carrying_on():
    for line, expected in (("不过高中毕业后就一直住在武汉，快十年了。", trait("user", "LIVES_IN", "武汉")),
                           ("上周跟大鹏分手了，我继续住在南京。", trait("user", "LIVES_IN", "南京")),
                           ("前年因为工作才搬来了重庆。", trait("user", "MOVED_TO", "重庆")),
                           ("活了三十年我还没去过西藏。", rel("user", "VISITED", "西藏", negated=True)),
                           ("两年前我从杭州银行跳槽去了招商银行。", trait("user", "WORKS_AT", "杭州银行", negated=True)),
                           ("三个月前我搬到了成都。", trait("user", "MOVED_TO", "成都"))):
        assert expected in claims(line), line


def test_no_need_to_is_no_app_left():
    assert not any(c[1] == "USES" for c in claims("Amy: 我跟男朋友David同居了 终于不用异地了", speaker="Amy"))
    assert not any(c[1] == "USES" for c in claims("终于不用上班了。"))
    assert rel("user", "USES", "微信", negated=True) in claims("我现在不用微信了。")


def test_a_diet_left_is_never_a_job_left():
    for line in ("I actually quit keto.", "oh I actually quit keto last month, it just wasn't working for me."):
        found = claims(line)
        assert trait("user", "FOLLOWS_DIET", "keto", negated=True) in found, line
        assert not any(c[1] == "WORKS_AT" for c in found), line


def test_a_saying_about_people_in_general_is_no_feeling_of_the_teller():
    for line in ("都说在深圳上班的人压力都大，其实得看行业。", "年轻人压力都大。", "听说在深圳上班的人压力都大。"):
        assert not any(c[1] == "FEELS" for c in claims(line)), line
    assert trait("user", "FEELS", "high") in claims("我这个月压力好大，大家都知道。")


def test_a_company_moving_is_no_move_of_the_teller():
    assert not any(c[1] == "MOVED_TO" for c in claims("公司搬去临港之后通勤实在太远，我干脆辞了。"))
    assert trait("user", "MOVED_TO", "临港") in claims("我搬去临港了。")


def test_an_intent_is_no_event_and_what_came_of_it_is():
    assert not any(c[1] == "DRIVES" for c in claims("本来想把别克君威卖了换辆新的，一算账不划算，就还先开着。"))
    assert not any(c[1] == "HAS_PET" and c[4] for c in claims("说好的不养宠物，结果上周我还是把橘猫领回了家。"))
    assert trait("user", "WORKS_AT", "中铁十四局") in claims("原本想考研，后来直接进了中铁十四局，到现在已经三年了。")
    assert trait("user", "STUDIES_AT", "武汉大学") in claims("本来想读华中科技大学的研，结果最后还是去了武汉大学，现在已经研二了。")


def test_one_character_left_of_a_verb_phrase_is_no_place():
    assert not any(c[1] == "VISITED" for c in claims("本来五一要去桂林，结果临时取消了，到现在也没去成。"))


def test_a_company_head_ends_a_known_companys_name_whatever_its_tag():
    assert trait("user", "WORKS_AT", "极兔速递") in claims("我从顺丰速运辞职了，下个月一号去极兔速递报到")


def test_the_cleft_shi_de_tells_an_event_of_the_teller():
    assert trait("user", "STUDIES_AT", "同济大学", negated=True) in claims("我是去年从同济大学毕业的，现在在南京上班")
    assert trait("user", "WORKS_AT", "腾讯", negated=True) in claims("我是2019年从腾讯离职的，后来去了别处。")
    assert not any(c[0] == "我是" for c in claims("我是去年从同济大学毕业的。"))


def test_these_two_days_is_a_time_before_a_feeling():
    assert trait("user", "FEELS", "tired") in claims("这两天真的累趴了，周末只想躺着")


def test_a_comparisons_second_term_is_no_object():
    found = claims("我现在开的这台丰田凯美瑞比以前那辆本田思域好开多了。")
    assert trait("user", "DRIVES", "丰田凯美瑞") in found and trait("user", "DRIVES", "本田思域") not in found
    assert trait("user", "DRIVES", "比亚迪") in claims("我开的这台比亚迪挺好。")


def test_a_role_got_or_landed_with_its_kind_is_the_new_employer():
    line = ("Okay it's official, I'm leaving the robot startup — got an embedded systems role at Siemens "
            "Healthineers in Malvern, starting January.")
    assert trait("user", "WORKS_AT", "siemens healthineers") in claims(line)
    assert trait("user", "WORKS_AT", "stripe") in claims("Landed a senior role at Stripe.")
    assert not any(c[1] == "WORKS_AT" for c in claims("I got an offer at Google."))
    assert not any(c[0] == "user" for c in claims("My brother got a job at Google."))


def test_a_home_told_by_the_dwelling_taken_in_a_place():
    line = "Big news, we've left London! Renting a little terraced house in Bristol, in Bedminster."
    assert trait("user", "LIVES_IN", "bristol") in claims(line)
    assert trait("user", "LIVES_IN", "tiong bahru") in claims("The company transferred me, so I'm now set up in a condo in Tiong Bahru, Singapore.")
    assert not any(c[0] == "user" for c in claims("My sister is renting a flat in Leeds."))
    assert trait("user", "MOVED_TO", "boise") in claims("We finally moved into our new place in Boise.")


def test_the_old_car_sold_ends_the_car_held_and_a_car_picked_up_is_bought():
    assert trait("user", "DRIVES", "朗逸", negated=True) in claims("我开朗逸。", "老车卖了三万五。")
    assert rel("user", "BOUGHT", "比亚迪汉") in claims("老车卖了三万五，提了台比亚迪汉。")
    assert not any(c[2] == "老车" for c in claims("老车卖了三万五。"))


def test_a_space_between_chinese_clauses_parts_them_for_the_classifier_too():
    from memory_core.governance.cues import statement_clauses

    assert statement_clauses("开我那辆朗逸去洗车 洗车店说底盘有点锈 要紧吗") == ["开我那辆朗逸去洗车", "洗车店说底盘有点锈"]
    assert statement_clauses("I love New York pizza") == ["I love New York pizza"]


def test_a_pet_taken_in_from_a_cattery_is_a_pet():
    assert trait("user", "HAS_PET", "煤球") in claims("终于下决心了！从猫舍接了一只暹罗，叫煤球，黑脸白身子超可爱")


def test_a_pet_brought_home_from_a_market_is_a_pet():
    assert trait("user", "HAS_PET", "鹦鹉") in claims("从花鸟市场带回来一只玄凤鹦鹉 会吹口哨！")
    assert not any(c[0] == "user" for c in claims("他从花鸟市场带回来一只鹦鹉。"))


def test_pets_named_one_clause_each_are_each_a_pet_and_the_species_is_none():
    found = claims("我养了两只猫，一只叫大橘，一只叫小白。")
    assert trait("user", "HAS_PET", "大橘") in found and trait("user", "HAS_PET", "小白") in found
    assert not any(c[2] == "猫" for c in found)
    three = claims("我家养了三只猫，一只叫大橘，一只叫小白，另一只叫煤球。")
    assert trait("user", "HAS_PET", "煤球") in three
    assert not any(c[0] == "user" for c in claims("他养了两只猫，一只叫大橘，一只叫小白。"))


def test_who_one_chats_with_is_nothing_used_and_keto_given_up_ends_it():
    found = claims("我用微信和朋友聊天。")
    assert rel("user", "USES", "微信") in found and not any(c[2] == "朋友" for c in found)
    assert trait("user", "FOLLOWS_DIET", "keto", negated=True) in claims("我已经戒了生酮饮食。")


def test_meat_left_with_fish_kept_is_pescatarian():
    for line in ("我现在不吃肉了，改吃鱼。", "我不吃肉，但吃海鲜。"):
        found = claims(line)
        assert trait("user", "FOLLOWS_DIET", "pescatarian") in found, line
        assert not any(c[2] == "vegetarian" for c in found), line
    assert trait("user", "FOLLOWS_DIET", "vegetarian") in claims("我不吃肉了。")


def test_a_brands_thing_is_the_thing_had_and_well_known_companies_are_known():
    assert rel("user", "BOUGHT", "扫地机器人") in claims("我买了一台小米的扫地机器人。")
    assert not any(c[2] == "小米" for c in claims("我买了一台小米的扫地机器人。"))
    assert not any(c[2] == "朋友" for c in claims("我买了朋友的二手车。"))
    assert trait("user", "WORKS_AT", "三一重工") in claims("我跳槽去了三一重工。")
    assert not any(c[1] == "VISITED" for c in claims("现在去了TCL。"))
