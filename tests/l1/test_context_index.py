"""The conversation-context index (``l1/context_index.py``): each message with the end of the
one before it, filled by a background worker from a cursor, kept free of deleted text, and
ranked by the ``context_bm25`` retrieval path."""

from __future__ import annotations

from memory_core.l1.context_index import context_body, cursor
from memory_core.text.segment import fts_or_query, query_terms
from tests.helpers import T0, chat


def _store(make_engine, *messages: tuple[str, str, float]):
    engine = make_engine(layers=())
    engine.ingest_payloads([chat(session, "user", text, t, f"m{i + 1}")
                            for i, (session, text, t) in enumerate(messages)])
    rows = engine.db.read_all("SELECT source_item_id, event_id, seq FROM fact_events")
    return engine, {r["source_item_id"]: r["event_id"] for r in rows}, {r["source_item_id"]: r["seq"] for r in rows}


def _matches(engine, words: str) -> set[int]:
    return {int(r[0]) for r in engine.db.reader().execute(
        "SELECT rowid FROM context_fts WHERE context_fts MATCH ?", (fts_or_query(query_terms(words)),))}


def test_the_worker_indexes_each_message_with_the_one_before(make_engine):
    engine, ids, seqs = _store(make_engine,
                               ("s1", "Did you go on a nature walk after the road trip?", T0),
                               ("s1", "Yup, we just did it yesterday! The kids loved it.", T0 + 60),
                               ("s2", "Unrelated opener about tax forms.", T0 + 30))
    assert cursor(engine.db.reader()) == 0 and not _matches(engine, "nature walk")  # not at ingest
    worker = next(w for w in engine.workers if w.name == "context_index")
    assert worker.backlog() == 3
    assert worker.run_once() == 3 and worker.run_once() == 0
    assert cursor(engine.db.reader()) == max(seqs.values()) and worker.backlog() == 0
    # the reply is found by the words of the question it answers; another session's opener is not
    assert _matches(engine, "nature walk road trip") == {seqs["m1"], seqs["m2"]}
    assert _matches(engine, "tax forms") == {seqs["m3"]}
    row = engine.db.read_all("SELECT * FROM fact_events WHERE seq = ?", (seqs["m2"],))[0]
    assert context_body(engine.db.reader(), row) == ("Did you go on a nature walk after the road trip?\n"
                                                    "Yup, we just did it yesterday! The kids loved it.")


def test_deleting_a_message_leaves_no_trace_of_it_in_the_index(make_engine):
    engine, ids, seqs = _store(make_engine, ("s1", "My therapist is Dr. Quill on Elm Street.", T0),
                               ("s1", "She helped a lot this year.", T0 + 60),
                               ("s1", "Anyway, dinner plans?", T0 + 120))
    engine.run_until_idle()
    assert _matches(engine, "Quill") == {seqs["m1"], seqs["m2"]}
    preview = engine.preview_delete([ids["m1"]])
    assert preview.layers["l1"]["context_index_rows"] == 1
    engine.delete_events([ids["m1"]])
    # in the deleting transaction: its row is gone and the next message's row is rewritten
    assert not _matches(engine, "Quill")
    assert _matches(engine, "helped") == {seqs["m2"], seqs["m3"]} and _matches(engine, "dinner") == {seqs["m3"]}
    assert _matches(engine, "therapist") == set()


def test_the_path_finds_a_reply_by_the_question_it_answers(make_engine):
    engine, ids, seqs = _store(make_engine,
                               ("s1", "Did you go on a nature walk to relax after the road trip?", T0),
                               ("s1", "Yup, we just did it yesterday! The kids loved it.", T0 + 60),
                               ("s2", "The road to the office is closed for repairs.", T0 + 90))
    engine.run_until_idle()
    pkg = engine.retrieval.query("Did I go on a nature walk to relax?", now=T0 + 3600)
    path = pkg.trace.paths["context_bm25"]
    assert path.weight > 0 and not path.skipped and not path.error
    found = [c["seq"] for c in path.candidates]
    assert seqs["m2"] in found[:2]  # the reply, which shares no word with the question
    assert seqs["m2"] not in [c["seq"] for c in pkg.trace.paths["bm25"].candidates]
    assert ids["m2"] in [f.event_id for f in pkg.findings[:3]]


def test_previous_contents_of_a_batch_equal_the_per_row_neighbour(make_engine):
    """``previous_contents`` (one statement for a batch) returns, for every event, what
    ``neighbour_in_session(after=False)`` returns for its row: equal times ordered by seq, other
    sessions, the first message of a session, and events that are not chat messages."""
    from memory_core.l1.context_index import _bodies
    from memory_core.l1.embedding_worker import conversation_context, neighbour_in_session, previous_contents
    from memory_core.text.segment import index_text
    from tests.helpers import netease

    engine = make_engine(layers=())
    engine.ingest_payloads([chat("s1", "user", "first of s1", T0, "a1"),
                            chat("s1", "assistant", "same time one", T0 + 60, "a2"),
                            chat("s1", "user", "same time two", T0 + 60, "a3"),
                            chat("s2", "user", "opener of s2", T0 + 30, "b1"),
                            chat("s1", "user", "earlier, told late", T0 + 10, "a4"),
                            chat("s2", "assistant", "reply in s2 " + "word " * 300, T0 + 90, "b2"),
                            chat("s2", "user", "after the long one", T0 + 95, "b3"),
                            netease("n1", T0 + 70)])
    conn = engine.db.reader()
    rows = engine.db.read_all("SELECT seq, event_id, content, session_id, event_type, occurred_at FROM fact_events")
    previous = previous_contents(conn, [r["seq"] for r in rows])
    expected = {}
    for r in rows:
        prev = neighbour_in_session(conn, r, after=False)
        if prev is not None:
            expected[r["seq"]] = prev["content"]
    assert previous == expected and len(expected) == 5
    assert [conversation_context(conn, r, previous=previous) for r in rows] == \
        [conversation_context(conn, r) for r in rows]
    assert _bodies(conn, rows) == [(r["seq"], index_text(context_body(conn, r))) for r in rows]
