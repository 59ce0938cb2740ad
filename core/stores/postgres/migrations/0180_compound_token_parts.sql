-- Keyword recall and /forget find a word of a host, address, path or version (audit of
-- 2026-12-03): PostgreSQL's parser keeps "billing@acme.example", "wiki.acme.dev",
-- "/srv/app" and "v2.4.1" as single tokens, so the words a question is split into
-- (core/recall/textsearch.py `query_terms`: "billing", "acme", "dev") never matched
-- them, while SQLite's tokenizer indexes every word. memorybot_index_text now also
-- appends the parts of each such token (split on . @ / : _ -), which to_tsvector
-- parses as plain words; the whole token stays indexed as well. Only the token types
-- the parser keeps whole get parts: hyphenated words already have theirs (hword_part),
-- and a URL's host and path come as tokens of their own. The CJK bigrams are 0150's.
--
-- Re-indexing: tsv is a stored generated column, so it is dropped and added again as
-- 0150 did: one rewrite of the table (each row's text indexed once, every index built
-- once afterwards) in this migration's transaction, not an UPDATE of every row (a new
-- row version per memory, every index entry doubled, the row triggers run for each).
--
-- Its cost is the HNSW index: a table rewrite rebuilds every index, the vector one too,
-- and `memories` is locked for writes until the transaction commits. Measured with
-- `nice -n 10 python bench/migration_0180.py` (100k memories, 384-dim vectors, a tenth
-- with an address or host; 328 MB with indexes; 2 shared cores, 2026-12-03):
--   server default maintenance_work_mem:  HNSW present 104.2 s, absent 5.3 s (19.7x)
--   `--work-mem 512MB`:                   HNSW present  28.8 s, absent 3.9 s  (7.3x)
-- So with vectors, plan the migration for a quiet moment, or give the migrating session
-- room for the graph first, e.g. PGOPTIONS='-c maintenance_work_mem=512MB' memorybot
-- db migrate (the server must have that memory to spare).
ALTER TABLE memories DROP COLUMN tsv;

CREATE OR REPLACE FUNCTION memorybot_index_text(t text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    cjk constant text := '[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f]';
    -- ts_token_type('default'): email, host, sfloat, version, url_path, file, float, int.
    whole constant integer[] := ARRAY[4, 6, 7, 8, 18, 19, 20, 21];
    normal text := normalize(t, NFKC);
    result text := '';
    run text := '';
    parts text;
    c text;
    i integer;
BEGIN
    IF normal !~ cjk THEN
        result := normal;
    ELSE
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
    END IF;
    -- Most texts have no separator inside a word: skip parsing them twice.
    IF result !~ '[.@/:_-][^[:space:].@/:_-]' THEN
        RETURN result;
    END IF;
    SELECT string_agg(p.part, ' ') INTO parts
    FROM ts_parse('pg_catalog.default', result) AS w(tokid, token)
    CROSS JOIN LATERAL regexp_split_to_table(w.token, '[.@/:_-]+') AS p(part)
    WHERE w.tokid = ANY(whole) AND p.part <> '';
    IF parts IS NULL THEN
        RETURN result;
    END IF;
    RETURN result || ' ' || parts;
END $$;

ALTER TABLE memories ADD COLUMN tsv tsvector
    GENERATED ALWAYS AS (to_tsvector('english', memorybot_index_text(content))) STORED;
CREATE INDEX memories_tsv ON memories USING gin (tsv);

-- Dropping tsv drops 0140's (workspace, tsv) index too: put it back as 0150 did.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
        CREATE INDEX IF NOT EXISTS memories_workspace_tsv ON memories USING gin (workspace, tsv);
    END IF;
END $$;
