-- 0008: job leases. A claimed job records which process owns it; a running job goes back to
-- pending only when that owner is gone (its pid has exited, or it stopped heart-beating for
-- policy.JOB_OWNER_LEASE_S), never because another process opened the store.

CREATE TABLE job_owners (
    owner         TEXT PRIMARY KEY,     -- "<pid>@<host>#<nonce>", one per process
    pid           INTEGER NOT NULL,
    host          TEXT NOT NULL,
    started_at    REAL NOT NULL,        -- wall clock (not the engine's clock, which tests fake)
    heartbeat_at  REAL NOT NULL         -- wall clock of its latest claim
);

ALTER TABLE embedding_jobs ADD COLUMN owner TEXT;
ALTER TABLE l2_projection_jobs ADD COLUMN owner TEXT;
ALTER TABLE l2_snapshot_jobs ADD COLUMN owner TEXT;
ALTER TABLE summary_jobs ADD COLUMN owner TEXT;
ALTER TABLE l4_distill_jobs ADD COLUMN owner TEXT;
