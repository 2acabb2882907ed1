"""Vector storage in sqlite-vec: one ``vec0`` table per embedding space.

A space is (model id, dimension). Vectors of different spaces are never compared: switching the
embedder creates a new space and re-embeds, it never mixes. Each row keeps the float vector
(exact cosine rescoring) and its 1-bit quantisation (a 32x smaller copy used as a fast Hamming
prefilter on large stores; see ``retrieval/vector_search.py``).
"""

from __future__ import annotations

import time
from typing import Iterable, Sequence

import apsw
import numpy as np

from ..db.connection import placeholders, query_all, query_one


def vec_table(space_id: int) -> str:
    return f"vec_chunks_{int(space_id)}"


def ensure_space(conn: apsw.Connection, model_id: str, dim: int, *, activate: bool = True) -> int:
    """Create (or find) the space for ``model_id``/``dim`` and its vec0 table."""
    if dim <= 0 or dim > 8192:
        raise ValueError(f"embedding dimension out of range: {dim}")
    row = query_one(conn, "SELECT space_id FROM embedding_spaces WHERE model_id = ? AND dim = ?",
                    (model_id, dim))
    if row is None:
        conn.execute("INSERT INTO embedding_spaces(model_id, dim, created_at, active) VALUES (?,?,?,0)",
                     (model_id, dim, time.time()))
        space_id = conn.last_insert_rowid()
    else:
        space_id = row["space_id"]
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {vec_table(space_id)} USING vec0("
        f"chunk_id INTEGER PRIMARY KEY, embedding float[{dim}] distance_metric=cosine, "
        f"embedding_bits bit[{dim}])")
    if activate:
        conn.execute("UPDATE embedding_spaces SET active = (space_id = ?)", (space_id,))
    return int(space_id)


def active_space(conn: apsw.Connection) -> dict | None:
    return query_one(conn, "SELECT * FROM embedding_spaces WHERE active = 1")


def spaces(conn: apsw.Connection) -> list[dict]:
    return query_all(conn, "SELECT * FROM embedding_spaces ORDER BY space_id")


def as_f32(vec: Sequence[float] | np.ndarray) -> np.ndarray:
    arr = np.asarray(vec, dtype=np.float32)
    norm = float(np.linalg.norm(arr))
    return arr / norm if norm > 0 else arr


def insert_vectors(conn: apsw.Connection, space_id: int,
                   rows: Iterable[tuple[int, np.ndarray]]) -> int:
    table = vec_table(space_id)
    params = []
    for chunk_id, vec in rows:
        arr = as_f32(vec)
        if not arr.any():  # a zero vector would rank first with a NULL distance
            continue
        blob = arr.tobytes()
        params.append((chunk_id, blob, blob))
    if params:
        conn.executemany(f"INSERT OR REPLACE INTO {table}(chunk_id, embedding, embedding_bits) "
                         f"VALUES (?, ?, vec_quantize_binary(?))", params)
    return len(params)


def delete_vectors(conn: apsw.Connection, space_id: int, chunk_ids: Sequence[int]) -> int:
    if not chunk_ids:
        return 0
    table = vec_table(space_id)
    total = 0
    for i in range(0, len(chunk_ids), 500):
        part = list(chunk_ids[i:i + 500])
        conn.execute(f"DELETE FROM {table} WHERE chunk_id IN ({placeholders(len(part))})", part)
        total += conn.changes()
    return total


def count_vectors(conn: apsw.Connection, space_id: int) -> int:
    for (n,) in conn.execute(f"SELECT count(*) FROM {vec_table(space_id)}"):
        return int(n)
    return 0
