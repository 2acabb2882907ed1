"""'This is wrong' on an assertion denies the edges it rests on everywhere, and undo restores
exactly what was there (issue 14, item 6) — in the API and through the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project

COLS = "status, valid_to, superseded_by, reason"


def _state(engine):
    return (engine.db.read_all(f"SELECT assertion_id, {COLS} FROM tom_trait_assertions ORDER BY assertion_id"),
            engine.db.read_all(f"SELECT triple_id, {COLS} FROM knowledge_graph ORDER BY triple_id"))


def test_deny_reaches_the_edge_and_undo_restores_every_row(l2_engine):
    l2_engine.ingest_payloads([chat("a", "user", "I live in Shanghai.", T0, "m1"),
                               chat("b", "user", "I moved to Jiaxing.", T0 + 30 * DAY, "m2")])
    project(l2_engine)
    svc = l2_engine.components["l2"]
    before = _state(l2_engine)
    [new] = [a for a in svc.assertions(svc.user_id()) if a.value == "jiaxing"]
    effect = svc.deny_assertion(new.assertion_id)
    assert effect["denied_edges"], "the mirrored LIVES_IN edge was left active"
    active = l2_engine.db.read_all("SELECT o.name_norm FROM knowledge_graph g JOIN entity_catalog o ON "
                                   "o.entity_id = g.object_id WHERE g.status = 'active' AND g.predicate = 'LIVES_IN'")
    assert [r["name_norm"] for r in active] == ["shanghai"]  # the predecessor is current again
    pkg = l2_engine.retrieval.query("Where do I live now?", "current_state", now=T0 + 31 * DAY)
    assert "jiaxing" not in " ".join(f.content.lower() for f in pkg.findings if f.layer == "l2")
    svc.undo_correction(effect["correction_id"])
    assert _state(l2_engine) == before
    try:
        svc.undo_correction(effect["correction_id"])
    except ValueError:
        pass
    else:
        raise AssertionError("a correction was undone twice")


def test_cli_deny_then_undo(tmp_path):
    env = {**os.environ, "MAGI_EMBEDDING_PROVIDER": "hashing"}
    db = tmp_path / "u.db"
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(chat("a", "user", "I work at Initech.", T0, "m1")) + "\n", encoding="utf-8")

    def cli(*args):
        out = subprocess.run([sys.executable, "-m", "memory_core.cli.main", "--db", str(db), *args],
                             capture_output=True, text=True, env=env, timeout=120)
        return out

    assert cli("ingest", str(src)).returncode == 0
    import apsw

    conn = apsw.Connection(str(db))
    aid = conn.execute("SELECT assertion_id FROM tom_trait_assertions WHERE trait = 'employer'").fetchone()[0]
    conn.close()
    denied = cli("l2", "deny", aid)
    assert denied.returncode == 0, denied.stderr
    effect = json.loads(denied.stdout)
    assert effect["denied_edges"]
    undone = cli("l2", "undo", str(effect["correction_id"]))
    assert undone.returncode == 0, undone.stderr
    conn = apsw.Connection(str(db))
    assert conn.execute("SELECT status FROM tom_trait_assertions WHERE assertion_id = ?", (aid,)).fetchone()[0] != \
        "user_denied"
    assert conn.execute("SELECT count(*) FROM knowledge_graph WHERE status = 'user_denied'").fetchone()[0] == 0
    again = cli("l2", "undo", str(effect["correction_id"]))
    assert again.returncode == 1 and "already undone" in again.stderr
