"""memory_query behaviour on a real store: arguments, modes and scopes, filters, layers plugged
in through the contract, deletion, and "why not X?"."""

from __future__ import annotations

import asyncio

import pytest

from memory_core.retrieval.plan import LayerHit, LayerResult
from memory_core.retrieval.service import QueryInputError
from tests.helpers import DAY, T0, chat

STORY = [
    chat("a", "user", "I adopted a cat named Mochi last spring.", T0, "a1"),
    chat("a", "assistant", "Mochi is a lovely name for a cat! Cats love puzzle feeders and window perches. "
                           "Here is a long list of cat care tips " + "blah " * 80, T0 + 60, "a2"),
    chat("b", "user", "My wifi password hint is hunter2xyz, don't tell anyone.", T0 + DAY, "b1"),
    chat("c", "user", "I moved to Jiaxing for my new job.", T0 + 2 * DAY, "c1"),
    chat("c", "user", "Can you recommend a vet for my cat?", T0 + 2 * DAY + 60, "c2"),
    {"source_type": "browser", "source_item_id": "v1", "occurred_at": T0 + 3 * DAY,
     "activity": {"source_code": "browser", "action_code": "visit_page", "object_code": "page"},
     "provenance": {"title": "Best cat toys 2024", "url": "https://example.com/cat-toys"}},
]
NOW = T0 + 10 * DAY


@pytest.fixture
def eng(make_engine):
    engine = make_engine(layers=())
    engine.ingest_payloads(STORY)
    engine.run_until_idle()
    return engine


def ev(engine, text):
    return next(e for e in engine.list_events(limit=100) if text in e.content)


@pytest.mark.parametrize("kwargs,field", [
    ({"query": ""}, "query"),
    ({"query": "x", "query_mode": "bogus"}, "query_mode"),
    ({"query": "x", "limit": 0}, "limit"),
    ({"query": "x", "limit": "5"}, "limit"),
    ({"query": "x", "time_range": (NOW, T0)}, "time_range"),
    ({"query": "x", "time_range": ("yesterday", None)}, "time_range.start"),
    ({"query": "x", "filters": {"colour": "red"}}, "filters.colour"),
    ({"query": "x", "now": "not a date"}, "now"),
])
def test_bad_arguments_name_the_field(eng, kwargs, field):
    query = kwargs.pop("query")
    with pytest.raises(QueryInputError) as err:
        eng.retrieval.query(query, **kwargs)
    assert err.value.field == field and field in str(err.value)


def test_fact_mode_excludes_conversation_but_episode_recall_sees_it(eng):
    fact = eng.retrieval.query("What is my cat's name?", now=NOW)
    assert fact.query_mode == "exact_fact"
    assert fact.findings[0].event_id == ev(eng, "Mochi last spring").event_id
    assert fact.findings[0].evidence_strength == "direct"
    assert fact.status == "found" and fact.evidence_level == "strong"
    assert all(f.author_type != "assistant" for f in fact.findings)
    assert ev(eng, "recommend a vet").event_id not in fact.event_ids  # a question, not a fact
    episode = eng.retrieval.query("What did you tell me about cats?", now=NOW)
    assert episode.query_mode == "episode_recall"
    assert ev(eng, "Mochi is a lovely name").event_id in episode.event_ids
    stream = eng.retrieval.query("cat", "event_stream", now=NOW)
    # event_stream lists what happened: the user's question is a candidate (its place in the
    # answer-facing list after the relevance floor depends on the embedder)
    assert ev(eng, "recommend a vet").event_id in [f.event_id for f in stream.ranked]


def test_time_range_and_filters_restrict_candidates(eng):
    only_browser = eng.retrieval.query("cat", "exact_fact", filters={"source": "browser"}, now=NOW)
    assert [f.source for f in only_browser.findings] == ["browser"]
    assert only_browser.asset_refs and only_browser.asset_refs[0]["value"] == "https://example.com/cat-toys"
    early = eng.retrieval.query("cat", "exact_fact", time_range=(T0 - 1, T0 + DAY), now=NOW)
    assert early.event_ids == [ev(eng, "Mochi last spring").event_id]
    why = eng.retrieval.explain_missing(early.trace, ev(eng, "cat toys").event_id)
    assert why["stage"] == "time_window"


