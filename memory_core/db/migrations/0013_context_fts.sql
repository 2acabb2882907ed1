-- 0013: the conversation-context index. Every event's text — for a chat message preceded by the
-- end of the message before it in its session — in a second BM25 index, ranked by the
-- retrieval path context_bm25: a reply ("Yup, we did it yesterday!") is found by the words of
-- the question it answers. Derived and rebuildable: written by a background worker from a
-- cursor over fact_events.seq (l1/context_index.py), never by ingest. Contentless like
-- fact_events_fts: the text lives once, in fact_events; deletion removes the postings and
-- rewrites the row of the message after a deleted one (its context was the deleted text).

CREATE VIRTUAL TABLE context_fts USING fts5(
    body, content='', contentless_delete=1,
    tokenize='porter unicode61 remove_diacritics 2'
);

-- events with seq > event_seq are not indexed yet (an existing store starts at 0: the worker
-- backfills it in the background)
CREATE TABLE context_cursor (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    event_seq  INTEGER NOT NULL DEFAULT 0
);
INSERT INTO context_cursor(id, event_seq) VALUES (1, 0);

-- never above the newest event (new events take max(seq) + 1: they must land above it)
CREATE TRIGGER fact_events_context_cursor AFTER DELETE ON fact_events
BEGIN
    UPDATE context_cursor SET event_seq = (SELECT coalesce(max(seq), 0) FROM fact_events)
    WHERE event_seq > (SELECT coalesce(max(seq), 0) FROM fact_events);
END;
