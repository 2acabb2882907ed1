-- 0003: L3 summaries and reflection (design write step 6).
-- Every row links back to the L1 events it was built from (summary_event_links and
-- source_event_ids): a conclusion can always be traced to its evidence.

CREATE TABLE summaries (
    seq                 INTEGER PRIMARY KEY,          -- FTS5 / vector chunk owner rowid
    summary_id          TEXT NOT NULL UNIQUE,         -- ULID
    summary_type        TEXT NOT NULL CHECK (summary_type IN ('temporal', 'thematic', 'insight')),
    summary_category    TEXT NOT NULL,                -- activity_overview, browser_activity, task_reflection, state_change, ...
    granularity         TEXT CHECK (granularity IS NULL OR granularity IN ('hour', 'day', 'week', 'month')),
    window_start        REAL,                         -- temporal: the window; insights: their evidence span
    window_end          REAL,
    title               TEXT NOT NULL,
    body                TEXT NOT NULL,
    producer            TEXT NOT NULL,                -- LLM model id, 'extractive' or 'rule_template'
    source_event_ids    TEXT NOT NULL DEFAULT '[]',   -- JSON list: the events the text was built from
    source_stats_json   TEXT NOT NULL DEFAULT '{}',   -- per source: events in window and events kept
    event_count         INTEGER NOT NULL DEFAULT 0,   -- events in the window before compression
    status              TEXT NOT NULL DEFAULT 'active'
                        CHECK (status IN ('active', 'stale', 'redacted')),
    trigger             TEXT NOT NULL DEFAULT '',     -- schedule, catch_up, manual, l2_reconcile, chat, rebuild
    dedup_key           TEXT UNIQUE,                  -- a window / insight is produced once
    metadata_json       TEXT NOT NULL DEFAULT '{}',
    embedding_state     TEXT NOT NULL DEFAULT 'pending',
    created_at          REAL NOT NULL,
    updated_at          REAL NOT NULL
);
CREATE INDEX ix_summaries_type_time ON summaries(summary_type, window_end);
CREATE INDEX ix_summaries_granularity_time ON summaries(granularity, window_end);
CREATE INDEX ix_summaries_category ON summaries(summary_category);

-- Fixed cross-layer contract (deletion, drill-down, GUI).
CREATE TABLE summary_event_links (
    summary_id  TEXT NOT NULL REFERENCES summaries(summary_id) ON DELETE CASCADE,
    event_id    TEXT NOT NULL,
    PRIMARY KEY (summary_id, event_id)
);
CREATE INDEX ix_summary_event_links_event ON summary_event_links(event_id);

-- BM25 over title + body (segmented like L1: CJK bigrams). Contentless, rowid = summaries.seq.
CREATE VIRTUAL TABLE summaries_fts USING fts5(
    body, content='', contentless_delete=1,
    tokenize='porter unicode61 remove_diacritics 2'
);

-- Vector chunks of summaries (vectors in vec_summaries_<space_id>, created per space at run time).
CREATE TABLE summary_chunks (
    chunk_id     INTEGER PRIMARY KEY,
    summary_seq  INTEGER NOT NULL REFERENCES summaries(seq) ON DELETE CASCADE,
    space_id     INTEGER NOT NULL REFERENCES embedding_spaces(space_id),
    chunk_index  INTEGER NOT NULL,
    UNIQUE (summary_seq, space_id, chunk_index)
);

-- What each scheduler loop has produced: catch-up after the app was closed resumes from here,
-- so a missed window is produced once, never again.
CREATE TABLE summary_schedule (
    granularity      TEXT PRIMARY KEY,
    last_window_end  REAL NOT NULL,
    updated_at       REAL NOT NULL
);

-- Summary / reflection jobs (JobQueue state machine: retries with backoff, then 'failed', visible).
CREATE TABLE summary_jobs (
    job_id           INTEGER PRIMARY KEY,
    kind             TEXT NOT NULL,                -- window | rebuild | task_reflection
    granularity      TEXT,
    window_start     REAL,
    window_end       REAL,
    summary_id       TEXT,                         -- rebuild: the row to regenerate
    anchor_event_id  TEXT,                         -- task_reflection: the assistant reply
    session_id       TEXT,
    trigger          TEXT NOT NULL DEFAULT '',
    dedup_key        TEXT NOT NULL UNIQUE,
    state            TEXT NOT NULL DEFAULT 'pending',
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT,
    next_attempt_at  REAL NOT NULL DEFAULT 0,
    locked_at        REAL,
    created_at       REAL NOT NULL,
    updated_at       REAL NOT NULL
);
CREATE INDEX ix_summary_jobs_ready ON summary_jobs(state, next_attempt_at);