def test_keyword_path_finds_substrings_fts_cannot(eng):
    pkg = eng.retrieval.query("hunter2?", now=NOW)
    target = ev(eng, "hunter2xyz").event_id
    assert pkg.trace.paths["bm25"].candidates == []  # the FTS token is hunter2xyz
    assert pkg.trace.paths["keyword"].candidates[0]["event_id"] == target
    assert pkg.findings[0].event_id == target


def test_limit_and_budget_cuts_are_explained(eng):
    pkg = eng.retrieval.query("cat", "event_stream", limit=1, now=NOW)
    assert len(pkg.findings) == 1
    cut = [eid for eid, c in pkg.trace.cuts.items() if c["stage"] == "limit"]
    assert cut and eng.retrieval.explain_missing(pkg.trace, cut[0])["stage"] == "limit"
    tiny = eng.retrieval.query("cat", "event_stream", budget_tokens=5, now=NOW)
    assert len(tiny.findings) == 1  # the first finding always stays
    budget_cut = [eid for eid, c in tiny.trace.cuts.items() if c["stage"] == "token_budget"]
    assert budget_cut
    assert eng.retrieval.explain_missing(tiny.trace, budget_cut[0])["stage"] == "token_budget"


def test_not_retrieved_is_explained_with_a_probe(eng, monkeypatch):
    import memory_core.retrieval.service as service

    monkeypatch.setattr(service, "PATH_FETCH_K", 1)  # tiny store: every path keeps only its best
    pkg = eng.retrieval.query("Where do I live?", now=NOW)
    mochi = ev(eng, "Mochi last spring")
    why = eng.retrieval.explain_missing(pkg.trace, mochi.event_id)
    assert why["stage"] == "not_retrieved"
    assert why["probe"]["bm25"]["matches"] is False
    assert eng.retrieval.explain_missing(pkg.trace, "01NOPE")["stage"] == "deleted"
    monkeypatch.undo()
    # explain by question text re-runs the query
    by_text = eng.retrieval.explain_missing("Where do I live?", ev(eng, "Jiaxing").event_id, now=NOW)
    assert by_text["stage"] == "included" and by_text["rank"] >= 1


def test_deleted_events_disappear_from_results_and_the_vector_cache(eng):
    target = ev(eng, "Jiaxing").event_id
    before = eng.retrieval.query("Where do I live?", now=NOW)
    assert target in before.event_ids
    vi = eng.retrieval.vector_index()
    vi.warm()
    preview = eng.preview_delete([target])
    report = eng.delete_events([target])
    assert preview.layers["retrieval_vector_cache"] == report.layers["retrieval_vector_cache"]
    assert report.layers["retrieval_vector_cache"]["cached_vectors"] == 1
    after = eng.retrieval.query("Where do I live?", now=NOW)
    assert target not in after.event_ids
    hits, _ = vi.search(eng.providers.embedder.embed(["I moved to Jiaxing for my new job."])[0], 5,
                        strategy="prefilter")
    assert all(h.event_seq != ev_seq for h in hits for ev_seq in [None]) and hits
    assert target not in {e.event_id for e in eng.l1.get_by_seq([h.event_seq for h in hits]).values()}


class FakeL2:
    name = "l2"

    def __init__(self, event_id):
        self.event_id = event_id
        self.plans = []

    def search(self, plan):
        self.plans.append(plan)
        return LayerResult([LayerHit("l2", "edge", "t1", "user LIVES_IN Jiaxing", 0.9, [self.event_id],
                                     T0 + 2 * DAY, {"predicate": "LIVES_IN"})], {"subdomains": ["edges"]})


class Broken:
    name = "l3"

    def search(self, plan):
        raise RuntimeError("summaries unavailable")


class Graph:
    name = "graph"

    def __init__(self, seq):
        self.seq = seq
        self.seeds = None

    def search(self, plan, seed_seqs):
        self.seeds = list(seed_seqs)
        return [(self.seq, 0.9)]


