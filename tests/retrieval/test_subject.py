"""Whose fact is it: the question's subject against a statement's (pure functions), the
reranker's use of it, and BM25 read against the question's ideal score in fusion."""

from __future__ import annotations

import pytest

from memory_core.retrieval.rerank import RerankCandidate, rerank
from memory_core.retrieval.score_fusion import relative_score_fusion
from memory_core.retrieval.subject import asks_about_user, other_subject


@pytest.mark.parametrize("question", ["Am I still drinking coffee?", "Where do I work now?",
                                      "Do I still go to the gym?", "我现在还喝咖啡吗？", "我是素食者吗？",
                                      # where one's home is, is where one lives
                                      "我家现在在哪个城市呀", "俺家住哪来着",
                                      # … and what the household keeps or drives is the user's
                                      "我家现在还有猫吗", "我们家现在开啥车", "咱家现在养的啥",
                                      # "I'm" is "I am"; a reminder asked for is about the one asking
                                      "remind me where I'm working now?", "remind me what area I live in now?"])
def test_questions_about_the_user(question):
    assert asks_about_user(question)


@pytest.mark.parametrize("question", ["Where was my sister's wedding?", "Which school does my son attend?",
                                      "What is my dog called?", "我儿子在哪所学校读书？", "我家的狗叫什么名字？",
                                      "我家老公在哪上班", "我家狗还好吗", "tell me what Tom said",
                                      "What did Caroline research?"])
def test_questions_about_someone_else(question):
    assert not asks_about_user(question)


@pytest.mark.parametrize("statement", ["My coworker is still drinking three cups of coffee a day.",
                                       "My brother works now and then as a taxi driver.",
                                       "The neighbour's dog barks every morning at six.",
                                       "Melanie: My cousin got married in a castle.",
                                       "My daughter went vegan over the summer.",
                                       "My best friend broke up with her boyfriend.",
                                       "同事每天还在喝三杯咖啡。", "我弟弟现在偶尔开出租车上班。", "邻居家的狗每天早上六点就叫。"])
def test_statements_about_someone_else(statement):
    assert other_subject(statement)


@pytest.mark.parametrize("statement", ["I gave up caffeine back in March.",
                                       "My manager approved a fifteen percent raise for me.",
                                       "Lena and I ended things after three years together.",
                                       "My friend said I should take the job.",
                                       "医生给我开了降高血压的药。", "我们领养了一只金毛幼犬。", "从三月开始我就戒掉了提神饮料。"])
def test_statements_about_the_user(statement):
    assert not other_subject(statement)


def test_reranker_lowers_someone_elses_fact_only_for_a_question_about_the_user():
    cands = [RerankCandidate("coworker", 1.0, "user", "My coworker is still drinking coffee.", 0.0),
             RerankCandidate("me", 0.95, "user", "I gave up caffeine in March.", 0.0),
             RerankCandidate("other", 0.5, "user", "The coffee place has new chairs.", 0.0)]
    about_me = rerank(cands, quoted=[], now=0.0, about_user=True)
    assert [r.key for r in about_me][:2] == ["me", "coworker"]
    assert about_me[1].deltas["subject"] < 0
    neutral = rerank(cands, quoted=[], now=0.0, about_user=False)
    assert [r.key for r in neutral][:2] == ["coworker", "me"]


def test_bm25_ceiling_reads_a_partial_match_as_partial():
    scored = {"bm25": [("lexical", 2.0)], "vector": [("semantic", 0.86), ("lexical", 0.80)]}
    weights = {"bm25": 1.0, "vector": 1.0}
    # min-max: the only BM25 hit counts 1.0 and wins
    assert relative_score_fusion(scored, weights)[0].key == "lexical"
    # against the question's ideal score (three rare terms, one matched) it counts a third
    fused = relative_score_fusion(scored, weights, {"bm25": 6.0})
    assert fused[0].key == "semantic"
    assert fused[1].contributions["bm25"][2] == pytest.approx(2.0 / 6.0)


def test_the_clear_semantic_match_is_lifted_over_a_lexical_coincidence():
    cands = [RerankCandidate("movie", 1.0, "user", "We watched a wedding movie last night.", 0.0),
             RerankCandidate("suzhou", 0.8, "user", "我姐姐的婚礼在苏州办的。", 0.0),
             RerankCandidate("other", 0.2, "user", "The printer is out of paper.", 0.0)]
    plain = rerank(cands, quoted=[], now=0.0)
    assert plain[0].key == "movie"
    lifted = rerank(cands, quoted=[], now=0.0, semantic_best="suzhou")
    assert lifted[0].key == "suzhou" and lifted[0].deltas["semantic"] > 0


