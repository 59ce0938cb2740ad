-- memorybot standalone schema, version 1.
-- Every table is keyed by workspace first, as in connected mode.

CREATE TABLE memories (
    seq          INTEGER PRIMARY KEY AUTOINCREMENT,   -- stable rowid for FTS5
    id           TEXT NOT NULL UNIQUE,
    workspace    TEXT NOT NULL,
    owner        TEXT NOT NULL,
    scope        TEXT NOT NULL CHECK (scope IN ('private', 'global')),
    content      TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('fact', 'preference', 'intent')),
    source       TEXT NOT NULL CHECK (source IN ('explicit', 'extracted')),
    importance   REAL NOT NULL DEFAULT 0.5,
    confidence   REAL NOT NULL DEFAULT 1.0,
    status       TEXT NOT NULL DEFAULT 'active'
                 CHECK (status IN ('active', 'pending_review', 'superseded', 'archived')),
    entities     TEXT NOT NULL DEFAULT '[]',
    channel      TEXT,
    created_at   REAL NOT NULL,
    updated_at   REAL NOT NULL,
    last_used_at REAL,
    use_count    INTEGER NOT NULL DEFAULT 0,
    valid_from   REAL,
    valid_to     REAL,
    supersedes   TEXT,
    pinned       INTEGER NOT NULL DEFAULT 0,
    trust        REAL NOT NULL DEFAULT 0.0,
    embedding    BLOB
);

CREATE INDEX memories_visible ON memories (workspace, owner, scope, status);
CREATE INDEX memories_recent ON memories (workspace, status, updated_at);
-- One active copy of a text per scope (per owner for private): concurrent saves of the
-- same text cannot both land.
CREATE UNIQUE INDEX memories_active_hash ON memories (
    workspace, scope, (CASE WHEN scope = 'private' THEN owner ELSE '' END), content_hash
) WHERE status = 'active';

CREATE VIRTUAL TABLE memories_fts USING fts5(
    content,
    content = 'memories',
    content_rowid = 'seq',
    tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts (rowid, content) VALUES (new.seq, new.content);
END;
CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
    INSERT INTO memories_fts (memories_fts, rowid, content) VALUES ('delete', old.seq, old.content);
END;
CREATE TRIGGER memories_fts_update AFTER UPDATE OF content ON memories BEGIN
    INSERT INTO memories_fts (memories_fts, rowid, content) VALUES ('delete', old.seq, old.content);
    INSERT INTO memories_fts (rowid, content) VALUES (new.seq, new.content);
END;

CREATE TABLE entities (
    workspace   TEXT NOT NULL,
    id          TEXT NOT NULL,
    occurrences INTEGER NOT NULL DEFAULT 0,
    first_seen  REAL NOT NULL,
    last_seen   REAL NOT NULL,
    PRIMARY KEY (workspace, id)
);

CREATE TABLE audit_log (
    id          TEXT PRIMARY KEY,
    workspace   TEXT NOT NULL,
    actor       TEXT NOT NULL,
    action      TEXT NOT NULL,
    memory_ids  TEXT NOT NULL,
    before      TEXT NOT NULL,
    detail      TEXT NOT NULL DEFAULT '',
    created_at  REAL NOT NULL,
    undoes      TEXT
);
CREATE INDEX audit_by_actor ON audit_log (workspace, actor, created_at);
CREATE TRIGGER audit_log_append_only BEFORE UPDATE ON audit_log BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;

CREATE TABLE profiles (
    workspace  TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    field      TEXT NOT NULL,
    value      TEXT NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (workspace, user_id, field)
);

CREATE TABLE incognito (
    workspace TEXT NOT NULL,
    channel   TEXT NOT NULL,
    user_id   TEXT NOT NULL,
    since     REAL NOT NULL,
    PRIMARY KEY (workspace, channel, user_id)
);

CREATE TABLE workspace_settings (
    workspace  TEXT PRIMARY KEY,
    data       TEXT NOT NULL,
    updated_at REAL NOT NULL
);
