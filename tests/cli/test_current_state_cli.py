"""Through the CLI, as a user would: ingest an old state and a later change, ask `query --mode
current_state --now` after the change, and the first finding is the change — also for
wordings the rule extractor reads only partly (a pet's death by its name, a breakup, leaving one
employer for another, trading a car in), where the newer-state rule carries it; asked as of a
date before the change, the old state stands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_core.cli.main import main

SCENARIOS = [
    # (old statement, change, question, words the first finding must contain)
    ("My dog Pepper loves the beach.", "Pepper passed away on Sunday, the house is so quiet.",
     "Do I have a dog now?", "passed away"),
    ("我和男朋友阿杰去看展了。", "我和阿杰分手了，挺难过的。", "我现在有男朋友吗？", "分手"),
    ("I work as a pharmacist at Mercy Hospital.",
     "Big news: I left Mercy Hospital and started at Walgreens last week.", "Where do I work now?", "walgreens"),
    ("我开的是一辆大众朗逸。", "朗逸卖掉了，刚提了一辆比亚迪汉。", "我现在开什么车？", "比亚迪汉"),
]


def _jsonl(path: Path, old: str, new: str) -> Path:
    rows = [{"type": "chat", "session_id": "a", "role": "user", "content": old,
             "occurred_at": "2024-03-01T10:00:00Z", "message_id": "old"},
            {"type": "chat", "session_id": "b", "role": "user", "content": new,
             "occurred_at": "2025-03-01T10:00:00Z", "message_id": "new"}]
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8")
    return path


def _ask(capsys, db: str, question: str, now: str) -> dict:
    assert main(["--db", db, "query", "--mode", "current_state", "--now", now, "--json", question]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("old,new,question,expect", SCENARIOS, ids=[s[2][:20] for s in SCENARIOS])
def test_the_change_is_the_first_finding_after_it_and_absent_before(capsys, tmp_path, old, new, question, expect):
    db = str(tmp_path / "m.db")
    assert main(["--db", db, "ingest", str(_jsonl(tmp_path / "in.jsonl", old, new))]) == 0
    capsys.readouterr()
    after = _ask(capsys, db, question, "2025-06-01T12:00:00Z")
    first = after["findings"][0]
    assert expect in first["content"].lower(), [f["content"] for f in after["findings"]]
    before = _ask(capsys, db, question, "2024-06-01T12:00:00Z")
    assert not any(expect in f["content"].lower() for f in before["findings"])
    assert before["findings"], "the old state is what memory held then"
