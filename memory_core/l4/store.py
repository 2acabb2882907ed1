"""SQL for procedural skills and their traces (one place, used by the hook, worker, deletion).

The synchronous part of L4 (design: "in the same ingest call") is :func:`record_execution`: the
skill upsert, the trace append with its cap, the breaker step and — when due — the distillation
job, all on the caller's connection inside the L1 write transaction. It never calls a provider.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Sequence

import apsw

from ..db.connection import Row, placeholders, query_all, query_one
from ..events.model import ToolExecution
from ..policy import L4_TRACE_TEXT_MAX_CHARS, L4_TRACES_PER_SKILL
from ..text.segment import index_text
from .breaker import Breaker, BreakerState, effective, record
from .distill_policy import distill_threshold, should_distill
from .records import Skill, Trace, skill_id_for


@dataclass(frozen=True, slots=True)
class ExecutionOutcome:
    skill_id: str
    breaker_before: str
    breaker_after: str
    just_opened: bool
    distill_reason: str | None


def get_skill_row(conn: apsw.Connection, skill_id: str) -> Row | None:
    return query_one(conn, "SELECT * FROM procedural_skills WHERE skill_id = ?", (skill_id,))


def _ensure_skill(conn: apsw.Connection, tool: ToolExecution, now: float) -> Row:
    sid = skill_id_for(tool.tool_name, tool.category)
    row = get_skill_row(conn, sid)
    if row is not None:
        return row
    conn.execute(
        "INSERT INTO procedural_skills(skill_id, tool_name, category, distill_threshold, created_at, "
        "updated_at) VALUES (?,?,?,?,?,?)",
        (sid, tool.tool_name, tool.category, distill_threshold(0), now, now))
    row = get_skill_row(conn, sid)
    assert row is not None
    refresh_fts(conn, row)
    return row


def fts_body(row: Row) -> str:
    """What BM25 sees of a skill: its names (underscores as spaces too), strategy and errors."""
    parts = [row["tool_name"], row["tool_name"].replace("_", " ").replace("-", " "),
             row["category"], row["category"].replace("_", " ")]
    if row.get("optimized_prompt"):
        try:
            strategy = json.loads(row["optimized_prompt"])
        except ValueError:
            strategy = row["optimized_prompt"]
        parts.append(_flatten(strategy))
    if row.get("last_error"):
        parts.append(row["last_error"])
    return index_text("\n".join(p for p in parts if p))


def _flatten(value: Any) -> str:
    if isinstance(value, dict):
        return "\n".join(_flatten(v) for k, v in value.items() if k not in ("based_on",))
    if isinstance(value, list):
        return "\n".join(_flatten(v) for v in value)
    return "" if value is None else str(value)


def refresh_fts(conn: apsw.Connection, row: Row) -> None:
    conn.execute("DELETE FROM procedural_skills_fts WHERE rowid = ?", (row["seq"],))
    conn.execute("INSERT INTO procedural_skills_fts(rowid, body) VALUES (?, ?)",
                 (row["seq"], fts_body(row)))


def breaker_of(row: Row) -> Breaker:
    return Breaker(BreakerState(row["breaker_state"]), row["consecutive_failures"], row["opened_at"],
                   row["half_open_successes"], row["breaker_changed_at"])


def record_execution(conn: apsw.Connection, tool: ToolExecution, *, event_id: str,
                     occurred_at: float, session_id: str | None, now: float) -> ExecutionOutcome:
    """Fold one tool execution into its skill (call inside the ingest transaction)."""
    row = _ensure_skill(conn, tool, now)
    sid = row["skill_id"]
    # The breaker runs on the execution's own time (an imported history opens and cools down
    # in the past), never later than the engine's clock.
    t = min(occurred_at, now)
    step = record(breaker_of(row), tool.success, t)
    b = step.breaker
    success_count = row["success_count"] + (1 if tool.success else 0)
    failure_count = row["failure_count"] + (0 if tool.success else 1)
    dur_total, dur_n = row["duration_total_ms"], row["duration_samples"]
    if tool.duration_ms is not None:
        dur_total += float(tool.duration_ms)
        dur_n += 1
    pending = row["pending_trace_count"] + 1
    threshold = distill_threshold(success_count + failure_count)
    reason = should_distill(pending, threshold, step.just_opened)
    error = None if tool.success else error_text(tool.error, tool.output_text)
    conn.execute(
        "UPDATE procedural_skills SET success_count = ?, failure_count = ?, duration_total_ms = ?, "
        "duration_samples = ?, mean_duration_ms = ?, consecutive_failures = ?, breaker_state = ?, "
        "opened_at = ?, half_open_successes = ?, breaker_changed_at = ?, "
        "times_opened = times_opened + ?, pending_trace_count = ?, distill_threshold = ?, "
        "last_error = coalesce(?, last_error), last_used_at = max(coalesce(last_used_at, 0), ?), "
        "last_success_at = CASE WHEN ? THEN max(coalesce(last_success_at, 0), ?) ELSE last_success_at END, "
        "last_failure_at = CASE WHEN ? THEN last_failure_at ELSE max(coalesce(last_failure_at, 0), ?) END, "
        "updated_at = ? WHERE skill_id = ?",
        (success_count, failure_count, dur_total, dur_n, dur_total / dur_n if dur_n else None,
         b.consecutive_failures, b.state.value, b.opened_at, b.half_open_successes,
         b.changed_at,
         1 if step.just_opened else 0, pending, threshold, error, occurred_at,
         int(tool.success), occurred_at, int(tool.success), occurred_at, now, sid))
    conn.execute(
        "INSERT INTO l4_execution_traces(skill_id, event_id, occurred_at, success, duration_ms, "
        "input_text, output_text, error, session_id) VALUES (?,?,?,?,?,?,?,?,?)",
        (sid, event_id, occurred_at, int(tool.success), tool.duration_ms,
         tool.input_text[:L4_TRACE_TEXT_MAX_CHARS], tool.output_text[:L4_TRACE_TEXT_MAX_CHARS],
         tool.error, session_id))
    prune_traces(conn, sid)
    if error and error != row["last_error"]:
        fresh = get_skill_row(conn, sid)
        assert fresh is not None
        refresh_fts(conn, fresh)
    if reason:
        enqueue_distill(conn, sid, reason, pending, now)
    return ExecutionOutcome(sid, step.previous.value, b.state.value, step.just_opened, reason)


def error_text(error: str | None, output: str | None) -> str | None:
    """A failure's error: the reported error, else the first line of its output."""
    text = (error or "").strip() or (output or "").strip()
    return text.splitlines()[0][:300] if text else None


