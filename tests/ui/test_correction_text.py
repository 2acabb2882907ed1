"""The words the inspector shows for "This is wrong": before (what a deny will do, including
the value it replaced coming back) and after (what it did)."""

from __future__ import annotations

from ui.correction_text import correction_summary, deny_preview, restored_by_deny

OLD = {"assertion_id": "a1", "trait": "employer", "value": "initech", "polarity": 1, "status": "superseded",
       "supersedes": None}
NEW = {"assertion_id": "a2", "trait": "employer", "value": "hooli", "polarity": 1, "status": "tentative",
       "supersedes": "a1"}


def test_the_preview_names_the_value_that_comes_back() -> None:
    text = deny_preview("assertion", NEW, [OLD, NEW])
    assert "“employer: hooli” wrong" in text and "“employer: initech”" in text and "current again" in text
    assert restored_by_deny(NEW, [OLD, NEW]) is OLD


def test_nothing_comes_back_for_a_first_value_or_an_ended_predecessor() -> None:
    assert "current again" not in deny_preview("assertion", OLD, [OLD, NEW])
    ended = {**OLD, "status": "user_denied"}
    assert restored_by_deny(NEW, [ended, NEW]) is None
    assert "edge" in deny_preview("edge", {"triple_id": "t"})


def test_the_summary_says_what_changed_and_what_undo_did() -> None:
    done = {"assertion_id": "a2", "restored": "a1", "denied_edges": ["t1"], "correction_id": 3}
    text = correction_summary(done, [OLD, NEW])
    assert text.startswith("Marked wrong: “employer: hooli”, and 1 edge(s)") and "Current again: “employer: initech”" in text
    undone = correction_summary({"undone": {"restored_assertions": ["a2", "a1"], "restored_edges": ["t1"]}})
    assert undone == "Undone: 2 assertion(s) and 1 edge(s) put back as they were."
    assert correction_summary(None) == ""
