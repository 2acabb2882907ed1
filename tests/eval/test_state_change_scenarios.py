"""The state-change scenario harness: a bad file is refused with the field named; scenarios run
through the CLI in fresh stores and a scenario fails when its first finding does not name the
change (the harness can say no)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_core.cli.main import main
from memory_core.eval import state_changes

OLD = {"at": "2024-03-01T10:00:00Z", "text": "I work as a pharmacist at Mercy Hospital."}
NEW = {"at": "2025-03-01T10:00:00Z", "text": "Big news: I left Mercy Hospital and started at Walgreens last week."}


def _file(tmp_path: Path, scenarios: list[dict]) -> Path:
    p = tmp_path / "s.json"
    p.write_text(json.dumps({"scenarios": scenarios}, ensure_ascii=False), encoding="utf-8")
    return p


@pytest.mark.parametrize("item,field", [
    ({"lines": [], "question": "q", "now": "2025-01-01", "expect": ["x"]}, "lines"),
    ({"lines": [{"text": "hi"}], "question": "q", "now": "2025-01-01", "expect": ["x"]}, "lines[0]"),
    ({"lines": [OLD], "now": "2025-01-01", "expect": ["x"]}, "question"),
    ({"lines": [OLD], "question": "q", "now": "2025-01-01", "expect": []}, "expect"),
    ({"lines": [OLD], "question": "q", "now": "2025-01-01", "expect": ["x"], "before": {}}, "before"),
])
def test_a_malformed_scenario_is_refused_naming_the_field(item, field):
    with pytest.raises(state_changes.ScenarioError, match=field.replace("[", r"\[").replace("]", r"\]")):
        state_changes.parse({"scenarios": [{"id": "x", **item}]})


def test_scenarios_pass_and_fail_through_the_cli(tmp_path, capsys):
    path = _file(tmp_path, [
        {"id": "job", "lang": "en", "family": "employer", "lines": [OLD, NEW], "question": "Where do I work now?",
         "now": "2025-06-01T12:00:00Z", "expect": ["walgreens"],
         "before": {"now": "2024-06-01T12:00:00Z", "expect": ["mercy"]}},
        # the same history asked before the change: the first finding cannot name Walgreens
        {"id": "too-early", "lang": "en", "family": "employer", "lines": [OLD, NEW],
         "question": "Where do I work now?", "now": "2024-06-01T12:00:00Z", "expect": ["walgreens"]},
    ])
    outcomes, summary = state_changes.run_file(path)
    by_id = {o.scenario.id: o for o in outcomes}
    assert by_id["job"].passed and by_id["job"].passed_before, by_id["job"]
    assert not by_id["too-early"].passed and "mercy" in by_id["too-early"].first_after.lower()
    assert summary["overall"] == {"passed": 1, "total": 2, "rate": 0.5} and summary["failed"] == ["too-early"]
    # the command prints the same figures
    assert main(["eval", "state-changes", str(path), "-v"]) == 0
    out = capsys.readouterr().out
    assert "1 / 2 pass" in out and "too-early" in out


def test_the_command_refuses_a_bad_file_with_exit_2(tmp_path, capsys):
    path = _file(tmp_path, [{"id": "x", "lines": [OLD], "question": "q", "now": "2025-01-01"}])
    assert main(["eval", "state-changes", str(path)]) == 2
    assert "expect" in capsys.readouterr().err


SCENARIO_DIR = Path(__file__).parent / "scenarios"
#: pass counts measured at stops 34 to 42 with the hashing embedder, a gate one below each, on
#: twenty-seven of the forty sets (both languages; the full run is `magi-memory eval
#: state-changes`, ~6 min for all, and docs/l2.md "Thirteenth" to "Twenty-first round" have every
#: set's first-run and final figures; sy / sz were written to be measured, not tuned on; stop 39's
#: six sets are gated since the suite runs on two processes; tk / tl / tm / tn (stop 41) are not:
#: tm / tn were never read, kept to measure the next change on)
GATES = {"sc": 36, "sh": 36, "si": 35, "sj": 39, "sk": 39, "sl": 38, "sm": 38, "so": 36, "sp": 35, "sq": 38,
         "sr": 44, "ss": 38, "st": 32, "su": 34, "sv": 35, "sw": 25, "sx": 26,
         "ta": 27, "tb": 23, "tc": 25, "td": 29, "te": 22, "tf": 21,
         "tg": 29, "th": 24, "ti": 27, "tj": 26}


@pytest.fixture(scope="module")
def gated_summaries() -> dict[str, dict]:
    """Every gated set's summary, two sets at a time: each scenario is single-threaded CLI work,
    and on two cores one at a time left a core idle for the suite's longest three minutes (fresh
    processes: the scenarios' stores and caches are their own)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    names = sorted(GATES)
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        return dict(zip(names, pool.map(state_changes.summary_of,
                                        [str(SCENARIO_DIR / f"{n}_scenarios.json") for n in names])))


@pytest.mark.parametrize("name", sorted(GATES))
def test_scenario_sets_stay_at_their_measured_pass_counts(name, gated_summaries):
    summary = gated_summaries[name]
    assert summary["overall"]["passed"] >= GATES[name], (summary["overall"], summary["failed"])
