"""``engine.components["l4"]``: what the agent, the GUI and the CLI ask of procedural memory.

``check_skill(tool)`` is the agent's call before using a tool: it refuses while the tool's
breaker is open and otherwise hands over the distilled strategy as extra context. Reads only —
the lazy open → half_open transition is computed from the clock here and persisted by the
breaker sweep worker.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import apsw

from ..clock import Clock
from ..db.connection import Database, query_all
from .breaker import BreakerState, effective
from .distill import strategy_hint
from .records import Skill, SkillCheck, Trace
from .store import enqueue_distill, get_skill_row, skills_for_tool, traces
from .workers import DISTILL_QUEUE


class L4Service:
    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock

    # -- the agent's API -----------------------------------------------------------------------

    def check_skill(self, tool_name: str, category: str | None = None) -> SkillCheck:
        if not isinstance(tool_name, str) or not tool_name.strip():
            raise ValueError("tool_name: expected a non-empty tool name")
        now = self.clock.now()
        found = skills_for_tool(self.db.reader(), tool_name.strip(), category)
        if not found:
            return SkillCheck(tool_name, category, True, "unknown",
                              "no recorded executions of this tool", hint=f"{tool_name}: no history.")
        # With no category given, the most recently used skill of the tool decides: it is the
        # freshest evidence of the tool's health. The others are listed.
        skill = found[0]
        b = effective(skill.breaker, now)
        view = replace(skill, breaker=b)
        if b.state is BreakerState.OPEN:
            reopen = b.reopen_at()
            retry = max(0.0, reopen - now) if reopen is not None else None
            reason = (f"refused: {b.consecutive_failures} consecutive failures opened the breaker; "
                      f"probes allowed in {retry:.0f} s" if retry is not None else "refused: breaker open")
            allowed = False
        elif b.state is BreakerState.HALF_OPEN:
            reason, allowed, retry = (f"half-open: allowed as a probe "
                                      f"({b.half_open_successes} of 2 successes so far)"), True, None
        else:
            reason, allowed, retry = "closed: the tool has been working", True, None
        return SkillCheck(
            tool_name=skill.tool_name, category=skill.category, allowed=allowed,
            breaker_state=b.state.value, reason=reason, success_rate=skill.success_rate,
            executions=skill.executions, mean_duration_ms=skill.mean_duration_ms,
            retry_after_s=retry, strategy=skill.strategy, hint=strategy_hint(view, skill.strategy),
            skill_id=skill.skill_id,
            other_categories=[{"category": s.category, "breaker_state": effective(s.breaker, now).state.value,
                               "success_rate": s.success_rate, "executions": s.executions}
                              for s in found[1:]])

    # -- GUI / CLI -----------------------------------------------------------------------------

    def list_skills(self, *, state: str | None = None, limit: int = 200) -> list[dict[str, Any]]:
        now = self.clock.now()
        rows = query_all(self.db.reader(), "SELECT * FROM procedural_skills "
                                           "ORDER BY coalesce(last_used_at, 0) DESC LIMIT ?", (limit,))
        out = []
        for r in rows:
            s = Skill.from_row(r)
            b = effective(s.breaker, now)
            if state is None or b.state.value == state:
                out.append(s.to_json(b))
        return out

    def get_skill(self, skill_id: str, *, trace_limit: int = 50) -> dict[str, Any] | None:
        conn = self.db.reader()
        row = get_skill_row(conn, skill_id)
        if row is None:
            return None
        s = Skill.from_row(row)
        out = s.to_json(effective(s.breaker, self.clock.now()))
        out["traces"] = [t.to_json() for t in traces(conn, skill_id, trace_limit)]
        job = self.db.read_one("SELECT state, attempts, last_error, reason, updated_at FROM "
                               "l4_distill_jobs WHERE skill_id = ?", (skill_id,))
        out["distill_job"] = job
        return out

    def traces(self, skill_id: str, limit: int = 50) -> list[Trace]:
        return traces(self.db.reader(), skill_id, limit)

    def request_distillation(self, skill_id: str) -> bool:
        with self.db.write() as conn:
            row = get_skill_row(conn, skill_id)
            if row is None:
                return False
            enqueue_distill(conn, skill_id, "manual", row["pending_trace_count"], self.clock.now())
        return True

    def retry_failed(self) -> int:
        with self.db.write() as conn:
            return DISTILL_QUEUE.retry_failed(conn, self.clock.now())

    def stats(self, conn: apsw.Connection) -> dict[str, Any]:
        now = self.clock.now()
        states = {s.value: 0 for s in BreakerState}
        for r in query_all(conn, "SELECT * FROM procedural_skills"):
            states[effective(Skill.from_row(r).breaker, now).state.value] += 1
        return {"l4": {
            "skills": sum(states.values()),
            "breakers": states,
            "traces": conn.execute("SELECT count(*) FROM l4_execution_traces").fetchone()[0],
            "strategies": conn.execute("SELECT count(*) FROM procedural_skills WHERE "
                                       "optimized_prompt IS NOT NULL").fetchone()[0],
            "distill_jobs": DISTILL_QUEUE.counts(conn),
        }}
