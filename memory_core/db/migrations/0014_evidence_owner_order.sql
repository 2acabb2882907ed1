-- 0014: the evidence of one owner in the order its confidence is accumulated in. An edge's
-- confidence is folded over its evidence by (occurred_at, event_seq) and saturates after a few
-- rows, but with the index ending at occurred_at SQLite sorted every evidence row of the edge
-- in a temporary B-tree before the first came out (a favourite song's edge: hundreds of rows per
-- re-observation). Ending the index with event_seq and carrying confidence, the fold reads the
-- index in order and stops where it saturates; span and count queries use it as before.
DROP INDEX IF EXISTS ix_l2_evidence_owner_time;
CREATE INDEX ix_l2_evidence_owner_time ON l2_evidence(owner_kind, owner_id, occurred_at, event_seq, confidence);
