"""An episode's entity list is grown from a remembered parse of its stored JSON: the text written
must be what parsing, merging, sorting and dumping the stored text gives, whether the batch adds
entities or not, for lists written by this path and for lists written elsewhere (unsorted,
with duplicates, spaced differently)."""

from __future__ import annotations

import json
import random

from memory_core.l2 import episodes


def _old(text: str, ents: list[str]) -> str:
    return json.dumps(sorted(set(json.loads(text)) | set(ents)))


def test_grown_entity_ids_equals_parse_merge_dump() -> None:
    rng = random.Random(16)
    pool = [f"ent_{i:04d}" for i in range(300)] + ["ünï", "实体", 'q"uote']
    stored = json.dumps([])
    for step in range(2000):
        ents = sorted(set(rng.sample(pool, rng.randint(0, 6))))
        if rng.random() < 0.5:  # a batch naming only entities the episode holds
            held = json.loads(stored)
            ents = sorted(set(rng.sample(held, min(len(held), rng.randint(0, 4)))))
        if rng.random() < 0.05:  # a list written by another path: any order, duplicates, spacing
            items = json.loads(stored) + rng.sample(pool, 3)
            rng.shuffle(items)
            stored = json.dumps(items + items[:2], separators=(",", ":"))
        if rng.random() < 0.02:
            episodes._ENTITY_SETS.clear()
        expected = _old(stored, ents)
        assert episodes._grown_entity_ids(stored, ents) == expected, step
        assert episodes._entity_set(stored).ids == frozenset(json.loads(stored))
        stored = expected