def test_layers_and_event_paths_plug_in_through_the_contract(eng):
    jiaxing = ev(eng, "Jiaxing")
    l2 = FakeL2(jiaxing.event_id)
    graph = Graph(jiaxing.seq)
    eng.retrieval.register_layer(l2)
    eng.retrieval.register_layer(Broken())
    eng.retrieval.register_event_path(graph)
    pkg = eng.retrieval.query("Where do I live now?", now=NOW)
    assert l2.plans[0].mode.value == "current_state" and l2.plans[0].predicate_family == "residence"
    assert graph.seeds is not None and jiaxing.seq in graph.seeds
    assert pkg.trace.paths["graph"].weight > 0 and pkg.trace.paths["graph"].candidates[0]["seq"] == jiaxing.seq
    layer = [f for f in pkg.findings if f.layer == "l2"]
    assert layer and layer[0].event_ids == [jiaxing.event_id] and layer[0].kind == "edge"
    assert "summaries unavailable" in pkg.trace.layers["l3"]["error"]
    assert pkg.findings  # L1 still answers
    with pytest.raises(ValueError):
        eng.retrieval.register_layer(type("X", (), {"name": "l9", "search": lambda s, p: None})())


def test_an_explicit_past_now_sees_no_event_after_it_nor_what_only_they_back(eng):
    """Issue 14 "one clock": a question asked as of a past date (``--now``) must not be answered
    by what happened later — neither the later L1 event nor a layer hit resting on it alone."""
    jiaxing = ev(eng, "Jiaxing")
    eng.retrieval.register_layer(FakeL2(jiaxing.event_id))
    before = eng.retrieval.query("Where do I live now?", now=jiaxing.occurred_at - DAY / 2)
    assert jiaxing.event_id not in {e for f in before.findings for e in (f.event_ids or [f.event_id])}
    # a later L1 event is dropped at the fetch (too few later events to crowd a path's k: the
    # paths are not bounded) …
    assert before.trace.dropped[jiaxing.event_id]["stage"] == "after_now"
    # … and so is a layer's hit resting on it alone
    assert before.trace.layers["l2"]["after_now"] == 1 and not [f for f in before.findings if f.layer == "l2"]
    assert "Mochi" in " ".join(f.content for f in eng.retrieval.query("What is my cat's name?",
                                                                      now=jiaxing.occurred_at - DAY / 2).findings)
    after = eng.retrieval.query("Where do I live now?", now=NOW)
    assert jiaxing.event_id in {f.event_id for f in after.findings}
    assert [f for f in after.findings if f.layer == "l2"]


@pytest.mark.parametrize("mode", ["current_state", "exact_fact"])
def test_a_past_now_finds_its_events_however_many_later_ones_match_better(make_engine, mode):
    """A path that kept its best (or newest) k overall and left the question's ``now`` to the
    fetch filled its k with later events: asked as of April, "engaged since Christmas" was
    crowded out by September's wedding lines. With at least a path's k of later events, every
    path bounds its own search by ``now``."""
    engine = make_engine(layers=())
    engine.ingest_payloads([chat("e", "user", "Christmas surprise: Tyler proposed and we are engaged!", T0, "e0")] + [
        chat(f"w{i}", "user", f"wedding note {i}: Tyler and I engaged Tyler's cousin, engaged a florist, engaged a band",
             T0 + (30 + i) * DAY, f"w{i}") for i in range(80)])
    engine.run_until_idle()
    early = ev(engine, "Christmas surprise")
    pkg = engine.retrieval.query("are Tyler and I engaged?", query_mode=mode, now=T0 + 10 * DAY)
    assert [f.event_id for f in pkg.findings if f.layer == "l1"] == [early.event_id]
    for name in ("bm25", "keyword", "vector"):
        path = pkg.trace.paths[name]
        assert path.skipped or [c["seq"] for c in path.candidates] == [early.seq], name
    # the same question with no past now ranks among all of them
    later = engine.retrieval.query("are Tyler and I engaged?", query_mode=mode)
    assert len([f for f in later.findings if f.layer == "l1"]) > 1


def test_entity_path_is_graceful_without_the_l2_table(eng):
    eng.db.writer.execute("DROP TABLE IF EXISTS l1_event_entities")
    pkg = eng.retrieval.query("What is my cat's name?", now=NOW)
    assert "l1_event_entities" in pkg.trace.paths["entity"].skipped
    assert pkg.findings


async def test_async_engine_api_and_calls_from_a_running_loop(eng):
    pkg = await eng.query("What is my cat's name?", now=NOW)
    assert pkg.findings[0].content.startswith("I adopted a cat")
    # a synchronous call from inside a running loop (GUI thread) must not deadlock
    direct = eng.retrieval.query("What is my cat's name?", now=NOW)
    assert direct.event_ids == pkg.event_ids
    both = await asyncio.gather(eng.query("cat", "event_stream", now=NOW), eng.query("Jiaxing", now=NOW))
    assert all(p.findings for p in both)
