"""Episodes: time-bounded stretches of experience (candidate → promoted / dropped / merged).

After each batch, its events join the most recent open episode when they are close in time
(``EPISODE_MAX_GAP_S``) *and* share an entity or topic term; otherwise a new candidate starts.
Maintenance promotes candidates with enough events over enough time, drops the ones that stay
too small once closed, and merges episodes that overlap in time and content.
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass
from typing import Any, Sequence

import apsw

from ..db.connection import Row, placeholders, query_all
from ..ids import new_ulid
from ..policy import (EPISODE_MAX_GAP_S, EPISODE_MERGE_MIN_OVERLAP, EPISODE_PROMOTE_MIN_EVENTS,
                      EPISODE_PROMOTE_MIN_SPAN_S)
from ..text.stopwords import STOPWORDS
from .evidence import add_evidence, move_evidence
from .lifecycle import jaccard

EPISODE = "episode"


_LATIN = re.compile(r"[a-z][a-z'\-]{3,}")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")


def _term_counts(texts: Sequence[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for t in texts:
        lowered = t[:400].lower()
        words = [w for w in _LATIN.findall(lowered) if w not in STOPWORDS]
        for run in _CJK_RUN.findall(lowered):
            words += [run[i:i + 2] for i in range(len(run) - 1)]
        for w in words:
            counts[w] = counts.get(w, 0) + 1
    return counts


def _topic_terms(texts: Sequence[str], limit: int = 12) -> list[str]:
    """Cheap topic words: Latin content words and CJK runs' bigrams (no jieba or lexicon scan on
    this path: a sensor burst must not pay segmentation twice; entities are matched by id)."""
    counts = _term_counts(texts)
    return [w for w, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]]


def episode_title(terms: Sequence[str]) -> str:
    return ", ".join(terms[:4])


def surviving_terms(terms: Sequence[str], surviving_texts: Sequence[str]) -> list[str]:
    """The episode's terms that its remaining events still contain, in their order.

    Pure: a term only a deleted event contributed must not outlive it (it is that event's text),
    while a term some surviving event also has is that event's text and stays. No replacement
    terms are mined, so an episode without deletions keeps exactly the terms it grew with.
    """
    universe = _term_counts(surviving_texts)
    return [t for t in terms if t in universe]


@dataclass(frozen=True, slots=True)
class EpisodeTextUpdate:
    """What deleting events changes in an episode's derived text (preview == apply)."""

    episode_id: str
    topic_terms: list[str]
    title: str
    entity_ids: list[str]
    terms_removed: int
    entities_removed: int


def text_updates(conn: apsw.Connection, episode_id: str, deleted: Sequence[str]) -> list[EpisodeTextUpdate]:
    """Recomputed terms / title / entity ids of ``episode_id`` and of the episodes merged into
    it, from the events that remain once ``deleted`` are gone (only rows that change)."""
    gone = set(deleted)
    rows = query_all(conn, "SELECT e.event_id, e.content FROM l2_evidence v JOIN fact_events e "
                           "ON e.event_id = v.event_id WHERE v.owner_kind = 'episode' AND v.owner_id = ? "
                           "ORDER BY v.occurred_at, v.event_seq", (episode_id,))
    survivors = [r for r in rows if r["event_id"] not in gone]
    texts = [r["content"] or "" for r in survivors]
    linked: set[str] = set()  # what the batch touched: linked mentions and edge endpoints
    for r in survivors:
        linked.update(x for (x,) in conn.execute("SELECT entity_id FROM l1_event_entities WHERE event_id = ?",
                                                 (r["event_id"],)))
        for subject, obj in conn.execute("SELECT g.subject_id, g.object_id FROM l2_evidence v JOIN knowledge_graph g "
                                         "ON g.triple_id = v.owner_id WHERE v.owner_kind = 'edge' AND v.event_id = ?",
                                         (r["event_id"],)):
            linked.update((subject, obj))
    out: list[EpisodeTextUpdate] = []
    family = query_all(conn, "WITH RECURSIVE fam(id) AS (SELECT ? UNION SELECT e.episode_id FROM episodes e "
                             "JOIN fam ON e.merged_into = fam.id) SELECT * FROM episodes WHERE episode_id IN "
                             "(SELECT id FROM fam)", (episode_id,))
    for ep in family:
        terms, ents = json.loads(ep["topic_terms"]), json.loads(ep["entity_ids"])
        kept_terms = surviving_terms(terms, texts)
        kept_ents = [e for e in ents if e in linked]
        title = episode_title(kept_terms)
        if kept_terms != terms or kept_ents != ents or title != ep["title"]:
            out.append(EpisodeTextUpdate(ep["episode_id"], kept_terms, title, kept_ents,
                                         len(terms) - len(kept_terms), len(ents) - len(kept_ents)))
    return out


def apply_text_update(conn: apsw.Connection, u: EpisodeTextUpdate, now: float) -> None:
    conn.execute("UPDATE episodes SET topic_terms = ?, title = ?, entity_ids = ?, updated_at = ? "
                 "WHERE episode_id = ?", (json.dumps(u.topic_terms), u.title, json.dumps(u.entity_ids),
                                          now, u.episode_id))


@dataclass(frozen=True, slots=True)
class _EntityList:
    """An episode's entity list as ``assign_batch`` writes it: the set, the sorted items, each
    item's JSON, and the list's JSON (``json.dumps`` of the sorted items, which is ``"["`` +
    the items' JSON joined by ``", "`` + ``"]"``)."""

    ids: frozenset[str]
    items: tuple[str, ...]
    encoded: tuple[str, ...]
    text: str


#: an episode's stored entity list (JSON) → its :class:`_EntityList`; a few entries (a grown
#: list replaces the one it grew from), cleared when full
_ENTITY_SETS: dict[str, _EntityList] = {}
_ENTITY_SETS_MAX = 64


def _entity_set(text: str) -> _EntityList:
    """The entity list of an episode's ``entity_ids`` JSON. Remembered by the text: the open
    episode's list (tens of kB in a long import) was parsed, sorted and dumped on every batch."""
    hit = _ENTITY_SETS.get(text)
    if hit is None:
        ids = frozenset(json.loads(text))
        items = tuple(sorted(ids))
        encoded = tuple(map(json.dumps, items))
        hit = _EntityList(ids, items, encoded, "[" + ", ".join(encoded) + "]")
        _remember(text, hit)
    return hit


def _remember(text: str, entry: _EntityList) -> None:
    if len(_ENTITY_SETS) >= _ENTITY_SETS_MAX:
        _ENTITY_SETS.clear()
    _ENTITY_SETS[text] = entry


def _grown_entity_ids(text: str, ents: Sequence[str]) -> str:
    """``json.dumps(sorted(set(json.loads(text)) | set(ents)))``: the remembered list's JSON when
    the batch names no entity the episode lacks, else the new items put in their sorted places
    (not a sort and a dump of the whole list, ~2k ids for the long episode of an import)."""
    held = _entity_set(text)
    new = sorted(set(ents).difference(held.ids))
    if not new:
        return held.text
    items, encoded = list(held.items), list(held.encoded)
    for e in new:
        at = bisect.bisect_left(items, e)
        items.insert(at, e)
        encoded.insert(at, json.dumps(e))
    out = "[" + ", ".join(encoded) + "]"
    _ENTITY_SETS.pop(text, None)
    _remember(out, _EntityList(held.ids.union(new), tuple(items), tuple(encoded), out))
    return out


def assign_batch(conn: apsw.Connection, batch: Sequence[Row], entity_ids: Sequence[str], batch_key: str,
                 now: float) -> str | None:
    if not batch:
        return None
    start, end = batch[0]["occurred_at"], batch[-1]["occurred_at"]
    terms = _topic_terms([r["content"] for r in batch])
    ents = sorted(set(entity_ids))
    open_ep = query_all(conn, "SELECT * FROM episodes WHERE status IN ('candidate', 'promoted') "
                              "AND ended_at >= ? AND started_at <= ? ORDER BY ended_at DESC, started_at DESC LIMIT 5",
                        (start - EPISODE_MAX_GAP_S, end + EPISODE_MAX_GAP_S))
    target = None
    for ep in open_ep:
        shared = _entity_set(ep["entity_ids"]).ids & set(ents) or set(json.loads(ep["topic_terms"])) & set(terms)
        if shared:
            target = ep
            break
    if target is None:
        eid = "epi_" + new_ulid(start)
        conn.execute("INSERT INTO episodes(episode_id, status, batch_key, started_at, ended_at, entity_ids, "
                     "topic_terms, title, reason, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                     (eid, "candidate", batch_key, start, end, json.dumps(ents), json.dumps(terms),
                      episode_title(terms), "new episode: no recent episode shares an entity or topic", now, now))
    else:
        eid = target["episode_id"]
        # events of this batch the episode already holds (a retried or re-projected batch):
        # they add no row, so they neither count nor move the span
        ids = [r["event_id"] for r in batch]
        held = {row[0] for row in conn.execute(
            f"SELECT event_id FROM l2_evidence WHERE owner_kind = 'episode' AND owner_id = ? "
            f"AND event_id IN ({placeholders(len(ids))})", (eid, *ids))}
        new_rows = list({r["event_id"]: r for r in batch if r["event_id"] not in held}.values())
    for r in batch:
        add_evidence(conn, EPISODE, eid, event_id=r["event_id"], event_seq=r["seq"], occurred_at=r["occurred_at"],
                     evidence_text=r["content"][:200], confidence=1.0, directness="explicit",
                     reason="time proximity + shared entity/topic", now=now)
    if target is None:
        recount(conn, eid, now)
        return eid
    # the grown episode in one UPDATE: its entity and topic lists, and the count and span a
    # recount would take from the evidence. Every path that adds or removes an episode's evidence
    # other than this one recounts (creation, merge, deletion), so the stored count and span are
    # the evidence's and grow by the rows added here: counting them again read every evidence
    # row of the episode per batch (13k for the longest of a 20k import, quadratic overall).
    # A long episode's entity list is tens of kB of overflow pages, and every rewrite of the
    # row copies (and, with secure_delete, zeroes) them: two UPDATEs a batch were twice that
    n = target["event_count"] + len(new_rows)
    first = min([target["started_at"], *(r["occurred_at"] for r in new_rows)])
    last = max([target["ended_at"], *(r["occurred_at"] for r in new_rows)])
    conn.execute("UPDATE episodes SET entity_ids = ?, topic_terms = ?, event_count = ?, started_at = ?, "
                 "ended_at = ?, updated_at = ? WHERE episode_id = ?",
                 (_grown_entity_ids(target["entity_ids"], ents),
                  json.dumps(list(dict.fromkeys(json.loads(target["topic_terms"]) + terms))[:20]),
                  n, first, last, now, eid))
    return eid


def _evidence_span(conn: apsw.Connection, episode_id: str) -> tuple[int, float | None, float | None]:
    row = conn.execute("SELECT count(*), min(occurred_at), max(occurred_at) FROM l2_evidence "
                       "WHERE owner_kind = 'episode' AND owner_id = ?", (episode_id,)).fetchone()
    return (row[0], row[1], row[2]) if row else (0, None, None)


def recount(conn: apsw.Connection, episode_id: str, now: float) -> str:
    row = _evidence_span(conn, episode_id)
    if not row[0]:
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
