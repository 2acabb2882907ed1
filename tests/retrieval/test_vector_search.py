"""Vector KNN: sqlite-vec exact search and the quantised prefilter agree on clear neighbours,
respect scope and window, pick up new chunks incrementally and never return deleted ones."""

from __future__ import annotations

import numpy as np
import pytest

from memory_core.l1.vectors import vec_table
from memory_core.retrieval.plan import TimeWindow
from memory_core.retrieval.vector_search import VectorIndex, quantize_bits
from tests.helpers import DAY, T0, chat

TOPICS = ["cat", "coffee", "hiking", "piano", "tax", "garden", "python", "sushi"]


def _texts(n):
    rng = np.random.default_rng(7)
    words = ["morning", "evening", "friend", "weekend", "plan", "happy", "tired", "city", "book", "music"]
    return [f"{TOPICS[i % len(TOPICS)]} " + " ".join(rng.choice(words, 4)) + f" note {i}" for i in range(n)]


@pytest.fixture
def store(make_engine):
    engine = make_engine(layers=())
    texts = _texts(400)
    # one session per message: a chat message is embedded with the one before it in its session,
    # and these tests look a message up by its own text
    payloads = [chat(f"s{i}", "user" if i % 3 else "assistant", t, T0 + i * 3600, f"m{i}")
                for i, t in enumerate(texts)]
    engine.ingest_payloads(payloads)
    engine.run_until_idle()
    return engine


def test_bits_match_sqlite_vec_quantization(store):
    vec = store.providers.embedder.embed(["a quick check of the bit layout"])[0]
    blob = store.db.reader().execute("SELECT vec_quantize_binary(?)", (vec.astype(np.float32).tobytes(),)).fetchone()[0]
    assert bytes(blob) == quantize_bits(vec).tobytes()


def test_both_strategies_find_a_stored_vector_first(store):
    vi = VectorIndex(store.db, store.l1.space_id, store.providers.embedder.dim)
    target = store.list_events(limit=500, newest_first=True)[123]
    q = store.providers.embedder.embed([target.content])[0]
    exact, s1 = vi.search(q, 10, strategy="sqlite_vec")
    pre, s2 = vi.search(q, 10, strategy="prefilter")
    assert s1.strategy == "sqlite_vec" and s2.strategy == "prefilter"
    assert exact[0].event_seq == target.seq == pre[0].event_seq
    assert pre[0].similarity == pytest.approx(exact[0].similarity, abs=1e-5) and pre[0].exact
    overlap = len({h.event_seq for h in exact[:10]} & {h.event_seq for h in pre[:10]})
    assert overlap >= 7  # clear neighbours survive the 1-bit prefilter


def test_scope_and_window_are_applied_inside_the_search(store):
    vi = VectorIndex(store.db, store.l1.space_id, store.providers.embedder.dim)
    q = store.providers.embedder.embed(["cat morning friend"])[0]
    window = TimeWindow(T0 + 50 * 3600, T0 + 150 * 3600)
    for strategy in ("sqlite_vec", "prefilter"):
        hits, _ = vi.search(q, 20, scopes=["fact_authoritative"], window=window, strategy=strategy)
        events = store.l1.get_by_seq([h.event_seq for h in hits])
        assert len({h.event_seq for h in hits}) >= 20
        assert all(e.l1_retrieval_scope == "fact_authoritative" for e in events.values())
        assert all(window.contains(e.occurred_at) for e in events.values())


def test_cache_refreshes_incrementally_and_forgets_deleted_events(store):
    vi = VectorIndex(store.db, store.l1.space_id, store.providers.embedder.dim)
    assert vi.warm() == 400
    store.ingest_payloads([chat("new", "user", "zebra crossing saxophone quartet", T0 + 500 * 3600, "z1")])
    store.run_until_idle()
    q = store.providers.embedder.embed(["zebra crossing saxophone quartet"])[0]
    hits, stats = vi.search(q, 5, strategy="prefilter")
    new = store.list_events(limit=1)[0]
    assert hits[0].event_seq == new.seq and stats.refreshed == 1
    vi.mark_deleted([new.seq])
    store.delete_events([new.event_id])
    hits, stats = vi.search(q, 5, strategy="prefilter")
    assert new.seq not in {h.event_seq for h in hits}
    assert vi.cache_info()["dead"] >= 1


def test_rows_missing_from_the_table_are_dropped_even_without_notice(store):
    """Re-embedding replaces chunk rows behind the cache's back: exact rescoring notices."""
    vi = VectorIndex(store.db, store.l1.space_id, store.providers.embedder.dim)
    vi.warm()
    target = store.list_events(limit=500, newest_first=False)[10]
    q = store.providers.embedder.embed([target.content])[0]
    chunk_ids = [r[0] for r in store.db.reader().execute(
        "SELECT chunk_id FROM event_chunks WHERE event_seq = ?", (target.seq,))]
    with store.db.write() as conn:
        conn.execute(f"DELETE FROM {vec_table(store.l1.space_id)} WHERE chunk_id = ?", (chunk_ids[0],))
    hits, _ = vi.search(q, 5, strategy="prefilter")
    assert chunk_ids[0] not in {h.chunk_id for h in hits}


def test_automatic_strategy_uses_the_threshold(store):
    small = VectorIndex(store.db, store.l1.space_id, store.providers.embedder.dim, prefilter_min_chunks=10_000)
    big = VectorIndex(store.db, store.l1.space_id, store.providers.embedder.dim, prefilter_min_chunks=100)
    q = store.providers.embedder.embed(["coffee"])[0]
    assert small.search(q, 5)[1].strategy == "sqlite_vec"
    # cold start: before the cache is built a big store answers with exact KNN (no multi-second
    # build in the first query); once the background worker has built it, the prefilter
    assert big.cache_info() == {"built": False}
    assert big.search(q, 5)[1].strategy == "sqlite_vec"
    assert big.refresh_if_large() > 0
    assert big.search(q, 5)[1].strategy == "prefilter"
    with pytest.raises(ValueError):
        small.search(np.zeros(store.providers.embedder.dim), 5)


