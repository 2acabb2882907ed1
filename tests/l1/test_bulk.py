"""Bulk ingest through worker processes gives exactly what in-process ingest gives: the same
rows, results, rejections (by position / JSONL line), dedup, tombstones, hooks inside the
writer's transaction; it falls back when workers fail or cannot know the normalisation; no
worker process outlives its engine."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from memory_core.events.sources import SOURCES, ActionSpec, SourceSpec, register_source
from memory_core.l1.bulk import BulkPreparer, prepare_payloads, stock_normalisation
from tests.helpers import T0, chat, netease


def corpus(n: int) -> list[Any]:
    """Valid chat / tool / plugin payloads with a few bad ones and in-input duplicates."""
    out: list[Any] = []
    for i in range(n):
        k = i % 7
        if k == 0:
            out.append(chat(f"s{i // 40}", "user", f"我今天用了空气炸锅 number {i}", T0 + i, f"m{i}"))
        elif k == 1:
            out.append(chat(f"s{i // 40}", "assistant", f"Great, enjoy it ({i})", T0 + i, f"m{i}"))
        elif k == 2:
            out.append({"type": "chat", "session_id": f"s{i // 40}", "role": "tool", "tool_name": "web_search",
                        "success": i % 3 != 0, "duration_ms": 12.5, "content": f"result {i}",
                        "occurred_at": T0 + i, "message_id": f"m{i}"})
        elif k == 3:
            out.append(netease(f"n{i}", T0 + i))
        elif k == 4:
            out.append({"type": "runtime_log", "content": f"worker tick {i}", "occurred_at": T0 + i})
        elif k == 5:
            out.append({"source_type": "netease_music", "source_item_id": f"bad{i}"})  # rejected
        else:
            out.append(netease(f"n{i - 3}", T0 + i - 3))  # the same key again in this input
    return out


def l1_state(engine) -> dict[str, Any]:
    """Everything ingest wrote, with event ids replaced by their seq (ids are random)."""
    conn = engine.db.writer  # the readers are query_only; the vocabulary table is a temp table
    seq = dict(conn.execute("SELECT event_id, seq FROM fact_events"))
    cols = [c[1] for c in conn.execute("PRAGMA table_info(fact_events)")
            if c[1] not in ("event_id", "ingested_at")]
    facts = conn.execute(f"SELECT {', '.join(cols)} FROM fact_events ORDER BY seq").fetchall()
    conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_vocab USING fts5vocab(main, fact_events_fts, instance)")
    return {
        "facts": facts,
        "fts": conn.execute("SELECT term, doc, offset FROM temp.fts_vocab ORDER BY 1, 2, 3").fetchall(),
        "sessions": conn.execute("SELECT * FROM chat_sessions ORDER BY session_id").fetchall(),
        "jobs": sorted(seq[t] for (t,) in conn.execute("SELECT target_id FROM embedding_jobs")),
        "traces": conn.execute("SELECT occurred_at, source, content, metadata_json FROM runtime_traces "
                               "ORDER BY trace_id").fetchall(),
        "l2_jobs": sorted((seq.get(e, -1), k) for e, k in conn.execute("SELECT event_id, batch_key FROM l2_projection_jobs")),
        "l3_jobs": sorted(seq.get(e, -1) for (e,) in conn.execute("SELECT anchor_event_id FROM summary_jobs")),
        "l4": conn.execute("SELECT skill_id, occurred_at, success, session_id FROM l4_execution_traces "
                             "ORDER BY 2, 1").fetchall(),
    }


def result_view(res) -> dict[str, Any]:
    d = res.to_json()
    d["event_ids"] = len(d["event_ids"])
    return d


def bulk_engine(make_engine, name: str, **bulk: Any):
    engine = make_engine(name)
    engine.l1.bulk = BulkPreparer(locale=engine.l1.locale, min_items=bulk.pop("min_items", 50),
                                  chunk_items=bulk.pop("chunk_items", 37), workers=bulk.pop("workers", 2),
                                  **bulk)
    return engine


@pytest.mark.slow
def test_bulk_equals_in_process_for_payloads_and_jsonl(make_engine, tmp_path: Path) -> None:
    payloads = corpus(1400)
    local = make_engine("local.db")
    local.l1.bulk.min_items = 0  # never bulk
    bulk = bulk_engine(make_engine, "bulk.db")

    lines = [json.dumps(p, ensure_ascii=False) for p in corpus(700)]
    lines[5], lines[300] = "{broken", ""  # a parse error and a blank line
    (tmp_path / "in.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")

    for eng in (local, bulk):
        eng.ingest_payloads(payloads[:100])  # small call: in-process everywhere
    big_local, big_bulk = local.ingest_payloads(payloads), bulk.ingest_payloads(payloads)
    assert bulk.l1.bulk.worker_pids, "the large call ran in worker processes"
    assert result_view(big_local) == result_view(big_bulk)
    assert big_bulk.duplicates > 100 and big_bulk.rejected and big_bulk.runtime_traces
    assert [r.index for r in big_bulk.rejected] == sorted(r.index for r in big_bulk.rejected)

    rep_local, rep_bulk = local.ingest_jsonl(tmp_path / "in.jsonl"), bulk.ingest_jsonl(tmp_path / "in.jsonl")
    assert [r.to_json() for r in rep_local.rejected] == [r.to_json() for r in rep_bulk.rejected]
    assert rep_bulk.parse_errors[0].index == 5 and rep_bulk.lines == rep_local.lines
    assert result_view(rep_local.result) == result_view(rep_bulk.result)

    assert l1_state(local) == l1_state(bulk)

    # tombstones: deleted keys stay deleted on a bulk replay
    for eng in (local, bulk):
        victims = [r[0] for r in eng.db.reader().execute("SELECT event_id FROM fact_events WHERE seq % 9 = 0")]
        eng.delete_events(victims)
    again_local, again_bulk = local.ingest_payloads(payloads), bulk.ingest_payloads(payloads)
    assert again_bulk.suppressed > 0 and again_bulk.ingested == 0
    assert result_view(again_local) == result_view(again_bulk)
    assert l1_state(local) == l1_state(bulk)


def test_hooks_run_inside_the_writers_transaction_in_bulk(make_engine) -> None:
    engine = bulk_engine(make_engine, "hooks.db", min_items=20, chunk_items=9)
    seen: list[tuple[int, bool]] = []

    class Probe:
        name = "probe"

        def on_inserted(self, conn, events) -> None:
            # the rows are visible to the hook's connection: same transaction, not yet committed
            n = conn.execute("SELECT count(*) FROM fact_events WHERE seq IN (%s)"
                             % ",".join(str(e.seq) for e in events)).fetchone()[0]
            seen.append((len(events), n == len(events) and not conn.getautocommit()))
            if len(seen) == 1:
                raise RuntimeError("hook failure must not undo L1")

    engine.add_hook(Probe())
    res = engine.ingest_payloads([chat("s", "user", f"I like tea {i}", T0 + i, f"h{i}") for i in range(1200)])
    assert engine.l1.bulk.worker_pids
    assert res.ingested == 1200 and len(seen) == 3 and all(ok for _, ok in seen)
    assert [n for n, _ in seen] == [500, 500, 200]  # the same transactions as in-process
    assert res.hook_errors == ["probe: hook failure must not undo L1"]
    assert engine.l1.count() == 1200


def test_a_dead_worker_falls_back_to_in_process(make_engine) -> None:
    engine = bulk_engine(make_engine, "dead.db", min_items=20, chunk_items=25)
    payloads = [chat("s", "user", f"message {i}", T0 + i, f"d{i}") for i in range(300)]
    engine.ingest_payloads(payloads[:100])
    pids = engine.l1.bulk.worker_pids
    assert pids
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)
    res = engine.ingest_payloads(payloads)
    assert (res.ingested, res.duplicates) == (200, 100)
    assert engine.l1.bulk.disabled and not engine.l1.bulk.worker_pids
    assert engine.l1.count() == 300


def test_a_chunk_failing_in_a_worker_is_redone_here(make_engine, monkeypatch) -> None:
    """Whatever the worker says, the in-process result (or exception) is the answer."""
    engine = bulk_engine(make_engine, "redo.db", min_items=10, chunk_items=10)
    payloads = [chat("s", "user", f"message {i}", T0 + i, f"r{i}") for i in range(40)]
    payloads[13] = {"type": "chat", "session_id": "s", "role": "user", "content": lambda: None,
                    "occurred_at": T0}  # not picklable: this chunk cannot travel
    res = engine.ingest_payloads(payloads)
    assert res.ingested == 39 and [r.index for r in res.rejected] == [13]
    assert engine.l1.bulk.worker_pids  # the other chunks did run in the workers
    assert engine.l1.bulk.disabled is None  # one odd chunk does not turn the pool off


def test_no_pool_when_workers_could_not_normalise_alike(make_engine) -> None:
    assert stock_normalisation()
    spec = SourceSpec("weather_station", "气象站", "Weather", {
        "reading": ActionSpec("读数", "reading", ("temp",), lambda p: f"气温 {p['temp']}",
                              lambda p: f"temperature {p['temp']}")})
    register_source(spec)
    try:
        assert not stock_normalisation()
        engine = bulk_engine(make_engine, "plugin.db", min_items=10)
        payloads = [{"source_type": "weather_station", "source_item_id": f"w{i}", "occurred_at": T0 + i,
                     "activity": {"source_code": "weather_station", "action_code": "reading",
                                  "object_code": "t"}, "provenance": {"temp": 20 + i}} for i in range(30)]
        res = engine.ingest_payloads(payloads)
        assert res.ingested == 30 and not res.rejected
        assert not engine.l1.bulk.worker_pids  # the plugin's renderer exists only in this process
    finally:
        del SOURCES["weather_station"]
    assert stock_normalisation()


def test_workers_stop_on_close_and_when_idle(make_engine) -> None:
    engine = bulk_engine(make_engine, "life.db", min_items=10, chunk_items=10, idle_shutdown_s=0.3)
    engine.ingest_payloads([chat("s", "user", f"m {i}", T0 + i, f"l{i}") for i in range(30)])
    pids = engine.l1.bulk.worker_pids
    assert pids and all(_alive(p) for p in pids)
    deadline = time.time() + 10
    while engine.l1.bulk.worker_pids and time.time() < deadline:
        time.sleep(0.05)
    assert not engine.l1.bulk.worker_pids and not any(_alive(p) for p in pids)

    engine.ingest_payloads([chat("s", "user", f"m {i}", T0 + i, f"k{i}") for i in range(30)])
    pids = engine.l1.bulk.worker_pids
    assert pids
    engine.close()
    assert not any(_alive(p) for p in pids)


def test_chunk_preparation_keeps_input_positions() -> None:
    chunk = prepare_payloads([chat("s", "user", "hi there friend", T0, "a"), {"type": "chat"},
                              netease("n", T0)], 100, "bilingual")
    assert [r.index for r in chunk.rejected] == [101]
    assert [p.event.source for p in chunk.prepared] == ["chat", "netease_music"]
    assert chunk.prepared[0].row[0] and chunk.prepared[0].fts_body == "hi there friend"


CHILD = textwrap.dedent("""
    import json, os, sys
    from pathlib import Path
    from memory_core.config import MemoryConfig
    from memory_core.engine import MemoryEngine
    from memory_core.l1 import store
    db, log_path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    payloads = [{"type": "chat", "session_id": f"s{i // 20}", "role": "user" if i % 2 == 0 else "assistant",
                 "content": f"event number {i}: 我今天用了空气炸锅 and went running", "occurred_at": 1715000000 + i,
                 "message_id": f"m{i}"} for i in range(n)]
    engine = MemoryEngine(db, config=MemoryConfig(data_dir=Path(db).parent), layers=())
    engine.l1.bulk.min_items = 100
    written = engine.l1.write_prepared

    def report(batch):
        result = written(batch)  # committed when this returns
        with open(log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"ids": result.event_ids, "workers": engine.l1.bulk.worker_pids}) + "\\n")
            log.flush()
            os.fsync(log.fileno())
        return result

    engine.l1.write_prepared = report
    engine.ingest_payloads(payloads)
