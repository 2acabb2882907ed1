"""L3's ingest hook: after an assistant reply, queue a task reflection for the session.

Only a job row is written inside the L1 transaction (cheap, idempotent per reply); the
reflection itself — reading the last related events and applying the template — runs in the
summary worker, so a bulk chat import does not slow down L1.
"""

from __future__ import annotations

from typing import Sequence

import apsw

from ..clock import Clock
from ..events.model import MemoryEvent
from ..policy import AuthorType, EventType


class ReflectionHook:
    name = "l3_reflection"

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def on_inserted(self, conn: apsw.Connection, events: Sequence[MemoryEvent]) -> None:
        now = self.clock.now()
        rows = [(e.event_id, e.session_id, f"reflection:{e.event_id}", now, now) for e in events
                if e.event_type is EventType.CHAT_MESSAGE and e.author_type is AuthorType.ASSISTANT
                and e.session_id]
        if rows:
            conn.executemany(
                "INSERT OR IGNORE INTO summary_jobs(kind, anchor_event_id, session_id, trigger, "
                "dedup_key, created_at, updated_at) VALUES ('task_reflection', ?, ?, 'chat', ?, ?, ?)",
                rows)
