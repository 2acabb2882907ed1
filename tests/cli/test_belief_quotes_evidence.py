"""Through the CLI: a belief's finding quotes the user's own words it rests on — the newest
statement told by the question's ``now``, from the clause that names it."""

from __future__ import annotations

from tests.cli.two_states import ask_current_state, ingest_two_states


def test_a_belief_quotes_the_words_told_by_the_questions_now(capsys, tmp_path):
    db = ingest_two_states(capsys, tmp_path, "My boyfriend Marcus and I have been together two years.",
                           "Marcus proposed on New Year's Eve, we're engaged!",
                           old_at="2023-07-04T10:00:00Z", new_at="2024-01-02T10:00:00Z")
    before = ask_current_state(capsys, db, "Who is my partner?", "2023-09-01T12:00:00Z")
    beliefs = [f["content"] for f in before["findings"] if f["content"].startswith(("partner:", "spouse:"))]
    assert beliefs and 'evidence: "My boyfriend Marcus' in beliefs[0], before["findings"]
    assert all("engaged" not in b for b in beliefs)  # not told yet on that day
