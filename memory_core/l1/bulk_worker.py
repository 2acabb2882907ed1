"""A bulk-preparation worker process: ``python -m memory_core.l1.bulk_worker [niceness]``.

Reads length-prefixed pickled tasks ``(kind, args)`` on stdin, answers each, in order, on
stdout with ``("ok", PreparedChunk)`` or ``("error", message)``; the first frame it writes is
``("hello", <memory_core package file>)`` so the parent can check both run the same code. It
exits when stdin closes (the parent shut it down, or died: no orphan outlives its parent).

Started by :mod:`.bulk_pool`; the frames are only ever exchanged with that parent, over the
pipes it created (pickle is never read from anywhere else).
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import queue
import signal
import struct
import sys
import threading
from typing import IO, Any, Callable, Iterator

FRAME_HEADER = struct.Struct("<Q")

_gc_lock = threading.Lock()
_gc_pauses = 0
_gc_was_enabled = False


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection inside the block (threads may nest and overlap: it resumes
    when the last one leaves, if it was on before the first came in).

    Unpickling a prepared chunk allocates ~25 tracked containers per event; the collector ran
    a young-generation pass every 700 of them and older passes over everything still alive,
    more than doubling ``pickle.loads`` (measured 11-17 -> 4-7 us per event, chunks of 500).
    What is built here is acyclic (events, rows, dicts of the payload), so refcounting frees it;
    the allocations are still counted, and the first collection after the block sees them."""
    global _gc_pauses, _gc_was_enabled
    with _gc_lock:
        if _gc_pauses == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_pauses += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pauses -= 1
            if _gc_pauses == 0 and _gc_was_enabled:
                gc.enable()


def write_frame(stream: IO[bytes], data: bytes) -> None:
    stream.write(FRAME_HEADER.pack(len(data)))
    stream.write(data)
    stream.flush()


def read_frame(stream: IO[bytes]) -> bytes | None:
    """The next frame, or None at end of stream (or a truncated frame: the writer died)."""
    header = stream.read(FRAME_HEADER.size)
    if len(header) < FRAME_HEADER.size:
        return None
    (size,) = FRAME_HEADER.unpack(header)
    data = stream.read(size)
    return data if len(data) == size else None


def _tasks() -> dict[str, Callable[..., Any]]:
    from .bulk import prepare_lines, prepare_payloads

    return {"payloads": prepare_payloads, "lines": prepare_lines}


def main(argv: list[str]) -> int:
    niceness = int(argv[0]) if argv else 0
    proto_in = sys.stdin.buffer
    # the protocol keeps the real stdout; anything printed in here goes to stderr instead
    proto_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if niceness:
        try:
            os.nice(niceness)  # yield the CPU to the writer in the parent
        except (AttributeError, OSError):
            pass
    import memory_core

    tasks = _tasks()
    write_frame(proto_out, pickle.dumps(("hello", memory_core.__file__), protocol=pickle.HIGHEST_PROTOCOL))

    # a reader thread drains stdin at once, so the parent's writes never wait for our work
    inbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()

    def read_all() -> None:
        while (frame := read_frame(proto_in)) is not None:
            inbox.put(frame)
        inbox.put(None)

    threading.Thread(target=read_all, name="bulk-worker-stdin", daemon=True).start()
    while (frame := inbox.get()) is not None:
        with paused_gc():  # a chunk's objects are acyclic; cycles (tracebacks) go just below
            try:
                kind, args = pickle.loads(frame)
                answer: tuple[str, Any] = ("ok", tasks[kind](*args))
            except Exception as exc:  # noqa: BLE001 - reported; the parent redoes the chunk itself
                answer = ("error", f"{type(exc).__name__}: {exc}")
            try:
                data = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
            except Exception as exc:  # noqa: BLE001 - an answer that cannot travel is an error answer
                data = pickle.dumps(("error", f"unpicklable result: {type(exc).__name__}: {exc}"))
            del answer
        gc.collect(0)  # whatever the task left in cycles (rejections' tracebacks): young objects only
        try:
            write_frame(proto_out, data)
        except (BrokenPipeError, OSError):
            return 0  # the parent is gone
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
