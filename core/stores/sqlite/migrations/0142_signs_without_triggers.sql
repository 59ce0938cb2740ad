-- Issue 14: 0141's triggers go. An AFTER INSERT trigger that updates its own table
-- made SQLite report "no such table: memories" on the first insert after another
-- connection changed the schema; the store now writes the signs in the same INSERT
-- or UPDATE that writes the vector (core/stores/sqlite/session.py).
DROP TRIGGER IF EXISTS memories_signs_insert;
DROP TRIGGER IF EXISTS memories_signs_update;
UPDATE memories SET embedding_signs = memorybot_signs(embedding)
    WHERE embedding IS NOT NULL AND embedding_signs IS NULL;
