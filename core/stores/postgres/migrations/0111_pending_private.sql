-- Issue 11: a global memory waiting for review is its author's alone until accepted
-- (the same predicate as the store's VISIBLE), and nobody may write a row that names
-- another person as its author, nor move a memory's authorship.
DROP POLICY memories_visible ON memories;
CREATE POLICY memories_visible ON memories
    USING (workspace = current_setting('memorybot.workspace', true)
           AND (owner = current_setting('memorybot.user', true)
                OR (scope = 'global' AND status <> 'pending_review')))
    WITH CHECK (workspace = current_setting('memorybot.workspace', true)
                AND (scope = 'global' OR owner = current_setting('memorybot.user', true)));

CREATE FUNCTION memorybot_keep_author() RETURNS trigger
    LANGUAGE plpgsql
AS $$
BEGIN
    IF NEW.owner IS DISTINCT FROM OLD.owner OR NEW.workspace IS DISTINCT FROM OLD.workspace
       OR NEW.scope IS DISTINCT FROM OLD.scope THEN
        RAISE EXCEPTION 'a memory''s author, workspace and scope never change'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER memories_keep_author BEFORE UPDATE ON memories
    FOR EACH ROW EXECUTE FUNCTION memorybot_keep_author();
