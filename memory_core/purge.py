"""The on-disk purge after a deletion: deleted text must be unreadable from the files, not just
unreachable by queries.

A contentless FTS5 delete removes postings from results, but the terms stay in the index
segments until they are merged: ``optimize`` rewrites every FTS5 index without them.
``secure_delete`` zeroes freed pages, but the old page images stay in the WAL, and the main
file keeps them until a checkpoint copies the new ones over: a TRUNCATE checkpoint does both —
unless another connection holds a read transaction on an older snapshot, in which case SQLite
cannot complete it until that reader ends.

Even then a copy can survive: SQLite's ``secure_delete`` zeroes the cells it frees, but when a
b-tree page is rebuilt during a rebalance the bytes between its cell index and its new content
area are left as they were — stale copies of cells that moved to a sibling. When such a row is
deleted later, its live copy is zeroed and the stale one stays in the page's free space (seen:
an edge row's evidence sentence in a ``knowledge_graph`` leaf, about 1 deletion audit in 18). So
the purge also looks for the deleted text in the files (:func:`residue_in_files`, the texts held
in memory only — writing them down would keep what was deleted) and, when it finds any, rewrites
the whole store with ``VACUUM``, which leaves no page as it was.

So the purge is state, not a side effect of ``delete``: the deletion bumps a generation in its
own transaction (a crash right after still leaves the purge owed), attempts wait only briefly
for readers, and an incomplete purge stays *pending* — shown by ``stats``, the CLI and the app
— and is retried by :class:`PurgeWorker` and by every process that opens the store, until it
completes. Several deletions in a row share one purge (debounced).
"""

from __future__ import annotations

import mmap
import re
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Iterable

import apsw

from .db.connection import Database
from .text.segment import fts_phrase
from .policy import PURGE_BUSY_TIMEOUT_MS, PURGE_DEBOUNCE_S, PURGE_MAX_DELAY_S


