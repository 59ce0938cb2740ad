-- Start-up backfill (bots/connected.py `queue_backfill`): every start asks whether any
-- active memory lacks a vector (a crash between the save and the vector write, an
-- embedder that was down). This partial index keeps that question one index probe
-- when nothing is missing, and lists the (workspace, owner) pairs to queue when
-- something is. It holds only rows without a vector, so it stays small.
CREATE INDEX IF NOT EXISTS memories_unembedded ON memories (workspace, owner)
    WHERE embedding IS NULL AND status = 'active';
