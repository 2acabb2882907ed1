"""Current-state answers use the query's clock: what was current *then*, a profile finding in
words dated by ``now``, and no finding that lists unrelated traits (issue 14, items 4-5)."""

from __future__ import annotations

from memory_core.policy import QueryMode
from memory_core.retrieval.intent import build_plan
from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project


def _l2(engine, question, now, mode=QueryMode.CURRENT_STATE):
    plan = build_plan(question, mode=mode, now=now)
    return engine.retrieval.registry.layers["l2"].search(plan).hits


def _moved(engine):
    engine.ingest_payloads([chat("a", "user", "I live in Shanghai.", T0, "r1"),
                            chat("b", "user", "I moved to Jiaxing.", T0 + 60 * DAY, "r2"),
                            chat("c", "user", "I'm very stressed today", T0 + 60 * DAY + 60, "r3"),
                            chat("d", "user", "I'm in a really good mood", T0 + 60 * DAY + 120, "r4")])
    project(engine)


def test_residence_as_of_a_date_before_the_move_is_the_old_one(l2_engine):
    _moved(l2_engine)
    before = [h for h in _l2(l2_engine, "Where do I live?", T0 + 30 * DAY) if h.kind == "assertion"]
    assert [(h.payload["value"], h.payload["current"]) for h in before] == [("shanghai", True)]
    assert "current then" in before[0].text and "superseded" not in before[0].text
    after = [h for h in _l2(l2_engine, "Where do I live?", T0 + 61 * DAY) if h.kind == "assertion"]
    assert [h.payload["value"] for h in after] == ["jiaxing"]


def test_profile_finding_is_words_dated_by_now_and_only_with_what_was_asked(l2_engine):
    _moved(l2_engine)
    now = T0 + 60 * DAY + 600  # within the mood's short TTL
    hits = _l2(l2_engine, "How am I doing?", now)
    profiles = [h for h in hits if h.kind == "snapshot"]
    for h in hits:
        assert "{" not in h.text and "[" not in h.text, h.text  # never a raw dict/list
    [p] = profiles
    assert p.occurred_at == now and p.text.startswith("profile as of ")
    assert "stress: high" in p.text and "mood: good" in p.text
    assert "residence" not in p.text  # not asked about
    # a question about something no trait answers gets no profile finding at all
    other = _l2(l2_engine, "What is my diet now?", now)
    assert not [h for h in other if h.kind == "snapshot"]
    # a date before anything was said: nothing current, no profile
    assert not [h for h in _l2(l2_engine, "How am I doing?", T0 - DAY) if h.kind in ("snapshot", "assertion")]
