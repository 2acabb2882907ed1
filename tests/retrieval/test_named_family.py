"""The state family of a current_state question that names only the thing
(``retrieval/named_family``): read from the user's best-matching own lines."""

from __future__ import annotations

from memory_core.retrieval.named_family import HeadLine, family_of_named_thing, families_spoken_of


def _user(text: str) -> HeadLine:
    return HeadLine(text, "user")


def test_a_job_named_by_its_company():
    head = [_user("Morning. Safaricom call centre shift starts 7am, need a quick breakfast idea"),
            _user("Went to Naivasha with the girls this weekend")]
    found = family_of_named_thing(["still", "safaricom"], head)
    assert found is not None and (found.family, found.line, found.named) == ("work", 0, "safaricom")


def test_a_pet_named_by_its_name_and_in_chinese_a_company():
    head = [_user("Clover (our lop rabbit) chewed through the lamp cord AGAIN")]
    assert family_of_named_thing(["still", "clover"], head).family == "pet"
    head = [_user("字节这边今天又加班到十点 累死")]
    assert family_of_named_thing(["字节", "干吗"], head).family == "work"


def test_somebody_elses_line_a_question_or_the_assistant_tells_nothing():
    for line in (HeadLine("Clover the rabbit is doing great", "user", "Jolene"),
                 HeadLine("A rabbit like Clover needs hay", "assistant"),
                 _user("should I get Clover a second rabbit?")):
        assert family_of_named_thing(["clover"], [line]) is None


def test_a_line_on_someone_elses_state_tells_nothing():
    head = [_user("老张血糖高，给他做啥菜好"), _user("最近跟公园跳舞认识的老张处上对象了")]
    found = family_of_named_thing(["老张"], head)
    assert found is not None and (found.family, found.line) == ("relationship", 1)


def test_no_shared_content_word_no_family():
    # "still" names no topic: a line sharing only it says nothing of what was asked
    head = [_user("still on night shift at the warehouse")]
    assert family_of_named_thing(["still", "safaricom"], head) is None


def test_a_line_of_several_families_is_no_guess():
    line = "moved to Leeds for the new job at Asda"
    assert len(families_spoken_of(line)) > 1
    assert family_of_named_thing(["leeds"], [_user(line)]) is None


def test_only_the_first_lines_are_read():
    head = [_user("x"), _user("y"), _user("z"), _user("Safaricom shift starts at 7")]
    assert family_of_named_thing(["safaricom"], head, lines=3) is None
    assert family_of_named_thing(["safaricom"], head, lines=4).family == "work"


def _chat_history(make_engine, *lines: tuple[str, int, str]):
    """An engine holding the user's ``lines`` (text, day, source id), every layer drained, and
    the event id of each source id."""
    from tests.helpers import DAY, T0, chat
    engine = make_engine()
    engine.ingest_payloads([chat(f"m{i}", "user", text, T0 + d * DAY, key) for i, (text, d, key) in enumerate(lines)])
    engine.run_until_idle()
    return engine, {e.source_item_id: e.event_id for e in engine.list_events(limit=100)}


def test_the_end_of_a_job_answers_a_question_naming_only_the_company(make_engine):
    """End to end: "am I still at Safaricom?" holds no word of work; the company's line tells the
    family, and the later last day (no company named) comes first, with the family's source in
    the trace."""
    from tests.helpers import DAY, T0
    engine, ids = _chat_history(
        make_engine,
        ("Morning. Safaricom call centre shift starts 7am, need a quick breakfast idea", 0, "old"),
        ("How do I calculate my NSSF deductions from gross pay?", 30, "ask"),
        ("Today was my last day. Cleared my desk, returned the headset. Jobless for now", 130, "end"),
        ("Went to Naivasha with the girls this weekend, so nice", 170, "trip"))
    pkg = engine.retrieval.query("am I still at Safaricom?", "current_state", now=T0 + 180 * DAY)
    assert pkg.findings[0].event_id == ids["end"], [f.content for f in pkg.findings]
    plan = pkg.trace.to_json()["plan"]
    assert plan["predicate_family"] == "work"
    assert plan["predicate_family_from"] == {"event_id": ids["old"], "named": "safaricom"}
    # asked before the last day, the job stands
    pkg = engine.retrieval.query("am I still at Safaricom?", "current_state", now=T0 + 60 * DAY)
    assert pkg.findings[0].event_id == ids["old"]


def test_a_household_question_lowers_a_relatives_news(make_engine):
    """"what pets are in the house now?" names nobody: the household's state, so a sister's
    puppy is her news, and the user's later pets answer."""
    from tests.helpers import DAY, T0
    engine, ids = _chat_history(
        make_engine,
        ("Nugget the hamster escaped AGAIN and we found him in the dishwasher", 0, "old"),
        ("compromise reached: two guinea pigs from the shelter, Salt and Pepper", 200, "new"),
        ("my sister is getting a puppy and now the kids want one too. absolutely not", 260, "sister"))
    pkg = engine.retrieval.query("what pets are in the house now?", "current_state", now=T0 + 300 * DAY)
    order = [f.event_id for f in pkg.findings]
    assert ids["sister"] not in order[:1] and order.index(ids["new"]) < order.index(ids["sister"]), \
        [f.content for f in pkg.findings]
