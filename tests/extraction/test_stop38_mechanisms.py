"""Mechanisms of the stop-38 round (issue 14: health and diet statements of the long noisy
histories — set T's health family passed one scenario in five). Each test is a family of
wordings, not one line, and each fails on the extractor before its fix."""

from __future__ import annotations

from tests.extraction.claim_sets import claims, rel, trait


def test_a_diagnosis_told_as_the_verdict_is_the_condition_and_a_hedged_one_is_none():
    assert trait("user", "HAS_CONDITION", "asthma") in claims("Pulmonologist says it's asthma, adult-onset.")
    assert trait("user", "HAS_CONDITION", "hypothyroidism") in claims(
        "Mystery solved: it's hypothyroidism (Hashimoto's). Started levothyroxine.")
    assert rel("user", "HAS_CONDITION", "gout") in claims("The doctor confirmed it's gout.")
    assert trait("user", "HAS_CONDITION", "哮喘") in claims("医生说是哮喘，让我随身带着喷雾。")
    assert trait("user", "HAS_CONDITION", "甲减") in claims("查了半天，原来是甲减。")
    assert trait("user", "HAS_CONDITION", "胃溃疡") in claims("检查结果出来了，是胃溃疡。")
    for line in ("The doctor said it's probably just allergies.", "My doctor thinks it might be asthma.",
                 "The doctor says it's nothing serious.", "my dad's doctor says it's gout",
                 "医生说可能是胃炎。", "我妈的医生说是高血压。", "朋友说是流感。"):
        assert not any(c[1] == "HAS_CONDITION" and c[0] == "user" for c in claims(line)), line


def test_a_treatment_for_a_condition_tells_the_condition():
    assert trait("user", "HAS_CONDITION", "anemia") in claims("Doctor put me on iron pills for anemia, I'm so tired all the time.")
    assert trait("user", "HAS_CONDITION", "diabetes") in claims("I'm on metformin for my diabetes.")
    assert trait("user", "HAS_CONDITION", "贫血") in claims("医生给我开了补铁的药，说是贫血。")
    # the dog's allergies are the dog's
    assert not any(c[1] == "HAS_CONDITION" for c in claims("I'm taking my dog to the vet for his allergies."))


def test_an_injury_is_the_condition_named_the_way_people_name_it_after():
    assert trait("user", "HAS_CONDITION", "broken wrist") in claims("I broke my wrist skiing last week.")
    assert trait("user", "HAS_CONDITION", "torn acl") in claims("Tore my ACL playing five-a-side.")
    assert trait("user", "HAS_CONDITION", "sprained ankle") in claims("Rolled my ankle on the stairs again.")
    assert trait("user", "HAS_CONDITION", "broken rib") in claims("I cracked my ribs falling off the bike.")
    for line in ("I broke my phone screen.", "My brother broke his arm.", "What if I broke my leg?"):
        assert not any(c[1] == "HAS_CONDITION" for c in claims(line)), line


def test_a_diet_counted_or_kept_is_held():
    assert trait("user", "FOLLOWS_DIET", "vegetarian") in claims(
        "Six years vegetarian now and I still get asked where I get my protein.")
    assert trait("user", "FOLLOWS_DIET", "keto") in claims("3 months keto and down 20 lbs")
    assert trait("user", "FOLLOWS_DIET", "keto") in claims("Day 40 of keto.")
    assert trait("user", "FOLLOWS_DIET", "vegan") in claims("Still vegan, obviously.")
    for line in ("Five years vegetarian and then I caved.", "Two years vegan, until last week."):
        assert not any(c[1] == "FOLLOWS_DIET" and not c[4] for c in claims(line)), line


def test_a_possessed_noun_before_the_verb_is_someone_elses_state():
    for line in ("my drummer moved to hamburg, band is on pause", "My landlord moved to Spain.",
                 "My bandmate lives in Berlin.", "my company moved to Austin"):
        assert not any(c[0] == "user" for c in claims(line)), line
    assert trait("user", "MOVED_TO", "ohio") in claims("my whole family and I moved to Ohio")


