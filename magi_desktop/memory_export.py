"""Export the memory to one JSON file, and import it again (same or another machine).

Format (``"format": "magi-memory-export"``, ``"version": 1``)::

    {"format": ..., "version": 1, "exported_at": <unix s>, "event_count": N,
     "events": [{"payload": {...}, "l1": {...}}, ...],
     "tombstones": [{"dedup_hash": ..., "deleted_at": ...}, ...],
     "corrections": [{"kind": "assertion"|"edge", "status": "user_denied", ...natural key...}]}

* ``payload`` is the event as the engine ingests it (a chat message or a plugin report),
  rebuilt from ``metadata_json.raw`` plus the fields the normaliser moved elsewhere (content,
  activity, entity hints). Re-ingesting it gives the same dedup key ``(source, event_type,
  idempotency_key)``, so replaying an export into the same memory adds **0 rows**, and into a
  fresh one re-creates every event, re-classified by the same rules (``l1`` keeps the original
  identity fields so the import can report any classification drift).
* Derived layers (L2–L4) are not exported: they are recomputed from the events, which is what
  makes them trustworthy. What cannot be recomputed is exported: deletion tombstones (hashes
  only, no content — a deleted memory must not come back through an old export) and the user's
  corrections ("this is wrong"), keyed by names rather than ids, re-applied after re-derivation.

The writer streams one event per line, so a 100k-event export never holds the whole document
in memory; the reader accepts any valid JSON of this shape.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, Iterator

from memory_core.db.connection import query_all

from .jobs import JobCancelled

FORMAT = "magi-memory-export"
VERSION = 1
IMPORT_BATCH = 1000
Progress = Callable[[int, int, str], None]
_L1_KEEP = ("event_id", "occurred_at", "event_type", "source", "source_item_id", "idempotency_key",
            "author_type", "evidence_class", "l1_retrieval_scope", "memory_domain", "retention_class")


class ExportFormatError(ValueError):
    """The file is not a Magi export (the message names the field)."""


def payload_from_row(row: dict[str, Any]) -> dict[str, Any]:
    """The ingestable payload an L1 row came from (inverse of ``events.normalize``)."""
    meta = json.loads(row.get("metadata_json") or "{}")
    raw = dict(meta.get("raw") or {})
    if row["source"] == "chat" or raw.get("type") == "chat":
        payload = {**raw, "type": "chat", "content": row["content"]}
        payload.setdefault("session_id", row.get("session_id"))
        payload.setdefault("occurred_at", row["occurred_at"])
        payload.setdefault("role", meta.get("role") or {"user": "user", "assistant": "assistant"}.get(
            row["author_type"], "tool"))
        return payload
    payload = {k: v for k, v in raw.items() if k not in ("provenance", "tags")}
    payload["source_type"] = row["source"]
    payload["source_item_id"] = row["source_item_id"]
    payload.setdefault("occurred_at", row["occurred_at"])
    payload["provenance"] = raw.get("provenance") or {}
    if meta.get("activity"):
        payload["activity"] = meta["activity"]
    if meta.get("structured_entity_hints"):
        payload["entities"] = meta["structured_entity_hints"]
    tags = raw.get("tags")
    if tags is None:
        tags = json.loads(row.get("tags_json") or "[]")
    if tags:
        payload["tags"] = tags
    return payload


def _events(conn: Any, batch: int = 2000) -> Iterator[dict[str, Any]]:
    last = 0
    while True:
        rows = query_all(conn, "SELECT * FROM fact_events WHERE seq > ? ORDER BY seq LIMIT ?", (last, batch))
        if not rows:
            return
        yield from rows
        last = rows[-1]["seq"]


def user_corrections(conn: Any) -> list[dict[str, Any]]:
    """The user's "this is wrong" decisions, keyed by names (entity ids differ between stores)."""
    from ui import schema  # the introspection helper; no Qt involved

    out: list[dict[str, Any]] = []
    if schema.has_table(conn, "tom_trait_assertions") and schema.has_table(conn, "entity_catalog"):
        for r in query_all(conn, "SELECT c.canonical_name AS entity, c.entity_type, c.is_user, a.trait, "
                                 "a.value, a.polarity, a.status, a.updated_at FROM tom_trait_assertions a "
                                 "JOIN entity_catalog c ON c.entity_id = a.entity_id "
                                 "WHERE a.status = 'user_denied'"):
            out.append({"kind": "assertion", **r})
    if schema.has_table(conn, "knowledge_graph") and schema.has_table(conn, "entity_catalog"):
        # an edge denied *because* its assertion was denied comes back with that assertion's
        # re-applied denial: exported once, as the assertion
        followers: set[str] = set()
        if schema.has_table(conn, "l2_user_corrections"):
            for (effect,) in conn.execute("SELECT effect_json FROM l2_user_corrections WHERE action = 'deny_assertion'"):
                data = json.loads(effect or "{}")
                if data.get("undone_at") is None:
                    followers.update(data.get("denied_edges") or ())
        for r in query_all(conn, "SELECT k.triple_id, s.canonical_name AS subject, s.is_user AS subject_is_user, "
                                 "k.predicate, o.canonical_name AS object, k.status, k.updated_at FROM knowledge_graph k "
                                 "JOIN entity_catalog s ON s.entity_id = k.subject_id "
                                 "JOIN entity_catalog o ON o.entity_id = k.object_id "
                                 "WHERE k.status = 'user_denied'"):
            if r.pop("triple_id") not in followers:
                out.append({"kind": "edge", **r})
    return out


