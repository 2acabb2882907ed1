"""``magi-memory`` L2 commands on a small database (in-process, offline)."""

from __future__ import annotations

import json

import pytest

from memory_core.cli.main import main
from tests.l2.stories import MOVE


def _ingest(tmp_path, payloads):
    f = tmp_path / "in.jsonl"
    f.write_text("\n".join(json.dumps(p, ensure_ascii=False) for p in payloads), encoding="utf-8")
    db = str(tmp_path / "cli.db")
    assert main(["--db", db, "ingest", str(f)]) == 0
    return db


def test_l2_commands(tmp_path, capsys):
    db = _ingest(tmp_path, MOVE)
    capsys.readouterr()
    assert main(["--db", db, "entities", "--json"]) == 0
    names = {e["canonical_name"] for e in json.loads(capsys.readouterr().out)}
    assert {"shanghai", "jiaxing"} <= names
    assert main(["--db", db, "graph", "--all-statuses", "--json"]) == 0
    edges = {(e["object_name"], e["status"]) for e in json.loads(capsys.readouterr().out)}
    assert ("shanghai", "superseded") in edges and ("jiaxing", "active") in edges
    assert main(["--db", db, "assertions", "--history", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    jx = next(a for a in rows if a["value"] == "jiaxing")
    assert main(["--db", db, "l2", "chain", jx["assertion_id"]]) == 0
    out = capsys.readouterr().out
    assert out.index("shanghai") < out.index("jiaxing")
    assert main(["--db", db, "l2", "profile", "--as-of", "2024-05-07"]) == 0
    assert "shanghai" in capsys.readouterr().out
    assert main(["--db", db, "l2", "status", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["projection"]["done"] == 2
    assert main(["--db", db, "l2", "maintain", "--json"]) == 0
    capsys.readouterr()
    assert main(["--db", db, "l2", "delete-entity", "jiaxing", "--dry-run", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["edges"] == 1
    assert main(["--db", db, "review", "list"]) == 0
    with pytest.raises(SystemExit) as exc:
        main(["--db", db, "l2", "profile", "--as-of", "yesterday"])
    assert exc.value.code == 2
    assert "not an ISO date" in capsys.readouterr().err
