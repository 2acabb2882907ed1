"""Derived layers after kill -9, and beside other processes, end exactly where a clean run ends.

Everything goes through the real command line — ``magi-memory ingest FILE`` (its bulk workers,
its ``run_until_idle``) — because that is what a user runs and what a kill interrupts:

* :func:`kill_and_resume`: for each phase (embedding, L2 projection, L3 summaries) start the
  ingest, watch the store from this process (read-only) until a job of that phase is *running* (or, when its claims are invisible, the queue is half done),
  SIGKILL the ingest, run the same command again, and compare the whole derived state
  (:mod:`.derived_state`) with an uninterrupted run over the same file;
* :func:`concurrent_opens`: while one ingest works through its backlog, other processes open
  the store again and again (``magi-memory stats``); no job may be claimed twice and the result
  must equal the clean run.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import apsw

from .derived_state import derived_state, diff_states
from .generator import generate
from .measure import remove_db

#: phase → (job table, what "inside that phase" means for a read-only observer)
PHASES: dict[str, str] = {
    "embedding": "embedding_jobs",
    "l2": "l2_projection_jobs",
    "l3": "summary_jobs",
}


def write_input(workdir: Path, events: int, seed: int) -> Path:
    path = workdir / f"derived-{events}-{seed}.jsonl"
    if not path.exists():
        with path.open("w", encoding="utf-8") as f:
            for p in generate(events, seed):
                f.write(json.dumps(p, ensure_ascii=False) + "\n")
    return path


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # the hashing embedder keeps the runs short; the scenario is about job bookkeeping, and the
    # bundled model's output is deterministic as well
    env.setdefault("MAGI_EMBEDDING_PROVIDER", "hashing")
    return env


def _cli(db: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "memory_core.cli.main", "--db", str(db), *args]


def ingest(db: Path, source: Path, *, timeout_s: float = 600.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_cli(db, "ingest", str(source)), capture_output=True, text=True, env=_env(),
                          timeout=timeout_s)


def _state(db: Path) -> dict[str, Any]:
    conn = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return derived_state(conn)
    finally:
        conn.close()


def _running(conn: apsw.Connection, table: str) -> int:
    try:
        return int(conn.execute(f"SELECT count(*) FROM {table} WHERE state = 'running'").fetchone()[0])
    except apsw.Error:  # not created yet (migrations still running) or locked for a moment
        return 0


def _midway(conn: apsw.Connection, table: str) -> int:
    """Jobs still pending once some are done: the phase is under way even when no claim is
    visible. The offline L2 projection claims its jobs inside one write transaction per run
    (``L2_OFFLINE_RUN_MAX_EVENTS``), so another connection never sees them 'running'; between
    two committed runs the queue is half done, and a kill then lands inside the phase."""
    try:
        done, pending = conn.execute(
            f"SELECT sum(state = 'done'), sum(state = 'pending') FROM {table}").fetchone()
    except apsw.Error:
        return 0
    return int(pending or 0) if done and pending else 0


def _kill_when(proc: subprocess.Popen[str], db: Path, condition: Callable[[apsw.Connection], bool],
               timeout_s: float) -> bool:
    """Poll the store until ``condition`` holds, then SIGKILL; False if the ingest ended first."""
    deadline = time.monotonic() + timeout_s
    conn: apsw.Connection | None = None
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            if conn is None and db.exists():
                try:
                    conn = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
                    conn.set_busy_timeout(50)
                except apsw.Error:
                    conn = None
            if conn is not None and condition(conn):
                proc.send_signal(signal.SIGKILL)
                proc.wait(timeout=60)
                return proc.returncode == -signal.SIGKILL
            time.sleep(0.003)
    finally:
        if conn is not None:
            conn.close()
    proc.wait(timeout=600)
    return False


def clean_run(workdir: Path, source: Path) -> tuple[dict[str, Any], float]:
    db = workdir / "clean.db"
    remove_db(db)
    t0 = time.perf_counter()
    done = ingest(db, source)
    if done.returncode != 0:
        raise RuntimeError(f"clean ingest failed: {done.stderr[-2000:]}")
    return _state(db), time.perf_counter() - t0


def kill_and_resume(workdir: Path, *, events: int = 1500, seed: int = 51,
                    phases: tuple[str, ...] = ("embedding", "l2", "l3"),
                    reference: dict[str, Any] | None = None) -> dict[str, Any]:
    source = write_input(workdir, events, seed)
    if reference is None:
        reference, clean_s = clean_run(workdir, source)
    else:
        clean_s = None
    out: dict[str, Any] = {"events": events, "clean_run_s": clean_s, "phases": {}}
    for phase in phases:
        table = PHASES[phase]
        db = workdir / f"killed-{phase}.db"
        remove_db(db)
        at_kill: dict[str, int] = {}

        def inside(conn: apsw.Connection, table: str = table) -> bool:
            n = _running(conn, table) or _midway(conn, table)
            if n:  # the phase's own count is the one seen; the others are read just after
                at_kill.update({t: _running(conn, t) for t in PHASES.values() if t != table})
                at_kill[table] = n
            return n > 0

        proc = subprocess.Popen(_cli(db, "ingest", str(source)), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, env=_env())
        killed = _kill_when(proc, db, inside, timeout_s=600.0)
        resumed = ingest(db, source)
        diff = diff_states(reference, _state(db))
        out["phases"][phase] = {"killed_inside_phase": killed, "running_at_kill": at_kill,
                                "resume_exit": resumed.returncode,
                                "resume_stderr_tail": resumed.stderr[-1500:],
                                "differences": diff, "equal_to_clean_run": not diff}
    return out


def concurrent_opens(workdir: Path, *, events: int = 1500, seed: int = 51,
                     reference: dict[str, Any] | None = None, max_opens: int = 6) -> dict[str, Any]:
    source = write_input(workdir, events, seed)
    if reference is None:
        reference, _ = clean_run(workdir, source)
    db = workdir / "shared.db"
    remove_db(db)
    proc = subprocess.Popen(_cli(db, "ingest", str(source)), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env=_env())
    opens, running_seen = 0, 0
    while proc.poll() is None and opens < max_opens:
        if db.exists():
            probe = subprocess.run(_cli(db, "stats", "--json"), capture_output=True, text=True, env=_env(),
                                   timeout=120)
            opens += probe.returncode == 0
            if probe.returncode == 0:
                try:
                    queues = json.loads(probe.stdout).get("queues", {})
                    running_seen += sum(int(q.get("running", 0)) for q in queues.values() if isinstance(q, dict))
                except (ValueError, AttributeError):
                    pass
        time.sleep(0.05)
    _, err = proc.communicate(timeout=600)
    conn = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        twice = conn.execute("SELECT count(*) FROM (SELECT event_id FROM l2_batch_events GROUP BY event_id "
                             "HAVING count(*) > 1)").fetchone()[0]
        recovered = conn.execute(
            "SELECT (SELECT count(*) FROM embedding_jobs WHERE last_error = 'recovered after interruption') + "
            "(SELECT count(*) FROM l2_projection_jobs WHERE last_error = 'recovered after interruption')"
        ).fetchone()[0]
    finally:
        conn.close()
    diff = diff_states(reference, _state(db))
    return {"events": events, "opens_during_work": opens, "ingest_exit": proc.returncode,
            "ingest_stderr_tail": (err or "")[-1500:], "running_jobs_seen_by_openers": running_seen,
            "events_projected_twice": twice, "jobs_reset_by_openers": recovered,
            "differences": diff, "equal_to_clean_run": not diff}