""")


@pytest.mark.slow
def test_sigkill_during_bulk_ingest_keeps_whole_batches_and_leaves_no_worker(tmp_path: Path) -> None:
    from memory_core.config import MemoryConfig
    from memory_core.engine import MemoryEngine

    db, log_path, script = tmp_path / "crash.db", tmp_path / "committed.log", tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    n_events = 20_000
    proc = subprocess.Popen([sys.executable, str(script), str(db), str(log_path), str(n_events)],
                            cwd=Path(__file__).resolve().parents[2])
    deadline = time.time() + 120
    while time.time() < deadline:
        if log_path.exists() and len(log_path.read_text().splitlines()) >= 6:
            break
        if proc.poll() is not None:
            pytest.fail(f"child exited early with {proc.returncode}")
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    entries = [json.loads(line) for line in log_path.read_text().splitlines() if line.strip()]
    committed = [eid for e in entries for eid in e["ids"]]
    workers = entries[0]["workers"]
    assert workers and 0 < len(committed) < n_events

    deadline = time.time() + 10  # the workers see end-of-input and exit with their parent
    while any(_alive(p) for p in workers) and time.time() < deadline:
        time.sleep(0.05)
    assert not any(_alive(p) for p in workers), "a worker outlived its killed parent"

    engine = MemoryEngine(db, config=MemoryConfig(data_dir=tmp_path), layers=())
    try:
        conn = engine.db.reader()
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = {r[0] for r in conn.execute("SELECT event_id FROM fact_events")}
        assert set(committed) <= stored
        n = len(stored)
        assert n % 500 == 0  # whole batches only
        assert conn.execute("SELECT count(*) FROM fact_events_fts").fetchone()[0] == n
        assert conn.execute("SELECT sum(message_count) FROM chat_sessions").fetchone()[0] == n
    finally:
        engine.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (exited, not yet reaped by its parent) is not running
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


def test_submit_never_waits_for_a_busy_worker() -> None:
    """A task is several pipe buffers; the writer must not stall while the worker is busy (it
    did: 1.9 s of a 100k-line import). A stopped worker stands for the busiest one: every
    submit returns at once, and after it resumes the answers come back whole and in order."""
    from memory_core.l1.bulk_pool import WorkerProcess

    lines = [(i, json.dumps(chat("s", "user", f"message {i} " + "word " * 60, T0 + i, f"w{i}")))
             for i in range(3000)]
    proc = WorkerProcess()
    try:
        proc.submit("lines", (lines[:10], "bilingual"))
        assert len(proc.result().prepared) == 10  # running, past its start-up
        os.kill(proc.pid, signal.SIGSTOP)
        try:
            finished = []

            def submit_all() -> None:
                for start in range(0, len(lines), 500):
                    proc.submit("lines", (lines[start:start + 500], "bilingual"))
                finished.append(True)

            t = threading.Thread(target=submit_all, daemon=True)
            t.start()
            t.join(timeout=20)
            assert finished, "submit blocked on a worker that is not reading"
        finally:
            os.kill(proc.pid, signal.SIGCONT)
        got = [proc.result() for _ in range(0, len(lines), 500)]
        assert [[p.row[5] for p in c.prepared] for c in got] == [
            [f"w{i}" for i in range(start, min(start + 500, len(lines)))] for start in range(0, len(lines), 500)]
    finally:
        proc.close()
    assert not _alive(proc.pid)
