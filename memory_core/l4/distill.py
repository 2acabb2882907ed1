"""Distilling a skill's traces into a strategy (the ``optimized_prompt`` JSON).

Two producers with one output shape:

* :func:`llm_request` / :func:`parse_llm_strategy`: the CONTEXT_COMPACT tier (no reasoning —
  "condense a pile of execution logs into a few lessons", design) over the stratified sample.
* :func:`template_strategy`: offline, statistics over the same sample — success rate, durations,
  recurring error messages, input words that go with failures — and it says it was produced
  without a language model (``method: statistical_template``).

Both record which trace events the strategy came from (``based_on.event_ids``): a deleted event
makes the strategy stale.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from typing import Any, Sequence

from ..policy import BREAKER_OPEN_SECONDS, Tier
from ..providers.chat import ChatMessage, ChatRequest
from .records import Skill, Trace

STRATEGY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "summary": {"type": "string"},
        "when_to_use": {"type": "array", "items": {"type": "string"}},
        "failure_patterns": {"type": "array", "items": {"type": "string"}},
        "recommendations": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["summary", "failure_patterns", "recommendations"],
}

SYSTEM_PROMPT = (
    "You condense a tool's execution history into reusable experience for an AI agent. "
    "From the traces (input, output, success, duration) write: a one-sentence summary of how "
    "the tool behaves, when it is the right tool, the typical failure patterns, and concrete "
    "recommendations (parameters, input shapes, fallbacks). Only state what the traces show.")

_TRACE_CHARS = 400
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]{2,}|[\u4e00-\u9fff]{2,}")
_DIGITS = re.compile(r"\d+")


def _clip(text: str, n: int = _TRACE_CHARS) -> str:
    text = (text or "").strip()
    return text if len(text) <= n else text[:n] + "…"


def render_traces(traces: Sequence[Trace]) -> str:
    lines = []
    for i, t in enumerate(traces, 1):
        dur = f"{t.duration_ms:.0f} ms" if t.duration_ms is not None else "n/a"
        lines.append(f"#{i} {'SUCCESS' if t.success else 'FAILURE'} ({dur})\n"
                     f"input: {_clip(t.input_text)}\noutput: {_clip(t.output_text)}"
                     + (f"\nerror: {_clip(t.error, 200)}" if t.error else ""))
    return "\n\n".join(lines)


def llm_request(skill: Skill, traces: Sequence[Trace]) -> ChatRequest:
    rate = f"{skill.success_rate:.0%}" if skill.success_rate is not None else "n/a"
    user = (f"Tool: {skill.tool_name} (category: {skill.category})\n"
            f"Overall: {skill.executions} executions, success rate {rate}, "
            f"breaker {skill.breaker.state.value}.\n\nTraces ({len(traces)}):\n\n"
            f"{render_traces(traces)}")
    return ChatRequest(tier=Tier.CONTEXT_COMPACT,
                       messages=[ChatMessage("system", SYSTEM_PROMPT), ChatMessage("user", user)],
                       json_schema=STRATEGY_SCHEMA, enable_thinking=False, temperature=0.2,
                       max_tokens=600, trigger="l4_distill")


def _based_on(traces: Sequence[Trace]) -> dict[str, Any]:
    return {"traces": len(traces), "successes": sum(t.success for t in traces),
            "failures": sum(not t.success for t in traces),
            "event_ids": [t.event_id for t in traces]}


def parse_llm_strategy(data: Any, traces: Sequence[Trace], model: str) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("summary"), str):
        raise ValueError("strategy JSON lacks a 'summary' string")

    def strings(key: str) -> list[str]:
        v = data.get(key) or []
        return [str(x).strip() for x in v if str(x).strip()][:8] if isinstance(v, list) else []

    return {"summary": data["summary"].strip(), "when_to_use": strings("when_to_use"),
            "failure_patterns": strings("failure_patterns"),
            "recommendations": strings("recommendations"),
            "method": "llm", "model": model, "based_on": _based_on(traces)}


def error_text(t: Trace) -> str:
    """A failure's message as it was: the error, or the first output line."""
    return (t.error or "").strip() or ((t.output_text or "").strip().splitlines() or [""])[0].strip()


def error_signature(t: Trace) -> str | None:
    """A failure's recurring shape: the error (or first output line), digits masked. It groups
    failures; the user reads a real example of each group (see :func:`template_strategy`)."""
    if t.success:
        return None
    text = _DIGITS.sub("N", error_text(t))[:120].strip()
    return text or "(no error text)"


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text or "")}


