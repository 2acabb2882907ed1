"""The answer's summary names who said the top finding: an imported chat line is its speaker's
words ("Lena: We finally moved to Berlin!"), never "the user: …"."""

from __future__ import annotations

from memory_core.retrieval.intent import build_plan
from memory_core.retrieval.package import Finding
from memory_core.retrieval.plan import QueryMode
from memory_core.retrieval.projection import summary_of


def _finding(speaker: str | None) -> Finding:
    return Finding(rank=1, event_id="e1", content="Lena: We finally moved to Berlin!", occurred_at=1_728_000_000.0,
                   author_type="user", evidence_strength="direct", score=1.0, speaker=speaker)


def test_a_speakers_line_is_summarised_as_theirs():
    plan = build_plan("Where does Lena live?", mode=QueryMode.EXACT_FACT, now=1_750_000_000.0)
    assert "Lena: \"Lena: We finally" in summary_of(plan, [_finding("Lena")], "found", False)
    assert "the user: " in summary_of(plan, [_finding(None)], "found", False)
    plan_zh = build_plan("莉娜住在哪里？", mode=QueryMode.EXACT_FACT, now=1_750_000_000.0)
    assert "Lena：" in summary_of(plan_zh, [_finding("Lena")], "found", False)
