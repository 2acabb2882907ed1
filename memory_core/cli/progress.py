"""Progress lines on stderr for long CLI work (an ingest: L1 writing, then the derived layers).

One line every couple of seconds, only once the work has run for ~2 s, so a quick command stays
quiet: the lines written to L1 so far, then each queue's backlog, its drain rate since the
start and an ETA from that rate.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

#: seconds of work before the first line (quick commands print nothing)
QUIET_FOR_S = 2.0
#: seconds between two lines
EVERY_S = 2.0


def _eta(seconds: float) -> str:
    seconds = int(round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


class BacklogProgress:
    """Callable handed to ``MemoryEngine.run_until_idle(progress=...)``."""

    def __init__(self, stream: TextIO | None = None, clock=time.monotonic) -> None:
        self.stream = stream or sys.stderr
        self.clock = clock
        self.t0 = clock()
        self.first: dict[str, int] | None = None
        self.printed = False

    def __call__(self, backlog: dict[str, int]) -> None:
        if self.first is None:
            self.first = dict(backlog)
        elapsed = self.clock() - self.t0
        if elapsed < QUIET_FOR_S and not self.printed:
            return
        parts = []
        for name, left in backlog.items():
            done = max(0, self.first.get(name, left) - left)
            if not left and not done:
                continue
            label = name.removesuffix("_jobs")
            if left and done and elapsed > 0:
                rate = done / elapsed
                parts.append(f"{label} {left:,} left ({rate:,.0f}/s, ETA {_eta(left / rate)})")
            elif left:
                parts.append(f"{label} {left:,} left")
            else:
                parts.append(f"{label} done")
        if parts:
            print(f"[{_eta(elapsed)}] background: " + "; ".join(parts), file=self.stream, flush=True)
            self.printed = True


class WriteProgress:
    """Callable handed to ``MemoryEngine.ingest_jsonl(progress=...)``: ``(lines done, lines)``
    after each written batch; a line at most every ``EVERY_S`` once ``QUIET_FOR_S`` passed,
    and a last one when anything was printed."""

    def __init__(self, stream: TextIO | None = None, clock=time.monotonic) -> None:
        self.stream = stream or sys.stderr
        self.clock = clock
        self.t0 = clock()
        self.last_print: float | None = None
        self.last_done = -1

    def __call__(self, done: int, total: int) -> None:
        if done == self.last_done:  # the last batch and the end of the input report the same count
            return
        self.last_done = done
        now = self.clock()
        elapsed = now - self.t0
        final = done >= total
        if final and self.last_print is None:
            return
        if not final and (elapsed < QUIET_FOR_S or
                          (self.last_print is not None and now - self.last_print < EVERY_S)):
            return
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = f", ETA {_eta((total - done) / rate)}" if rate and not final else ""
        print(f"[{_eta(elapsed)}] L1: {done:,} / {total:,} lines written ({rate:,.0f}/s{eta})",
              file=self.stream, flush=True)
        self.last_print = now
