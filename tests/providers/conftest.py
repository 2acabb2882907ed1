"""Provider test fixtures: fake servers, a provider set pointed at them, a recorded sleep."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterator

import pytest

from memory_core.config import MemoryConfig, ProviderSettings
from memory_core.providers.factory import ProviderSet, build_providers
from memory_core.providers.resilience import ResiliencePolicy
from memory_core.providers.testing import FakeProviderServer

FAKE_KEY = "sk-magi-test-0123456789abcdef"

#: fast retries so the 429/500/timeout paths run in milliseconds
FAST = ResiliencePolicy(timeout_s=0.25, max_retries=2, backoff_base_s=0.01, backoff_max_s=0.02,
                        retry_after_max_s=5.0, breaker_failures=3, breaker_cooldown_s=60.0)


@pytest.fixture(autouse=True)
def _no_keyring(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAGI_NO_KEYRING", "1")
    monkeypatch.delenv("DASHSCOPE_API_KEY", raising=False)
    monkeypatch.delenv("MAGI_OPENAI_API_KEY", raising=False)


@pytest.fixture
def dashscope_server() -> Iterator[FakeProviderServer]:
    with FakeProviderServer("dashscope") as server:
        yield server


@pytest.fixture
def openai_server() -> Iterator[FakeProviderServer]:
    with FakeProviderServer("openai", default_dim=64) as server:
        yield server


class SleepLog(list):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def sleeps() -> SleepLog:
    return SleepLog()


@pytest.fixture
def build(tmp_path: Path, sleeps: SleepLog) -> Callable[..., ProviderSet]:
    def factory(policy: ResiliencePolicy = FAST, **settings) -> ProviderSet:
        config = MemoryConfig(data_dir=tmp_path, providers=ProviderSettings(**settings))
        return build_providers(config, policy=policy, sleep=sleeps)

    return factory
