"""The entity catalog: stable entity ids, aliases, mentions and the event ↔ entity inverted index.

Small explicit SQL over ``entity_catalog`` / ``entity_aliases`` / ``entity_mentions`` /
``l1_event_entities``; every function takes the connection it runs on (a reader for lookups,
the writer inside ``Database.write()`` for changes).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable, Sequence

import apsw

from ..db.connection import Row, placeholders, query_all, query_one
from ..extraction.inputs import KnownEntity
from ..ids import new_ulid, stable_id
from ..policy import CROSS_TYPE_ALIAS_PAIRS, ENTITY_EVENTS_SORT_MAX_LINKS
from ..text.segment import has_cjk
from . import alias_index
from .lifecycle import display_name, name_norm
from .models import Entity

USER_TYPE = "person"


def user_entity_id(user_id: str = "local_user") -> str:
    """The user's own entity: a fixed id per user, so "user" claims always land on it."""
    return stable_id("user", user_id)


def new_entity_id(now: float) -> str:
    return "ent_" + new_ulid(now)


def types_compatible(a: str | None, b: str | None) -> bool:
    """Same type, or a configured cross-type pair (person ↔ creator, appliance ↔ device ...)."""
    if not a or not b:
        return False
    return a == b or frozenset({a, b}) in CROSS_TYPE_ALIAS_PAIRS


def ensure_user_entity(conn: apsw.Connection, now: float, user_id: str = "local_user") -> str:
    eid = user_entity_id(user_id)
    conn.execute(
        "INSERT INTO entity_catalog(entity_id, canonical_name, name_norm, entity_type, is_user, "
        "created_at, updated_at, embedding_state, reason) VALUES (?,?,?,?,1,?,?,'done',?) "
        "ON CONFLICT(entity_id) DO NOTHING",
        (eid, "user", "user", USER_TYPE, now, now, "the user's own entity"))
    return eid


def get_entity(conn: apsw.Connection, entity_id: str) -> Row | None:
    return query_one(conn, "SELECT * FROM entity_catalog WHERE entity_id = ?", (entity_id,))


def live_entity(conn: apsw.Connection, entity_id: str) -> tuple[str, str] | None:
    """(:func:`live_entity_id`, that entity's type) from the same look-ups: the resolver asks
    for both for every mention the extractor matched to a known entity (24k a 20k import; the
    type came from a second read of the whole row)."""
    seen: set[str] = set()
    current = entity_id
    while current and current not in seen:
        seen.add(current)
        row = conn.execute("SELECT status, merged_into, entity_type FROM entity_catalog WHERE entity_id = ?",
                           (current,)).fetchone()
        if row is None:
            return None
        status, merged_into, entity_type = row
        if status == "active":
            return current, entity_type
        if status == "merged" and merged_into:
            current = merged_into
            continue
        return None
    return None


def live_entity_id(conn: apsw.Connection, entity_id: str) -> str | None:
    """Follow merged_into to the surviving entity; None if deleted/missing."""
    hit = live_entity(conn, entity_id)
    return hit[0] if hit is not None else None


