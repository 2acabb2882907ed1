"""Evidence strength of derived (layer) answers, judged from the plan's own tables: a summary of
the asked period, the skill of the named tool, an assertion of the asked trait family, an L2
edge of the asked predicate family — and the package level follows the top finding only."""

from __future__ import annotations

import pytest

from memory_core.retrieval.evidence import DIRECT, INDIRECT, WEAK, assess_layer_hit, window_fit
from memory_core.retrieval.intent import build_plan
from memory_core.retrieval.package import Finding
from memory_core.retrieval.predicates import FAMILY_BY_NAME, family_for_trait, question_family
from memory_core.retrieval.projection import status_of
from memory_core.retrieval.timeparse import parse_time

DAY = 86400.0
NOW = 1_795_230_000.0  # a Saturday (2026-11-21)


def plan(q: str, mode=None):
    return build_plan(q, mode=mode, now=NOW)


def last_week():
    w = parse_time("last week", NOW).window
    assert w is not None and w.hard
    return w


# -- summaries: the asked period ------------------------------------------------------------------

def test_a_summary_of_the_asked_week_is_direct_when_its_events_lie_in_it():
    p = plan("What was I busy with last week?")
    w = last_week()
    assert p.mode.value == "activity_summary" and p.time_window == w
    payload = {"window_start": w.start, "window_end": w.end, "granularity": "week"}
    a = assess_layer_hit(p, kind="summary", text="Week summary: browsing, coding", payload=payload,
                         preferred=True, event_times=[w.start + DAY, w.start + 3 * DAY])
    assert a.strength == DIRECT and "period" in a.reason


def test_an_overlapping_summary_whose_events_are_outside_the_period_is_not_direct():
    p = plan("What was I busy with last week?")
    w = last_week()
    # a rolling week two days later: it overlaps, but every event it cites is after the window
    payload = {"window_start": w.start + 2 * DAY, "window_end": w.end + 2 * DAY}
    assert window_fit(p, payload["window_start"], payload["window_end"]) == pytest.approx(5 / 7)
    a = assess_layer_hit(p, kind="summary", text="Week summary: browsing", payload=payload, preferred=True,
                         event_times=[w.end + DAY])
    assert a.strength == INDIRECT and "none of the events" in a.reason


def test_a_summary_of_another_period_is_only_material():
    p = plan("What was I busy with last week?")
    w = last_week()
    payload = {"window_start": w.start - 30 * DAY, "window_end": w.start - 23 * DAY}
    assert window_fit(p, payload["window_start"], payload["window_end"]) == 0.0
    a = assess_layer_hit(p, kind="summary", text="Week summary: browsing", payload=payload, preferred=True,
                         event_times=[w.start - 25 * DAY])
    assert a.strength == INDIRECT


def test_an_episode_line_is_never_a_direct_statement():
    p = plan("What did Melanie and her family do while camping?")
    a = assess_layer_hit(p, kind="episode", text="episode 2023-07-20 (24 events): melanie, family, camping",
                         payload={}, preferred=False)
    assert a.strength == INDIRECT and "episode" in a.reason


def test_in_a_fact_question_a_summary_restating_a_purchase_is_at_most_indirect():
    p = plan("Did I buy a rice cooker?")
    a = assess_layer_hit(p, kind="summary", text="Day summary: I bought a rice cooker", payload={},
                         preferred=False)
    assert a.strength == INDIRECT and "restates" in a.reason


# -- skills: the named tool -----------------------------------------------------------------------

def test_the_skill_of_the_tool_the_question_names_is_direct():
    p = plan("How did I handle the web_search tool last time?")
    assert p.mode.value == "strategy"
    assert p.target_category is None and "web_search" in p.entity_mentions  # a name, not "any software"
    text = "web_search [search]: success rate 50% over 6 run(s), breaker half_open"
    a = assess_layer_hit(p, kind="skill", text=text, payload={"tool_name": "web_search"}, preferred=True)
    assert a.strength == DIRECT and "web_search" in a.reason
    other = assess_layer_hit(p, kind="skill", text="file_read [fs]: success rate 100%",
                             payload={"tool_name": "file_read"}, preferred=True)
    assert other.strength == INDIRECT  # the preferred layer's row, but not the tool asked about


