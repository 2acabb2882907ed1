"""The paths that never read the time window start while the anchor is being resolved.

"Before the air fryer" is resolved (a BM25 ranking of every match of the anchor's names) before
the window exists; plain BM25 and keyword do not read the window, so they run meanwhile on the
path threads. The windowed paths must still see the anchor's window."""

from __future__ import annotations

import threading

from memory_core.policy import QueryMode
from memory_core.retrieval.paths.bm25 import BM25Path, TemporalBM25Path
from memory_core.retrieval.service import RetrievalService
from tests.helpers import DAY, T0, chat


def _store(make_engine):
    engine = make_engine(layers=())
    engine.ingest_payloads([
        chat("s1", "user", "I bought a rice cooker today", T0, "m1"),
        chat("s2", "user", "I bought a kettle for the kitchen", T0 + 5 * DAY, "m2"),
        chat("s3", "user", "I just bought an air fryer", T0 + 10 * DAY, "m3"),
        chat("s4", "user", "I bought a toaster, another kitchen appliance", T0 + 20 * DAY, "m4"),
    ])
    return engine


def test_plain_bm25_runs_during_the_anchor_and_the_temporal_path_after_it(make_engine, monkeypatch):
    engine = _store(make_engine)
    bm25_started = threading.Event()
    seen: dict[str, object] = {}
    real_bm25, real_temporal = BM25Path.search, TemporalBM25Path.search
    real_anchor = RetrievalService._resolve_anchor

    def bm25_search(self, ctx, seeds):
        bm25_started.set()
        return real_bm25(self, ctx, seeds)

    def anchor(self, plan, ctx):
        # without the early start nothing runs BM25 until this returns: the wait times out
        seen["bm25_during_anchor"] = bm25_started.wait(timeout=5)
        real_anchor(self, plan, ctx)

    def temporal_search(self, ctx, seeds):
        seen["window_end"] = ctx.plan.time_window.end if ctx.plan.time_window else None
        return real_temporal(self, ctx, seeds)

    monkeypatch.setattr(BM25Path, "search", bm25_search)
    monkeypatch.setattr(TemporalBM25Path, "search", temporal_search)
    monkeypatch.setattr(RetrievalService, "_resolve_anchor", anchor)
    package = engine.retrieval.query("What kitchen appliance did I buy before the air fryer?",
                                     QueryMode.TEMPORAL_COMPARE, now=T0 + 30 * DAY)
    trace = engine.retrieval.last_trace
    assert seen["bm25_during_anchor"] is True
    assert trace.anchor and trace.anchor["resolved_at"] == T0 + 10 * DAY
    assert seen["window_end"] == T0 + 10 * DAY  # the windowed path waited for the anchor
    assert trace.paths["bm25"].candidates and "anchor" in trace.timings_ms
    assert package is not None

