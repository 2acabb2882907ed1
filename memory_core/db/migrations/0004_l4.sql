-- 0004: L4 procedural skills, execution traces, circuit breakers, distillation jobs
-- (design write step 7). Statistics are written synchronously in the L1 ingest transaction.

CREATE TABLE procedural_skills (
    seq                     INTEGER PRIMARY KEY,      -- FTS5 rowid
    skill_id                TEXT NOT NULL UNIQUE,     -- uuid5(tool_name:category)
    tool_name               TEXT NOT NULL,
    category                TEXT NOT NULL,
    success_count           INTEGER NOT NULL DEFAULT 0,
    failure_count           INTEGER NOT NULL DEFAULT 0,
    duration_total_ms       REAL NOT NULL DEFAULT 0,  -- over executions that reported a duration
    duration_samples        INTEGER NOT NULL DEFAULT 0,
    mean_duration_ms        REAL,
    consecutive_failures    INTEGER NOT NULL DEFAULT 0,
    breaker_state           TEXT NOT NULL DEFAULT 'closed'
                            CHECK (breaker_state IN ('closed', 'open', 'half_open')),
    opened_at               REAL,
    half_open_successes     INTEGER NOT NULL DEFAULT 0,
    breaker_changed_at      REAL,
    times_opened            INTEGER NOT NULL DEFAULT 0,
    pending_trace_count     INTEGER NOT NULL DEFAULT 0,
    distill_threshold       INTEGER NOT NULL DEFAULT 5,
    optimized_prompt        TEXT,                     -- strategy JSON (LLM or template distillation)
    distill_producer        TEXT,                     -- model id or 'template'
    distilled_at            REAL,
    distill_event_ids       TEXT NOT NULL DEFAULT '[]', -- the traces' events the strategy came from
    strategy_status         TEXT NOT NULL DEFAULT 'none'
                            CHECK (strategy_status IN ('none', 'current', 'stale')),
    last_error              TEXT,
    last_used_at            REAL,
    last_success_at         REAL,
    last_failure_at         REAL,
    created_at              REAL NOT NULL,
    updated_at              REAL NOT NULL,
    UNIQUE (tool_name, category)
);

-- The last L4_TRACES_PER_SKILL executions of each skill (older ones are pruned on insert).
CREATE TABLE l4_execution_traces (
    trace_id      INTEGER PRIMARY KEY,
    skill_id      TEXT NOT NULL REFERENCES procedural_skills(skill_id) ON DELETE CASCADE,
    event_id      TEXT NOT NULL,
    occurred_at   REAL NOT NULL,
    success       INTEGER NOT NULL,
    duration_ms   REAL,
    input_text    TEXT NOT NULL DEFAULT '',
    output_text   TEXT NOT NULL DEFAULT '',
    error         TEXT,
    session_id    TEXT
);
CREATE INDEX ix_l4_traces_skill ON l4_execution_traces(skill_id, trace_id);
CREATE INDEX ix_l4_traces_event ON l4_execution_traces(event_id);

-- BM25 over tool name, category, error patterns and strategy text. Contentless, rowid = seq.
CREATE VIRTUAL TABLE procedural_skills_fts USING fts5(
    body, content='', contentless_delete=1,
    tokenize='porter unicode61 remove_diacritics 2'
);

-- Lazy distillation runs outside the ingest transaction, from this queue (JobQueue columns).
CREATE TABLE l4_distill_jobs (
    job_id           INTEGER PRIMARY KEY,
    skill_id         TEXT NOT NULL UNIQUE REFERENCES procedural_skills(skill_id) ON DELETE CASCADE,
    reason           TEXT NOT NULL,                -- threshold | breaker_opened | stale
    pending_at_enqueue INTEGER NOT NULL DEFAULT 0,
    state            TEXT NOT NULL DEFAULT 'pending',
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT,
    next_attempt_at  REAL NOT NULL DEFAULT 0,
    locked_at        REAL,
    created_at       REAL NOT NULL,
    updated_at       REAL NOT NULL
);
CREATE INDEX ix_l4_distill_jobs_ready ON l4_distill_jobs(state, next_attempt_at);
