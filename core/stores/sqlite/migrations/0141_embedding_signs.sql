-- Issue 14: each stored vector also keeps its signs (one bit per dimension), so a
-- vector search ranks every memory by 48 bytes instead of reading 1.5 KB vectors
-- (core/stores/sqlite/vectors.py). memorybot_signs is registered by the store.
ALTER TABLE memories ADD COLUMN embedding_signs BLOB;
UPDATE memories SET embedding_signs = memorybot_signs(embedding) WHERE embedding IS NOT NULL;
CREATE TRIGGER memories_signs_insert AFTER INSERT ON memories WHEN new.embedding IS NOT NULL BEGIN
    UPDATE memories SET embedding_signs = memorybot_signs(new.embedding) WHERE seq = new.seq;
END;
CREATE TRIGGER memories_signs_update AFTER UPDATE OF embedding ON memories BEGIN
    UPDATE memories SET embedding_signs = memorybot_signs(new.embedding) WHERE seq = new.seq;
END;
-- Covers the shortlist's scan: its rows are read from this index alone (~80 bytes an
-- entry), never from the table's pages, which hold the 1.5 KB vectors.
CREATE INDEX memories_signs ON memories (workspace, status, scope, owner, embedding_signs);
