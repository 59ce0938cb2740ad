-- Issue 11: a save that contradicts a memory its author may not change is stored
-- beside it, and the pair is recorded here until one side is resolved (forgotten or
-- edited by someone who may). Ids only, no text. No foreign key: undo restores a
-- memory by re-inserting it.
CREATE TABLE memory_conflicts (
    workspace  text NOT NULL,
    memory_id  text NOT NULL,
    other_id   text NOT NULL,
    created_at double precision NOT NULL,
    PRIMARY KEY (workspace, memory_id, other_id)
);
CREATE INDEX memory_conflicts_other ON memory_conflicts (workspace, other_id);
ALTER TABLE memory_conflicts ENABLE ROW LEVEL SECURITY;
ALTER TABLE memory_conflicts FORCE ROW LEVEL SECURITY;
-- A conflict is seen by whoever can see both memories (the subqueries run under the
-- memories policy), written only into the caller's workspace.
CREATE POLICY memory_conflicts_visible ON memory_conflicts
    USING (workspace = current_setting('memorybot.workspace', true)
           AND EXISTS (SELECT 1 FROM memories m
                       WHERE m.workspace = memory_conflicts.workspace
                         AND m.id = memory_conflicts.memory_id)
           AND EXISTS (SELECT 1 FROM memories m
                       WHERE m.workspace = memory_conflicts.workspace
                         AND m.id = memory_conflicts.other_id))
    WITH CHECK (workspace = current_setting('memorybot.workspace', true));
