-- Keyword recall for Chinese, Japanese and Korean (issue 15): the text search parser
-- splits on spaces, so a CJK sentence was one word no question matched. The tsvector
-- now reads memorybot_index_text(content), the twin of core/recall/segment.py
-- `index_text`: NFKC, then every run of CJK characters replaced by its overlapping
-- character bigrams (a run of one character kept whole). Same ranges, same output,
-- so the bigrams recall asks for are the ones indexed. Text without CJK is returned
-- normalised and otherwise unchanged, so English keeps its stemming.
CREATE OR REPLACE FUNCTION memorybot_index_text(t text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    cjk constant text := '[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f]';
    normal text := normalize(t, NFKC);
    result text := '';
    run text := '';
    c text;
    i integer;
BEGIN
    IF normal !~ cjk THEN
        RETURN normal;
    END IF;
    FOR i IN 1 .. char_length(normal) + 1 LOOP
        c := substr(normal, i, 1);
        IF c <> '' AND c ~ cjk THEN
            run := run || c;
            CONTINUE;
        END IF;
        IF run <> '' THEN
            result := result || ' ';
            IF char_length(run) = 1 THEN
                result := result || run;
            ELSE
                FOR j IN 1 .. char_length(run) - 1 LOOP
                    result := result || substr(run, j, 2) || CASE WHEN j < char_length(run) - 1 THEN ' ' ELSE '' END;
                END LOOP;
            END IF;
            result := result || ' ';
            run := '';
        END IF;
        result := result || c;
    END LOOP;
    RETURN result;
END $$;

ALTER TABLE memories DROP COLUMN tsv;
ALTER TABLE memories ADD COLUMN tsv tsvector
    GENERATED ALWAYS AS (to_tsvector('english', memorybot_index_text(content))) STORED;
CREATE INDEX memories_tsv ON memories USING gin (tsv);

-- Dropping tsv dropped 0140's (workspace, tsv) index too: put it back where 0140
-- could make it (btree_gin installed).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
        CREATE INDEX IF NOT EXISTS memories_workspace_tsv ON memories USING gin (workspace, tsv);
    END IF;
END $$;
