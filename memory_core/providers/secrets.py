"""API keys: where they come from, and the guarantee that they go nowhere else.

Lookup order for a provider key: the environment variable (``DASHSCOPE_API_KEY``,
``MAGI_OPENAI_API_KEY``), then the OS keyring (optional extra ``keyring``; service
``magi-desktop``; ``MAGI_NO_KEYRING=1`` skips it), then a file ``<data dir>/secrets/<provider>.key`` that must be mode 0600 —
a key file other users can read is refused, as ssh refuses such a private key.

Every key that is loaded is remembered (in memory only) so :func:`redact` can scrub it from
error texts before they reach a log or the ``provider_calls`` table; a key is never put in a
log message or an exception by this package, and servers that echo headers back cannot leak
it through us either.
"""

from __future__ import annotations

import logging
import os
import stat
import threading
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

KEYRING_SERVICE = "magi-desktop"
ENV_VARS: dict[str, str] = {"dashscope": "DASHSCOPE_API_KEY", "openai_compat": "MAGI_OPENAI_API_KEY"}

_known: set[str] = set()
_known_lock = threading.Lock()


class SecretFileError(Exception):
    """A key file exists but is unsafe (readable by others) or unreadable."""


@dataclass(frozen=True, slots=True)
class ApiKey:
    value: str
    origin: str  # env | keyring | file — shown in ``providers status``, never the value

    def __repr__(self) -> str:  # never print the value, not even by accident in a traceback
        return f"ApiKey(origin={self.origin!r}, value=<redacted>)"

    __str__ = __repr__


def remember(secret: str) -> None:
    if secret and len(secret) >= 6:
        with _known_lock:
            _known.add(secret)


def redact(text: str) -> str:
    """``text`` with every loaded key replaced by ``<redacted>``."""
    if not text:
        return text
    with _known_lock:
        secrets = sorted(_known, key=len, reverse=True)
    for secret in secrets:
        if secret in text:
            text = text.replace(secret, "<redacted>")
    return text


def key_file(data_dir: Path, provider: str) -> Path:
    return Path(data_dir) / "secrets" / f"{provider}.key"


def _read_key_file(path: Path) -> str | None:
    if not path.exists():
        return None
    mode = stat.S_IMODE(path.stat().st_mode)
    if os.name == "posix" and mode & 0o077:
        raise SecretFileError(f"{path} is readable by other users (mode {mode:o}); "
                              "run chmod 600 on it")
    try:
        value = path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise SecretFileError(f"{path} cannot be read: {exc.strerror}") from None
    return value or None


def _read_keyring(provider: str) -> str | None:
    if os.environ.get("MAGI_NO_KEYRING"):
        return None
    try:
        import keyring  # optional extra
    except ImportError:
        return None
    try:
        return keyring.get_password(KEYRING_SERVICE, provider) or None
    except Exception as exc:  # noqa: BLE001 - no usable backend is a normal desktop state
        log.debug("keyring lookup failed: %s", type(exc).__name__)
        return None


def load_key(provider: str, data_dir: Path | None, *, use_keyring: bool = True) -> ApiKey | None:
    """The key for ``provider`` (``dashscope`` | ``openai_compat``), or None."""
    env_name = ENV_VARS.get(provider)
    if env_name and os.environ.get(env_name, "").strip():
        key = ApiKey(os.environ[env_name].strip(), "env")
    else:
        value = _read_keyring(provider) if use_keyring else None
        if value:
            key = ApiKey(value, "keyring")
        else:
            value = _read_key_file(key_file(data_dir, provider)) if data_dir else None
            if not value:
                return None
            key = ApiKey(value, "file")
    remember(key.value)
    return key


def store_key_file(data_dir: Path, provider: str, value: str) -> Path:
    """Write the key file 0600 (created with that mode: never world-readable, not even briefly)."""
    path = key_file(data_dir, provider)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(value.strip() + "\n")
    os.chmod(path, 0o600)
    remember(value.strip())
    return path
