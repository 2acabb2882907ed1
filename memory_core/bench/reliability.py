"""Reliability scenarios: crash, replay, provider faults, concurrency, deletion, file privacy.

Every scenario returns the figures it measured (counts, not verdicts); the quick tests under
``tests/reliability/`` run each once on a small corpus and assert on those figures, and
``magi-memory bench reliability`` repeats them at full size (``--kills`` SIGKILL cycles of a
10k-event ingest) and writes ``reliability.json`` / ``reliability.md``.

The deletion audit is deliberately generic: after deleting events it scans *every* table of the
database — whatever layers are installed — for the deleted event ids, their seqs in
``*event_seq`` columns, and a marker phrase that only the deleted events contained, plus every
FTS5 index for the marker, the vec0 tables for the event's chunk ids, and finally the raw bytes
of the database file. A layer that forgets to register a deletion participant shows up here
without anyone updating this file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import signal
import stat
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import apsw
import numpy as np

from ..clock import FakeClock
from ..config import MemoryConfig
from ..policy import INGEST_BATCH_SIZE, JOB_BACKOFF_MAX_S, JOB_MAX_ATTEMPTS
from .generator import generate
from .measure import DB_FILE_SUFFIXES, remove_db

#: tables whose job is to remember *that* something was deleted (ids / hashes, never content)
DELETION_BOOKKEEPING = ("deletion_log", "deletion_tombstones")


def open_engine(db: Path, *, clock: Any = None, layers: Sequence[str] | None = None,
                providers: Any = None):
    from ..engine import MemoryEngine

    config = MemoryConfig(data_dir=db.parent)
    if layers is None and os.environ.get("MAGI_BENCH_LAYERS") is not None:
        layers = [x for x in os.environ["MAGI_BENCH_LAYERS"].split(",") if x]
    if layers is not None:
        config.layers = tuple(layers)
    return MemoryEngine(db, config=config, clock=clock, providers=providers, max_threads=2)


def item_id(payload: dict[str, Any]) -> str:
    """The ``source_item_id`` the store keeps for a generated payload."""
    return payload.get("message_id") or payload["source_item_id"]


# -- L1 audit ---------------------------------------------------------------------------------------


def audit_l1(db: Any) -> dict[str, Any]:
    """Structural invariants of L1 after a crash or a run (see the module docstring)."""
    conn = db.writer
    q = lambda sql: conn.execute(sql).fetchone()[0]  # noqa: E731
    out = {
        "events": q("SELECT count(*) FROM fact_events"),
        "distinct_keys": q("SELECT count(DISTINCT source || char(31) || event_type || char(31) || "
                           "idempotency_key) FROM fact_events"),
        "fts_rows": q("SELECT count(*) FROM fact_events_fts"),
        "fts_orphans": q("SELECT count(*) FROM fact_events_fts f WHERE NOT EXISTS "
                         "(SELECT 1 FROM fact_events e WHERE e.seq = f.rowid)"),
        # an event has its job, or is owed one (above the active space's cursor: migration 0011)
        "events_without_job": q("SELECT count(*) FROM fact_events e WHERE e.seq <= coalesce((SELECT "
                                "c.event_seq FROM embedding_cursor c JOIN embedding_spaces s ON "
                                "s.space_id = c.space_id WHERE s.active = 1), 0) AND NOT EXISTS (SELECT 1 "
                                "FROM embedding_jobs j WHERE j.target_kind = 'event' AND j.target_id = e.event_id)"),
        "events_owed_job": q("SELECT count(*) FROM fact_events WHERE seq > coalesce((SELECT c.event_seq "
                             "FROM embedding_cursor c JOIN embedding_spaces s ON s.space_id = c.space_id "
                             "WHERE s.active = 1), 0)"),
        "jobs_without_event": q("SELECT count(*) FROM embedding_jobs j WHERE j.target_kind = 'event' AND "
                                "NOT EXISTS (SELECT 1 FROM fact_events e WHERE e.event_id = j.target_id)"),
        "running_jobs": q("SELECT count(*) FROM embedding_jobs WHERE state = 'running'"),
        "chunks": q("SELECT count(*) FROM event_chunks"),
        "chunks_without_event": q("SELECT count(*) FROM event_chunks c WHERE NOT EXISTS "
                                  "(SELECT 1 FROM fact_events e WHERE e.seq = c.event_seq)"),
        "integrity_check": q("PRAGMA integrity_check"),
    }
    vec = 0
    for (sid,) in conn.execute("SELECT space_id FROM embedding_spaces"):
        vec += q(f"SELECT count(*) FROM vec_chunks_{int(sid)}")
    out["vectors"] = vec
    try:
        conn.execute("INSERT INTO fact_events_fts(fact_events_fts, rank) VALUES ('integrity-check', 0)")
        out["fts_integrity"] = "ok"
    except apsw.Error as exc:
        out["fts_integrity"] = f"{type(exc).__name__}: {exc}"
    return out


def l1_ok(a: dict[str, Any]) -> bool:
    return (a["events"] == a["distinct_keys"] == a["fts_rows"] and a["fts_orphans"] == 0
            and a["events_without_job"] == 0 and a["jobs_without_event"] == 0
            and a["chunks_without_event"] == 0 and a["integrity_check"] == "ok"
            and a["fts_integrity"] == "ok")


# -- SIGKILL ----------------------------------------------------------------------------------------


def _child(mode: str, db: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "memory_core.bench.crash_child", mode, "--db", str(db),
                             *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            bufsize=1)


def _kill_after(proc: subprocess.Popen[str], lines_before_kill: int, delay_s: float,
                timeout_s: float = 300.0, *, cycle_fraction: float | None = None) -> list[str]:
    """Read progress lines; after ``lines_before_kill`` of them wait ``delay_s`` and SIGKILL.

    ``cycle_fraction``: wait that fraction of the time between the last two progress lines
    instead. A fixed delay lands in a different phase of the child's cycle on a loaded machine
    (at load 6 every kill of the embedding child fell inside its claim transaction, before any
    job was marked running); a fraction of the measured cycle lands in the same phase at any
    speed."""
    assert proc.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + timeout_s
    ready = proc.stdout.readline()
    if not ready.startswith("ready"):
        proc.kill()
        raise RuntimeError(f"child did not start: {ready!r} {proc.stderr.read() if proc.stderr else ''}")
    seen: list[float] = []
    while len(lines) < lines_before_kill and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        seen.append(time.monotonic())
        lines.append(line.strip())
    if cycle_fraction is not None and len(seen) >= 2:
        delay_s = cycle_fraction * (seen[-1] - seen[-2])
    time.sleep(delay_s)
    proc.send_signal(signal.SIGKILL)
    rest, _ = proc.communicate(timeout=60)
    lines.extend(x.strip() for x in rest.splitlines() if x.strip())
    return [x for x in lines if x and x not in ("finished", "no-l2")]


def kill_during_ingest(workdir: Path, *, events: int = 10_000, seed: int = 42,
                       rng: random.Random | None = None, batch: int = INGEST_BATCH_SIZE,
                       name: str = "kill-ingest") -> dict[str, Any]:
    """SIGKILL a child mid-ingest, audit, then let a second child finish the same input."""
    rng = rng or random.Random(seed)
    db = workdir / f"{name}.db"
    remove_db(db)
    n_batches = -(-events // batch)
    kill_at = rng.randint(1, max(1, n_batches - 2))
    delay = rng.uniform(0.0, 0.06)  # a batch takes ~40-60 ms: most kills land inside one
    proc = _child("ingest", db, "--events", str(events), "--seed", str(seed), "--batch", str(batch))
    lines = _kill_after(proc, kill_at, delay)
    killed = proc.returncode == -signal.SIGKILL
    committed = [int(x.split()[1]) for x in lines if x.startswith("committed")]
    payloads = generate(events, seed)
    batches = [[item_id(p) for p in payloads[i:i + batch]] for i in range(0, events, batch)]
    committed_ids = {i for b in committed for i in batches[b]}

    engine = open_engine(db)
    try:
        present = {r[0] for r in engine.db.reader().execute("SELECT source_item_id FROM fact_events")}
        after_kill = audit_l1(engine.db)
    finally:
        engine.close()
    lost = len(committed_ids - present)
    # whole batches only: what is present must be exactly the first k batches for some k
    k = len(committed)
    whole = any(present == {i for b in batches[:m] for i in b} for m in (k, k + 1))
    # restart: the same input again, to completion
    proc2 = _child("ingest", db, "--events", str(events), "--seed", str(seed), "--batch", str(batch))
    out2, err2 = proc2.communicate(timeout=600)
    redo = [x.split() for x in out2.splitlines() if x.startswith("committed")]
    engine = open_engine(db)
    try:
        final = audit_l1(engine.db)
    finally:
        engine.close()
    return {
        "killed_by_sigkill": killed, "kill_after_batches": kill_at, "kill_delay_ms": round(delay * 1000, 1),
        "committed_batches_reported": k, "committed_events_reported": len(committed_ids),
        "present_after_kill": len(present), "lost_committed": lost,
        "in_flight_batch_committed": len(present) > len(committed_ids),
        "whole_batches_only": whole, "audit_after_kill": after_kill, "l1_ok_after_kill": l1_ok(after_kill),
        "restart_exit": proc2.returncode, "restart_stderr_tail": err2[-500:] if proc2.returncode else "",
        "restart_ingested": sum(int(x[2]) for x in redo), "restart_duplicates": sum(int(x[3]) for x in redo),
        "final_events": final["events"], "final_audit": final, "l1_ok_final": l1_ok(final),
        "expected_events": events,
    }


def kill_during_embedding(workdir: Path, *, events: int = 3000, seed: int = 43,
                          rng: random.Random | None = None) -> dict[str, Any]:
    """SIGKILL the embedding worker mid-drain; the restart recovers its jobs and finishes."""
    rng = rng or random.Random(seed)
    db = workdir / "kill-embed.db"
    remove_db(db)
    engine = open_engine(db)
    try:
        engine.ingest_payloads(generate(events, seed))
    finally:
        engine.close()
    proc = _child("embed", db)
    # the hashing embedder's runs are 256 texts (HASHING_EMBED_BATCH): a few runs in, not a dozen
    # mid-cycle: a run is claim (short transaction), embed (most of the cycle), store
    lines = _kill_after(proc, rng.randint(2, 4), 0.02, cycle_fraction=rng.uniform(0.3, 0.6))
    done_before = sum(int(x.split()[1]) for x in lines if x.startswith("done"))
    probe = apsw.Connection(str(db))
    running_at_kill = probe.execute("SELECT count(*) FROM embedding_jobs WHERE state = 'running'").fetchone()[0]
    probe.close()
    engine = open_engine(db)
    try:
        after_restart = audit_l1(engine.db)
        while engine.embedding_worker.run_once():
            pass
        final = audit_l1(engine.db)
        conn = engine.db.reader()
        states = dict(conn.execute("SELECT embedding_state, count(*) FROM fact_events GROUP BY 1"))
        job_states = dict(conn.execute("SELECT state, count(*) FROM embedding_jobs WHERE target_kind = 'event' "
                                       "GROUP BY 1"))
        other_jobs = dict(conn.execute("SELECT state, count(*) FROM embedding_jobs WHERE target_kind != 'event' "
                                       "GROUP BY 1"))
        dup_chunks = conn.execute("SELECT count(*) FROM (SELECT event_seq, space_id, chunk_index FROM "
                                  "event_chunks GROUP BY 1, 2, 3 HAVING count(*) > 1)").fetchone()[0]
        no_chunk = conn.execute("SELECT count(*) FROM fact_events e WHERE NOT EXISTS "
                                "(SELECT 1 FROM event_chunks c WHERE c.event_seq = e.seq)").fetchone()[0]
    finally:
        engine.close()
    return {"killed_by_sigkill": proc.returncode == -signal.SIGKILL, "jobs_done_before_kill": done_before,
            "running_jobs_at_kill": running_at_kill, "running_after_restart": after_restart["running_jobs"],
            "final_audit": final, "l1_ok_final": l1_ok(final), "embedding_states": states,
            "job_states": job_states, "other_kind_job_states": other_jobs, "duplicate_chunks": dup_chunks, "events_without_chunks": no_chunk,
            "vectors_equal_chunks": final["vectors"] == final["chunks"]}


def kill_during_l2(workdir: Path, *, events: int = 600, seed: int = 44,
                   rng: random.Random | None = None, per_batch: bool = True) -> dict[str, Any]:
    """SIGKILL the L2 projection worker mid-run; the restart recovers stuck jobs and completes.

    ``per_batch``: the path with an LLM tier (claim committed, then plan, then apply: a kill
    in between leaves ``running`` jobs for the restart to recover). Otherwise the offline runs
    (claims, batches and their completion in one transaction): a kill leaves no ``running``
    job, and every batch is all there or not at all (``done_without_batch``,
    ``batch_without_done``)."""
    rng = rng or random.Random(seed)
    db = workdir / "kill-l2.db"
    remove_db(db)
    engine = open_engine(db)
    try:
        if "l2_projection_jobs" not in _tables(engine.db.writer) or not any(
                w.name.startswith("l2") for w in engine.workers):
            return {"skipped": "L2 projection worker is not installed"}
        engine.ingest_payloads(generate(events, seed))
        pending = engine.db.read_value("SELECT count(*) FROM l2_projection_jobs")
    finally:
        engine.close()
    proc = _child("l2", db, *(("--l2-per-batch",) if per_batch else ()))
    lines = (_kill_after(proc, rng.randint(1, 4), rng.uniform(0.0, 0.05)) if per_batch
             else _kill_after(proc, rng.randint(1, 3), rng.uniform(0.0, 0.4)))  # offline runs last ~0.5 s
    probe = apsw.Connection(str(db))
    running_at_kill = probe.execute("SELECT count(*) FROM l2_projection_jobs WHERE state = 'running'").fetchone()[0]
    done_at_kill = probe.execute("SELECT count(*) FROM l2_projection_jobs WHERE state = 'done'").fetchone()[0]
    done_without_batch = probe.execute(
        "SELECT count(*) FROM l2_projection_jobs j WHERE j.state = 'done' AND NOT EXISTS "
        "(SELECT 1 FROM l2_batch_events b WHERE b.event_id = j.event_id)").fetchone()[0]
    batch_without_done = probe.execute(
        "SELECT count(*) FROM l2_batch_events b JOIN l2_projection_jobs j ON j.event_id = b.event_id "
        "WHERE j.state != 'done'").fetchone()[0]
    probe.close()
    engine = open_engine(db)
    try:
        conn = engine.db.reader()
        running_after_restart = conn.execute(
            "SELECT count(*) FROM l2_projection_jobs WHERE state = 'running'").fetchone()[0]
        engine.run_until_idle()
        states = dict(conn.execute("SELECT state, count(*) FROM l2_projection_jobs GROUP BY 1"))
        failed_without_error = conn.execute(
            "SELECT count(*) FROM l2_projection_jobs WHERE state = 'failed' AND last_error IS NULL").fetchone()[0]
        final = audit_l1(engine.db)
    finally:
        engine.close()
    return {"killed_by_sigkill": proc.returncode == -signal.SIGKILL, "jobs_enqueued": pending,
            "steps_done_before_kill": len(lines), "running_at_kill": running_at_kill,
            "done_at_kill": done_at_kill, "reported_done_at_kill": sum(
                int(x.split()[1]) for x in lines if x.startswith("done")),
            "done_without_batch": done_without_batch, "batch_without_done": batch_without_done,
            "running_after_restart": running_after_restart, "final_job_states": states,
            "failed_without_error": failed_without_error, "l1_ok_final": l1_ok(final)}


# -- replay -----------------------------------------------------------------------------------------


def replay_export(workdir: Path, *, events: int = 5000, seed: int = 45, delete: int = 25) -> dict[str, Any]:
    """Ingest an export (JSONL), replay it whole: 0 new rows; delete some, replay: still 0."""
    db = workdir / "replay.db"
    export = workdir / "export.jsonl"
    remove_db(db)
    payloads = generate(events, seed)
    with open(export, "w", encoding="utf-8") as fh:
        for p in payloads:
            fh.write(json.dumps(p, ensure_ascii=False) + "\n")
    engine = open_engine(db)
    try:
        first = engine.ingest_jsonl(export).result
        count1 = engine.l1.count()
        second = engine.ingest_jsonl(export).result
        count2 = engine.l1.count()
        victims = [r[0] for r in engine.db.reader().execute(
            "SELECT event_id FROM fact_events ORDER BY seq LIMIT ?", (delete,))]
        engine.delete_events(victims)
        third = engine.ingest_jsonl(export).result
        count3 = engine.l1.count()
        app_export = _app_export_roundtrip(engine, workdir)
        audit = audit_l1(engine.db)
    finally:
        engine.close()
    return {"events": events, "first_ingested": first.ingested, "replay_new_rows": count2 - count1,
            "replay_duplicates": second.duplicates, "deleted": len(victims),
            "replay_after_delete_new_rows": count3 - (count1 - len(victims)),
            "replay_after_delete_suppressed": third.suppressed, "app_export": app_export,
            "l1_ok": l1_ok(audit)}


def _app_export_roundtrip(engine: Any, workdir: Path) -> dict[str, Any]:
    """The desktop app's own export (``magi_desktop.memory_export``): replayed into the same
    memory it adds 0 rows; into a fresh one it recreates every event and keeps deleted ones out."""
    try:
        from magi_desktop.memory_export import export_memory, import_memory
    except ImportError as exc:  # the desktop package (PySide6) is optional for the engine
        return {"skipped": f"magi_desktop.memory_export unavailable: {exc}"}
    path = workdir / "app-export.json"
    exported = export_memory(engine, path)
    before = engine.l1.count()
    same = import_memory(engine, path)
    same_new = engine.l1.count() - before
    fresh_db = workdir / "replay-fresh.db"
    remove_db(fresh_db)
    fresh = open_engine(fresh_db)
    try:
        into_fresh = import_memory(fresh, path)
        fresh_count = fresh.l1.count()
        again = import_memory(fresh, path)
    finally:
        fresh.close()
    return {"exported_events": exported["events"], "tombstones": exported["tombstones"],
            "same_memory_new_rows": same_new, "same_memory_duplicates": same["duplicates"],
            "same_memory_rejected": len(same["rejected"]), "fresh_ingested": into_fresh["ingested"],
            "fresh_count": fresh_count, "fresh_reclassified": into_fresh["reclassified"],
            "fresh_replay_new_rows": again["ingested"]}


# -- provider faults --------------------------------------------------------------------------------


class FaultyEmbedder:
    """An embedder double that fails the way real providers do."""

    uses_network = True

    def __init__(self, inner: Any, fault: str) -> None:
        self.inner, self.fault = inner, fault
        self.model_id, self.dim = inner.model_id, inner.dim
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        if self.fault == "timeout":
            raise TimeoutError("embedding request timed out after 30 s")
        if self.fault == "http_5xx":
            raise ConnectionError("HTTP 503 Service Unavailable from embedding endpoint")
        if self.fault == "garbage_shape":
            return np.zeros((max(0, len(texts) - 1), self.dim + 3), dtype=np.float32)
        if self.fault == "garbage_nan":
            return np.full((len(texts), self.dim), np.nan, dtype=np.float32)
        raise ValueError(self.fault)


FAULTS = ("timeout", "http_5xx", "garbage_shape", "garbage_nan")


def provider_faults(workdir: Path, *, events: int = 200, seed: int = 46,
                    faults: Sequence[str] = FAULTS) -> dict[str, Any]:
    """Each fault: L1 unchanged, jobs retried with backoff, then failed visibly; recovery works."""
    out: dict[str, Any] = {}
    for fault in faults:
        db = workdir / f"fault-{fault}.db"
        remove_db(db)
        clock = FakeClock(1_700_000_000.0)
        engine = open_engine(db, clock=clock)
        try:
            engine.ingest_payloads(generate(events, seed))
            conn = engine.db.reader()
            digest = _l1_digest(conn)
            good = engine.embedding_worker.embedder
            bad = FaultyEmbedder(good, fault)
            engine.embedding_worker.embedder = bad
            attempts_seen: set[int] = set()
            rounds = 0
            while rounds < 200:
                rounds += 1
                engine.embedding_worker.run_once()
                attempts_seen |= {r[0] for r in conn.execute("SELECT DISTINCT attempts FROM embedding_jobs")}
                if not conn.execute("SELECT count(*) FROM embedding_jobs WHERE state IN ('pending','running')"
                                    ).fetchone()[0]:
                    break
                clock.advance(JOB_BACKOFF_MAX_S * 1.6)
            jobs = dict(conn.execute("SELECT state, count(*) FROM embedding_jobs GROUP BY 1"))
            states = dict(conn.execute("SELECT embedding_state, count(*) FROM fact_events GROUP BY 1"))
            errors = [r[0] for r in conn.execute("SELECT DISTINCT last_error FROM embedding_jobs LIMIT 3")]
            max_attempts = conn.execute("SELECT max(attempts) FROM embedding_jobs").fetchone()[0]
            nan_vectors = 0
            space = engine.l1.space_id
            for (blob,) in conn.execute(f"SELECT embedding FROM vec_chunks_{space}"):
                if not np.isfinite(np.frombuffer(blob, dtype=np.float32)).all():
                    nan_vectors += 1
            intact = _l1_digest(conn) == digest
            fts_works = bool(conn.execute("SELECT count(*) FROM fact_events_fts WHERE fact_events_fts "
                                          "MATCH 'git OR browser'").fetchone()[0])
            stats_failed = engine.stats()["queues"]["embedding_jobs"]["failed"]
            # the provider comes back: retrying the failed jobs embeds everything
            engine.embedding_worker.embedder = good
            with engine.db.write() as w:
                from ..l1.embedding_worker import EMBEDDING_QUEUE

                EMBEDDING_QUEUE.retry_failed(w, clock.now())
            while engine.embedding_worker.run_once():
                pass
            recovered = dict(conn.execute("SELECT embedding_state, count(*) FROM fact_events GROUP BY 1"))
            out[fault] = {"provider_calls": bad.calls, "attempt_values_seen": sorted(attempts_seen),
                          "max_attempts": max_attempts, "job_states": jobs, "event_embedding_states": states,
                          "last_errors": errors, "stats_failed": stats_failed, "l1_intact": intact,
                          "fts_works": fts_works, "nan_vectors_stored": nan_vectors,
                          "after_recovery": recovered, "l1_ok": l1_ok(audit_l1(engine.db))}
        finally:
            engine.close()
    return out


HTTP_FAULTS = ("http_500", "timeout", "malformed", "rate_limited")


def provider_faults_http(workdir: Path, *, events: int = 120, seed: int = 46,
                         faults: Sequence[str] = HTTP_FAULTS) -> dict[str, Any]:
    """The real OpenAI-compatible embedder (httpx, retries, breaker, ledger) against the
    providers' fake server on 127.0.0.1, scripted to fail; then the server recovers."""
    from ..config import ProviderSettings
    from ..l1.embedding_worker import EMBEDDING_QUEUE
    from ..providers.factory import build_providers
    from ..providers.resilience import ResiliencePolicy
    from ..providers.testing import FakeProviderServer, Reply

    policy = ResiliencePolicy(timeout_s=0.2, max_retries=1, backoff_base_s=0.0, backoff_max_s=0.0,
                              retry_after_max_s=0.0, breaker_failures=1000, breaker_cooldown_s=0.0)
    replies = {"http_500": lambda: Reply.server_error(500), "timeout": lambda: Reply.timeout(0.6),
               "malformed": Reply.malformed, "rate_limited": lambda: Reply.rate_limited(retry_after=0.0)}
    out: dict[str, Any] = {}
    for fault in faults:
        db = workdir / f"http-fault-{fault}.db"
        remove_db(db)
        with FakeProviderServer("openai", default_dim=64) as server:
            server.responder = lambda endpoint, body, f=fault: replies[f]() if endpoint == "embed" else None
            config = MemoryConfig(data_dir=workdir, providers=ProviderSettings(
                chat_provider="offline", embedding_provider="openai_compat",
                openai_base_url=server.base_url, embedding_model="bge-m3", embedding_dim=64))
            providers = build_providers(config, policy=policy, sleep=lambda _s: None, use_keyring=False)
            clock = FakeClock(1_700_000_000.0)
            engine = open_engine(db, clock=clock, providers=providers)
            try:
                engine.ingest_payloads(generate(events, seed))
                conn = engine.db.reader()
                digest = _l1_digest(conn)
                attempts_seen: set[int] = set()
                for _ in range(100):
                    engine.embedding_worker.run_once()
                    attempts_seen |= {r[0] for r in conn.execute(
                        "SELECT DISTINCT attempts FROM embedding_jobs WHERE target_kind = 'event'")}
                    if not conn.execute("SELECT count(*) FROM embedding_jobs WHERE target_kind = 'event' "
                                        "AND state IN ('pending','running')").fetchone()[0]:
                        break
                    clock.advance(JOB_BACKOFF_MAX_S * 1.6)
                jobs = dict(conn.execute("SELECT state, count(*) FROM embedding_jobs WHERE target_kind = "
                                         "'event' GROUP BY 1"))
                errors = [r[0] for r in conn.execute(
                    "SELECT DISTINCT last_error FROM embedding_jobs WHERE state = 'failed' LIMIT 2")]
                ledger = dict(conn.execute("SELECT outcome, count(*) FROM provider_calls WHERE kind = 'embed' "
                                           "GROUP BY 1")) if "provider_calls" in _tables(conn) else {}
                requests = len(server.requests_for("embed"))
                intact = _l1_digest(conn) == digest
                server.responder = None  # the provider is back
                with engine.db.write() as w:
                    EMBEDDING_QUEUE.retry_failed(w, clock.now())
                while engine.embedding_worker.run_once():
                    pass
                recovered = dict(conn.execute("SELECT embedding_state, count(*) FROM fact_events GROUP BY 1"))
                out[fault] = {"http_requests": requests, "attempt_values_seen": sorted(attempts_seen),
                              "job_states": jobs, "last_errors": errors, "ledger_outcomes": ledger,
                              "l1_intact": intact, "after_recovery": recovered,
                              "l1_ok": l1_ok(audit_l1(engine.db))}
            finally:
                engine.close()
    return out


