"""The processes behind bulk preparation: plain ``python -m memory_core.l1.bulk_worker``
children, fed pickled tasks over their stdin and answering on their stdout.

Why not ``multiprocessing`` / ``ProcessPoolExecutor``: with ``spawn`` and ``forkserver`` every
worker re-imports the caller's ``__main__`` module, so a script without an
``if __name__ == "__main__"`` guard would run again inside each worker — opening the same
database and ingesting from there — and ``fork`` copies a threaded process (the engine's pool,
reader connections, a GUI) with whatever locks its other threads held. A child started by
``subprocess`` imports only this package, from the same directory as the parent (checked at
start-up), and sees end-of-file on stdin when the parent exits for any reason, so it cannot
outlive it.

Each worker answers its tasks in the order it received them; :class:`WorkerProcess` keeps one
receiving thread per child (so a child never blocks on a full pipe; it only moves bytes) and
hands the caller the answers in order, and one sending thread, so the caller never blocks on a
full pipe either: a task (~200 KB) is several pipe buffers, and a child busy with its previous
task empties the pipe only when its reading thread gets the GIL — measured, the writer spent
1.9 s of a 100k-line import blocked in ``submit`` while the worker sat idle half the time
waiting for tasks stuck behind it. Pipes are also enlarged where the OS allows it (Linux), so a
frame crosses in one or two system calls instead of a GIL hand-off every 64 KiB.
"""

from __future__ import annotations

import os
import pickle
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from .bulk_worker import paused_gc, read_frame, write_frame


#: Pipe capacity asked for (Linux ``F_SETPIPE_SZ``; the default is 64 KiB, the unprivileged
#: maximum usually 1 MiB): a task or an answer of one chunk fits in one go.
PIPE_BYTES = 1 << 20


def enlarge_pipe(fd: int, size: int = PIPE_BYTES) -> None:
    """Best effort: where the OS cannot, the pipe keeps its size (only slower)."""
    try:
        import fcntl

        fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), size)
    except (ImportError, OSError, ValueError):
        pass


class WorkerFailed(Exception):
    """A task did not come back: the worker died, or its code raised (``died`` tells which)."""

    def __init__(self, message: str, *, died: bool) -> None:
        super().__init__(message)
        self.died = died


def _package_root() -> str:
    import memory_core

    return str(Path(memory_core.__file__).resolve().parent.parent)


def can_start_workers() -> str | None:
    """None when worker processes can be started here, else why not."""
    if not sys.executable:
        return "no Python executable to start workers with"
    if getattr(sys, "frozen", False):
        return "frozen application: sys.executable is not a Python interpreter"
    return None


class WorkerProcess:
    def __init__(self, *, niceness: int = 0) -> None:
        import memory_core

        self.expected_file = str(Path(memory_core.__file__).resolve())
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_package_root(), env.get("PYTHONPATH")) if p)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "memory_core.l1.bulk_worker", str(niceness)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, close_fds=True)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        enlarge_pipe(self.proc.stdin.fileno())
        enlarge_pipe(self.proc.stdout.fileno())
        self._answers: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._failure: WorkerFailed | None = None
        self._receiver = threading.Thread(target=self._receive, name="magi-bulk-receive", daemon=True)
        self._receiver.start()
        self._sender = threading.Thread(target=self._send, name="magi-bulk-send", daemon=True)
        self._sender.start()

    @property
    def pid(self) -> int:
        return self.proc.pid

    def submit(self, kind: str, args: tuple[Any, ...]) -> None:
        """Queue one task for the sending thread (never waits for the pipe). Pickling errors
        raise before anything is queued (the stream stays in sync); ``OSError`` means the
        worker is known to be gone — one that dies later answers its tasks with
        ``WorkerFailed`` instead."""
        data = pickle.dumps((kind, args), protocol=pickle.HIGHEST_PROTOCOL)
        if self._failure is not None:
            raise OSError(str(self._failure))
        self._outbox.put(data)

    def _send(self) -> None:
        """Write queued tasks in order; ``None`` (from ``close``) ends the worker's input."""
        stream = self.proc.stdin
        assert stream is not None
        try:
            while (data := self._outbox.get()) is not None:
                write_frame(stream, data)
        except (OSError, ValueError):  # the worker is gone: its reader reports the failure
            pass
        finally:
            try:
                stream.close()
            except OSError:
                pass

    def ready(self) -> bool:
        """True when ``result`` would not wait."""
        return not self._answers.empty()

    def result(self) -> Any:
        """The answer to the oldest task not yet collected; ``WorkerFailed`` if there is none.

        Unpickled here, in the caller's thread, not in the receiving thread: a second thread
        running Python while the writer is inside SQLite makes the writer wait for the GIL after
        every row it steps (a convoy that doubled the writer's time when measured)."""
        item = self._answers.get()
        if isinstance(item, WorkerFailed):
            if item.died:
                self._answers.put(item)  # every later call learns it too
            raise item
        with paused_gc():
            status, value = pickle.loads(item)
        if status != "ok":
            raise WorkerFailed(value, died=False)
        return value

    def _receive(self) -> None:
        stream = self.proc.stdout
        assert stream is not None
        try:
            hello = read_frame(stream)
            if hello is None:
                raise WorkerFailed("worker exited before it was ready", died=True)
            tag, worker_file = pickle.loads(hello)
            if tag != "hello" or str(Path(worker_file).resolve()) != self.expected_file:
                raise WorkerFailed(f"worker runs other code ({worker_file!r})", died=True)
            while (frame := read_frame(stream)) is not None:
                self._answers.put(frame)
            raise WorkerFailed(f"worker exited (code {self.proc.poll()})", died=True)
        except WorkerFailed as exc:
            failure = exc
        except Exception as exc:  # noqa: BLE001 - a broken stream is a dead worker
            failure = WorkerFailed(f"worker stream broke: {type(exc).__name__}: {exc}", died=True)
        self._failure = failure
        self._answers.put(failure)

    def close(self, timeout: float = 10.0) -> None:
        """End of input → the worker exits; killed if it does not within ``timeout``."""
        self._outbox.put(None)  # the sender closes stdin after the tasks already queued
        self._sender.join(timeout=timeout)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._receiver.join(timeout=timeout)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
