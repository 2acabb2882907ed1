"""LLM path: Phase 1, Phase 2 and arbitration against recorded answers through the providers'
local fake OpenAI-compatible server (no network), including malformed output."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from memory_core.config import MemoryConfig, ProviderSettings
from memory_core.l2.projection import PROJECTION_QUEUE
from memory_core.providers.factory import build_providers
from memory_core.providers.resilience import ResiliencePolicy
from memory_core.providers.testing import FakeProviderServer, Reply
from tests.helpers import DAY, T0, chat
from tests.l2.conftest import project
from tests.l2.llm_fakes import Script, no_match

FAST = ResiliencePolicy(timeout_s=2.0, max_retries=1, backoff_base_s=0.0, backoff_max_s=0.0,
                        retry_after_max_s=1.0, breaker_failures=50, breaker_cooldown_s=1.0)


@pytest.fixture
def llm(tmp_path: Path, make_engine, monkeypatch):
    monkeypatch.setenv("MAGI_NO_KEYRING", "1")
    script = Script()
    with FakeProviderServer("openai", default_dim=64) as server:
        server.responder = script.responder()
        cfg = MemoryConfig(data_dir=tmp_path, providers=ProviderSettings(
            chat_provider="openai_compat", embedding_provider="hashing", openai_base_url=server.base_url,
            openai_model="fast-model", tier_models={"CORE_REASONING": "reasoner"}))
        providers = build_providers(cfg, policy=FAST, sleep=lambda s: None)
        engine = make_engine("llm.db", layers=("l2",), providers=providers)
        yield engine, script


def _log(engine):
    return engine.db.read_all("SELECT * FROM l2_batch_log ORDER BY batch_id")


def test_phase1_phase2_arbitration_move_story(llm, clock):
    engine, script = llm
    script.add("phase1", "phase1_live_shanghai.json", "phase1_moved_jiaxing.json")
    script.add("phase2", "phase2_evolves.json", "phase2_evolves.json")
    script.add("arbitration", "arbitration_evolve.json")
    engine.ingest_payloads([chat("a", "user", "I live in Shanghai.", T0, "a1")])
    project(engine)
    engine.ingest_payloads([chat("b", "user", "I don't live in Shanghai any more, I moved to Jiaxing. Any tips?",
                                 T0 + 30 * DAY, "b1")])
    project(engine)
    svc = engine.components["l2"]
    uid = svc.user_id()
    res = {a.value: a for a in svc.assertions(uid, statuses=None, trait="residence")}
    assert res["Shanghai"].status == "superseded" and res["Jiaxing"].status == "tentative"
    edges = {e.object_name: e for e in svc.edges(uid, statuses=None)}
    assert edges["Shanghai"].predicate == "LIVES_IN" and edges["Jiaxing"].predicate == "LIVES_IN"  # LIVE_IN, RELOCATED_TO normalised
    assert edges["Shanghai"].status == "superseded"
    [conflict_decider] = {c["decided_by"] for c in svc.conflicts()}
    assert conflict_decider == "llm:reasoner"
    assert len(script.calls("arbitration")) == 1  # one decision for the edge and its mirrored assertion
    # Phase 1 prompt of the second batch: the pre-lookup found Shanghai (INSTR) → known entity
    # and its cross-session history event are in the prompt
    p1 = script.calls("phase1")[1]["messages"][1]["content"]
    assert "KNOWN ENTITIES" in p1 and "| Shanghai | place" in p1
    assert "EARLIER EVENTS" in p1 and "I live in Shanghai." in p1
    assert '<event id="' in p1 and "author=\"USER\"" in p1
    assert script.calls("phase1")[0]["model"] == "fast-model"
    assert script.calls("arbitration")[0]["model"] == "reasoner"
    # the extractor's resolved_id was used for Shanghai (no second Shanghai entity)
    assert [e.canonical_name for e in svc.entities(entity_type="place")].count("Shanghai") == 1
    # malformed items were dropped, each with its reason in the batch log
    dropped = json.loads(_log(engine)[1]["report_json"])["dropped"]
    assert any("NOT-IN-BATCH" in d for d in dropped)
    assert any("landform" in d for d in dropped)
    assert any("ASKED_ABOUT is on the low-value blacklist" in d for d in dropped)
    lake = engine.db.read_one("SELECT entity_id, resolution FROM entity_mentions WHERE name_norm = 'lake'")
    assert lake == {"entity_id": None, "resolution": "unbound"}  # no type → mention only
    assert json.loads(_log(engine)[1]["phase2_json"])["producer"] == "llm:fast-model"


def test_preference_reversal_needs_phase2(llm):
    engine, script = llm
    script.add("phase1", "phase1_like_jazz.json", "phase1_prefer_classical.json")
    script.add("phase2", "phase2_new.json", "phase2_preference_reversal.json")
    script.add("disambiguation", no_match, no_match)
    script.add("arbitration", "arbitration_evolve.json")
    engine.ingest_payloads([chat("a", "user", "I love jazz.", T0, "a1")])
    project(engine)
    engine.ingest_payloads([chat("b", "user", "These days I'm much more into classical music than jazz.",
                                 T0 + 10 * DAY, "b1")])
    project(engine)
    svc = engine.components["l2"]
    edges = {e.object_name: e for e in svc.edges(svc.user_id(), statuses=None)}
    assert edges["jazz"].predicate == "LIKES" and edges["jazz"].status == "superseded"
    assert edges["classical music"].status == "active" and edges["classical music"].relation_label == "evolves"
    # "classical music" was recalled as a candidate for jazz (vectors recall) but the LLM said
    # they differ: a new entity, not a merge — vectors never decide identity
    assert len(script.calls("disambiguation")) == 1
    assert {e.canonical_name for e in svc.entities(entity_type="topic")} == {"jazz", "classical music"}
    assert len(script.calls("phase2")) == 2 and len(script.calls("arbitration")) == 1


def test_malformed_phase1_retries_with_backoff_then_succeeds(llm, clock):
    engine, script = llm
    healthy = {"ok": False}

    def phase1(body):
        if not healthy["ok"]:  # prose, or a truncated body: every attempt of the first run
            return Reply.malformed() if len(script.calls("phase1")) % 2 else Reply.ok("Sure! Entities: Shanghai.")
        from tests.l2.llm_fakes import fill, recorded
        return Reply.ok(fill(recorded("phase1_live_shanghai.json"), body))

    script.add("phase1", *([phase1] * 20))
    script.add("phase2", "phase2_new.json")
    engine.ingest_payloads([chat("a", "user", "I live in Shanghai.", T0, "a1")])
    project(engine)
    [job] = engine.db.read_all("SELECT state, attempts, last_error FROM l2_projection_jobs")
    assert job["state"] == "pending" and job["attempts"] == 1  # backoff: not retried at once
    assert "InvalidResponse" in job["last_error"] or "Malformed" in job["last_error"]
    assert engine.components["l2"].entities() == []  # nothing half-written
    assert len(engine.list_events()) == 1  # L1 unaffected
    healthy["ok"] = True
    clock.advance(3600)
    project(engine)
    assert PROJECTION_QUEUE.counts(engine.db.reader())["done"] == 1
    assert [e.canonical_name for e in engine.components["l2"].entities()] == ["Shanghai"]


def test_malformed_phase2_and_arbitration_degrade_to_rules(llm, clock):
    engine, script = llm
    script.add("phase1", "phase1_live_shanghai.json", "phase1_moved_jiaxing.json")
    script.add("phase2", Reply.ok("not json"), Reply.ok("still not json"),  # first batch: repair fails
               Reply.ok("{\"labels\": 5}"), Reply.ok("{\"labels\": 5}"))
    script.add("arbitration", Reply.ok("I think they moved."), Reply.ok("I think they moved."))
    engine.ingest_payloads([chat("a", "user", "I live in Shanghai.", T0, "a1")])
    project(engine)
    engine.ingest_payloads([chat("b", "user", "I don't live in Shanghai any more, I moved to Jiaxing. Any tips?",
                                 T0 + 30 * DAY, "b1")])
    project(engine)
    svc = engine.components["l2"]
    res = {a.value: a.status for a in svc.assertions(svc.user_id(), statuses=None, trait="residence")}
    assert res == {"Shanghai": "superseded", "Jiaxing": "tentative"}  # structural rules still reconcile
    logs = _log(engine)
    assert all(json.loads(l["phase2_json"])["producer"].startswith("rule (llm failed") for l in logs)
    conflicts = svc.conflicts()
    assert {c["decided_by"] for c in conflicts} == {"offline_rule"}
    assert all("reasoning tier failed" in c["reason"] for c in conflicts)
    # a fallback decision is uncertain by construction → it waits in the review inbox
    assert len(engine.components["review"].list_pending()) == 1


def test_a_speakers_line_reaches_the_model_as_that_persons_and_never_becomes_the_users(llm):
    """Issue 14: a chat line with ``speaker`` is shown to the model with that speaker (and the
    rule that its "I" is that person); a model that still answers subject "user" is corrected to
    the speaker, so the user gets none of another person's traits."""
    engine, script = llm

    def phase1(body):
        user = body["messages"][-1]["content"]
        eid = re.findall(r'<event id="([^"]+)"', user)[0]
        place = "Paris" if "Paris" in user.split("## NEW EVENTS")[1] else "Lyon"
        return Reply.json({"entities": [{"mention": place, "name": place, "entity_type": "place",
                                         "event_id": eid, "confidence": 0.9, "resolved_id": None}],
                           "fact_claims": [{"subject": "user", "predicate": "LIVES_IN", "object": place,
                                            "evidence_text": f"I moved to {place}", "event_id": eid,
                                            "kind": "trait", "trait": "residence", "value": place,
                                            "negated": False, "directness": "explicit", "confidence": 0.9,
                                            "time_hint": None}],
                           "resolved_refs": []})

    script.add("phase1", phase1, phase1)
    script.add("phase2", *(["phase2_new.json"] * 6))
    script.add("disambiguation", *([no_match] * 6))
    script.add("arbitration", *(["arbitration_evolve.json"] * 2))
    engine.ingest_payloads([{**chat("g", "user", "I moved to Paris last year.", T0, "g1"), "speaker": "Melanie"}])
    project(engine)
    engine.ingest_payloads([{**chat("g", "user", "We just moved to Lyon.", T0 + 60, "g2"), "speaker": "Caroline"}])
    project(engine)
    first, second = (c["messages"] for c in script.calls("phase1"))
    assert 'speaker="Name"' in first[0]["content"] and "never \"user\"" in first[0]["content"]
    assert 'author="USER" speaker="Melanie"' in first[1]["content"]
    # the earlier line is context of the second batch: tagged with its speaker, not [USER]
    assert "[SPEAKER Melanie]" in second[1]["content"] and "[USER]" not in second[1]["content"]
    assert 'speaker="Caroline"' in second[1]["content"]
    rows = engine.db.read_all("SELECT e.canonical_name, e.is_user, a.value FROM tom_trait_assertions a "
                              "JOIN entity_catalog e ON e.entity_id = a.entity_id WHERE a.trait = 'residence'")
    assert {(r["canonical_name"], r["value"]) for r in rows} == {("Melanie", "Paris"), ("Caroline", "Lyon")}
    assert not [r for r in rows if r["is_user"]]
    dropped = json.loads(_log(engine)[0]["report_json"])["dropped"]
    assert any("said by a speaker" in d for d in dropped)


def test_a_dated_start_from_the_model_is_scheduled_from_its_date(llm):
    # the prompt tells the model the "from:" form; its answer is scheduled like the rule
    # extractor's: the employer is valid from the first of next month, not from the telling
    from datetime import datetime, timezone
    engine, script = llm
    script.add("phase1", "phase1_scheduled_job.json")
    script.add("phase2", "phase2_new.json", "phase2_new.json")
    script.add("disambiguation", no_match, no_match)
    told = T0 + 100 * DAY
    engine.ingest_payloads([chat("a", "user", "I'm joining Kaiser Permanente next month.", told, "k1")])
    project(engine)
    assert '"from:"' in script.calls("phase1")[0]["messages"][0]["content"]
    svc = engine.components["l2"]
    [a] = svc.assertions(svc.user_id(), statuses=None, trait="employer")
    day = datetime.fromtimestamp(told, timezone.utc)
    first_of_next = datetime(day.year + (day.month == 12), day.month % 12 + 1, 1, tzinfo=timezone.utc).timestamp()
    assert a.value == "Kaiser Permanente" and a.valid_from == first_of_next
