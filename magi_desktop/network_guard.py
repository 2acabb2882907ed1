"""The offline guarantee, enforced: while active, no socket may connect off this machine.

The provider factory already builds no network client when ``offline_only`` is set; this guard
is the second wall, against anything else in the process (a library's telemetry, a plugin, a
mis-configured provider). ``socket.socket.connect``/``connect_ex`` are wrapped: loopback and
Unix-domain connections pass (a local model server is not "the network"), any other address
raises :class:`OfflineViolation` and is recorded so the UI can show it.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from dataclasses import dataclass, field
from typing import Any


class OfflineViolation(ConnectionRefusedError):
    """A connection off the machine was attempted while the app is offline."""


def is_loopback(address: Any) -> bool:
    if isinstance(address, (str, bytes)):  # AF_UNIX path
        return True
    if not isinstance(address, tuple) or not address:
        return False
    host = address[0]
    if host in ("localhost", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False  # a host name: resolving it would itself be a network call


@dataclass
class NetworkGuard:
    blocked: list[str] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _saved: tuple[Any, Any] | None = None

    @property
    def active(self) -> bool:
        return self._saved is not None

    def activate(self) -> "NetworkGuard":
        if self._saved is not None:
            return self
        original_connect, original_connect_ex = socket.socket.connect, socket.socket.connect_ex
        guard = self

        def connect(sock: socket.socket, address: Any) -> Any:
            guard._check(sock, address)
            return original_connect(sock, address)

        def connect_ex(sock: socket.socket, address: Any) -> Any:
            guard._check(sock, address)
            return original_connect_ex(sock, address)

        self._saved = (original_connect, original_connect_ex)
        socket.socket.connect = connect  # type: ignore[method-assign]
        socket.socket.connect_ex = connect_ex  # type: ignore[method-assign]
        return self

    def deactivate(self) -> None:
        if self._saved is None:
            return
        socket.socket.connect, socket.socket.connect_ex = self._saved  # type: ignore[method-assign]
        self._saved = None

    def _check(self, sock: socket.socket, address: Any) -> None:
        if sock.family == getattr(socket, "AF_UNIX", None) or is_loopback(address):
            return
        with self._lock:
            self.blocked.append(repr(address))
        raise OfflineViolation(f"offline: refused a connection to {address!r}")

    def __enter__(self) -> "NetworkGuard":
        return self.activate()

    def __exit__(self, *exc: object) -> None:
        self.deactivate()
