"""Entity expansion over ``l1_event_entities`` (filled by L2): from events already found to
other events about the same entities, plus events linked to entities the question names and,
when the question asks for a kind of thing, events with entities of that type.

The table is created by L2's migration; without it (L1-only installs) this path returns nothing
and says so in the trace.
"""

from __future__ import annotations

import time
from typing import Sequence

from ...db.connection import placeholders
from ...policy import EXPANSION_SEEDS
from ..plan import QueryPlan
from . import PathContext, PathResult


def has_entity_index(ctx: PathContext) -> bool:
    return bool(ctx.db.reader().execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'l1_event_entities'").fetchall())


class EntityPath:
    name = "entity"
    needs_seeds = True

    def skip_reason(self, plan: QueryPlan) -> str | None:
        return None

    def search(self, ctx: PathContext, seeds: Sequence[int]) -> PathResult:
        t0 = time.perf_counter()
        if not has_entity_index(ctx):
            return PathResult(self.name, skipped="l1_event_entities not present (L2 not installed)")
        conn = ctx.db.reader()
        plan = ctx.plan
        scores: dict[int, float] = {}
        info: dict[str, int] = {}
        where, params = ctx.where(window=ctx.hard_window)
        seeds = list(seeds)[:EXPANSION_SEEDS]
        if seeds:
            rows = conn.execute(
                f"SELECT x2.event_seq, sum(x1.confidence * x2.confidence) FROM l1_event_entities x1 "
                f"JOIN l1_event_entities x2 ON x2.entity_id = x1.entity_id "
                f"JOIN fact_events e ON e.seq = x2.event_seq "
                f"WHERE x1.event_seq IN ({placeholders(len(seeds))}) "
                f"AND x2.event_seq NOT IN ({placeholders(len(seeds))}){where} "
                f"GROUP BY x2.event_seq ORDER BY 2 DESC LIMIT ?",
                (*seeds, *seeds, *params, ctx.fetch_k)).fetchall()
            info["from_seeds"] = len(rows)
            for seq, s in rows:
                scores[int(seq)] = scores.get(int(seq), 0.0) + float(s)
        names = [m.lower() for m in plan.entity_mentions]
        if names:
            rows = conn.execute(
                f"SELECT x.event_seq, max(x.confidence) FROM entity_aliases a "
                f"JOIN l1_event_entities x ON x.entity_id = a.entity_id "
                f"JOIN fact_events e ON e.seq = x.event_seq "
                f"WHERE a.alias_norm IN ({placeholders(len(names))}){where} "
                f"GROUP BY x.event_seq ORDER BY 2 DESC LIMIT ?",
                (*names, *params, ctx.fetch_k)).fetchall()
            info["from_mentions"] = len(rows)
            for seq, s in rows:
                scores[int(seq)] = scores.get(int(seq), 0.0) + 1.0 + float(s)
        if plan.target_entity_type:
            rows = conn.execute(
                f"SELECT x.event_seq, max(x.confidence) FROM l1_event_entities x "
                f"JOIN fact_events e ON e.seq = x.event_seq WHERE x.entity_type = ?{where} "
                f"GROUP BY x.event_seq ORDER BY 2 DESC, x.event_seq DESC LIMIT ?",
                (plan.target_entity_type, *params, ctx.fetch_k)).fetchall()
            info["from_type"] = len(rows)
            for seq, s in rows:
                scores[int(seq)] = scores.get(int(seq), 0.0) + 0.5 + float(s)
        hits = sorted(scores.items(), key=lambda kv: -kv[1])[: ctx.fetch_k]
        return PathResult(self.name, hits, (time.perf_counter() - t0) * 1000, info=info)
