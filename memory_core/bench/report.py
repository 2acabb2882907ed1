"""Combine the per-size result files into one table (stdout + markdown), one JSON, one PNG."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Callable

from .plot import latency_plot, size_label

MODES = ("exact_fact", "current_state", "temporal_compare", "summary", "activity_summary",
         "strategy", "episode_recall", "cross_session", "event_stream")
TARGET_RATIO = 0.5
TARGET_P95_MS = {100_000: 50.0, 1_000_000: 250.0}


def load_results(out: Path) -> dict[int, dict[str, Any]]:
    found: dict[int, dict[str, Any]] = {}
    for path in sorted(out.glob("bench-*.json")):
        data = json.loads(path.read_text())
        if "size" in data:
            found[int(data["size"])] = data
    return dict(sorted(found.items()))


def _get(d: dict[str, Any], *keys: str) -> Any:
    for k in keys:
        if not isinstance(d, dict) or k not in d:
            return None
        d = d[k]
    return d


def _fmt(v: Any, nd: int = 1) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        if abs(v) >= 1000:
            return f"{v:,.0f}"
        return f"{v:.{nd}f}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def _trio(d: dict[str, Any] | None) -> str:
    if not d or "p50_ms" not in d:
        return "–"
    return f"{d['p50_ms']:.2f} / {d['p95_ms']:.2f} / {d['p99_ms']:.2f}"


def scaling_exponent(sizes: list[int], values: list[float | None]) -> list[float | None]:
    """log(t2/t1)/log(n2/n1) between consecutive sizes: < 1 means sub-linear growth."""
    out: list[float | None] = []
    for (n1, v1), (n2, v2) in zip(zip(sizes, values), zip(sizes[1:], values[1:])):
        out.append(round(math.log(v2 / v1) / math.log(n2 / n1), 2) if v1 and v2 and v1 > 0 and v2 > 0 else None)
    return out


def _purge_ms(r: dict[str, Any]) -> str:
    reports = _get(r, "deletion", "purge_reports") or []
    vals = [p.get("purge_ms") for p in reports if isinstance(p, dict) and p.get("purge_ms") is not None]
    if vals:
        return _fmt(sum(vals) / len(vals), 1)
    opt = _get(r, "deletion", "fts_optimize_seconds")
    return "–" if opt is None else f"(optimize alone {opt * 1000:.0f})"


def rows(results: dict[int, dict[str, Any]]) -> list[tuple[str, list[str], str]]:
    R = list(results.values())

    def row(label: str, fn: Callable[[dict[str, Any]], Any], target: str = "") -> tuple[str, list[str], str]:
        return (label, [fn(r) for r in R], target)

    out = [
        row("L1 batch ingest (events/s)", lambda r: _fmt(_get(r, "ingest", "l1_events_per_s"))),
        row("raw SQLite+FTS5 baseline (rows/s)", lambda r: _fmt(_get(r, "ingest", "raw_rows_per_s"))),
        row("  diagnostic: same rows into the L1 schema, no pipeline (rows/s)",
            lambda r: _fmt(_get(r, "ingest", "schema_baseline_rows_per_s"))),
        row("**ratio L1 / raw**", lambda r: _fmt(_get(r, "ingest", "ratio_l1_over_raw"), 3), "≥ 0.5"),
        row("L1 bulk import, 10k per call, worker processes (events/s)",
            lambda r: _fmt(_get(r, "ingest", "bulk_events_per_s"))),
        row("**ratio L1 bulk / raw**", lambda r: _fmt(_get(r, "ingest", "ratio_bulk_over_raw"), 3), "≥ 0.5"),
        row("  of L1 time: normalise (validate, render, classify)",
            lambda r: _fmt(_get(r, "ingest", "normalize_share_of_l1"), 2)),
        row("L1 batch of 500, p50 / p95 / p99 ms", lambda r: _trio(_get(r, "ingest", "batch_latency"))),
        row("single-event L1 ingest p50 / p95 / p99 ms", lambda r: _trio(_get(r, "single_ingest", "l1"))),
        row("single-event raw insert p50 / p95 / p99 ms", lambda r: _trio(_get(r, "single_ingest", "raw"))),
        row("embedding worker (events/s, HashingEmbedder)", lambda r: _fmt(_get(r, "embedding", "events_per_s"))),
        row("  embedder alone (texts/s)", lambda r: _fmt(_get(r, "embedding", "embedder_alone_texts_per_s"))),
        row("DB KB per 1k events: L1 only", lambda r: _fmt(_get(r, "db_kb_per_1k_events", "l1_only"))),
        row("DB KB per 1k events: L1 + vectors", lambda r: _fmt(_get(r, "db_kb_per_1k_events", "with_vectors"))),
        row("DB KB per 1k events: raw baseline", lambda r: _fmt(_get(r, "db_kb_per_1k_events", "raw_baseline"))),
        row("peak RSS (MB)", lambda r: _fmt(_get(r, "peak_rss_mb"))),
        row("  after queries: anonymous / file-backed (mmap'd DB) MB",
            lambda r: "–" if not _get(r, "memory_mb", "after_queries") else
            f"{_get(r, 'memory_mb', 'after_queries', 'RssAnon'):,.0f} / {_get(r, 'memory_mb', 'after_queries', 'RssFile'):,.0f}"),
        row("delete one event (cascade), p50 / p95 / p99 ms", lambda r: _trio(_get(r, "deletion", "delete_one_event"))),
        row("  on-disk purge after them, once (debounced: FTS5 optimize + WAL truncate), ms", _purge_ms),
        row("raw FTS5 MATCH top-50, p50 / p95 / p99 ms", lambda r: _trio(_get(r, "query", "raw_fts5"))),
        row("raw sqlite-vec KNN k=50, p50 / p95 / p99 ms", lambda r: _trio(_get(r, "query", "raw_vec_knn"))),
        row("query embedding, p50 / p95 / p99 ms", lambda r: _trio(_get(r, "query", "query_embed"))),
        row("**memory_query (all modes)** p50 / p95 / p99 ms",
            lambda r: _trio(_get(r, "query", "memory_query_all")), "p95 ≤ 50 @100k, ≤ 250 @1M"),
    ]
    for mode in MODES:
        out.append(row(f"  memory_query {mode}", lambda r, m=mode: _trio(_get(r, "query", "memory_query", m))))
    return out


def markdown(results: dict[int, dict[str, Any]]) -> str:
    sizes = list(results)
    head = "| metric | " + " | ".join(size_label(s) for s in sizes) + " | target |"
    sep = "|---|" + "---:|" * len(sizes) + "---|"
    lines = [head, sep]
    for label, vals, target in rows(results):
        lines.append(f"| {label} | " + " | ".join(vals) + f" | {target} |")
    lines.append("")
    # scaling
    fts = [_get(r, "query", "raw_fts5", "p50_ms") for r in results.values()]
    mq = [_get(r, "query", "memory_query_all", "p95_ms") for r in results.values()]
    knn = [_get(r, "query", "raw_vec_knn", "p50_ms") for r in results.values()]
    if len(sizes) > 1:
        steps = [f"{size_label(a)}→{size_label(b)}" for a, b in zip(sizes, sizes[1:])]
        lines.append("Growth exponent between sizes (log Δt / log Δn; 1 = linear, < 1 sub-linear):")
        lines.append("")
        lines.append("| path | " + " | ".join(steps) + " |")
        lines.append("|---|" + "---:|" * len(steps))
        for name, vals in (("raw FTS5 MATCH p50", fts), ("raw sqlite-vec KNN p50", knn),
                           ("memory_query p95", mq)):
            lines.append(f"| {name} | " + " | ".join(_fmt(v, 2) for v in scaling_exponent(sizes, vals)) + " |")
        lines.append("")
    # vector trade-off
    opts: list[str] = []
    for r in results.values():
        for name in (_get(r, "vector_tradeoff", "options") or {}):
            if name not in opts:
                opts.append(name)
    if opts:
        lines.append("Vector search options (p50 / p95 ms, recall@10 against exact cosine, tie-aware):")
        lines.append("")
        lines.append("| option | " + " | ".join(size_label(s) for s in sizes) + " |")
        lines.append("|---|" + "---:|" * len(sizes))
        for name in opts:
            cells = []
            for r in results.values():
                o = _get(r, "vector_tradeoff", "options", name)
                cells.append("–" if not o else f"{o['p50_ms']:.1f} / {o['p95_ms']:.1f} · r={o['recall_at_10']:.2f}")
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


def plot(results: dict[int, dict[str, Any]], path: Path) -> Path | None:
    sizes = list(results)
    if not sizes:
        return None
    R = list(results.values())
    series: dict[str, list[float | None]] = {
        "memory_query p95 (all modes)": [_get(r, "query", "memory_query_all", "p95_ms") for r in R],
        "memory_query p50 (all modes)": [_get(r, "query", "memory_query_all", "p50_ms") for r in R],
        "raw FTS5 MATCH p95": [_get(r, "query", "raw_fts5", "p95_ms") for r in R],
        "raw sqlite-vec KNN p95": [_get(r, "query", "raw_vec_knn", "p95_ms") for r in R],
        "numpy f32 in-memory KNN p95": [_get(r, "vector_tradeoff", "options", "numpy_f32_exact_inmemory", "p95_ms")
                                        for r in R],
        "single-event L1 ingest p99": [_get(r, "single_ingest", "l1", "p99_ms") for r in R],
        "target memory_query p95": [TARGET_P95_MS.get(s, 50.0 if s <= 100_000 else 250.0) for s in sizes],
    }
    return latency_plot(path, sizes, series)


def build(out: Path, *, with_plot: bool = True) -> dict[str, Any]:
    results = load_results(out)
    combined = {"sizes": {str(s): r for s, r in results.items()},
                "machine": next(iter(results.values()))["machine"] if results else {}}
    (out / "bench.json").write_text(json.dumps(combined, indent=2, ensure_ascii=False))
    md = markdown(results)
    (out / "bench.md").write_text(md + "\n")
    png = plot(results, out / "latency.png") if with_plot and results else None
    return {"markdown": md, "json": out / "bench.json", "png": png, "sizes": list(results)}
