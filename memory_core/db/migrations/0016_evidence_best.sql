-- 0016: an edge's best evidence (explicit first, then by confidence and recency) from the index.
-- recompute_edge read every evidence row of the edge and sorted them for the one it shows, once
-- per re-observation: 250 us for an edge with 500 rows, and a favourite song's edge gathers
-- thousands (quadratic over an import). With this index the explicit rows of an owner come in
-- (confidence, occurred_at, event_seq) order and the best one is a seek (15 us).
CREATE INDEX IF NOT EXISTS ix_l2_evidence_owner_best
    ON l2_evidence(owner_kind, owner_id, directness, confidence, occurred_at, event_seq);
