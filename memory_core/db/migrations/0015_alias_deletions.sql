-- 0015: a counter of deleted alias rows. The in-memory alias index (l2/alias_index.py) checked
-- per L2 batch whether the alias table changed with max(rowid) and count(*); count(*) reads the
-- whole table (26k aliases after a 20k-event import, a batch every ~11 events), so that check
-- grew with the store. max(rowid) still says what was added; this counter says whether
-- anything was deleted (merges, deletions, renames), which is when the index is rebuilt.
-- Written to run again harmlessly (a store rebuilt from an older migration state).
CREATE TABLE IF NOT EXISTS entity_alias_deletions (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    n   INTEGER NOT NULL DEFAULT 0
);
INSERT OR IGNORE INTO entity_alias_deletions(id, n) VALUES (1, 0);
CREATE TRIGGER IF NOT EXISTS tr_entity_aliases_deleted AFTER DELETE ON entity_aliases
BEGIN
    UPDATE entity_alias_deletions SET n = n + 1 WHERE id = 1;
END;
