"""Through the CLI: a pet asked about by its name alone ("is rocky still living with me?") is a
pet question, not one about where the user lives — its rehoming is the answer."""

from __future__ import annotations

from tests.cli.two_states import ask_current_state, ingest_two_states


def test_a_pet_asked_by_name(capsys, tmp_path):
    db = ingest_two_states(capsys, tmp_path, "my beagle Rocky lives with me in the flat, he howls every time the maid comes",
                           "rehomed my boy with my cousin in mysore today, new PG doesn't allow pets :(",
                           old_at="2023-08-01T10:00:00Z", new_at="2024-02-25T10:00:00Z")
    pkg = ask_current_state(capsys, db, "is rocky still living with me?", "2024-05-10T12:00:00Z")
    assert "rehomed" in pkg["findings"][0]["content"].lower(), [f["content"] for f in pkg["findings"]]
    before = ask_current_state(capsys, db, "is rocky still living with me?", "2023-12-01T12:00:00Z")
    assert "rocky" in before["findings"][0]["content"].lower(), [f["content"] for f in before["findings"]]
