"""Stop 48: whose news is it? Lines about a friend's, a neighbour's or a relative's change, told in
the ways chat tells them (Scots "ma pal", "the lad next door", a patois "seh", 俺表哥, 同宿舍的小雨,
"in my old spot"), are somebody else's; the user's own line stays the user's."""

from __future__ import annotations

import pytest

from memory_core.retrieval.corrections import corrects_value
from memory_core.retrieval.intent import chinese_subject
from memory_core.retrieval.newer_state import tentative
from memory_core.retrieval.predicates import question_family
from memory_core.retrieval.state_statement import change_at, not_own_state
from memory_core.retrieval.subject import other_subject
from memory_core.text.zh_variants import as_simplified


@pytest.mark.parametrize("text", [
    "ma pal Shona just started at Tesco Bank, she's loving it",          # Scots "ma" is "my"
    "ma mate Callum's went vegan, everybody's at it",                  # "'s went": nonstandard perfect
    "Neighbour next door just bought a Tesla, I'm so jealous",          # where the person lives
    "my cousin from church got engaged last week",
    "colleague Priya joined Infosys in my old seat lol",                # the user's old place, not the user
    "Mark seh Digicel pay more. we'll see",                             # patois "said"; a reaction after
    "Tomasz moved to Leeds. I'm so proud of him",
])
def test_somebody_elses_news_in_chat_english(text: str) -> None:
    assert other_subject(text, names=True)


@pytest.mark.parametrize("text", [
    "俺表哥买了辆哈弗 天天跟俺显摆",               # 俺 is 我; 跟俺 (to me) is no subject
    "同宿舍的小雨搬去深圳了",                       # named after where the user knows her from
    "俺小舅子在滴滴开网约车，说一个月能挣八千",
    "咱姐换工作了，去了银行",
    "邻居老孙买了辆理想 天天跟我显摆",
])
def test_somebody_elses_news_in_chat_chinese(text: str) -> None:
    assert other_subject(text)


@pytest.mark.parametrize("text", [
    "My sister got a cat. I got one too!",                   # a later sentence tells the user's own
    "She caved! We're getting a puppy",
    "我男朋友跟我一起搬到了深圳",                            # moved together with the user
    "俺们搬到郑州了",
    "my new job at Deloitte starts Monday",
    "I moved to my old flat again",
])
def test_the_users_own_line_stays_the_users(text: str) -> None:
    assert not other_subject(text, names=True)


@pytest.mark.parametrize("text,other", [
    ("Ama's puppy got taken by the landlord lol", True),      # a person's animal by their name
    ("Kwame's new kitten is so tiny", True),
    ("my puppy got taken to the vet", False),
    ("Biscuit passed away this morning", False),               # the user's pet, by its name
])
def test_a_persons_pet_by_their_name(text: str, other: bool) -> None:
    assert (not_own_state(text, speaker=None, author_type="user", family="pet") is not None) is other


# -- the question's own words -------------------------------------------------------------------

@pytest.mark.parametrize("question,subject", [
    ("俺现在住哪嘞？", None),            # 俺 is the one asking, no name
    ("俺们现在开的啥车？", None),
    ("俺妈现在住哪？", "妈妈"),           # … and 俺 + kin asks about the kin, as 我妈 does
    ("小美现在在哪上班", "小美"),
])
def test_a_colloquial_i_asks_about_the_user(question: str, subject: str | None) -> None:
    assert chinese_subject(question) == subject


def test_a_chat_opener_is_no_name() -> None:
    assert not other_subject("Ok moved out of hall liao. Sharing a flat in Tai Po now", names=True)
    assert not other_subject("Aye left the job Friday, glad to be out", names=True)
    assert other_subject("Okafor moved to Leeds last month", names=True)   # a name that starts alike


# -- the state told after the plan that fell through --------------------------------------------

def test_the_home_rented_after_a_plan_fell_through_is_the_users() -> None:
    text = ("Scratch what I said about Hove, the flat fell through on Friday. We're in Brighton now, "
            "renting a little terrace off the Lewes Road")
    found = change_at(text, "residence")
    assert found is not None and found[0].startswith("renting")
    assert not_own_state(text, speaker=None, author_type="user", family="residence", at=found[1]) is None
    assert corrects_value(text, "Hove")


