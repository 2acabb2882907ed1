"""Entity and edge vectors (async, through the shared embedding queue).

Entity vectors serve the Phase 1 pre-lookup and the candidate pool of entity resolution — they
*recall* candidates and never decide identity. Edge vectors (from ``evidence_text``) serve L2
retrieval's edge-semantic channel. Both live in ``vec_l2_<kind>_<space_id>`` vec0 tables keyed
by the row's integer seq, with ``l2_vectors`` recording which items have one (deletion).
"""

from __future__ import annotations

import logging
from typing import Sequence

import apsw
import numpy as np

from ..db.connection import placeholders, query_all
from ..l1.vectors import as_f32

log = logging.getLogger(__name__)

ENTITY_KIND, EDGE_KIND = "entity", "edge"


def vec_table(kind: str, space_id: int) -> str:
    return f"vec_l2_{kind}_{int(space_id)}"


def _dim(conn: apsw.Connection, space_id: int) -> int:
    row = conn.execute("SELECT dim FROM embedding_spaces WHERE space_id = ?", (space_id,)).fetchone()
    if row is None:
        raise ValueError(f"unknown embedding space {space_id}")
    return int(row[0])


def ensure_table(conn: apsw.Connection, kind: str, space_id: int) -> str:
    table = vec_table(kind, space_id)
    conn.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {table} USING vec0("
                 f"item_seq INTEGER PRIMARY KEY, embedding float[{_dim(conn, space_id)}] distance_metric=cosine)")
    return table


def table_exists(conn: apsw.Connection, kind: str, space_id: int) -> bool:
    return bool(conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?",
                             (vec_table(kind, space_id),)).fetchall())


def store_vector(conn: apsw.Connection, kind: str, space_id: int, item_seq: int, item_id: str,
                 vector: np.ndarray) -> None:
    table = ensure_table(conn, kind, space_id)
    vec = as_f32(vector.mean(axis=0) if vector.ndim == 2 else vector)
    conn.execute(f"DELETE FROM {table} WHERE item_seq = ?", (item_seq,))
    conn.execute(f"INSERT INTO {table}(item_seq, embedding) VALUES (?, ?)", (item_seq, vec.tobytes()))
    conn.execute("INSERT OR REPLACE INTO l2_vectors(kind, item_seq, space_id, item_id) VALUES (?,?,?,?)",
                 (kind, item_seq, space_id, item_id))


def delete_item_vectors(conn: apsw.Connection, kind: str, item_ids: Sequence[str]) -> int:
    n = 0
    for i in range(0, len(item_ids), 400):
        part = list(item_ids[i:i + 400])
        rows = query_all(conn, f"SELECT item_seq, space_id FROM l2_vectors WHERE kind = ? AND item_id IN "
                               f"({placeholders(len(part))})", [kind, *part])
        for r in rows:
            if table_exists(conn, kind, r["space_id"]):
                conn.execute(f"DELETE FROM {vec_table(kind, r['space_id'])} WHERE item_seq = ?",
                             (r["item_seq"],))
            n += 1
        conn.execute(f"DELETE FROM l2_vectors WHERE kind = ? AND item_id IN ({placeholders(len(part))})",
                     [kind, *part])
        conn.execute(f"DELETE FROM embedding_jobs WHERE target_kind = ? AND target_id IN "
                     f"({placeholders(len(part))})", [kind, *part])
    return n


def count_item_vectors(conn: apsw.Connection, kind: str, item_ids: Sequence[str]) -> int:
    n = 0
    for i in range(0, len(item_ids), 400):
        part = list(item_ids[i:i + 400])
        n += conn.execute(f"SELECT count(*) FROM l2_vectors WHERE kind = ? AND item_id IN "
                          f"({placeholders(len(part))})", [kind, *part]).fetchone()[0]
    return n


