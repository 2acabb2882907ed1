"""Weighted Reciprocal Rank Fusion (Cormack et al. 2009, with per-path weights).

score(d) = Σ_path  w_path / (k + rank_path(d))      (rank from 1)

RRF uses ranks, not raw scores, because BM25, cosine similarity and entity confidence live on
incomparable scales; the weights say how much each path is trusted *for this mode* (the table
is ``policy.RRF_WEIGHTS``). A path with weight 0 — or absent from the mode's row, as the
structured paths are for ``event_stream`` — contributes nothing, but it still appears in the
trace so "why not X?" can say it was found and ignored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, Mapping, Sequence

from ..policy import RRF_K, RRF_WEIGHTS, QueryMode


@dataclass(slots=True)
class Fused:
    key: Hashable
    score: float
    #: path -> (rank, weight, contribution)
    contributions: dict[str, tuple[int, float, float]] = field(default_factory=dict)


def mode_weights(mode: QueryMode, paths: Sequence[str]) -> dict[str, float]:
    """The weight of each path for ``mode`` (0.0 for paths the mode does not use)."""
    row = RRF_WEIGHTS[mode]
    return {p: float(row.get(p, 0.0)) for p in paths}


def weighted_rrf(ranked: Mapping[str, Sequence[Hashable]], weights: Mapping[str, float], *,
                 k: int = RRF_K) -> list[Fused]:
    """Fuse ranked lists (best first, duplicates ignored after the first) into one list.

    Ties are broken by the best single rank, then by first appearance, so the output is
    deterministic for the same inputs.
    """
    fused: dict[Hashable, Fused] = {}
    order: dict[Hashable, int] = {}
    best_rank: dict[Hashable, int] = {}
    for path, items in ranked.items():
        w = float(weights.get(path, 0.0))
        seen: set[Hashable] = set()
        rank = 0
        for key in items:
            if key in seen:
                continue
            seen.add(key)
            rank += 1
            if key not in fused:
                fused[key] = Fused(key, 0.0)
                order[key] = len(order)
            contrib = w / (k + rank) if w > 0 else 0.0
            f = fused[key]
            f.score += contrib
            f.contributions[path] = (rank, w, contrib)
            if w > 0:
                best_rank[key] = min(best_rank.get(key, rank), rank)
    out = [f for f in fused.values() if f.score > 0]
    out.sort(key=lambda f: (-f.score, best_rank.get(f.key, 10**9), order[f.key]))
    return out
