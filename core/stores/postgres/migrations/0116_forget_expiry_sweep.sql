-- Issue 11: the worker's periodic pass over forgotten text. 0115 purges a workspace's
-- expired forget entries at its next recorded change; a workspace where nobody writes
-- would keep them, so the worker also calls this every hour: it runs 0115's function
-- for each workspace holding an expired forget entry (as that workspace, in the
-- caller's transaction) and returns how many entries it redacted. Nothing is read
-- back but a count.
CREATE FUNCTION memorybot_expire_forgotten_everywhere(cutoff double precision)
    RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = public, pg_temp
    SET memorybot.maintenance = 'on'
AS $$
DECLARE
    previous text := current_setting('memorybot.workspace', true);
    ws text;
    n integer := 0;
BEGIN
    FOR ws IN
        SELECT DISTINCT a.workspace FROM audit_log a
        WHERE a.action = 'forget' AND a.before <> '[]'::jsonb AND a.created_at < cutoff
    LOOP
        PERFORM set_config('memorybot.workspace', ws, true);
        n := n + memorybot_expire_forgotten(cutoff);
    END LOOP;
    PERFORM set_config('memorybot.workspace', coalesce(previous, ''), true);
    RETURN n;
END
$$;
