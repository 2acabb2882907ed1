"""SIGKILL in the middle of a 10k-event ingest loses no committed event and leaves no
half-written row (the write runs in a subprocess that we kill)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from memory_core.config import MemoryConfig
from memory_core.engine import MemoryEngine

N_EVENTS = 10_000

CHILD = textwrap.dedent("""
    import json, os, sys
    from pathlib import Path
    from memory_core.config import MemoryConfig
    from memory_core.engine import MemoryEngine
    db, log_path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    payloads = [{"type": "chat", "session_id": f"s{i // 20}", "role": "user" if i % 2 == 0 else "assistant",
                 "content": f"event number {i}: 我今天用了空气炸锅 and went running", "occurred_at": 1715000000 + i,
                 "message_id": f"m{i}"} for i in range(n)]
    engine = MemoryEngine(db, config=MemoryConfig(data_dir=Path(db).parent), layers=())
    with open(log_path, "a", encoding="utf-8") as log:
        for start in range(0, n, 250):
            result = engine.l1.ingest_payloads(payloads[start:start + 250])
            # reported only after the commit returned: these must survive the kill
            log.write(json.dumps(result.event_ids) + "\\n")
            log.flush()
            os.fsync(log.fileno())
""")


def payload(i: int) -> dict:
    return {"type": "chat", "session_id": f"s{i // 20}", "role": "user" if i % 2 == 0 else "assistant",
            "content": f"event number {i}: 我今天用了空气炸锅 and went running", "occurred_at": 1715000000 + i,
            "message_id": f"m{i}"}


@pytest.mark.slow
def test_sigkill_mid_ingest_loses_no_committed_event(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    log_path = tmp_path / "committed.log"
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(script), str(db), str(log_path), str(N_EVENTS)],
                            cwd=Path(__file__).resolve().parents[2], env={**os.environ})
    deadline = time.time() + 120
    while time.time() < deadline:  # kill once a few batches are committed, mid-run
        if log_path.exists() and len(log_path.read_text().splitlines()) >= 8:
            break
        if proc.poll() is not None:
            pytest.fail(f"child exited early with {proc.returncode}")
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL

    committed = [eid for line in log_path.read_text().splitlines() if line.strip()
                 for eid in json.loads(line)]
    assert 0 < len(committed) < N_EVENTS

    engine = MemoryEngine(db, config=MemoryConfig(data_dir=tmp_path), layers=())
    try:
        conn = engine.db.reader()
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = {r[0] for r in conn.execute("SELECT event_id FROM fact_events")}
        assert set(committed) <= stored, "a committed event was lost"
        n = len(stored)
        # no half-written rows: every stored event has its FTS row and is owed its embedding
        # job (the worker writes it), and whole batches only (the transaction unit)
        assert conn.execute("SELECT count(*) FROM fact_events_fts").fetchone()[0] == n
        assert engine.backlog()["embedding_jobs"] == n
        assert n % 250 == 0
        assert conn.execute("SELECT sum(message_count) FROM chat_sessions").fetchone()[0] == n
        # restart: replaying everything adds exactly the missing rows, no duplicates
        result = engine.l1.ingest_payloads([payload(i) for i in range(N_EVENTS)])
        assert (result.ingested, result.duplicates) == (N_EVENTS - n, n)
        assert conn.execute("SELECT count(*) FROM fact_events").fetchone()[0] == N_EVENTS
        assert conn.execute("SELECT count(DISTINCT idempotency_key) FROM fact_events").fetchone()[0] == N_EVENTS
    finally:
        engine.close()
