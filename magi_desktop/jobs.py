"""Background work with progress and cancellation: ingest a file, re-embed, export, import, eval.

A job is a plain function ``fn(progress, cancelled) -> result`` that runs on its own thread
(never the UI thread, never the panels' reader pool, so reads stay responsive while it runs).
``progress(done, total, message)`` is thread-safe and reaches the UI through a queued signal;
``cancelled()`` is polled between batches, so cancelling stops at the next batch boundary with
everything before it committed (each batch is its own transaction) and nothing half-written.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)

Progress = Callable[[int, int, str], None]
PROGRESS_INTERVAL_S = 0.2
JobFn = Callable[[Progress, Callable[[], bool]], Any]


class JobCancelled(Exception):
    """Raised by a job function that noticed the cancel request (the result is partial)."""


class BackgroundJob(QObject):
    progressed = Signal(int, int, str)
    finished = Signal(object)
    failed = Signal(str)
    cancelled_signal = Signal(object)

    def __init__(self, name: str, fn: JobFn, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._fn = fn
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self.done = threading.Event()
        self.result: Any = None
        self.error: str | None = None
        self.was_cancelled = False
        self.last_progress: tuple[int, int, str] = (0, 0, "")
        self._last_emit = 0.0

    def start(self) -> "BackgroundJob":
        self._thread = threading.Thread(target=self._run, name=f"magi-job-{self.name}", daemon=True)
        self._thread.start()
        return self

    def cancel(self) -> None:
        self._cancel.set()

    def is_cancelled(self) -> bool:
        return self._cancel.is_set()

    def _progress(self, done: int, total: int, message: str = "") -> None:
        self.last_progress = (done, total, message)
        now = time.monotonic()
        # at most 5 updates a second: each repaints the progress bar at once (QProgressBar.setValue
        # repaints synchronously, ~1.5 ms on the UI thread), and a bar needs no more
        if now - self._last_emit >= PROGRESS_INTERVAL_S or done >= total:
            self._last_emit = now
            self.progressed.emit(done, total, message)

    def _run(self) -> None:
        from .engine_host import lower_thread_priority

        lower_thread_priority()  # background work yields the CPU to the UI thread
        try:
            self.result = self._fn(self._progress, self._cancel.is_set)
        except JobCancelled as exc:
            self.was_cancelled = True
            self.result = exc.args[0] if exc.args else None
            self.done.set()
            self.cancelled_signal.emit(self.result)
            return
        except Exception as exc:  # noqa: BLE001 - shown to the user, logged with its traceback
            log.exception("background job %s failed", self.name)
            self.error = f"{type(exc).__name__}: {exc}"
            self.done.set()
            self.failed.emit(self.error)
            return
        self.was_cancelled = self._cancel.is_set()
        self.done.set()
        if self.was_cancelled:
            self.cancelled_signal.emit(self.result)
        else:
            self.finished.emit(self.result)

    def wait(self, timeout: float | None = None) -> bool:
        return self.done.wait(timeout)


# -- the jobs ----------------------------------------------------------------------------------


def ingest_file_job(engine: Any, path: str, *, batch_lines: int = 100,
                    on_batch: Callable[[], None] | None = None) -> JobFn:
    """Ingest a JSONL file batch by batch (each batch commits; cancel stops between batches).

    ``on_batch`` runs after each committed batch: the window announces new events with it, so
    the open panels show them arriving (their reloads are coalesced to one a second)."""
    import os

    from memory_core.l1.jsonl import decode_line, parse_line
    from memory_core.l1.prepare import Rejection

    def run(progress: Progress, cancelled: Callable[[], bool]) -> dict[str, Any]:
        size = max(1, os.path.getsize(path))
        report = {"lines": 0, "ingested": 0, "duplicates": 0, "rejected": [], "suppressed": 0}
        batch: list[Any] = []
        lines: list[int] = []

        def flush() -> None:
            result = engine.ingest_payloads(batch)
            if on_batch is not None and result.ingested:
                on_batch()
            report["ingested"] += result.ingested
            report["duplicates"] += result.duplicates
            report["suppressed"] += result.suppressed
            for r in result.rejected:
                report["rejected"].append({"line": lines[r.index] + 1 if r.index < len(lines) else None,
                                           "field": r.field, "error": r.error})
            batch.clear()
            lines.clear()

        with open(path, "rb") as fh:
            for lineno, raw in enumerate(fh):
                report["lines"] += 1
                if not raw.strip():
                    continue
                # one bad line (invalid UTF-8, unparsable, nested too deep) is rejected alone
                value = decode_line(lineno, raw)
                if not isinstance(value, Rejection):
                    value = parse_line(lineno, value)
                if isinstance(value, Rejection):
                    report["rejected"].append({"line": lineno + 1, "field": value.field,
                                               "error": value.error})
                else:
                    batch.append(value)
                    lines.append(lineno)
                if len(batch) >= batch_lines:
                    flush()
                    progress(fh.tell(), size, f"{report['ingested']:,} events ingested")
                    if cancelled():
                        raise JobCancelled(report)
            if batch:
                flush()
        progress(size, size, f"{report['ingested']:,} events ingested")
        return report

    return run


def reembed_job(engine: Any) -> JobFn:
    """Re-embed every event in the active space (e.g. after switching embedding model).

    The engine process does the work one embedding micro-batch per request, so a cancel takes
    effect within one batch; progress is what the queue says is left (the engine's own
    embedding worker may take jobs too).
    """

    def run(progress: Progress, cancelled: Callable[[], bool]) -> dict[str, Any]:
        from memory_core.l1.embedding_worker import pending_event_embeddings

        total = engine.rpc.call("reembed_enqueue")
        space = engine.info["space_id"]
        conn = engine.db.reader()

        def left() -> int:
            return pending_event_embeddings(conn, space)

        progress(0, total, "re-embedding…")
        idle_rounds = 0
        while not cancelled():
            n = engine.rpc.call("run_worker", "embedding")
            remaining = left()
            progress(total - remaining, total, f"{total - remaining:,} / {total:,} embedded")
            if remaining == 0:
                break
            idle_rounds = 0 if n else idle_rounds + 1
            if idle_rounds > 40:  # only jobs waiting out a retry backoff are left
                break
            if not n:
                time.sleep(0.05)
        done = total - left()
        if cancelled():
            raise JobCancelled({"embedded": done, "total": total})
        return {"embedded": done, "total": total}

    return run


def eval_job(dataset: str, *, limit: int | None = None, json_out: str | None = None,
             kind: str = "longmemeval") -> JobFn:
    """Run the retrieval eval (``magi-memory eval``) in a niced child process.

    A separate process, not a thread: the eval builds and queries fresh engines at full speed,
    which inside the UI process would compete with the UI thread for the GIL. Progress is one
    line per question on the child's stderr; cancelling terminates the child.
    """
    import json as _json
    import os
    import subprocess
    import tempfile

    from .child_command import module_command

    def run(progress: Progress, cancelled: Callable[[], bool]) -> dict[str, Any]:
        out = json_out or os.path.join(tempfile.mkdtemp(prefix="magi-eval-"), "eval.json")
        args = ["eval", kind, str(dataset), "--json", out] + (["--limit", str(limit)] if limit else [])
        cmd = module_command("memory_core.cli.main", *args)  # the frozen app too
        nice = (lambda: os.nice(10)) if hasattr(os, "nice") else None
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                preexec_fn=nice)  # noqa: PLW1509 - only os.nice, before exec
        done = 0
        last = ""
        assert proc.stderr is not None

        def watch() -> None:  # cancel promptly even while the child prints nothing
            while proc.poll() is None:
                if cancelled():
                    proc.terminate()
                    return
                time.sleep(0.2)

        threading.Thread(target=watch, name="magi-eval-watch", daemon=True).start()
        try:
            for line in proc.stderr:
                line = line.strip()
                if not line:
                    continue
                last = line
                if "R@5" in line or "questions" in line:
                    done += 1
                progress(done, limit or 0, last[:120])
            code = proc.wait()
        finally:
            if proc.poll() is None:
                proc.kill()
        if cancelled():
            raise JobCancelled({"questions": done, "last": last})
        if code != 0:
            raise RuntimeError(f"eval exited with code {code}: {last}")
        with open(out, encoding="utf-8") as fh:
            report = _json.load(fh)
        return {"questions": done, "path": out, "overall": report.get("overall", {})}

    return run
