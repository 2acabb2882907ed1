"""Triple and user ids are uuid5 of the ':'-joined parts, memoised: a remembered id must be the
uuid5 itself, and ids are fixed forever (stored rows reference them)."""

from __future__ import annotations

import uuid

from memory_core.ids import MAGI_NAMESPACE, stable_id
from memory_core.l2.catalog import user_entity_id
from memory_core.l2.graph_store import triple_id


def test_stable_id_is_uuid5_of_the_joined_parts_first_time_and_remembered() -> None:
    parts = [("user", "local_user"), ("ent_a", "likes", "ent_b"), ("a:b", "c"), ("a", "b:c"), ("",), ("实体", "x")]
    for _ in range(2):  # the second round reads the memo
        for p in parts:
            assert stable_id(*p) == str(uuid.uuid5(MAGI_NAMESPACE, ":".join(p)))
    assert stable_id("a:b", "c") == stable_id("a", "b:c")  # the join, as before the memo
    assert triple_id("s", "p", "o") == stable_id("s", "p", "o")
    assert user_entity_id() == "%s" % uuid.uuid5(MAGI_NAMESPACE, "user:local_user")