@pytest.mark.parametrize("statement", ["Cousin Maya just moved to Lisbon for a design job.",
                                       "Sister wrapped her Corolla around a lamppost, she's fine.",
                                       "Best friend Tomas is on the carnivore thing now.",
                                       "Neighbour's son got into Michigan State.",
                                       "组里的小刘上周离职了，听说去了拼多多", "我老乡开了家火锅店",
                                       "我前同事刚入职了米哈游", "邻居新买的理想L9停我家门口了", "我堂姐考上了中山大学"])
def test_a_person_word_without_my_a_nickname_or_a_former_tie_is_someone_else(statement):
    """Chat drops "my" ("Cousin Maya just moved…"), calls coworkers by a surname nickname (小刘)
    and names a former tie (前同事); 我 as somebody's object (停我家门口) is no subject."""
    assert other_subject(statement)


@pytest.mark.parametrize("statement", ["姐妹们，我终于脱单了！", "老公，我们下个月搬去苏州吧", "小刘和我一起跳槽去了字节",
                                       "小雨搬来和我住了"])
def test_a_word_for_people_called_out_to_or_beside_the_user_is_no_other_subject(statement):
    assert not other_subject(statement)


@pytest.mark.parametrize("statement,other", [
    ("Jess got promoted to shift lead already.", True),
    ("Harrison texted that the new site pays double.", True),
    ("Rosa's ankle healed, she's back on the slopes.", True),
    ("Marco's Audi is in the shop again.", True),
    ("Keto is going great, down six pounds.", False),   # a word of a state family, no name
    ("We moved so I switched schools mid-year.", False),
    ("Finally moved into the Jersey City place!", False),
    ("Got married on Saturday!!", False),
    ("Priya said yes!", False),                          # the user's engagement
])
def test_a_name_opening_a_statement_is_somebody_when_names_are_read(statement, other):
    assert other_subject(statement, names=True) is other
    assert not other_subject(statement) or statement.startswith(("Cousin", "Sister"))


def test_a_pet_or_a_partner_told_by_name_stays_the_users_state():
    """A named subject is somebody else only where the asked state cannot be told by a name of
    the user's own (a pet, a partner): "Biscuit passed away" answers "Do I still have a dog?"."""
    from memory_core.retrieval.state_statement import family_word_at, not_own_state

    line = "Biscuit passed away last night."
    assert not_own_state(line, speaker=None, author_type="user", family="pet", at=family_word_at(line, "pet")) is None
    other = "Jess moved to Leeds last week."
    assert not_own_state(other, speaker=None, author_type="user", family="residence",
                         at=family_word_at(other, "residence")) == "about someone else"


def test_a_names_thing_is_somebody_elses_even_where_a_partner_is_told_by_name():
    """For the relationship a name opening a line may be the partner's ("Priya said yes!"), but
    a name's thing ("Tasha's wedding was beautiful") is Tasha's."""
    from memory_core.retrieval.state_statement import family_word_at, not_own_state

    def judged(line: str) -> str | None:
        return not_own_state(line, speaker=None, author_type="user", family="relationship",
                             at=family_word_at(line, "relationship"))
    assert judged("Tasha's wedding was beautiful, cried the whole time.") == "about someone else"
    assert judged("Priya said yes!") is None
    assert other_subject("Tasha's wedding was beautiful.", possessive_names=True)
    assert not other_subject("Jess got promoted.", possessive_names=True)


@pytest.mark.parametrize("statement,other", [
    ("国庆我爸开他那台哈弗带全家回老家", True), ("Yesterday my brother bought a Tesla.", True),
    ("今天我搬家了", False), ("Today I quit my job.", False)])
def test_a_time_told_first_is_no_subject(statement, other):
    assert other_subject(statement) is other


@pytest.mark.parametrize("statement,other", [
    ("帮兄弟策划求婚，在海边摆了一地蜡烛，成功了", True), ("给老婆买了辆车", True), ("替我妈办了退休手续", True),
    ("帮我妈搬家，我自己也搬到了杭州", False), ("我求婚成功啦！我们订婚了", False)])
def test_what_is_done_for_somebody_is_their_state(statement, other):
    assert other_subject(statement) is other


@pytest.mark.parametrize("statement,other", [
    ("our neighbour's gone vegan, brought round a cake", True), ("Sister's moved to Leeds.", True),
    ("my coworker's just started keto", True), ("I've gone vegan.", False), ("My sister's wedding made me cry", False)])
def test_has_contracted_onto_the_person_word_is_their_state(statement, other):
    assert other_subject(statement) is other


