-- 0001: L1 fact events, full-text index, session index, embeddings and their job queue,
-- L0 working memory, runtime trace, deletion tombstones, provider call ledger.

CREATE TABLE fact_events (
    seq                 INTEGER PRIMARY KEY,          -- FTS5 / chunk rowid
    event_id            TEXT NOT NULL UNIQUE,         -- ULID, time-sortable
    occurred_at         REAL NOT NULL,
    ingested_at         REAL NOT NULL,
    event_type          TEXT NOT NULL,
    source              TEXT NOT NULL,
    source_item_id      TEXT NOT NULL,
    idempotency_key     TEXT NOT NULL,
    session_id          TEXT,
    user_id             TEXT NOT NULL DEFAULT 'local_user',
    author_type         TEXT NOT NULL,
    content             TEXT NOT NULL,
    content_type        TEXT NOT NULL,
    memory_domain       TEXT NOT NULL,
    ingest_target       TEXT NOT NULL,
    retention_class     TEXT NOT NULL,
    evidence_class      TEXT NOT NULL,
    l1_retrieval_scope  TEXT NOT NULL,
    cognition_eligible  INTEGER NOT NULL,
    classifier_rule     TEXT NOT NULL,
    l2_batch_owner      TEXT,
    tags_json           TEXT NOT NULL DEFAULT '[]',
    metadata_json       TEXT NOT NULL DEFAULT '{}',
    embedding_state     TEXT NOT NULL DEFAULT 'pending',   -- pending | done | failed | skipped
    UNIQUE (source, event_type, idempotency_key)
);
CREATE INDEX ix_fact_events_time ON fact_events(occurred_at);
CREATE INDEX ix_fact_events_scope_time ON fact_events(l1_retrieval_scope, occurred_at);
CREATE INDEX ix_fact_events_source_time ON fact_events(source, occurred_at);
CREATE INDEX ix_fact_events_session ON fact_events(session_id, occurred_at) WHERE session_id IS NOT NULL;

-- BM25 index over the segmented text (CJK bigrams, porter-stemmed English). Contentless: the
-- text lives once, in fact_events; contentless_delete lets deletion remove the postings.
CREATE VIRTUAL TABLE fact_events_fts USING fts5(
    body, content='', contentless_delete=1,
    tokenize='porter unicode61 remove_diacritics 2'
);

-- Session index for chat events: last time, message count, user.
CREATE TABLE chat_sessions (
    session_id          TEXT PRIMARY KEY,
    user_id             TEXT NOT NULL,
    first_at            REAL NOT NULL,
    last_at             REAL NOT NULL,
    message_count       INTEGER NOT NULL DEFAULT 0,
    user_message_count  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ix_chat_sessions_last ON chat_sessions(last_at);

-- One row per embedding model/dimension: vectors of different spaces are never mixed.
CREATE TABLE embedding_spaces (
    space_id    INTEGER PRIMARY KEY,
    model_id    TEXT NOT NULL,
    dim         INTEGER NOT NULL,
    created_at  REAL NOT NULL,
    active      INTEGER NOT NULL DEFAULT 0,
    UNIQUE (model_id, dim)
);

-- Chunks of event text in the vector index (the vectors live in vec_chunks_<space_id>).
CREATE TABLE event_chunks (
    chunk_id     INTEGER PRIMARY KEY,
    event_seq    INTEGER NOT NULL REFERENCES fact_events(seq) ON DELETE CASCADE,
    space_id     INTEGER NOT NULL REFERENCES embedding_spaces(space_id),
    chunk_index  INTEGER NOT NULL,
    char_start   INTEGER NOT NULL,
    char_end     INTEGER NOT NULL,
    UNIQUE (event_seq, space_id, chunk_index)
);
CREATE INDEX ix_event_chunks_space ON event_chunks(space_id, chunk_id);

-- Generic vector job queue (events now; entities, edges, summaries as their layers land).
CREATE TABLE embedding_jobs (
    job_id           INTEGER PRIMARY KEY,
    target_kind      TEXT NOT NULL,
    target_id        TEXT NOT NULL,
    space_id         INTEGER NOT NULL,
    state            TEXT NOT NULL DEFAULT 'pending',   -- pending | running | done | failed
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT,
    next_attempt_at  REAL NOT NULL DEFAULT 0,
    locked_at        REAL,
    created_at       REAL NOT NULL,
    updated_at       REAL NOT NULL,
    UNIQUE (target_kind, target_id, space_id)
);
CREATE INDEX ix_embedding_jobs_ready ON embedding_jobs(state, next_attempt_at);

-- L0 working memory: current task/session context (small, expiring).
CREATE TABLE working_memory (
    session_id   TEXT NOT NULL,
    key          TEXT NOT NULL,
    value_json   TEXT NOT NULL,
    updated_at   REAL NOT NULL,
    expires_at   REAL,
    PRIMARY KEY (session_id, key)
);

-- Runtime trace: run logs are observable but never become facts.
CREATE TABLE runtime_traces (
    trace_id       INTEGER PRIMARY KEY,
    occurred_at    REAL NOT NULL,
    source         TEXT NOT NULL,
    session_id     TEXT,
    content        TEXT NOT NULL,
    metadata_json  TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX ix_runtime_traces_time ON runtime_traces(occurred_at);

-- A deleted event must not come back when a plugin re-sends it or an export is replayed.
-- Only a hash of the dedup key is kept, never content.
CREATE TABLE deletion_tombstones (
    dedup_hash   TEXT PRIMARY KEY,
    deleted_at   REAL NOT NULL
);

-- What each deletion removed (counts per layer; no content).
CREATE TABLE deletion_log (
    deletion_id   INTEGER PRIMARY KEY,
    deleted_at    REAL NOT NULL,
    event_ids     TEXT NOT NULL,
    report_json   TEXT NOT NULL
);

-- Cost and privacy ledger: every LLM / embedding call.
CREATE TABLE provider_calls (
    call_id            INTEGER PRIMARY KEY,
    started_at         REAL NOT NULL,
    provider           TEXT NOT NULL,
    kind               TEXT NOT NULL,            -- chat | embed
    tier               TEXT,
    model              TEXT NOT NULL,
    trigger            TEXT,                     -- what caused it: l2_phase1, query, summary_day...
    prompt_tokens      INTEGER,
    completion_tokens  INTEGER,
    latency_ms         REAL,
    attempts           INTEGER NOT NULL DEFAULT 1,
    outcome            TEXT NOT NULL,            -- ok | error | timeout | rate_limited | invalid
    error              TEXT,
    network            INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX ix_provider_calls_time ON provider_calls(started_at);