def failure_words(traces: Sequence[Trace], *, min_count: int = 2, top: int = 5) -> list[tuple[str, int, int]]:
    """Input words that go with failure: (word, failures containing it, successes containing it),
    ranked by smoothed log-odds. Needs both outcomes in the sample to say anything."""
    fails = [t for t in traces if not t.success]
    oks = [t for t in traces if t.success]
    if not fails or not oks:
        return []
    f_counts: Counter[str] = Counter()
    s_counts: Counter[str] = Counter()
    for t in fails:
        f_counts.update(_words(t.input_text))
    for t in oks:
        s_counts.update(_words(t.input_text))
    scored = []
    for w, fc in f_counts.items():
        if fc < min_count:
            continue
        sc = s_counts.get(w, 0)
        score = math.log((fc + 0.5) / (len(fails) + 1)) - math.log((sc + 0.5) / (len(oks) + 1))
        if score > math.log(2):  # at least twice as frequent among failures
            scored.append((score, w, fc, sc))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(w, fc, sc) for _, w, fc, sc in scored[:top]]


def _mean(xs: Sequence[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def template_strategy(skill: Skill, traces: Sequence[Trace]) -> dict[str, Any]:
    """The offline strategy: statistics that are true of the sample, phrased as advice."""
    n = len(traces)
    ok = [t for t in traces if t.success]
    bad = [t for t in traces if not t.success]
    rate = skill.success_rate
    ok_ms = _mean([t.duration_ms for t in ok if t.duration_ms is not None])
    bad_ms = _mean([t.duration_ms for t in bad if t.duration_ms is not None])
    sigs = Counter(s for s in (error_signature(t) for t in traces) if s)
    # each recurring error is shown as its latest real message ("timed out after 30s"), not as
    # the masked signature that groups them ("timed out after Ns")
    example = {error_signature(t): _clip(error_text(t), 120) or "(no error text)" for t in traces if not t.success}
    words = failure_words(traces)
    summary = (f"{skill.tool_name} ({skill.category}): {skill.success_count}/{skill.executions} "
               f"executions succeeded" + (f" ({rate:.0%})" if rate is not None else "")
               + (f", typically {ok_ms:.0f} ms when it works" if ok_ms is not None else "") + ".")
    patterns = [f"{count}× {example.get(sig, sig)}" for sig, count in sigs.most_common(3)]
    if bad_ms is not None and ok_ms is not None and bad_ms > 2 * ok_ms:
        patterns.append(f"failures are slow ({bad_ms:.0f} ms vs {ok_ms:.0f} ms): likely timeouts")
    for w, fc, sc in words:
        patterns.append(f"inputs containing '{w}' failed {fc} time(s) vs {sc} success(es)")
    recs: list[str] = []
    if skill.breaker.state.value == "open":
        n = skill.breaker.consecutive_failures
        cool = f"{BREAKER_OPEN_SECONDS / 60:.0f} min" if BREAKER_OPEN_SECONDS >= 120 else f"{BREAKER_OPEN_SECONDS:.0f} s"
        # a success while open resets the run of failures: "failed 0 times in a row" was said
        recs.append((f"It failed {n} time{'s' if n != 1 else ''} in a row, so the breaker opened"
                     if n else "The breaker was open when this was written (calls were refused)")
                    + f": prefer an alternative, or retry after the {cool} cool-down.")
    if sigs:
        top_sig = sigs.most_common(1)[0][0]
        recs.append(f"Check for the recurring error before calling: {example.get(top_sig, top_sig)}")
    if words:
        recs.append("Be careful with inputs mentioning " + ", ".join(f"'{w}'" for w, _, _ in words)
                    + ": they went with failures.")
    if ok and not recs:
        recs.append("The tool has been reliable; call it as before.")
    recent = traces[-5:]
    when = []
    if ok:
        when.append(f"Worked for inputs like: {_clip(ok[-1].input_text, 160)}")
    return {
        "summary": summary, "when_to_use": when, "failure_patterns": patterns,
        "recommendations": recs, "method": "statistical_template",
        "note": f"Produced without a language model: statistics over the last {n} trace(s).",
        "recent_outcomes": "".join("✓" if t.success else "✗" for t in recent),
        "based_on": _based_on(traces),
    }


def strategy_hint(skill: Skill, strategy: dict[str, Any] | None) -> str:
    """One paragraph the agent gets as extra context before using the tool."""
    rate = f"{skill.success_rate:.0%}" if skill.success_rate is not None else "n/a"
    head = (f"{skill.tool_name} [{skill.category}]: success rate {rate} over {skill.executions} "
            f"run(s), breaker {skill.breaker.state.value}")
    if skill.mean_duration_ms is not None:
        head += f", mean {skill.mean_duration_ms:.0f} ms"
    if not strategy:
        return head + "."
    parts = [head + ".", f"Strategy: {strategy.get('summary', '')}"]
    if strategy.get("failure_patterns"):
        parts.append("Known failures: " + "; ".join(strategy["failure_patterns"][:3]))
    if strategy.get("recommendations"):
        parts.append("Do: " + "; ".join(strategy["recommendations"][:3]))
    if strategy.get("method") == "statistical_template":
        parts.append("(statistical summary, no language model)")
    return " ".join(parts)


def strategy_json(strategy: dict[str, Any]) -> str:
    return json.dumps(strategy, ensure_ascii=False, sort_keys=True)