def _l1_digest(conn: apsw.Connection) -> str:
    h = hashlib.sha256()
    for row in conn.execute("SELECT seq, event_id, content, evidence_class, l1_retrieval_scope, metadata_json "
                            "FROM fact_events ORDER BY seq"):
        h.update(repr(row).encode())
    return h.hexdigest()


# -- concurrency ------------------------------------------------------------------------------------


def concurrent_readers(workdir: Path, *, events: int = 5000, readers: int = 3, seed: int = 47,
                       batch: int = 100) -> dict[str, Any]:
    """Reader threads query while one writer ingests: no errors, counts never go backwards."""
    db = workdir / "concurrent.db"
    remove_db(db)
    engine = open_engine(db)
    payloads = generate(events, seed)
    stop = threading.Event()
    errors: list[str] = []
    reads = [0] * readers
    regressions = [0] * readers
    queries = [0] * readers
    now = payloads[-1]["occurred_at"] + 3600

    def reader(i: int) -> None:
        last = 0
        conn = engine.db.reader()
        use_retrieval = engine.retrieval is not None
        while not stop.is_set():
            try:
                n = conn.execute("SELECT count(*) FROM fact_events").fetchone()[0]
                if n < last:
                    regressions[i] += 1
                last = n
                conn.execute("SELECT rowid FROM fact_events_fts WHERE fact_events_fts MATCH 'git OR 咖啡' "
                             "ORDER BY rank LIMIT 20").fetchall()
                engine.list_events(limit=20)
                if use_retrieval and reads[i] % 10 == 0:
                    try:
                        engine.retrieval.query("what did I buy for the kitchen?", "exact_fact", now=now)
                        queries[i] += 1
                    except NotImplementedError:
                        use_retrieval = False
                reads[i] += 1
            except Exception as exc:  # noqa: BLE001 - counted: the point is that there are none
                errors.append(f"reader {i}: {type(exc).__name__}: {exc}")
                time.sleep(0.01)

    threads = [threading.Thread(target=reader, args=(i,), daemon=True) for i in range(readers)]
    try:
        for t in threads:
            t.start()
        t0 = time.perf_counter()
        ingested = 0
        for i in range(0, events, batch):
            ingested += engine.ingest_payloads(payloads[i:i + batch]).ingested
        write_s = time.perf_counter() - t0
        stop.set()
        for t in threads:
            t.join(timeout=30)
        final = engine.l1.count()
    finally:
        stop.set()
        engine.close()
    return {"events": events, "ingested": ingested, "final_count": final, "write_seconds": round(write_s, 2),
            "reader_threads": readers, "reads": sum(reads), "retrieval_queries": sum(queries),
            "errors": len(errors), "first_errors": errors[:3], "count_regressions": sum(regressions)}


