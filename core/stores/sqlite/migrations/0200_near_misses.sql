-- Issue 11: a save the rules store as a new memory although it looks like an earlier
-- one (a near miss: trigram similarity at least reconcile.NEAR_DUPLICATE, not proven
-- the same fact) is recorded with that memory for its saver to review in /memories:
-- "Same fact — merge" or "Keep both". Not a conflict (memory_conflicts: the other may
-- not be changed). Ids only: no text. No foreign key, like memory_conflicts; the
-- paths that delete a memory (forget, erase, undo of its save, the merge) delete its
-- pairs first.
CREATE TABLE memory_near_misses (
    workspace  TEXT NOT NULL,
    memory_id  TEXT NOT NULL,  -- the newer memory, saved as new
    other_id   TEXT NOT NULL,  -- the earlier memory it looks like
    created_at REAL NOT NULL,
    PRIMARY KEY (workspace, memory_id, other_id)
);
CREATE INDEX memory_near_misses_other ON memory_near_misses (workspace, other_id);