@dataclass(frozen=True, slots=True)
class PurgeStatus:
    requested: int
    optimized: int
    done: int
    requested_at: float | None
    attempts: int
    last_attempt_at: float | None
    last_error: str | None
    done_at: float | None

    @property
    def pending(self) -> bool:
        return self.requested > self.done

    def to_json(self) -> dict[str, Any]:
        return {"pending": self.pending, **asdict(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "PurgeStatus":
        return cls(**{f.name: data.get(f.name) for f in fields(cls)})


def request(conn: apsw.Connection, now_wall: float | None = None) -> None:
    """Owe a purge (call inside the deletion's write transaction)."""
    conn.execute("UPDATE purge_state SET requested = requested + 1, requested_at = ? WHERE id = 1",
                 (time.time() if now_wall is None else now_wall,))


def status(conn: apsw.Connection) -> PurgeStatus:
    row = conn.execute("SELECT requested, optimized, done, requested_at, attempts, last_attempt_at, "
                       "last_error, done_at FROM purge_state WHERE id = 1").fetchone()
    if row is None:
        return PurgeStatus(0, 0, 0, None, 0, None, None, None)
    return PurgeStatus(*row)


def due(s: PurgeStatus, now_wall: float, *, first_pending_at: float | None = None) -> bool:
    """Pure policy: a pending purge runs once deletions paused ``PURGE_DEBOUNCE_S``, or when the
    oldest deletion it covers has waited ``PURGE_MAX_DELAY_S``."""
    if not s.pending:
        return False
    if s.requested_at is None or now_wall - s.requested_at >= PURGE_DEBOUNCE_S:
        return True
    return first_pending_at is not None and now_wall - first_pending_at >= PURGE_MAX_DELAY_S


def describe(s: PurgeStatus) -> str:
    """One line for the CLI and the app."""
    if not s.pending:
        return "deleted text purged from the database files"
    why = f" ({s.last_error})" if s.last_error else ""
    return (f"purge pending: deleted text may still be readable from the database files until it "
            f"completes{why}; it is retried automatically (or run `magi-memory purge --wait 30`)")


#: a deleted text is looked for by pieces of this many bytes (one per sentence, from its start):
#: long enough to be that text and not a common phrase, short enough to be inside a span of it
RESIDUE_NEEDLE_BYTES = 24
_SENTENCE = re.compile(r"[^.!?。！？\n]+")


def residue_needles(texts: Iterable[str]) -> set[bytes]:
    """The byte strings to look for: each sentence's first ``RESIDUE_NEEDLE_BYTES`` bytes."""
    out: set[bytes] = set()
    for text in texts:
        for m in _SENTENCE.finditer(text or ""):
            b = m.group().strip().encode("utf-8")
            if len(b) >= RESIDUE_NEEDLE_BYTES // 2:
                out.add(b[:RESIDUE_NEEDLE_BYTES])
    return out


def residue_in_files(db_path: Path, needles: set[bytes]) -> int:
    """How many of ``needles`` occur in the store's files (main, -wal): a read of each file."""
    if not needles:
        return 0
    pattern = re.compile(b"|".join(re.escape(n) for n in sorted(needles, key=len, reverse=True)))
    found: set[bytes] = set()
    for suffix in ("", "-wal"):
        path = Path(f"{db_path}{suffix}")
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            continue
        if size == 0:
            continue
        with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
            found.update(m.group() for m in pattern.finditer(mm))
        if len(found) == len(needles):
            break
    return len(found)


class Purger:
    def __init__(self, db: Database) -> None:
        self.db = db
        #: pieces of the deleted texts not yet proven gone from the files (memory only)
        self._needles: set[bytes] = set()

    def _not_live(self, needles: set[bytes]) -> set[bytes]:
        """The needles no live event holds: a sentence said again in another event ("Thanks so
        much for the help!") is in the files by right, and must not make every purge rewrite the
        store. Candidates come from the full-text index (the needle's words in order), then a
        byte check of their content."""
        conn = self.db.reader()
        out: set[bytes] = set()
        for needle in needles:
            text = needle.decode("utf-8", errors="ignore")
            phrase = fts_phrase(text.rsplit(" ", 1)[0] if " " in text else text)  # no cut last word
            try:
                live = bool(phrase) and conn.execute(
                    "SELECT 1 FROM fact_events_fts f JOIN fact_events e ON e.seq = f.rowid WHERE fact_events_fts "
                    "MATCH ? AND instr(CAST(e.content AS BLOB), ?) > 0 LIMIT 1", (phrase, needle)).fetchone() is not None
            except apsw.Error:  # a phrase FTS5 cannot parse: look for it in the files
                live = False
            if not live:
                out.add(needle)
        return out

    def note_deleted(self, texts: Iterable[str]) -> None:
        """The texts a deletion removed: the next purge checks the files for what is left of them."""
        self._needles |= residue_needles(texts)

    def status(self) -> PurgeStatus:
        return status(self.db.reader())

    def run(self, *, busy_timeout_ms: int = PURGE_BUSY_TIMEOUT_MS) -> dict[str, Any]:
        """One attempt. Returns what it did; ``complete`` tells whether the files are clean."""
        started = time.perf_counter()
        with self.db.write() as conn:
            s = status(conn)
            if not s.pending:
                return {"complete": True, "nothing_to_do": True, "purge_ms": 0.0}
            tables: list[str] = []
            if s.requested > s.optimized:
                tables = [r[0] for r in conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' "
                    "AND lower(sql) LIKE '%using fts5%'")]
                for table in tables:
                    conn.execute(f"INSERT INTO {table}({table}) VALUES ('optimize')")
                conn.execute("UPDATE purge_state SET optimized = ? WHERE id = 1", (s.requested,))
        busy, wal_frames, _ = self.db.checkpoint("TRUNCATE", busy_timeout_ms=busy_timeout_ms)
        complete = not busy and wal_frames <= 0
        vacuumed = False
        needles = self._not_live(self._needles) if complete and self._needles else set()
        if needles and residue_in_files(self.db.path, needles):
            # stale cell copies in page free space (see the module's docstring): rewrite every page
            self.db.vacuum()
            vacuumed = True
            busy, wal_frames, _ = self.db.checkpoint("TRUNCATE", busy_timeout_ms=busy_timeout_ms)
            complete = not busy and wal_frames <= 0
        if complete:
            self._needles.clear()
        now = time.time()
        with self.db.write() as conn:
            if complete:
                # this small write lands in the fresh WAL: the purge_state page, no deleted text
                conn.execute("UPDATE purge_state SET done = max(done, ?), attempts = 0, last_error = NULL, "
                             "last_attempt_at = ?, done_at = ? WHERE id = 1", (s.requested, now, now))
            else:
                conn.execute("UPDATE purge_state SET attempts = attempts + 1, last_attempt_at = ?, "
                             "last_error = ? WHERE id = 1",
                             (now, "another connection holds a read transaction on an older snapshot"))
        return {"complete": complete, "fts_optimized": tables, "wal_truncated": complete, "vacuumed": vacuumed,
                "generation": s.requested, "purge_ms": round((time.perf_counter() - started) * 1000, 1)}

    def run_until_complete(self, wait_s: float, *, interval_s: float = 0.25) -> dict[str, Any]:
        """Attempt, and retry while readers hold old snapshots, for up to ``wait_s`` seconds."""
        deadline = time.monotonic() + wait_s
        attempts = 0
        while True:
            result = self.run()
            attempts += 1
            if result["complete"] or time.monotonic() >= deadline:
                # "tries": this call's; the status's "attempts" counts failures since the last success
                return {**result, "tries": attempts}
            time.sleep(interval_s)


class PurgeWorker:
    """Runs a due purge in the background (app) and at the end of ``run_until_idle`` (CLI).
    Reports work only when a purge completed, so an idle loop cannot spin on a blocked one."""

    name = "purge"
    idle_interval_s = 1.0

    def __init__(self, db: Database) -> None:
        self.purger = Purger(db)
        self._pending_since: float | None = None

    def run_once(self) -> int:
        s = self.purger.status()
        now = time.time()
        if not s.pending:
            self._pending_since = None
            return 0
        if self._pending_since is None:
            self._pending_since = s.requested_at or now
        if not due(s, now, first_pending_at=self._pending_since):
            return 0
        result = self.purger.run()
        if result["complete"]:
            self._pending_since = None
            return 1
        return 0
