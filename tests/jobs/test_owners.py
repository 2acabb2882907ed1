"""Job ownership: a running job is reclaimed only when its owner process is gone."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from memory_core.jobs.owners import owner_alive, process_owner
from memory_core.l1.embedding_worker import EMBEDDING_QUEUE
from memory_core.l2.projection import PROJECTION_QUEUE
from tests.helpers import T0, chat, dead_owner


def test_owner_policy_needs_a_fresh_heartbeat_and_a_live_pid() -> None:
    now = 10_000.0
    me, host = os.getpid(), "here"
    assert owner_alive(me, host, now - 5, now=now, this_host=host)
    assert not owner_alive(me, host, now - 10_000, now=now, this_host=host), "stale heartbeat"
    assert not owner_alive(dead_owner().pid, host, now - 5, now=now, this_host=host), "exited pid"
    # another machine's pid cannot be checked here: the lease alone decides
    assert owner_alive(dead_owner().pid, "elsewhere", now - 5, now=now, this_host=host)
    assert not owner_alive(1234, "elsewhere", now - 10_000, now=now, this_host=host)


def _running(engine, queue) -> int:
    return queue.counts(engine.db.reader())["running"]


def test_a_second_engine_leaves_a_live_owners_jobs_alone(make_engine) -> None:
    engine = make_engine("owners.db", layers=("l2",))
    engine.ingest_payloads([chat("s", "user", f"I live in Shanghai {i}.", T0 + i, f"m{i}") for i in range(3)])
    with engine.db.write() as conn:
        claimed = PROJECTION_QUEUE.claim(conn, T0 + 10, 10)
    assert claimed and all(r["state"] == "pending" for r in claimed)  # rows as read before the claim
    assert engine.db.read_value("SELECT count(DISTINCT owner) FROM l2_projection_jobs WHERE state = 'running'") == 1
    other = make_engine("owners.db", layers=("l2",))  # e.g. the CLI's `stats` beside the app
    assert _running(other, PROJECTION_QUEUE) == len(claimed), "a live owner's jobs were reset"
    other.close()
    assert _running(engine, PROJECTION_QUEUE) == len(claimed), "closing another engine released them"
    engine.close()  # the last engine of this process on the store gives its jobs back
    third = make_engine("owners.db", layers=("l2",))
    assert _running(third, PROJECTION_QUEUE) == 0
    assert PROJECTION_QUEUE.counts(third.db.reader())["pending"] == len(claimed)


def test_a_dead_owners_jobs_are_reclaimed_and_its_row_forgotten(make_engine) -> None:
    engine = make_engine("dead.db", layers=())
    engine.ingest_payloads([chat("s", "user", "hello there", T0, "m1")])
    gone = dead_owner()
    with engine.db.write() as conn:
        assert EMBEDDING_QUEUE.claim(conn, T0 + 1, 10, owner=gone)
    engine.close()
    engine2 = make_engine("dead.db", layers=())
    assert _running(engine2, EMBEDDING_QUEUE) == 0
    row = engine2.db.read_one("SELECT state, owner, last_error FROM embedding_jobs")
    assert row["state"] == "pending" and row["owner"] is None
    assert row["last_error"] == "recovered after interruption"
    assert engine2.db.read_value("SELECT count(*) FROM job_owners WHERE owner = ?", (gone.token,)) == 0


def test_another_process_opening_the_store_does_not_reset_running_jobs(make_engine, tmp_path: Path) -> None:
    engine = make_engine("shared.db", layers=())
    engine.ingest_payloads([chat("s", "user", f"note {i}", T0 + i, f"m{i}") for i in range(5)])
    with engine.db.write() as conn:
        claimed = EMBEDDING_QUEUE.claim(conn, T0 + 10, 3)
    env = {**os.environ, "MAGI_EMBEDDING_PROVIDER": "hashing"}
    out = subprocess.run([sys.executable, "-m", "memory_core.cli.main", "--db", str(engine.db.path), "stats"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    rows = engine.db.read_all("SELECT state, owner FROM embedding_jobs WHERE job_id IN (%s)"
                              % ",".join(str(r["job_id"]) for r in claimed))
    assert [r["state"] for r in rows] == ["running"] * len(claimed)
    assert {r["owner"] for r in rows} == {process_owner().token}
    assert time.time() - engine.db.read_value("SELECT heartbeat_at FROM job_owners WHERE owner = ?",
                                             (process_owner().token,)) < 600
