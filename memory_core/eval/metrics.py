"""Ranking metrics as in LongMemEval's ``src/retrieval/eval_utils.py``: recall_any@k (at least one
gold item in the top k), recall_all@k (all of them), NDCG@k with binary gains (the ideal ranking
puts every gold item first)."""

from __future__ import annotations

import math
from collections import defaultdict
from statistics import mean
from typing import Iterable, Sequence

KS = (1, 5, 10)


def dedupe(items: Iterable[str]) -> list[str]:
    """Keep the first occurrence (a session's rank is its best turn's rank)."""
    return list(dict.fromkeys(items))


def recall_any(ranked: Sequence[str], gold: set[str], k: int) -> float:
    return float(any(r in gold for r in ranked[:k]))


def recall_all(ranked: Sequence[str], gold: set[str], k: int) -> float:
    top = set(ranked[:k])
    return float(all(g in top for g in gold))


def ndcg(ranked: Sequence[str], gold: set[str], k: int) -> float:
    dcg = sum(1.0 / math.log2(i + 2) for i, r in enumerate(ranked[:k]) if r in gold)
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(gold), k)))
    return dcg / ideal if ideal > 0 else 0.0


def score(ranked: Sequence[str], gold: set[str], prefix: str, ks: Sequence[int] = KS) -> dict[str, float]:
    out: dict[str, float] = {}
    for k in ks:
        out[f"{prefix}_recall@{k}"] = recall_any(ranked, gold, k)
        out[f"{prefix}_recall_all@{k}"] = recall_all(ranked, gold, k)
        out[f"{prefix}_ndcg@{k}"] = ndcg(ranked, gold, k)
    return out


def average(rows: Sequence[dict[str, float]]) -> dict[str, float]:
    """Mean of every metric over the rows that have it (turn metrics exist only where gold turns
    are labelled); ``n_<prefix>`` says how many rows each prefix averaged."""
    sums: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for key, value in row.items():
            sums[key].append(value)
    out = {k: round(mean(v), 4) for k, v in sorted(sums.items())}
    prefixes = {k.split("_", 1)[0] for k in sums}
    for p in sorted(prefixes):
        counts = [len(v) for k, v in sums.items() if k.startswith(p + "_")]
        out[f"n_{p}"] = max(counts) if counts else 0
    return out


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    idx = min(len(s) - 1, max(0, math.ceil(q / 100 * len(s)) - 1))
    return s[idx]
