"""Item 3 of issue 16: `magi-memory ingest` reports progress on stderr for work over ~2 s (L1
lines written, then each derived queue draining with an ETA), and `--no-derive` says what is
left for the background."""

from __future__ import annotations

import io
import json
from pathlib import Path

from memory_core.cli import progress
from memory_core.cli.main import main
from memory_core.cli.progress import BacklogProgress, WriteProgress


class Ticks:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_write_progress_is_quiet_for_quick_work_then_reports_rate_and_eta() -> None:
    clock, out = Ticks(), io.StringIO()
    quick = WriteProgress(out, clock)
    clock.t = 0.5
    quick(500, 1000)
    quick(1000, 1000)
    assert out.getvalue() == ""  # done before QUIET_FOR_S: nothing printed
    clock.t = 0.0
    slow = WriteProgress(out, clock)
    clock.t = progress.QUIET_FOR_S + 0.5
    slow(5000, 20000)
    clock.t += 0.1
    slow(5200, 20000)  # within EVERY_S of the last line: no new line
    clock.t = 2 * progress.QUIET_FOR_S + 1.0
    slow(20000, 20000)
    slow(20000, 20000)  # reported twice (last batch, end of input): printed once
    lines = out.getvalue().splitlines()
    assert len(lines) == 2
    assert "L1: 5,000 / 20,000 lines written (2,000/s, ETA 0:08)" in lines[0]
    assert "L1: 20,000 / 20,000 lines written" in lines[1] and "ETA" not in lines[1]


def test_backlog_progress_names_each_queue_with_rate_and_eta() -> None:
    clock, out = Ticks(), io.StringIO()
    p = BacklogProgress(out, clock)
    p({"embedding_jobs": 1000, "l2_projection_jobs": 400})
    clock.t = 4.0
    p({"embedding_jobs": 600, "l2_projection_jobs": 0})
    line = out.getvalue().strip()
    assert "embedding 600 left (100/s, ETA 0:06)" in line and "l2_projection done" in line


def _lines(path: Path, n: int) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            fh.write(json.dumps({"type": "chat", "session_id": f"s{i % 7}", "role": "user",
                                 "content": f"I bought a new air fryer number {i}", "message_id": f"m{i}",
                                 "occurred_at": 1_715_000_000 + 60 * i}) + "\n")
    return path


def test_no_derive_says_what_is_left_for_the_background(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("MAGI_EMBEDDING_PROVIDER", "hashing")
    src = _lines(tmp_path / "in.jsonl", 50)
    assert main(["--db", str(tmp_path / "m.db"), "ingest", str(src), "--no-derive"]) == 0
    out = capsys.readouterr()
    assert "ingested: 50" in out.out
    assert "left for the background" in out.err
    assert "embedding 50" in out.err and "l2_projection 50" in out.err
    # the next ingest (with the derived layers) drains them
    assert main(["--db", str(tmp_path / "m.db"), "ingest", str(src)]) == 0
    out = capsys.readouterr()
    assert "duplicates: 50" in out.out and "background work done" in out.out


def test_cli_ingest_prints_l1_and_derived_progress_when_slow(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("MAGI_EMBEDDING_PROVIDER", "hashing")
    monkeypatch.setattr(progress, "QUIET_FOR_S", 0.0)  # no real work lasts 2 s in a test
    monkeypatch.setattr(progress, "EVERY_S", 0.0)
    src = _lines(tmp_path / "in.jsonl", 1200)  # three L1 batches
    assert main(["--db", str(tmp_path / "m.db"), "ingest", str(src)]) == 0
    err = capsys.readouterr().err
    assert "L1: 500 / 1,200 lines written" in err and "L1: 1,200 / 1,200 lines written" in err
    assert "background:" in err and "l2_projection" in err