def test_a_pet_put_down_through_the_vet_or_named_before_my_kind_word():
    found = claims("Barney my old springer has started limping after walks.",
                   "Had to have Barney put down this morning, he passed peacefully.")
    assert trait("user", "HAS_PET", "barney") in found and trait("user", "HAS_PET", "barney", True) in found
    assert trait("user", "HAS_PET", "cat", True) in claims("We had to have our cat put to sleep yesterday.")
    assert trait("user", "HAS_PET", "duke", True) in claims("I had to have Duke put down last week.")
    for line in ("We had the carpets cleaned.", "I had to have my wisdom teeth out.",
                 "My neighbour had to have her dog put down."):
        assert not any(c[1] == "HAS_PET" for c in claims(line)), line


def test_a_dated_move_from_one_city_to_another():
    found = claims("今天好累，晚上还得收拾箱子，后天就从沈阳搬去青岛了，你说我图啥")
    assert trait("user", "MOVED_TO", "青岛") in found


def test_a_partners_death_right_after_their_name_ends_the_tie():
    assert rel("user", "MARRIED_TO", "alan", True) in claims(
        "It's two years since my husband Alan died and I still set two cups out some mornings.")
    assert rel("user", "MARRIED_TO", "老李", True) in claims("我老公老李前年走了，我一个人住。")
    assert rel("user", "MARRIED_TO", "alan") in claims("My husband Alan loves fishing.")
    # someone else's death beside the partner's name ends nothing
    assert rel("user", "MARRIED_TO", "alan") in claims("my husband Alan's mother died last year.")


def test_courting_a_corrected_diagnosis_and_a_dated_school_transfer():
    assert trait("user", "DATING", "gareth") in claims("Gareth and I are courting, I suppose that's the old word for it.")
    assert trait("user", "HAS_CONDITION", "coeliac disease") in claims(
        "biopsy results in. it's not IBS at all, it's coeliac disease. strict gluten free for life.")
    assert trait("user", "HAS_CONDITION", "ibs") in claims("GP reckons it's IBS. so I'm on the low fodmap thing.")
    assert trait("user", "STUDIES_AT", "uc davis") in claims("I GOT IN. transferring to UC Davis in the fall for animal science!!!")
    assert not claims("I'm transferring to the Denver office next month.")
    assert not any(c[1] == "HAS_CONDITION" for c in claims("My doctor reckons it might be asthma."))


def test_being_in_the_new_home_renting_somewhere_and_a_car_transferred_away():
    assert trait("user", "MOVED_TO", "merewether") in claims(
        "but we're finally in the new house in Merewether, 5 min walk to the beach")
    assert not any(c[0] == "user" for c in claims("My sister is in the new house in Leeds."))
    assert trait("user", "LIVES_IN", "南城") in claims("在南城租房第四年了，房东又要涨租")
    assert not claims("在杭州租房好租吗？")
    assert trait("user", "DRIVES", "英朗", True) in claims("新车座椅通风太舒服了，星越L这个价位真香，英朗已经过户给表弟了")
    assert not any(c[1] == "DRIVES" for c in claims("帮一个客户把他的比亚迪汉过户了，手续比想象的简单多了。"))


def test_a_pet_named_at_home_or_named_on_arrival():
    assert trait("user", "HAS_PET", "芝麻") in claims("我家芝麻今天又把我论文打印稿踩满了爪印🙃 这猫是懂学术的")
    assert trait("user", "HAS_PET", "年糕") in claims("新成员到家！一只垂耳兔，取名叫年糕")
    for line in ("我家老大今天又把作业本弄丢了，这孩子", "我家芝麻糊吃完了", "一只猫叫咪咪"):
        assert not any(c[1] == "HAS_PET" for c in claims(line)), line


