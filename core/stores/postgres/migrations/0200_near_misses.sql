-- Issue 11: a save the rules store as a new memory although it looks like an earlier
-- one (a near miss: trigram similarity at least reconcile.NEAR_DUPLICATE, not proven
-- the same fact) is recorded with that memory for its saver to review in /memories:
-- "Same fact — merge" or "Keep both". Not a conflict (memory_conflicts: the other may
-- not be changed). Ids only: no text. No foreign key, like memory_conflicts; the
-- paths that delete a memory (forget, erase, undo of its save, the merge) delete its
-- pairs first, while the policy still lets them see the pair.
CREATE TABLE memory_near_misses (
    workspace  text NOT NULL,
    memory_id  text NOT NULL,
    other_id   text NOT NULL,
    created_at double precision NOT NULL,
    PRIMARY KEY (workspace, memory_id, other_id)
);
CREATE INDEX memory_near_misses_other ON memory_near_misses (workspace, other_id);
ALTER TABLE memory_near_misses ENABLE ROW LEVEL SECURITY;
ALTER TABLE memory_near_misses FORCE ROW LEVEL SECURITY;
-- A pair is seen, written and deleted only by whoever can see both memories (the
-- subqueries run under the memories policy): a pair never tells anyone that a memory
-- they cannot see exists.
CREATE POLICY memory_near_misses_visible ON memory_near_misses
    USING (workspace = current_setting('memorybot.workspace', true)
           AND EXISTS (SELECT 1 FROM memories m
                       WHERE m.workspace = memory_near_misses.workspace
                         AND m.id = memory_near_misses.memory_id)
           AND EXISTS (SELECT 1 FROM memories m
                       WHERE m.workspace = memory_near_misses.workspace
                         AND m.id = memory_near_misses.other_id))
    WITH CHECK (workspace = current_setting('memorybot.workspace', true)
           AND EXISTS (SELECT 1 FROM memories m
                       WHERE m.workspace = memory_near_misses.workspace
                         AND m.id = memory_near_misses.memory_id)
           AND EXISTS (SELECT 1 FROM memories m
                       WHERE m.workspace = memory_near_misses.workspace
                         AND m.id = memory_near_misses.other_id));
