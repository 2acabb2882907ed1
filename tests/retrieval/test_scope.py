"""Scope rules and chat-artifact filtering, as pure functions."""

from __future__ import annotations

from memory_core.policy import MODE_SCOPES, QueryMode, RetrievalScope
from memory_core.retrieval.scope import chat_artifact_reason, filter_scopes, is_echo, scope_allows

FACT_ONLY = (QueryMode.EXACT_FACT, QueryMode.CURRENT_STATE, QueryMode.TEMPORAL_COMPARE,
             QueryMode.SUMMARY, QueryMode.ACTIVITY_SUMMARY, QueryMode.STRATEGY)


def test_fact_modes_trust_only_fact_authoritative():
    for mode in FACT_ONLY:
        assert MODE_SCOPES[mode] == frozenset({RetrievalScope.FACT_AUTHORITATIVE}), mode
        assert scope_allows(mode, "fact_authoritative")
        assert not scope_allows(mode, "conversation_only")


def test_episode_and_cross_session_are_unrestricted_but_never_audit():
    for mode in (QueryMode.EPISODE_RECALL, QueryMode.CROSS_SESSION):
        assert scope_allows(mode, "fact_authoritative") and scope_allows(mode, "conversation_only")
    for mode in QueryMode:
        assert not scope_allows(mode, "audit_only")
        assert not scope_allows(mode, "working_context")


def test_filter_scopes_splits_candidates():
    kept, dropped = filter_scopes(QueryMode.EXACT_FACT, [(1, "fact_authoritative"), (2, "conversation_only"),
                                                         (3, "audit_only")])
    assert kept == [1] and dropped == [2, 3]
    kept, dropped = filter_scopes(QueryMode.EPISODE_RECALL, [(1, "fact_authoritative"), (2, "conversation_only")])
    assert kept == [1, 2] and dropped == []


def test_chat_artifacts_are_filtered_in_every_mode():
    q = "What kitchen appliance did I buy before the air fryer?"
    assert chat_artifact_reason(QueryMode.EXACT_FACT, q, author_type="assistant",
                                evidence_class="assistant_generated", content="Try these recipes") == "assistant_answer"
    assert chat_artifact_reason(QueryMode.TEMPORAL_COMPARE, q, author_type="user",
                                evidence_class="user_question", content="any recipes?") == \
        "chat_artifact:user_question"
    # the question itself, stored by the chat pane before asking memory
    assert chat_artifact_reason(QueryMode.EXACT_FACT, q, author_type="user", evidence_class="user_self_report",
                                content="what kitchen appliance did I buy before the air fryer") == "question_echo"
    assert chat_artifact_reason(QueryMode.EXACT_FACT, q, author_type="user", evidence_class="user_self_report",
                                content="I just bought an air fryer") is None
    # episode_recall / cross_session let conversation_only events through the scope, but a
    # question or a reply is still no evidence for another question ...
    for mode in (QueryMode.EPISODE_RECALL, QueryMode.CROSS_SESSION):
        assert chat_artifact_reason(mode, q, author_type="assistant",
                                    evidence_class="assistant_generated",
                                    content="Try these recipes") == "assistant_answer"
        assert chat_artifact_reason(mode, q, author_type="user", evidence_class="user_question",
                                    content="Do you know any rice cooker recipes?") == \
            "chat_artifact:user_question"
        assert chat_artifact_reason(mode, q, author_type="user", evidence_class="user_question",
                                    content=q) == "question_echo"
    # ... unless the question is about the conversation itself
    for about in ("What did you recommend for my back pain?", "What did I ask you about visas?",
                  "你上次推荐的那本书叫什么？", "我之前问过你什么问题？"):
        assert chat_artifact_reason(QueryMode.EPISODE_RECALL, about, author_type="assistant",
                                    evidence_class="assistant_generated", content="Try Deep Work") is None
    # event_stream lists what happened: only the echo of the question is left out
    assert chat_artifact_reason(QueryMode.EVENT_STREAM, q, author_type="assistant",
                                evidence_class="assistant_generated", content="Try these recipes") is None
    assert chat_artifact_reason(QueryMode.EVENT_STREAM, q, author_type="user",
                                evidence_class="user_question", content=q) == "question_echo"
    assert chat_artifact_reason(QueryMode.CROSS_SESSION, "我之前问过你什么问题？", author_type="user",
                                evidence_class="user_question", content="签证要多久？") is None


def test_echo_detection_works_for_chinese():
    assert is_echo("我在买空气炸锅前买了什么厨房家电？", "我在买空气炸锅前买了什么厨房家电")
    assert not is_echo("我在买空气炸锅前买了什么厨房家电？", "我新买了一个空气炸锅")
