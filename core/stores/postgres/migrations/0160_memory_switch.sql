-- memorybot connected schema: the personal switch "memory off for me" (issue 16).
-- One row per user who turned memory off for themselves everywhere; no row: on.
-- Independent of incognito (per channel) and erased with the user's other records.
CREATE TABLE memory_switch (
    workspace text NOT NULL,
    user_id   text NOT NULL,
    off_since double precision NOT NULL,
    PRIMARY KEY (workspace, user_id)
);
ALTER TABLE memory_switch ENABLE ROW LEVEL SECURITY;
ALTER TABLE memory_switch FORCE ROW LEVEL SECURITY;
CREATE POLICY memory_switch_user ON memory_switch
    USING (workspace = current_setting('memorybot.workspace', true)
           AND user_id = current_setting('memorybot.user', true));
