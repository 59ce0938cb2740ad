-- Let keyword search use the GIN index under row-level security.
--
-- With RLS, PostgreSQL evaluates the policy's quals before any user qual whose
-- function is not LEAKPROOF, so such a qual can never be an index condition: the
-- application role's `tsv @@ query` would filter every row of the workspace instead
-- of using memories_tsv. ts_match_vq (the function behind tsvector @@ tsquery)
-- reveals nothing but its boolean result and raises no data-dependent errors, so
-- marking it LEAKPROOF is safe. Only a superuser may; otherwise this only warns, and
-- `memorybot doctor` reports it.
DO $$
BEGIN
    IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF;
    ELSE
        RAISE WARNING 'ts_match_vq is not LEAKPROOF: keyword search cannot use its GIN '
            'index under row-level security; as a superuser run: ALTER FUNCTION '
            'pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF';
    END IF;
END $$;
