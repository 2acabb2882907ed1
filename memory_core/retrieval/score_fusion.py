"""Relative score fusion of the L1 paths: a weighted sum of each path's min-max normalised score.

score(d) = Σ_path  w_path · (s_path(d) − min_path) / (max_path − min_path)      (0 if not found)

Why not RRF here (the design's "weighted RRF"; it is still how layers are fused, and what L3/L4
use inside): RRF keeps only ranks, so a path's rank 1 weighs the same whether it beats rank 2 by
a mile or by a hair — and with the offline hashing embedder and the coverage-scored keyword path,
both noisier copies of BM25, those paths' confident-looking heads outvoted BM25's clear winners.
Normalised scores keep each path's *confidence*: when BM25 has one strong match it stays on top,
when its scores are flat the other paths decide. Measured on 3 LoCoMo conversations (tuning) and
reported on the other 7 (docs/retrieval-eval.md). Each path's scores are normalised over its own
returned list (its candidates), so scales never mix; a path returning one candidate gives it
1.0, and a path's weakest candidate (0 after normalising) is still kept, after the rest. The weights are the mode's table (``policy.RRF_WEIGHTS``), unchanged in meaning.

Pure function; the output has the same shape as ``rrf.weighted_rrf``'s (``Fused`` with per-path
``(rank, weight, contribution)``), so the trace and "why not X?" read it the same way.
"""

from __future__ import annotations

from typing import Hashable, Mapping, Sequence

from .rrf import Fused


def relative_score_fusion(scored: Mapping[str, Sequence[tuple[Hashable, float]]],
                          weights: Mapping[str, float],
                          ceilings: Mapping[str, float | None] | None = None) -> list[Fused]:
    """Fuse ``{path: [(key, score), ...] best first}``; duplicates after the first are ignored.
    Ties are broken by the best single rank, then first appearance (deterministic).
    ``ceilings``: a path with a known best possible score (BM25: the question's summed IDF) is
    read as ``score / ceiling`` clipped to [0, 1] rather than min-max normalised, so its best hit
    counts only as much as it matches the question."""
    fused: dict[Hashable, Fused] = {}
    order: dict[Hashable, int] = {}
    best_rank: dict[Hashable, int] = {}
    for path, items in scored.items():
        w = float(weights.get(path, 0.0))
        if not items:
            continue
        vals = [float(v) for _, v in items]
        hi, lo = max(vals), min(vals)
        ceiling = (ceilings or {}).get(path)
        if ceiling:
            hi, lo = float(ceiling), 0.0
        seen: set[Hashable] = set()
        rank = 0
        for key, v in items:
            if key in seen:
                continue
            seen.add(key)
            rank += 1
            x = min(1.0, max(0.0, (float(v) - lo) / (hi - lo))) if hi > lo else 1.0
            if key not in fused:
                fused[key] = Fused(key, 0.0)
                order[key] = len(order)
            contrib = w * x if w > 0 else 0.0
            f = fused[key]
            f.score += contrib
            f.contributions[path] = (rank, w, contrib)
            if w > 0:
                best_rank[key] = min(best_rank.get(key, rank), rank)
    # a path's weakest candidate normalises to 0 but was still *found*: it stays, last
    out = [f for f in fused.values() if f.key in best_rank]
    out.sort(key=lambda f: (-f.score, best_rank.get(f.key, 10**9), order[f.key]))
    return out
