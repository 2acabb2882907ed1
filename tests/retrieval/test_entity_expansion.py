"""Entity expansion weighs shared entities by rarity: one rare shared entity beats a generic one
("mom", "films"), and an entity linked to a large share of the events is not fanned out through
at all. The expansion paths count at a fraction of their weight in the L1 fusion."""

from __future__ import annotations

import pytest

from memory_core.policy import EXPANSION_WEIGHT_SCALE, RRF_WEIGHTS, QueryMode
from memory_core.retrieval.paths import PathContext
from memory_core.retrieval.paths.entity import EntityPath, idf, max_df
from memory_core.retrieval.intent import build_plan
from tests.helpers import DAY, T0, chat


def test_idf_orders_by_rarity_and_stays_positive():
    assert idf(1000, 1) > idf(1000, 10) > idf(1000, 500) > idf(1000, 1000) > 0
    assert max_df(1000) == 50 and max_df(20) == 5  # 5 % of the events, at least 5


@pytest.fixture
def store(make_engine):
    engine = make_engine(layers=())
    rows = [chat("s", "user", f"Note {i} about my day.", T0 + i * 60, f"n{i}") for i in range(40)]
    engine.ingest_payloads(rows)
    engine.run_until_idle()
    seq = {r["source_item_id"]: r["seq"] for r in engine.db.read_all("SELECT source_item_id, seq FROM fact_events")}
    links = [("n0", "e:rare", 1.0), ("n1", "e:rare", 1.0)]  # the seed n0 shares a rare entity with n1
    links += [("n0", "e:mom", 1.0)] + [(f"n{i}", "e:mom", 1.0) for i in range(2, 30)]  # and "mom" with 28
    links += [("n0", "e:films", 1.0), ("n30", "e:films", 1.0), ("n31", "e:films", 1.0), ("n32", "e:films", 1.0),
              ("n33", "e:films", 1.0)]
    with engine.db.write() as conn:
        for item, ent, conf in links:
            eid = engine.db.read_value("SELECT event_id FROM fact_events WHERE source_item_id = ?", (item,))
            conn.execute("INSERT INTO l1_event_entities(event_id, event_seq, entity_id, entity_type, confidence) "
                         "VALUES (?,?,?,?,?)", (eid, seq[item], ent, "topic", conf))
    return engine, seq


def test_rare_shared_entities_rank_first_and_generic_ones_are_not_fanned_out(store):
    engine, seq = store
    plan = build_plan("Tell me about note zero", mode=QueryMode.EXACT_FACT, now=T0 + DAY)
    ctx = PathContext(plan, engine.db, ("fact_authoritative",), 50)
    res = EntityPath().search(ctx, [seq["n0"]])
    ranked = [s for s, _ in res.hits]
    assert ranked[0] == seq["n1"]  # the one rare shared entity
    # "mom" is linked to 29 of 34 events with entities: too generic to expand through
    assert res.info["generic_entities_skipped"] == 1
    assert not {seq[f"n{i}"] for i in range(2, 30)} & set(ranked)
    # "films" (5 events) still expands, below the rare one
    assert {seq[f"n{i}"] for i in range(30, 34)} <= set(ranked[1:])
    scores = dict(res.hits)
    assert scores[seq["n1"]] > scores[seq["n30"]]


def test_expansion_paths_count_at_a_fraction_of_their_mode_weight(make_engine):
    engine = make_engine(layers=())
    weights = engine.retrieval.path_weights(QueryMode.EXACT_FACT)
    assert weights["entity"] == pytest.approx(RRF_WEIGHTS[QueryMode.EXACT_FACT]["entity"] * EXPANSION_WEIGHT_SCALE)
    assert weights["bm25"] == RRF_WEIGHTS[QueryMode.EXACT_FACT]["bm25"]
