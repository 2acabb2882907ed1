"""A chat message is embedded with the end of the message before it in its session; deleting
that message re-embeds the next one, so no vector derived from deleted text survives."""

from __future__ import annotations

from memory_core.l1.embedding_worker import EventEmbeddingTarget
from tests.helpers import T0, chat


def _texts(engine, event_id: str) -> list[str]:
    conn = engine.db.reader()
    return EventEmbeddingTarget().load_texts(conn, [event_id])[event_id]


def _store(make_engine, *messages: tuple[str, str, float]):
    """An L1 engine holding ``(session, text, time)`` chat messages m1, m2, …; returns it with
    the event id of each message id."""
    engine = make_engine(layers=())
    engine.ingest_payloads([chat(session, "user", text, t, f"m{i + 1}")
                            for i, (session, text, t) in enumerate(messages)])
    ids = {r["source_item_id"]: r["event_id"] for r in engine.db.read_all(
        "SELECT source_item_id, event_id FROM fact_events")}
    return engine, ids


def test_a_reply_is_embedded_with_what_it_replies_to(make_engine):
    engine, ids = _store(make_engine,
                         ("s1", "Did you end up going to the pottery class on Saturday?", T0),
                         ("s1", "Yes! I made a lopsided bowl.", T0 + 60),
                         ("s2", "Unrelated session opener.", T0 + 30))
    assert _texts(engine, ids["m1"]) == ["Did you end up going to the pottery class on Saturday?"]
    assert _texts(engine, ids["m3"]) == ["Unrelated session opener."]  # first of its session
    reply = _texts(engine, ids["m2"])
    assert reply == ["Did you end up going to the pottery class on Saturday?\nYes! I made a lopsided bowl."]
    # the stored content is the message alone
    assert engine.db.read_value("SELECT content FROM fact_events WHERE event_id = ?",
                                (ids["m2"],)) == "Yes! I made a lopsided bowl."


def test_deleting_a_message_reembeds_the_next_one_without_its_text(make_engine):
    engine, ids = _store(make_engine, ("s1", "My therapist is Dr. Quill on Elm Street.", T0),
                         ("s1", "She helped a lot this year.", T0 + 60),
                         ("s1", "Anyway, dinner plans?", T0 + 120))
    engine.run_until_idle()
    seq2 = engine.db.read_value("SELECT seq FROM fact_events WHERE event_id = ?", (ids["m2"],))
    assert engine.db.read_value("SELECT count(*) FROM event_chunks WHERE event_seq = ?", (seq2,)) == 1
    preview = engine.preview_delete([ids["m1"]])
    assert preview.layers["l1"]["reembedded_neighbours"] == 1
    engine.delete_events([ids["m1"]])
    # in the deleting transaction: the next message's old vector is gone and it is queued again
    assert engine.db.read_value("SELECT count(*) FROM event_chunks WHERE event_seq = ?", (seq2,)) == 0
    assert engine.db.read_value("SELECT embedding_state FROM fact_events WHERE seq = ?", (seq2,)) == "pending"
    assert "Quill" not in "".join(_texts(engine, ids["m2"]))
    engine.run_until_idle()
    assert engine.db.read_value("SELECT count(*) FROM event_chunks WHERE event_seq = ?", (seq2,)) == 1
    assert engine.db.read_value("SELECT embedding_state FROM fact_events WHERE seq = ?", (seq2,)) == "done"
