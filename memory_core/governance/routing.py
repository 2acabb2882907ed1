"""Routing and retention: which layer an event enters and how long it is kept (design step 2).

Run logs go to the runtime trace and never become facts; working context goes to L0; everything
else enters L1, where the evidence class decides what derived layers may do with it.
"""

from __future__ import annotations

from ..policy import (EVIDENCE_POLICIES, AuthorType, EventType, EvidenceClass, IngestTarget,
                      MemoryDomain, RetentionClass, Route)
from .classifier import classify_event
from ..events.model import MemoryEvent


def route_for(event_type: EventType) -> Route:
    if event_type is EventType.RUNTIME_LOG:
        return Route.RUNTIME_TRACE
    if event_type is EventType.WORKING_CONTEXT:
        return Route.L0
    return Route.L1


def domain_for(event_type: EventType, author: AuthorType) -> MemoryDomain:
    if event_type is EventType.ACTION_EXECUTED:
        return MemoryDomain.TOOL_EXECUTION
    if event_type is EventType.SENSOR_EVENT or author is AuthorType.EXTERNAL:
        return MemoryDomain.EXTERNAL_ACTIVITY
    if event_type is EventType.RUNTIME_LOG:
        return MemoryDomain.RUNTIME
    return MemoryDomain.CONVERSATION


def retention_for(event_type: EventType, evidence: EvidenceClass,
                  source_retention: RetentionClass | None) -> RetentionClass:
    if event_type in (EventType.RUNTIME_LOG, EventType.WORKING_CONTEXT):
        return RetentionClass.EPHEMERAL
    if evidence is EvidenceClass.USER_SELF_REPORT:
        return RetentionClass.PERMANENT
    if source_retention is not None:
        return source_retention
    if event_type is EventType.SENSOR_EVENT:
        return RetentionClass.COMPRESSIBLE
    return RetentionClass.STANDARD


def govern(event: MemoryEvent, *, source_retention: RetentionClass | None = None) -> MemoryEvent:
    """Set the identity fields of a normalised event in place (and return it)."""
    result = classify_event(event.author_type, event.content_type, event.event_type, event.content)
    policy = EVIDENCE_POLICIES[result.evidence_class]
    event.evidence_class = result.evidence_class
    event.classifier_rule = f"{result.rule}@{result.confidence:.2f}"
    event.l1_retrieval_scope = policy.scope
    event.cognition_eligible = policy.cognition_eligible
    event.route = route_for(event.event_type)
    event.memory_domain = domain_for(event.event_type, event.author_type)
    event.retention_class = retention_for(event.event_type, result.evidence_class, source_retention)
    if event.route is Route.RUNTIME_TRACE:
        event.ingest_target = IngestTarget.RUNTIME_TRACE
    elif event.route is Route.L0:
        event.ingest_target = IngestTarget.L0_ONLY
    elif event.event_type is EventType.ACTION_EXECUTED:
        event.ingest_target = IngestTarget.L1_AND_L4
    else:
        event.ingest_target = IngestTarget.L1_ONLY
    return event
