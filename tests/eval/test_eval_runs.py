"""The eval commands on the real benchmark files (skipped when the data is not present)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_core.cli.main import main

BENCH = Path(__file__).resolve().parents[3] / "shared" / "bench"
LME = BENCH / "longmemeval_s_3q_sample.json"
LOCOMO = BENCH / "locomo10.json"


@pytest.mark.skipif(not LME.exists(), reason="LongMemEval sample not present")
def test_longmemeval_small_run_writes_the_documented_json(tmp_path, capsys):
    out = tmp_path / "lme.json"
    assert main(["eval", "longmemeval", str(LME), "--limit", "2", "--json", str(out), "-q"]) == 0
    data = json.loads(out.read_text())
    assert data["n_questions"] == 2
    for key in ("session_recall@5", "session_ndcg@10", "turn_recall@5"):
        assert 0.0 <= data["overall"][key] <= 1.0
    assert set(data["by_type"]) == {"knowledge-update"}
    assert "session_recall@5" in data["baseline_bm25"]["overall"]
    assert data["timing_ms"]["query_p50"] > 0
    text = capsys.readouterr().out
    assert "BM25-only, overall" in text and "ours, overall" in text


@pytest.mark.skipif(not LOCOMO.exists(), reason="LoCoMo not present")
def test_locomo_small_run_scores_categories(tmp_path, capsys):
    out = tmp_path / "locomo.json"
    assert main(["eval", "locomo", str(LOCOMO), "--conversations", "1", "--limit", "25", "--json", str(out),
                 "-q"]) == 0
    data = json.loads(out.read_text())
    assert data["n_questions"] == 25
    assert set(data["by_type"]) <= {"multi-hop", "temporal", "open-domain", "single-hop"}
    assert data["overall"]["n_turn"] == data["n_scored"]
