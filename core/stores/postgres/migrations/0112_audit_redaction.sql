-- Issue 11: erasing a memory removes its text from other people's audit entries too.
-- An entry keeps its ids, actor, time and what it did; its before-states (the memory
-- text) are dropped and its action becomes 'redacted' (never undoable). The audit log
-- is append-only, so an entry is replaced, not rewritten. Only entries about memories
-- that no longer exist can be redacted: this cannot be used to erase live history.
DO $$ BEGIN
    EXECUTE format(
        'CREATE POLICY audit_log_maintenance ON audit_log FOR ALL TO %I '
        'USING (current_setting(''memorybot.maintenance'', true) = ''on'')',
        current_user);
END $$;

CREATE FUNCTION memorybot_redact_audit(erased text[]) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = public, pg_temp
    SET memorybot.maintenance = 'on'
AS $$
DECLARE
    ws text := current_setting('memorybot.workspace', true);
    ids text[];
    n integer;
BEGIN
    SELECT coalesce(array_agg(e), '{}') INTO ids FROM unnest(erased) AS e
    WHERE NOT EXISTS (SELECT 1 FROM memories m WHERE m.workspace = ws AND m.id = e);
    WITH gone AS (
        DELETE FROM audit_log a
        WHERE a.workspace = ws AND a.before <> '[]'::jsonb
          AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(a.memory_ids) AS i
                      WHERE i = ANY(ids))
        RETURNING a.*)
    INSERT INTO audit_log (workspace, id, actor, action, memory_ids, before, detail,
                           created_at, undoes)
    SELECT workspace, id, actor, 'redacted', memory_ids, '[]'::jsonb, action, created_at,
           undoes
    FROM gone;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
END
$$;
