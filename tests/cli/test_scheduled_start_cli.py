"""Through the CLI: a job or a home told ahead with a date ("I'm joining Hooli on January 6",
下个月搬到成都) is the state once the date has come, with nothing told again; asked between the
telling and the date, the old state is still the first finding."""

from __future__ import annotations

import pytest

from tests.cli.two_states import ask_current_state, ingest_lines, ingest_two_states

SCENARIOS = [
    # (old state, told 2024-11-02, the scheduled start, question, old words, new words, start)
    ("I work as a barista at Blue Bottle Coffee.", "I'm joining Hooli as a data analyst on January 6.",
     "Where do I work now?", "blue bottle", "hooli", "2025-01-06"),
    ("I live in Portland with two roommates.", "Moving to Denver next month, the lease is signed.",
     "Where do I live now?", "portland", "denver", "2024-12-01"),
    ("我在美团做运营。", "明年一月入职京东，做产品。", "我现在在哪里工作？", "美团", "京东", "2025-01-01"),
    ("我住在南京，离公司挺近。", "下个月搬到成都，房子已经租好了。", "我现在住在哪里？", "南京", "成都", "2024-12-01"),
]


@pytest.mark.parametrize("old,new,question,old_words,new_words,start", SCENARIOS,
                         ids=[s[2][:20] for s in SCENARIOS])
def test_scheduled_start_is_the_state_from_its_date(capsys, tmp_path, old, new, question, old_words,
                                                      new_words, start):
    db = ingest_two_states(capsys, tmp_path, old, new, old_at="2023-05-01T10:00:00Z", new_at="2024-11-02T10:00:00Z")
    after = ask_current_state(capsys, db, question, "2025-03-15T12:00:00Z")
    assert new_words in after["findings"][0]["content"].lower(), [f["content"] for f in after["findings"]]
    between = ask_current_state(capsys, db, question, "2024-11-20T12:00:00Z")
    first = between["findings"][0]["content"].lower()
    assert old_words in first and new_words not in first, [f["content"] for f in between["findings"]]


@pytest.mark.parametrize("old,plan,off,question,kept,called_off", [
    ("I work at Accenture.", "I'm starting at Google on April 1.", "Not joining Google after all, I'm staying at Accenture.",
     "Where do I work?", "accenture", "google"),
    ("I live in Denver.", "I'm moving to Seattle next month.", "The Seattle move fell through, we're staying in Denver.",
     "Where do I live?", "denver", "seattle"),
    ("我住在北京。", "下个月搬到上海。", "不搬了，还是留在北京。", "我住在哪？", "北京", "上海"),
])
@pytest.mark.parametrize("one_session", [False, True], ids=["sessions", "one-session"])
def test_a_start_called_off_before_its_date_never_becomes_the_state(capsys, tmp_path, old, plan, off, question,
                                                                    kept, called_off, one_session):
    # in one session the three lines are one L2 batch: the dated start is walked where it was told
    rows = [("2024-02-01T09:00:00Z", old), ("2025-03-02T09:00:00Z", plan), ("2025-03-20T09:00:00Z", off)]
    db = ingest_lines(capsys, tmp_path, rows, one_session=one_session)
    after = ask_current_state(capsys, db, question, "2025-06-01T12:00:00Z")
    first = after["findings"][0]["content"].lower()
    assert kept in first and called_off not in first, [f["content"] for f in after["findings"]]
