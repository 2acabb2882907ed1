-- 0007: the review inbox (L2-owned). Uncertain L2 decisions — supersessions, arbitration
-- outcomes, entity merges below policy.REVIEW_CONFIDENCE_THRESHOLD — are applied provisionally
-- and listed here with both sides and their evidence; the user approves, rejects (reverts) or
-- splits, and every decision is recorded and can be undone.

CREATE TABLE review_items (
    item_id             INTEGER PRIMARY KEY,
    kind                TEXT NOT NULL,               -- supersession | arbitration | entity_merge
    status              TEXT NOT NULL DEFAULT 'pending', -- pending | approved | rejected
    confidence          REAL NOT NULL,
    title               TEXT NOT NULL,
    old_side_json       TEXT NOT NULL DEFAULT '{}',
    new_side_json       TEXT NOT NULL DEFAULT '{}',
    evidence_event_ids  TEXT NOT NULL DEFAULT '[]',
    ref_kind            TEXT NOT NULL,               -- conflict | merge
    ref_id              INTEGER NOT NULL,            -- l2_conflicts.conflict_id / entity_merges.merge_id
    provisional         TEXT NOT NULL,               -- the decision applied provisionally
    reason              TEXT NOT NULL DEFAULT '',
    created_at          REAL NOT NULL,
    decided_at          REAL
);
CREATE INDEX ix_review_items_status ON review_items(status, created_at);
CREATE UNIQUE INDEX ux_review_items_ref ON review_items(ref_kind, ref_id);

CREATE TABLE review_decisions (
    decision_id   INTEGER PRIMARY KEY,
    item_id       INTEGER NOT NULL REFERENCES review_items(item_id) ON DELETE CASCADE,
    decision      TEXT NOT NULL,                     -- approve | reject | split | undo
    reason        TEXT NOT NULL DEFAULT '',
    effect_json   TEXT NOT NULL DEFAULT '{}',        -- what was changed, for audit
    decided_at    REAL NOT NULL,
    undone_at     REAL
);
CREATE INDEX ix_review_decisions_item ON review_decisions(item_id, decided_at);

-- 0002 follow-up (L2-owned): why an L2 row left the current profile is in its reason; the
-- user's own corrections are recorded here too (delete entity / "this is wrong").
CREATE TABLE l2_user_corrections (
    correction_id  INTEGER PRIMARY KEY,
    action         TEXT NOT NULL,                    -- delete_entity | deny_assertion | deny_edge
    target_id      TEXT NOT NULL,
    reason         TEXT NOT NULL DEFAULT '',
    effect_json    TEXT NOT NULL DEFAULT '{}',
    created_at     REAL NOT NULL
);
