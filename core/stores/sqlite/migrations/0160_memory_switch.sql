-- memorybot standalone schema: the personal switch "memory off for me" (issue 16).
-- One row per user who turned memory off for themselves everywhere; no row: on.
-- Independent of incognito (per channel) and erased with the user's other records.
CREATE TABLE memory_switch (
    workspace TEXT NOT NULL,
    user_id   TEXT NOT NULL,
    off_since REAL NOT NULL,
    PRIMARY KEY (workspace, user_id)
);
