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


def test_asked_as_of_an_earlier_date_a_belief_and_its_relation_are_as_they_stood_then(capsys, tmp_path):
    db = ingest_two_states(capsys, tmp_path, "My girlfriend Priya and I just celebrated two years together.",
                           "My fiancée Priya hasn't stopped staring at the ring on her finger since Saturday.",
                           old_at="2023-12-02T10:00:00Z", new_at="2024-06-15T10:00:00Z")
    then = ask_current_state(capsys, db, "What's my relationship status with Priya?", "2024-03-01T12:00:00Z")
    derived = [f["content"] for f in then["findings"] if f["layer"] == "l2"]
    assert derived, then["findings"]
    for text in derived:  # nothing told after that day: no later sighting, count, status or quote
        assert "ring" not in text and "2024-06-15" not in text, text
        assert "2 evidence" not in text and "seen 2x" not in text and "corroborated" not in text, text
    later = ask_current_state(capsys, db, "What's my relationship status with Priya?", "2024-09-01T12:00:00Z")
    assert any("seen 2x" in f["content"] or "2 evidence" in f["content"] for f in later["findings"]), later["findings"]
