"""Stop 49: which family a question asks when it holds the words of several (issue 14); the
shorter name of a held value is in tests/l2/test_short_form.py.

Every example is written for these tests (none is taken from a scenario set)."""

from __future__ import annotations

import pytest

from memory_core.eval.state_changes import parse, run_one
from memory_core.policy import QueryMode
from memory_core.retrieval.intent import build_plan
from memory_core.retrieval.predicates import question_families, question_family
from tests.helpers import DAY, T0, chat


@pytest.mark.parametrize(("question", "families"), [
    # a job's words and a school's: the fixed order puts the school first, the model may choose
    ("do I still work at the college?", ["school", "work"]),
    ("我现在还在学校上班不", ["school", "work"]),
    # driving *for* someone is a job, whatever is driven
    ("which bus company do I drive for now?", ["work"]),
    ("who am I driving for these days?", ["work"]),
    ("我现在给哪家公司开车", ["work"]),
    # a car still named keeps the car
    ("what car do I drive for work?", ["vehicle", "work"]),
    ("what do I drive now?", ["vehicle"]),
    ("我现在开什么车", ["vehicle"]),
])
def test_every_family_a_question_names_in_order(question: str, families: list[str]) -> None:
    assert [f.name for f in question_families(question)] == families
    assert question_family(question).name == families[0]  # type: ignore[union-attr]
    plan = build_plan(question, mode=QueryMode.CURRENT_STATE, now=0.0)
    assert plan.predicate_family == families[0] and list(plan.predicate_families) == families


def _run(data: dict, tmp_path, monkeypatch):
    """One scenario through ``magi-memory ingest`` and ``query`` as the harness runs it, with the
    default offline embedder (e5 and the state-line model)."""
    monkeypatch.setenv("MAGI_EMBEDDING_PROVIDER", "offline")
    (scenario,) = parse(data)
    out = run_one(scenario, tmp_path)
    assert out.error is None
    return out


def _scenario(question: str) -> dict:
    return {"scenarios": [{
        "id": "s49-1", "lang": "en", "family": "employer", "question": question,
        "now": "2023-09-01T00:00:00Z", "expect": ["arriva"], "before": {"now": "2023-04-01T00:00:00Z", "expect": ["firstbus"]},
        "lines": [
            {"at": "2023-01-10T06:00:00Z", "text": "I drive the 42 for FirstBus out of Bramley depot, the early shifts are killing me"},
            {"at": "2023-03-02T18:00:00Z", "text": "what's a good flask that keeps tea hot for 8 hours"},
            {"at": "2023-06-15T18:00:00Z", "text": "Quit FirstBus and joined Arriva Yorkshire last month, the depot is nearer home"},
            {"at": "2023-07-01T18:00:00Z", "text": "recommend a podcast for long breaks"}]}]}


def test_a_question_about_whom_one_drives_for_is_answered_with_the_new_employer(tmp_path, monkeypatch) -> None:
    """Through the CLI as the scenario harness runs it, default offline embedder: read as a car
    question, the old line "I drive the 42 for FirstBus" came first after the change."""
    out = _run(_scenario("who am I driving for these days?"), tmp_path, monkeypatch)
    assert out.passed_before is True, out.first_before
    assert out.passed_after is True, out.first_after


def test_the_model_chooses_among_the_families_a_question_names(make_engine, monkeypatch) -> None:
    """A question with a school's and a job's words: the state-line model's reading of the
    question (e5's query side) picks the job, among the families the words named, and the
    trace says so; a question naming one family is never moved by it."""
    monkeypatch.setenv("MAGI_EMBEDDING_PROVIDER", "offline")
    engine = make_engine()
    engine.ingest_payloads([chat("s1", "user", "I lecture in chemistry at Leeds University, second year of it", T0, "m1")])
    pkg = engine.retrieval.query("am I still working at the university?", "current_state", now=T0 + DAY)
    plan = pkg.trace.to_json()["plan"]
    assert list(plan["predicate_families"]) == ["school", "work"]
    assert plan["predicate_family"] == "work"
    assert plan["predicate_family_from"]["among"] == ["school", "work"]
    assert plan["predicate_family_from"]["state_line_model"] >= 0.5
    pkg = engine.retrieval.query("where do I live now?", "current_state", now=T0 + DAY)
    plan = pkg.trace.to_json()["plan"]
    assert plan["predicate_family"] == "residence" and "predicate_family_from" not in plan


