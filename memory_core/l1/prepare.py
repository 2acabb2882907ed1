"""An event's L1 write, prepared without the database: its row, its FTS body, its side-table row
(or the rejection of its payload).

Everything here is a pure function of the normalised event (plus a fresh ULID), so it can run
anywhere: in the writer's thread for a small call, or in a worker process for a bulk import
while the writer stores the previous batch (:mod:`.bulk`). The writer adds only what it alone
knows — ``ingested_at`` and the embedding state — and learns from the database which rows were
new (dedup) and which keys were deleted before (tombstones).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..events.model import MemoryEvent
from ..ids import new_ulid
from ..policy import Route
from ..text.segment import index_text

#: ``fact_events`` columns in the order of a prepared row, then the two the writer appends.
FACT_COLUMNS: tuple[str, ...] = (
    "event_id", "occurred_at", "event_type", "source", "source_item_id", "idempotency_key",
    "session_id", "user_id", "author_type", "content", "content_type", "memory_domain",
    "ingest_target", "retention_class", "evidence_class", "l1_retrieval_scope",
    "cognition_eligible", "classifier_rule", "l2_batch_owner", "tags_json", "metadata_json",
)
WRITER_COLUMNS: tuple[str, ...] = ("ingested_at", "embedding_state")

INSERT_FACT = (
    f"INSERT INTO fact_events({', '.join(FACT_COLUMNS + WRITER_COLUMNS)}) "
    f"VALUES ({','.join('?' * (len(FACT_COLUMNS) + len(WRITER_COLUMNS)))}) "
    "ON CONFLICT(source, event_type, idempotency_key) DO NOTHING"
)

_TAGS_ENCODER = json.JSONEncoder(ensure_ascii=False)  # == json.dumps(tags, ensure_ascii=False)
_VALUE_ENCODER = json.JSONEncoder(ensure_ascii=False)


@dataclass(slots=True)
class Rejection:
    index: int  # position in the input (line number - 1 for JSONL)
    field: str
    error: str

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "field": self.field, "error": self.error}


@dataclass(slots=True)
class PreparedEvent:
    """A normalised event and the rows its route writes.

    ``row`` by route: L1 — the ``FACT_COLUMNS`` values (``row[0]`` is the new event id);
    runtime trace — ``(occurred_at, source, session_id, content, metadata_json)``;
    L0 — ``(session_id, key, value_json)``. ``fts_body`` is set for L1 rows only.
    """

    event: MemoryEvent
    row: tuple[Any, ...]
    fts_body: str = ""

    def __reduce__(self) -> tuple[Any, ...]:
        # crosses the process boundary in bulk imports: positional rebuild, no slot-state dict
        return (PreparedEvent, (self.event, self.row, self.fts_body))


def prepare_event(ev: MemoryEvent) -> PreparedEvent:
    route = ev.route
    if route is Route.L1:
        # ``_value_`` is the enum's plain string (``.value`` is a descriptor call, ~10x slower)
        row = (new_ulid(ev.occurred_at), ev.occurred_at, ev.event_type._value_, ev.source,
               ev.source_item_id, ev.idempotency_key, ev.session_id, ev.user_id,
               ev.author_type._value_, ev.content, ev.content_type._value_,
               ev.memory_domain._value_, ev.ingest_target._value_, ev.retention_class._value_,
               ev.evidence_class._value_, ev.l1_retrieval_scope._value_,
               int(ev.cognition_eligible), ev.classifier_rule, ev.l2_batch_owner,
               _TAGS_ENCODER.encode(list(ev.tags)) if ev.tags else "[]", ev.metadata_json())
        return PreparedEvent(ev, row, index_text(ev.content))
    if route is Route.RUNTIME_TRACE:
        return PreparedEvent(ev, (ev.occurred_at, ev.source, ev.session_id, ev.content,
                                  ev.metadata_json()))
    return PreparedEvent(ev, (ev.session_id or "", ev.source_item_id,
                              _VALUE_ENCODER.encode({"content": ev.content})))
