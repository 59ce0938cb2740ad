-- Issue 11: a save that contradicts a memory its author may not change is stored
-- beside it, and the pair is recorded here until one side is resolved (forgotten or
-- edited by someone who may). Ids only: no text, so erasing a memory's text never
-- has to look here. No foreign key: undo restores a memory by re-inserting it.
CREATE TABLE memory_conflicts (
    workspace  TEXT NOT NULL,
    memory_id  TEXT NOT NULL,  -- the newer memory, saved beside
    other_id   TEXT NOT NULL,  -- the memory it contradicts
    created_at REAL NOT NULL,
    PRIMARY KEY (workspace, memory_id, other_id)
);
CREATE INDEX memory_conflicts_other ON memory_conflicts (workspace, other_id);
