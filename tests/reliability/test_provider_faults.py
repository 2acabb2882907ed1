"""Embedding provider faults: L1 is untouched, jobs retry with backoff and then fail visibly."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.bench import reliability
from memory_core.policy import JOB_MAX_ATTEMPTS


@pytest.fixture(scope="module")
def faults(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return reliability.provider_faults(tmp_path_factory.mktemp("faults"), events=120,
                                       faults=("timeout", "http_5xx", "garbage_shape", "garbage_nan"))


@pytest.mark.parametrize("fault", ["timeout", "http_5xx", "garbage_shape"])
def test_fault_retries_then_fails_visibly(faults: dict, fault: str) -> None:
    f = faults[fault]
    assert f["l1_intact"] and f["fts_works"] and f["l1_ok"]
    # every attempt count from 0 to the maximum was seen: the job was retried, not dropped
    assert f["attempt_values_seen"] == list(range(JOB_MAX_ATTEMPTS + 1))
    assert f["job_states"] == {"failed": 120}
    assert f["event_embedding_states"] == {"failed": 120}
    assert f["stats_failed"] == 120
    assert all(e for e in f["last_errors"]), "a failed job must keep its last error"
    assert f["nan_vectors_stored"] == 0
    assert f["after_recovery"] == {"done": 120}


def test_nan_vectors_are_rejected_not_stored(faults: dict) -> None:
    f = faults["garbage_nan"]
    assert f["nan_vectors_stored"] == 0
    assert f["job_states"] == {"failed": 120}


@pytest.fixture(scope="module")
def http_faults(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The real OpenAI-compatible embedder against the providers' fake server (127.0.0.1)."""
    return reliability.provider_faults_http(tmp_path_factory.mktemp("http-faults"), events=80,
                                            faults=("http_500", "timeout", "malformed"))


@pytest.mark.parametrize("fault,outcome", [("http_500", "error"), ("timeout", "timeout"),
                                           ("malformed", "invalid")])
def test_http_provider_fault_keeps_l1_and_fails_jobs_visibly(http_faults: dict, fault: str,
                                                             outcome: str) -> None:
    f = http_faults[fault]
    assert f["l1_intact"] and f["l1_ok"]
    assert f["http_requests"] > JOB_MAX_ATTEMPTS, "the client did not retry"
    assert f["attempt_values_seen"] == list(range(JOB_MAX_ATTEMPTS + 1))
    assert f["job_states"] == {"failed": 80}
    assert f["last_errors"] and all(f["last_errors"])
    # every failed call is in the cost/privacy ledger with its outcome
    assert set(f["ledger_outcomes"]) == {outcome}
    assert f["after_recovery"] == {"done": 80}
