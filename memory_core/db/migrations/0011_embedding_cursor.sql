-- 0011: an event's embedding job is written by the embedding worker, not by the ingest that
-- stored the event. Per embedding space, a cursor over fact_events.seq: every event above it is
-- owed a job in that space; the worker turns the next owed events into ordinary job rows
-- (retries, leases, failures as before) and moves the cursor past them in the same
-- transaction. Ingest writes one B-tree row fewer per event and no job index entries.
--
-- New events get seq = max(seq) + 1 (rowid rule; fact_events is never written with explicit
-- seqs), so they land above every cursor as long as no cursor is above max(seq); the trigger
-- keeps it so when the newest events are deleted (a deleted event owes nothing: its row is gone).

CREATE TABLE embedding_cursor (
    space_id   INTEGER PRIMARY KEY,          -- embedding_spaces.space_id
    event_seq  INTEGER NOT NULL DEFAULT 0    -- events with seq > event_seq have no job here yet
);

-- An existing store wrote its jobs at ingest (and backfilled a space when it was activated):
-- each space's cursor starts just below its first event without a job, else at the newest event.
INSERT INTO embedding_cursor(space_id, event_seq)
SELECT s.space_id,
       coalesce((SELECT min(e.seq) FROM fact_events e WHERE NOT EXISTS (
                    SELECT 1 FROM embedding_jobs j WHERE j.target_kind = 'event'
                    AND j.target_id = e.event_id AND j.space_id = s.space_id)) - 1,
                (SELECT coalesce(max(seq), 0) FROM fact_events))
FROM embedding_spaces s;

CREATE TRIGGER fact_events_embedding_cursor AFTER DELETE ON fact_events
BEGIN
    UPDATE embedding_cursor SET event_seq = (SELECT coalesce(max(seq), 0) FROM fact_events)
    WHERE event_seq > (SELECT coalesce(max(seq), 0) FROM fact_events);
END;
