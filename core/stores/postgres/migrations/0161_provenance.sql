-- memorybot connected schema: provenance of memories (issue 16).
-- How a memory got its text (command, extraction, import, edit), on which platform,
-- from which message (id and permalink) and by whom; its channel and time were already
-- kept (channel, created_at). Older memories keep '' (unknown). Erased with the memory.
ALTER TABLE memories ADD COLUMN origin text NOT NULL DEFAULT '';
ALTER TABLE memories ADD COLUMN platform text NOT NULL DEFAULT '';
ALTER TABLE memories ADD COLUMN message_id text NOT NULL DEFAULT '';
ALTER TABLE memories ADD COLUMN permalink text NOT NULL DEFAULT '';
ALTER TABLE memories ADD COLUMN author text NOT NULL DEFAULT '';
