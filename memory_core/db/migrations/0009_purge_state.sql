-- 0009: the on-disk purge after a deletion, as durable state. A deletion bumps `requested` in
-- its own transaction; a purge (FTS5 optimize, then a TRUNCATE checkpoint of the WAL) that
-- completes sets `done` to the generation it started from. requested > done means deleted
-- text may still be readable from the files (a reader held an old snapshot, the process
-- died): it is retried by the purge worker and by the next process that opens the store.

CREATE TABLE purge_state (
    id               INTEGER PRIMARY KEY CHECK (id = 1),
    requested        INTEGER NOT NULL DEFAULT 0,   -- deletions committed (generation)
    optimized        INTEGER NOT NULL DEFAULT 0,   -- generation whose FTS5 optimize is done
    done             INTEGER NOT NULL DEFAULT 0,   -- generation fully purged from the files
    requested_at     REAL,                          -- wall clock of the latest deletion
    attempts         INTEGER NOT NULL DEFAULT 0,   -- failed attempts since the last success
    last_attempt_at  REAL,
    last_error       TEXT,
    done_at          REAL
);
INSERT INTO purge_state(id) VALUES (1);
