"""Bounded candidate generation returns what the unbounded search returns.

A windowed full-text search is given a seq range from the time index (``paths.seq_bounds``):
every event inside the window must lie inside the range, whatever the order events were
ingested in, and the windowed BM25 and category searches must return the same hits (same
order, same scores) with and without it."""

from __future__ import annotations

import pytest

from memory_core.policy import PATH_FETCH_K, QueryMode
from memory_core.retrieval.paths import PathContext
from memory_core.retrieval.paths.bm25 import fts_top
from memory_core.retrieval.paths.category import recent_top
from memory_core.retrieval.paths.seq_bounds import window_seq_bounds
from memory_core.retrieval.plan import TimeWindow
from tests.helpers import DAY, T0, chat

ITEMS = ["rice cooker", "air fryer", "pressure cooker", "kettle", "toaster", "blender"]


@pytest.fixture
def store(make_engine):
    engine = make_engine(layers=())
    payloads = []
    for i in range(240):
        # mostly in time order, with an old history imported late (seqs 201-240 are from the start)
        day = i if i < 200 else (i - 200) * 0.5
        item = ITEMS[i % len(ITEMS)]
        payloads.append(chat(f"s{i // 4}", "user", f"I bought a {item} today, day {i} of the {item} saga",
                             T0 + day * DAY, f"m{i}"))
    engine.ingest_payloads(payloads)
    return engine


def _ctx(engine, window):
    plan = engine.retrieval.plan("what did I buy", QueryMode.EXACT_FACT, now=T0 + 400 * DAY)
    plan.time_window = window
    return PathContext(plan, engine.db, ("fact_authoritative",), PATH_FETCH_K)


WINDOWS = [TimeWindow(None, T0 + 10 * DAY), TimeWindow(T0 + 150 * DAY, None),
           TimeWindow(T0 + 20 * DAY, T0 + 60 * DAY), TimeWindow(T0 + 190 * DAY, T0 + 199.5 * DAY),
           TimeWindow(T0 + 500 * DAY, None), TimeWindow(None, T0 - DAY)]


@pytest.mark.parametrize("min_scan", [0, 5, 50_000])
@pytest.mark.parametrize("window", WINDOWS)
def test_every_event_in_the_window_lies_inside_the_seq_range(store, window, min_scan):
    conn = store.db.reader()
    lo, hi = window_seq_bounds(conn, window, min_scan=min_scan)
    inside = [seq for seq, t in conn.execute("SELECT seq, occurred_at FROM fact_events") if window.contains(t)]
    if window == WINDOWS[0]:
        assert max(inside) > 200  # the late import is in it: a bound from time order alone would miss it
    for seq in inside:
        assert (lo is None or seq >= lo) and (hi is None or seq <= hi)
    if min_scan == 50_000:  # small store: both edges are always bounded, and tightly when in order
        assert window.end is None or hi is not None
        assert window.start is None or lo is not None


def test_an_empty_window_gives_an_empty_range(store):
    conn = store.db.reader()
    assert window_seq_bounds(conn, TimeWindow(T0 + 500 * DAY, None)) == (1, 0)
    assert window_seq_bounds(conn, TimeWindow(None, T0 - DAY)) == (1, 0)


@pytest.mark.parametrize("window", WINDOWS)
def test_windowed_searches_return_the_same_hits_with_and_without_the_bound(store, window, monkeypatch):
    expr = '"cooker" OR "fryer" OR "kettle"'
    bounded = _ctx(store, window)
    got = (fts_top(bounded, expr, 20, window=window), recent_top(bounded, expr, 20, window=window))
    assert bounded._seq_bounds  # the bound was computed and used
    monkeypatch.setattr(PathContext, "rowid_bounds", lambda self, w, alias="f": ("", []))
    plain = _ctx(store, window)
    want = (fts_top(plain, expr, 20, window=window), recent_top(plain, expr, 20, window=window))
    assert got == want
    assert all(window.contains(t) for seq, _ in got[0] for t in
               [store.db.read_value("SELECT occurred_at FROM fact_events WHERE seq = ?", (seq,))])


def test_bm25_ceiling_is_the_same_from_the_counted_frequencies(store, monkeypatch):
    """``ideal_score`` reads the document frequencies ``informative_terms`` already counted
    (big stores) instead of counting again: same ceiling."""
    from memory_core.retrieval.paths import terms as terms_mod
    from memory_core.retrieval.paths.bm25 import ideal_score

    monkeypatch.setattr(terms_mod, "BM25_PRUNE_MIN_EVENTS", 0)
    words = ["cooker", "fryer", "saga", "kettle", "unseen"]
    counted = _ctx(store, None)
    kept, _pruned = terms_mod.informative_terms(store.db, words, counted.term_df)
    assert counted.term_df and set(counted.term_df) <= set(kept)
    assert ideal_score(counted, kept) == ideal_score(_ctx(store, None), kept)


