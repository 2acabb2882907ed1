"""A few hundred hypothesis-fuzzed payloads (the ≥10k run is ``magi-memory bench fuzz``)."""

from __future__ import annotations

from pathlib import Path

from memory_core.bench import fuzz


def test_fuzzed_payloads_are_ingested_or_rejected_naming_a_field(tmp_path: Path) -> None:
    r = fuzz.run(300, workdir=tmp_path, batch_cases=15)
    out = r["outcomes"]
    # the generator really produced both kinds (a fuzzer that only makes garbage proves little)
    assert out.get("ingested", 0) > 20 and out.get("rejected", 0) > 20
    assert out.get("batches") == 15
    assert r["audit"]["integrity_check"] == "ok"
    assert r["l1_ok"], r["audit"]


def test_field_pattern_accepts_paths_and_refuses_prose() -> None:
    for ok in ("provenance.track_name", "entities[2].mention_text", "<payload>", "occurred_at"):
        assert fuzz.FIELD_RE.match(ok)
    for bad in ("", "something went wrong", "field 'x'"):
        assert not fuzz.FIELD_RE.match(bad)
