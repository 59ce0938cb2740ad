-- Issue 11: the job queue no longer trusts a GUC the application role sets itself.
--
-- Until now the jobs policy let any session that set `memorybot.worker = 'on'` read
-- and write every workspace's jobs (payloads hold chat text). Now a session sees its
-- own workspace's jobs only, whatever it sets. The worker's one cross-workspace need —
-- choosing which ready jobs to run next — goes through memorybot_claim_jobs(), run as
-- its steward role (core/stores/postgres/stewards.py), which marks the jobs running and
-- returns ids only: the worker then reads each job's payload and records its outcome
-- in a session of that job's own workspace, like any other read. Operator counts go through memorybot_job_counts()
-- and memorybot_dead_jobs(), which return no payload and no error text.
DROP POLICY jobs_workspace ON jobs;
CREATE POLICY jobs_workspace ON jobs
    USING (workspace = current_setting('memorybot.workspace', true))
    WITH CHECK (workspace = current_setting('memorybot.workspace', true));
DO $$ BEGIN
    EXECUTE format(
        'CREATE POLICY jobs_maintenance ON jobs FOR ALL TO %I '
        'USING (current_setting(''memorybot.maintenance'', true) = ''on'')',
        current_user);
END $$;

CREATE FUNCTION memorybot_claim_jobs(now_ double precision, until double precision, lim integer)
    RETURNS TABLE (workspace text, id bigint)
    LANGUAGE sql SECURITY DEFINER
    SET search_path = public, pg_temp
    SET memorybot.maintenance = 'on'
AS $$
    WITH picked AS (
        SELECT j.workspace, j.id FROM jobs j
        WHERE j.run_after <= now_
          AND (j.state = 'pending' OR (j.state = 'running' AND j.locked_until < now_))
        ORDER BY j.run_after, j.id LIMIT least(lim, 100)
        FOR UPDATE SKIP LOCKED),
    claimed AS (
        UPDATE jobs j SET state = 'running', attempts = j.attempts + 1,
               locked_until = until, updated_at = now_
        FROM picked WHERE j.workspace = picked.workspace AND j.id = picked.id
        RETURNING j.workspace, j.id, j.run_after)
    SELECT c.workspace, c.id FROM claimed c ORDER BY c.run_after, c.id
$$;

CREATE FUNCTION memorybot_job_counts() RETURNS TABLE (state text, n bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = public, pg_temp
    SET memorybot.maintenance = 'on'
AS $$
    SELECT j.state, count(*) FROM jobs j GROUP BY j.state
$$;

CREATE FUNCTION memorybot_dead_jobs(lim integer)
    RETURNS TABLE (workspace text, id bigint, kind text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = public, pg_temp
    SET memorybot.maintenance = 'on'
AS $$
    SELECT j.workspace, j.id, j.kind FROM jobs j WHERE j.state = 'dead'
    ORDER BY j.updated_at DESC LIMIT least(lim, 1000)
$$;
