"""Episodes: time-bounded stretches of experience (candidate → promoted / dropped / merged).

After each batch, its events join the most recent open episode when they are close in time
(``EPISODE_MAX_GAP_S``) *and* share an entity or topic term; otherwise a new candidate starts.
Maintenance promotes candidates with enough events over enough time, drops the ones that stay
too small once closed, and merges episodes that overlap in time and content.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

import apsw

from ..db.connection import Row, query_all
from ..ids import new_ulid
from ..policy import (EPISODE_MAX_GAP_S, EPISODE_MERGE_MIN_OVERLAP, EPISODE_PROMOTE_MIN_EVENTS,
                      EPISODE_PROMOTE_MIN_SPAN_S)
import re

from ..text.stopwords import STOPWORDS
from .evidence import add_evidence, move_evidence
from .lifecycle import jaccard

EPISODE = "episode"


_LATIN = re.compile(r"[a-z][a-z'\-]{3,}")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")


def _topic_terms(texts: Sequence[str], limit: int = 12) -> list[str]:
    """Cheap topic words: Latin content words and CJK runs' bigrams (no jieba or lexicon scan on
    this path: a sensor burst must not pay segmentation twice; entities are matched by id)."""
    counts: dict[str, int] = {}
    for t in texts:
        lowered = t[:400].lower()
        words = [w for w in _LATIN.findall(lowered) if w not in STOPWORDS]
        for run in _CJK_RUN.findall(lowered):
            words += [run[i:i + 2] for i in range(len(run) - 1)]
        for w in words:
            counts[w] = counts.get(w, 0) + 1
    return [w for w, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]]


def assign_batch(conn: apsw.Connection, batch: Sequence[Row], entity_ids: Sequence[str], batch_key: str,
                 now: float) -> str | None:
    if not batch:
        return None
    start, end = batch[0]["occurred_at"], batch[-1]["occurred_at"]
    terms = _topic_terms([r["content"] for r in batch])
    ents = sorted(set(entity_ids))
    open_ep = query_all(conn, "SELECT * FROM episodes WHERE status IN ('candidate', 'promoted') "
                              "AND ended_at >= ? AND started_at <= ? ORDER BY ended_at DESC LIMIT 5",
                        (start - EPISODE_MAX_GAP_S, end + EPISODE_MAX_GAP_S))
    target = None
    for ep in open_ep:
        shared = set(json.loads(ep["entity_ids"])) & set(ents) or set(json.loads(ep["topic_terms"])) & set(terms)
        if shared:
            target = ep
            break
    if target is None:
        eid = "epi_" + new_ulid(start)
        conn.execute("INSERT INTO episodes(episode_id, status, batch_key, started_at, ended_at, entity_ids, "
                     "topic_terms, title, reason, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                     (eid, "candidate", batch_key, start, end, json.dumps(ents), json.dumps(terms),
                      ", ".join(terms[:4]), "new episode: no recent episode shares an entity or topic", now, now))
    else:
        eid = target["episode_id"]
        conn.execute("UPDATE episodes SET started_at = min(started_at, ?), ended_at = max(ended_at, ?), "
                     "entity_ids = ?, topic_terms = ?, updated_at = ? WHERE episode_id = ?",
                     (start, end, json.dumps(sorted(set(json.loads(target["entity_ids"])) | set(ents))),
                      json.dumps(list(dict.fromkeys(json.loads(target["topic_terms"]) + terms))[:20]), now, eid))
    for r in batch:
        add_evidence(conn, EPISODE, eid, event_id=r["event_id"], event_seq=r["seq"], occurred_at=r["occurred_at"],
                     evidence_text=r["content"][:200], confidence=1.0, directness="explicit",
                     reason="time proximity + shared entity/topic", now=now)
    recount(conn, eid, now)
    return eid


def recount(conn: apsw.Connection, episode_id: str, now: float) -> str:
    row = conn.execute("SELECT count(*), min(occurred_at), max(occurred_at) FROM l2_evidence "
                       "WHERE owner_kind = 'episode' AND owner_id = ?", (episode_id,)).fetchone()
    if not row or not row[0]:
        conn.execute("DELETE FROM episodes WHERE episode_id = ?", (episode_id,))
        return "deleted"
    conn.execute("UPDATE episodes SET event_count = ?, started_at = ?, ended_at = ?, updated_at = ? "
                 "WHERE episode_id = ?", (row[0], row[1], row[2], now, episode_id))
    return "updated"


def maintain(conn: apsw.Connection, now: float) -> dict[str, int]:
    """Promote, drop (closed and too small), merge (overlapping in time and content)."""
    out = {"promoted": 0, "dropped": 0, "merged": 0}
    for ep in query_all(conn, "SELECT * FROM episodes WHERE status = 'candidate'"):
        span = ep["ended_at"] - ep["started_at"]
        if ep["event_count"] >= EPISODE_PROMOTE_MIN_EVENTS and span >= EPISODE_PROMOTE_MIN_SPAN_S:
            conn.execute("UPDATE episodes SET status = 'promoted', reason = ?, updated_at = ? WHERE episode_id = ?",
                         (f"promoted: {ep['event_count']} events over {span / 60:.0f} min", now, ep["episode_id"]))
            out["promoted"] += 1
        elif now - ep["ended_at"] > EPISODE_MAX_GAP_S and ep["event_count"] < EPISODE_PROMOTE_MIN_EVENTS:
            conn.execute("UPDATE episodes SET status = 'dropped', reason = ?, updated_at = ? WHERE episode_id = ?",
                         (f"dropped: closed with only {ep['event_count']} events", now, ep["episode_id"]))
            out["dropped"] += 1
    eps = query_all(conn, "SELECT * FROM episodes WHERE status IN ('candidate', 'promoted') ORDER BY started_at")
    gone: set[str] = set()
    for i, a in enumerate(eps):
        if a["episode_id"] in gone:
            continue
        for b in eps[i + 1:]:
            if b["episode_id"] in gone or b["started_at"] > a["ended_at"]:
                continue
            overlap = jaccard(json.loads(a["entity_ids"]), json.loads(b["entity_ids"]))
            if overlap >= EPISODE_MERGE_MIN_OVERLAP:
                move_evidence(conn, EPISODE, b["episode_id"], a["episode_id"])
                conn.execute("UPDATE episodes SET status = 'merged', merged_into = ?, reason = ?, updated_at = ? "
                             "WHERE episode_id = ?", (a["episode_id"], f"merged: entity overlap {overlap:.2f}",
                                                      now, b["episode_id"]))
                conn.execute("UPDATE episodes SET entity_ids = ?, ended_at = max(ended_at, ?), updated_at = ? "
                             "WHERE episode_id = ?",
                             (json.dumps(sorted(set(json.loads(a["entity_ids"])) | set(json.loads(b["entity_ids"])))),
                              b["ended_at"], now, a["episode_id"]))
                recount(conn, a["episode_id"], now)
                gone.add(b["episode_id"])
                out["merged"] += 1
    return out


def episode_rows(conn: apsw.Connection, statuses: Sequence[str] = ("candidate", "promoted")) -> list[Row]:
    return query_all(conn, f"SELECT * FROM episodes WHERE status IN ({','.join('?' * len(statuses))}) "
                           f"ORDER BY started_at", list(statuses))


def to_json(row: Row, event_ids: list[str]) -> dict[str, Any]:
    return {**row, "entity_ids": json.loads(row["entity_ids"]), "topic_terms": json.loads(row["topic_terms"]),
            "event_ids": event_ids}