def knn(conn: apsw.Connection, kind: str, space_id: int, vector: np.ndarray, k: int) -> list[tuple[str, float]]:
    """(item_id, cosine similarity) of the k nearest items; [] when nothing is embedded yet."""
    if vector is None or not table_exists(conn, kind, space_id):
        return []
    table = vec_table(kind, space_id)
    hits = conn.execute(f"SELECT item_seq, distance FROM {table} WHERE embedding MATCH ? AND k = ? "
                        f"ORDER BY distance", (as_f32(vector).tobytes(), int(k))).fetchall()
    if not hits:
        return []
    seqs = [h[0] for h in hits]
    ids = dict(conn.execute(f"SELECT item_seq, item_id FROM l2_vectors WHERE kind = ? AND space_id = ? "
                            f"AND item_seq IN ({placeholders(len(seqs))})", [kind, space_id, *seqs]))
    return [(ids[seq], 1.0 - float(dist)) for seq, dist in hits if seq in ids]


class EntityEmbeddingTarget:
    """Entity text = canonical name, type and aliases ("air fryer (appliance); 空气炸锅")."""

    kind = ENTITY_KIND

    def load_texts(self, conn: apsw.Connection, target_ids: Sequence[str]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        rows = query_all(conn, f"SELECT entity_id, canonical_name, entity_type FROM entity_catalog "
                               f"WHERE status = 'active' AND entity_id IN ({placeholders(len(target_ids))})",
                         list(target_ids))
        aliases: dict[str, list[str]] = {}
        for r in conn.execute(f"SELECT entity_id, alias FROM entity_aliases WHERE entity_id IN "
                              f"({placeholders(len(target_ids))})", list(target_ids)):
            aliases.setdefault(r[0], []).append(r[1])
        for r in rows:
            extra = [a for a in aliases.get(r["entity_id"], []) if a.lower() != r["canonical_name"].lower()]
            text = f"{r['canonical_name']} ({r['entity_type']})"
            if extra:
                text += "; " + "; ".join(extra[:8])
            out[r["entity_id"]] = [text]
        return out

    def store(self, conn: apsw.Connection, space_id: int, target_id: str, vectors: np.ndarray) -> None:
        row = conn.execute("SELECT entity_seq FROM entity_catalog WHERE entity_id = ? AND status = 'active'",
                           (target_id,)).fetchone()
        if row is None:
            return
        store_vector(conn, ENTITY_KIND, space_id, row[0], target_id, vectors)
        conn.execute("UPDATE entity_catalog SET embedding_state = 'done' WHERE entity_id = ?", (target_id,))

    def mark_failed(self, conn: apsw.Connection, target_ids: Sequence[str]) -> None:
        if target_ids:
            conn.execute(f"UPDATE entity_catalog SET embedding_state = 'failed' WHERE entity_id IN "
                         f"({placeholders(len(target_ids))})", list(target_ids))


class EdgeEmbeddingTarget:
    """Edge text = its evidence text plus the readable triple ("I just bought an air fryer |
    user BOUGHT air fryer"), so the semantic channel matches both wording and relation."""

    kind = EDGE_KIND

    def load_texts(self, conn: apsw.Connection, target_ids: Sequence[str]) -> dict[str, list[str]]:
        rows = query_all(
            conn, f"SELECT g.triple_id, g.predicate, g.evidence_text, s.canonical_name AS s_name, "
                  f"o.canonical_name AS o_name FROM knowledge_graph g "
                  f"LEFT JOIN entity_catalog s ON s.entity_id = g.subject_id "
                  f"LEFT JOIN entity_catalog o ON o.entity_id = g.object_id "
                  f"WHERE g.triple_id IN ({placeholders(len(target_ids))})", list(target_ids))
        return {r["triple_id"]: [f"{r['evidence_text']} | {r['s_name']} {r['predicate']} {r['o_name']}"]
                for r in rows}

    def store(self, conn: apsw.Connection, space_id: int, target_id: str, vectors: np.ndarray) -> None:
        row = conn.execute("SELECT edge_seq FROM knowledge_graph WHERE triple_id = ?", (target_id,)).fetchone()
        if row is None:
            return
        store_vector(conn, EDGE_KIND, space_id, row[0], target_id, vectors)
        conn.execute("UPDATE knowledge_graph SET embedding_state = 'done' WHERE triple_id = ?", (target_id,))

    def mark_failed(self, conn: apsw.Connection, target_ids: Sequence[str]) -> None:
        if target_ids:
            conn.execute(f"UPDATE knowledge_graph SET embedding_state = 'failed' WHERE triple_id IN "
                         f"({placeholders(len(target_ids))})", list(target_ids))
