-- memorybot connected schema, version 3: governance (issue 7).

-- Consolidation marks long-unused memories stale instead of hiding them.
ALTER TABLE memories ADD COLUMN stale_since double precision;

-- Feedback: one running net vote per memory and user; trust is computed from them.
-- No foreign key: undo restores a memory by delete and re-insert, which must keep
-- its votes, and a vote can be withdrawn after its memory is gone.
CREATE TABLE votes (
    workspace  text NOT NULL,
    memory_id  text NOT NULL,
    user_id    text NOT NULL,
    net        integer NOT NULL,
    updated_at double precision NOT NULL,
    PRIMARY KEY (workspace, memory_id, user_id)
);
CREATE INDEX votes_by_user ON votes (workspace, user_id);
ALTER TABLE votes ENABLE ROW LEVEL SECURITY;
ALTER TABLE votes FORCE ROW LEVEL SECURITY;
-- Anyone may see the votes on a memory they can see (the subquery is itself under
-- the memories policy) and their own; only their own may be written.
CREATE POLICY votes_visible ON votes
    USING (workspace = current_setting('memorybot.workspace', true)
           AND (user_id = current_setting('memorybot.user', true)
                OR EXISTS (SELECT 1 FROM memories m
                           WHERE m.workspace = votes.workspace AND m.id = votes.memory_id)))
    WITH CHECK (workspace = current_setting('memorybot.workspace', true)
                AND user_id = current_setting('memorybot.user', true));

-- Maintenance reads that must see past a user's own rows return ids only. They run
-- as the owner, whose reads the maintenance policies allow once the function's own
-- SET clause turns `memorybot.maintenance` on for its duration.
DO $$ BEGIN
    EXECUTE format(
        'CREATE POLICY workspace_settings_maintenance ON workspace_settings FOR SELECT TO %I '
        'USING (current_setting(''memorybot.maintenance'', true) = ''on'')',
        current_user);
END $$;

-- The user ids owning any memory in the caller's workspace (consolidation visits each).
CREATE FUNCTION memorybot_memory_owners() RETURNS SETOF text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = public, pg_temp
    SET memorybot.maintenance = 'on'
AS $$
    SELECT DISTINCT owner FROM memories
    WHERE workspace = current_setting('memorybot.workspace', true)
    ORDER BY owner
$$;

-- Every workspace with stored settings (e.g. to re-encrypt keys after rotation).
CREATE FUNCTION memorybot_workspaces() RETURNS SETOF text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = public, pg_temp
    SET memorybot.maintenance = 'on'
AS $$
    SELECT workspace FROM workspace_settings ORDER BY workspace
$$;
