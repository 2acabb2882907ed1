"""Somebody else's news told in the user's chat is theirs: a named friend parted from or engaged
to somebody ("Jade broke up with the gym guy", "Priya's engaged too apparently. Good for her"), a
partner called by chat's letters ("the bf started keto"), a named person's pet of any breed or
spelling ("Ramón's dachshund"), a neighbour's cat that keeps coming round (隔壁邻居的猫老来我家
花园晃), a best friend's wedding where the user is the bridesmaid (闺蜜订婚了 我要当伴娘). Each
was read as the user's own change and put above the state the user holds."""

from __future__ import annotations

import pytest

from memory_core.retrieval.state_statement import SOMEONE_ELSE, WEIGHED, change_at, not_own_state
from tests.retrieval.cli_scenarios import assert_before_and_after, assert_first_finding, told, told_before


def _whose(text: str, family: str) -> str | None:
    found = change_at(text, family)
    return not_own_state(text, speaker=None, author_type="user", family=family, at=found[1] if found else None)


@pytest.mark.parametrize("text,family", [
    ("Hana broke up with the dishes guy lol", "relationship"),
    ("Tom's dating a nurse from his work now", "relationship"),
    ("Liam's engaged apparently. Good for him honestly", "relationship"),
    ("the gf went back to eating meat after lent btw haha", "diet"),
    ("the bf started keto this week, he's insufferable about it", "diet"),
    ("Ramón's dachshund is back to chasing squirrels.", "pet"),
    ("Diego's beagle keeps barking at her through the fence", "pet"),
    ("隔壁邻居的猫老来我家花园晃", "pet"),
    ("闺蜜订婚了 我要当伴娘 好开心", "relationship"),
    # where they are to the user, before their name or word: a university roommate, a coworker of
    # the same group by a Latin name, the same lab, a sister in Cantonese
    ("大学室友老周说他从网易跳去阿里了，薪资涨了30%，酸了", "work"),
    ("同组的Vivian跳去PwC了，package涨了30%，说不心动是假的", "work"),
    ("同门师兄延期毕业了，好惨", "school"),
    ("我细妹搬咗去香港住，话租金贵到痴线", "residence"),
    ("wee sister got a job at the council. chuffed for her", "work"),
    ("my bf just transferred to Teleperformance, he says the night diff is better there", "work"),
    # the user in it only as where the other stays, whom they shun, or who reacts
    ("表姐离婚了 现在住我家 心疼她", "relationship"),
    ("闺蜜的布偶猫来我家寄养一周，好可爱但掉毛掉到怀疑人生", "pet"),
    ("过年回家 我姐家的猫一见我就躲床底下 是不是不喜欢我", "pet"),
    ("闺蜜搬去成都了 说那边节奏慢 我好酸", "residence"),
    ("My brother in law Dwayne just hired on at the refinery, says the money's good. Not for me", "work"),
    ("My neighbour Mrs Abernethy has purchased an electric car and speaks of nothing else. I am not persuaded.",
     "vehicle"),
])
def test_someone_elses_news(text: str, family: str) -> None:
    assert _whose(text, family) == SOMEONE_ELSE


def test_an_animal_that_keeps_coming_round_comes_to_stay_nowhere() -> None:
    """天天 / 老 / 总 before 来我家: a habit, not a pet come home (小橘来我家一周年了 is one)."""
    assert change_at("对门的猫天天来我家阳台晒太阳", "pet") is None
    assert change_at("隔壁邻居的猫老来我家花园晃", "pet") is None
    assert change_at("小橘来我家一周年了", "pet") is not None


@pytest.mark.parametrize("text,family", [
    ("Tom broke up with me last night", "relationship"),
    ("Liam's engaged to me!", "relationship"),
    ("We got engaged on the 10th! I proposed at the lake and Priya said yes.", "relationship"),
    ("We got married in 大理 last weekend 🥂 正式官宣", "relationship"),
    ("Priya said yes!!", "relationship"),
    ("Biscuit's checkup went fine", "pet"),
    ("小橘来我家一周年了", "pet"),
    ("the gf pasta at Coles tastes like cardboard", "diet"),
    ("隔壁的猫生了一窝，我抱了一只回来", "pet"),
    ("我跳槽去了同组的Vivian以前的公司", "work"),
    ("我酸奶喝完了，周末搬去杭州", "residence"),
])
def test_the_users_own(text: str, family: str) -> None:
    assert _whose(text, family) != SOMEONE_ELSE


