"""Entity expansion over ``l1_event_entities`` (filled by L2): from events already found to
other events about the same entities, plus events linked to entities the question names and,
when the question asks for a kind of thing — or asks for a current state whose answer is a thing
of one kind (the employer: an organisation, ``policy.STATE_TYPED_FAMILIES``) — events with
entities of that type.

Entities are weighted by rarity. Expansion is a fan-out: an entity linked to a tenth of all
events ("painting" in a painter's chats, "mom", "films") would pull in every one of them, all
scored alike, and the RRF ranks of that flood push better candidates down (measured: with L2 on,
LongMemEval rank-1 fell 0.923 → 0.846 through this path). So each shared entity counts with its
inverse document frequency over ``l1_event_entities`` (BM25's idf, so a rare shared entity
outweighs several common ones), and an entity linked to more than
``ENTITY_EXPANSION_MAX_DF_FRACTION`` of the events is not expanded through at all (it says
nothing about *this* question). Names the question gives are looked up with their
equivalents in the other language (高压锅 → "pressure cooker").

The table is created by L2's migration; without it (L1-only installs) this path returns nothing
and says so in the trace.
"""

from __future__ import annotations

import math
import time
from typing import Sequence

from ...db.connection import placeholders
from ...lexicon.categories import equivalents
from ...policy import (ENTITY_EXPANSION_MAX_DF_FRACTION, ENTITY_EXPANSION_MIN_DF_CAP, EXPANSION_SEEDS,
                       STATE_TYPED_FAMILIES, QueryMode)
from ..plan import QueryPlan
from ..predicates import FAMILY_BY_NAME
from . import PathContext, PathResult


