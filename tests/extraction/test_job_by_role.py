"""A job told by what one does there, not where: its end is the held job's end (辞掉了护士的工作,
"I quit my nursing job", 不当老师了), never an organisation called 护士; its start names the
employer past the role ("landed my first data analyst job at Spotify", "got my first job as a data
analyst at Spotify"). Chinese chat drops the 我 of a deed (刚拿到第一份…的工作，在美团！), and a vehicle
is told first, then stolen (电动车被偷了) — but 车牌 and 车里的包 are no vehicle."""

from __future__ import annotations

import pytest

from memory_core.lexicon.names import job_by_role
from tests.extraction.claim_sets import claims, rel


@pytest.mark.parametrize("held,ended,employer", [
    ("我是人民医院的护士。", "辞掉了护士的工作，去读了数据分析。", "人民医院"),
    ("我在协和医院当护士。", "把护士的工作辞了，准备考研。", "协和医院"),
    ("我在实验中学教书。", "不当老师了。", "实验中学"),
    ("我在招商银行上班。", "辞掉了工作。", "招商银行"),
    ("I work at Mercy Hospital.", "I quit my nursing job.", "mercy hospital"),
    ("I'm a teacher at Lincoln Elementary.", "I left my teaching job to go back to school.", "lincoln elementary"),
])
def test_a_job_left_by_its_role_ends_the_held_employer(held: str, ended: str, employer: str) -> None:
    got = claims(held, ended)
    assert rel("user", "WORKS_AT", employer, negated=True) in got
    assert not any(c[1] == "WORKS_AT" and c[2] in ("护士", "老师") for c in got)


@pytest.mark.parametrize("obj,lang,expected", [
    ("护士的工作", "zh", True), ("护士", "zh", True), ("工作", "zh", True), ("美团", "zh", False),
    ("my nursing job", "en", True), ("my job", "en", True), ("my second job", "en", False),
    ("my teaching job to go back to school", "en", True), ("my job at google", "en", False),
    ("google", "en", False),
])
def test_job_by_role(obj: str, lang: str, expected: bool) -> None:
    assert job_by_role(obj, lang) is expected


def test_another_persons_role_ends_nothing_of_the_users() -> None:
    assert not any(c[1] == "WORKS_AT" and c[4] for c in claims("我在人民医院上班。", "他不当老师了。"))


@pytest.mark.parametrize("text", [
    "Just landed my first data analyst job at Spotify!",
    "Got my first job as a data analyst at Spotify.",
    "I accepted a data analyst position at Spotify.",
])
def test_a_job_started_past_its_role_names_the_employer(text: str) -> None:
    assert rel("user", "WORKS_AT", "spotify") in claims(text)


def test_someone_elses_job_as_a_role_is_theirs() -> None:
    assert rel("user", "WORKS_AT", "mercy") not in claims("My sister got a job as a nurse at Mercy.")


@pytest.mark.parametrize("text,employer", [
    ("刚拿到第一份数据分析师的工作，在美团！", "美团"),
    ("找到了一份数据分析师的工作，在美团。", "美团"),
])
def test_a_chinese_deed_without_its_subject_is_the_speakers(text: str, employer: str) -> None:
    assert rel("user", "WORKS_AT", employer) in claims(text)


@pytest.mark.parametrize("text", ["在美团工作的朋友说很累。", "拿到美团的offer了。"])
def test_no_deed_of_the_speaker_no_job(text: str) -> None:
    assert not any(c[1] == "WORKS_AT" and not c[4] for c in claims(text))


def test_a_vehicle_told_first_then_stolen_is_ended() -> None:
    got = claims("我骑电动车上班。", "电动车被偷了，现在坐公交上班。")
    assert rel("user", "DRIVES", "电动车", negated=True) in got


@pytest.mark.parametrize("text", ["车里的包被偷了。", "车牌被偷了。", "车上的东西被偷了。", "我妈的电动车被偷了。"])
def test_a_theft_of_no_vehicle_of_the_users_claims_no_vehicle(text: str) -> None:
    assert not any(c[1] == "DRIVES" for c in claims("我骑电动车上班。", text) if c[4])



@pytest.mark.parametrize("lines,question,expect", [
    (["我是人民医院的护士。", "辞掉了护士的工作，去读了数据分析。", "刚拿到第一份数据分析师的工作，在美团！"], "我现在在哪工作？", "美团"),
    (["我在协和医院当护士。", "把护士的工作辞了，准备考研。"], "我现在还在协和医院上班吗？", "辞"),
], ids=["new-job-after-role-left", "role-left"])
def test_through_the_cli(lines, question, expect, tmp_path, monkeypatch) -> None:
    """Ingest and ``query --mode current_state`` (default offline embedder): on the code before,
    the line that left the role, resp. the old employer (L2's belief unchanged), came first."""
    from tests.retrieval.cli_scenarios import assert_first_finding, told

    assert_first_finding(told("jr", "zh", "job", lines, question, expect, months=2), tmp_path, monkeypatch)


@pytest.mark.parametrize("text", ["I quit my second job.", "I quit my side gig.", "I quit smoking."])
def test_another_job_or_habit_quit_leaves_the_held_employer(text: str) -> None:
    assert rel("user", "WORKS_AT", "mercy hospital", negated=True) not in claims("I work at Mercy Hospital.", text)