@pytest.mark.parametrize("line,other", [
    # somebody's news: the name or the person word is the subject of the first clause
    ("Lauren from work has started keto and keeps asking me for tips. irony", True),
    ("my flatmate Kiri's trying carnivore. the fridge is 80% mince", True),
    ("Jess moved to Denver and I'm so jealous", True),
    ("Cathal's thinking of going to Kerry Group himself, funny old world", True),
    # the user in the subject's clause, or a later sentence that is the user's
    ("My manager approved a raise for me", False),
    ("she caved!!! we're getting a cockapoo puppy, calling him milo", False),
    ("She proposed at midnight on the rooftop and I said yes!!! We're engaged!", False),
])
def test_whose_state_a_line_tells_is_read_from_the_subjects_own_clause(line, other):
    assert other_subject(line, names=True) is other


@pytest.mark.parametrize("question", ["what pet have we got now?", "where do we live now?", "what car do we drive these days?"])
def test_the_household_we_is_the_user(question):
    assert asks_about_user(question)


def test_a_place_named_first_is_no_person_with_news():
    # "Denver's been home for six years": a place's 's + been is the user's home, not Denver's news
    assert other_subject("Denver's been home for six years now.", names=True) is False


@pytest.mark.parametrize(("text", "other"), [
    ("the kids keep asking for a puppy, not ready yet", True),
    ("My parents want a smaller house near the coast", True),
    ("my in-laws think the flat is too small", True),
    ("our kids love the new puppy we got", False),  # the user in the same clause
])
def test_a_plural_subjects_present_is_their_news(text: str, other: bool) -> None:
    assert other_subject(text) is other


@pytest.mark.parametrize("question,household", [
    ("what pets are in the house now?", True), ("is the dog still around?", True),
    ("what's in the driveway these days, remind me", True), ("家里现在养的啥", True),
    # a person named or a pronoun: somebody's, judged by asks_about_user
    ("how's Biscuit these days?", False), ("where does Tom live now?", False), ("小美在哪上班", False),
    ("where am I living?", False), ("where's her new place?", False),
])
def test_a_question_naming_nobody_asks_about_the_household(question, household):
    from memory_core.retrieval.subject import asks_about_household
    assert asks_about_household(question) is household


@pytest.mark.parametrize("text", ["My daughter's off to Leeds uni in September, proud dad moment",
                                  "my cousin's engaged!! to a guy she met in Lisbon",
                                  # kin by their casual, regional and by-marriage words
                                  "me nan moved into a care home", "my missus just started at Tesco",
                                  "我媳妇说她血糖也偏高 让她也去查"])
def test_is_contracted_onto_a_relative_before_a_state_word(text):
    assert other_subject(text)


@pytest.mark.parametrize(("text", "other"), [
    # a carer's word to the user is the user's state (or the user's pet's)
    ("Dietitian says drop the Banting, go Mediterranean", False),
    ("Doc says type 2, started me on metformin", False),
    ("my physio signed me off, knee's fine", False),
    ("The vet said Biscuit has kidney disease", False),
    ("医生说拖成哮喘了 现在出门随身带喷雾", False),
    ("医生让我改成地中海饮食", False),
    ("营养师建议我少吃精米白面", False),
    # … and what the doctor does to the user's treatment (stop 51)
    ("医生把二甲双胍换成了司美格鲁肽。", False),
    ("医生帮我停了药", False),
    # … unless it turns to a third person, or is the carer's own news
    ("医生把他的诊所搬到了杭州", True),
    ("My doctor says she is moving to Spain", True),
    ("My doctor went to Spain for a month", True),
    ("医生说他下个月调走", True),
])
def test_a_carers_word_to_the_user_is_the_users(text, other):
    assert other_subject(text, names=True) is other


@pytest.mark.parametrize(("text", "other"), [
    ("老汉说他胃不得行 医生喊他少吃辣 他偏不听", True),  # 老汉: the father in Sichuan and Chongqing
    ("我舅也查出糖尿病了", True), ("我娃上一年级了", True), ("我崽满半岁了", True),
    ("我姑且试试生酮", False),  # 姑且: "for now", no aunt
    ("我们重庆人无辣不欢", False),
])
def test_regional_and_one_character_kin_are_somebody_else(text, other):
    assert other_subject(text) is other


@pytest.mark.parametrize(("text", "other"), [
    # another's wish, then what was done about it: the dropped subject is the teller's
    ("闺女非要养个小动物 在花鸟市场买了两只巴西龟 养阳台上了", False),
    ("老公一直想换车，上周提了辆理想L6", False),
    ("闺女想要个小狗", True),  # the wish alone is hers
    ("我舅也查出糖尿病了 天天打胰岛素", True),  # no wish: the subject carries on
    ("我媽還是吃素，叫我也不要破戒", True),  # Traditional characters: 媽 is 妈
    ("my advisor just adopted a second cat lol", True),
])
def test_a_wish_hands_the_line_back_and_every_script_names_kin(text, other):
    assert other_subject(text) is other