def has_entity_index(ctx: PathContext) -> bool:
    return bool(ctx.db.reader().execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'l1_event_entities'").fetchall())


def idf(n_events: int, df: int) -> float:
    """BM25's idf, floored above zero (an entity in half the store still counts a little)."""
    return math.log(1.0 + (n_events - df + 0.5) / (df + 0.5))


def max_df(n_events: int) -> int:
    """The fan-out cap: entities linked to more events than this are not expanded through."""
    return max(ENTITY_EXPANSION_MIN_DF_CAP, int(ENTITY_EXPANSION_MAX_DF_FRACTION * n_events))


def state_answer_types(plan: QueryPlan) -> tuple[str, ...]:
    """The entity types a current-state question's answer is, for the families whose answer is a
    named thing of one kind (``STATE_TYPED_FAMILIES``); none otherwise."""
    if plan.mode is not QueryMode.CURRENT_STATE or plan.predicate_family not in STATE_TYPED_FAMILIES:
        return ()
    return FAMILY_BY_NAME[plan.predicate_family].object_types


class EntityPath:
    name = "entity"
    needs_seeds = True
    reads_window = True

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
        # each linked event's scope / time read from the narrow scope index (0012); without it
        # the planner drove the entity-type read from the scope index: every fact event of the
        # store probed for a link (30-45 ms a strategy question at 1M events)
        events = ctx.events()
        n_events = self._n_events(conn)
        cap = max_df(n_events)
        seeds = list(seeds)[:EXPANSION_SEEDS]
        if seeds:
            seed_conf: dict[str, float] = {}
            for eid, conf in conn.execute(
                    f"SELECT entity_id, max(confidence) FROM l1_event_entities WHERE event_seq IN "
                    f"({placeholders(len(seeds))}) GROUP BY entity_id", seeds):
                seed_conf[eid] = float(conf)
            weights = self._weights(conn, list(seed_conf), n_events, cap, info)
            kept = [e for e in seed_conf if e in weights]
            if kept:
                rows = conn.execute(
                    f"SELECT x.event_seq, x.entity_id, x.confidence FROM l1_event_entities x "
                    f"JOIN {events} ON e.seq = x.event_seq WHERE x.entity_id IN ({placeholders(len(kept))}) "
                    f"AND x.event_seq NOT IN ({placeholders(len(seeds))}){where}",
                    (*kept, *seeds, *params)).fetchall()
                found: dict[int, float] = {}
                for seq, eid, conf in rows:
                    found[int(seq)] = found.get(int(seq), 0.0) + weights[eid] * seed_conf[eid] * float(conf)
                info["from_seeds"] = len(found)
                for seq, s in found.items():
                    scores[seq] = scores.get(seq, 0.0) + s
        names = list(dict.fromkeys(n for m in plan.entity_mentions for n in equivalents(m)))
        if names:
            rows = conn.execute(
                f"SELECT x.event_seq, x.entity_id, x.confidence FROM entity_aliases a "
                f"JOIN l1_event_entities x ON x.entity_id = a.entity_id "
                f"JOIN {events} ON e.seq = x.event_seq "
                f"WHERE a.alias_norm IN ({placeholders(len(names))}){where}",
                (*names, *params)).fetchall()
            weights = self._weights(conn, list({r[1] for r in rows}), n_events, None, info)
            best: dict[int, float] = {}
            for seq, eid, conf in rows:
                s = weights.get(eid, 0.0) * (1.0 + float(conf))
                best[int(seq)] = max(best.get(int(seq), 0.0), s)
            info["from_mentions"] = len(best)
            for seq, s in best.items():
                scores[seq] = scores.get(seq, 0.0) + s
        types = [plan.target_entity_type] if plan.target_entity_type else list(state_answer_types(plan))
        if types:
            rows = conn.execute(
                f"SELECT x.event_seq, max(x.confidence) FROM l1_event_entities x "
                f"JOIN {events} ON e.seq = x.event_seq WHERE x.entity_type IN ({placeholders(len(types))}){where} "
                f"GROUP BY x.event_seq ORDER BY 2 DESC, x.event_seq DESC LIMIT ?",
                (*types, *params, ctx.fetch_k)).fetchall()
            info["from_type"] = len(rows)
            for seq, s in rows:
                scores[int(seq)] = scores.get(int(seq), 0.0) + 0.5 + float(s)
        hits = sorted(scores.items(), key=lambda kv: (-kv[1], -kv[0]))[: ctx.fetch_k]
        return PathResult(self.name, hits, (time.perf_counter() - t0) * 1000, info=info)

    def _n_events(self, conn) -> int:
        """Events with entities (idf's N), counted once per state of the table: the count is a
        scan, the table's max rowid is a look-up (a deletion that leaves it unchanged shifts N
        by a few events, which idf does not notice)."""
        key = conn.execute("SELECT max(rowid) FROM l1_event_entities").fetchone()[0]
        cache = getattr(self, "_n_cache", None)
        if cache is not None and cache[0] == key:
            return cache[1]
        n = int(conn.execute("SELECT count(DISTINCT event_seq) FROM l1_event_entities").fetchone()[0] or 0)
        self._n_cache = (key, n)
        return n

    @staticmethod
    def _weights(conn, entity_ids: list[str], n_events: int, cap: int | None,
                 info: dict[str, int]) -> dict[str, float]:
        """idf per entity; entities over the fan-out ``cap`` are left out (counted in ``info``)."""
        if not entity_ids:
            return {}
        out: dict[str, float] = {}
        skipped = 0
        for i in range(0, len(entity_ids), 500):
            part = entity_ids[i:i + 500]
            for eid, df in conn.execute(
                    f"SELECT entity_id, count(*) FROM l1_event_entities WHERE entity_id IN "
                    f"({placeholders(len(part))}) GROUP BY entity_id", part):
                if cap is not None and int(df) > cap:
                    skipped += 1
                    continue
                out[eid] = idf(n_events, int(df))
        if cap is not None:
            info["generic_entities_skipped"] = info.get("generic_entities_skipped", 0) + skipped
        return out
