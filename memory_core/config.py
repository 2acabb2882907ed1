"""Engine configuration: where the data lives, which providers to use, capture on/off.

Stored as ``config.json`` (mode 0600) in the data folder. API keys are never stored here in
clear unless the user chose the file backend (see ``providers/secrets.py``); they are never
written to the database or logs.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

APP_DIR_NAME = "magi"


def default_data_dir() -> Path:
    """The per-user data folder (XDG on Linux, Application Support on macOS, APPDATA on Windows)."""
    env = os.environ.get("MAGI_DATA_DIR")
    if env:
        return Path(env).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
        return base / "Magi"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Magi"
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / APP_DIR_NAME


def default_embedding_provider() -> str:
    """``MAGI_EMBEDDING_PROVIDER`` when set (CI and benchmarks choose ``hashing`` for speed
    without writing a config file), else ``offline``: the bundled multilingual model."""
    return os.environ.get("MAGI_EMBEDDING_PROVIDER") or "offline"


@dataclass
class ProviderSettings:
    """Which provider serves chat tiers and embeddings. ``offline`` needs nothing at all."""

    #: offline | auto | dashscope | openai_compat. Offline by default: a key in the environment
    #: alone never sends memory out; "auto" (use DashScope when a key is found) is a choice
    chat_provider: str = "offline"
    #: offline | hashing | dashscope | openai_compat | sentence_model
    embedding_provider: str = field(default_factory=default_embedding_provider)
    #: tier name -> model id (configuration, not code)
    tier_models: dict[str, str] = field(default_factory=dict)
    embedding_model: str = ""
    embedding_dim: int = 0
    openai_base_url: str = ""
    openai_model: str = ""
    dashscope_base_url: str = ""
    #: hard switch: no network call at all, whatever else is configured
    offline_only: bool = False


@dataclass
class MemoryConfig:
    data_dir: Path = field(default_factory=default_data_dir)
    db_name: str = "memory.db"
    #: content rendering for plugin events: zh | en | bilingual
    locale: str = "bilingual"
    capture_enabled: bool = True
    providers: ProviderSettings = field(default_factory=ProviderSettings)
    #: which derived layers run (all by default; the eval can run L1 alone)
    layers: tuple[str, ...] = ("l2", "l3", "l4")
    #: background worker idle poll interval (seconds)
    worker_idle_s: float = 2.0
    #: the user's time zone (IANA name, e.g. "Asia/Shanghai") for calendar summaries; "" = the
    #: system's local time
    timezone: str = ""

    def tzinfo(self) -> Any:
        """The configured zone, or None for the system's local time (an unknown name is logged
        and falls back to local time rather than stopping the engine)."""
        if not self.timezone:
            return None
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            return ZoneInfo(self.timezone)
        except (ZoneInfoNotFoundError, ValueError):
            logging.getLogger(__name__).warning("unknown time zone %r in config.json: using local time",
                                                self.timezone)
            return None

    @property
    def db_path(self) -> Path:
        return self.data_dir / self.db_name

    @property
    def config_path(self) -> Path:
        return self.data_dir / "config.json"

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["data_dir"] = str(self.data_dir)
        d["layers"] = list(self.layers)
        return d

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "MemoryConfig":
        providers = ProviderSettings(**{k: v for k, v in data.get("providers", {}).items()
                                        if k in ProviderSettings.__dataclass_fields__})
        kwargs = {k: v for k, v in data.items()
                  if k in cls.__dataclass_fields__ and k not in ("providers", "data_dir", "layers")}
        cfg = cls(providers=providers, **kwargs)
        if data.get("data_dir"):
            cfg.data_dir = Path(data["data_dir"]).expanduser()
        if "layers" in data:
            cfg.layers = tuple(data["layers"])
        return cfg

    @classmethod
    def load(cls, data_dir: Path | None = None) -> "MemoryConfig":
        base = data_dir or default_data_dir()
        path = base / "config.json"
        if path.exists():
            cfg = cls.from_json(json.loads(path.read_text(encoding="utf-8")))
            cfg.data_dir = base
            return cfg
        return cls(data_dir=base)

    def save(self) -> Path:
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = self.config_path
        fd = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(self.to_json(), fh, indent=2, ensure_ascii=False)
        os.chmod(path, 0o600)
        return path
