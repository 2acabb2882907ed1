-- 0012: a narrow covering index for the full-text paths' filter (issue 16 item 4: memory_query
-- at 1M events). FTS5 is keyed by event seq; every BM25 / category / concept search joins each
-- match to fact_events by seq to check its retrieval scope (and its time, inside a window).
-- Through the table each check reads the event's whole row (content, metadata: 2-4 rows a
-- page), so checking the 30-40k matches of "tool" OR "work" touched ~40k pages: 50-110 ms at
-- 1M events, most of a strategy question. This index holds only what those checks read, ~40
-- bytes an event, so the same checks stay in a few thousand cached pages. seq is increasing:
-- ingest appends at the index's right edge.
CREATE INDEX IF NOT EXISTS ix_fact_events_seq_scope ON fact_events(seq, l1_retrieval_scope, occurred_at);
