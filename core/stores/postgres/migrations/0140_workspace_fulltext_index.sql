-- Keyword probes that stop at one workspace's rows.
--
-- Every keyword search names its workspace, but memories_tsv indexes tsv alone: a
-- GIN scan cannot stop early, so probing "team" read the posting list of every
-- workspace's memories (a million entries at 1M memories over 1,000 workspaces)
-- before the workspace filter threw nearly all of it away. A GIN index on
-- (workspace, tsv) (btree_gin) intersects the workspace's short list with the
-- word's, skipping through the long one. memories_tsv stays: in a workspace that
-- holds most of the table the planner rightly prefers it. Without the extension (or
-- the right to create it) this only warns.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    CREATE INDEX IF NOT EXISTS memories_workspace_tsv ON memories USING gin (workspace, tsv);
EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
    RAISE WARNING 'btree_gin is unavailable (%): keyword probes scan every workspace''s '
        'posting lists; as a superuser run: CREATE EXTENSION btree_gin', SQLERRM;
END $$;
