"""Normalisation: the memory system renders content and decides identity; bad payloads are
rejected with the field named."""

from __future__ import annotations

import copy

import pytest

from memory_core.events.errors import PayloadError
from memory_core.events.normalize import normalize
from memory_core.policy import (AuthorType, EventType, EvidenceClass, IngestTarget, MemoryDomain,
                                RetentionClass, RetrievalScope, Route)
from tests.helpers import T0, chat, netease


def test_netease_example_from_the_design() -> None:
    payload = netease("netease_3381201487_1779005740382", 1779005740.382)
    ev = normalize(payload, locale="zh")
    # rendered by the memory system's template, exactly as in the design
    assert ev.content == ("网易云音乐 听歌 在网易云音乐听了 Dua Lipa 的《End Of An Era (Live From Mexico)》，"
                          "播放了 3 分钟")
    assert ev.event_type is EventType.SENSOR_EVENT
    assert ev.source == "netease_music"
    assert ev.idempotency_key == "netease_3381201487_1779005740382"
    assert ev.memory_domain is MemoryDomain.EXTERNAL_ACTIVITY
    assert ev.ingest_target is IngestTarget.L1_ONLY
    assert ev.cognition_eligible is True
    assert ev.retention_class is RetentionClass.COMPRESSIBLE
    assert ev.author_type is AuthorType.EXTERNAL
    assert ev.evidence_class is EvidenceClass.EXTERNAL_OBSERVATION
    assert ev.l1_retrieval_scope is RetrievalScope.FACT_AUTHORITATIVE
    meta = ev.metadata()
    assert meta["structured_entity_hints"] == [
        {"mention_text": "End Of An Era (Live From Mexico)", "entity_type": "media"},
        {"mention_text": "Dua Lipa", "entity_type": "person"}]
    assert meta["raw"]["provenance"]["play_duration_sec"] == 206  # raw fields kept


def test_bilingual_rendering_contains_both_languages() -> None:
    ev = normalize(netease("n1", T0))
    zh, en = ev.content.split("\n")
    assert zh.startswith("网易云音乐 听歌") and "Dua Lipa" in en and en.startswith("NetEase Music listen:")


def test_plugin_text_never_comes_from_the_plugin() -> None:
    payload = netease("n1", T0)
    payload["content"] = "PLUGIN WROTE THIS"  # ignored: plugins never write prose
    assert "PLUGIN WROTE THIS" not in normalize(payload).content


@pytest.mark.parametrize("source, action, provenance, needle", [
    ("browser", "visit_page", {"title": "Air fryer recipes", "url": "https://ex.com/af"}, "Air fryer recipes"),
    ("browser", "search", {"query": "高压锅 食谱"}, "高压锅 食谱"),
    ("calendar", "calendar_event", {"title": "Dentist", "start": "2024-05-07 10:00"}, "Dentist"),
    ("terminal", "run_command", {"command": "pytest -q", "exit_code": 0}, "pytest -q"),
    ("git", "commit", {"repo": "magi", "branch": "main", "message": "fix fts"}, "fix fts"),
    ("photo", "take_photo", {"file_name": "IMG_1.jpg", "location": "西湖"}, "西湖"),
    ("system_usage", "app_usage", {"app_name": "VS Code", "duration_sec": 1800}, "30 分钟"),
    ("media_player", "play_media", {"title": "Interstellar", "creator": "Nolan"}, "Interstellar"),
])
def test_every_registered_source_renders(source: str, action: str, provenance: dict, needle: str) -> None:
    ev = normalize({"source_type": source, "source_item_id": f"{source}-1", "occurred_at": T0,
                    "activity": {"source_code": source, "action_code": action, "object_code": "x"},
                    "provenance": provenance})
    assert needle in ev.content
    assert ev.evidence_class is EvidenceClass.EXTERNAL_OBSERVATION


def test_chat_roles() -> None:
    u = normalize(chat("s1", "user", "I have a cat", T0, "m1"))
    a = normalize(chat("s1", "assistant", "Cats are great.", T0 + 1, "m2"))
    assert (u.author_type, u.evidence_class, u.l1_retrieval_scope) == (
        AuthorType.USER, EvidenceClass.USER_SELF_REPORT, RetrievalScope.FACT_AUTHORITATIVE)
    assert u.retention_class is RetentionClass.PERMANENT and u.cognition_eligible
    assert (a.evidence_class, a.l1_retrieval_scope) == (
        EvidenceClass.ASSISTANT_GENERATED, RetrievalScope.CONVERSATION_ONLY)
    assert not a.cognition_eligible
    assert u.idempotency_key == "m1"


