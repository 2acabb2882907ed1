"""App settings: persisted with QSettings, mirrored into the engine's ``MemoryConfig``.

QSettings holds what the desktop shell needs before any engine exists (which data folder to
open, window state); the engine's own ``config.json`` in that folder holds provider choices and
the capture switch, so the CLI and the app agree on them. API keys are in neither: they go to
the OS keyring when one is available, else to a 0600 key file (``providers/secrets.py``), and
the dialog never shows a stored key again — only where it came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings

from memory_core.config import MemoryConfig, default_data_dir, default_embedding_provider
from memory_core.policy import Tier
from memory_core.providers import secrets

ORG, APP = "Magi", "Magi Desktop"
CHAT_PROVIDERS = ("auto", "offline", "dashscope", "openai_compat")
# "offline": the bundled multilingual model; "hashing": the lexical fallback (small machines)
EMBEDDING_PROVIDERS = ("offline", "hashing", "dashscope", "openai_compat", "sentence_model")


def qsettings() -> QSettings:
    return QSettings(ORG, APP)


@dataclass
class AppSettings:
    data_dir: Path = field(default_factory=default_data_dir)
    chat_provider: str = "offline"  # a cloud provider is chosen in Settings, never implied by a key
    embedding_provider: str = field(default_factory=default_embedding_provider)
    tier_models: dict[str, str] = field(default_factory=dict)
    openai_base_url: str = ""
    openai_model: str = ""
    capture_enabled: bool = True
    #: the hard switch: no network call at all
    offline_only: bool = False

    # -- QSettings -----------------------------------------------------------------------------

    @classmethod
    def load(cls, store: QSettings | None = None) -> "AppSettings":
        s = store or qsettings()
        data_dir = Path(str(s.value("data_dir", "") or default_data_dir())).expanduser()
        out = cls(data_dir=data_dir)
        cfg = MemoryConfig.load(data_dir)
        p = cfg.providers
        out.chat_provider = str(s.value("providers/chat", p.chat_provider))
        out.embedding_provider = str(s.value("providers/embedding", p.embedding_provider))
        out.openai_base_url = str(s.value("providers/openai_base_url", p.openai_base_url) or "")
        out.openai_model = str(s.value("providers/openai_model", p.openai_model) or "")
        out.tier_models = dict(p.tier_models)
        for tier in Tier:
            value = s.value(f"tiers/{tier.value}", None)
            if value:
                out.tier_models[tier.value] = str(value)
        out.capture_enabled = _as_bool(s.value("capture_enabled", cfg.capture_enabled))
        out.offline_only = _as_bool(s.value("offline_only", p.offline_only))
        return out

    def save(self, store: QSettings | None = None) -> Path:
        """Write QSettings and the engine's config.json; returns the config path."""
        s = store or qsettings()
        s.setValue("data_dir", str(self.data_dir))
        s.setValue("providers/chat", self.chat_provider)
        s.setValue("providers/embedding", self.embedding_provider)
        s.setValue("providers/openai_base_url", self.openai_base_url)
        s.setValue("providers/openai_model", self.openai_model)
        for tier in Tier:
            s.setValue(f"tiers/{tier.value}", self.tier_models.get(tier.value, ""))
        s.setValue("capture_enabled", self.capture_enabled)
        s.setValue("offline_only", self.offline_only)
        s.sync()
        return self.to_memory_config().save()

    # -- engine config -------------------------------------------------------------------------

    def to_memory_config(self, base: MemoryConfig | None = None) -> MemoryConfig:
        cfg = base or MemoryConfig.load(self.data_dir)
        cfg.data_dir = self.data_dir
        cfg.capture_enabled = self.capture_enabled
        p = cfg.providers
        p.chat_provider = self.chat_provider
        p.embedding_provider = self.embedding_provider
        p.tier_models = {k: v for k, v in self.tier_models.items() if v}
        p.openai_base_url = self.openai_base_url
        p.openai_model = self.openai_model
        p.offline_only = self.offline_only
        return cfg


def _as_bool(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


# -- API keys ----------------------------------------------------------------------------------


def key_origin(provider: str, data_dir: Path) -> str | None:
    """Where the stored key comes from (env / keyring / file), never the key itself."""
    try:
        key = secrets.load_key(provider, data_dir)
    except secrets.SecretFileError as exc:
        return f"refused: {exc}"
    return key.origin if key else None


def store_api_key(provider: str, value: str, data_dir: Path) -> str:
    """Store a key entered in the dialog: OS keyring if usable, else a 0600 key file.

    Returns where it went ("keyring" or the file path) so the dialog can say so.
    """
    value = value.strip()
    if not value:
        raise ValueError("api key: empty")
    try:
        import keyring  # optional extra

        keyring.set_password(secrets.KEYRING_SERVICE, provider, value)
        secrets.remember(value)
        return "keyring"
    except Exception:  # noqa: BLE001 - no keyring package or no usable backend: use the file
        return str(secrets.store_key_file(data_dir, provider, value))
