"""An old statement and a later one (or any dated lines) as a JSONL chat file, and a
`current_state` question asked through the CLI as of a date: the shared steps of the
state-change CLI scenarios."""

from __future__ import annotations

import json
from pathlib import Path

from memory_core.cli.main import main


def write_two_states(path: Path, old: str, new: str, *, old_at: str, new_at: str) -> Path:
    rows = [{"type": "chat", "session_id": "a", "role": "user", "content": old,
             "occurred_at": old_at, "message_id": "old"},
            {"type": "chat", "session_id": "b", "role": "user", "content": new,
             "occurred_at": new_at, "message_id": "new"}]
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8")
    return path


def ask_current_state(capsys, db: str, question: str, now: str) -> dict:
    """`query --mode current_state --now NOW --json QUESTION`, its package as a dict."""
    assert main(["--db", db, "query", "--mode", "current_state", "--now", now, "--json", question]) == 0
    return json.loads(capsys.readouterr().out)


def ingest_two_states(capsys, tmp_path: Path, old: str, new: str, *, old_at: str = "2024-03-01T10:00:00Z",
                      new_at: str = "2025-03-01T10:00:00Z") -> str:
    """The two statements written and ingested through `magi-memory ingest` into a fresh store
    under ``tmp_path``; returns the store's path (the ingest's own output is discarded)."""
    db = str(tmp_path / "m.db")
    chat = write_two_states(tmp_path / "in.jsonl", old, new, old_at=old_at, new_at=new_at)
    assert main(["--db", db, "ingest", str(chat)]) == 0
    capsys.readouterr()
    return db


def ingest_lines(capsys, tmp_path: Path, rows: list[tuple[str, str]], *, one_session: bool = False) -> str:
    """Dated user lines ((ISO time, text), one session each, or all in one) ingested through
    `magi-memory ingest` into a fresh store under ``tmp_path``; returns the store's path."""
    chat = tmp_path / "in.jsonl"
    chat.write_text("\n".join(json.dumps({"type": "chat", "session_id": "s" if one_session else f"s{i}", "role": "user",
                                          "content": text,
                                          "occurred_at": at, "message_id": f"m{i}"}, ensure_ascii=False)
                              for i, (at, text) in enumerate(rows)) + "\n", encoding="utf-8")
    db = str(tmp_path / "m.db")
    assert main(["--db", db, "ingest", str(chat)]) == 0
    capsys.readouterr()
    return db
