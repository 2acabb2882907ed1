"""A job or home told ahead with a date begins at that date in L2: the new edge and assertion
are valid from the resolved start, the old value is superseded at the start (not at the
telling), and the profile as of a day in between still shows the old value, the new one as
scheduled."""

from __future__ import annotations

from datetime import datetime, timezone

from memory_core.db.connection import query_all
from memory_core.l2.snapshots import build_profile
from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project


def _day(ts: float | None) -> str | None:
    return None if ts is None else datetime.fromtimestamp(ts, timezone.utc).date().isoformat()


def test_scheduled_job_begins_at_its_date_and_ends_the_old_one_then(l2_engine):
    told = T0 + 100 * DAY
    l2_engine.ingest_payloads([chat("a", "user", "I work as a nurse at Mercy General.", T0, "r1"),
                               chat("b", "user", "I'm joining Kaiser Permanente next month.", told, "r2")])
    project(l2_engine)
    conn = l2_engine.db.reader()
    rows = {r["value"]: r for r in query_all(
        conn, "SELECT value, status, valid_from, valid_to FROM tom_trait_assertions WHERE trait = 'employer'")}
    told_day = datetime.fromtimestamp(told, timezone.utc)
    first_of_next = datetime(told_day.year + (told_day.month == 12), told_day.month % 12 + 1, 1,
                             tzinfo=timezone.utc).timestamp()
    assert rows["kaiser permanente"]["valid_from"] == first_of_next
    assert rows["mercy general"]["status"] == "superseded"
    assert rows["mercy general"]["valid_to"] == first_of_next  # ends at the start, not at the telling
    edge = conn.execute("SELECT valid_from FROM knowledge_graph k JOIN entity_catalog c ON c.entity_id = k.object_id "
                        "WHERE k.predicate = 'WORKS_AT' AND c.canonical_name = 'kaiser permanente'").fetchone()
    assert edge[0] == first_of_next
    user = l2_engine.components["l2"].user_id()
    between, _ = build_profile(conn, user, told + DAY)
    assert [t["value"] for t in between["traits"]["employer"]] == ["mercy general"]
    assert [(s["value"], _day(s["from"])) for s in between["scheduled"]] == [("kaiser permanente", _day(first_of_next))]
    after, _ = build_profile(conn, user, first_of_next + DAY)
    assert [t["value"] for t in after["traits"]["employer"]] == ["kaiser permanente"]
    assert after["scheduled"] == []


def test_l2_hits_between_the_telling_and_the_start_hold_no_scheduled_state(l2_engine):
    from memory_core.policy import QueryMode
    from memory_core.retrieval.intent import build_plan

    told = T0 + 100 * DAY
    l2_engine.ingest_payloads([chat("a", "user", "I work as a nurse at Mercy General.", T0, "r1"),
                               chat("b", "user", "I quit Mercy General.", told - DAY, "r2"),
                               chat("c", "user", "I'm joining Kaiser Permanente next month.", told, "r3")])
    project(l2_engine)

    def current(now: float) -> list[str]:
        plan = build_plan("Where do I work now?", mode=QueryMode.CURRENT_STATE, now=now)
        hits = l2_engine.retrieval.registry.layers["l2"].search(plan).hits
        return [h.text for h in hits if h.kind in ("edge", "assertion") and "kaiser" in h.text
                and (h.kind == "edge" or h.payload.get("current"))]

    assert current(told + DAY) == []
    assert current(told + 60 * DAY)