def test_tool_message_becomes_action_executed() -> None:
    ev = normalize({"type": "chat", "session_id": "s1", "role": "tool", "content": "3 results",
                    "occurred_at": T0, "message_id": "t1", "tool_name": "web_search",
                    "success": False, "duration_ms": 1200, "input": {"q": "air fryer"},
                    "error": "timeout"})
    assert ev.event_type is EventType.ACTION_EXECUTED
    assert ev.ingest_target is IngestTarget.L1_AND_L4
    assert ev.evidence_class is EvidenceClass.TOOL_RESULT
    assert ev.tool is not None and ev.tool.tool_name == "web_search" and ev.tool.success is False
    assert ev.tool.input_text == '{"q": "air fryer"}'


def test_runtime_logs_never_enter_l1() -> None:
    ev = normalize({"type": "runtime_log", "content": "worker crashed", "occurred_at": T0})
    assert ev.route is Route.RUNTIME_TRACE and ev.evidence_class is EvidenceClass.SYSTEM_RUNTIME


def test_iso_timestamps_and_missing_message_id() -> None:
    ev = normalize({"type": "chat", "session_id": "s", "role": "user", "content": "hi there friend",
                    "occurred_at": "2024-05-06T12:00:00Z"})
    assert ev.occurred_at == 1714996800.0
    again = normalize({"type": "chat", "session_id": "s", "role": "user", "content": "hi there friend",
                       "occurred_at": "2024-05-06T12:00:00+00:00"})
    assert ev.idempotency_key == again.idempotency_key  # stable without a message id


def _bad(payload: dict, field: str) -> None:
    with pytest.raises(PayloadError) as exc:
        normalize(payload)
    assert exc.value.field == field, str(exc.value)
    assert field in str(exc.value)


@pytest.mark.parametrize("mutate, field", [
    (lambda p: p.pop("source_item_id"), "source_item_id"),
    (lambda p: p.pop("occurred_at"), "occurred_at"),
    (lambda p: p.update(occurred_at="yesterday"), "occurred_at"),
    (lambda p: p.update(occurred_at=1779005740382), "occurred_at"),  # milliseconds
    (lambda p: p.update(occurred_at=True), "occurred_at"),
    (lambda p: p.update(source_type="myspace"), "source_type"),
    (lambda p: p.update(source_type=42), "source_type"),
    (lambda p: p.pop("activity"), "activity"),
    (lambda p: p["activity"].pop("action_code"), "activity.action_code"),
    (lambda p: p["activity"].update(action_code="dance"), "activity.action_code"),
    (lambda p: p["activity"].update(source_code="spotify"), "activity.source_code"),
    (lambda p: p.update(provenance="a string"), "provenance"),
    (lambda p: p["provenance"].pop("artist_name"), "provenance.artist_name"),
    (lambda p: p["provenance"].update(track_name=["x"]), "provenance.track_name"),
    (lambda p: p["provenance"].update(play_duration_sec="long"), "provenance.play_duration_sec"),
    (lambda p: p.update(entities={"a": 1}), "entities"),
    (lambda p: p["entities"][0].pop("entity_type"), "entities[0].entity_type"),
    (lambda p: p.update(tags=["ok", 3]), "tags[1]"),
])
def test_malformed_plugin_payloads_name_the_field(mutate, field: str) -> None:
    payload = copy.deepcopy(netease("n1", T0))
    mutate(payload)
    _bad(payload, field)


@pytest.mark.parametrize("payload, field", [
    ({"type": "chat", "role": "user", "content": "x", "occurred_at": T0}, "session_id"),
    ({"type": "chat", "session_id": "s", "role": "robot", "content": "x", "occurred_at": T0}, "role"),
    ({"type": "chat", "session_id": "s", "role": "user", "content": "", "occurred_at": T0}, "content"),
    ({"type": "chat", "session_id": "s", "role": "user", "content": 5, "occurred_at": T0}, "content"),
    ({"type": "chat", "session_id": "s", "role": "user", "content": "a\x00b", "occurred_at": T0}, "content"),
    ({"type": "chat", "session_id": "s", "role": "tool", "content": "x", "occurred_at": T0,
      "success": "yes"}, "success"),
    ({"type": "email", "content": "x"}, "type"),
])
def test_malformed_chat_payloads_name_the_field(payload: dict, field: str) -> None:
    _bad(payload, field)


def test_non_object_payload() -> None:
    _bad([1, 2], "<payload>")  # type: ignore[arg-type]
