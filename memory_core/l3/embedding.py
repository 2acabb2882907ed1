"""Summary vectors for L3's vector path, through the engine's shared embedding queue.

Summaries are embedded in the same space as events (same model, same dimension), so the query
vector the retrieval service computed once can search them too. Chunks live in
``summary_chunks``; their vectors in a per-space vec0 table ``vec_summaries_<space_id>``, created
on first use (the space is only known at run time).
"""

from __future__ import annotations

from typing import Sequence

import apsw
import numpy as np

from ..db.connection import placeholders, query_all
from ..l1.chunking import chunk_spans
from ..l1.vectors import as_f32

KIND = "summary"


def vec_table(space_id: int) -> str:
    return f"vec_summaries_{int(space_id)}"


def ensure_table(conn: apsw.Connection, space_id: int) -> str:
    table = vec_table(space_id)
    dim = conn.execute("SELECT dim FROM embedding_spaces WHERE space_id = ?", (space_id,)).fetchone()[0]
    conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {table} USING vec0(chunk_id INTEGER PRIMARY KEY, "
                 f"embedding float[{int(dim)}] distance_metric=cosine)")
    return table


def table_exists(conn: apsw.Connection, space_id: int) -> bool:
    return bool(conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?",
                             (vec_table(space_id),)).fetchall())


def _text(title: str, body: str) -> str:
    return f"{title}\n{body}"


def delete_summary_vectors(conn: apsw.Connection, summary_seq: int) -> int:
    rows = query_all(conn, "SELECT chunk_id, space_id FROM summary_chunks WHERE summary_seq = ?",
                     (summary_seq,))
    for r in rows:
        if table_exists(conn, r["space_id"]):
            conn.execute(f"DELETE FROM {vec_table(r['space_id'])} WHERE chunk_id = ?", (r["chunk_id"],))
    conn.execute("DELETE FROM summary_chunks WHERE summary_seq = ?", (summary_seq,))
    return len(rows)


class SummaryEmbeddingTarget:
    kind = KIND

    def load_texts(self, conn: apsw.Connection, target_ids: Sequence[str]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for r in query_all(conn, f"SELECT summary_id, title, body FROM summaries WHERE summary_id IN "
                                 f"({placeholders(len(target_ids))})", list(target_ids)):
            text = _text(r["title"], r["body"])
            out[r["summary_id"]] = [text[a:b] for a, b in chunk_spans(text)]
        return out

    def store(self, conn: apsw.Connection, space_id: int, target_id: str, vectors: np.ndarray) -> None:
        row = conn.execute("SELECT seq, title, body FROM summaries WHERE summary_id = ?",
                           (target_id,)).fetchone()
        if row is None:  # deleted while being embedded
            return
        seq = row[0]
        table = ensure_table(conn, space_id)
        for (chunk_id,) in conn.execute("SELECT chunk_id FROM summary_chunks WHERE summary_seq = ? "
                                        "AND space_id = ?", (seq, space_id)).fetchall():
            conn.execute(f"DELETE FROM {table} WHERE chunk_id = ?", (chunk_id,))
        conn.execute("DELETE FROM summary_chunks WHERE summary_seq = ? AND space_id = ?", (seq, space_id))
        for idx, vec in enumerate(vectors):
            conn.execute("INSERT INTO summary_chunks(summary_seq, space_id, chunk_index) VALUES (?,?,?)",
                         (seq, space_id, idx))
            conn.execute(f"INSERT INTO {table}(chunk_id, embedding) VALUES (?, ?)",
                         (conn.last_insert_rowid(), as_f32(vec).tobytes()))
        conn.execute("UPDATE summaries SET embedding_state = 'done' WHERE seq = ?", (seq,))

    def mark_failed(self, conn: apsw.Connection, target_ids: Sequence[str]) -> None:
        if target_ids:
            conn.execute(f"UPDATE summaries SET embedding_state = 'failed' WHERE summary_id IN "
                         f"({placeholders(len(target_ids))})", list(target_ids))


def knn(conn: apsw.Connection, space_id: int, query_vector: np.ndarray, k: int) -> list[tuple[int, float]]:
    """(summary_seq, cosine distance) of the nearest summaries, best first (one per summary)."""
    if not table_exists(conn, space_id):
        return []
    hits = conn.execute(f"SELECT chunk_id, distance FROM {vec_table(space_id)} WHERE embedding MATCH ? "
                        f"AND k = ? ORDER BY distance",
                        (as_f32(query_vector).tobytes(), int(k) * 3)).fetchall()
    if not hits:
        return []
    owner = dict(conn.execute(f"SELECT chunk_id, summary_seq FROM summary_chunks WHERE chunk_id IN "
                              f"({placeholders(len(hits))})", [h[0] for h in hits]).fetchall())
    best: dict[int, float] = {}
    for chunk_id, dist in hits:
        seq = owner.get(chunk_id)
        if seq is not None and (seq not in best or dist < best[seq]):
            best[seq] = dist
    return sorted(best.items(), key=lambda x: x[1])[:k]
