"""Bad paths get a message and exit 2, never a traceback; an existing store is made private
(issue 17, item 10)."""

from __future__ import annotations

import os
import stat

from memory_core.cli.main import main
from memory_core.db.connection import Database


def test_a_directory_as_the_input_file(tmp_path, capsys):
    assert main(["--db", str(tmp_path / "m.db"), "ingest", str(tmp_path)]) == 2
    assert "not a file" in capsys.readouterr().err


def test_a_directory_or_a_foreign_file_as_db(tmp_path, capsys):
    assert main(["--db", str(tmp_path), "stats"]) == 2
    assert "is a directory" in capsys.readouterr().err
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a database, just some text\n" * 200)
    assert main(["--db", str(foreign), "stats"]) == 2
    assert "not a SQLite database" in capsys.readouterr().err
    assert foreign.read_text().startswith("not a database")  # untouched


def test_db_under_a_missing_folder_is_refused_not_created(tmp_path, capsys):
    target = tmp_path / "no" / "such" / "m.db"
    assert main(["--db", str(target), "stats"]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert not (tmp_path / "no").exists()


def test_an_existing_world_readable_store_is_tightened(tmp_path):
    path = tmp_path / "m.db"
    Database(path).close()
    os.chmod(path, 0o644)
    Database(path).close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