def test_paths_starting_together_compute_the_window_bounds_once(store, monkeypatch):
    """The windowed paths run on parallel threads and each asks for the bounds first: one
    computes them, the others wait for that result instead of counting again."""
    import threading
    import time

    from memory_core.retrieval import paths as paths_mod

    calls = []

    def slow_bounds(conn, window):
        calls.append(window)
        time.sleep(0.05)  # long enough for every thread to ask while the first computes
        return 3, 9

    monkeypatch.setattr(paths_mod, "window_seq_bounds", slow_bounds)
    window = WINDOWS[2]
    ctx = _ctx(store, window)
    got = []
    threads = [threading.Thread(target=lambda: got.append(ctx.rowid_bounds(window))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1
    assert got == [(" AND f.rowid >= ? AND f.rowid <= ?", [3, 9])] * 4


def _tool_store(make_engine, assistant: int, users_on_top: int, users: int = 30):
    """``assistant`` tool replies that outrank the user's notes on "tool" (scope: a fact search
    filters them out), ``users_on_top`` user notes worded like them, ``users`` plain notes."""
    engine = make_engine(layers=())
    payloads = [chat(f"a{i}", "assistant", f"the tool worked, tool run {i}, tool output", T0 + i * 60, f"a{i}")
                for i in range(assistant)]
    payloads += [chat(f"t{i}", "user", f"the tool, tool, tool worked, tool run {i}", T0 + 20 + i * 60, f"t{i}")
                 for i in range(users_on_top)]
    payloads += [chat(f"u{i}", "user", f"my notes on the tool from a long day of errands number {i}",
                      T0 + 30 + i * 600, f"u{i}") for i in range(users)]
    engine.ingest_payloads(payloads)
    return engine


def _spy_joined(monkeypatch):
    from memory_core.retrieval.paths import bm25

    ranked = []
    real_joined = bm25._joined_top
    monkeypatch.setattr(bm25, "_joined_top", lambda *a: ranked.append(a) or real_joined(*a))
    return ranked, real_joined


def _users(engine):
    return {r[0] for r in engine.db.reader().execute("SELECT seq FROM fact_events WHERE author_type = 'user'")}


def test_a_slice_the_filters_empty_goes_straight_to_the_joined_ranking(make_engine, monkeypatch):
    """When the filters pass (almost) nothing of the first ranked slice, BM25 ranks once more
    with the filters in SQL instead of trying a larger slice first: same hits either way."""
    from memory_core.retrieval.paths import bm25

    monkeypatch.setattr(bm25, "BM25_RANKED_SLICE", 0)  # slice = 4k = 80 rows, all the assistant's
    monkeypatch.setattr(bm25, "BM25_JOIN_BELOW_SHARE", 0.0)  # the slice first, whatever passes
    engine = _tool_store(make_engine, assistant=150, users_on_top=0)
    ctx = _ctx(engine, None)
    ranked, real_joined = _spy_joined(monkeypatch)
    got = bm25.fts_top(ctx, '"tool"', 20)
    where, params = ctx.where()
    want = real_joined(ctx, engine.db.reader(), '"tool"', where, params, 20)
    assert len(ranked) == 1 and len(got) == 20
    assert got == want
    assert {seq for seq, _ in got} <= _users(engine)


def test_a_thinned_slice_is_ranked_once_wider_before_joining(make_engine, monkeypatch):
    """A first slice that holds a few passing rows (here 2-19 of 80) is ranked again, wider,
    and that slice's filtered head is the joined ranking's answer, without the join."""
    from memory_core.retrieval.paths import bm25

    monkeypatch.setattr(bm25, "BM25_RANKED_SLICE", 0)
    monkeypatch.setattr(bm25, "BM25_SLICE_GROWTH", 4)  # second slice 320 rows: holds them all
    monkeypatch.setattr(bm25, "BM25_JOIN_BELOW_SHARE", 0.0)
    engine = _tool_store(make_engine, assistant=150, users_on_top=10)
    ctx = _ctx(engine, None)
    conn = engine.db.reader()
    first = [r[0] for r in conn.execute("SELECT rowid FROM fact_events_fts WHERE fact_events_fts MATCH "
                                        "'\"tool\"' ORDER BY bm25(fact_events_fts) LIMIT 80")]
    passed = len(set(first) & _users(engine))
    assert 20 > passed and passed * 4 >= 20  # the case under test: thinned, not emptied
    ranked, real_joined = _spy_joined(monkeypatch)
    got = bm25.fts_top(ctx, '"tool"', 20)
    where, params = ctx.where()
    assert not ranked
    assert got == real_joined(ctx, conn, '"tool"', where, params, 20) and len(got) == 20


def test_a_slice_that_holds_every_match_is_the_answer_even_when_short(make_engine, monkeypatch):
    """Fewer than k rows pass, but the slice held every match: nothing else could pass, so no
    second ranking — and the hits are the joined ranking's."""
    from memory_core.retrieval.paths import bm25

    monkeypatch.setattr(bm25, "BM25_JOIN_BELOW_SHARE", 0.0)
    engine = _tool_store(make_engine, assistant=150, users_on_top=0, users=12)
    ctx = _ctx(engine, None)
    ranked, real_joined = _spy_joined(monkeypatch)

    got = bm25.fts_top(ctx, '"tool"', 20)
    where, params = ctx.where()
    assert not ranked and len(got) == 12
    assert got == real_joined(ctx, engine.db.reader(), '"tool"', where, params, 20)


@pytest.mark.parametrize("assistant, users_on_top", [(150, 0), (150, 10), (20, 40)])
def test_the_joined_and_the_sliced_ranking_give_the_same_hits(make_engine, monkeypatch, assistant, users_on_top):
    """``fts_top`` picks its way by the share of the newest matches the filters pass; which way
    it takes must never change the hits (same events, order and scores)."""
    from memory_core.retrieval.paths import bm25

    engine = _tool_store(make_engine, assistant=assistant, users_on_top=users_on_top)
    ctx = _ctx(engine, None)
    ranked, _ = _spy_joined(monkeypatch)
    monkeypatch.setattr(bm25, "BM25_JOIN_BELOW_SHARE", 2.0)  # always joined at once
    joined = bm25.fts_top(ctx, '"tool"', 20)
    assert len(ranked) == 1
    ranked.clear()
    monkeypatch.setattr(bm25, "BM25_JOIN_BELOW_SHARE", 0.0)  # always the slice first
    monkeypatch.setattr(bm25, "BM25_RANKED_SLICE", 0)
    sliced = bm25.fts_top(ctx, '"tool"', 20)
    assert joined == sliced and len(joined) == 20
    assert {seq for seq, _ in joined} <= _users(engine)


def test_few_passing_matches_rank_joined_at_once(make_engine, monkeypatch):
    """Where the filters pass few of the newest matches (here 30 user notes among 230 matches),
    no ranked slice is tried first; where they pass most, the slice is."""
    from memory_core.retrieval.paths import bm25

    engine = _tool_store(make_engine, assistant=200, users_on_top=0)
    ctx = _ctx(engine, None)
    where, params = ctx.where(unindexed=True)
    share = bm25.filter_share(ctx, engine.db.reader(), '"tool"', where, params)
    assert share == pytest.approx(30 / 230)
    ranked, _ = _spy_joined(monkeypatch)
    bm25.fts_top(ctx, '"tool"', 20)
    assert len(ranked) == 1
    ranked.clear()
    both = PathContext(ctx.plan, engine.db, ("conversation_only", "fact_authoritative"), PATH_FETCH_K)
    where, params = both.where(unindexed=True)
    assert bm25.filter_share(both, engine.db.reader(), '"tool"', where, params) == 1.0
    assert len(bm25.fts_top(both, '"tool"', 20)) == 20 and not ranked
    assert bm25.filter_share(ctx, engine.db.reader(), '"nothingmatches"', where, params) == 1.0


def test_full_text_filters_read_the_narrow_scope_index(store):
    """Migration 0012's covering index serves the scope / window check of every match (the
    event's whole row is not read); with a caller filter the row is needed and the primary
    key serves it."""
    conn = store.db.reader()
    assert conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'ix_fact_events_seq_scope'"
                        ).fetchall()
    ctx = _ctx(store, TimeWindow(T0 + 20 * DAY, T0 + 60 * DAY))
    where, params = ctx.where(window=ctx.plan.time_window, unindexed=True)
    plan = " ".join(r[-1] for r in conn.execute(
        f"EXPLAIN QUERY PLAN SELECT f.rowid FROM fact_events_fts f CROSS JOIN {ctx.events()} "
        f"ON e.seq = f.rowid WHERE fact_events_fts MATCH ?{where}", ('"kettle"', *params)))
    assert "COVERING INDEX ix_fact_events_seq_scope" in plan
    unfiltered = fts_top(ctx, '"kettle"', 5, window=ctx.plan.time_window)
    ctx.plan.filters["source"] = conn.execute("SELECT source FROM fact_events LIMIT 1").fetchone()[0]
    assert "INDEXED BY" not in ctx.events()
    assert fts_top(ctx, '"kettle"', 5, window=ctx.plan.time_window) == unfiltered and unfiltered
