"""The CLI interfaces other checks rely on: ingest / events / stats / delete."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from memory_core.cli.main import main
from tests.helpers import T0, chat, netease


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def jsonl(tmp_path: Path) -> Path:
    f = tmp_path / "in.jsonl"
    rows = [chat("s1", "user", "我喜欢喝咖啡", T0, "m1"),
            chat("s1", "assistant", "咖啡很好！你喜欢什么口味？", T0 + 1, "m2"),
            netease("n1", T0 + 2)]
    f.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8")
    return f


def test_ingest_twice_and_counts(capsys, tmp_path: Path, jsonl: Path) -> None:
    db = str(tmp_path / "m.db")
    code, out, _ = run(capsys, "--db", db, "ingest", str(jsonl))
    assert code == 0 and "ingested: 3  duplicates: 0  rejected: 0" in out
    code, out, _ = run(capsys, "--db", db, "ingest", str(jsonl))
    assert code == 0 and "ingested: 0  duplicates: 3  rejected: 0" in out
    code, out, _ = run(capsys, "--db", db, "stats", "--json")
    stats = json.loads(out)
    assert stats["fact_events"] == 3 and stats["l1"]["fact_events"] == 3
    assert stats["l1"]["embedding_state"] == {"done": 3}  # ingest runs derived work by default


def test_rejected_lines_are_reported_with_line_and_field(capsys, tmp_path: Path) -> None:
    f = tmp_path / "bad.jsonl"
    bad = netease("n2", T0)
    bad["activity"]["action_code"] = 7
    f.write_text("\n".join([json.dumps(chat("s", "user", "fine line of text", T0, "a")),
                            json.dumps(bad), "", "[1,2"]) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "--db", str(tmp_path / "m.db"), "ingest", str(f))
    assert code == 1
    assert "ingested: 1  duplicates: 0  rejected: 2" in out
    assert "line 2: rejected: field 'activity.action_code'" in err
    assert "line 4: rejected: field '<json>'" in err


def test_events_json_fields_and_filters(capsys, tmp_path: Path, jsonl: Path) -> None:
    db = str(tmp_path / "m.db")
    run(capsys, "--db", db, "ingest", str(jsonl))
    code, out, _ = run(capsys, "--db", db, "events", "--json")
    events = json.loads(out)
    assert code == 0 and len(events) == 3
    for key in ("event_id", "content", "occurred_at", "author_type", "evidence_class", "l1_retrieval_scope"):
        assert all(key in e for e in events), key
    by_author = {e["author_type"]: e for e in events}
    assert by_author["assistant"]["l1_retrieval_scope"] == "conversation_only"
    assert by_author["user"]["evidence_class"] == "user_self_report"
    code, out, _ = run(capsys, "events", "--json", "--source", "netease_music", "--limit", "5", "--db", db)
    assert [e["source"] for e in json.loads(out)] == ["netease_music"]
    code, out, _ = run(capsys, "--db", db, "events", "--limit", "1")
    assert len(out.strip().splitlines()) == 1


def test_delete_with_preview(capsys, tmp_path: Path, jsonl: Path) -> None:
    db = str(tmp_path / "m.db")
    run(capsys, "--db", db, "ingest", str(jsonl))
    events = json.loads(run(capsys, "--db", db, "events", "--json")[1])
    target = next(e["event_id"] for e in events if e["author_type"] == "user")
    code, out, _ = run(capsys, "--db", db, "delete", target, "--dry-run", "--json")
    preview = json.loads(out)
    assert code == 0 and preview["applied"] is False and preview["layers"]["l1"]["fact_events"] == 1
    assert json.loads(run(capsys, "--db", db, "stats", "--json")[1])["fact_events"] == 3
    code, out, _ = run(capsys, "--db", db, "delete", target)
    assert code == 0 and "deleted 1 event(s)" in out
    assert json.loads(run(capsys, "--db", db, "stats", "--json")[1])["fact_events"] == 2
    code, _, err = run(capsys, "--db", db, "delete", "01NOPE")
    assert code == 1 and "not found: 01NOPE" in err


def test_console_script_entry_point(tmp_path: Path, jsonl: Path) -> None:
    """The installed `magi-memory` script works as a separate process."""
    exe = Path(sys.executable).with_name("magi-memory")
    if not exe.exists():
        pytest.skip("magi-memory console script not installed in this environment")
    proc = subprocess.run([str(exe), "--db", str(tmp_path / "p.db"), "ingest", str(jsonl), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["ingested"] == 3