# -- assertions: the trait family ------------------------------------------------------------------

@pytest.mark.parametrize("question,trait,value", [
    ("Where do I live now?", "residence", "jiaxing"),
    ("我现在住在哪里？", "residence", "嘉兴"),
    ("Do I like jazz?", "preference", "jazz"),
    ("Am I stressed these days?", "stress", "high"),
    ("How is my mood now?", "mood", "good"),
    ("Where do I work now?", "employer", "acme"),
])
def test_a_current_assertion_of_the_asked_family_is_direct(question, trait, value):
    p = plan(question)
    assert family_for_trait(trait) is FAMILY_BY_NAME[p.predicate_family]
    a = assess_layer_hit(p, kind="assertion", text=f"{trait}: {value} (active)",
                         payload={"trait": trait, "value": value, "current": True}, preferred=False)
    assert a.strength == DIRECT, (question, a)
    old = assess_layer_hit(p, kind="assertion", text=f"{trait}: {value} (superseded)",
                           payload={"trait": trait, "value": value, "current": False}, preferred=False)
    assert old.strength == INDIRECT


def test_an_assertion_of_another_family_is_not_a_direct_answer():
    p = plan("Where do I live now?")
    a = assess_layer_hit(p, kind="assertion", text="stress: high (active)",
                         payload={"trait": "stress", "value": "high", "current": True}, preferred=True)
    assert a.strength != DIRECT


def test_question_cues_map_to_state_families():
    assert question_family("Am I stressed?").name == "stress"
    assert question_family("我最近压力大吗？").name == "stress"
    assert question_family("How do I feel today?").name == "mood"
    assert question_family("Where do I live?").name == "residence"


# -- edges: the predicate family -------------------------------------------------------------------

def edge(family: str, predicate: str, directness: str, obj: str = "rice cooker") -> dict:
    return {"family": family, "predicate": predicate, "directness": directness, "object": obj}


def test_edges_by_family_and_directness():
    p = plan("Did I buy a rice cooker?")
    assert assess_layer_hit(p, kind="edge", text="user BOUGHT rice cooker", preferred=False,
                            payload=edge("acquisition", "BOUGHT", "explicit")).strength == DIRECT
    assert assess_layer_hit(p, kind="edge", text="user BOUGHT rice cooker", preferred=False,
                            payload=edge("acquisition", "BOUGHT", "implied")).strength == INDIRECT
    owns = assess_layer_hit(p, kind="edge", text="user OWNS rice cooker", preferred=False,
                            payload=edge("possession", "OWNS", "explicit"))
    assert owns.strength == INDIRECT and "not an explicit purchase record" in owns.reason
    where = plan("Where did I travel last year?")
    assert assess_layer_hit(where, kind="edge", text="user VISITED kyoto", preferred=False,
                            payload=edge("travel", "VISITED", "explicit", "kyoto")).strength == DIRECT


def test_rows_about_the_user_do_not_answer_a_question_about_someone_else():
    p = plan("What does Caroline like?")
    assert p.subject == "Caroline"
    a = assess_layer_hit(p, kind="edge", text="user LIKES painting", preferred=False,
                         payload=edge("preference", "LIKES", "explicit", "painting"), user_subject=True)
    assert a.strength == WEAK and "Caroline" in a.reason


# -- the package level follows the answer candidate ------------------------------------------------

def finding(strength: str, rank: int) -> Finding:
    return Finding(rank=rank, event_id=f"e{rank}", content="x", occurred_at=None, author_type="user",
                   evidence_strength=strength, score=1.0)