_COELIAC = {"scenarios": [{
    "id": "s49-3", "lang": "en", "family": "diet", "question": "what am I allowed to eat now?",
    "now": "2024-09-01T00:00:00Z", "expect": ["gluten"], "before": {"now": "2024-03-01T00:00:00Z", "expect": ["steak"]},
    "lines": [
        {"at": "2024-01-10T12:00:00Z", "text": "I'll eat anything me, nothing beats a rare steak and chips on a Friday"},
        {"at": "2024-02-02T12:00:00Z", "text": "what's the weather doing in Leeds tomorrow"},
        {"at": "2024-05-15T12:00:00Z", "text": "Bloods came back, I'm coeliac, so it's gluten free for me from now on. Gutted about the pies"},
        {"at": "2024-06-01T12:00:00Z", "text": "made a big lasagne for the kids tonight, they polished it off"},
        {"at": "2024-07-01T12:00:00Z", "text": "recommend a podcast for the commute"}]}]}


@pytest.mark.parametrize("question", ["what am I allowed to eat now?", "do I still eat bread?"])
def test_a_diet_question_the_rules_read_as_meals_eaten_is_answered_with_the_new_diet(
        question: str, tmp_path, monkeypatch) -> None:
    """The rules read these as questions about meals eaten (consumption), a family the
    state-line model has no state for; the model reads the diet from the question, and the
    change comes first, not the old "I'll eat anything" line (which the base answered)."""
    assert question_family(question).name == "consumption"  # type: ignore[union-attr]
    out = _run({"scenarios": [{**_COELIAC["scenarios"][0], "question": question}]}, tmp_path, monkeypatch)
    assert out.passed_before is True, out.first_before
    assert out.passed_after is True, out.first_after


def test_the_model_replaces_a_family_it_has_no_state_for(make_engine, monkeypatch) -> None:
    monkeypatch.setenv("MAGI_EMBEDDING_PROVIDER", "offline")
    engine = make_engine()
    engine.ingest_payloads([chat("s1", "user", "体检转氨酶高了，医生让我戒酒", T0, "m1")])
    pkg = engine.retrieval.query("我现在还喝不喝酒了", "current_state", now=T0 + DAY)
    plan = pkg.trace.to_json()["plan"]
    assert plan["predicate_family"] == "diet"
    assert plan["predicate_family_from"]["replaces"] == "consumption"
    # asked of another time (not current_state), the rules' family stands
    pkg = engine.retrieval.query("我现在还喝不喝酒了", "exact_fact", now=T0 + DAY)
    assert pkg.trace.to_json()["plan"]["predicate_family"] == "consumption"


@pytest.mark.parametrize("text", ["医生嘱咐戒酒，我从今天起滴酒不沾", "三个月没碰了，不喝酒了", "I've stopped drinking, six weeks sober"])
def test_drink_given_up_is_a_change_of_diet(text: str) -> None:
    from memory_core.retrieval.state_statement import change_at

    assert change_at(text, "diet") is not None


_FASTING_THEN_A_SCRIPT = {"scenarios": [{
    "id": "s49-4", "lang": "zh", "family": "diet", "question": "我现在吃饭是啥模式来着",
    "now": "2024-09-01T00:00:00Z", "expect": ["16:8"],
    "lines": [
        {"at": "2024-01-10T00:00:00Z", "text": "每天早上煎饼果子加两个蛋，晚上还吃夜宵，体重涨到八十五了"},
        {"at": "2024-03-02T00:00:00Z", "text": "开始16:8轻断食了，中午十二点到晚上八点吃，早上只喝黑咖啡"},
        {"at": "2024-05-15T00:00:00Z", "text": "帮我写个Excel公式，把A列里的逗号都换成分号"},
        {"at": "2024-06-01T00:00:00Z", "text": "推荐几部好看的悬疑剧"}]}]}


def test_a_change_word_in_a_line_with_no_word_of_the_family_the_model_reads_as_none_stays_down(
        tmp_path, monkeypatch) -> None:
    """换成 is a diet change word ("米饭换成糙米"); in a request for a spreadsheet formula it
    tells no diet, and the model reads the line as no state: the fasting line stays first."""
    out = _run(_FASTING_THEN_A_SCRIPT, tmp_path, monkeypatch)
    assert out.passed_after is True, out.first_after


@pytest.mark.parametrize(("question", "about_user"), [
    # written for this test: chat drops the auxiliary, asks "for me", or as the household
    ("what bike I got now?", True), ("which school im going to now", True), ("where'm i living these days", True),
    ("Who mi working fah now?", True), ("which firm I dey work now?", True), ("where's home for me at the moment?", True),
    ("where we livin these days?", True), ("btw我现在在哪个单位来着", True), ("我们现在住在哪个小区？", True),
    ("额现在在哪上班来着", True),
    # somebody else named or meant
    ("what did my mum say I should eat?", False), ("Does Pickles still live with me?", False),
    ("what's the deal with me and Tobias?", False), ("我们老板现在住哪", False), ("额…他搬走了吗", False),
])
def test_a_question_about_the_one_asking_without_the_auxiliary(question: str, about_user: bool) -> None:
    from memory_core.retrieval.subject import asks_about_user

    assert asks_about_user(question) is about_user
