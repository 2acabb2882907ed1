"""The connection layer: one writer connection, parallel readers, sqlite-vec loaded everywhere.

Why apsw and not the stdlib ``sqlite3``: many Python builds (this machine's included) have no
``enable_load_extension``, so sqlite-vec cannot load; apsw bundles a current SQLite with FTS5,
the trigram tokenizer and ``contentless_delete`` on every platform.

Concurrency model (WAL): every write goes through :meth:`Database.write`, which serialises on a
lock and wraps the block in ``BEGIN IMMEDIATE`` … ``COMMIT``; readers get one connection per
thread (``query_only``) and never block the writer. A process killed mid-transaction leaves the
WAL without that transaction's commit frame, so SQLite discards it on the next open: committed
events survive, half-written rows do not exist.
"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path
from typing import Any, Iterator, Sequence

import apsw
import sqlite_vec

from ..policy import ANALYSIS_LIMIT, OPTIMIZE_EVERY_COMMITS

Row = dict[str, Any]


class DatabaseError(Exception):
    """Raised for store-level failures the caller can act on (bad path, failed migration)."""


def _open_connection(path: str, *, readonly: bool) -> apsw.Connection:
    flags = apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_CREATE
    if readonly:
        flags = apsw.SQLITE_OPEN_READONLY
    conn = apsw.Connection(path, flags=flags)
    conn.enable_load_extension(True)
    conn.load_extension(sqlite_vec.loadable_path())
    conn.enable_load_extension(False)
    conn.set_busy_timeout(BUSY_TIMEOUT_MS)
    for pragma in (
        "PRAGMA foreign_keys = ON",
        "PRAGMA secure_delete = ON",  # deleted memories are overwritten, not left in free pages
        "PRAGMA temp_store = MEMORY",
        "PRAGMA cache_size = -32000",  # 32 MB page cache per connection
        f"PRAGMA mmap_size = {WRITER_MMAP_BYTES}",
    ):
        conn.execute(pragma)
    return conn


#: how long a connection waits for another's lock before SQLITE_BUSY (one writer, many readers)
BUSY_TIMEOUT_MS = 10_000
#: per reader connection: page cache (negative = KiB, SQLite's convention) and memory mapping
READER_CACHE_KIB = -8000
READER_MMAP_BYTES = 0
#: the writer's mapping (was 256 MB: every page an open-time scan touched stayed in the RSS)
WRITER_MMAP_BYTES = 64 * 1024 * 1024


def _create_private_file(path: Path) -> None:
    """Create the database file 0600 before SQLite does, so it never exists world-readable.

    SQLite gives the -wal and -shm files the permissions of the main file.
    """
    if not path.parent.exists():
        path.parent.mkdir(parents=True, mode=0o700)
    fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
    os.close(fd)
    os.chmod(path, 0o600)


def _tighten_mode(path: Path) -> None:
    """An existing store (and its -wal/-shm) readable by others is made private (0600)."""
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            if p.exists() and p.stat().st_mode & 0o077:
                os.chmod(p, 0o600)
        except OSError:  # not ours to change (another user's file): SQLite decides access
            pass


class Database:
    """A SQLite file with one writer and per-thread readers."""

    def __init__(self, path: str | os.PathLike[str], *, synchronous: str = "NORMAL") -> None:
        self.path = Path(path)
        if str(path) == ":memory:":
            raise DatabaseError("the store needs a file (WAL does not apply to :memory:)")
        if self.path.is_dir():
            raise DatabaseError(f"{self.path} is a directory, not a database file")
        if not self.path.exists():
            _create_private_file(self.path)
        else:
            _tighten_mode(self.path)
        self._write_lock = threading.RLock()
        self._local = threading.local()
        self._readers: list[apsw.Connection] = []
        self._readers_lock = threading.Lock()
        self._closed = False
        try:
            self._writer = _open_connection(str(self.path), readonly=False)
            self._writer.execute("PRAGMA journal_mode = WAL")
        except (apsw.NotADBError, apsw.CorruptError) as exc:
            raise DatabaseError(f"{self.path} is not a SQLite database ({exc})") from None
        # NORMAL in WAL mode: a committed transaction survives a process crash; only an OS crash
        # or power loss may roll back the last few commits. FULL is available for the paranoid.
        self._writer.execute(f"PRAGMA synchronous = {synchronous}")
        self._depth = 0
        self._commits_since_optimize = 0
        self._writer.execute(f"PRAGMA analysis_limit = {ANALYSIS_LIMIT}")
        self._optimize(0x10002)

    # -- writing -------------------------------------------------------------------------------

    @contextlib.contextmanager
    def write(self) -> Iterator[apsw.Connection]:
        """A write transaction. Nested calls join the outer transaction through a savepoint."""
        if self._closed:
            raise DatabaseError("database is closed")
        with self._write_lock:
            conn = self._writer
            if self._depth:
                self._depth += 1
                name = f"sp{self._depth}"
                conn.execute(f"SAVEPOINT {name}")
                try:
                    yield conn
                except BaseException:
                    conn.execute(f"ROLLBACK TO {name}")
                    conn.execute(f"RELEASE {name}")
                    raise
                else:
                    conn.execute(f"RELEASE {name}")
                finally:
                    self._depth -= 1
                return
            self._depth = 1
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            else:
                conn.execute("COMMIT")
                self._commits_since_optimize += 1
                if self._commits_since_optimize >= OPTIMIZE_EVERY_COMMITS:
                    self._optimize()
            finally:
                self._depth = 0

    def _optimize(self, mask: int | None = None) -> None:
        """Keep the planner's statistics current (SQLite's advice for long-lived connections:
        ``optimize=0x10002`` on open, plain ``optimize`` now and then; it only analyses tables
        whose size changed 10x, bounded by ``analysis_limit``). Without ``sqlite_stat1`` a new
        store planned FTS joins from the wrong side: 25x slower category questions at 10k
        events until the first clean close ran the optimize."""
        self._commits_since_optimize = 0
        with contextlib.suppress(apsw.Error):
            self._writer.execute("PRAGMA optimize" if mask is None else f"PRAGMA optimize = {mask:#x}")

    @contextlib.contextmanager
    def savepoint(self, conn: apsw.Connection, name: str) -> Iterator[None]:
        """Isolate a sub-step inside an open write (a failing L4 hook must not undo L1)."""
        conn.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            conn.execute(f"ROLLBACK TO {name}")
            conn.execute(f"RELEASE {name}")
            raise
        else:
            conn.execute(f"RELEASE {name}")

    def checkpoint(self, mode: str = "TRUNCATE", *, busy_timeout_ms: int | None = None) -> tuple[int, int, int]:
        """WAL checkpoint under the write lock: (busy, wal frames, frames checkpointed).
        ``busy_timeout_ms`` bounds how long it waits for readers (the writer is held meanwhile)."""
        if mode not in ("PASSIVE", "FULL", "RESTART", "TRUNCATE"):
            raise ValueError(f"unknown checkpoint mode {mode!r}")
        with self._write_lock:
            if busy_timeout_ms is not None:
                self._writer.set_busy_timeout(busy_timeout_ms)
            try:
                return tuple(self._writer.execute(f"PRAGMA wal_checkpoint({mode})").fetchone())  # type: ignore[return-value]
            finally:
                if busy_timeout_ms is not None:
                    self._writer.set_busy_timeout(BUSY_TIMEOUT_MS)

    def vacuum(self) -> None:
        """Rewrite every page of the store (``VACUUM``) under the write lock; it cannot run inside
        a transaction, so it refuses to run inside :meth:`write`."""
        with self._write_lock:
            if self._depth:
                raise DatabaseError("VACUUM cannot run inside a write transaction")
            self._writer.execute("VACUUM")

    @property
    def writer(self) -> apsw.Connection:
        """The raw writer, for migrations and maintenance that manage their own transactions."""
        return self._writer

    # -- reading -------------------------------------------------------------------------------

    def reader(self) -> apsw.Connection:
        """This thread's read-only connection (created on first use)."""
        if self._closed:
            raise DatabaseError("database is closed")
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = _open_connection(str(self.path), readonly=False)
            conn.execute("PRAGMA query_only = ON")
            # Readers are one per thread (retrieval paths, engine pool, UI): with the writer's
            # 32 MB page cache and a 256 MB mapping each, a query process's RSS grew by ~40 MB a
            # thread (the same file pages counted once per mapping): 690 MB after 90 queries on
            # a 10k store. Readers keep a small cache and read through the OS page cache.
            conn.execute(f"PRAGMA cache_size = {READER_CACHE_KIB}")
            conn.execute(f"PRAGMA mmap_size = {READER_MMAP_BYTES}")
            self._local.conn = conn
            with self._readers_lock:
                self._readers.append(conn)
        return conn

    def read_all(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        return query_all(self.reader(), sql, params)

    def read_one(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Row | None:
        return query_one(self.reader(), sql, params)

    def read_value(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Any:
        return query_value(self.reader(), sql, params)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        with self._readers_lock:
            for conn in self._readers:
                with contextlib.suppress(Exception):
                    conn.close()
            self._readers.clear()
        with self._write_lock:
            self._optimize()
            self._writer.close()

    def __enter__(self) -> "Database":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# -- row helpers (apsw returns tuples; callers want names) ----------------------------------------


def query_all(conn: apsw.Connection, sql: str,
              params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
    cur = conn.execute(sql, params)
    try:
        names = [d[0] for d in cur.getdescription()]
    except apsw.ExecutionCompleteError:
        return []
    return [dict(zip(names, row)) for row in cur]


def query_one(conn: apsw.Connection, sql: str,
              params: Sequence[Any] | dict[str, Any] = ()) -> Row | None:
    rows = query_all(conn, sql, params)
    return rows[0] if rows else None


def query_value(conn: apsw.Connection, sql: str,
                params: Sequence[Any] | dict[str, Any] = ()) -> Any:
    for row in conn.execute(sql, params):
        return row[0]
    return None


def placeholders(n: int) -> str:
    return ",".join("?" * n)
