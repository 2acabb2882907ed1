"""Per-source compression of a window's events before summarisation (a pure function).

A busy hour can hold thousands of page visits, a few chat messages and some git activity; fed
as-is, the browser would drown everything else. Rules (design write step 6a):

* bucket the events by ``source`` (tool executions are their own bucket, see
  :attr:`WindowEvent.source_key`);
* every source keeps at least ``COMPRESSION_MIN_PER_SOURCE`` events (all of them if it has
  fewer), so a low-frequency source is never squeezed out;
* frequent sources get extra events, square-root damped: ``ceil(scale * sqrt(n - min))`` — 800
  visits keep 4 + 29 = 33, not a proportional share of the cap;
* the total is capped at ``COMPRESSION_TOTAL_CAP``; extras are scaled down to fit.

Inside a bucket the kept events are representative: half are the most repeated contents (what
filled the window), half are spread evenly over time (what else happened), distinct first.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence, TypeVar

from ..policy import COMPRESSION_MIN_PER_SOURCE, COMPRESSION_SQRT_SCALE, COMPRESSION_TOTAL_CAP

E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class Compression:
    selected: list  # the kept events, in time order
    counts: dict[str, int]  # events per source in the window
    quotas: dict[str, int]  # events kept per source

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def stats(self) -> dict[str, dict[str, int]]:
        return {k: {"events": self.counts[k], "kept": self.quotas.get(k, 0)} for k in sorted(self.counts)}


def _largest_remainder(shares: Mapping[str, float], total: int,
                       tiebreak: Mapping[str, int]) -> dict[str, int]:
    """Integer apportionment of ``total`` by ``shares`` (Hamilton's method)."""
    s = sum(shares.values())
    if s <= 0 or total <= 0:
        return {k: 0 for k in shares}
    exact = {k: total * v / s for k, v in shares.items()}
    out = {k: int(math.floor(x)) for k, x in exact.items()}
    left = total - sum(out.values())
    for k in sorted(exact, key=lambda k: (-(exact[k] - out[k]), -tiebreak.get(k, 0), k))[:left]:
        out[k] += 1
    return out


def source_quotas(counts: Mapping[str, int], *, cap: int = COMPRESSION_TOTAL_CAP,
                  min_per_source: int = COMPRESSION_MIN_PER_SOURCE,
                  scale: float = COMPRESSION_SQRT_SCALE) -> dict[str, int]:
    """How many events each source keeps."""
    counts = {k: int(n) for k, n in counts.items() if n > 0}
    if not counts:
        return {}
    base = {k: min(n, min_per_source) for k, n in counts.items()}
    if sum(base.values()) > cap:
        # more sources than the cap can give their minimum: share the cap evenly instead
        even = _largest_remainder({k: float(v) for k, v in base.items()}, cap, counts)
        return {k: min(counts[k], v) for k, v in even.items()}
    want = {k: min(n - base[k], math.ceil(scale * math.sqrt(n - base[k]))) for k, n in counts.items()}
    room = cap - sum(base.values())
    if sum(want.values()) > room:
        want = _largest_remainder({k: float(v) for k, v in want.items()}, room, counts)
    return {k: base[k] + want[k] for k in counts}


def representatives(events: Sequence[E], n: int, *, content: Callable[[E], str],
                    time: Callable[[E], Any]) -> list[E]:
    """``n`` events of one source: most repeated contents first, then an even spread in time."""
    if n >= len(events):
        return sorted(events, key=time)
    if n <= 0:
        return []
    ordered = sorted(range(len(events)), key=lambda i: time(events[i]))
    rank = {i: r for r, i in enumerate(ordered)}
    groups: dict[str, list[int]] = defaultdict(list)
    for i in ordered:
        groups[content(events[i])].append(i)
    chosen: list[int] = []
    taken: set[int] = set()

    def take(i: int) -> None:
        if i not in taken and len(chosen) < n:
            taken.add(i)
            chosen.append(i)

    # up to half: the most repeated contents (their latest occurrence)
    repeated = set()
    for key, idx in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[1][0])):
        if len(chosen) >= (n + 1) // 2 or len(idx) < 2:
            break
        take(idx[-1])
        repeated.add(key)
    # the rest: an even spread over time, distinct contents before repeats
    rest = n - len(chosen)
    pool = sorted((g[0] for k, g in groups.items() if k not in repeated), key=rank.__getitem__)
    if len(pool) < rest:
        in_pool = set(pool)
        pool = [i for i in ordered if i in in_pool or i not in taken]
    if rest > 0 and pool:
        step = len(pool) / rest
        for j in range(rest):
            take(pool[min(len(pool) - 1, int(j * step + step / 2))])
    for i in ordered:  # collisions in the spread: top up in time order
        take(i)
    return [events[i] for i in sorted(chosen, key=rank.__getitem__)]


def compress(events: Sequence[E], *, key: Callable[[E], str], content: Callable[[E], str],
             time: Callable[[E], Any], cap: int = COMPRESSION_TOTAL_CAP,
             min_per_source: int = COMPRESSION_MIN_PER_SOURCE,
             scale: float = COMPRESSION_SQRT_SCALE) -> Compression:
    buckets: dict[str, list[E]] = defaultdict(list)
    for e in events:
        buckets[key(e)].append(e)
    counts = {k: len(v) for k, v in buckets.items()}
    quotas = source_quotas(counts, cap=cap, min_per_source=min_per_source, scale=scale)
    selected: list[E] = []
    for k, bucket in buckets.items():
        selected.extend(representatives(bucket, quotas.get(k, 0), content=content, time=time))
    selected.sort(key=time)
    return Compression(selected, counts, quotas)


def compress_window(events: Sequence, **kw) -> Compression:
    """:func:`compress` over :class:`~.records.WindowEvent` objects."""
    return compress(events, key=lambda e: e.source_key, content=lambda e: e.content,
                    time=lambda e: (e.occurred_at, e.seq), **kw)
