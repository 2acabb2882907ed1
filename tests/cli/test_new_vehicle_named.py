"""Through the CLI: a vehicle the user names later is the newer state though no change word is
said ("The Model 3 takes some getting used to"); one test-driven, borrowed or wished for is not."""

from __future__ import annotations

import pytest

from tests.cli.two_states import ask_current_state, ingest_two_states

OLD = "My Honda Civic needs new tires again, third set in four years."


@pytest.mark.parametrize("new,first", [
    ("I keep reaching for a gear stick that isn't there. The Model 3 takes some getting used to.", "model 3"),
    ("现在每天下班第一件事就是找充电桩，比亚迪海豹的续航比我想的要短一点", "海豹"),
    ("Test drove a Model Y this weekend, fun but pricey.", "civic"),
    ("I'm daydreaming about maybe getting a Ford F-150 someday.", "civic"),
], ids=["model-3", "zh-seal", "test-drive", "wish"])
def test_a_later_vehicle_of_the_users_own(capsys, tmp_path, new, first):
    db = ingest_two_states(capsys, tmp_path, OLD, new, old_at="2023-06-01T10:00:00Z", new_at="2024-01-15T10:00:00Z")
    pkg = ask_current_state(capsys, db, "What car am I driving now?", "2024-04-01T12:00:00Z")
    assert first in pkg["findings"][0]["content"].lower(), [f["content"] for f in pkg["findings"]]
