-- memorybot connected schema: memories in the order their owner saved them (issue 15).
-- Recall reads a memory's conversation neighbours (the one saved right before and right
-- after it by the same owner in the same scope: a reply and the question it answers),
-- one seek each through this index; memories_visible alone would sort every memory of
-- the owner. SQLite needs no twin: its memories_visible ends with the rowid (seq).
CREATE INDEX memories_owner_order ON memories (workspace, owner, scope, status, seq);
