-- Issue 11: the authority trigger of 0113 compared whole rows as jsonb, which costs
-- ~150 µs per row on recall's touch of someone else's global (the 384-number embedding
-- turned into text twice); naming the checked columns costs ~3 µs. Same rule: a
-- non-author's change to anything but bookkeeping (use count, last used, trust, stale
-- mark, embedding, updated_at) is skipped unless an admin changes a global.
-- A migration adding a column to memories must add it here too (CREATE OR REPLACE);
-- tests/test_postgres_authority.py checks that every column is named or bookkeeping.
CREATE OR REPLACE FUNCTION memorybot_check_authority() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path = public, pg_temp
AS $$
BEGIN
    IF OLD.owner = current_setting('memorybot.user', true) THEN
        RETURN NEW;
    END IF;
    IF (NEW.id, NEW.seq, NEW.content, NEW.content_hash, NEW.kind, NEW.source,
        NEW.importance, NEW.confidence, NEW.status, NEW.entities, NEW.channel,
        NEW.created_at, NEW.valid_from, NEW.valid_to, NEW.supersedes, NEW.pinned,
        NEW.origin, NEW.platform, NEW.message_id, NEW.permalink, NEW.author)
       IS NOT DISTINCT FROM
       (OLD.id, OLD.seq, OLD.content, OLD.content_hash, OLD.kind, OLD.source,
        OLD.importance, OLD.confidence, OLD.status, OLD.entities, OLD.channel,
        OLD.created_at, OLD.valid_from, OLD.valid_to, OLD.supersedes, OLD.pinned,
        OLD.origin, OLD.platform, OLD.message_id, OLD.permalink, OLD.author) THEN
        RETURN NEW;  -- bookkeeping only (owner, workspace, scope: memories_keep_author)
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