@pytest.mark.parametrize("text,pending", [
    ("had an interview at a bank in Leeds, second round next week. fingers crossed", True),
    ("applied to three unis, waiting to hear back", True),
    ("今天去顺丰面试了 等通知", True),
    ("viewing a flat in Salford on Saturday", True),
    ("Thinking I did well in the interview", True),          # no outcome yet, whatever one thinks
    ("got the job!! the interview went great", False),      # the outcome told with the step
    ("interviewed at Monzo and they offered me the role", False),
    ("面试通过了，下周一入职", False),
])
def test_a_step_whose_outcome_is_not_known_is_no_newer_state(text: str, pending: bool) -> None:
    assert tentative(text) is pending


# -- Cantonese eating words ---------------------------------------------------------------------

def test_cantonese_eat_words_read_as_mandarin_for_a_diet_change() -> None:
    text = "醫生話要補鐵，我而家開始食返肉，唔再食全素"
    assert as_simplified(text).startswith("医生话要补铁，我现在开始吃回肉")
    assert len(as_simplified(text)) == len(text)
    assert change_at(text, "diet") is not None
    assert question_family("我而家仲係食全素？").name == "diet"
    assert "素食" in as_simplified("我鍾意素食")          # a Mandarin word with 食 stays one


def test_a_step_passed_with_its_start_told_is_a_change() -> None:
    assert not tentative("已通过面试及考察，下月正式到市发改委报到")
    assert not tentative("passed the interview, reporting to the Leeds office on Monday")


@pytest.mark.parametrize("text,other", [
    ("我兄弟也想从唐山搬出来 他看的是廊坊 俺俩到时候离得也不远", True),   # the user only reacts after
    ("邻居家金毛下崽了，问我要不要一只，俺可不敢再要了", True),
    ("俺老乡说杭州单价高 俺也想去试试", True),
    ("闺蜜查出桥本，我俩都是甲状腺出问题", False),                       # both: the user's own state too
    ("同事辞职了，我也辞了", False),
])
def test_a_later_chinese_clause_that_only_reacts_leaves_the_news_with_its_teller(text: str, other: bool) -> None:
    assert other_subject(text) is other


@pytest.mark.parametrize("text,family,called_off", [
    ("大伟又来找我复合 我没搭理他", "relationship", True),              # the offer refused
    ("闺女让我们搬去三亚 俺不去", "residence", True),
    ("手续今儿办完了，正式退休了！返聘我没答应", "work", False),        # another offer refused after the change
])
def test_an_offer_refused_calls_the_change_off_but_not_one_after_it(text: str, family: str, called_off: bool) -> None:
    assert (change_at(text, family) is None) is called_off


def test_the_room_taken_after_the_one_hoped_for_is_a_move() -> None:
    text = "最后没租到金钟那间，拿了鲗鱼涌那边一间劏房，返工近啲"
    found = change_at(text, "residence")
    assert found is not None and found[0].startswith("拿了")
    assert not_own_state(text, speaker=None, author_type="user", family="residence", at=found[1]) is None
    assert change_at("同事拿了一套茶具送我", "residence") is None          # a set of things, no home
    assert change_at("拿了快递", "residence") is None


@pytest.mark.parametrize("text,other", [
    ("My batchmate Dilshan joined John Keells as an accountant", True),   # any word for somebody before a name
    ("my bredda Dwayne get a job pon cruise ship", False),               # (no news verb a rule knows: left)
    ("our kid's after gettin a job at Jaguar in Halewood", True),          # the Irish and Scouse perfect
    ("my new Tesla arrived yesterday", False),                            # an adjective before a name
    ("my hamster Nibbles died this morning", False),                      # an animal of the lexicon
])
def test_a_word_for_somebody_before_their_name(text: str, other: bool) -> None:
    assert other_subject(text) is other


def test_the_users_partner_by_a_casual_word_is_the_users_tie() -> None:
    assert not_own_state("my boo Tyrone proposed last night!!", speaker=None, author_type="user",
                         family="relationship") is None


@pytest.mark.parametrize("text,other", [
    ("我老公话佢都成日手震 会唔会都系甲亢 哈哈 我叫佢去验下", True),   # telling the other what to do
    ("我妹说她想离婚，我劝她再想想", True),
    ("朋友拉我去徒步群，认识了一个叫阿明的", False),                 # the user dropped as the subject after
    ("我爸接我回家住了", False),                                     # the user moved home
])
def test_advice_to_the_one_whose_news_it_is_is_no_state_of_the_user(text: str, other: bool) -> None:
    assert other_subject(text) is other
