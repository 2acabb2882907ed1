"""Deleting events from L3: no summary may keep citing — or having been written from — a
deleted event.

Affected summaries are those that link a deleted event, plus the temporal/thematic summaries
whose window contains a deleted summarisable event (their counts and top lists included it).
Each gets one action:

* ``rebuild``  — extractive summaries are regenerated at once from the window without the event;
* ``redact``   — LLM summaries are regenerated extractively at once (the model's prose may quote
  the event, so it cannot stay), marked ``stale``, and a rebuild job re-queues the model;
* ``rerender`` — a task reflection is re-rendered from its remaining events;
* ``remove``   — nothing is left to summarise, or an L2 insight whose evidence is gone.

``preview`` and ``apply`` share :meth:`L3Deletion.plan`: the preview lists exactly the
summaries and actions apply carries out. Runs before L1 (order < 100), so the events still exist
and are excluded explicitly.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

import apsw

from ..db.connection import placeholders, query_all
from ..deletion import Target
from .extractive import EXTRACTIVE
from .insights import task_reflection
from .records import Summary, category_of
from .store import (SUMMARIZABLE, Embed, delete_summary, load_events, load_window_events,
                    write_summary)
from .summarize import WindowSpec, extractive_draft, plan_window
from .worker import enqueue_rebuild

REBUILD, REDACT, RERENDER, REMOVE = "rebuild", "redact", "rerender", "remove"


@dataclass(frozen=True, slots=True)
class Action:
    summary: Summary
    action: str


def _chunks(ids: list[str], n: int = 400) -> list[list[str]]:
    return [ids[i:i + n] for i in range(0, len(ids), n)]


class L3Deletion:
    name = "l3"
    order = 30

    def __init__(self, embed: Embed | None = None) -> None:
        self.embed = embed

    def plan(self, conn: apsw.Connection, target: Target) -> list[Action]:
        deleted = set(target.event_ids)
        ids = list(target.event_ids)
        rows: dict[str, dict[str, Any]] = {}
        for part in _chunks(ids):
            for r in query_all(conn, f"SELECT s.* FROM summaries s JOIN summary_event_links l ON "
                                     f"l.summary_id = s.summary_id WHERE l.event_id IN "
                                     f"({placeholders(len(part))})", part):
                rows[r["summary_id"]] = r
        # summarisable deleted events counted by windows that contain them
        counted: list[tuple[float, str]] = []
        for part in _chunks(ids):
            counted.extend((r["occurred_at"], category_of(r["source"] if r["event_type"] != "ACTION_EXECUTED"
                                                          else f"{r['source']}:{r['event_type']}"))
                           for r in query_all(conn, f"SELECT occurred_at, source, event_type FROM "
                                                    f"fact_events WHERE event_id IN ({placeholders(len(part))}) "
                                                    f"AND {SUMMARIZABLE}", part))
        for t, cat in counted:
            for r in query_all(conn, "SELECT * FROM summaries WHERE summary_type IN ('temporal', 'thematic') "
                                     "AND window_start <= ? AND window_end > ? AND "
                                     "(summary_type = 'temporal' OR summary_category = ?)", (t, t, cat)):
                rows[r["summary_id"]] = r
        actions = []
        for r in sorted(rows.values(), key=lambda r: r["seq"]):
            s = Summary.from_row(r)
            actions.append(Action(s, self._decide(conn, s, deleted)))
        return actions

    def _decide(self, conn: apsw.Connection, s: Summary, deleted: set[str]) -> str:
        if s.summary_type == "insight":
            if s.summary_category != "task_reflection":
                return REMOVE
            left = [e for e in s.source_event_ids if e not in deleted]
            return RERENDER if left and self._reflection(conn, s, deleted) else REMOVE
        if s.window_start is None or s.window_end is None:
            return REMOVE
        if not self._anything_left(conn, s, deleted):
            return REMOVE
        return REBUILD if s.producer == EXTRACTIVE else REDACT

    @staticmethod
    def _anything_left(conn: apsw.Connection, s: Summary, deleted: set[str]) -> bool:
        """Does the summary's window still hold events it would summarise? (ids and sources
        only: the rebuild itself loads the window once, in apply)."""
        for event_id, source, event_type in conn.execute(
                f"SELECT event_id, source, event_type FROM fact_events WHERE occurred_at >= ? AND "
                f"occurred_at < ? AND {SUMMARIZABLE}", (s.window_start, s.window_end)):
            if event_id in deleted:
                continue
            key = f"{source}:{event_type}" if event_type == "ACTION_EXECUTED" else source
            if s.summary_type == "temporal" or category_of(key) == s.summary_category:
                return True
        return False

    @staticmethod
    def _window_plans(conn: apsw.Connection, s: Summary, deleted: set[str],
                      cache: dict[tuple[float, float], list] | None = None) -> list:
        """The rebuild plan of a window summary; ``cache`` shares one load between the temporal
        and thematic summaries of the same window."""
        assert s.window_start is not None and s.window_end is not None
        spec = WindowSpec(s.granularity, s.window_start, s.window_end, s.trigger)
        key = (s.window_start, s.window_end)
        events = cache.get(key) if cache is not None else None
        if events is None:
            events = load_window_events(conn, s.window_start, s.window_end, exclude=deleted)
            if cache is not None:
                cache[key] = events
        return plan_window(spec, events, only=(s.summary_type, s.summary_category))

    @staticmethod
    def _reflection(conn: apsw.Connection, s: Summary, deleted: set[str]):
        events = [e for e in load_events(conn, s.source_event_ids) if e.event_id not in deleted]
        return task_reflection(events, session_id=s.metadata.get("session_id") or "",
                               anchor_event_id=s.metadata.get("anchor_event_id") or s.summary_id)

    def preview(self, conn: apsw.Connection, target: Target) -> dict[str, Any]:
        actions = self.plan(conn, target)
        return self._report(conn, actions, target)

    def _report(self, conn: apsw.Connection, actions: list[Action], target: Target) -> dict[str, Any]:
        counts = Counter(a.action for a in actions)
        links = 0
        for part in _chunks(list(target.event_ids)):
            links += conn.execute(f"SELECT count(*) FROM summary_event_links WHERE event_id IN "
                                  f"({placeholders(len(part))})", part).fetchone()[0]
        return {"summaries_rebuilt": counts[REBUILD], "summaries_redacted_stale": counts[REDACT],
                "reflections_rerendered": counts[RERENDER], "summaries_removed": counts[REMOVE],
                "links_removed": links,
                "summaries": [{"summary_id": a.summary.summary_id, "title": a.summary.title,
                               "action": a.action} for a in actions]}

    def apply(self, conn: apsw.Connection, target: Target, now: float) -> dict[str, Any]:
        actions = self.plan(conn, target)
        report = self._report(conn, actions, target)
        deleted = set(target.event_ids)
        windows: dict[tuple[float, float], list] = {}
        for a in actions:
            s = a.summary
            if a.action == REMOVE:
                delete_summary(conn, s.seq, s.summary_id)
                continue
            if a.action == RERENDER:
                draft = self._reflection(conn, s, deleted)
                assert draft is not None
                draft.dedup_key = s.dedup_key or draft.dedup_key
                write_summary(conn, draft, now, self.embed)
                continue
            plans = self._window_plans(conn, s, deleted, windows)
            if not plans:  # pragma: no cover - _anything_left said otherwise
                delete_summary(conn, s.seq, s.summary_id)
                continue
            spec = WindowSpec(s.granularity, s.window_start, s.window_end, s.trigger)  # type: ignore[arg-type]
            draft = extractive_draft(spec, plans[0])
            draft.dedup_key = s.dedup_key or draft.dedup_key
            if a.action == REDACT:
                draft.status = "stale"
                draft.metadata = {**draft.metadata, "stale_from_producer": s.producer,
                                  "redacted_at": now}
            write_summary(conn, draft, now, self.embed)
            if a.action == REDACT:
                enqueue_rebuild(conn, s.summary_id, now)
        # links of deleted events that no summary action rewrote (defensive: none expected)
        for part in _chunks(list(target.event_ids)):
            conn.execute(f"DELETE FROM summary_event_links WHERE event_id IN ({placeholders(len(part))})", part)
            # a task-reflection job anchored on a deleted reply: its id (and its dedup key) must
            # not outlive the event (issue 17, item 4)
            conn.execute(f"DELETE FROM summary_jobs WHERE anchor_event_id IN ({placeholders(len(part))})",
                         part)
        for a in actions:
            if a.action != REMOVE:
                row = conn.execute("SELECT source_event_ids FROM summaries WHERE summary_id = ?",
                                   (a.summary.summary_id,)).fetchone()
                if row is not None:
                    assert not deleted & set(json.loads(row[0])), "a rebuilt summary still cites a deleted event"
        return report

