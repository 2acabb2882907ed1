"""The synchronous L4 step of every ingest call (design write step 7).

Runs inside the L1 write transaction, in the savepoint the store gives each hook: a failure
here is recorded in ``IngestResult.hook_errors`` and rolled back alone; the L1 rows commit.
Only statistics, traces, the breaker and a queued distillation job are written — no provider
is ever called from here.
"""

from __future__ import annotations

from typing import Sequence

import apsw

from ..clock import Clock
from ..events.model import MemoryEvent
from ..policy import EventType
from .store import ExecutionOutcome, record_execution


class L4IngestHook:
    name = "l4"

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        #: outcomes of the last batch (tests, debugging)
        self.last_outcomes: list[ExecutionOutcome] = []

    def on_inserted(self, conn: apsw.Connection, events: Sequence[MemoryEvent]) -> None:
        tool_events = [e for e in events
                       if e.event_type is EventType.ACTION_EXECUTED and e.tool is not None]
        if not tool_events:
            return
        now = self.clock.now()
        outcomes = []
        # Breaker steps must follow execution order, whatever order a batch arrived in.
        for ev in sorted(tool_events, key=lambda e: (e.occurred_at, e.seq or 0)):
            assert ev.tool is not None
            outcomes.append(record_execution(conn, ev.tool, event_id=ev.event_id,
                                             occurred_at=ev.occurred_at, session_id=ev.session_id,
                                             now=now))
        self.last_outcomes = outcomes