def aliases_of(conn: apsw.Connection, entity_ids: Sequence[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {e: [] for e in entity_ids}
    for i in range(0, len(entity_ids), 400):
        part = list(entity_ids[i:i + 400])
        for r in conn.execute(f"SELECT entity_id, alias FROM entity_aliases WHERE entity_id IN "
                              f"({placeholders(len(part))}) ORDER BY created_at", part):
            out.setdefault(r[0], []).append(r[1])
    return out


def load_entities(conn: apsw.Connection, entity_ids: Sequence[str]) -> dict[str, Entity]:
    ids = list(dict.fromkeys(entity_ids))
    rows: list[Row] = []
    for i in range(0, len(ids), 400):
        part = ids[i:i + 400]
        rows.extend(query_all(conn, f"SELECT * FROM entity_catalog WHERE entity_id IN "
                                    f"({placeholders(len(part))})", part))
    aliases = aliases_of(conn, [r["entity_id"] for r in rows])
    return {r["entity_id"]: Entity.from_row(r, aliases.get(r["entity_id"])) for r in rows}


def find_by_alias(conn: apsw.Connection, norm: str, entity_type: str | None = None) -> list[Row]:
    """Active entities an exact alias names (type-compatible when a type is given), most
    mentioned first: their ``entity_id`` and ``entity_type`` only (every caller binds a mention
    with those two; the whole row as a dict was most of the look-up, twice per new name)."""
    rows = query_all(
        conn, "SELECT c.entity_id, c.entity_type FROM entity_aliases a "
              "JOIN entity_catalog c ON c.entity_id = a.entity_id "
              "WHERE a.alias_norm = ? AND c.status = 'active' AND c.is_user = 0 "
              "ORDER BY c.mention_count DESC, c.entity_seq", (norm,))
    if entity_type is None:
        return rows
    return [r for r in rows if types_compatible(r["entity_type"], entity_type)]


def canonical_name(conn: apsw.Connection, entity_id: str, default: str | None = None) -> str | None:
    """An entity's canonical name, or ``default`` when the catalog has no such entity."""
    row = conn.execute("SELECT canonical_name FROM entity_catalog WHERE entity_id = ?", (entity_id,)).fetchone()
    return row[0] if row else default


def find_by_name_part(conn: apsw.Connection, norm: str, entity_type: str) -> list[Row]:
    """Active, type-compatible entities whose name ``norm`` is a head or tail of ("civic" →
    "honda civic", 朗逸 → 大众朗逸): the later, shorter mention of a known thing."""
    aliases = sorted(alias_index.current(conn, conn.filename).longer_names(norm))
    if not aliases:
        return []
    rows = query_all(
        conn, f"SELECT DISTINCT c.* FROM entity_aliases a JOIN entity_catalog c ON c.entity_id = a.entity_id "
              f"WHERE a.alias_norm IN ({','.join('?' * len(aliases))}) AND c.status = 'active' AND c.is_user = 0 "
              f"ORDER BY c.mention_count DESC, c.entity_seq", aliases)
    return [r for r in rows if types_compatible(r["entity_type"], entity_type)]


def instr_lookup(conn: apsw.Connection, text: str, limit: int) -> list[Row]:
    """Pre-lookup: entities whose canonical name or alias occurs in ``text`` (SQL INSTR()).

    Short aliases (one character, or two Latin letters) would match almost anything and are
    skipped; Latin aliases must match whole words ("tag" is not in "stage"); longer names
    first, so "air fryer" beats "fryer".
    """
    lowered = text.lower()
    # the candidate aliases come from an in-memory index (alias_index.py: one probe per text
    # position instead of an instr() over every alias row); the rows are re-read here, so the
    # database decides what is active
    hits = sorted(alias_index.current(conn, conn.filename).find(lowered))
    rows: list[Row] = []
    for i in range(0, len(hits), 400):
        part = hits[i:i + 400]
        rows += query_all(
            conn, "SELECT c.*, a.alias_norm AS hit_alias, length(a.alias_norm) AS hit_len FROM entity_aliases a "
                  "JOIN entity_catalog c ON c.entity_id = a.entity_id "
                  f"WHERE c.status = 'active' AND c.is_user = 0 AND a.alias_norm IN ({placeholders(len(part))})",
            part)
    rows.sort(key=lambda r: (-r["hit_len"], -r["mention_count"], r["entity_seq"]))
    out: list[Row] = []
    seen: set[str] = set()
    for r in rows:
        # the index checked the word boundaries of an alias without CJK already (``\w`` is
        # ``isalnum() or "_"`` there too); the regex is left for the CJK ones it took as substrings
        if r["entity_id"] in seen or has_cjk(r["hit_alias"]) and not _whole_word(lowered, r["hit_alias"]):
            continue
        seen.add(r["entity_id"])
        out.append(r)
        if len(out) >= limit:
            break
    return out


def _whole_word(text: str, alias: str) -> bool:
    rx = _word_pattern(alias)
    return rx is None or rx.search(text) is not None


@lru_cache(maxsize=8192)
def _word_pattern(alias: str) -> re.Pattern[str] | None:
    """The whole-word matcher of an alias, compiled once (None: CJK has no word boundaries, so
    INSTR is the match)."""
    if any("\u3400" <= ch <= "\u9fff" for ch in alias):
        return None
    return re.compile(r"(?<![\w])" + re.escape(alias) + r"(?![\w])")


def known_entities(conn: apsw.Connection, limit: int, prefer: Sequence[str] = ()) -> list[KnownEntity]:
    """Up to ``limit`` catalog entities for the Phase 1 prompt: the pre-looked-up ones first,
    then the most mentioned, most recent."""
    ids = list(dict.fromkeys(prefer))[:limit]
    if len(ids) < limit:
        for r in conn.execute(
                "SELECT entity_id FROM entity_catalog WHERE status = 'active' AND is_user = 0 "
                "ORDER BY mention_count DESC, last_seen_at DESC, entity_seq LIMIT ?", (limit * 2,)):
            if r[0] not in ids:
                ids.append(r[0])
            if len(ids) >= limit:
                break
    # the three columns and the aliases a KnownEntity holds, not whole Entity models: every
    # batch asks for 30 (load_entities 0.36 ms a batch, this 0.14 ms)
    names: dict[str, tuple[str, str]] = {}
    for i in range(0, len(ids), 400):
        part = ids[i:i + 400]
        names.update((r[0], (r[1], r[2])) for r in conn.execute(
            f"SELECT entity_id, canonical_name, entity_type FROM entity_catalog WHERE entity_id IN "
            f"({placeholders(len(part))})", part))
    aliases = aliases_of(conn, list(names))
    out = []
    for eid in ids:
        if eid in names:
            name, etype = names[eid]
            lowered = name.lower()
            out.append(KnownEntity(eid, name, etype, tuple(a for a in aliases.get(eid) or [] if a.lower() != lowered)))
    return out


def create_entity(conn: apsw.Connection, entity_id: str, name: str, entity_type: str, now: float,
                  reason: str) -> str:
    norm = name_norm(name)
    conn.execute(
        "INSERT INTO entity_catalog(entity_id, canonical_name, name_norm, entity_type, created_at, "
        "updated_at, reason) VALUES (?,?,?,?,?,?,?)",
        (entity_id, display_name(name), norm, entity_type, now, now, reason))
    add_alias(conn, entity_id, name, "canonical", now)
    return entity_id


def add_alias(conn: apsw.Connection, entity_id: str, alias: str, source: str, now: float) -> bool:
    norm = name_norm(alias)
    if not norm:
        return False
    conn.execute("INSERT INTO entity_aliases(alias_norm, entity_id, alias, source, created_at) "
                 "VALUES (?,?,?,?,?) ON CONFLICT DO NOTHING", (norm, entity_id, display_name(alias), source, now))
    return conn.changes() > 0


_MENTION_UPSERT = (
    "INSERT INTO entity_mentions(event_id, event_seq, mention_text, name_norm, entity_type, "
    "entity_id, confidence, resolution, reason, created_at) VALUES (?,?,?,?,?,?,?,?,?,?) "
    "ON CONFLICT DO UPDATE SET entity_id = coalesce(excluded.entity_id, entity_id), "
    "confidence = max(confidence, excluded.confidence), resolution = excluded.resolution, "
    "reason = excluded.reason")

_LINK_UPSERT = (
    "INSERT INTO l1_event_entities(event_id, event_seq, entity_id, entity_type, confidence) "
    "VALUES (?,?,?,?,?) ON CONFLICT(event_id, entity_id) DO UPDATE SET "
    "confidence = max(confidence, excluded.confidence)")


def mention_row(*, event_id: str, event_seq: int, mention: str, entity_type: str | None, entity_id: str | None,
                confidence: float, resolution: str, reason: str, now: float) -> tuple[Any, ...]:
    """The parameters of one mention upsert (:func:`record_mentions` writes a list of them)."""
    return (event_id, event_seq, mention, name_norm(mention), entity_type, entity_id, confidence,
            resolution, reason, now)


def record_mention(conn: apsw.Connection, *, event_id: str, event_seq: int, mention: str,
                   entity_type: str | None, entity_id: str | None, confidence: float,
                   resolution: str, reason: str, now: float) -> None:
    record_mentions(conn, [mention_row(event_id=event_id, event_seq=event_seq, mention=mention,
                                       entity_type=entity_type, entity_id=entity_id, confidence=confidence,
                                       resolution=resolution, reason=reason, now=now)])


def record_mentions(conn: apsw.Connection, rows: Sequence[tuple[Any, ...]]) -> None:
    """Upsert mentions in order (a later row for the same event/name/type merges into the
    earlier one, exactly as one statement per row would)."""
    if rows:
        conn.executemany(_MENTION_UPSERT, rows)


def link_event(conn: apsw.Connection, event_id: str, event_seq: int, entity_id: str,
               entity_type: str, confidence: float) -> None:
    link_events(conn, [(event_id, event_seq, entity_id, entity_type, confidence)])


def link_events(conn: apsw.Connection, rows: Sequence[tuple[str, int, str, str, float]]) -> None:
    """Upsert (event_id, event_seq, entity_id, entity_type, confidence) links in order."""
    if rows:
        conn.executemany(_LINK_UPSERT, rows)


def refresh_entity_stats(conn: apsw.Connection, entity_ids: Iterable[str], now: float) -> None:
    """mention_count / first / last seen from the bound mentions (after writes or deletions).

    One grouped read for all the entities (joined to events by seq, the events' rowid: a
    mention carries its event's seq; the covering index on (entity_id, event_id, event_seq)
    leaves one rowid probe per mention) and one executemany of the updates."""
    ids = list(dict.fromkeys(entity_ids))
    stats: dict[str, tuple[int, Any, Any]] = {}
    for i in range(0, len(ids), 400):
        part = ids[i:i + 400]
        for eid, n, first, last in conn.execute(
                f"SELECT m.entity_id, count(DISTINCT m.event_id), min(e.occurred_at), max(e.occurred_at) "
                f"FROM entity_mentions m JOIN fact_events e ON e.seq = m.event_seq "
                f"WHERE m.entity_id IN ({placeholders(len(part))}) GROUP BY m.entity_id", part):
            stats[eid] = (n, first, last)
    if ids:
        conn.executemany("UPDATE entity_catalog SET mention_count = ?, first_seen_at = ?, last_seen_at = ?, "
                         "updated_at = ? WHERE entity_id = ? AND is_user = 0",
                         [(*_or_none(stats.get(eid)), now, eid) for eid in ids])


def add_entity_stats(conn: apsw.Connection, entity_ids: Iterable[str], first_mentions: Sequence[tuple[str, float]],
                     mentioned: Sequence[tuple[str, str]], now: float) -> None:
    """:func:`refresh_entity_stats` for a batch whose events had no mention before it: the
    count grows by the batch's distinct events per entity, first / last seen widen to their
    times. ``mentioned``: (entity_id, event_id) of the batch's bound mentions as stored;
    ``first_mentions``: (event_id, occurred_at) of the batch's events.

    Exact because every other writer of mentions (merge, split, deletion, corrections)
    recounts, so the stored stats are the recount's, and a first projection only adds
    mentions. A frequent entity's recount read all its mentions per batch (thousands for a
    terminal or a website): a twentieth of the projection on a 20k import."""
    times = dict(first_mentions)
    delta: dict[str, tuple[set[str], float, float]] = {}
    for eid, event_id in mentioned:
        t = times[event_id]
        events, lo, hi = delta.get(eid, (set(), t, t))
        events.add(event_id)
        delta[eid] = (events, min(lo, t), max(hi, t))
    rows = [(len(ev), lo, lo, hi, hi, now, eid) for eid, (ev, lo, hi) in delta.items()]
    conn.executemany("UPDATE entity_catalog SET mention_count = mention_count + ?, "
                     "first_seen_at = min(coalesce(first_seen_at, ?), ?), "
                     "last_seen_at = max(coalesce(last_seen_at, ?), ?), updated_at = ? "
                     "WHERE entity_id = ? AND is_user = 0", rows)
    rest = [(now, eid) for eid in dict.fromkeys(entity_ids) if eid not in delta]
    if rest:  # touched, but its mention moved to another entity within the batch: count unchanged
        conn.executemany("UPDATE entity_catalog SET updated_at = ? WHERE entity_id = ? AND is_user = 0", rest)


def _or_none(row: tuple[int, Any, Any] | None) -> tuple[int, Any, Any]:
    n, first, last = row if row else (0, None, None)
    return n or 0, first, last


def entity_events(conn: apsw.Connection, entity_ids: Sequence[str], *, exclude_session: str | None = None,
                  limit: int = 3, fact_only: bool = True) -> list[Row]:
    """Events that mention these entities (cross-session history for the Phase 1 prompt): the
    newest ``limit`` by (occurred_at, seq).

    Up to ENTITY_EVENTS_SORT_MAX_LINKS links the entities' linked events are ordered by time
    and the newest read; beyond, events are walked newest first. The walk alone was quadratic
    on an import: it starts at the newest event of the store and crosses every event not yet
    projected (none of them linked) before it meets one — 10 ms a batch at 20k events, 16 ms
    for a rare entity, against ~1 ms to order even a frequent entity's few thousand links."""
    if not entity_ids:
        return []
    ph = placeholders(len(entity_ids))
    links = conn.execute(f"SELECT count(*) FROM (SELECT 1 FROM l1_event_entities WHERE entity_id IN ({ph}) "
                         f"LIMIT ?)", [*entity_ids, ENTITY_EVENTS_SORT_MAX_LINKS]).fetchone()[0]
    if links < ENTITY_EVENTS_SORT_MAX_LINKS:
        return _newest_linked(conn, entity_ids, exclude_session, limit, fact_only)
    params: list[Any] = list(entity_ids)
    extra = ""
    if exclude_session is not None:
        extra += " AND (e.session_id IS NULL OR e.session_id != ?)"
        params.append(exclude_session)
    if fact_only:
        extra += " AND e.l1_retrieval_scope = 'fact_authoritative'"
    params.append(limit)
    return query_all(
        conn, f"SELECT DISTINCT e.event_id, e.seq, e.occurred_at, e.author_type, e.content, e.session_id "
              f"FROM l1_event_entities x JOIN fact_events e ON e.event_id = x.event_id "
              f"WHERE x.entity_id IN ({ph}){extra} "
              f"ORDER BY e.occurred_at DESC, e.seq DESC LIMIT ?", params)


def _newest_linked(conn: apsw.Connection, entity_ids: Sequence[str], exclude_session: str | None, limit: int,
                   fact_only: bool) -> list[Row]:
    """entity_events by the links: order the linked events by time reading only the columns
    before ``content`` (no overflow pages), then read whole rows newest first until ``limit``
    pass the scope test (``l1_retrieval_scope`` is stored after the content)."""
    params: list[Any] = list(entity_ids)
    extra = ""
    if exclude_session is not None:
        extra = " AND (e.session_id IS NULL OR e.session_id != ?)"
        params.append(exclude_session)
    ordered = [seq for (seq,) in conn.execute(
        f"SELECT e.seq FROM fact_events e WHERE e.seq IN (SELECT x.event_seq FROM l1_event_entities x "
        f"WHERE x.entity_id IN ({placeholders(len(entity_ids))})){extra} "
        f"ORDER BY e.occurred_at DESC, e.seq DESC", params)]
    out: list[Row] = []
    step = max(limit, 8)
    for i in range(0, len(ordered), step):
        part = ordered[i:i + step]
        rows = {r["seq"]: r for r in query_all(
            conn, f"SELECT e.event_id, e.seq, e.occurred_at, e.author_type, e.content, e.session_id, "
                  f"e.l1_retrieval_scope FROM fact_events e WHERE e.seq IN ({placeholders(len(part))})", part)}
        for seq in part:
            r = rows.get(seq)
            if r is None or (fact_only and r["l1_retrieval_scope"] != "fact_authoritative"):
                continue
            del r["l1_retrieval_scope"]
            out.append(r)
            if len(out) >= limit:
                return out
    return out

