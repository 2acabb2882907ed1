"""The whole derived state of a store (embeddings, L2, L3, L4) in a form two runs can compare.

Two runs over the same input assign different surrogate ids: event ids and entity/assertion/
episode/summary ids are ULIDs minted at run time, integer keys follow insertion order, and
bookkeeping columns hold the wall-clock time a row was written. "Derived layers after kill -9
resume to exactly the result of an uninterrupted run" can only be checked once those are
replaced by what the rows *mean*: every event by its idempotency key, every entity by its type
and normalised name, every assertion/edge/episode/summary by its natural key. Everything else —
names, statuses, counts, confidences, evidence links, event times, summary text — is compared
as is, row for row.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import apsw

#: Columns that say when or how often a row was *written*, not what it says.
BOOKKEEPING_COLUMNS = frozenset({
    "created_at", "updated_at", "refreshed_at", "locked_at", "next_attempt_at", "distilled_at",
    "reverted_at", "applied_at", "version", "attempts", "last_error",
    "last_window_end"})  # the L3 scheduler's cursor: when it last ran

#: Integer surrogate keys (insertion order) dropped from the comparison; references to other
#: rows through them are mapped to natural keys first.
SURROGATE_COLUMNS = frozenset({
    "entity_seq", "edge_seq", "assertion_seq", "mention_id", "conflict_id", "merge_id",
    "batch_id", "job_id", "trace_id", "chunk_id", "item_seq", "seq", "item_id", "summary_seq",
    "space_id", "review_id", "decision_id", "correction_id"})

#: every table derived from L1 (compared row by row, as sorted canonical rows)
DERIVED_TABLES = (
    "event_chunks", "l1_event_entities", "entity_catalog", "entity_aliases", "entity_mentions",
    "knowledge_graph", "tom_trait_assertions", "entity_facets", "l2_evidence", "tom_snapshots",
    "episodes", "l2_conflicts", "entity_merges", "predicate_rewrites", "l2_vectors",
    "summaries", "summary_event_links", "summary_chunks", "summary_schedule",
    "procedural_skills", "l4_execution_traces", "review_items", "chat_sessions")

JOB_TABLES = ("embedding_jobs", "l2_projection_jobs", "l2_snapshot_jobs", "summary_jobs",
              "l4_distill_jobs")

_TOKEN = re.compile(r"(?:ent_|asr_|epi_)?[0-9A-HJKMNP-TV-Z]{26}"
                    r"|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


_HASH = re.compile(r"\b[0-9a-f]{16,40}\b")
_VEC_TABLE = re.compile(r"vec_[a-z0-9_]*?_\d+")


def _rows(conn: apsw.Connection, sql: str, params: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    cur = conn.cursor()
    out = []
    for row in cur.execute(sql, params):
        out.append(dict(zip([d[0] for d in cur.getdescription()], row)))
    return out


def _tables(conn: apsw.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def natural_ids(conn: apsw.Connection) -> tuple[dict[str, str], dict[str, dict[int, str]]]:
    """(text id → natural key, {integer key kind → {int → natural key}})."""
    ids: dict[str, str] = {}
    ints: dict[str, dict[int, str]] = {"event": {}, "entity": {}, "edge": {}, "summary": {}}
    for seq, event_id, key in conn.execute("SELECT seq, event_id, idempotency_key FROM fact_events"):
        ids[event_id] = f"E<{key}>"
        ints["event"][seq] = f"E<{key}>"
    tables = _tables(conn)
    if "entity_catalog" in tables:
        seen: Counter[str] = Counter()
        for r in _rows(conn, "SELECT entity_seq, entity_id, entity_type, name_norm, is_user FROM entity_catalog "
                             "ORDER BY first_seen_at, name_norm, entity_seq"):
            base = "N<user>" if r["is_user"] else f"N<{r['entity_type']}:{r['name_norm']}>"
            seen[base] += 1
            key = base if seen[base] == 1 else f"{base}#{seen[base]}"
            ids[r["entity_id"]] = key
            ints["entity"][r["entity_seq"]] = key
    if "knowledge_graph" in tables:
        for r in _rows(conn, "SELECT edge_seq, triple_id, subject_id, predicate, object_id, first_observed_at "
                             "FROM knowledge_graph"):
            key = (f"T<{ids.get(r['subject_id'], r['subject_id'])} {r['predicate']} "
                   f"{ids.get(r['object_id'], r['object_id'])} @{r['first_observed_at']}>")
            ids[r["triple_id"]] = key
            ints["edge"][r["edge_seq"]] = key
    if "tom_trait_assertions" in tables:
        for r in _rows(conn, "SELECT assertion_id, entity_id, trait, value_norm, polarity, first_observed_at "
                             "FROM tom_trait_assertions"):
            ids[r["assertion_id"]] = (f"A<{ids.get(r['entity_id'], r['entity_id'])} {r['trait']}="
                                      f"{r['value_norm']}/{r['polarity']} @{r['first_observed_at']}>")
    if "episodes" in tables:
        for r in _rows(conn, "SELECT episode_id, batch_key, started_at FROM episodes"):
            ids[r["episode_id"]] = f"P<{r['batch_key']} @{r['started_at']}>"
    if "summaries" in tables:
        for r in _rows(conn, "SELECT seq, summary_id, summary_type, summary_category, granularity, "
                             "window_start, window_end, dedup_key FROM summaries"):
            # a dedup key may hash run-specific ids (the decision's event ids): keep its shape only
            dedup = _HASH.sub("#", _TOKEN.sub(lambda m: ids.get(m.group(0), m.group(0)), r["dedup_key"] or ""))
            key = (f"S<{r['summary_type']}/{r['summary_category']}/{r['granularity']} "
                   f"{r['window_start']}..{r['window_end']} {dedup}>")
            ids[r["summary_id"]] = key
            ints["summary"][r["seq"]] = key
    return ids, ints


def _canonical_value(value: Any, ids: dict[str, str]) -> Any:
    if isinstance(value, str):
        return _TOKEN.sub(lambda m: ids.get(m.group(0), m.group(0)), value)
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, bytes):
        return f"<{len(value)} bytes>"
    return value


def _canonical_json(text: str, ids: dict[str, str]) -> Any:
    """JSON columns compared by content with bookkeeping keys left out and lists of ids sorted
    (a snapshot lists its evidence in the order it was refreshed)."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return _canonical_value(text, ids)

    def walk(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: walk(v) for k, v in sorted(x.items()) if k not in BOOKKEEPING_COLUMNS
                    and k not in ("refreshed_at", "computed_at", "generated_at")}
        if isinstance(x, list):
            items = [walk(v) for v in x]
            if all(isinstance(v, str) for v in items):
                return sorted(items)
            return items
        return _canonical_value(x, ids)

    return walk(data)


