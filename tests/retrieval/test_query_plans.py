"""Query plans that must not depend on the planner's statistics.

A new store has no ``sqlite_stat1`` until ``PRAGMA optimize`` runs. Left to guess, SQLite drove
the windowed BM25 and category joins from the scope/time index and re-ran the FTS ``MATCH`` per
event (216 ms instead of 9 ms for a category question at 10k events), and the keyword scan
walked the scope index instead of its rowid range. These tests capture the SQL a real query
runs on an unanalysed store and check each plan.
"""

from __future__ import annotations

import apsw
import pytest

import memory_core.db.connection as connection
from memory_core.db.connection import Database
from tests.helpers import DAY, T0, chat

APPLIANCES = ["rice cooker", "pressure cooker", "blender", "toaster", "air fryer", "kettle"]


def _corpus() -> list[dict]:
    out = []
    for i in range(240):
        thing = APPLIANCES[i % len(APPLIANCES)]
        out.append(chat(f"s{i // 12}", "user", f"I bought a new {thing} today, note {i}", T0 + i * 3600.0))
        out.append(chat(f"s{i // 12}", "assistant", f"Nice, enjoy the {thing}!", T0 + i * 3600.0 + 5))
    return out


@pytest.fixture
def unanalysed(make_engine, monkeypatch):
    monkeypatch.setattr(Database, "_optimize", lambda self, mask=None: None)
    engine = make_engine()
    engine.ingest_payloads(_corpus())
    with engine.db.write() as conn:
        conn.execute("DROP TABLE IF EXISTS sqlite_stat1")
    assert not engine.db.read_value("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'")
    return engine


def _capture(engine) -> list[tuple[str, tuple]]:
    seen: list[tuple[str, tuple]] = []

    def trace(_cursor, sql, bindings):
        seen.append((sql, tuple(bindings or ())))
        return True

    hook = lambda conn: setattr(conn, "exec_trace", trace)  # noqa: E731 - one-line hook
    apsw.connection_hooks.append(hook)
    try:
        for conn in list(engine.db._readers):
            conn.exec_trace = trace
        engine.retrieval.query("What kitchen appliance did I buy before the air fryer?", "temporal_compare",
                               now=T0 + 20 * DAY)
        engine.retrieval.query("What was I doing last week with the blender?", "activity_summary",
                               now=T0 + 9 * DAY)
    finally:
        apsw.connection_hooks.remove(hook)
        for conn in list(engine.db._readers):
            conn.exec_trace = None
    return seen


def _plan(engine, sql: str, bindings: tuple) -> list[str]:
    conn = engine.db.reader()
    return [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, bindings)]


def test_fts_joins_are_driven_by_the_index_without_statistics(unanalysed):
    statements = _capture(unanalysed)
    joins = [(s, b) for s, b in statements if "MATCH" in s and "JOIN fact_events e" in s]
    assert joins, "the temporal/category paths ran no FTS join"
    windowed = [j for j in joins if "occurred_at >=" in j[0] or "occurred_at <" in j[0]]
    assert windowed, "no windowed FTS join was run"
    for sql, bindings in joins:
        plan = _plan(unanalysed, sql, bindings)
        first = next(step for step in plan if step.startswith(("SCAN", "SEARCH")))
        assert "VIRTUAL TABLE" in first, (sql, plan)
        # each match looks its event up by seq: the narrow scope index (0012) or, with caller
        # filters, the row itself
        assert any("e USING INTEGER PRIMARY KEY" in step
                   or "e USING COVERING INDEX ix_fact_events_seq_scope (seq=?" in step for step in plan), (sql, plan)


def test_keyword_scan_walks_its_rowid_range_without_statistics(unanalysed):
    statements = _capture(unanalysed)
    scans = [(s, b) for s, b in statements if "LIKE" in s and "e.seq > ?" in s]
    assert scans, "the keyword path ran no LIKE scan"
    for sql, bindings in scans:
        plan = _plan(unanalysed, sql, bindings)
        assert any("INTEGER PRIMARY KEY (rowid>?)" in step for step in plan), (sql, plan)
        assert not any("ix_fact_events_scope" in step for step in plan), (sql, plan)


def test_store_gathers_planner_statistics_on_open_and_while_written(tmp_path, monkeypatch):
    monkeypatch.setattr(connection, "OPTIMIZE_EVERY_COMMITS", 5)
    db = Database(tmp_path / "s.db")
    with db.write() as conn:
        conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT)")
        conn.execute("CREATE INDEX ix_t_k ON t(k)")
    has_stats = "SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'"
    for i in range(3):
        with db.write() as conn:
            conn.executemany("INSERT INTO t (k) VALUES (?)", [(f"k{i}-{j}",) for j in range(50)])
    assert db.read_value(has_stats) == 0  # not yet: 4 commits, the threshold is 5
    with db.write() as conn:
        conn.execute("INSERT INTO t (k) VALUES ('last')")
    assert db.read_value("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 't'") >= 1
    db.close()
    raw = apsw.Connection(str(tmp_path / "s.db"))
    raw.execute("DROP TABLE sqlite_stat1")
    raw.close()
    reopened = Database(tmp_path / "s.db")  # optimize=0x10002 on open analyses what never was
    assert reopened.read_value("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 't'") >= 1
    reopened.close()
