-- memorybot standalone schema, version 2: governance (issue 7).

-- Consolidation marks long-unused memories stale instead of hiding them: they stay
-- listed and recallable, ranked lower, until they are used or changed again.
ALTER TABLE memories ADD COLUMN stale_since REAL;

-- Feedback: one running net vote (👍 +1, 👎 -1, bounded) per memory and user. A
-- memory's trust is computed from these rows, so one user's repeated votes on a
-- shared memory count once. No foreign key: undo restores a memory by delete and
-- re-insert, which must not drop its votes.
CREATE TABLE votes (
    workspace  TEXT NOT NULL,
    memory_id  TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    net        INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (workspace, memory_id, user_id)
);
CREATE INDEX votes_by_user ON votes (workspace, user_id);
