-- Issue 11: the database enforces who may change a memory, not only the Python code.
--
-- A memory may be changed (UPDATE of anything but bookkeeping) or deleted by its
-- author; a global one also by a workspace admin. Who is an admin is known only to the
-- chat platform (Slack's users.info, Discord's Manage Server), which tells the app per
-- request. The app records that verdict through one door, memorybot_attest_admin(),
-- (the runner hands it to its steward role, core/stores/postgres/stewards.py, which
-- alone may write the registry); the application role may read its own registry row
-- but never write the registry table, nor widen a policy by setting a GUC. See
-- docs/security.md for what this defends against and what it does not.

CREATE TABLE workspace_admins (
    workspace   text NOT NULL,
    user_id     text NOT NULL,
    attested_at double precision NOT NULL,
    expires_at  double precision NOT NULL,
    PRIMARY KEY (workspace, user_id)
);
ALTER TABLE workspace_admins ENABLE ROW LEVEL SECURITY;
ALTER TABLE workspace_admins FORCE ROW LEVEL SECURITY;
CREATE POLICY workspace_admins_self ON workspace_admins FOR SELECT
    USING (workspace = current_setting('memorybot.workspace', true)
           AND user_id = current_setting('memorybot.user', true));
DO $$ BEGIN
    EXECUTE format(
        'CREATE POLICY workspace_admins_maintenance ON workspace_admins FOR ALL TO %I '
        'USING (current_setting(''memorybot.maintenance'', true) = ''on'')',
        current_user);
END $$;

-- The platform vouched, just now, that the session's user administers the session's
-- workspace: good for 15 minutes (every admin action attests again first, so the
-- window only bounds how long a demoted admin's row lingers unused).
CREATE FUNCTION memorybot_attest_admin() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = public, pg_temp
    SET memorybot.maintenance = 'on'
AS $$
DECLARE
    ws text := current_setting('memorybot.workspace', true);
    who text := current_setting('memorybot.user', true);
    now_ double precision := extract(epoch FROM clock_timestamp());
BEGIN
    IF coalesce(ws, '') = '' OR coalesce(who, '') = '' THEN
        RAISE EXCEPTION 'an admin is attested for a session''s own workspace and user'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    INSERT INTO workspace_admins VALUES (ws, who, now_, now_ + 900)
    ON CONFLICT (workspace, user_id)
    DO UPDATE SET attested_at = excluded.attested_at, expires_at = excluded.expires_at;
END
$$;

-- Whether the session's user is a workspace admin right now (a registry row, unexpired).
CREATE FUNCTION memorybot_is_admin() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = public, pg_temp
    SET memorybot.maintenance = 'on'
AS $$
    SELECT EXISTS (
        SELECT 1 FROM workspace_admins
        WHERE workspace = current_setting('memorybot.workspace', true)
          AND user_id = current_setting('memorybot.user', true)
          AND expires_at > extract(epoch FROM clock_timestamp()))
$$;

-- One policy per command instead of one for all: DELETE now needs authority.
DROP POLICY memories_visible ON memories;
CREATE POLICY memories_read ON memories FOR SELECT
    USING (workspace = current_setting('memorybot.workspace', true)
           AND (owner = current_setting('memorybot.user', true)
                OR (scope = 'global' AND status <> 'pending_review')));
CREATE POLICY memories_insert ON memories FOR INSERT
    WITH CHECK (workspace = current_setting('memorybot.workspace', true)
                AND (scope = 'global' OR owner = current_setting('memorybot.user', true)));
CREATE POLICY memories_update ON memories FOR UPDATE
    USING (workspace = current_setting('memorybot.workspace', true)
           AND (owner = current_setting('memorybot.user', true)
                OR (scope = 'global' AND status <> 'pending_review')))
    WITH CHECK (workspace = current_setting('memorybot.workspace', true)
                AND (scope = 'global' OR owner = current_setting('memorybot.user', true)));
CREATE POLICY memories_delete ON memories FOR DELETE
    USING (workspace = current_setting('memorybot.workspace', true)
           AND (owner = current_setting('memorybot.user', true)
                OR (scope = 'global' AND status <> 'pending_review'
                    AND memorybot_is_admin())));

-- UPDATE: a row policy sees either the old or the new row, never both, so it cannot
-- tell a use-count bump (anyone who reads a global bumps it) from a rewrite. This
-- trigger can: a non-author's change to anything but bookkeeping (use count, last
-- used, trust from votes, stale mark, embedding, updated_at) is skipped — the row is
-- left as it is and the statement reports 0 rows — unless an admin changes a global.
-- The schema owner and superusers (migrations, maintenance) are not checked.
CREATE FUNCTION memorybot_check_authority() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path = public, pg_temp
AS $$
DECLARE
    bookkeeping constant text[] := ARRAY['use_count', 'last_used_at', 'trust',
                                         'stale_since', 'embedding', 'updated_at', 'tsv'];
BEGIN
    IF OLD.owner = current_setting('memorybot.user', true) THEN
        RETURN NEW;
    END IF;
    IF (to_jsonb(NEW) - bookkeeping) = (to_jsonb(OLD) - bookkeeping) THEN
        RETURN NEW;
    END IF;
    IF OLD.scope = 'global' AND memorybot_is_admin() THEN
        RETURN NEW;
    END IF;
    IF current_user = (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = TG_RELID)
       OR (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user) THEN
        RETURN NEW;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER memories_authority BEFORE UPDATE ON memories
    FOR EACH ROW EXECUTE FUNCTION memorybot_check_authority();
