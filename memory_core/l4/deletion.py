"""Deleting tool-execution events from L4: traces go, statistics are uncounted, and a
strategy distilled from a deleted trace is redacted and re-distilled from what remains.

The breaker state is operational (it protects the next call) and is left as it is; the
consecutive-failure count is recomputed from the remaining traces. ``preview`` and ``apply``
share :meth:`L4Deletion._plan`, so the preview is exactly what apply does.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import apsw

from ..db.connection import placeholders, query_all
from ..deletion import Target
from .records import skill_id_for
from .store import enqueue_distill, error_text, get_skill_row, refresh_fts


@dataclass
class _SkillPlan:
    skill_id: str
    tool_name: str
    traces: list[int] = field(default_factory=list)
    uncount_success: int = 0
    uncount_failure: int = 0
    uncount_duration_ms: float = 0.0
    uncount_duration_n: int = 0
    strategy_stale: bool = False
    remove: bool = False


def _chunks(seq: tuple[str, ...], n: int = 400) -> list[list[str]]:
    return [list(seq[i:i + n]) for i in range(0, len(seq), n)]


class L4Deletion:
    name = "l4"
    order = 40

    def _plan(self, conn: apsw.Connection, target: Target) -> dict[str, _SkillPlan]:
        plans: dict[str, _SkillPlan] = {}
        skill_rows: dict[str, dict[str, Any]] = {}

        def plan_for(sid: str) -> _SkillPlan | None:
            if sid not in plans:
                row = get_skill_row(conn, sid)
                if row is None:
                    return None
                skill_rows[sid] = row
                plans[sid] = _SkillPlan(sid, row["tool_name"])
            return plans[sid]

        deleted = set(target.event_ids)
        for part in _chunks(target.event_ids):
            for r in query_all(conn, f"SELECT trace_id, skill_id FROM l4_execution_traces WHERE "
                                     f"event_id IN ({placeholders(len(part))})", part):
                p = plan_for(r["skill_id"])
                if p:
                    p.traces.append(r["trace_id"])
            # every execution counted in the statistics, traced or already pruned
            for r in query_all(conn, f"SELECT metadata_json FROM fact_events WHERE event_type = "
                                     f"'ACTION_EXECUTED' AND event_id IN ({placeholders(len(part))})",
                               part):
                tool = json.loads(r["metadata_json"] or "{}").get("tool") or {}
                if not tool.get("tool_name"):
                    continue
                p = plan_for(skill_id_for(tool["tool_name"], tool.get("category") or "general"))
                if p is None:
                    continue
                if tool.get("success", True):
                    p.uncount_success += 1
                else:
                    p.uncount_failure += 1
                if tool.get("duration_ms") is not None:
                    p.uncount_duration_ms += float(tool["duration_ms"])
                    p.uncount_duration_n += 1
        for r in query_all(conn, "SELECT skill_id, distill_event_ids FROM procedural_skills "
                                 "WHERE optimized_prompt IS NOT NULL"):
            if deleted & set(json.loads(r["distill_event_ids"] or "[]")):
                p = plan_for(r["skill_id"])
                if p:
                    p.strategy_stale = True
        for sid, p in plans.items():
            row = skill_rows[sid]
            left = (row["success_count"] - p.uncount_success) + (row["failure_count"] - p.uncount_failure)
            p.remove = left <= 0
        return plans

    def preview(self, conn: apsw.Connection, target: Target) -> dict[str, Any]:
        plans = self._plan(conn, target)
        return {
            "traces": sum(len(p.traces) for p in plans.values()),
            "executions_uncounted": sum(p.uncount_success + p.uncount_failure for p in plans.values()),
            "skills_updated": sorted(p.tool_name for p in plans.values() if not p.remove),
            "skills_removed": sorted(p.tool_name for p in plans.values() if p.remove),
            "strategies_redacted": sorted(p.tool_name for p in plans.values()
                                          if p.strategy_stale and not p.remove),
        }

    def apply(self, conn: apsw.Connection, target: Target, now: float) -> dict[str, Any]:
        report = self.preview(conn, target)
        plans = self._plan(conn, target)
        for sid, p in plans.items():
            if p.traces:
                conn.execute(f"DELETE FROM l4_execution_traces WHERE trace_id IN "
                             f"({placeholders(len(p.traces))})", p.traces)
            row = get_skill_row(conn, sid)
            assert row is not None
            if p.remove:
                conn.execute("DELETE FROM procedural_skills_fts WHERE rowid = ?", (row["seq"],))
                conn.execute("DELETE FROM l4_distill_jobs WHERE skill_id = ?", (sid,))
                conn.execute("DELETE FROM l4_execution_traces WHERE skill_id = ?", (sid,))
                conn.execute("DELETE FROM procedural_skills WHERE skill_id = ?", (sid,))
                continue
            dur_total = max(0.0, row["duration_total_ms"] - p.uncount_duration_ms)
            dur_n = max(0, row["duration_samples"] - p.uncount_duration_n)
            # the failure streak and the last error come from the remaining traces only (the
            # last error may have been the deleted event's output)
            streak, last_error, streak_open = 0, None, True
            for ok, err, out in conn.execute(
                    "SELECT success, error, output_text FROM l4_execution_traces WHERE skill_id = ? "
                    "ORDER BY occurred_at DESC, trace_id DESC", (sid,)):
                if ok:
                    streak_open = False
                else:
                    streak += 1 if streak_open else 0
                    last_error = last_error or error_text(err, out)
            conn.execute(
                "UPDATE procedural_skills SET success_count = max(0, success_count - ?), "
                "failure_count = max(0, failure_count - ?), duration_total_ms = ?, "
                "duration_samples = ?, mean_duration_ms = ?, consecutive_failures = ?, "
                "last_error = ?, updated_at = ? WHERE skill_id = ?",
                (p.uncount_success, p.uncount_failure, dur_total, dur_n,
                 dur_total / dur_n if dur_n else None, streak, last_error, now, sid))
            if p.strategy_stale:
                conn.execute("UPDATE procedural_skills SET optimized_prompt = NULL, "
                             "strategy_status = 'stale', distill_event_ids = '[]' "
                             "WHERE skill_id = ?", (sid,))
                enqueue_distill(conn, sid, "stale", row["pending_trace_count"], now)
            fresh = get_skill_row(conn, sid)
            assert fresh is not None
            refresh_fts(conn, fresh)
        return report