def test_a_change_weighed_after_when_it_would_be() -> None:
    """年后想裸辞 weighs a change (the time it would come opens the line); 年后我就辞职了 tells one."""
    assert _whose("年后想裸辞，存款够撑半年，你觉得我疯不疯", "work") == WEIGHED
    assert change_at("年后我就辞职了", "work") is not None


CASES = [
    told("on-1", "en", "relationship", ["My boyfriend Marcus and I just celebrated two years!",
                                        "roommate Jade is dating some guy from her gym now",
                                        "Jade broke up with the gym guy already lol"],
         "Who is my boyfriend now?", "marcus"),
    told("on-2", "en", "relationship", ["I'm engaged to Daniel! He proposed in Lisbon.",
                                        "Priya's engaged too apparently. Good for her."], "Am I engaged?", "daniel"),
    told("on-3", "zh", "relationship", ["我跟男朋友阿凯在一起三年了。", "闺蜜下个月结婚 我要当伴娘 好紧张"],
         "我现在有男朋友吗？", "阿凯"),
    told("on-4", "en", "diet", ["I've been vegetarian since January.",
                                "the bf started keto this week, he's insufferable about it"],
         "What's my diet these days?", "vegetarian"),
    told("on-5", "zh", "pet", ["家里有只柯基叫豆豆。", "对门的猫天天来我家阳台晒太阳"], "我现在养的是什么？", "豆豆"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_users_state_answers(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query``: each put the other's news first on the code before."""
    assert_first_finding(data, tmp_path, monkeypatch)


BEFORE = [
    told_before("ob-1", "zh", "job", ["我在拼多多做测试。", "大学室友老周说他从网易跳去阿里了，薪资涨了30%，酸了",
                                      "下周一去美团报到，base望京"], "我现在在哪家公司上班？", "美团", "拼多多"),
    told_before("ob-3", "zh", "residence", ["我住在杭州滨江。", "闺蜜搬去成都了 说那边节奏慢 我好酸",
                                            "搬到上海徐汇了，新家离公司近"], "我现在住在哪？", "徐汇", "滨江"),
    told_before("ob-4", "en", "job", ["I'm a nurse at St Mary's.", "wee sister got a job at the council. chuffed for her",
                                      "Starting at the Royal Infirmary on Monday!"], "Where do I work now?",
                "royal infirmary", "st mary"),
]


@pytest.mark.parametrize("data", BEFORE, ids=[c["scenarios"][0]["id"] for c in BEFORE])
def test_before_the_change_the_held_state_answers(data, tmp_path, monkeypatch) -> None:
    """As of a date before the change, the user's own state comes first, not the other's news
    told since (on the code before, the other's line came first)."""
    assert_before_and_after(data, tmp_path, monkeypatch)


def test_a_household_question_asks_about_the_user() -> None:
    """我家现在都养了啥 asks the user's household (th-020: with 都 between 现在 and 养 it asked about
    nobody, so a friend's cat staying over was no one else's and came first)."""
    from memory_core.retrieval.subject import asks_about_user

    assert asks_about_user("我家现在都养了啥？") and asks_about_user("我家里现在养的是什么小动物？")
    assert not asks_about_user("我家狗最近咋样了")


HOUSEHOLD = [told_before("oh-1", "zh", "pet", ["家里就一缸金鱼，养了三年了。", "闺蜜的布偶猫来我家寄养一周，掉毛掉疯了",
                                               "金鱼送人了，家里来了只柯基"], "我家现在都养了啥？", "柯基", "金鱼")]


@pytest.mark.parametrize("data", HOUSEHOLD, ids=["oh-1"])
def test_before_the_change_the_households_pet_answers(data, tmp_path, monkeypatch) -> None:
    assert_before_and_after(data, tmp_path, monkeypatch)
