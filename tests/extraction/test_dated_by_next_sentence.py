""""Signed the offer with Stripe! Start date is July 8.", "Ordered a Kia EV9! Delivery is on July 15.",
"I got the lab coordinator job at Genentech! First day is February 24.": a start told in one
sentence and dated in the next. The claim was a fact from the telling (the new job or car live at
once), and retrieval did not read "Start date is July 8." as a date ahead; now the claim is
scheduled from that date, and the line is a plan until it (``timeparse._FUTURE_MARK``)."""

from __future__ import annotations

from datetime import datetime

import pytest

from memory_core.extraction.future_starts import next_sentence_start
from memory_core.extraction.inputs import ExtractionInput
from memory_core.extraction.rule_extractor import RuleExtractor
from tests.retrieval.cli_scenarios import assert_first_finding, history

TOLD = datetime.fromisoformat("2024-05-02T10:00:00+00:00").timestamp()


def _out(text: str):
    return RuleExtractor().extract([ExtractionInput(event_id="e", content=text, occurred_at=TOLD)], [])


@pytest.mark.parametrize("text,obj,when", [
    ("Signed the offer with Stripe! Start date is July 8.", "stripe", "July 8"),
    ("Ordered a Kia EV9! Delivery is on July 15.", "kia ev9", "July 15"),
    ("I got the lab coordinator job at Genentech! First day is June 24.", "genentech", "June 24"),
])
def test_a_start_dated_in_the_next_sentence_is_scheduled(text: str, obj: str, when: str) -> None:
    out = _out(text)
    assert not [c for c in out.fact_claims if c.object == obj]
    assert {c.time_hint for c in out.scheduled_claims if c.object == obj} == {"from:" + when}


@pytest.mark.parametrize("text,obj", [
    ("I work at Stripe. Start date was July 8.", "stripe"),      # told as past
    ("Ordered a new laptop! Delivery is on July 15.", "laptop"),  # an order of a thing, not a car
    ("Signed the offer with Stripe! Can't wait.", "stripe"),    # no date
])
def test_no_date_ahead_leaves_the_claim_a_fact(text: str, obj: str) -> None:
    out = _out(text)
    assert [c for c in out.fact_claims if c.object == obj] and not out.scheduled_claims


def test_the_date_must_be_after_the_telling() -> None:
    told = "Signed with Stripe! Start date is July 8."
    assert next_sentence_start(told, 0, TOLD) == "from:July 8"
    assert next_sentence_start(told, told.index("July"), TOLD) is None  # the last sentence: none after it
    assert next_sentence_start("Signed with Stripe! I love July.", 0, TOLD) is None


def test_an_entry_time_is_no_employer() -> None:
    """入职时间是7月8号: 时间 was read as the company joined."""
    assert not [c for c in _out("拿到字节的offer了！入职时间是7月8号").fact_claims if c.predicate == "WORKS_AT"]


CASES = [
    history("nd-1", "en", "job", [("2024-01-10T10:00:00Z", "I work at Shopify on the payments team."),
                                  ("2024-05-02T10:00:00Z", "Signed the offer with Stripe! Start date is July 8.")],
            "Where do I work now?", "shopify", "2024-06-01T10:00:00Z"),
    history("nd-2", "en", "vehicle", [("2024-01-10T10:00:00Z", "My Mazda3 just hit 100k miles."),
                                      ("2024-05-02T10:00:00Z", "Ordered a Kia EV9! Delivery is on July 15.")],
            "What car do I drive?", "mazda", "2024-06-01T10:00:00Z"),
    history("nd-4", "en", "job", [("2024-01-10T10:00:00Z", "I work at Shopify on the payments team."),
                                  ("2024-05-02T10:00:00Z", "Signed the offer with Stripe! Start date is July 8.")],
            "Where do I work now?", "stripe", "2024-08-01T10:00:00Z"),
]


@pytest.mark.parametrize("data", CASES, ids=[c["scenarios"][0]["id"] for c in CASES])
def test_the_state_held_answers_until_the_day(data, tmp_path, monkeypatch) -> None:
    """Through ``magi-memory ingest`` and ``query``: nd-1 and nd-2 put the new job / car first
    before its day on the code before (nd-4, after the day, is a guard)."""
    assert_first_finding(data, tmp_path, monkeypatch)