def test_selective_window_beyond_sqlite_vec_k_limit_does_not_fail(make_engine):
    """Between sqlite-vec's k limit (4,096) and the prefilter threshold the exact strategy used
    to grow k past 4,096 when a window left too few events ("k value in knn query too large"):
    it now caps k and escalates to the masked prefilter, which applies the window exactly."""
    engine = make_engine(layers=())
    texts = _texts(4_600)
    engine.ingest_payloads([chat(f"s{i % 50}", "user", t, T0 + i * 60.0, f"m{i}") for i, t in enumerate(texts)])
    engine.run_until_idle()
    vi = VectorIndex(engine.db, engine.l1.space_id, engine.providers.embedder.dim)
    assert vi.chunk_count() > 4_096
    window = TimeWindow(T0 + 100 * 60.0, T0 + 130 * 60.0)  # 30 of 4,600 events
    q = engine.providers.embedder.embed(["cat morning friend"])[0]
    hits, stats = vi.search(q, 20, scopes=["fact_authoritative"], window=window, strategy="sqlite_vec")
    seqs = {h.event_seq for h in hits}
    assert len(seqs) == 20
    occurred = {seq: e.occurred_at for seq, e in engine.l1.get_by_seq(sorted(seqs)).items()}
    assert all(window.contains(t) for t in occurred.values())
    assert stats.extra.get("escalated_from") == "sqlite_vec"


def test_cache_is_built_in_bounded_batches_with_the_same_answers(store, monkeypatch):
    """The cache reads the store a batch at a time (bounded temporaries on a 100k store); built
    from many small batches it holds every chunk once and answers like exact KNN."""
    import memory_core.retrieval.vector_search as vs

    monkeypatch.setattr(vs, "CACHE_LOAD_BATCH", 7)
    vi = VectorIndex(store.db, store.l1.space_id, store.providers.embedder.dim)
    n_vectors = store.db.read_value(f"SELECT count(*) FROM {vec_table(store.l1.space_id)}")
    assert vi.warm() == n_vectors == 400
    cached = vi._cache
    assert len(set(cached.chunk_ids[: cached.n].tolist())) == cached.n
    target = store.list_events(limit=500, newest_first=True)[42]
    q = store.providers.embedder.embed([target.content])[0]
    assert vi.search(q, 5, strategy="prefilter")[0][0].event_seq == target.seq


def test_point_lookups_load_the_same_cache_as_the_range_scan(store, monkeypatch):
    """Few new vectors are read one point lookup each (sqlite-vec scans every row id for a
    chunk_id range): the cache holds the same rows, vectors and bits either way, also past a
    chunk whose vector is missing."""
    import memory_core.retrieval.vector_search as vs

    gone = store.db.read_value("SELECT chunk_id FROM event_chunks ORDER BY chunk_id LIMIT 1 OFFSET 17")
    with store.db.write() as conn:
        conn.execute(f"DELETE FROM {vec_table(store.l1.space_id)} WHERE chunk_id = ?", (gone,))
    caches = []
    for point_max in (0, 10_000):
        monkeypatch.setattr(vs, "VECTOR_CACHE_POINT_LOAD_MAX", point_max)
        monkeypatch.setattr(vs, "CACHE_LOAD_BATCH", 50)
        vi = VectorIndex(store.db, store.l1.space_id, store.providers.embedder.dim)
        assert vi.warm() == 399
        caches.append(vi._cache)
    a, b = caches
    assert gone not in a.chunk_ids[: a.n].tolist()
    assert a.n == b.n and a.max_chunk_id == b.max_chunk_id
    for name in ("chunk_ids", "seqs", "scope", "occurred", "alive", "bits", "q8", "scale"):
        assert np.array_equal(getattr(a, name)[: a.n], getattr(b, name)[: b.n]), name


@pytest.mark.parametrize("nbytes", [64, 32, 7])
def test_blocked_hamming_scan_equals_the_direct_count(nbytes):
    """The in-place block scan (and its 512-bit byte-sum shortcut) gives the same distances as
    popcounting the XOR of each whole row, across block boundaries and a ragged last block."""
    from memory_core.retrieval.vector_search import hamming_distances

    rng = np.random.default_rng(3)
    bits = rng.integers(0, 256, (1000, nbytes), dtype=np.uint8)
    q = rng.integers(0, 256, nbytes, dtype=np.uint8)
    bits[0] = ~q  # the largest distance a row can have (512 for 64 bytes: the byte sum must carry it)
    direct = np.unpackbits(bits ^ q, axis=1).sum(axis=1)
    assert np.array_equal(hamming_distances(bits, q, block=64), direct)
    assert np.array_equal(hamming_distances(bits, q, block=1000), direct)
    assert hamming_distances(bits[:0], q).shape == (0,)


def test_blocked_int8_rescoring_equals_one_product():
    from memory_core.retrieval.vector_search import int8_similarities

    rng = np.random.default_rng(5)
    q8 = rng.integers(-127, 128, (5000, 64), dtype=np.int8)
    scale = rng.random(5000).astype(np.float32)
    rows = rng.choice(5000, 3000, replace=False)
    q = rng.standard_normal(64).astype(np.float32)
    whole = np.einsum("ij,j->i", q8[rows].astype(np.float32), q) * scale[rows]
    assert np.array_equal(int8_similarities(q8, scale, rows, q, block=256), whole)