def export_memory(engine: Any, path: str | os.PathLike[str], *, progress: Progress | None = None,
                  cancelled: Callable[[], bool] = lambda: False) -> dict[str, Any]:
    """Write the export; returns counts. A cancelled export leaves no partial file behind."""
    conn = engine.db.reader()
    total = conn.execute("SELECT count(*) FROM fact_events").fetchone()[0]
    path = Path(path)
    tmp = path.with_name(path.name + ".partial")
    fd = os.open(tmp, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)  # memories are private
    written = 0
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write("{\n")
            fh.write(f'"format": {json.dumps(FORMAT)},\n"version": {VERSION},\n')
            fh.write(f'"exported_at": {engine.clock.now()!r},\n"event_count": {total},\n')
            fh.write('"events": [\n')
            for row in _events(conn):
                item = {"payload": payload_from_row(row), "l1": {k: row[k] for k in _L1_KEEP}}
                fh.write(("" if written == 0 else ",\n") + json.dumps(item, ensure_ascii=False))
                written += 1
                if written % 2000 == 0:
                    if progress:
                        progress(written, total, f"{written:,} / {total:,} events written")
                    if cancelled():
                        raise JobCancelled({"events": written, "total": total})
            fh.write("\n],\n")
            tombstones = query_all(conn, "SELECT dedup_hash, deleted_at FROM deletion_tombstones")
            fh.write(f'"tombstones": {json.dumps(tombstones)},\n')
            corrections = user_corrections(conn)
            fh.write(f'"corrections": {json.dumps(corrections, ensure_ascii=False)}\n}}\n')
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if progress:
        progress(total, total, f"exported {written:,} events")
    return {"events": written, "tombstones": len(tombstones), "corrections": len(corrections),
            "path": str(path)}


