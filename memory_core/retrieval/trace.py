"""The retrieval trace and "why not X?".

Every query keeps what each stage did: per path the candidates with ranks and raw scores, the
path's weight for the mode and its time; the fused list with each candidate's per-path
contributions; what the fetch filters dropped and why (scope, time window, caller filter, chat
artifact, anchor event); the reranker's deltas; and the cuts (RRF window, dedup, limit, token
budget). ``explain_missing`` walks those records for one event id and names the stage that
dropped it — the GUI's "why is this memory not in the answer?".
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# Stages named in ``QueryTrace.dropped`` / ``cuts`` (also the vocabulary of explain_missing).
DROP_SCOPE = "scope"
DROP_WINDOW = "time_window"
DROP_FILTER = "filter"
DROP_ARTIFACT = "chat_artifact"
DROP_ANCHOR = "anchor_event"
DROP_MISSING = "deleted"
DROP_AFTER_NOW = "after_now"
CUT_RRF = "rrf_cut"
CUT_DEDUP = "dedup"
CUT_LIMIT = "limit"
CUT_BUDGET = "token_budget"
CUT_ANCHOR_ENTITY = "anchor_entity"
CUT_RELEVANCE = "relevance_floor"


@dataclass(slots=True)
class PathTrace:
    name: str
    weight: float
    elapsed_ms: float = 0.0
    skipped: str | None = None
    error: str | None = None
    #: [{"seq", "event_id", "rank", "score"}] best first
    candidates: list[dict[str, Any]] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class QueryTrace:
    query: str
    mode: str
    mode_reason: str
    plan: dict[str, Any] = field(default_factory=dict)
    anchor: dict[str, Any] | None = None
    time_window: dict[str, Any] | None = None
    scopes: list[str] = field(default_factory=list)
    paths: dict[str, PathTrace] = field(default_factory=dict)
    #: fused candidates, best first: {"seq", "event_id", "fused", "rank", "contributions"}
    fused: list[dict[str, Any]] = field(default_factory=list)
    #: replies lifted by a matching chat question: {"reply", "prompt", "before", "after"}
    reply_lifts: list[dict[str, Any]] = field(default_factory=list)
    #: current_state: later statements about the top finding's entities, or evidencing what
    #: superseded its belief, put above it (retrieval/newer_state.py): event, through (entity or
    #: assertion id), why (in words), the finding it went above, its former rank
    newer_state: list[dict[str, Any]] = field(default_factory=list)
    #: current_state: the first finding continued by the user's next line (a burst's next
    #: message, an answer to the assistant's question): {"event_id", "continued_by", "answering"}
    continued: list[dict[str, Any]] = field(default_factory=list)
    #: event_id -> {"stage", "detail"} for fetch filters
    dropped: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: reranked head: {"event_id", "rank_before", "rank_after", "base", "deltas", "score"}
    rerank: list[dict[str, Any]] = field(default_factory=list)
    #: event_id -> {"stage", "detail"} for cuts after reranking
    cuts: dict[str, dict[str, Any]] = field(default_factory=dict)
    layers: dict[str, dict[str, Any]] = field(default_factory=dict)
    final: list[str] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)
    budget: dict[str, Any] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["paths"] = {k: asdict(v) for k, v in self.paths.items()}
        return d

    def path_ranks(self, event_id: str) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for name, p in self.paths.items():
            for c in p.candidates:
                if c.get("event_id") == event_id:
                    out[name] = {"rank": c["rank"], "score": c["score"], "weight": p.weight}
                    break
        return out


def explain_missing(trace: QueryTrace, event_id: str, *, event: dict[str, Any] | None = None,
                    path_probe: dict[str, Any] | None = None) -> dict[str, Any]:
    """Which stage kept ``event_id`` out of the findings (or where it is, if it is in).

    ``event`` is the event's row (None = it does not exist); ``path_probe`` optionally carries
    per-path diagnostics computed for this one event (would it match? at what rank?), which
    the service adds for events no path returned.
    """
    out: dict[str, Any] = {"event_id": event_id, "query": trace.query, "mode": trace.mode}
    if event is None:
        out.update(stage=DROP_MISSING, explanation="no such event (deleted, or a wrong id)")
        return out
    if event_id in trace.final:
        rank = trace.final.index(event_id) + 1
        out.update(stage="included", rank=rank, explanation=f"included as finding #{rank}")
        out["paths"] = trace.path_ranks(event_id)
        return out
    ranks = trace.path_ranks(event_id)
    out["paths"] = ranks
    if event_id in trace.dropped:
        d = trace.dropped[event_id]
        out.update(stage=d["stage"], explanation=d["detail"])
        return out
    if trace.anchor and trace.anchor.get("event_id") == event_id and not trace.anchor.get("answers"):
        out.update(stage=DROP_ANCHOR, explanation=(
            f"the anchor event of {trace.anchor.get('direction')} {trace.anchor.get('text')!r} "
            f"(the reference point, not an answer)"))
        return out
    scope = event.get("l1_retrieval_scope")
    if trace.scopes and scope not in trace.scopes:
        out.update(stage=DROP_SCOPE, explanation=(
            f"scope filter: the event's scope is {scope!r}; mode {trace.mode} only trusts "
            f"{', '.join(trace.scopes)} (it was excluded in every path's SQL)"))
        return out
    w = trace.time_window
    if w is not None:
        t = float(event.get("occurred_at") or 0)
        if (w.get("start") is not None and t < w["start"]) or (w.get("end") is not None and t >= w["end"]):
            out.update(stage=DROP_WINDOW, explanation=(
                f"time window: the event is outside [{w.get('start_iso') or '-inf'}, "
                f"{w.get('end_iso') or '+inf'}) ({w.get('source')})"))
            return out
    if event_id in trace.cuts:
        c = trace.cuts[event_id]
        out.update(stage=c["stage"], explanation=c["detail"])
        for r in trace.rerank:
            if r["event_id"] == event_id:
                out["rerank"] = r
        return out
    if not ranks:
        out.update(stage="not_retrieved", explanation=(
            "not retrieved by any path (no path ranked it within its top candidates)"))
        if path_probe:
            out["probe"] = path_probe
        return out
    weighted = {k: v for k, v in ranks.items() if v["weight"] > 0}
    if not weighted:
        out.update(stage="zero_weight", explanation=(
            f"only found by paths with weight 0 in mode {trace.mode}: {', '.join(ranks)}"))
        return out
    out.update(stage=CUT_RRF, explanation="retrieved but fused below the candidate window")
    return out
