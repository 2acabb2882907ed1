"""Dated future starts of a job, school or home become claims from that date; plans without a
date, wishes, conditions, negations and questions stay no claim."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memory_core.extraction.inputs import ExtractionInput, LiveTrait
from memory_core.extraction.rule_extractor import RuleExtractor
from memory_core.extraction.future_starts import scheduled_start
from memory_core.retrieval.timeparse import find_future_time, resolve_future_start

TOLD = datetime(2024, 11, 6, 9, tzinfo=timezone.utc).timestamp()  # a Wednesday


def _claims(text: str) -> list[tuple[str, str, str | None, str | None]]:
    out = RuleExtractor().extract([ExtractionInput(event_id="e1", content=text, occurred_at=TOLD)], [])
    return [(c.predicate, c.object, c.trait, c.time_hint) for c in out.all_claims if not c.negated]


@pytest.mark.parametrize("text,predicate,obj,expr", [
    ("Starting at Initech as a QA lead in February.", "WORKS_AT", "initech", "in February"),
    ("I start at Globex next Monday.", "WORKS_AT", "globex", "next Monday"),
    ("I'll be joining Umbrella Labs on January 13.", "WORKS_AT", "umbrella labs", "January 13"),
    ("Moving to Tucson next month, finally.", "MOVED_TO", "tucson", "next month"),
    ("I'll start grad school at Rice University next fall.", "STUDIES_AT", "rice university", "next fall"),
    ("下周一去网易报到。", "WORKS_AT", "网易", "下周一"),
    ("下个月搬到厦门。", "MOVED_TO", "厦门", "下个月"),
    ("明年二月入职小米。", "WORKS_AT", "小米", "明年二月"),
    ("下学期去浙大读研。", "STUDIES_AT", "浙大", "下学期"),
])
def test_dated_start_is_a_claim_with_its_time(text, predicate, obj, expr):
    claims = _claims(text)
    assert (predicate, obj, None, "from:" + expr) in claims, claims
    assert any(c[0] == predicate and c[2] is not None and c[3] == "from:" + expr for c in claims), claims


@pytest.mark.parametrize("text", [
    "If I moved to Tucson I'd be happier.",
    "I might join Globex next year.",
    "I'm not starting at Initech in February.",
    "Am I starting at Globex next week?",
    "I'm moving to Tucson someday.",
    "Maybe I'll start at Globex soon.",
    "My sister is moving to Tucson next month.",
    "如果下个月搬到厦门就好了。",
    "我可能明年入职小米。",
    "我下周一不去网易报到了。",
    "以后想搬到厦门。",
])
def test_no_claim_from_wishes_conditions_negations_questions_or_vague_times(text):
    assert not [c for c in _claims(text) if c[0] in ("WORKS_AT", "MOVED_TO", "STUDIES_AT", "LIVES_IN")], text


def _day(ts: float | None) -> str | None:
    return None if ts is None else datetime.fromtimestamp(ts, timezone.utc).date().isoformat()


@pytest.mark.parametrize("expr,day", [
    ("in February", "2025-02-01"), ("in December", "2024-12-01"), ("next Monday", "2024-11-11"),
    ("January 13", "2025-01-13"), ("next month", "2024-12-01"), ("in two weeks", "2024-11-20"),
    ("next fall", "2025-09-01"), ("下周一", "2024-11-11"), ("下个月", "2024-12-01"),
    ("明年二月", "2025-02-01"), ("下学期", "2025-03-01"), ("12月1号", "2024-12-01"), ("3天后", "2024-11-09"),
])
def test_time_expressions_resolve_forward_from_the_telling(expr, day):
    assert _day(resolve_future_start(expr, TOLD)) == day


def test_scheduled_start_only_for_a_later_resolvable_date():
    assert _day(scheduled_start("from:next month", TOLD)) == "2024-12-01"
    assert scheduled_start("from:someday", TOLD) is None
    assert scheduled_start("from:in November", TOLD) is None  # already begun: the telling stands
    assert scheduled_start("last week", TOLD) is None
    assert scheduled_start(None, TOLD) is None


def test_a_move_named_as_a_noun_with_its_date_is_scheduled():
    # "the move to Austin is next week": the speaker's own move; another person's is not read
    assert ("MOVED_TO", "austin", "residence", "from:next week") in _claims("Packing boxes, the move to Austin is next week.")
    assert ("MOVED_TO", "portland", "residence", "from:in March") in _claims("The big move to Portland happens in March!")
    assert not _claims("My sister's move to Austin is next week.")
    assert not _claims("The move to Austin was a nightmare.")  # no date ahead: told, not scheduled


def test_a_taken_offer_with_its_start_date_is_scheduled_and_an_offer_alone_is_not():
    assert ("WORKS_AT", "google", "employer", "from:May 1") in _claims("I accepted an offer from Google, starting May 1.")
    assert not _claims("I got an offer from Google, starting May 1.")
    # the clauses split the company from the date: read over the whole sentence
    assert ("WORKS_AT", "网易", "employer", "from:下个月") in _claims("拿到了网易的offer，下个月入职。")
    assert not _claims("在等网易的offer，下个月入职。")
    assert not _claims("如果拿到offer下个月就入职。")


def test_a_chinese_season_is_a_date_ahead_and_a_past_one_is_not():
    assert ("STUDIES_AT", "哥大", "school", "from:今年秋天") in _claims("今年秋天去哥大读研。")
    assert ("MOVED_TO", "成都", "residence", "from:明年春天") in _claims("明年春天搬到成都。")
    # told, not planned: a past season or a past verb schedules nothing
    assert not any(h and h.startswith("from:") for *_, h in _claims("去年秋天去了哥大读研。"))
    assert not any(h and h.startswith("from:") for *_, h in _claims("秋天去了哥大读研。"))


def test_an_end_in_the_same_sentence_does_not_end_the_start_still_ahead():
    # 本科毕业了 ends the school held before, not the school the sentence schedules
    out = RuleExtractor().extract([ExtractionInput("e0", "我在人大读本科。", occurred_at=TOLD - 86400),
                                   ExtractionInput("e1", "本科毕业了，秋天去哥大读研。", occurred_at=TOLD)], [])
    found = {(c.object, c.negated, c.time_hint) for c in out.all_claims if c.kind == "trait"}
    assert ("哥大", False, "from:秋天") in found and ("人大", True, None) in found
    assert ("哥大", True, None) not in found


def _later_claims(text: str, *ahead: tuple[str, str, str]) -> set[tuple]:
    """Claims of ``text`` told when the store holds starts ahead ((trait, value, type), beginning
    ten days after the telling) and nothing else."""
    live = [LiveTrait(t, v, ty, TOLD + 10 * 86400) for t, v, ty in ahead]
    out = RuleExtractor().extract([ExtractionInput(event_id="e1", content=text, occurred_at=TOLD)], [], live)
    return {(c.predicate, c.object, c.kind, c.negated) for c in out.all_claims}


def test_a_start_held_ahead_is_called_off_by_name_or_by_the_move_alone():
    google = ("employer", "google", "organization")
    seattle = ("residence", "seattle", "place")
    assert ("WORKS_AT", "google", "trait", True) in _later_claims("Not joining Google after all.", google)
    assert ("WORKS_AT", "google", "trait", True) in _later_claims("The Google offer fell through.", google)
    assert ("LIVES_IN", "seattle", "trait", True) in _later_claims("The Seattle move fell through.", seattle)
    assert ("LIVES_IN", "seattle", "trait", True) in _later_claims("We decided not to move to Seattle.", seattle)
    assert ("LIVES_IN", "seattle", "trait", True) in _later_claims("The move is off, we're staying put.", seattle)
    assert ("LIVES_IN", "上海", "trait", True) in _later_claims("不搬了，还是留在北京。", ("residence", "上海", "place"))
    # no start held ahead, or another one: a plan never held is not called off
    assert not _later_claims("I'm not moving to Boston after all.")
    assert not _later_claims("I'm not moving to Boston after all.", seattle)
    assert not _later_claims("不搬了。")


@pytest.mark.parametrize("text,obj,expr", [
    ("Signed a lease on a one-bedroom in Pasadena, moving in next weekend.", "pasadena", "next weekend"),
    ("We closed on a house in Raleigh and move in on Friday.", "raleigh", "on Friday"),
    ("在无锡租了套房子，下周搬进去。", "无锡", "下周"),
    ("在佛山买了房，这周末搬过去。", "佛山", "这周末"),
])
def test_a_home_taken_with_a_dated_move_in_is_the_home_from_then(text, obj, expr):
    assert ("MOVED_TO", obj, None, "from:" + expr) in _claims(text), _claims(text)


@pytest.mark.parametrize("text", [
    "We bought a house in Raleigh, we might move in next year.",  # a guess
    "Bought a condo in Tampa as a rental next month.",  # no move in
    "我姐在无锡租了套房子，下周搬进去。",  # someone else's
])
def test_a_home_bought_without_the_speakers_dated_move_in_is_no_start(text):
    assert not any(p == "MOVED_TO" for p, *_ in _claims(text)), _claims(text)


def test_a_weekend_is_read_as_the_coming_saturday():
    told = datetime(2024, 11, 6, 9, tzinfo=timezone.utc).timestamp()  # Wednesday
    saturday = datetime(2024, 11, 9, tzinfo=timezone.utc).timestamp()
    assert resolve_future_start("this weekend", told) == saturday
    assert resolve_future_start("这周末", told) == saturday
    assert resolve_future_start("next weekend", told) == saturday + 7 * 86400
    on_sunday = datetime(2024, 11, 10, 9, tzinfo=timezone.utc).timestamp()
    assert resolve_future_start("this weekend", on_sunday) == datetime(2024, 11, 10, tzinfo=timezone.utc).timestamp()


def test_the_end_of_the_month_is_its_last_day():
    told = datetime(2024, 11, 6, 9, tzinfo=timezone.utc).timestamp()
    assert resolve_future_start("at the end of the month", told) == datetime(2024, 11, 30, tzinfo=timezone.utc).timestamp()
    assert resolve_future_start("月底", told) == datetime(2024, 11, 30, tzinfo=timezone.utc).timestamp()
    # 下个月底 is next month's end, not the 月底 inside it
    assert find_future_time("下个月底搬去珠海").expression == "下个月底"
    assert resolve_future_start("下个月底", told) == datetime(2024, 12, 31, tzinfo=timezone.utc).timestamp()
    assert ("MOVED_TO", "vancouver", None, "from:at the end of the month") in _claims(
        "We're relocating to Vancouver at the end of the month.")


def test_a_dated_move_after_so_or_suoyi_is_the_speakers():
    """The reason first, the move after 'so' / 所以 (dev20): still the speaker's dated move; someone
    else's move ('My sister is moving…') stays theirs and unclaimed."""
    from tests.extraction.claim_sets import claims, trait

    assert trait("user", "MOVED_TO", "seattle") in claims(
        "My wife got a job at Boeing so we're relocating to Seattle next month.")
    assert trait("user", "MOVED_TO", "东莞") in claims("我老公调到了华为，所以我们下个月搬去东莞。")
    assert not any(c[0] == "user" for c in claims("My sister is moving to Denver next month."))
