"""Offline defaults, offline_only, provider selection, and API keys that go nowhere."""

from __future__ import annotations

import logging
import os

import pytest

from memory_core.config import MemoryConfig, ProviderSettings
from memory_core.policy import Tier
from memory_core.providers.chat import ChatMessage, ChatRequest, NotConfigured, ServerError
from memory_core.providers.factory import ProviderConfigError, build_providers
from memory_core.providers.hashing_embedder import HashingEmbedder
from memory_core.providers.secrets import (SecretFileError, key_file, load_key, redact,
                                           store_key_file)
from memory_core.providers.testing import Reply

from .conftest import FAKE_KEY


def test_nothing_configured_is_the_offline_set(tmp_path):
    # the suite runs with MAGI_EMBEDDING_PROVIDER=hashing (tests/conftest.py); the bundled
    # model default is tested in test_bundled_model.py
    providers = build_providers(MemoryConfig(data_dir=tmp_path))
    assert isinstance(providers.embedder, HashingEmbedder)
    assert not any(providers.chat.available(t) for t in Tier)
    assert (providers.chat_provider, providers.embedding_provider) == ("offline", "hashing")
    assert providers.uses_network is False


def test_the_engine_uses_the_factory(make_engine):
    engine = make_engine(layers=())
    assert isinstance(engine.providers.embedder, HashingEmbedder)
    assert not engine.providers.chat.available(Tier.FAST_CLASSIFY)
    assert engine.providers.status()["chat_provider"] == "offline"


def test_a_key_in_the_environment_alone_sends_nothing_out(monkeypatch, build, dashscope_server):
    """No configuration chose a cloud provider: an exported key changes nothing (issue 17, 6)."""
    monkeypatch.setenv("DASHSCOPE_API_KEY", FAKE_KEY)
    providers = build(dashscope_base_url=dashscope_server.base_url)
    assert providers.chat_provider == "offline" and providers.uses_network is False
    assert not any(providers.chat.available(t) for t in Tier)


def test_headless_demo_with_a_key_in_the_environment_connects_nowhere(monkeypatch, capsys):
    """`magi-desktop --offline` with no screen runs the headless demo; with DASHSCOPE_API_KEY
    exported it used to try the DashScope host 40 times. Every connect() is guarded."""
    from magi_desktop.app import main as desktop_main
    from magi_desktop.network_guard import NetworkGuard

    monkeypatch.setenv("DASHSCOPE_API_KEY", FAKE_KEY)
    for argv in (["--headless", "--offline"], ["--headless"]):
        with NetworkGuard() as guard:
            assert desktop_main(argv) == 0
        assert guard.blocked == [], argv
    assert "Q:" in capsys.readouterr().out


def test_auto_picks_dashscope_when_a_key_exists(monkeypatch, build, dashscope_server):
    monkeypatch.setenv("DASHSCOPE_API_KEY", FAKE_KEY)
    providers = build(chat_provider="auto", dashscope_base_url=dashscope_server.base_url)
    assert providers.chat_provider == "dashscope"
    assert all(providers.chat.available(t) for t in Tier)
    # cloud embedding stays opt-in
    assert isinstance(providers.embedder, HashingEmbedder)
    assert "dashscope: API key from env" in providers.notes


def test_offline_only_makes_zero_network_calls(monkeypatch, build, dashscope_server, openai_server):
    monkeypatch.setenv("DASHSCOPE_API_KEY", FAKE_KEY)
    providers = build(offline_only=True, chat_provider="dashscope", embedding_provider="dashscope",
                      dashscope_base_url=dashscope_server.base_url,
                      openai_base_url=openai_server.base_url, openai_model="m")
    assert not any(providers.chat.available(t) for t in Tier)
    with pytest.raises(NotConfigured):
        providers.chat.complete(ChatRequest(Tier.CORE_REASONING, [ChatMessage("user", "x")]))
    providers.embedder.embed(["offline 离线"])
    # a local embedder (the bundled model, or hashing where it is not installed)
    assert providers.embedder.uses_network is False
    assert providers.embedding_provider in ("offline", "hashing")
    assert dashscope_server.requests == [] and openai_server.requests == []
    assert providers.uses_network is False


def test_chosen_provider_without_key_stays_offline_and_says_why(build):
    providers = build(chat_provider="dashscope")
    assert providers.chat_provider == "offline"
    assert any("no API key" in n for n in providers.notes)


def test_bad_settings_name_the_field(tmp_path):
    for settings, field in [(ProviderSettings(chat_provider="gpt"), "providers.chat_provider"),
                            (ProviderSettings(embedding_provider="x"), "providers.embedding_provider"),
                            (ProviderSettings(tier_models={"FAST": "m"}), "providers.tier_models")]:
        with pytest.raises(ProviderConfigError, match=field):
            build_providers(MemoryConfig(data_dir=tmp_path, providers=settings))


def test_key_file_must_be_private(tmp_path):
    path = store_key_file(tmp_path, "dashscope", FAKE_KEY)
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"
    key = load_key("dashscope", tmp_path)
    assert key is not None and key.origin == "file" and key.value == FAKE_KEY
    assert FAKE_KEY not in repr(key) and FAKE_KEY not in str(key)
    os.chmod(key_file(tmp_path, "dashscope"), 0o644)
    with pytest.raises(SecretFileError, match="chmod 600"):
        load_key("dashscope", tmp_path)


def test_redact_scrubs_loaded_keys():
    from memory_core.providers.secrets import remember

    remember(FAKE_KEY)
    assert redact(f"401 for Bearer {FAKE_KEY}!") == "401 for Bearer <redacted>!"


def test_the_key_never_reaches_the_database_or_the_logs(monkeypatch, make_engine, build,
                                                        dashscope_server, caplog, tmp_path):
    """Run every path (success, 429, an error whose body echoes the key, embeddings) with DEBUG
    logging on, then grep the database files and the captured log for the key."""
    caplog.set_level(logging.DEBUG)
    store_key_file(tmp_path, "dashscope", FAKE_KEY)  # key from the 0600 file this time
    providers = build(chat_provider="dashscope", embedding_provider="dashscope",
                      dashscope_base_url=dashscope_server.base_url, embedding_dim=64)
    engine = make_engine("keytest.db", providers=providers, layers=())
    engine.config.save()
    echo = Reply("error", status=500, error_code="InternalError",
                 text=f"upstream rejected Authorization: Bearer {FAKE_KEY}")
    dashscope_server.enqueue("chat", Reply.rate_limited(0), Reply.ok("fine"), echo, echo, echo)
    request = ChatRequest(Tier.FAST_CLASSIFY, [ChatMessage("user", "我住在嘉兴")], trigger="t")
    providers.chat.complete(request)
    with pytest.raises(ServerError) as info:
        providers.chat.complete(request)
    providers.embedder.embed(["a", "b"])
    errors = [r["error"] for r in engine.db.read_all("SELECT error FROM provider_calls") if r["error"]]
    assert errors and all("<redacted>" in e for e in errors)
    engine.close()
    needle = FAKE_KEY.encode()
    for path in tmp_path.iterdir():
        if path.is_file() and path.name.startswith(("keytest.db", "config.json")):
            assert needle not in path.read_bytes(), path.name
    assert FAKE_KEY not in caplog.text
    assert FAKE_KEY not in str(info.value)  # scrubbed before the exception is even raised
    assert "<redacted>" in str(info.value)
