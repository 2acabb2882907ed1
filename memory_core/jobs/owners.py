"""Who owns a running job: one owner per process, recorded in ``job_owners`` at each claim.

Every process that opens the store used to return *all* running jobs to pending at start-up,
as if it were the only one: a ``magi-memory stats`` run beside the app reset the app's jobs in
flight and two workers could then claim the same job. Now a claim writes the owner's token on
the job and refreshes the owner's heartbeat, and start-up reclaims only jobs whose owner is
gone: its process has exited (checked by pid on this host), or it has not claimed anything for
``JOB_OWNER_LEASE_S`` (a reused pid, a hung process, another host on a shared folder).
"""

from __future__ import annotations

import os
import socket
import sys
import time
import uuid
from dataclasses import dataclass

import apsw

from ..policy import JOB_OWNER_LEASE_S


@dataclass(frozen=True, slots=True)
class JobOwner:
    token: str
    pid: int
    host: str
    started_at: float


_owner: JobOwner | None = None


def process_owner() -> JobOwner:
    """This process's owner identity (a new one after ``fork``: the child is another owner)."""
    global _owner
    pid = os.getpid()
    if _owner is None or _owner.pid != pid:
        host = socket.gethostname() or "localhost"
        _owner = JobOwner(f"{pid}@{host}#{uuid.uuid4().hex[:8]}", pid, host, time.time())
    return _owner


def heartbeat(conn: apsw.Connection, owner: JobOwner | None = None) -> str:
    """Record that ``owner`` (this process by default) is alive; returns its token."""
    o = owner or process_owner()
    conn.execute("INSERT INTO job_owners(owner, pid, host, started_at, heartbeat_at) VALUES (?,?,?,?,?) "
                 "ON CONFLICT(owner) DO UPDATE SET heartbeat_at = excluded.heartbeat_at",
                 (o.token, o.pid, o.host, o.started_at, time.time()))
    return o.token


def pid_alive(pid: int) -> bool:
    """Whether a process with this pid exists on this machine."""
    if pid <= 0:
        return False
    if sys.platform == "win32":  # os.kill(pid, 0) would terminate the process on Windows
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        try:
            code = ctypes.c_ulong()
            ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
            return bool(ok) and code.value == 259  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by another user
        return True
    return True


def owner_alive(pid: int, host: str, heartbeat_at: float, *, now: float | None = None,
                this_host: str | None = None, lease_s: float = JOB_OWNER_LEASE_S) -> bool:
    """Pure policy: a fresh heartbeat is required; on this host the pid must also exist."""
    now = time.time() if now is None else now
    if now - heartbeat_at > lease_s:
        return False
    if host == (this_host if this_host is not None else process_owner().host):
        return pid_alive(pid)
    return True


def live_owners(conn: apsw.Connection) -> set[str]:
    """Tokens of owners still alive (this process always counts as alive)."""
    me = process_owner()
    live = {me.token}
    now = time.time()
    for token, pid, host, beat in conn.execute("SELECT owner, pid, host, heartbeat_at FROM job_owners"):
        if token != me.token and owner_alive(pid, host, beat, now=now, this_host=me.host):
            live.add(token)
    return live


def forget_dead(conn: apsw.Connection, live: set[str]) -> int:
    """Drop owner rows that are gone (after their jobs were reclaimed)."""
    dead = [r[0] for r in conn.execute("SELECT owner FROM job_owners") if r[0] not in live]
    conn.executemany("DELETE FROM job_owners WHERE owner = ?", [(t,) for t in dead])
    return len(dead)
