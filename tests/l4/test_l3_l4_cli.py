"""The L3/L4 sub-commands end to end on a temporary database (system clock, offline)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from memory_core.cli.main import main


def _write_jsonl(path: Path) -> None:
    now = time.time()
    rows = []
    for i in range(12):
        rows.append({"source_type": "browser", "source_item_id": f"v{i}", "occurred_at": now - 3000 + i * 60,
                     "activity": {"source_code": "browser", "action_code": "visit_page", "object_code": "page"},
                     "provenance": {"title": f"sqlite wal {i}", "url": f"https://sqlite.org/{i}"}})
    rows.append({"type": "chat", "session_id": "s", "role": "user", "content": "Export my notes to PDF",
                 "occurred_at": now - 90, "message_id": "u1"})
    for k in range(3):
        rows.append({"type": "chat", "session_id": "s", "role": "tool", "tool_name": "pdf_export",
                     "success": False, "duration_ms": 30000, "input": "notes.md",
                     "output": "Error: timeout", "content": "pdf_export failed",
                     "occurred_at": now - 60 + k, "message_id": f"t{k}"})
    rows.append({"type": "chat", "session_id": "s", "role": "assistant", "content": "Export failed.",
                 "occurred_at": now - 30, "message_id": "a1"})
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")


def test_cli_summaries_skills_and_check_skill(tmp_path: Path, capsys) -> None:
    db, src = str(tmp_path / "cli.db"), tmp_path / "in.jsonl"
    _write_jsonl(src)
    assert main(["--db", db, "ingest", str(src)]) == 0
    capsys.readouterr()
    assert main(["--db", db, "summarize", "--now", "--granularity", "hour", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["job"]["state"] == "done"
    sid = next(s["summary_id"] for s in out["summaries"] if s["summary_type"] == "temporal")
    assert main(["--db", db, "summaries", sid, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["producer"] == "extractive" and len(shown["events"]) == len(shown["source_event_ids"])
    assert main(["--db", db, "summaries", "--type", "insight"]) == 0
    assert "task_reflection" in capsys.readouterr().out
    with pytest.raises(SystemExit) as bad:  # argparse names the bad value
        main(["--db", db, "summaries", "--granularity", "fortnight"])
    assert bad.value.code == 2 and "fortnight" in capsys.readouterr().err
    assert main(["--db", db, "skills", "--json"]) == 0
    skills = json.loads(capsys.readouterr().out)
    assert skills[0]["tool_name"] == "pdf_export" and skills[0]["breaker_state"] == "open"
    assert main(["--db", db, "check-skill", "pdf_export"]) == 3  # refused while open
    text = capsys.readouterr().out
    assert text.startswith("REFUSED") and "success rate 0%" in text
    assert main(["--db", db, "check-skill", "never_used"]) == 0
    assert main(["--db", db, "skills", skills[0]["skill_id"]]) == 0
    assert "FAIL" in capsys.readouterr().out
    assert main(["--db", db, "summary-jobs"]) == 0
    assert "no failed jobs" in capsys.readouterr().out