def prune_traces(conn: apsw.Connection, skill_id: str, keep: int = L4_TRACES_PER_SKILL) -> int:
    """Keep the newest ``keep`` traces of a skill (by occurrence time). Counting first (an index
    range) skips the sort for the many skills below the cap."""
    n = conn.execute("SELECT count(*) FROM l4_execution_traces WHERE skill_id = ?", (skill_id,)).fetchone()[0]
    if n <= keep:
        return 0
    conn.execute(
        "DELETE FROM l4_execution_traces WHERE trace_id IN (SELECT trace_id FROM l4_execution_traces "
        "WHERE skill_id = ? ORDER BY occurred_at, trace_id LIMIT ?)", (skill_id, n - keep))
    return conn.changes()


def enqueue_distill(conn: apsw.Connection, skill_id: str, reason: str, pending: int,
                    now: float) -> None:
    """Queue (or re-arm) the skill's distillation job. A job already running is left alone:
    the worker re-checks the pending count when it finishes."""
    conn.execute(
        "INSERT INTO l4_distill_jobs(skill_id, reason, pending_at_enqueue, created_at, updated_at) "
        "VALUES (?,?,?,?,?) ON CONFLICT(skill_id) DO UPDATE SET "
        "reason = excluded.reason, pending_at_enqueue = excluded.pending_at_enqueue, "
        "state = CASE WHEN state = 'running' THEN state ELSE 'pending' END, "
        "attempts = CASE WHEN state = 'running' THEN attempts ELSE 0 END, "
        "next_attempt_at = CASE WHEN state = 'running' THEN next_attempt_at ELSE 0 END, "
        "last_error = CASE WHEN state = 'running' THEN last_error ELSE NULL END, "
        "updated_at = excluded.updated_at",
        (skill_id, reason, pending, now, now))


def traces(conn: apsw.Connection, skill_id: str, limit: int = L4_TRACES_PER_SKILL) -> list[Trace]:
    return [Trace.from_row(r) for r in query_all(
        conn, "SELECT * FROM l4_execution_traces WHERE skill_id = ? "
              "ORDER BY occurred_at DESC, trace_id DESC LIMIT ?", (skill_id, limit))]


def skills_for_tool(conn: apsw.Connection, tool_name: str,
                    category: str | None = None) -> list[Skill]:
    if category is None:
        rows = query_all(conn, "SELECT * FROM procedural_skills WHERE tool_name = ? "
                               "ORDER BY coalesce(last_used_at, 0) DESC", (tool_name,))
    else:
        rows = query_all(conn, "SELECT * FROM procedural_skills WHERE tool_name = ? AND category = ?",
                         (tool_name, category))
    return [Skill.from_row(r) for r in rows]


def skills_by_seq(conn: apsw.Connection, seqs: Sequence[int]) -> dict[int, Row]:
    if not seqs:
        return {}
    return {r["seq"]: r for r in query_all(
        conn, f"SELECT * FROM procedural_skills WHERE seq IN ({placeholders(len(seqs))})", list(seqs))}


def persist_lazy_transitions(conn: apsw.Connection, now: float) -> int:
    """Write open → half_open for every skill whose cool-down has passed (the GUI reads rows)."""
    changed = 0
    for row in query_all(conn, "SELECT * FROM procedural_skills WHERE breaker_state = 'open'"):
        b = effective(breaker_of(row), now)
        if b.state is not BreakerState.OPEN:
            conn.execute("UPDATE procedural_skills SET breaker_state = ?, half_open_successes = 0, "
                         "breaker_changed_at = ?, updated_at = ? WHERE skill_id = ?",
                         (b.state.value, b.changed_at, now, row["skill_id"]))
            changed += 1
    return changed


def with_effective_breaker(skill: Skill, now: float) -> Skill:
    return replace(skill, breaker=effective(skill.breaker, now))
