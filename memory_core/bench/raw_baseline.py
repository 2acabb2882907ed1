"""The yardstick: plain SQLite, same rows, same pragmas, no pipeline.

A table with the same columns as ``fact_events`` (integer primary key, no secondary index, no
unique constraint) and a contentless FTS5 table with the same tokenizer, written through the
same :class:`~memory_core.db.connection.Database` (so WAL, ``synchronous=NORMAL``,
``secure_delete``, cache and mmap settings are identical) in transactions of the same batch
size. The rows are prepared *before* the clock starts — ids, rendered content, classification
and the segmented FTS body — so the baseline is the bare cost of SQLite storing them, and
``L1 / raw`` is the price of everything the pipeline adds (validation, rendering, the rule
classifier, CJK segmentation, dedup, the embedding job, the session index, hooks).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Sequence

from ..db.connection import Database
from ..events.model import MemoryEvent
from ..ids import new_ulid
from ..text.segment import index_text

RAW_SCHEMA = """
CREATE TABLE IF NOT EXISTS raw_events (
    seq INTEGER PRIMARY KEY, event_id TEXT, occurred_at REAL, ingested_at REAL, event_type TEXT,
    source TEXT, source_item_id TEXT, idempotency_key TEXT, session_id TEXT, user_id TEXT,
    author_type TEXT, content TEXT, content_type TEXT, memory_domain TEXT, ingest_target TEXT,
    retention_class TEXT, evidence_class TEXT, l1_retrieval_scope TEXT, cognition_eligible INTEGER,
    classifier_rule TEXT, l2_batch_owner TEXT, tags_json TEXT, metadata_json TEXT,
    embedding_state TEXT
);
CREATE VIRTUAL TABLE IF NOT EXISTS raw_fts USING fts5(
    body, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2'
);
"""

_INSERT = ("INSERT INTO raw_events(seq, event_id, occurred_at, ingested_at, event_type, source, "
           "source_item_id, idempotency_key, session_id, user_id, author_type, content, content_type, "
           "memory_domain, ingest_target, retention_class, evidence_class, l1_retrieval_scope, "
           "cognition_eligible, classifier_rule, l2_batch_owner, tags_json, metadata_json, "
           "embedding_state) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")

RawRow = tuple[tuple[Any, ...], tuple[int, str]]


class RawBaseline:
    def __init__(self, path: Path) -> None:
        self.db = Database(path)
        self.db.writer.execute(RAW_SCHEMA)
        self.next_seq = 1 + (self.db.writer.execute("SELECT coalesce(max(seq), 0) FROM raw_events")
                             .fetchone()[0])

    def prepare(self, events: Sequence[MemoryEvent]) -> list[RawRow]:
        """The exact row tuples L1 writes, computed outside the timed section."""
        now = time.time()
        import json

        out: list[RawRow] = []
        for ev in events:
            seq = self.next_seq
            self.next_seq += 1
            row = (seq, new_ulid(ev.occurred_at), ev.occurred_at, now, ev.event_type.value, ev.source,
                   ev.source_item_id, ev.idempotency_key, ev.session_id, ev.user_id, ev.author_type.value,
                   ev.content, ev.content_type.value, ev.memory_domain.value, ev.ingest_target.value,
                   ev.retention_class.value, ev.evidence_class.value, ev.l1_retrieval_scope.value,
                   int(ev.cognition_eligible), ev.classifier_rule, ev.l2_batch_owner,
                   json.dumps(list(ev.tags), ensure_ascii=False), ev.metadata_json(), "pending")
            out.append((row, (seq, index_text(ev.content))))
        return out

    def insert_batch(self, rows: Sequence[RawRow]) -> None:
        with self.db.write() as conn:
            conn.executemany(_INSERT, [r for r, _ in rows])
            conn.executemany("INSERT INTO raw_fts(rowid, body) VALUES (?, ?)", [f for _, f in rows])

    def count(self) -> int:
        return int(self.db.writer.execute("SELECT count(*) FROM raw_events").fetchone()[0])

    def close(self) -> None:
        self.db.close()


class SchemaBaseline:
    """Diagnostic second yardstick: the *L1 schema* (every migration: unique event id and dedup
    key, four secondary indexes; since 0011 no embedding-job row at ingest) written with plain
    executemany, no pipeline.

    ``raw`` → ``schema`` isolates what the schema costs; ``schema`` → L1 what the Python
    pipeline costs (validation, rendering, classification, segmentation, per-row dedup and
    tombstone checks, hooks).
    """

    def __init__(self, path: Path) -> None:
        from ..db.migrate import migrate

        self.db = Database(path)
        migrate(self.db)

    def insert_batch(self, rows: Sequence[RawRow]) -> None:
        with self.db.write() as conn:
            conn.executemany(
                "INSERT INTO fact_events(seq, event_id, occurred_at, ingested_at, event_type, source, "
                "source_item_id, idempotency_key, session_id, user_id, author_type, content, content_type, "
                "memory_domain, ingest_target, retention_class, evidence_class, l1_retrieval_scope, "
                "cognition_eligible, classifier_rule, l2_batch_owner, tags_json, metadata_json, "
                "embedding_state) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [r for r, _ in rows])
            conn.executemany("INSERT INTO fact_events_fts(rowid, body) VALUES (?, ?)", [f for _, f in rows])

    def close(self) -> None:
        self.db.close()
