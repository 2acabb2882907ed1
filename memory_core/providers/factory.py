"""``build_providers(config)``: the provider set the engine runs with.

Offline is the default and needs nothing: with no provider configured (a key in the
environment alone chooses nothing) the set is the bundled multilingual sentence model (``bundled.py``: e5-small,
else USE, else the :class:`HashingEmbedder`) plus a router that serves no tier
(``available()`` is False everywhere), and every caller takes its offline path (rule extractor,
extractive summaries, template distillation). ``offline_only=True`` returns that set whatever
else is configured, and no network client is even constructed, which is what makes "zero
network calls" a guarantee rather than a promise.

Choosing a provider (``config.providers``):

* ``chat_provider``: ``offline`` (default), ``auto`` (DashScope if a key is found, else the
  OpenAI-compatible server if ``openai_base_url`` is set, else offline), ``dashscope``,
  ``openai_compat``;
* ``embedding_provider``: ``offline`` (default: the bundled multilingual model; cloud embedding
  is opt-in), ``hashing`` (the lexical hashing embedder: benchmarks, small machines),
  ``dashscope``, ``openai_compat``, ``sentence_model`` (English MiniLM, extra ``[model]``);
* ``tier_models``: tier name → model id (configuration, not code; defaults below).

A chosen provider that cannot be built (no key, extra not installed) does not stop the engine:
that part stays offline and the reason is kept in ``ProviderSet.notes`` (``providers status``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..config import MemoryConfig, ProviderSettings
from ..policy import Tier
from .chat import ChatRouter
from .bundled import bundled_embedder
from .embedding import Embedder
from .hashing_embedder import HashingEmbedder
from .ledger import CallLedger, DbCallRecorder
from .resilience import BreakerRegistry, ResiliencePolicy
from .router import TieredChatRouter, TierRoute
from .secrets import SecretFileError, load_key

log = logging.getLogger(__name__)

CHAT_PROVIDERS = ("auto", "offline", "dashscope", "openai_compat")
EMBEDDING_PROVIDERS = ("offline", "hashing", "dashscope", "openai_compat", "sentence_model")

#: DashScope defaults per tier (qwen-turbo for the high-volume fast tiers, qwen-plus where the
#: answer needs reasoning or good prose). Overridden by ``providers.tier_models``.
DASHSCOPE_TIER_MODELS: Mapping[Tier, str] = {
    Tier.FAST_CLASSIFY: "qwen-turbo",
    Tier.CORE_REASONING: "qwen-plus",
    Tier.MEMORY_SUMMARIZER: "qwen-plus",
    Tier.CONTEXT_COMPACT: "qwen-turbo",
}
DASHSCOPE_EMBED_MODEL = "text-embedding-v3"
DASHSCOPE_EMBED_DIM = 1024


class ProviderConfigError(ValueError):
    """A provider setting is invalid; the message names the field."""


@dataclass
class ProviderSet:
    """What the engine holds as ``engine.providers``."""

    embedder: Embedder
    chat: ChatRouter
    ledger: CallLedger = field(default_factory=CallLedger)
    breakers: BreakerRegistry = field(default_factory=BreakerRegistry)
    #: why something is offline, or which key origin is used (never a key value)
    notes: list[str] = field(default_factory=list)
    chat_provider: str = "offline"
    embedding_provider: str = "offline"
    _db_recorder: DbCallRecorder | None = None

    def attach_recorder(self, db: Any) -> DbCallRecorder:
        """From now on every call is also written to ``provider_calls`` in ``db``."""
        if self._db_recorder is None or self._db_recorder.db is not db:
            if self._db_recorder is not None:
                self.ledger.detach(self._db_recorder)
            self._db_recorder = DbCallRecorder(db)
            self.ledger.attach(self._db_recorder)
        return self._db_recorder

    @property
    def uses_network(self) -> bool:
        routes = getattr(self.chat, "routes", {})
        return bool(self.embedder.uses_network
                    or any(r.backend.uses_network for r in routes.values()))

    def status(self) -> dict[str, Any]:
        describe = getattr(self.chat, "describe", None)
        return {
            "chat_provider": self.chat_provider,
            "embedding_provider": self.embedding_provider,
            "embedder": {"model_id": self.embedder.model_id, "dim": self.embedder.dim,
                         "uses_network": self.embedder.uses_network},
            "tiers": describe() if describe else {},
            "breakers": self.breakers.snapshot(),
            "uses_network": self.uses_network,
            "notes": list(self.notes),
        }


def offline_set(notes: list[str] | None = None, *, ledger: CallLedger | None = None,
                breakers: BreakerRegistry | None = None,
                embedding_provider: str = "offline") -> ProviderSet:
    ledger = ledger or CallLedger()
    breakers = breakers or BreakerRegistry()
    notes = list(notes or [])
    embedder, name = _offline_choice(embedding_provider, notes)
    return ProviderSet(embedder=embedder,
                       chat=TieredChatRouter({}, ledger=ledger, breakers=breakers),
                       ledger=ledger, breakers=breakers, notes=notes, embedding_provider=name)


def _offline_choice(provider: str, notes: list[str]) -> tuple[Embedder, str]:
    """The local embedder and its provider name: ``hashing`` when asked for by name, else the
    bundled model (which itself falls back to hashing, saying why in ``notes``)."""
    embedder = HashingEmbedder() if provider == "hashing" else bundled_embedder(notes)
    return embedder, "hashing" if isinstance(embedder, HashingEmbedder) else "offline"


def _validate(s: ProviderSettings) -> None:
    if s.chat_provider not in CHAT_PROVIDERS:
        raise ProviderConfigError(f"providers.chat_provider: {s.chat_provider!r} is not one of "
                                  f"{', '.join(CHAT_PROVIDERS)}")
    if s.embedding_provider not in EMBEDDING_PROVIDERS:
        raise ProviderConfigError(f"providers.embedding_provider: {s.embedding_provider!r} is not "
                                  f"one of {', '.join(EMBEDDING_PROVIDERS)}")
    for name in s.tier_models:
        if name not in Tier.__members__:
            raise ProviderConfigError(f"providers.tier_models: unknown tier {name!r} (tiers: "
                                      f"{', '.join(Tier.__members__)})")
    if s.embedding_dim < 0:
        raise ProviderConfigError("providers.embedding_dim: must be >= 0 (0 = the model default)")


def build_providers(config: MemoryConfig, *, policy: ResiliencePolicy | None = None,
                    sleep: Callable[[float], None] | None = None,
                    use_keyring: bool = True) -> ProviderSet:
    """The provider set for ``config`` (see the module docstring for the rules)."""
    s = config.providers
    _validate(s)
    policy = policy or ResiliencePolicy()
    ledger = CallLedger()
    breakers = BreakerRegistry(policy)
    if s.offline_only:
        return offline_set(["offline_only: no network provider is constructed"],
                           ledger=ledger, breakers=breakers, embedding_provider=s.embedding_provider)
    notes: list[str] = []
    extra: dict[str, Any] = {"ledger": ledger, "breakers": breakers, "policy": policy}
    if sleep is not None:
        extra["sleep"] = sleep

    def key_for(provider: str):
        try:
            key = load_key(provider, config.data_dir, use_keyring=use_keyring)
        except SecretFileError as exc:
            notes.append(f"{provider}: key file refused: {exc}")
            return None
        if key is not None:
            notes.append(f"{provider}: API key from {key.origin}")
        return key

    chat_provider = s.chat_provider
    dashscope_key = None
    if chat_provider in ("auto", "dashscope") or s.embedding_provider == "dashscope":
        dashscope_key = key_for("dashscope")
    if chat_provider == "auto":
        chat_provider = ("dashscope" if dashscope_key is not None
                         else "openai_compat" if s.openai_base_url else "offline")

    routes: dict[Tier, TierRoute] = {}
    if chat_provider == "dashscope":
        if dashscope_key is None:
            notes.append("dashscope: no API key (DASHSCOPE_API_KEY, keyring or key file): "
                         "chat stays offline")
            chat_provider = "offline"
        else:
            from .dashscope_provider import DashScopeChat

            backend = DashScopeChat(api_key=dashscope_key.value,
                                    base_url=s.dashscope_base_url or None)
            for tier in Tier:
                model = s.tier_models.get(tier.value) or DASHSCOPE_TIER_MODELS[tier]
                routes[tier] = TierRoute(backend, model)
    elif chat_provider == "openai_compat":
        if not s.openai_base_url:
            notes.append("openai_compat: providers.openai_base_url is empty: chat stays offline")
            chat_provider = "offline"
        else:
            from .openai_compat import OpenAICompatChat

            key = key_for("openai_compat")
            backend = OpenAICompatChat(base_url=s.openai_base_url,
                                       api_key=key.value if key else None)
            for tier in Tier:
                model = s.tier_models.get(tier.value) or s.openai_model
                if model:
                    routes[tier] = TierRoute(backend, model)
            if not routes:
                notes.append("openai_compat: no model (providers.openai_model or tier_models): "
                             "chat stays offline")
                chat_provider = "offline"
    router = TieredChatRouter(routes, **extra)

    embedder, embedding_provider = _build_embedder(s, dashscope_key, key_for, notes, extra)
    return ProviderSet(embedder=embedder, chat=router, ledger=ledger, breakers=breakers,
                       notes=notes, chat_provider=chat_provider,
                       embedding_provider=embedding_provider)


def _build_embedder(s: ProviderSettings, dashscope_key: Any, key_for: Callable[[str], Any],
                    notes: list[str], extra: dict[str, Any]) -> tuple[Embedder, str]:
    provider = s.embedding_provider
    if provider == "dashscope":
        if dashscope_key is None:
            notes.append("dashscope embeddings: no API key: using the offline embedder")
            return _offline_choice("offline", notes)
        from .dashscope_provider import DashScopeEmbeddingBackend
        from .resilient_embedder import ResilientEmbedder

        backend = DashScopeEmbeddingBackend(
            api_key=dashscope_key.value, base_url=s.dashscope_base_url or None,
            model=s.embedding_model or DASHSCOPE_EMBED_MODEL,
            dim=s.embedding_dim or DASHSCOPE_EMBED_DIM)
        return ResilientEmbedder(backend, **extra), provider
    if provider == "openai_compat":
        if not (s.openai_base_url and s.embedding_model and s.embedding_dim):
            notes.append("openai_compat embeddings need providers.openai_base_url, "
                         "providers.embedding_model and providers.embedding_dim: using the "
                         "offline embedder")
            return _offline_choice("offline", notes)
        from .openai_compat import OpenAICompatEmbeddingBackend
        from .resilient_embedder import ResilientEmbedder

        key = key_for("openai_compat")
        backend = OpenAICompatEmbeddingBackend(
            base_url=s.openai_base_url, model=s.embedding_model, dim=s.embedding_dim,
            api_key=key.value if key else None)
        return ResilientEmbedder(backend, **extra), provider
    if provider == "sentence_model":
        from .sentence_model import SentenceModelUnavailable, load_sentence_embedder

        try:
            return load_sentence_embedder(s.embedding_model or None), provider
        except SentenceModelUnavailable as exc:
            notes.append(f"sentence_model: {exc}: using the offline embedder")
            return _offline_choice("offline", notes)
    return _offline_choice(provider, notes)
