-- memorybot standalone schema: 👍 / 👎 reactions on the bot's replies (issue 16).
-- reply_memories: which memories a posted reply used, by the platform's message id
-- (Slack ts, Discord message id), so a reaction on it can find them (ids only, no
-- text; rows older than the keep window go when new ones are noted).
CREATE TABLE reply_memories (
    workspace  TEXT NOT NULL,
    channel    TEXT NOT NULL,
    message_id TEXT NOT NULL,
    memory_ids TEXT NOT NULL,  -- JSON list of memory ids
    created_at REAL NOT NULL,
    PRIMARY KEY (workspace, channel, message_id)
);
CREATE INDEX reply_memories_age ON reply_memories (workspace, created_at);
-- reaction_votes: one row per reaction a user left on such a reply, with the memories
-- whose vote it actually moved, so removing the reaction takes exactly that back.
CREATE TABLE reaction_votes (
    workspace  TEXT NOT NULL,
    channel    TEXT NOT NULL,
    message_id TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    reaction   TEXT NOT NULL,
    up         INTEGER NOT NULL,
    memory_ids TEXT NOT NULL DEFAULT '[]',
    created_at REAL NOT NULL,
    PRIMARY KEY (workspace, channel, message_id, user_id, reaction)
);
CREATE INDEX reaction_votes_by_user ON reaction_votes (workspace, user_id);