def derived_state(conn: apsw.Connection) -> dict[str, Any]:
    """Every derived table as a sorted list of canonical rows, plus job-state counts."""
    ids, ints = natural_ids(conn)
    tables = _tables(conn)
    out: dict[str, Any] = {}
    int_refs = {"event_seq": "event", "entity_seq": "entity", "edge_seq": "edge"}
    for table in DERIVED_TABLES:
        if table not in tables:
            continue
        rows = []
        for r in _rows(conn, f"SELECT * FROM {table}"):
            canon: dict[str, Any] = {}
            for col, value in r.items():
                if table == "l2_vectors" and col == "item_seq":
                    kind = "entity" if r.get("kind") == "entity" else "edge"
                    canon[col] = ints[kind].get(value, value) if kind in ints else value
                    continue
                if table == "summary_chunks" and col == "summary_seq":
                    canon[col] = ints["summary"].get(value, value)
                    continue
                if col in int_refs:
                    if table in ("entity_catalog", "knowledge_graph") and col in ("entity_seq", "edge_seq"):
                        continue  # the row's own key: its natural key is in the other columns
                    canon[col] = ints[int_refs[col]].get(value, value)
                    continue
                if col in BOOKKEEPING_COLUMNS or col in SURROGATE_COLUMNS:
                    continue
                if col == "dedup_key" and isinstance(value, str):
                    canon[col] = _HASH.sub("#", _canonical_value(value, ids))
                    continue
                if isinstance(value, str) and value[:1] in "[{" and (col.endswith("_json") or col.endswith("_ids")
                                                                     or col in ("entity_ids", "topic_terms")):
                    canon[col] = json.dumps(_canonical_json(value, ids), ensure_ascii=False, sort_keys=True)
                else:
                    canon[col] = _canonical_value(value, ids)
            rows.append(json.dumps(canon, ensure_ascii=False, sort_keys=True, default=str))
        out[table] = sorted(rows)
    for table in tables:
        if _VEC_TABLE.fullmatch(table):  # a vec0 table (its shadow tables carry a suffix)
            try:
                out[f"{table}:rows"] = conn.execute(f"SELECT count(*) FROM \"{table}\"").fetchone()[0]
            except apsw.Error:
                continue
    for table in JOB_TABLES:
        if table in tables:
            out[f"{table}:states"] = dict(sorted(conn.execute(
                f"SELECT state, count(*) FROM {table} GROUP BY state").fetchall()))
    return out


def diff_states(a: dict[str, Any], b: dict[str, Any], *, examples: int = 3) -> dict[str, Any]:
    """Per table that differs: rows only in ``a`` / only in ``b`` (counts and a few examples)."""
    out: dict[str, Any] = {}
    for table in sorted(set(a) | set(b)):
        x, y = a.get(table), b.get(table)
        if x == y:
            continue
        if isinstance(x, list) and isinstance(y, list):
            cx, cy = Counter(x), Counter(y)
            only_a, only_b = list((cx - cy).elements()), list((cy - cx).elements())
            out[table] = {"only_first": len(only_a), "only_second": len(only_b),
                          "examples_first": only_a[:examples], "examples_second": only_b[:examples]}
        else:
            out[table] = {"first": x, "second": y}
    return out
