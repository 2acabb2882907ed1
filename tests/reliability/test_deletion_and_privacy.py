"""Deletion leaves no trace in any table, index or vector store; files are private."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.bench import reliability


@pytest.fixture(scope="module")
def audit(tmp_path_factory: pytest.TempPathFactory) -> dict:
    # 1000 events: enough for the FTS index to hold several segments, as a real store does
    return reliability.deletion_audit(tmp_path_factory.mktemp("deletion"), events=1000)


def test_no_trace_of_deleted_events_anywhere(audit: dict) -> None:
    assert audit["victims"] == 8
    assert audit["vector_chunks_of_victims"] >= 7, "victims were not embedded before deletion"
    # before deleting, the same scan sees the victims in L1, its indexes and the derived layers
    assert {"fact_events", "fact_events_fts", "embedding_jobs"} <= set(audit["traces_before"])
    layers = set(audit["layers_reporting"])
    if "l2" in layers:  # entities, evidence, graph rows and the residence assertion cited the victims
        assert {"l1_event_entities", "entity_mentions", "l2_evidence", "tom_trait_assertions",
                "knowledge_graph"} <= set(audit["traces_before"])
    if "l3" in layers:  # the victims were inside summarised windows
        assert {"summaries", "summary_event_links"} <= set(audit["traces_before"])
    # the scan reads FTS shadow tables byte for byte too (it saw the marker there before)
    assert any(t.endswith("_data") for t in audit["traces_before"]), audit["traces_before"]
    assert audit["leaks"] == {}, audit["leaks"]
    assert audit["preview_equals_apply"]
    assert audit["replay_new_rows"] == 0 and audit["replay_suppressed"] == 8
    assert audit["marker_bytes_in_file"]["float_vectors"] == 0
    assert audit["l1_ok"]


def test_deleted_terms_are_gone_from_main_file_wal_and_shm_once_the_purge_completes(audit: dict) -> None:
    assert audit["purge"]["complete"] and not audit["purge"]["pending"]
    assert "fact_events_fts" in audit["purge"]["fts_optimized"]
    for key in ("marker_bytes_in_file", "marker_bytes_in_file_after_replay"):
        hits = audit[key]
        assert hits == {k: 0 for k in hits}, (key, hits)


def test_a_reader_holding_an_old_snapshot_leaves_the_purge_pending_then_it_completes(tmp_path: Path) -> None:
    r = reliability.deletion_with_reader(tmp_path)
    assert r["reader"].startswith("holding") and r["deleted"] == 4
    # the deletion itself is done and says the purge is not: no 10 s block, no silent "done"
    assert r["delete_with_reader_s"] < 5
    assert r["purge_in_report"]["pending"] and not r["purge_in_report"]["complete"]
    assert r["stats_while_reader_held"]["pending"] and r["stats_while_reader_held"]["last_error"]
    # the audit can see the text while the old snapshot pins it (else the check below proves nothing)
    assert r["marker_bytes_while_reader_held"][reliability.MARKER_EN] > 0
    assert r["worker_completions"] == 1, "the purge worker did not retry after the reader closed"
    assert not r["purge_after_reader_closed"]["pending"]
    assert r["leaks"] == {}
    hits = r["marker_bytes_after"]
    assert hits == {k: 0 for k in hits}, hits


def test_database_and_config_files_are_0600_and_secure_delete_is_on(tmp_path: Path) -> None:
    r = reliability.file_modes(tmp_path)
    modes = r["modes"]
    for name in ("memory.db", "memory.db-wal", "memory.db-shm", "config.json"):
        assert modes[name] == "0o600", (name, modes)
    assert modes["data_dir"] == "0o700"
    assert r["secure_delete"] == {"writer": 1, "reader": 1}