# -- deletion audit ---------------------------------------------------------------------------------

MARKER_EN = "zorblaxian"
MARKER_ZH = "钜鑫琉璃盏"


def _tables(conn: apsw.Connection) -> dict[str, str]:
    return {name: sql or "" for name, sql in conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table'")}


def _columns(conn: apsw.Connection, table: str) -> list[tuple[str, str]]:
    return [(r[1], (r[2] or "").upper()) for r in conn.execute(f"PRAGMA table_info(\"{table}\")")]


def _is_shadow(name: str, tables: dict[str, str]) -> bool:
    """FTS5 / vec0 shadow tables (their owner virtual table is checked through its own API)."""
    return any(name != v and name.startswith(v + "_") and "VIRTUAL" in sql.upper()
               for v, sql in tables.items())


def deletion_audit(workdir: Path, *, events: int = 1500, seed: int = 48, victims: int = 6) -> dict[str, Any]:
    """Delete the events that mention a marker; then look for any trace of them anywhere."""
    db = workdir / "deletion.db"
    remove_db(db)
    # the corpus ends just before "now", so L3's sliding windows (hour/day/week, relative to the
    # clock) summarise the victims and the audit covers summaries too
    from .generator import EVENTS_PER_DAY, MemoryGenerator

    start = time.time() - (events / EVENTS_PER_DAY) * 86400.0 - 7200.0
    payloads = list(MemoryGenerator(seed, start=start).payloads(events))
    t = min(payloads[-1]["occurred_at"], time.time() - 7200.0)
    marked = []
    for i in range(victims):
        zh = i % 2 == 1
        text = (f"我昨天在嘉兴买了一个{MARKER_ZH}，很喜欢。" if zh else
                f"I just bought a {MARKER_EN} espresso grinder in Jiaxing and I love it.")
        marked.append({"type": "chat", "session_id": f"sess-victim-{i // 2}", "role": "user",
                       "content": text, "occurred_at": t + 60 * (i + 1), "message_id": f"victim-{i}"})
    # a residence statement: the marker becomes an L2 assertion (and its edge, and an insight)
    marked.append({"type": "chat", "session_id": "sess-victim-home", "role": "user",
                   "content": f"I live in {MARKER_EN}ville now.", "occurred_at": t + 30, "message_id": "victim-home"})
    marked.append({"type": "chat", "session_id": "sess-victim-0", "role": "tool", "tool_name": "web_search",
                   "success": True, "duration_ms": 120.0, "content": f"web_search found 3 shops selling {MARKER_EN}",
                   "occurred_at": t + 3600, "message_id": "victim-tool"})
    engine = open_engine(db)
    try:
        engine.ingest_payloads(payloads + marked)
        drained = engine.run_until_idle()
        conn = engine.db.reader()
        rows = conn.execute("SELECT event_id, seq FROM fact_events WHERE source_item_id LIKE 'victim-%'").fetchall()
        ids = [r[0] for r in rows]
        seqs = [r[1] for r in rows]
        chunk_ids = {r[0]: r[1] for r in conn.execute(
            f"SELECT chunk_id, space_id FROM event_chunks WHERE event_seq IN ({','.join('?' * len(seqs))})", seqs)}
        vector_blobs = []
        for cid, sid in chunk_ids.items():
            vector_blobs += [r[0] for r in conn.execute(
                f"SELECT embedding FROM vec_chunks_{int(sid)} WHERE chunk_id = ?", (cid,))]
        derived_before = _derived_counts(engine.db.writer)
        # the same scan before deleting: what references the victims (proves the audit can see it)
        traces_before = _scan_for_traces(engine.db.writer, ids, seqs, chunk_ids)
        preview = engine.preview_delete(ids)
        # the deletion, then its on-disk purge (debounced in the app; run now, as the CLI does)
        report = engine.delete_events(ids, wait_purge_s=10.0)
        leaks = _scan_for_traces(engine.db.writer, ids, seqs, chunk_ids)
        derived_after = _derived_counts(engine.db.writer)
        file_hits = _raw_file_hits(db, vector_blobs)
        # replay the deleted payloads: tombstones keep them out, and nothing of them is written
        replay = engine.ingest_payloads(marked)
        engine.purge_now(10.0)
        file_hits_after_replay = _raw_file_hits(db, vector_blobs)
        audit = audit_l1(engine.db)
    finally:
        engine.close()
    return {"victims": len(ids), "background_work": drained, "vector_chunks_of_victims": len(chunk_ids),
            "preview_equals_apply": preview.layers == report.layers, "layers_reporting": sorted(report.layers),
            "derived_rows_before": derived_before, "derived_rows_after": derived_after,
            "traces_before": {t: len(v) for t, v in traces_before.items()},
            "leaks": leaks, "leak_count": sum(len(v) for v in leaks.values()),
            "replay_new_rows": replay.ingested, "replay_suppressed": replay.suppressed,
            "purge": report.purge, "marker_bytes_in_file": file_hits,
            "marker_bytes_in_file_after_replay": file_hits_after_replay, "l1_ok": l1_ok(audit)}


_HOLD_READER = """
import sys, apsw
conn = apsw.Connection(sys.argv[1], flags=apsw.SQLITE_OPEN_READONLY)
conn.execute("BEGIN")
n = conn.execute("SELECT count(*) FROM fact_events").fetchone()[0]
print("holding", n, flush=True)
sys.stdin.readline()
conn.execute("COMMIT")
conn.close()
"""


def deletion_with_reader(workdir: Path, *, events: int = 300, seed: int = 52) -> dict[str, Any]:
    """Delete while *another process* holds a read transaction on the old snapshot: SQLite cannot
    checkpoint past it, so the deleted text stays in the files until that reader ends. The purge
    must say so (pending, in the report and in stats), not block, and finish once it can."""
    db = workdir / "reader.db"
    remove_db(db)
    payloads = generate(events, seed)
    t = payloads[-1]["occurred_at"] + 60
    victims = [{"type": "chat", "session_id": "sess-held", "role": "user", "message_id": f"held-{i}",
                "content": (f"My {MARKER_EN} notebook is in the drawer." if i % 2 == 0 else
                            f"我的{MARKER_ZH}放在抽屉里。"), "occurred_at": t + i} for i in range(4)]
    engine = open_engine(db)
    try:
        engine.ingest_payloads(payloads + victims)
        engine.run_until_idle()
        ids = [r[0] for r in engine.db.reader().execute(
            "SELECT event_id FROM fact_events WHERE source_item_id LIKE 'held-%'")]
        reader = subprocess.Popen([sys.executable, "-c", _HOLD_READER, str(db)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        assert reader.stdout is not None and reader.stdin is not None
        holding = reader.stdout.readline().strip()
        started = time.perf_counter()
        report = engine.delete_events(ids, wait_purge_s=0.5)
        delete_s = time.perf_counter() - started
        stats_while_held = engine.stats()["purge"]
        hits_while_held = _raw_file_hits(db)
        reader.stdin.write("done\n")
        reader.stdin.flush()
        reader.wait(timeout=30)
        # the background worker retries once deletions paused (debounce), with no one asking
        deadline = time.monotonic() + 30
        retried = 0
        while engine.purge_status().pending and time.monotonic() < deadline:
            retried += engine.purge_worker.run_once()
            time.sleep(0.2)
        status_after = engine.purge_status().to_json()
        hits_after = _raw_file_hits(db)
        leaks = _scan_for_traces(engine.db.writer, ids, [], {})
    finally:
        engine.close()
    return {"reader": holding, "deleted": len(report.event_ids), "delete_with_reader_s": round(delete_s, 3),
            "purge_in_report": report.purge, "stats_while_reader_held": stats_while_held,
            "marker_bytes_while_reader_held": hits_while_held, "worker_completions": retried,
            "purge_after_reader_closed": status_after, "marker_bytes_after": hits_after, "leaks": leaks}


def _derived_counts(conn: apsw.Connection) -> dict[str, int]:
    out = {}
    for name in ("l1_event_entities", "entity_mentions", "l2_evidence", "knowledge_graph",
                 "tom_trait_assertions", "summaries", "summary_event_links", "l4_execution_traces",
                 "procedural_skills", "l2_projection_jobs"):
        if name in _tables(conn):
            out[name] = conn.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
    return out


def _scan_for_traces(conn: apsw.Connection, ids: Sequence[str], seqs: Sequence[int],
                     chunk_ids: dict[int, int]) -> dict[str, list[str]]:
    leaks: dict[str, list[str]] = {}
    tables = _tables(conn)
    for table, sql in tables.items():
        if table.startswith("sqlite_"):
            continue
        if table in DELETION_BOOKKEEPING or _is_shadow(table, tables):
            # bookkeeping keeps ids and counts by design, FTS/vec shadow tables are binary: both
            # are still searched for the deleted *text*, byte for byte
            for col, ctype in _columns(conn, table):
                for marker in (MARKER_EN, MARKER_ZH):
                    n = conn.execute(f"SELECT count(*) FROM \"{table}\" WHERE instr(CAST(\"{col}\" AS BLOB), "
                                     f"CAST(? AS BLOB)) > 0", (marker,)).fetchone()[0]
                    if n:
                        leaks.setdefault(table, []).append(f"{n} row(s) whose {col} holds the marker bytes")
            continue
        if "VIRTUAL" in sql.upper():
            if "fts5" in sql.lower():
                for marker in (MARKER_EN, f"\"{MARKER_ZH[:2]}\""):
                    try:
                        hits = conn.execute(f"SELECT rowid FROM \"{table}\" WHERE \"{table}\" MATCH ?",
                                            (marker,)).fetchall()
                    except apsw.Error:
                        continue
                    if hits:
                        leaks.setdefault(table, []).append(f"FTS still matches {marker}: rowids {hits[:5]}")
                if table == "fact_events_fts":
                    for s in seqs:
                        if conn.execute("SELECT count(*) FROM fact_events_fts WHERE rowid = ?", (s,)).fetchone()[0]:
                            leaks.setdefault(table, []).append(f"rowid {s} still indexed")
            elif "vec0" in sql.lower() and table.startswith("vec_chunks_"):  # event chunk vectors
                for cid in chunk_ids:
                    if conn.execute(f"SELECT count(*) FROM \"{table}\" WHERE chunk_id = ?", (cid,)).fetchone()[0]:
                        leaks.setdefault(table, []).append(f"chunk {cid} vector still stored")
            continue
        for col, ctype in _columns(conn, table):
            if "INT" in ctype and (col == "event_seq" or col.endswith("_event_seq") or
                                   (col == "seq" and table == "fact_events")):
                n = conn.execute(f"SELECT count(*) FROM \"{table}\" WHERE \"{col}\" IN "
                                 f"({','.join('?' * len(seqs))})", list(seqs)).fetchone()[0]
                if n:
                    leaks.setdefault(table, []).append(f"{n} row(s) with {col} of a deleted event")
            if "INT" in ctype or "REAL" in ctype or "BLOB" in ctype:
                continue
            for needle in (*ids, MARKER_EN, MARKER_ZH):
                n = conn.execute(f"SELECT count(*) FROM \"{table}\" WHERE instr(CAST(\"{col}\" AS TEXT), ?) > 0",
                                 (needle,)).fetchone()[0]
                if n:
                    what = "the marker text" if needle in (MARKER_EN, MARKER_ZH) else f"event id {needle}"
                    leaks.setdefault(table, []).append(f"{n} row(s) whose {col} contains {what}")
    return leaks


def _raw_file_hits(db: Path, vector_blobs: Sequence[bytes] = ()) -> dict[str, int]:
    """Occurrences on disk (main file, WAL and shared-memory index) of the deleted text — the English marker, the
    Chinese marker's bigrams as the FTS index stores them — and of the deleted float vectors."""
    data = b""
    for suffix in ("", "-wal", "-shm"):
        p = Path(str(db) + suffix)
        if p.exists():
            data += p.read_bytes()
    hits = {MARKER_EN: data.count(MARKER_EN.encode("utf-8")),
            MARKER_ZH: data.count(MARKER_ZH.encode("utf-8")),
            "zh_bigrams": sum(data.count(MARKER_ZH[i:i + 2].encode("utf-8")) for i in range(len(MARKER_ZH) - 1))}
    hits["float_vectors"] = sum(1 for b in vector_blobs if b and data.find(b) >= 0)
    return hits


# -- file privacy -----------------------------------------------------------------------------------


def file_modes(workdir: Path) -> dict[str, Any]:
    data = workdir / "private-data"
    cfg = MemoryConfig(data_dir=data)
    config_path = cfg.save()
    engine = open_engine(data / "memory.db")
    try:
        engine.ingest_payloads(generate(50, 49))
        modes = {}
        for suffix in DB_FILE_SUFFIXES:
            p = Path(str(data / "memory.db") + suffix)
            modes[f"memory.db{suffix}"] = oct(stat.S_IMODE(p.stat().st_mode)) if p.exists() else None
        modes["config.json"] = oct(stat.S_IMODE(config_path.stat().st_mode))
        modes["data_dir"] = oct(stat.S_IMODE(data.stat().st_mode))
        secure = {"writer": engine.db.writer.execute("PRAGMA secure_delete").fetchone()[0],
                  "reader": engine.db.reader().execute("PRAGMA secure_delete").fetchone()[0]}
    finally:
        engine.close()
    return {"modes": modes, "secure_delete": secure}


# -- the long run -----------------------------------------------------------------------------------


@dataclass
class Scenario:
    name: str
    run: Callable[[], Any]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="the long reliability run")
    p.add_argument("--kills", type=int, default=10)
    p.add_argument("--events", type=int, default=10_000)
    p.add_argument("--out", type=Path, default=Path("bench-results"))
    p.add_argument("--workdir", type=Path, default=None)
    args = p.parse_args(argv)
    import tempfile

    args.out.mkdir(parents=True, exist_ok=True)
    work = args.workdir or Path(tempfile.mkdtemp(prefix="magi-reliability-"))
    work.mkdir(parents=True, exist_ok=True)
    rng = random.Random(20240506)
    results: dict[str, Any] = {}
    t0 = time.perf_counter()
    kills = []
    for i in range(args.kills):
        r = kill_during_ingest(work, events=args.events, seed=100 + i, rng=rng, name=f"kill-ingest-{i}")
        kills.append(r)
        print(f"kill {i + 1}/{args.kills}: after {r['committed_batches_reported']} batches "
              f"(+{r['kill_delay_ms']} ms), lost {r['lost_committed']}, whole batches {r['whole_batches_only']}, "
              f"final {r['final_events']}/{r['expected_events']}", flush=True)
        remove_db(work / f"kill-ingest-{i}.db")
    results["sigkill_ingest"] = {
        "cycles": len(kills),
        "killed_by_sigkill": sum(k["killed_by_sigkill"] for k in kills),
        "committed_events_reported": sum(k["committed_events_reported"] for k in kills),
        "lost_committed": sum(k["lost_committed"] for k in kills),
        "in_flight_batch_committed": sum(k["in_flight_batch_committed"] for k in kills),
        "not_whole_batches": sum(not k["whole_batches_only"] for k in kills),
        "l1_not_ok_after_kill": sum(not k["l1_ok_after_kill"] for k in kills),
        "restart_duplicates_reported": sum(k["restart_duplicates"] for k in kills),
        "final_events_wrong": sum(k["final_events"] != k["expected_events"] for k in kills),
        "l1_not_ok_final": sum(not k["l1_ok_final"] for k in kills),
        "runs": kills,
    }
    for scen in (Scenario("sigkill_embedding", lambda: kill_during_embedding(work, rng=rng)),
                 Scenario("sigkill_l2_projection", lambda: kill_during_l2(work, rng=rng)),
                 Scenario("sigkill_l2_offline_run",
                          lambda: kill_during_l2(work, events=3000, rng=rng, per_batch=False)),
                 Scenario("replay_export", lambda: replay_export(work, events=args.events)),
                 Scenario("provider_faults", lambda: provider_faults(work)),
                 Scenario("provider_faults_http", lambda: provider_faults_http(work)),
                 Scenario("concurrent_readers", lambda: concurrent_readers(work, events=args.events)),
                 Scenario("deletion_audit", lambda: deletion_audit(work)),
                 Scenario("file_modes", lambda: file_modes(work))):
        t = time.perf_counter()
        try:
            results[scen.name] = scen.run()
        except Exception as exc:  # noqa: BLE001 - a crashing scenario is itself a finding
            results[scen.name] = {"error": f"{type(exc).__name__}: {exc}"}
        print(f"{scen.name}: done in {time.perf_counter() - t:.1f}s", flush=True)
    results["wall_seconds"] = round(time.perf_counter() - t0, 1)
    (args.out / "reliability.json").write_text(json.dumps(results, indent=2, ensure_ascii=False, default=str))
    md = reliability_markdown(results)
    (args.out / "reliability.md").write_text(md + "\n")
    print(md)
    return 0


def reliability_markdown(r: dict[str, Any]) -> str:
    k = r.get("sigkill_ingest", {})
    lines = ["| scenario | measured |", "|---|---|"]
    if k:
        lines.append(f"| SIGKILL during {k['runs'][0]['expected_events'] if k.get('runs') else '?'}-event ingest "
                     f"× {k['cycles']} | {k['committed_events_reported']:,} committed events reported before the "
                     f"kills, **{k['lost_committed']} lost**; partial batches {k['not_whole_batches']}; "
                     f"in-flight batch had committed in {k['in_flight_batch_committed']}; audit failures after "
                     f"kill {k['l1_not_ok_after_kill']}; restart → wrong final count {k['final_events_wrong']}, "
                     f"audit failures {k['l1_not_ok_final']} |")
    e = r.get("sigkill_embedding", {})
    if e and "error" not in e:
        lines.append(f"| SIGKILL during embedding drain | {e['running_jobs_at_kill']} jobs left running → "
                     f"{e['running_after_restart']} after restart; final states {e['embedding_states']}; "
                     f"duplicate chunks {e['duplicate_chunks']}; vectors == chunks {e['vectors_equal_chunks']} |")
    l2 = r.get("sigkill_l2_projection", {})
    if l2:
        if "skipped" in l2 or "error" in l2:
            lines.append(f"| SIGKILL during L2 projection | {l2.get('skipped') or l2.get('error')} |")
        else:
            lines.append(f"| SIGKILL during L2 projection | {l2['running_at_kill']} jobs running at kill → "
                         f"{l2['running_after_restart']} after restart; final {l2['final_job_states']}; "
                         f"failed without error {l2['failed_without_error']} |")
    rp = r.get("replay_export", {})
    if rp and "error" not in rp:
        lines.append(f"| replay of a {rp['events']:,}-event export | new rows {rp['replay_new_rows']} "
                     f"({rp['replay_duplicates']:,} duplicates); after deleting {rp['deleted']}: new rows "
                     f"{rp['replay_after_delete_new_rows']}, suppressed {rp['replay_after_delete_suppressed']} |")
        ax = rp.get("app_export") or {}
        if "exported_events" in ax:
            lines.append(f"| the app's JSON export ({ax['exported_events']:,} events, {ax['tombstones']} tombstones) "
                         f"| replay into the same memory: new rows {ax['same_memory_new_rows']}; into a fresh one: "
                         f"{ax['fresh_ingested']:,} ingested (reclassified {ax['fresh_reclassified']}), replayed "
                         f"again: new rows {ax['fresh_replay_new_rows']} |")
    pf = r.get("provider_faults", {})
    for fault, f in pf.items() if isinstance(pf, dict) and "error" not in pf else ():
        lines.append(f"| embedder fault `{fault}` | L1 intact {f['l1_intact']}; attempts {f['attempt_values_seen']}; "
                     f"jobs {f['job_states']}; NaN vectors stored {f['nan_vectors_stored']}; after recovery "
                     f"{f['after_recovery']} |")
    ph = r.get("provider_faults_http", {})
    for fault, f in ph.items() if isinstance(ph, dict) and "error" not in ph else ():
        lines.append(f"| fake OpenAI-compatible server: `{fault}` | {f['http_requests']} HTTP requests; L1 intact "
                     f"{f['l1_intact']}; attempts {f['attempt_values_seen']}; jobs {f['job_states']}; ledger "
                     f"{f['ledger_outcomes']}; after recovery {f['after_recovery']} |")
    c = r.get("concurrent_readers", {})
    if c and "error" not in c:
        lines.append(f"| {c['reader_threads']} readers during a {c['events']:,}-event write | {c['reads']:,} reads, "
                     f"{c['retrieval_queries']} memory_query calls, errors {c['errors']}, count regressions "
                     f"{c['count_regressions']} |")
    d = r.get("deletion_audit", {})
    if d and "error" not in d:
        lines.append(f"| deletion cascade audit ({d['victims']} events, layers {d['layers_reporting']}) | traces left "
                     f"{d['leak_count']} {d['leaks'] or ''}; preview == apply {d['preview_equals_apply']}; replay "
                     f"new rows {d['replay_new_rows']}; marker bytes on disk {d['marker_bytes_in_file']} → after "
                     f"FTS optimize {d['marker_bytes_in_file_after_fts_optimize']} |")
    fm = r.get("file_modes", {})
    if fm and "error" not in fm:
        lines.append(f"| file modes / secure_delete | {fm['modes']}; secure_delete {fm['secure_delete']} |")
    for name, v in r.items():
        if isinstance(v, dict) and "error" in v:
            lines.append(f"| {name} | ERROR {v['error']} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
