"""The purge finds deleted text left in the files' free space and rewrites the store.

SQLite's ``secure_delete`` zeroes freed cells, but a page rebuilt in a rebalance keeps stale
copies of cells that moved to a sibling in its free space; a deletion audit caught an edge's
evidence sentence that way about once in 18 runs. Here the leftover is made on purpose (a row
deleted with ``secure_delete`` off leaves its bytes the same way: in a page, in no row)."""

from __future__ import annotations

from pathlib import Path

from memory_core.db.connection import Database
from memory_core.db.migrate import migrate
from memory_core.purge import Purger, request, residue_in_files, residue_needles

SECRET = "I live in quorblaxiaville now, on Verbena Street."


def _store_with_leftover(path: Path) -> Database:
    db = Database(path)
    migrate(db)
    with db.write() as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        conn.executemany("INSERT INTO notes (body) VALUES (?)", [(f"filler line number {i} " * 3,) for i in range(200)])
        conn.execute("INSERT INTO notes (body) VALUES (?)", (SECRET,))
    db.writer.execute("PRAGMA secure_delete = OFF")
    with db.write() as conn:
        conn.execute("DELETE FROM notes WHERE body = ?", (SECRET,))
        request(conn)
    db.writer.execute("PRAGMA secure_delete = ON")
    return db


def _bytes_on_disk(path: Path, text: str) -> int:
    return sum(p.read_bytes().count(text.encode()) for p in path.parent.glob(path.name + "*"))


def test_a_purge_told_the_deleted_text_finds_the_leftover_and_vacuums(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    db = _store_with_leftover(path)
    try:
        purger = Purger(db)
        purger.note_deleted([SECRET])
        result = purger.run()
        assert result["complete"] and result["vacuumed"], result
        assert _bytes_on_disk(path, "quorblaxiaville") == 0
        assert db.reader().execute("SELECT count(*) FROM notes").fetchone()[0] == 200  # nothing else lost
        # the texts are forgotten once the files are clean: the next purge has nothing to look for
        with db.write() as conn:
            request(conn)
        assert not purger.run()["vacuumed"]
    finally:
        db.close()


def test_without_the_texts_the_leftover_stays_which_is_what_the_scan_is_for(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    db = _store_with_leftover(path)
    try:
        result = Purger(db).run()  # FTS optimize + checkpoint only
        assert result["complete"] and not result["vacuumed"]
        assert _bytes_on_disk(path, "quorblaxiaville") >= 1
    finally:
        db.close()


def test_needles_are_sentence_starts_and_the_scan_counts_each_once(tmp_path: Path) -> None:
    needles = residue_needles(["Short. I just bought a zorblaxian espresso grinder in Jiaxing! 我昨天在嘉兴买了一个钜鑫琉璃盏，很喜欢。"])
    assert b"I just bought a zorblaxi" in needles and all(len(n) <= 24 for n in needles)
    assert b"Short" not in needles  # too short to be that text rather than a common word
    f = tmp_path / "x.db"
    f.write_bytes(b"\0" * 100 + b"I just bought a zorblaxian" * 3)
    assert residue_in_files(f, needles) == 1


def test_a_deleted_sentence_another_live_event_still_says_makes_no_rewrite(tmp_path: Path) -> None:
    from memory_core.engine import MemoryEngine

    engine = MemoryEngine(tmp_path / "m.db")
    try:
        said_twice = "Thanks so much for the help with the garden plan!"
        rows = [{"type": "chat", "session_id": "s", "role": "user", "content": said_twice,
                 "occurred_at": 1_700_000_000 + i, "message_id": f"m{i}"} for i in range(2)]
        engine.ingest_payloads(rows)
        first = engine.list_events(limit=10)[-1].event_id
        report = engine.delete_events([first], wait_purge_s=5.0)
        assert report.purge["complete"] and not report.purge["vacuumed"], report.purge
    finally:
        engine.close()
