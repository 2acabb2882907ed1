"""A short-term trait whose TTL ran out by the time of a new statement is not live for it: the
new statement starts its own assertion instead of corroborating (or overwriting) the lapsed one,
whether or not the expiry worker ran in between (the state follows the events' times, not the
workers' schedule)."""

from __future__ import annotations

from memory_core.policy import TRAIT_TTL_S
from tests.helpers import DAY, T0, chat


def _happy(engine) -> list[tuple[int, str]]:
    return engine.db.reader().execute(
        "SELECT evidence_count, status FROM tom_trait_assertions WHERE trait = 'emotion' AND value_norm = 'happy' "
        "ORDER BY first_observed_at").fetchall()


def test_a_mood_days_later_is_a_new_assertion_even_in_one_batch(l2_engine) -> None:
    assert TRAIT_TTL_S["emotion"] < 3 * DAY
    l2_engine.ingest_payloads([chat("m", "user", "这周最开心的事是高压锅。", T0, "a"),
                               chat("m", "user", "这周最开心的事是空气炸锅。", T0 + 3 * DAY, "b")])
    l2_engine.run_until_idle()
    rows = _happy(l2_engine)
    assert len(rows) == 2 and [n for n, _ in rows] == [1, 1]


def test_a_mood_within_its_ttl_corroborates(l2_engine) -> None:
    l2_engine.ingest_payloads([chat("m", "user", "这周最开心的事是高压锅。", T0, "a"),
                               chat("m", "user", "这周最开心的事是空气炸锅。", T0 + 600, "b")])
    l2_engine.run_until_idle()
    rows = _happy(l2_engine)
    assert len(rows) == 1 and rows[0][0] == 2