def read_export(path: str | os.PathLike[str]) -> dict[str, Any]:
    with open(path, encoding="utf-8") as fh:
        try:
            doc = json.load(fh)
        except json.JSONDecodeError as exc:
            raise ExportFormatError(f"not JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ExportFormatError(f"format: expected {FORMAT!r}")
    if doc.get("version") != VERSION:
        raise ExportFormatError(f"version: {doc.get('version')!r} is not supported (expected {VERSION})")
    if not isinstance(doc.get("events"), list):
        raise ExportFormatError("events: expected a list")
    return doc


def import_memory(engine: Any, path: str | os.PathLike[str], *, progress: Progress | None = None,
                  cancelled: Callable[[], bool] = lambda: False) -> dict[str, Any]:
    """Replay an export through the normal ingest path (dedup, tombstones, classification).

    Tombstones are restored first, so an event deleted in the exporting memory is suppressed
    here too. Rejected payloads are reported with their index and field; nothing else is lost.
    """
    doc = read_export(path)
    events = doc["events"]
    total = len(events)
    tombstones = doc.get("tombstones") or []
    if tombstones:
        with engine.db.write() as conn:
            conn.executemany("INSERT OR IGNORE INTO deletion_tombstones(dedup_hash, deleted_at) VALUES (?, ?)",
                             [(t["dedup_hash"], t["deleted_at"]) for t in tombstones])
    report: dict[str, Any] = {"events": total, "ingested": 0, "duplicates": 0, "suppressed": 0,
                              "rejected": [], "reclassified": 0, "tombstones": len(tombstones),
                              "corrections": doc.get("corrections") or []}
    if not engine.capture_enabled:
        raise RuntimeError("memory capture is paused: resume it to import")
    for start in range(0, total, IMPORT_BATCH):
        part = events[start:start + IMPORT_BATCH]
        payloads = []
        for i, item in enumerate(part):
            if not isinstance(item, dict) or not isinstance(item.get("payload"), dict):
                report["rejected"].append({"index": start + i, "field": "events[].payload",
                                           "error": "expected an object"})
                payloads.append(None)
            else:
                payloads.append(item["payload"])
        good = [(i, p) for i, p in enumerate(payloads) if p is not None]
        result = engine.ingest_payloads([p for _, p in good])
        report["ingested"] += result.ingested
        report["duplicates"] += result.duplicates
        report["suppressed"] += result.suppressed
        for r in result.rejected:
            report["rejected"].append({"index": start + good[r.index][0], "field": r.field, "error": r.error})
        if result.event_ids:
            report["reclassified"] += _drift(engine, result.event_ids, [part[i] for i, _ in good])
        if progress:
            progress(min(start + IMPORT_BATCH, total), total,
                     f"{report['ingested']:,} new, {report['duplicates']:,} already present")
        if cancelled():
            raise JobCancelled(report)
    return report


def reapply_corrections(engine: Any, corrections: list[dict[str, Any]]) -> dict[str, Any]:
    """Re-apply exported "this is wrong" decisions once L2 has re-derived the imported events.

    Matching is by names (entity ids are per store): an assertion by entity + trait + value, an
    edge by subject + predicate + object (the user entity matches the user entity). What cannot
    be matched yet (L2 has not produced that row) is reported, not guessed.
    """
    from ui import schema

    conn = engine.db.reader()
    l2 = engine.components.get("l2")
    out: dict[str, Any] = {"applied": 0, "already": 0, "unmatched": []}
    if l2 is None or not schema.has_table(conn, "tom_trait_assertions"):
        out["unmatched"] = list(corrections)
        return out

    def ent_clause(alias: str, name: str, is_user: Any) -> tuple[str, list[Any]]:
        if is_user:
            return f"{alias}.is_user = 1", []
        return f"lower({alias}.canonical_name) = lower(?)", [name]

    for c in corrections:
        if c.get("kind") == "assertion":
            where, params = ent_clause("e", c.get("entity", ""), c.get("is_user"))
            rows = conn.execute(
                "SELECT a.assertion_id, a.status FROM tom_trait_assertions a JOIN entity_catalog e "
                f"ON e.entity_id = a.entity_id WHERE {where} AND a.trait = ? AND a.value = ? AND a.polarity = ?",
                (*params, c.get("trait"), c.get("value"), int(c.get("polarity", 1)))).fetchall()
            deny = getattr(l2, "deny_assertion", None)
        elif c.get("kind") == "edge":
            ws, ps = ent_clause("s", c.get("subject", ""), c.get("subject_is_user"))
            wo, po = ent_clause("o", c.get("object", ""), False)
            rows = conn.execute(
                "SELECT k.triple_id, k.status FROM knowledge_graph k JOIN entity_catalog s ON s.entity_id = k.subject_id "
                f"JOIN entity_catalog o ON o.entity_id = k.object_id WHERE {ws} AND k.predicate = ? AND {wo}",
                (*ps, c.get("predicate"), *po)).fetchall()
            deny = getattr(l2, "deny_edge", None)
        else:
            rows, deny = [], None
        if not rows or deny is None:
            out["unmatched"].append(c)
            continue
        for oid, status in rows:
            if status == "user_denied":
                out["already"] += 1
            else:
                deny(oid, "user: this is wrong (re-applied from an export)")
                out["applied"] += 1
    return out


def _drift(engine: Any, new_ids: list[str], items: list[dict[str, Any]]) -> int:
    """How many re-ingested events got a different evidence class than in the export."""
    expected = {(it.get("l1") or {}).get("idempotency_key"): (it.get("l1") or {}).get("evidence_class")
                for it in items}
    conn = engine.db.reader()
    drift = 0
    for i in range(0, len(new_ids), 500):
        part = new_ids[i:i + 500]
        for key, cls in conn.execute(f"SELECT idempotency_key, evidence_class FROM fact_events WHERE event_id IN "
                                     f"({','.join('?' * len(part))})", part):
            if key in expected and expected[key] is not None and expected[key] != cls:
                drift += 1
    return drift
