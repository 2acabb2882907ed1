"""The reranker's state adjustment for a current_state question about the user
(``rerank.state_delta``): a change weighed is never lifted, and a job told in passing — a word
of the job, the employer's name — is lifted by what it holds."""

from __future__ import annotations

import pytest

from memory_core.policy import RERANK_NOT_OWN_STATE, RERANK_STATE_FAMILY, RERANK_STATE_STATEMENT, RERANK_STATE_TYPED
from memory_core.retrieval.newer_state import tentative
from memory_core.retrieval.rerank import RerankCandidate, state_delta


def _delta(content: str, *, family: str = "work", names_answer: bool = False, speaker: str | None = None) -> float:
    return state_delta(True, family, RerankCandidate("k", 1.0, "user", content, 0.0, speaker=speaker,
                                                     names_answer=names_answer))


@pytest.mark.parametrize("content", [
    "considering applying to Deloitte next spring, the pay is better",
    "Thinking of going for the Canva job? my cousin says it's chill",
    "偶尔真想去小米试试 做手机的 想想而已",
    "最近有点想跳去网易 但是也就说说",
])
def test_a_change_weighed_naming_a_company_is_not_lifted(content: str) -> None:
    assert _delta(content, names_answer=True) == 0.0


@pytest.mark.parametrize(("content", "names_answer", "expect"), [
    ("part-time at Boots till the course starts", True, RERANK_STATE_STATEMENT + RERANK_STATE_TYPED),
    ("night shift again, 3 nights in a row at the depot", False, RERANK_STATE_STATEMENT),
    ("试用期终于过了 下个月涨工资", False, RERANK_STATE_STATEMENT),
    ("在顺丰干了两年了", True, RERANK_STATE_TYPED),
    ("my job at the council is fine I guess", True, RERANK_STATE_FAMILY),  # the family's own word wins alone
])
def test_a_job_told_in_passing_is_lifted_by_what_it_holds(content: str, names_answer: bool, expect: float) -> None:
    assert _delta(content, names_answer=names_answer) == pytest.approx(expect)


def test_another_speakers_job_words_are_lowered_not_lifted() -> None:
    assert _delta("full time at Boots now, finally", names_answer=True, speaker="Priya") == RERANK_NOT_OWN_STATE


def test_statement_words_belong_to_their_family() -> None:
    assert _delta("night shift again, 3 nights in a row", family="residence") == 0.0
    assert _delta("midterm tomorrow and I haven't opened the textbook", family="residence") == 0.0


@pytest.mark.parametrize(("content", "family"), [
    ("张江这边租的房子离公司走路十分钟 就是晚上没啥吃的", "residence"),
    ("my landlord finally fixed the boiler", "residence"),
    ("booked the MOT for Thursday, fingers crossed", "vehicle"),
    ("the vet bill came to £300, worth it", "pet"),
    ("midterm tomorrow and I haven't opened the textbook lol", "school"),
    ("复查结果出来了 医生说指标稳定", "health"),
])
def test_every_state_family_is_told_in_passing_by_its_own_words(content: str, family: str) -> None:
    # the weak lift a job told in passing has, for the other families' in-passing words
    assert _delta(content, family=family) == pytest.approx(RERANK_STATE_STATEMENT)


def test_a_cheer_is_no_word_of_a_car() -> None:
    # 加油 ("go for it", 加油站) is no upkeep of a car
    assert _delta("明天面试 给自己加油", family="vehicle") == 0.0


@pytest.mark.parametrize(("text", "weighed"), [
    ("有时候真想辞职去大理开民宿", True),
    ("真想换个城市生活", True),
    ("我想好了 下个月就辞职", False),
    ("今天辞职了", False),
])
def test_chinese_wishes_opened_by_an_adverb_are_weighed(text: str, weighed: bool) -> None:
    assert tentative(text) is weighed


@pytest.mark.parametrize(("content", "lowered"), [
    ("Liam just got engaged to someone in Calgary. weirdly happy for him", True),
    ("Jess is marrying her boss lol", True),
    ("Liam proposed!!! 💍", False),
    ("Tom got engaged to me last night", False),
])
def test_a_name_wed_to_somebody_else_is_their_news(content: str, lowered: bool) -> None:
    assert (_delta(content, family="relationship") == RERANK_NOT_OWN_STATE) is lowered
