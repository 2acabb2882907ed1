-- 0010: indexes for the derived layers' per-batch reads (issue 16: derived throughput). Each
-- replaces a scan or sort that grew with the store, so a batch cost more with every batch:
--
-- * the projection worker's head-of-queue read (state = 'pending' AND next_attempt_at <= now
--   ORDER BY next_attempt_at, occurred_at, job_id LIMIT 1) sorted every pending job per claim,
--   and its batch claim (batch_key = ? AND state = 'pending' AND next_attempt_at <= now ORDER BY
--   next_attempt_at, job_id LIMIT 16) needs an index in that order too (the batch index keeps
--   its (batch_key, state) prefix for the resolver's session read);
-- * an episode's recount (count, min and max occurred_at of its evidence) read every evidence
--   row of the episode from the table (one open episode held 13k events at 20k);
-- * an entity's mention statistics (count of distinct events, first/last seen) read every
--   mention row of the entity from the table; covered now, and joined to events by seq;
-- * the known entities offered to every batch's extractor (the most mentioned, most recent)
--   sorted the whole catalog per batch.
DROP INDEX IF EXISTS ix_l2_projection_ready;
CREATE INDEX ix_l2_projection_ready ON l2_projection_jobs(state, next_attempt_at, occurred_at, job_id);
DROP INDEX IF EXISTS ix_l2_projection_batch;
CREATE INDEX ix_l2_projection_batch ON l2_projection_jobs(batch_key, state, next_attempt_at, job_id);
CREATE INDEX ix_l2_evidence_owner_time ON l2_evidence(owner_kind, owner_id, occurred_at);
DROP INDEX IF EXISTS ix_entity_mentions_entity;
CREATE INDEX ix_entity_mentions_entity ON entity_mentions(entity_id, event_id, event_seq);
CREATE INDEX ix_entity_catalog_rank ON entity_catalog(mention_count DESC, last_seen_at DESC, entity_seq)
    WHERE status = 'active' AND is_user = 0;
