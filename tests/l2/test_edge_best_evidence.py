"""recompute_edge picks an edge's best evidence in two indexed steps (explicit rows first, then
any) instead of one ORDER BY over every row; the pick must be the one that ORDER BY defines,
whatever the mix of directness, confidence ties and times (an owner has one row per event, so
the event's seq ends every tie)."""

from __future__ import annotations

import random
from typing import Callable

from memory_core.engine import MemoryEngine
from memory_core.l2 import graph_store as G

_REFERENCE = ("SELECT evidence_text, directness FROM l2_evidence WHERE owner_kind = 'edge' AND owner_id = ? "
              "ORDER BY directness = 'explicit' DESC, confidence DESC, occurred_at DESC, event_seq DESC LIMIT 1")


def test_best_evidence_is_the_ordered_definition(make_engine: Callable[..., MemoryEngine]) -> None:
    engine = make_engine()
    rng = random.Random(5)
    now = engine.clock.now()
    with engine.db.write() as conn:
        for k in range(60):
            tid = f"edge-{k}"
            conn.execute("INSERT INTO knowledge_graph(triple_id, subject_id, predicate, object_id, status, "
                         "confidence, observation_count, evidence_text, directness, first_observed_at, "
                         "last_observed_at, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                         (tid, "s", "LIKES", f"o{k}", "active", 0.5, 0, "", "explicit", now, now, now, now))
            kinds = rng.choice([("explicit",), ("implied",), ("explicit", "implied", "inferred")])
            n = rng.randint(1, 12)
            seqs = rng.sample(range(1, 100), n)  # one row per event, so seqs differ within an edge
            for i in range(n):
                conn.execute("INSERT INTO l2_evidence(owner_kind, owner_id, event_id, event_seq, occurred_at, "
                             "evidence_text, confidence, directness, reason, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
                             ("edge", tid, f"ev-{k}-{i}", seqs[i], float(rng.randint(1, 4)),
                              f"text {k}/{i}", rng.choice([0.5, 0.7, 0.7, 0.9]), rng.choice(kinds), "", now))
            assert G.recompute_edge(conn, tid, now) == "updated"
            row = conn.execute("SELECT evidence_text, directness FROM knowledge_graph WHERE triple_id = ?",
                               (tid,)).fetchone()
            assert row == conn.execute(_REFERENCE, (tid,)).fetchone(), tid
