"""kill -9 during embedding, L2 and L3 through `magi-memory ingest`, and other processes opening
the store meanwhile: the derived state ends equal to an uninterrupted run (the whole of it,
compared row by row through natural keys — memory_core.bench.derived_state)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_core.bench import derived_resume

EVENTS = 1200


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("derived-resume")


@pytest.fixture(scope="module")
def reference(workdir: Path) -> dict:
    source = derived_resume.write_input(workdir, EVENTS, 51)
    state, _ = derived_resume.clean_run(workdir, source)
    assert state["l2_projection_jobs:states"] and state["summaries"] and state["event_chunks"]
    return state


def test_two_clean_runs_have_equal_derived_state(workdir: Path, reference: dict) -> None:
    # the comparison is only meaningful if an uninterrupted run is itself reproducible
    again_dir = workdir / "again"
    again_dir.mkdir()
    again, _ = derived_resume.clean_run(again_dir, derived_resume.write_input(workdir, EVENTS, 51))
    assert derived_resume.diff_states(reference, again) == {}


@pytest.mark.parametrize("phase", ["embedding", "l2", "l3"])
def test_kill_9_inside_a_phase_then_resume_equals_the_clean_run(workdir: Path, reference: dict, phase: str) -> None:
    r = derived_resume.kill_and_resume(workdir, events=EVENTS, seed=51, phases=(phase,), reference=reference)
    p = r["phases"][phase]
    if not p["killed_inside_phase"]:
        pytest.skip(f"the ingest finished before a {phase} job was seen running (machine too fast)")
    assert p["running_at_kill"][derived_resume.PHASES[phase]] > 0
    assert p["resume_exit"] == 0, p["resume_stderr_tail"]
    assert p["equal_to_clean_run"], json.dumps(p["differences"], ensure_ascii=False)[:3000]


def test_other_processes_opening_the_store_change_nothing(workdir: Path, reference: dict) -> None:
    r = derived_resume.concurrent_opens(workdir, events=EVENTS, seed=51, reference=reference)
    assert r["ingest_exit"] == 0, r["ingest_stderr_tail"]
    assert r["opens_during_work"] >= 1
    assert r["jobs_reset_by_openers"] == 0
    assert r["events_projected_twice"] == 0
    assert r["equal_to_clean_run"], json.dumps(r["differences"], ensure_ascii=False)[:3000]
