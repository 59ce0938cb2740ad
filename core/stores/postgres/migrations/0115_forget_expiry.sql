-- Issue 11: a forget entry keeps the forgotten text only while Undo may bring it back
-- (models.FORGET_UNDO_WINDOW, 24 hours). Each recorded change, and each undo, first
-- calls memorybot_expire_forgotten(now - window) for its workspace: every entry about
-- the forgotten memories that are still gone (and not forgotten again within the
-- window) is redacted (0112), and so is the forget entry itself (even an undone one:
-- its text is a memory again, kept there). The
-- cutoff comes from the application's clock; the function only ever removes text of
-- forget entries and of entries about memories that no longer exist.
CREATE INDEX audit_forgotten ON audit_log (workspace, created_at)
    WHERE action = 'forget' AND before <> '[]'::jsonb;

CREATE FUNCTION memorybot_expire_forgotten(cutoff double precision) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = public, pg_temp
    SET memorybot.maintenance = 'on'
AS $$
DECLARE
    ws text := current_setting('memorybot.workspace', true);
    expired text[];
    ids text[];
    n integer;
    m integer;
BEGIN
    SELECT coalesce(array_agg(a.id), '{}') INTO expired FROM audit_log a
    WHERE a.workspace = ws AND a.action = 'forget' AND a.before <> '[]'::jsonb
      AND a.created_at < cutoff;
    IF cardinality(expired) = 0 THEN
        RETURN 0;
    END IF;
    -- A memory forgotten again more recently is still within that forget's window.
    SELECT coalesce(array_agg(DISTINCT i), '{}') INTO ids
    FROM audit_log a, jsonb_array_elements_text(a.memory_ids) AS i
    WHERE a.workspace = ws AND a.id = ANY(expired)
      AND NOT EXISTS (
          SELECT 1 FROM audit_log r, jsonb_array_elements_text(r.memory_ids) AS j
          WHERE r.workspace = ws AND r.action = 'forget' AND r.before <> '[]'::jsonb
            AND r.created_at >= cutoff AND j = i);
    n := memorybot_redact_audit(ids);
    WITH gone AS (
        DELETE FROM audit_log a
        WHERE a.workspace = ws AND a.id = ANY(expired) AND a.before <> '[]'::jsonb
        RETURNING a.*)
    INSERT INTO audit_log (workspace, id, actor, action, memory_ids, before, detail,
                           created_at, undoes)
    SELECT workspace, id, actor, 'redacted', memory_ids, '[]'::jsonb, action, created_at,
           undoes
    FROM gone;
    GET DIAGNOSTICS m = ROW_COUNT;
    RETURN n + m;
END
$$;
