"""Plain-text tables of an eval result (ours vs BM25-only, overall and per type)."""

from __future__ import annotations

from typing import Any

COLUMNS = ("session_recall@1", "session_recall@5", "session_recall@10", "session_ndcg@5",
           "session_ndcg@10", "turn_recall@1", "turn_recall@5", "turn_recall@10", "turn_ndcg@10")


def _row(name: str, m: dict[str, Any], n: Any = "") -> str:
    cells = [f"{m[c]:.3f}" if isinstance(m.get(c), (int, float)) else "  -  " for c in COLUMNS]
    return f"| {name} | {n} | " + " | ".join(cells) + " |"


def render(result: dict[str, Any]) -> str:
    head = "| system / group | n | " + " | ".join(c.replace("session_", "S ").replace("turn_", "T ")
                                               for c in COLUMNS) + " |"
    sep = "|" + "---|" * (len(COLUMNS) + 2)
    lines = [f"## {result['dataset']}: {result['n_scored']} scored questions "
             f"({result['n_questions']} asked)", "", head, sep,
             _row("ours, overall", result["overall"], result["n_scored"]),
             _row("BM25-only, overall", result["baseline_bm25"]["overall"], result["n_scored"])]
    for group, m in result["by_type"].items():
        lines.append(_row(f"ours, {group}", m, m.get("n", "")))
        lines.append(_row(f"BM25-only, {group}", result["baseline_bm25"]["by_type"][group], m.get("n", "")))
    ab = result.get("abstention") or {}
    if ab.get("n"):
        lines += ["", f"abstention / adversarial: n={ab['n']}, insufficient_evidence flagged "
                      f"{ab['insufficient_evidence_rate']:.1%}"]
        if ab.get("ours"):
            lines += [head, sep, _row("ours, abstention", ab["ours"], ab["n"]),
                      _row("BM25-only, abstention", ab["baseline_bm25"], ab["n"])]
    t = result["timing_ms"]
    lines += ["", f"time per question: mean {t['query_mean']} ms, p50 {t['query_p50']} ms, "
                  f"p95 {t['query_p95']} ms; ingest+embed per store {t['ingest_mean_per_store']} ms",
              f"modes chosen: {result['modes_chosen']}"]
    af = result.get("answer_facing") or {}
    if af:
        hits = ", ".join(f"{k.replace('_hit', '')} hit {v:.3f}" for k, v in af.items() if k.endswith("_hit"))
        lines.append(f"answer-facing findings (after the relevance floor): mean {af['mean_findings']} of "
                     f"{af['mean_ranked']} ranked; gold among them: {hits}")
    return "\n".join(lines)