def test_evidence_level_follows_the_top_finding_not_any_finding():
    assert status_of([finding(DIRECT, 1), finding(WEAK, 2)]) == ("found", "strong", False)
    # a direct statement further down (the anchor's own purchase, say) does not make it strong
    assert status_of([finding(INDIRECT, 1), finding(DIRECT, 2)]) == ("weak_evidence", "weak", False)
    assert status_of([finding(WEAK, 1), finding(DIRECT, 2)]) == ("weak_evidence", "weak", False)
    assert status_of([finding(WEAK, 1), finding(WEAK, 2)]) == ("weak_evidence", "weak", True)
    assert status_of([]) == ("not_found", "none", True)


# -- end to end on the bundled sample (all layers) -------------------------------------------------

@pytest.fixture(scope="module")
def sample_engine(tmp_path_factory):
    from importlib import resources

    from memory_core.config import MemoryConfig
    from memory_core.engine import MemoryEngine

    import json

    from memory_core.clock import FakeClock

    tmp = tmp_path_factory.mktemp("sample")
    sample = resources.files("memory_core.resources").joinpath("sample_memory.jsonl")
    # the sample's own clock: an hour after its last event (the derived layers' windows, L3's
    # "last day/week", follow the engine clock; the machine's date must not change the answers)
    last = max(json.loads(line)["occurred_at"] for line in sample.read_text(encoding="utf-8").splitlines()
               if line.strip())
    with resources.as_file(sample) as path, MemoryEngine(tmp / "s.db", config=MemoryConfig(data_dir=tmp),
                                                         clock=FakeClock(last + 3600)) as eng:
        eng.ingest_jsonl(path)
        eng.run_until_idle()
        yield eng, eng.db.read_value("SELECT max(occurred_at) FROM fact_events") + 3600


@pytest.mark.parametrize("question,kind", [
    ("Where do I live now?", "assertion"),
    ("How did I handle the web_search tool last time?", "skill"),
])
def test_sample_derived_answers_are_direct_and_the_package_strong(sample_engine, question, kind):
    eng, now = sample_engine
    pkg = eng.retrieval.query(question, now=now)
    top = pkg.findings[0]
    assert top.kind == kind and top.evidence_strength == DIRECT, [(f.kind, f.evidence_strength) for f in pkg.findings]
    assert pkg.status == "found" and pkg.evidence_level == "strong" and not pkg.insufficient_evidence


def test_sample_appliance_question_is_weak_because_its_answer_is_only_implied(sample_engine):
    eng, now = sample_engine
    for q in ("What kitchen appliance did I buy before the air fryer?", "我在买空气炸锅前买了什么厨房家电？"):
        pkg = eng.retrieval.query(q, now=now)
        assert "高压锅" in pkg.findings[0].content or "pressure cooker" in pkg.findings[0].content.lower()
        assert pkg.findings[0].evidence_strength == INDIRECT
        assert pkg.evidence_level == "weak" and pkg.status == "weak_evidence", q


def test_sample_last_week_has_no_events_so_memory_says_so(sample_engine):
    """The sample's question date is Saturday 2026-11-21: "last week" is Nov 9-16, when nothing was
    recorded. Summaries are calendar windows now (the ISO week Nov 16-23 does not overlap it; the
    old rolling week Nov 11-18 did, as indirect material): nothing claims that week, and the
    package says memory holds no event from it."""
    eng, now = sample_engine
    pkg = eng.retrieval.query("What was I busy with last week?", now=now)
    assert all(f.evidence_strength != DIRECT for f in pkg.findings)
    assert any("no event at all" in h for h in pkg.answering_hints)
    assert pkg.evidence_level in ("none", "weak") and pkg.status != "found"
    # with a period that has events, the same question gets a direct summary or nothing claims it
    week = eng.retrieval.query("What was I busy with this week?", now=now)
    assert not any("no event at all" in h for h in week.answering_hints)
