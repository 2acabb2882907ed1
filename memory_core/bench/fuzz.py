"""Hypothesis-fuzzed payloads: each is either ingested or rejected with an error naming a field.

    python -m memory_core.bench.fuzz --cases 10000        # or: magi-memory bench fuzz

Payloads are valid chat / tool / plugin payloads (every registered source and action) put
through mutations — a key dropped, a value replaced by any JSON value (NaN, huge numbers,
NUL bytes, deep nesting, lists for objects), unknown keys added, timestamps in the wrong unit —
plus arbitrary JSON. The properties, checked on one database for the whole run:

* ``ingest_payloads([p])`` never raises; the result accounts for the payload exactly once
  (ingested, duplicate, suppressed, routed to the runtime trace / L0, or rejected);
* a rejection names a field: ``<payload>`` or a dotted path whose first key is in the payload,
  or is reported ``missing``; its message is not empty;
* a rejected payload writes nothing (the row count does not move);
* a batch of fuzzed payloads stores exactly the ones that pass alone (bad neighbours lose
  nothing);
* at the end, ``PRAGMA integrity_check`` and the L1 audit (FTS rows == events, every event has
  its embedding job) hold.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..events.sources import SOURCES
from .measure import remove_db

FIELD_RE = re.compile(r"^(<payload>|<capture>|[A-Za-z_][\w]*(\[\d+\])?(\.[A-Za-z_][\w]*(\[\d+\])?)*)$")
T = 1_715_000_000.0

json_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=40),
    st.sampled_from(["", " ", "\x00", "\ud7ff" * 3, "a" * 5000, "2024-05-06T10:00:00", "1715000000",
                     "1715000000000", "NaN", "null", "\u202e\u200b", "😀" * 10, "高压锅" * 50]))
json_value = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)), max_leaves=12)

_PROV_VALUES = {
    "track_name": "Levitating", "artist_name": "Dua Lipa", "title": "SQLite docs", "url": "https://sqlite.org",
    "query": "air fryer review", "file_name": "a.pdf", "start": "2024-05-06T10:00:00Z", "command": "ls",
    "repo": "magi", "app_name": "Code", "play_duration_sec": 200, "exit_code": 0, "duration_sec": 30,
}


@st.composite
def plugin_payload(draw: st.DrawFn) -> dict[str, Any]:
    source = draw(st.sampled_from(sorted(SOURCES)))
    action = draw(st.sampled_from(sorted(SOURCES[source].actions)))
    spec = SOURCES[source].actions[action]
    prov = {k: _PROV_VALUES.get(k, "x") for k in spec.required}
    for k in spec.numeric:
        if draw(st.booleans()):
            prov[k] = _PROV_VALUES.get(k, 1)
    return {"source_type": source, "source_item_id": f"fz-{draw(st.integers(0, 10**9))}",
            "occurred_at": draw(st.floats(T - 1e7, T + 1e7)),
            "activity": {"source_code": source, "action_code": action, "object_code": "thing"},
            "provenance": prov,
            "entities": draw(st.lists(st.fixed_dictionaries(
                {"mention_text": st.text(min_size=1, max_size=20), "entity_type": st.sampled_from(
                    ["person", "media", "software", "weird_type"])}), max_size=3)),
            "tags": draw(st.lists(st.text(max_size=10), max_size=3))}


@st.composite
def chat_payload(draw: st.DrawFn) -> dict[str, Any]:
    role = draw(st.sampled_from(["user", "assistant", "tool"]))
    p: dict[str, Any] = {"type": "chat", "session_id": f"fz-s{draw(st.integers(0, 50))}", "role": role,
                         "content": draw(st.text(min_size=1, max_size=300)),
                         "occurred_at": draw(st.one_of(st.floats(T - 1e7, T + 1e7),
                                                       st.just("2024-05-06T10:00:00+08:00"))),
                         "message_id": f"fz-m{draw(st.integers(0, 10**9))}"}
    if role == "tool":
        p.update(tool_name=draw(st.sampled_from(["web_search", "shell_exec"])), success=draw(st.booleans()),
                 duration_ms=draw(st.floats(0, 1e5)), input=draw(json_value), output=draw(json_value))
    return p


runtime_payload = st.fixed_dictionaries({"type": st.just("runtime_log"), "content": st.text(min_size=1, max_size=50),
                                         "occurred_at": st.floats(T - 1e6, T + 1e6)})


def _paths(d: Any, prefix: str = "") -> list[str]:
    out = []
    if isinstance(d, dict):
        for k, v in d.items():
            path = f"{prefix}.{k}" if prefix else str(k)
            out.append(path)
            out.extend(_paths(v, path))
    return out


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    base = draw(st.one_of(plugin_payload(), chat_payload(), runtime_payload))
    for _ in range(draw(st.integers(0, 3))):
        paths = _paths(base)
        op = draw(st.sampled_from(["drop", "replace", "add", "noop"]))
        if not paths or op == "noop":
            continue
        path = draw(st.sampled_from(paths))
        parent: Any = base
        parts = path.split(".")
        for part in parts[:-1]:
            parent = parent.get(part) if isinstance(parent, dict) else None
        if not isinstance(parent, dict):
            continue
        if op == "drop":
            parent.pop(parts[-1], None)
        elif op == "replace":
            parent[parts[-1]] = draw(json_value)
        else:
            parent[draw(st.text(min_size=1, max_size=8))] = draw(json_value)
    return base


payloads = st.one_of(mutated(), mutated(), mutated(), json_value)


def _unique_ids(p: Any, tally: Counter[str]) -> None:
    """Hypothesis shrinks ids towards the same few values; make most of them distinct so the
    run exercises inserts rather than mostly duplicates (a quarter keep their id on purpose)."""
    tally["_n"] += 1
    if isinstance(p, dict) and tally["_n"] % 4:
        for key in ("source_item_id", "message_id"):
            if isinstance(p.get(key), str) and p[key].startswith("fz-"):
                p[key] = f"{p[key]}-{tally['_n']}"


def check_one(engine: Any, payload: Any, tally: Counter[str]) -> None:
    before = engine.l1.count()
    res = engine.ingest_payloads([payload])
    after = engine.l1.count()
    accounted = (res.ingested + res.duplicates + res.suppressed + res.runtime_traces
                 + res.working_context + len(res.rejected))
    assert accounted == 1, f"payload accounted {accounted} times: {res.to_json()} for {payload!r:.300}"
    assert after - before == res.ingested, "row count moved by something other than the ingest"
    if res.rejected:
        r = res.rejected[0]
        assert r.field and FIELD_RE.match(r.field), f"rejection does not name a field: {r.to_json()}"
        assert r.error.strip(), f"empty rejection message for field {r.field}"
        top = re.split(r"[.\[]", r.field)[0]
        assert (r.field in ("<payload>",) or (isinstance(payload, dict) and top in payload)
                or "missing" in r.error), f"rejection names a field the payload does not have: {r.to_json()}"
        tally["rejected"] += 1
        tally[f"rejected:{top}"] += 1
    elif res.ingested:
        tally["ingested"] += 1
    else:
        tally["duplicate_or_routed"] += 1


def check_batch(engine: Any, batch: list[Any], tally: Counter[str]) -> None:
    """A mixed batch stores exactly what a fresh copy of each payload would store alone."""
    before = engine.l1.count()
    res = engine.ingest_payloads(batch)
    after = engine.l1.count()
    assert after - before == res.ingested
    bad = {r.index for r in res.rejected}
    for i, p in enumerate(batch):
        alone = engine.l1.normalize_all([p])[1]
        assert bool(alone) == (i in bad), f"payload {i} rejected={i in bad} in a batch but {bool(alone)} alone"
    tally["batches"] += 1


def run(cases: int, *, workdir: Path | None = None, seed: int = 0, batch_cases: int | None = None) -> dict[str, Any]:
    from .reliability import audit_l1, l1_ok, open_engine

    work = workdir or Path(tempfile.mkdtemp(prefix="magi-fuzz-"))
    db = work / "fuzz.db"
    remove_db(db)
    engine = open_engine(db)
    tally: Counter[str] = Counter()
    t0 = time.perf_counter()
    common = dict(database=None, deadline=None, derandomize=False,
                  suppress_health_check=list(HealthCheck))
    try:
        @settings(max_examples=cases, **common)
        @given(payloads)
        def single(p: Any) -> None:
            _unique_ids(p, tally)
            check_one(engine, p, tally)

        @settings(max_examples=batch_cases if batch_cases is not None else max(10, cases // 50), **common)
        @given(st.lists(payloads, min_size=2, max_size=20))
        def batches(b: list[Any]) -> None:
            check_batch(engine, b, tally)

        import random

        random.seed(seed)
        single()
        batches()
        audit = audit_l1(engine.db)
    finally:
        engine.close()
    tally.pop("_n", None)
    return {"cases": cases, "outcomes": dict(tally), "audit": audit, "l1_ok": l1_ok(audit),
            "seconds": round(time.perf_counter() - t0, 1)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="fuzz the ingest contract with hypothesis")
    p.add_argument("--cases", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, default=None)
    args = p.parse_args(argv)
    result = run(args.cases, seed=args.seed)
    text = json.dumps(result, indent=2, ensure_ascii=False)
    print(text)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "fuzz.json").write_text(text)
    return 0 if result["l1_ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