def test_a_resignation_handed_in_ends_the_job_whatever_the_next_clause_says():
    found = claims("我在小米上班。", "今天跟leader提了离职，他脸都绿了哈哈")
    assert rel("user", "WORKS_AT", "小米", True) in found
    assert rel("user", "WORKS_AT", "小米", True) not in claims("我在小米上班。", "我同事离职了")


def test_a_pregnancy_is_the_health_state_told():
    assert trait("user", "HAS_CONDITION", "怀孕") in claims("早上验了，两道杠！！怀孕了，还没敢跟我妈说")
    assert trait("user", "HAS_CONDITION", "pregnancy") in claims("We're 12 weeks pregnant with our second.")
    for line in ("老婆怀孕了", "My sister is pregnant.", "Are you pregnant?"):
        assert not any(c[0] == "user" and c[1] == "HAS_CONDITION" for c in claims(line)), line


def test_a_break_up_told_short_names_the_partner():
    assert rel("user", "DATING", "阿凯", True) in claims("跟阿凯分了，五年，说散就散。")
    assert not any(c[1] == "DATING" for c in claims("跟同事分了蛋糕"))


def test_chinese_colloquial_starts_homes_and_ends():
    assert trait("user", "WORKS_AT", "饿了么") in claims("转去饿了么跑专送了，站长说保底高一点")
    assert trait("user", "WORKS_AT", "蔚来") in claims("第一周在蔚来，嘉定园区好大")
    assert trait("user", "WORKS_AT", "云栈科技") in claims("我上个月跳槽到云栈科技了，工资涨了小三千。")
    assert not claims("进了决赛") and not any(c[0] == "user" for c in claims("他转去北京了"))
    assert trait("user", "LIVES_IN", "渝北") in claims("还好住渝北回兴这边，回家近")
    assert trait("user", "LIVES_IN", "天河") in claims("跟同事在天河石牌桥合租，两室一厅一人一半")
    assert not any(c[0] == "user" for c in claims("我妹住海淀那边"))
    assert trait("user", "MOVED_TO", "南坪") in claims("下个月15号搬家，房子租在南坪，离新店走路十分钟")
    assert trait("user", "DATING", "周航") in claims("和周航确定关系了，儿子也挺喜欢他")
    found = claims("家里橘猫年糕十岁了，越来越能睡", "年糕昨天晚上走了，在我怀里走的。")
    assert trait("user", "HAS_PET", "年糕") in found and trait("user", "HAS_PET", "年糕", True) in found


def test_a_birth_ends_the_pregnancy():
    assert trait("user", "HAS_CONDITION", "怀孕", True) in claims("宝宝11月6号出生了，七斤二两，是个女儿，母女平安")
    assert trait("user", "HAS_CONDITION", "pregnancy", True) in claims("The baby was born on Tuesday, 7 lbs!")
    assert not claims("我姐家宝宝出生了")


def test_a_program_enrolled_in_at_a_uni_with_its_start():
    found = claims("dropping the Cert III, enrolled in a Bachelor of Nursing at Western Sydney Uni starting Feb")
    assert trait("user", "STUDIES_AT", "western sydney uni") in found
    assert not claims("enrolled in a pottery class at the Community Center starting Monday")


def test_a_chinese_diet_counted_and_meat_eaten_as_normal_again():
    assert trait("user", "FOLLOWS_DIET", "vegetarian") in claims("吃素第三个月，感觉皮肤好了很多")
    assert trait("user", "FOLLOWS_DIET", "keto") in claims("生酮第二周，掉了四斤")
    assert rel("妈妈", "FOLLOWS_DIET", "vegetarian") in claims("我妈吃素第三年了")
    assert trait("user", "FOLLOWS_DIET", "keto") not in claims("生酮三个月，放弃了")
    assert trait("user", "FOLLOWS_DIET", "vegetarian", True) in claims("今天吃了烤肉，以后正常吃肉")
