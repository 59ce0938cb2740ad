-- memorybot connected schema: 👍 / 👎 reactions on the bot's replies (issue 16).
-- reply_memories: which memories a posted reply used, by the platform's message id
-- (Slack ts, Discord message id), so a reaction on it can find them (ids only, no
-- text; rows older than the keep window go when new ones are noted). Anyone in the
-- workspace may react to a reply, so the workspace alone scopes it; the votes still
-- reach only memories the reacting user can see (the memories policy).
CREATE TABLE reply_memories (
    workspace  text NOT NULL,
    channel    text NOT NULL,
    message_id text NOT NULL,
    memory_ids text[] NOT NULL,
    created_at double precision NOT NULL,
    PRIMARY KEY (workspace, channel, message_id)
);
CREATE INDEX reply_memories_age ON reply_memories (workspace, created_at);
ALTER TABLE reply_memories ENABLE ROW LEVEL SECURITY;
ALTER TABLE reply_memories FORCE ROW LEVEL SECURITY;
CREATE POLICY reply_memories_workspace ON reply_memories
    USING (workspace = current_setting('memorybot.workspace', true));
-- reaction_votes: one row per reaction a user left on such a reply, with the memories
-- whose vote it actually moved, so removing the reaction takes exactly that back.
-- Each user's own (erased with their other records).
CREATE TABLE reaction_votes (
    workspace  text NOT NULL,
    channel    text NOT NULL,
    message_id text NOT NULL,
    user_id    text NOT NULL,
    reaction   text NOT NULL,
    up         boolean NOT NULL,
    memory_ids text[] NOT NULL DEFAULT '{}',
    created_at double precision NOT NULL,
    PRIMARY KEY (workspace, channel, message_id, user_id, reaction)
);
CREATE INDEX reaction_votes_by_user ON reaction_votes (workspace, user_id);
ALTER TABLE reaction_votes ENABLE ROW LEVEL SECURITY;
ALTER TABLE reaction_votes FORCE ROW LEVEL SECURITY;
CREATE POLICY reaction_votes_user ON reaction_votes
    USING (workspace = current_setting('memorybot.workspace', true)
           AND user_id = current_setting('memorybot.user', true));
