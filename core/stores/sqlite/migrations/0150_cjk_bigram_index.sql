-- Keyword recall for Chinese, Japanese and Korean (issue 15): FTS5's unicode61
-- tokenizer splits on spaces, so a CJK sentence was one token no question matched.
-- The index now stores `memorybot_index_text(content)` (core/recall/segment.py: NFKC,
-- CJK runs as overlapping character bigrams), a deterministic SQL function the store
-- registers on its connection. The table becomes contentless: it never held text of
-- its own that a query read, and a contentless table deletes by the same transformed
-- values the triggers give it.
DROP TRIGGER memories_fts_insert;
DROP TRIGGER memories_fts_delete;
DROP TRIGGER memories_fts_update;
DROP TABLE memories_fts;

CREATE VIRTUAL TABLE memories_fts USING fts5(
    content,
    content = '',
    tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts (rowid, content) VALUES (new.seq, memorybot_index_text(new.content));
END;
CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
    INSERT INTO memories_fts (memories_fts, rowid, content)
    VALUES ('delete', old.seq, memorybot_index_text(old.content));
END;
CREATE TRIGGER memories_fts_update AFTER UPDATE OF content ON memories BEGIN
    INSERT INTO memories_fts (memories_fts, rowid, content)
    VALUES ('delete', old.seq, memorybot_index_text(old.content));
    INSERT INTO memories_fts (rowid, content) VALUES (new.seq, memorybot_index_text(new.content));
END;

INSERT INTO memories_fts (rowid, content)
SELECT seq, memorybot_index_text(content) FROM memories;
