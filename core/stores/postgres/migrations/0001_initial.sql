-- memorybot connected schema, version 1.
-- Every table is keyed by workspace first, so it can be distributed by workspace
-- (Citus) later. Timestamps are float epoch seconds, as in the core.
-- Row-level security is enabled AND forced on every table holding user data; the
-- policies read the principal from two transaction-local settings that the store
-- sets at the start of every session:
--   set_config('memorybot.workspace', …, true), set_config('memorybot.user', …, true)
-- The application role is granted its privileges by the migration runner (it
-- knows the role's name); nothing here names it.

CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE memories (
    workspace    text NOT NULL,
    id           text NOT NULL,
    seq          bigint GENERATED ALWAYS AS IDENTITY,
    owner        text NOT NULL,
    scope        text NOT NULL CHECK (scope IN ('private', 'global')),
    content      text NOT NULL,
    content_hash text NOT NULL,
    kind         text NOT NULL CHECK (kind IN ('fact', 'preference', 'intent')),
    source       text NOT NULL CHECK (source IN ('explicit', 'extracted')),
    importance   double precision NOT NULL DEFAULT 0.5,
    confidence   double precision NOT NULL DEFAULT 1.0,
    status       text NOT NULL DEFAULT 'active'
                 CHECK (status IN ('active', 'pending_review', 'superseded', 'archived')),
    entities     jsonb NOT NULL DEFAULT '[]',
    channel      text,
    created_at   double precision NOT NULL,
    updated_at   double precision NOT NULL,
    last_used_at double precision,
    use_count    integer NOT NULL DEFAULT 0,
    valid_from   double precision,
    valid_to     double precision,
    supersedes   text,
    pinned       boolean NOT NULL DEFAULT false,
    trust        double precision NOT NULL DEFAULT 0.0,
    -- No dimension until an embedder is chosen: `PostgresStore.set_dimensions(n)`
    -- then makes it halfvec(n) and builds the HNSW index (memories_embedding_hnsw).
    embedding    halfvec,
    tsv          tsvector GENERATED ALWAYS AS (to_tsvector('english', content)) STORED,
    PRIMARY KEY (workspace, id)
) WITH (fillfactor = 85);
-- Free space on each page lets recall's "touch" (use count, last used) be a HOT
-- update: no new entries in the HNSW, GIN and btree indexes for a counter bump.

CREATE INDEX memories_visible ON memories (workspace, owner, scope, status);
CREATE INDEX memories_recent ON memories (workspace, status, updated_at DESC);
CREATE INDEX memories_tsv ON memories USING gin (tsv);
-- One active copy of a text per scope (per owner for private): concurrent saves of the
-- same text cannot both land.
CREATE UNIQUE INDEX memories_active_hash ON memories (
    workspace, scope, (CASE WHEN scope = 'private' THEN owner ELSE '' END), content_hash
) WHERE status = 'active';

ALTER TABLE memories ENABLE ROW LEVEL SECURITY;
ALTER TABLE memories FORCE ROW LEVEL SECURITY;
-- Private rows: their owner only. Global rows: everyone in their workspace.
CREATE POLICY memories_visible ON memories
    USING (workspace = current_setting('memorybot.workspace', true)
           AND (scope = 'global' OR owner = current_setting('memorybot.user', true)))
    WITH CHECK (workspace = current_setting('memorybot.workspace', true)
                AND (scope = 'global' OR owner = current_setting('memorybot.user', true)));
-- Maintenance (re-embedding after a dimension change) must list every principal
-- with memories; only the owner role may, and only after opting in explicitly.
DO $$ BEGIN
    EXECUTE format(
        'CREATE POLICY memories_maintenance ON memories FOR SELECT TO %I '
        'USING (current_setting(''memorybot.maintenance'', true) = ''on'')',
        current_user);
END $$;

CREATE TABLE entities (
    workspace   text NOT NULL,
    id          text NOT NULL,
    occurrences integer NOT NULL DEFAULT 0,
    first_seen  double precision NOT NULL,
    last_seen   double precision NOT NULL,
    PRIMARY KEY (workspace, id)
);
ALTER TABLE entities ENABLE ROW LEVEL SECURITY;
ALTER TABLE entities FORCE ROW LEVEL SECURITY;
CREATE POLICY entities_workspace ON entities
    USING (workspace = current_setting('memorybot.workspace', true));

CREATE TABLE audit_log (
    workspace  text NOT NULL,
    id         text NOT NULL,
    seq        bigint GENERATED ALWAYS AS IDENTITY,
    actor      text NOT NULL,
    action     text NOT NULL,
    memory_ids jsonb NOT NULL,
    before     jsonb NOT NULL,
    detail     text NOT NULL DEFAULT '',
    created_at double precision NOT NULL,
    undoes     text,
    PRIMARY KEY (workspace, id)
);
CREATE INDEX audit_by_actor ON audit_log (workspace, actor, created_at DESC);
CREATE INDEX audit_undoes ON audit_log (workspace, undoes) WHERE undoes IS NOT NULL;
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
CREATE POLICY audit_log_actor ON audit_log
    USING (workspace = current_setting('memorybot.workspace', true)
           AND actor = current_setting('memorybot.user', true));
-- Append-only: the application role is granted SELECT and INSERT only, and even the
-- owner cannot rewrite history.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TABLE profiles (
    workspace  text NOT NULL,
    user_id    text NOT NULL,
    field      text NOT NULL,
    value      text NOT NULL,
    updated_at double precision NOT NULL,
    PRIMARY KEY (workspace, user_id, field)
);
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;
CREATE POLICY profiles_user ON profiles
    USING (workspace = current_setting('memorybot.workspace', true)
           AND user_id = current_setting('memorybot.user', true));

CREATE TABLE incognito (
    workspace text NOT NULL,
    channel   text NOT NULL,
    user_id   text NOT NULL,
    since     double precision NOT NULL,
    PRIMARY KEY (workspace, channel, user_id)
);
ALTER TABLE incognito ENABLE ROW LEVEL SECURITY;
ALTER TABLE incognito FORCE ROW LEVEL SECURITY;
CREATE POLICY incognito_user ON incognito
    USING (workspace = current_setting('memorybot.workspace', true)
           AND user_id = current_setting('memorybot.user', true));

CREATE TABLE workspace_settings (
    workspace  text PRIMARY KEY,
    data       jsonb NOT NULL,
    updated_at double precision NOT NULL
);
ALTER TABLE workspace_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE workspace_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY workspace_settings_workspace ON workspace_settings
    USING (workspace = current_setting('memorybot.workspace', true));

-- The job queue (core.jobs): claimed with FOR UPDATE SKIP LOCKED. Payloads can hold
-- user text, so the queue has row-level security too: a session sees its own
-- workspace's jobs; a worker, which serves every workspace, says so explicitly.
CREATE TABLE jobs (
    workspace    text NOT NULL,
    id           bigint GENERATED ALWAYS AS IDENTITY,
    kind         text NOT NULL,
    payload      jsonb NOT NULL,
    state        text NOT NULL DEFAULT 'pending'
                 CHECK (state IN ('pending', 'running', 'done', 'dead')),
    attempts     integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL DEFAULT 5,
    run_after    double precision NOT NULL,
    locked_until double precision,
    last_error   text,
    created_at   double precision NOT NULL,
    updated_at   double precision NOT NULL,
    PRIMARY KEY (workspace, id)
);
CREATE INDEX jobs_ready ON jobs (run_after, id) WHERE state IN ('pending', 'running');
ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
ALTER TABLE jobs FORCE ROW LEVEL SECURITY;
CREATE POLICY jobs_workspace ON jobs
    USING (workspace = current_setting('memorybot.workspace', true)
           OR current_setting('memorybot.worker', true) = 'on')
    WITH CHECK (workspace = current_setting('memorybot.workspace', true)
                OR current_setting('memorybot.worker', true) = 'on');
