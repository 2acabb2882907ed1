"""Replaying a whole export adds nothing; readers run safely while the writer ingests."""

from __future__ import annotations

from pathlib import Path

from memory_core.bench import reliability


def test_replay_of_a_whole_export_adds_zero_rows(tmp_path: Path) -> None:
    r = reliability.replay_export(tmp_path, events=2000, delete=10)
    assert r["first_ingested"] == 2000
    assert r["replay_new_rows"] == 0 and r["replay_duplicates"] == 2000
    # deleted events stay deleted when the export comes back
    assert r["replay_after_delete_new_rows"] == 0 and r["replay_after_delete_suppressed"] == 10
    assert r["l1_ok"]
    ax = r["app_export"]
    if "skipped" in ax:
        return
    assert ax["exported_events"] == 1990 and ax["tombstones"] == 10
    assert ax["same_memory_new_rows"] == 0 and ax["same_memory_rejected"] == 0
    assert ax["fresh_ingested"] == ax["fresh_count"] == 1990
    assert ax["fresh_reclassified"] == 0
    assert ax["fresh_replay_new_rows"] == 0


def test_concurrent_readers_during_writes(tmp_path: Path) -> None:
    r = reliability.concurrent_readers(tmp_path, events=3000, readers=3, batch=100)
    assert r["final_count"] == r["ingested"] == 3000
    assert r["reads"] > 30, "the readers did not actually run alongside the writer"
    assert r["errors"] == 0, r["first_errors"]
    assert r["count_regressions"] == 0
