"""Vector KNN over ``vec_chunks_<space>``: exact sqlite-vec for small stores, a quantised
in-process prefilter above ``policy.VECTOR_PREFILTER_MIN_CHUNKS``.

Why two strategies. sqlite-vec's KNN is an exact brute-force scan in C: ~9 ms at 20k x 256,
~44 ms at 100k, ~460 ms at 1M — fine for most desktops, too slow for the 50 ms / 250 ms
``memory_query`` targets at 100k / 1M. Above the threshold we keep a cache in numpy, built lazily
from the table (SQLite stays the only store; the cache is derived and disposable):

1. **Hamming prefilter** over 1-bit codes: XOR + popcount of the whole store in a few ms; the
   mode's scope and the time window are applied here as masks, so filtered search stays exact in
   what it may return. The codes are random-hyperplane (SimHash) signs of the float vector,
   ``policy.VECTOR_PREFILTER_CODE_BITS`` wide, not the table's ``embedding_bits``: those are the
   signs of the coordinates, which for the sparse hashed vectors of the offline embedder (~60 %
   exact zeros) cannot tell zero from negative — measured recall@10 at 129k chunks and 2,000
   candidates: 0.20 with ``embedding_bits``, 0.96 with 512-bit hyperplane codes. Dense neural
   vectors quantise well either way; ``VECTOR_PREFILTER_CODES = "table_bits"`` uses the column.
2. **int8 rescoring** of the best ``candidates`` (a few thousand) with per-vector scaled int8
   copies (256 bytes per chunk): a near-exact cosine, cheap enough for a large candidate pool —
   the pool size is what recall depends on (1-bit codes are coarse, especially for sparse
   hashed features).
3. **exact float cosine** for the final top ``VECTOR_EXACT_RESCORE`` chunks, read back from
   sqlite-vec (a point read costs ~50 us because vec0 stores 1024 vectors per blob, hence only
   for the head), so the similarities reported in the trace are the true ones.

Freshness: new chunks (chunk ids only grow) are appended incrementally before each search
(``max(chunk_id)`` on the ``event_chunks`` index is microseconds). Deleted or re-embedded
chunks are noticed lazily and safely: a deletion participant marks the deleted events'
chunks *suspect*, and the next search confirms against the table which are really gone
(a rolled-back deletion therefore loses nothing); rows found missing during exact rescoring
are dropped too. When a fifth of the cache is dead it is rebuilt.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

import numpy as np

from ..db.connection import Database, placeholders
from ..l1.vectors import vec_table
from ..policy import (VECTOR_CACHE_POINT_LOAD_MAX, VECTOR_CACHE_STALE_REBUILD,
                      VECTOR_EXACT_RESCORE, VECTOR_KNN_OVERFETCH,
                      VECTOR_PREFILTER_CANDIDATES, VECTOR_PREFILTER_CANDIDATE_FRACTION,
                      VECTOR_PREFILTER_CODE_BITS, VECTOR_PREFILTER_CODES,
                      VECTOR_PREFILTER_MIN_CHUNKS, VECTOR_PREFILTER_OVERSAMPLE, RetrievalScope)
from .plan import TimeWindow

log = logging.getLogger(__name__)

#: sqlite-vec refuses KNN queries with k above this
SQLITE_VEC_MAX_K = 4096
#: chunks read per step while building the cache (bounds the build's temporary memory)
CACHE_LOAD_BATCH = 16_384
#: scope -> small integer code in the cache (unknown scopes get -1 and are never returned)
SCOPE_CODES = {s.value: i for i, s in enumerate(RetrievalScope)}
#: rows per step of the Hamming scan and of the int8 rescoring: each step's temporaries stay in
#: the CPU cache. Gathering the masked rows first and XOR-ing them as one array allocated ~150 MB
#: per query at 1M chunks (59 ms of a synthetic 1.09M x 512-bit scan against 12 ms in steps)
SCAN_BLOCK = 32_768
RESCORE_BLOCK = 4_096
_LOW_BYTES = np.uint64(0x00FF00FF00FF00FF)
_SUM_LANES = np.uint64(0x0001000100010001)


def hamming_distances(bits: np.ndarray, qbits: np.ndarray, *, block: int = SCAN_BLOCK) -> np.ndarray:
    """Hamming distance (int32) of every row of ``bits`` (n x nbytes, packed) to ``qbits``.

    Pure function, exact. Runs in blocks over the contiguous array (no gathered copy of the
    rows): XOR, popcount per 64-bit word, then the words' counts summed per row. With 8 words
    a row (512-bit codes) the eight one-byte counts are one uint64 and are summed with two
    multiply-shift steps instead of a per-row reduction (numpy's ``sum(axis=1)`` over 8 columns
    cost more than the popcount itself)."""
    n, nbytes = bits.shape
    out = np.zeros(n, np.int32)
    if n == 0:
        return out
    if nbytes % 8:
        for s in range(0, n, block):
            out[s:s + block] = np.bitwise_count(bits[s:s + block] ^ qbits).sum(axis=1, dtype=np.int32)
        return out
    words = np.ascontiguousarray(bits).view(np.uint64)
    qw = np.ascontiguousarray(qbits).view(np.uint64)
    w = words.shape[1]
    x = np.empty((min(block, n), w), np.uint64)
    c = np.empty((min(block, n), w), np.uint8)
    v = np.empty(min(block, n), np.uint64)
    u = np.empty(min(block, n), np.uint64)
    for s in range(0, n, block):
        e = min(n, s + block)
        k = e - s
        np.bitwise_xor(words[s:e], qw, out=x[:k])
        np.bitwise_count(x[:k], out=c[:k])
        if w == 8:  # one byte of count per word: the row's counts are one uint64
            cv = c[:k].view(np.uint64).ravel()
            np.bitwise_and(cv, _LOW_BYTES, out=v[:k])  # bytes 0,2,4,6 as 16-bit lanes
            np.right_shift(cv, np.uint64(8), out=u[:k])
            np.bitwise_and(u[:k], _LOW_BYTES, out=u[:k])  # bytes 1,3,5,7
            np.add(v[:k], u[:k], out=v[:k])  # four lanes, each <= 128
            np.multiply(v[:k], _SUM_LANES, out=v[:k])  # the top lane collects all four (<= 512)
            np.right_shift(v[:k], np.uint64(48), out=v[:k])
            out[s:e] = v[:k]
        else:
            o = out[s:e]
            for j in range(w):
                np.add(o, c[:k, j], out=o)
    return out


def int8_similarities(q8: np.ndarray, scale: np.ndarray, rows: np.ndarray, q: np.ndarray, *,
                      block: int = RESCORE_BLOCK) -> np.ndarray:
    """Approximate cosine of ``rows`` of the int8 copies against the unit query ``q``, in blocks
    (the float copy of a 20k-row pool is 20 MB; each row's dot product is the same either way).
    einsum, not ``@``: a (few thousand x d) product is tiny, and OpenBLAS's threads spin badly on
    a busy 2-core machine (measured p95 28 ms for ``@`` vs 0.5 ms for einsum)."""
    out = np.empty(len(rows), np.float32)
    for s in range(0, len(rows), block):
        part = rows[s:s + block]
        out[s:s + len(part)] = np.einsum("ij,j->i", q8[part].astype(np.float32), q) * scale[part]
    return out


@dataclass(slots=True)
class ChunkHit:
    chunk_id: int
    event_seq: int
    similarity: float  # cosine similarity (1 = identical direction)
    exact: bool  # True when computed from the stored float vector


@dataclass(slots=True)
class SearchStats:
    strategy: str  # sqlite_vec | prefilter
    chunks: int = 0
    candidates: int = 0
    rounds: int = 0
    elapsed_ms: float = 0.0
    cache_rows: int = 0
    refreshed: int = 0
    dead: int = 0
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"strategy": self.strategy, "chunks": self.chunks, "candidates": self.candidates,
                "rounds": self.rounds, "elapsed_ms": round(self.elapsed_ms, 2),
                "cache_rows": self.cache_rows, "refreshed": self.refreshed, "dead": self.dead,
                **self.extra}


def quantize_bits(vec: np.ndarray) -> np.ndarray:
    """Same bit layout as sqlite-vec's ``vec_quantize_binary`` (x > 0, little-endian bits)."""
    return np.packbits(np.asarray(vec) > 0, bitorder="little", axis=-1)


def hyperplanes(dim: int, bits: int, seed: int = 20240601) -> np.ndarray:
    """Fixed random hyperplanes for SimHash codes (deterministic: same codes every run)."""
    return np.random.default_rng(seed).standard_normal((dim, bits)).astype(np.float32)


class _Coder:
    """Turns float vectors (rows) into packed 1-bit codes for the Hamming prefilter."""

    def __init__(self, dim: int, mode: str = VECTOR_PREFILTER_CODES,
                 bits: int = VECTOR_PREFILTER_CODE_BITS) -> None:
        if mode not in ("simhash", "table_bits"):
            raise ValueError(f"unknown prefilter code mode {mode!r}")
        self.mode = mode
        self.planes = hyperplanes(dim, bits) if mode == "simhash" else None
        self.nbits = bits if mode == "simhash" else dim

    def encode(self, floats: np.ndarray, table_bits: np.ndarray | None = None) -> np.ndarray:
        if self.mode == "table_bits":
            assert table_bits is not None
            return table_bits
        out = []
        for i in range(0, len(floats), 8192):  # bounded temporaries on big rebuilds
            out.append(np.packbits((floats[i:i + 8192] @ self.planes) > 0, axis=1, bitorder="little"))
        return np.vstack(out) if out else np.zeros((0, self.nbits // 8), np.uint8)

    def encode_query(self, q: np.ndarray) -> np.ndarray:
        if self.mode == "table_bits":
            return quantize_bits(q)
        return np.packbits(np.einsum("i,ij->j", q, self.planes) > 0, bitorder="little")


class _Cache:
    """Columnar arrays for every chunk of one space (see module docstring)."""

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self.coder = _Coder(dim)
        nbytes = (self.coder.nbits + 7) // 8
        self.n = 0
        cap = 1024
        self.chunk_ids = np.zeros(cap, np.int64)
        self.seqs = np.zeros(cap, np.int64)
        self.scope = np.zeros(cap, np.int8)
        self.occurred = np.zeros(cap, np.float64)
        self.alive = np.zeros(cap, bool)
        self.bits = np.zeros((cap, nbytes), np.uint8)
        self.q8 = np.zeros((cap, dim), np.int8)
        self.scale = np.zeros(cap, np.float32)
        self.max_chunk_id = 0
        self.dead = 0
        self.suspect_seqs: set[int] = set()

    def _grow(self, need: int) -> None:
        cap = len(self.chunk_ids)
        if need <= cap:
            return
        new = max(need, cap * 2)
        for name in ("chunk_ids", "seqs", "scope", "occurred", "alive", "scale"):
            arr = getattr(self, name)
            grown = np.zeros(new, arr.dtype)
            grown[: self.n] = arr[: self.n]
            setattr(self, name, grown)
        for name in ("bits", "q8"):
            arr = getattr(self, name)
            grown = np.zeros((new, arr.shape[1]), arr.dtype)
            grown[: self.n] = arr[: self.n]
            setattr(self, name, grown)

    def append(self, chunk_ids: np.ndarray, seqs: np.ndarray, scope: np.ndarray,
               occurred: np.ndarray, bits: np.ndarray, floats: np.ndarray) -> None:
        k = len(chunk_ids)
        if not k:
            return
        self._grow(self.n + k)
        s = slice(self.n, self.n + k)
        self.chunk_ids[s], self.seqs[s], self.scope[s], self.occurred[s] = chunk_ids, seqs, scope, occurred
        self.alive[s] = True
        self.bits[s] = self.coder.encode(floats, bits)
        scale = np.abs(floats).max(axis=1) / 127.0
        scale[scale == 0] = 1.0
        self.q8[s] = np.round(floats / scale[:, None]).astype(np.int8)
        self.scale[s] = scale
        self.n += k
        self.max_chunk_id = max(self.max_chunk_id, int(chunk_ids.max()))

    def kill(self, mask: np.ndarray) -> int:
        newly = int(np.count_nonzero(mask & self.alive[: self.n]))
        self.alive[: self.n][mask] = False
        self.dead += newly
        return newly

    @property
    def nbytes(self) -> int:
        n = self.n
        return n * (8 + 8 + 1 + 8 + 1 + 4 + self.bits.shape[1] + self.dim)


class VectorIndex:
    """KNN over one embedding space. Thread-safe; one instance per (database, space)."""

    def __init__(self, db: Database, space_id: int, dim: int, *,
                 prefilter_min_chunks: int = VECTOR_PREFILTER_MIN_CHUNKS) -> None:
        self.db = db
        self.space_id = space_id
        self.dim = dim
        self.table = vec_table(space_id)
        self.prefilter_min_chunks = prefilter_min_chunks
        self._cache: _Cache | None = None
        self._lock = threading.Lock()

    # -- public --------------------------------------------------------------------------------

    def chunk_count(self) -> int:
        """Chunks in the space, bounded from above by the largest chunk id: ids only grow, so
        ``max`` (an index seek) stands in for ``count(*)`` (a scan of 100k+ index entries)."""
        row = self.db.reader().execute(
            "SELECT max(chunk_id) FROM event_chunks WHERE space_id = ?", (self.space_id,)).fetchone()
        return int(row[0] or 0) if row else 0

    def search(self, query: np.ndarray, k_events: int, *, scopes: Iterable[str] | None = None,
               window: TimeWindow | None = None, strategy: str | None = None
               ) -> tuple[list[ChunkHit], SearchStats]:
        """Best chunks for ``query`` such that at least ``k_events`` distinct events are covered
        (when that many exist), restricted to ``scopes`` and ``window``. Best first."""
        t0 = time.perf_counter()
        q = np.asarray(query, np.float32)
        norm = float(np.linalg.norm(q))
        if q.shape != (self.dim,) or norm == 0 or not np.isfinite(norm):
            raise ValueError(f"query vector must be a non-zero float vector of dim {self.dim}")
        q = q / norm
        scope_set = {str(s) for s in scopes} if scopes is not None else None
        if strategy is None:
            n = self.chunk_count()
            # a hard time window is selective: exact KNN would scan ever more neighbours to find
            # enough inside it, the cache applies it as a mask
            selective = window is not None and window.hard and n > SQLITE_VEC_MAX_K
            strategy = "prefilter" if n >= self.prefilter_min_chunks or selective else "sqlite_vec"
            if strategy == "prefilter" and self._cache is None and not selective:
                # cold start: building the cache reads every vector (seconds at 100k chunks);
                # the first queries use exact sqlite-vec KNN (~70 ms at 100k x 384) while the
                # background worker builds it (``refresh_if_large``)
                strategy = "sqlite_vec"
        if strategy == "prefilter":
            hits, stats = self._search_prefilter(q, k_events, scope_set, window)
        elif strategy == "sqlite_vec":
            hits, stats = self._search_sqlite(q, k_events, scope_set, window)
        else:
            raise ValueError(f"unknown vector search strategy {strategy!r}")
        stats.elapsed_ms = (time.perf_counter() - t0) * 1000
        return hits, stats

    def event_vectors(self, seqs: Sequence[int]) -> dict[int, np.ndarray]:
        """seq -> its chunks' stored float vectors (rows), for events embedded in this space;
        one point read per chunk (a few dozen events: the reranker's head)."""
        if not seqs:
            return {}
        conn = self.db.reader()
        chunks = conn.execute(f"SELECT chunk_id, event_seq FROM event_chunks WHERE space_id = ? AND event_seq IN "
                              f"({placeholders(len(seqs))}) ORDER BY event_seq, chunk_index",
                              [self.space_id, *[int(s) for s in seqs]]).fetchall()
        rows: dict[int, list[np.ndarray]] = {}
        for cid, seq in chunks:
            v = self._stored_vector(conn, cid)
            if v is not None:
                rows.setdefault(int(seq), []).append(v)
        return {seq: np.vstack(vs) for seq, vs in rows.items()}

    def _stored_vector(self, conn: Any, chunk_id: int) -> np.ndarray | None:
        """A chunk's float vector as sqlite-vec stores it (None: gone), by one point read."""
        row = conn.execute(f"SELECT embedding FROM {self.table} WHERE chunk_id = ?", (chunk_id,)).fetchone()
        return None if row is None else np.frombuffer(row[0], np.float32)

    def mark_deleted(self, seqs: Sequence[int]) -> None:
        """Deletion participant hook: these events' chunks may be gone (confirmed lazily)."""
        with self._lock:
            if self._cache is not None:
                self._cache.suspect_seqs.update(int(s) for s in seqs)

    def invalidate(self) -> None:
        with self._lock:
            self._cache = None

    def warm(self) -> int:
        """Build/refresh the prefilter cache now (e.g. at start-up); returns its row count."""
        with self._lock:
            cache = self._refresh_locked()
            return cache.n

    def refresh_if_large(self) -> int:
        """Background upkeep: on stores that use the prefilter, bring the cache up to date so
        no query pays for the build (~5-10 s at 130k chunks) or a large append. Returns the
        number of rows added (0 = nothing to do)."""
        if self.chunk_count() < self.prefilter_min_chunks:
            return 0
        with self._lock:
            before = self._cache.n if self._cache is not None else 0
            cache = self._refresh_locked()
            return max(0, cache.n - before)

    def cache_info(self) -> dict:
        c = self._cache
        if c is None:
            return {"built": False}
        return {"built": True, "rows": c.n, "dead": c.dead, "bytes": c.nbytes,
                "max_chunk_id": c.max_chunk_id}

    # -- exact sqlite-vec ----------------------------------------------------------------------

    def _search_sqlite(self, q: np.ndarray, k_events: int, scopes: set[str] | None,
                       window: TimeWindow | None) -> tuple[list[ChunkHit], SearchStats]:
        conn = self.db.reader()
        stats = SearchStats("sqlite_vec")
        total = self.chunk_count()
        stats.chunks = total
        if total == 0 or k_events <= 0:
            return [], stats
        # small store and a filter: one exact pass over everything instead of growing rounds
        small_filtered = total <= SQLITE_VEC_MAX_K and (scopes is not None or window is not None)
        k = total if small_filtered else min(total, SQLITE_VEC_MAX_K, max(k_events * VECTOR_KNN_OVERFETCH, 32))
        blob = q.tobytes()
        while True:
            stats.rounds += 1
            rows = conn.execute(
                f"SELECT v.chunk_id, v.distance, c.event_seq, e.l1_retrieval_scope, e.occurred_at "
                f"FROM (SELECT chunk_id, distance FROM {self.table} WHERE embedding MATCH ? AND k = ?) v "
                f"JOIN event_chunks c ON c.chunk_id = v.chunk_id "
                f"JOIN fact_events e ON e.seq = c.event_seq ORDER BY v.distance", (blob, k)).fetchall()
            stats.candidates = len(rows)
            hits = [ChunkHit(int(cid), int(seq), 1.0 - float(dist), True)
                    for cid, dist, seq, scope, occ in rows
                    if (scopes is None or scope in scopes) and (window is None or window.contains(occ))]
            if len({h.event_seq for h in hits}) >= k_events or k >= total:
                return hits, stats
            if k >= SQLITE_VEC_MAX_K or stats.rounds >= 2:
                # a selective scope/window: scanning ever more neighbours is slow (and capped at
                # 4096 by sqlite-vec); the cache applies the filter as a mask instead, exactly
                hits, pre = self._search_prefilter(q, k_events, scopes, window)
                pre.extra["escalated_from"] = "sqlite_vec"
                pre.rounds += stats.rounds
                return hits, pre
            k = min(total, SQLITE_VEC_MAX_K, k * 8)

    # -- quantised prefilter -------------------------------------------------------------------

    def _refresh_locked(self) -> _Cache:
        cache = self._cache
        if cache is None or (cache.n and cache.dead / cache.n > VECTOR_CACHE_STALE_REBUILD):
            cache = _Cache(self.dim)
            self._cache = cache
        conn = self.db.reader()
        if cache.suspect_seqs:
            suspects = sorted(cache.suspect_seqs)
            cache.suspect_seqs.clear()
            present: set[int] = set()
            for i in range(0, len(suspects), 500):
                part = suspects[i:i + 500]
                present.update(r[0] for r in conn.execute(
                    f"SELECT seq FROM fact_events WHERE seq IN ({placeholders(len(part))})", part))
            gone = np.array([s for s in suspects if s not in present], np.int64)
            if len(gone):
                cache.kill(np.isin(cache.seqs[: cache.n], gone))
        row = conn.execute("SELECT max(chunk_id) FROM event_chunks WHERE space_id = ?",
                           (self.space_id,)).fetchone()
        top = int(row[0] or 0) if row else 0
        if top > cache.max_chunk_id:
            self._load_after(cache, cache.max_chunk_id)
        return cache

    def _load_after(self, cache: _Cache, after: int) -> int:
        """Append every chunk above ``after``, ``CACHE_LOAD_BATCH`` at a time: the float
        vectors pass through memory only one batch at a time (a whole 100k x 384 store at once
        peaked at ~450 MB of temporaries; the cache itself keeps ~460 bytes a chunk)."""
        total = 0
        while True:
            loaded, last = self._load_batch(cache, after)
            total += loaded
            if last is None:
                return total
            after = last

    def _load_batch(self, cache: _Cache, after: int) -> tuple[int, int | None]:
        conn = self.db.reader()
        meta = conn.execute(
            "SELECT c.chunk_id, c.event_seq, e.l1_retrieval_scope, e.occurred_at FROM event_chunks c "
            "JOIN fact_events e ON e.seq = c.event_seq WHERE c.space_id = ? AND c.chunk_id > ? "
            "ORDER BY c.chunk_id LIMIT ?", (self.space_id, after, CACHE_LOAD_BATCH)).fetchall()
        if not meta:
            return 0, None
        last = int(meta[-1][0])
        by_id = {r[0]: r for r in meta}
        ids: list[int] = []
        seqs: list[int] = []
        scopes: list[int] = []
        occ: list[float] = []
        bits: list[bytes] = []
        floats: list[bytes] = []
        for cid, emb, eb in self._vectors(conn, after, last, [r[0] for r in meta]):
            m = by_id.get(cid)
            if m is None:  # vector without a chunk row (being replaced): skip
                continue
            ids.append(cid)
            seqs.append(m[1])
            scopes.append(SCOPE_CODES.get(m[2], -1))
            occ.append(m[3])
            bits.append(eb)
            floats.append(emb)
        if not ids:
            cache.max_chunk_id = max(cache.max_chunk_id, last)
            return 0, (last if len(meta) == CACHE_LOAD_BATCH else None)
        nb = (self.dim + 7) // 8
        cache.append(np.array(ids, np.int64), np.array(seqs, np.int64), np.array(scopes, np.int8),
                     np.array(occ, np.float64),
                     np.frombuffer(b"".join(bits), np.uint8).reshape(len(ids), nb),
                     np.frombuffer(b"".join(floats), np.float32).reshape(len(ids), self.dim))
        cache.max_chunk_id = max(cache.max_chunk_id, last)
        return len(ids), (last if len(meta) == CACHE_LOAD_BATCH else None)

    def _vectors(self, conn: Any, after: int, last: int, chunk_ids: list[int]) -> Iterable[tuple[Any, ...]]:
        """(chunk_id, embedding, embedding_bits) of the chunks in ``(after, last]``, by chunk id:
        one point lookup per wanted chunk when few are due (``VECTOR_CACHE_POINT_LOAD_MAX``),
        else one range scan (sqlite-vec scans all row ids for it). Both skip a chunk whose
        vector is missing; the range also yields vectors without a chunk row (the caller skips
        them)."""
        if len(chunk_ids) > VECTOR_CACHE_POINT_LOAD_MAX:
            return conn.execute(f"SELECT chunk_id, embedding, embedding_bits FROM {self.table} WHERE chunk_id > ? "
                                f"AND chunk_id <= ? ORDER BY chunk_id", (after, last))
        sql = f"SELECT chunk_id, embedding, embedding_bits FROM {self.table} WHERE chunk_id = ?"
        return (row for cid in chunk_ids for row in conn.execute(sql, (cid,)))

    def _search_prefilter(self, q: np.ndarray, k_events: int, scopes: set[str] | None,
                          window: TimeWindow | None) -> tuple[list[ChunkHit], SearchStats]:
        stats = SearchStats("prefilter")
        with self._lock:
            before = self._cache.n if self._cache is not None else 0
            cache = self._refresh_locked()
            stats.refreshed = cache.n - before if cache.n >= before else cache.n
            n = cache.n
            stats.cache_rows = n
            stats.dead = cache.dead
            if n == 0 or k_events <= 0:
                return [], stats
            mask = cache.alive[:n].copy()
            if scopes is not None:
                # a 256-entry lookup table indexed by the code byte (np.isin sorted a million
                # codes: 10 ms at 1M chunks); unknown scopes (-1 = 255) are never allowed
                allowed = np.zeros(256, bool)
                allowed[[SCOPE_CODES[s] for s in scopes if s in SCOPE_CODES]] = True
                mask &= allowed[cache.scope[:n].view(np.uint8)]
            if window is not None:
                if window.start is not None:
                    mask &= cache.occurred[:n] >= window.start
                if window.end is not None:
                    mask &= cache.occurred[:n] < window.end
            idx_all = np.flatnonzero(mask)
            stats.chunks = len(idx_all)
            if not len(idx_all):
                return [], stats
            qbits = cache.coder.encode_query(q)
            # every row in place, then the allowed rows' distances: the same array, in the same
            # order, as gathering the allowed rows first (so the same candidates, ties included)
            dist = hamming_distances(cache.bits[:n], qbits)
            dist = dist if len(idx_all) == n else dist[idx_all]
            m = min(len(idx_all), max(VECTOR_PREFILTER_CANDIDATES,
                                      k_events * VECTOR_KNN_OVERFETCH * VECTOR_PREFILTER_OVERSAMPLE,
                                      int(VECTOR_PREFILTER_CANDIDATE_FRACTION * len(idx_all))))
            cand = idx_all[np.argpartition(dist, m - 1)[:m]] if m < len(idx_all) else idx_all
            stats.candidates = len(cand)
            approx = int8_similarities(cache.q8, cache.scale, cand, q)
            perm = np.argsort(-approx, kind="stable")
            order, approx = cand[perm], approx[perm]
            # enough chunks to cover k_events distinct events
            seen: set[int] = set()
            head: list[int] = []
            for i in order:
                head.append(int(i))
                seen.add(int(cache.seqs[i]))
                if len(seen) >= k_events:
                    break
            chunk_ids = cache.chunk_ids[head]
            seq_of = {int(cache.chunk_ids[i]): int(cache.seqs[i]) for i in head}
            approx_of = {int(cache.chunk_ids[i]): float(a) for i, a in zip(head, approx[: len(head)])}
        exact_ids = [int(c) for c in chunk_ids[:VECTOR_EXACT_RESCORE]]
        exact = self._exact_similarities(q, exact_ids)
        missing = [c for c in exact_ids if c not in exact]
        if missing:
            with self._lock:
                if self._cache is cache:
                    stats.dead += cache.kill(np.isin(cache.chunk_ids[: cache.n], np.array(missing)))
        hits = [ChunkHit(c, seq_of[c], exact[c], True) for c in exact_ids if c in exact]
        hits += [ChunkHit(int(c), seq_of[int(c)], approx_of[int(c)], False)
                 for c in chunk_ids[VECTOR_EXACT_RESCORE:]]
        hits.sort(key=lambda h: -h.similarity)
        return hits, stats

    def _exact_similarities(self, q: np.ndarray, chunk_ids: Sequence[int]) -> dict[int, float]:
        if not chunk_ids:
            return {}
        conn = self.db.reader()
        out: dict[int, float] = {}
        for cid in chunk_ids:
            v = self._stored_vector(conn, cid)
            if v is None:
                continue
            nv = float(np.linalg.norm(v))
            out[cid] = float(v @ q) / nv if nv > 0 else 0.0
        return out
