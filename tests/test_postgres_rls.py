"""Connected mode enforces isolation in the database itself (SPEC §2).

These tests bypass the store: they connect as the application role with plain
psycopg and write SQL by hand, without the store's predicates, to show that the
row-level security policies alone stop every leak.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import psycopg
import pytest

from core.ids import new_id
from core.models import AuditEntry, NewMemory, Principal, Scope
from core.remember.canonical import content_hash
from core.stores.postgres.embedded import APP_ROLE
from core.stores.postgres.migrations import MigrationError, migration_files
from core.stores.postgres.store import PostgresStore

ALICE = Principal("acme", "alice")
BOB = Principal("acme", "bob")
MALLORY = Principal("evil", "mallory")
USER_TABLES = (
    "memories",
    "entities",
    "audit_log",
    "profiles",
    "incognito",
    "workspace_settings",
    "votes",
)


@pytest.fixture
async def seeded(pg) -> AsyncIterator[tuple[str, dict[str, str]]]:
    """A database holding alice's private memory, a global one, and her other data."""
    database = pg.fresh()
    store: PostgresStore = pg.store(database)
    await store.open()
    ids = {"private": new_id(), "global": new_id()}
    async with store.session(ALICE) as s:
        for scope, text in (("private", "alice's salary is 90k"), ("global", "we ship Fridays")):
            await s.insert_memory(
                NewMemory(
                    id=ids[scope],
                    workspace="acme",
                    owner="alice",
                    scope=Scope(scope),
                    content=text,
                    content_hash=content_hash(text),
                )
            )
        await s.bump_entities(["acme"], 1.0)
        await s.set_profile({"name": "Alice"})
        await s.set_incognito("C1", True, 1.0)
        await s.append_audit(AuditEntry(new_id(), "acme", "alice", "add", (ids["private"],)))
        await s.put_settings((await s.get_settings()).with_changes(retention_days=7))
        await s.set_vote(ids["private"], 1, 1.0)
    await store.close()
    try:
        yield pg.server.app_url(database), ids
    finally:
        pg.drop(database)


async def connect_as(url: str, principal: Principal | None) -> psycopg.AsyncConnection:
    conn = await psycopg.AsyncConnection.connect(url)
    if principal is not None:
        await conn.execute(
            "SELECT set_config('memorybot.workspace', %s, false), "
            "set_config('memorybot.user', %s, false)",
            (principal.workspace, principal.user),
        )
    return conn


async def count(conn: psycopg.AsyncConnection, table: str, where: str = "true", *args) -> int:
    cur = await conn.execute(f"SELECT count(*) FROM {table} WHERE {where}", args)
    return (await cur.fetchone())[0]


async def test_without_the_principal_settings_no_row_is_visible(seeded):
    url, _ = seeded
    async with await connect_as(url, None) as conn:
        for table in (*USER_TABLES, "jobs"):
            assert await count(conn, table) == 0, table
    async with await connect_as(url, ALICE) as conn:  # the same SQL with them: rows appear
        assert await count(conn, "memories") == 2
        for table in USER_TABLES[1:]:
            assert await count(conn, table) == 1, table


async def test_another_user_cannot_select_update_or_delete_a_private_memory(seeded):
    url, ids = seeded
    async with await connect_as(url, BOB) as conn:
        assert await count(conn, "memories", "id = %s", ids["private"]) == 0
        assert [r[0] for r in await (await conn.execute("SELECT id FROM memories")).fetchall()] == [
            ids["global"]
        ]
        updated = await conn.execute(
            "UPDATE memories SET content = 'hacked' WHERE id = %s", (ids["private"],)
        )
        assert updated.rowcount == 0
        deleted = await conn.execute(
            "DELETE FROM memories WHERE owner = 'alice' AND scope = 'private'"
        )
        assert deleted.rowcount == 0
        await conn.commit()
    async with await connect_as(url, ALICE) as conn:
        row = await (
            await conn.execute("SELECT content FROM memories WHERE id = %s", (ids["private"],))
        ).fetchone()
    assert row == ("alice's salary is 90k",)


async def test_another_user_cannot_insert_a_memory_owned_by_someone_else(seeded):
    url, _ = seeded
    async with await connect_as(url, BOB) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            await conn.execute(
                "INSERT INTO memories (workspace, id, owner, scope, content, content_hash, kind, "
                "source, created_at, updated_at) VALUES ('acme', 'planted', 'alice', 'private', "
                "'planted by bob', 'h', 'fact', 'explicit', 0, 0)"
            )


async def test_another_workspace_cannot_read_globals_profiles_or_settings(seeded):
    url, ids = seeded
    async with await connect_as(url, MALLORY) as conn:
        assert await count(conn, "memories", "id = %s", ids["global"]) == 0
        for table in USER_TABLES:
            assert await count(conn, table) == 0, table
        # Claiming another workspace in the row itself does not help either.
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            await conn.execute(
                "INSERT INTO workspace_settings VALUES ('acme', '{}'::jsonb, 0) "
                "ON CONFLICT (workspace) DO UPDATE SET data = excluded.data"
            )


async def test_profiles_incognito_audit_and_votes_are_per_user(seeded):
    url, _ = seeded
    async with await connect_as(url, BOB) as conn:
        for table in ("profiles", "incognito", "audit_log", "votes"):
            assert await count(conn, table) == 0, table
        assert await count(conn, "entities") == 1  # entities and settings are per workspace
        assert await count(conn, "workspace_settings") == 1
        with pytest.raises(psycopg.errors.InsufficientPrivilege):  # no vote in alice's name
            await conn.execute("INSERT INTO votes VALUES ('acme', 'anything', 'alice', -5, 0)")


async def test_the_audit_log_is_never_rewritten_and_only_its_actor_may_erase_it(seeded):
    url, _ = seeded
    async with await connect_as(url, ALICE) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            await conn.execute("UPDATE audit_log SET detail = 'x'")
        await conn.rollback()
    async with await connect_as(url, BOB) as conn:
        assert (await conn.execute("DELETE FROM audit_log")).rowcount == 0
        await conn.commit()
    async with await connect_as(url, ALICE) as conn:
        assert await count(conn, "audit_log") == 1
        assert (await conn.execute("DELETE FROM audit_log")).rowcount == 1  # erasure


async def test_the_application_role_owns_nothing_and_cannot_bypass_rls(seeded):
    url, _ = seeded
    async with await connect_as(url, None) as conn:
        who = await (
            await conn.execute(
                "SELECT current_user, rolsuper, rolbypassrls FROM pg_roles "
                "WHERE rolname = current_user"
            )
        ).fetchone()
        assert who == (APP_ROLE, False, False)
        owned = await (
            await conn.execute(
                "SELECT relname FROM pg_class WHERE relowner = "
                "(SELECT oid FROM pg_roles WHERE rolname = current_user)"
            )
        ).fetchall()
        assert owned == []
        forced = await (
            await conn.execute(
                "SELECT relname FROM pg_class WHERE relname = ANY(%s) "
                "AND relrowsecurity AND relforcerowsecurity",
                (list((*USER_TABLES, "jobs")),),
            )
        ).fetchall()
        assert sorted(r[0] for r in forced) == sorted((*USER_TABLES, "jobs"))
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            await conn.execute("ALTER TABLE memories DISABLE ROW LEVEL SECURITY")


async def test_the_bot_starts_with_only_the_app_url_once_the_schema_is_migrated(pg):
    database = pg.fresh()
    try:
        store = PostgresStore(pg.server.app_url(database))  # no admin URL
        await store.open()
        async with store.session(ALICE) as s:
            assert (await s.stats()).memories == 0
        assert await store.migrate() == []
        await store.close()
    finally:
        pg.drop(database)


async def test_pending_migrations_without_the_admin_url_fail_with_what_to_do(pg):
    pg.server.create_database("unmigrated_for_app")
    try:
        store = PostgresStore(pg.server.app_url("unmigrated_for_app"))
        with pytest.raises(MigrationError, match="MEMORYBOT_DATABASE_ADMIN_URL"):
            await store.open()
    finally:
        pg.drop("unmigrated_for_app")


async def test_concurrent_starts_apply_each_migration_exactly_once(pg):
    pg.server.create_database("concurrent_start")
    try:
        stores = [
            PostgresStore(
                pg.server.app_url("concurrent_start"),
                admin_url=pg.server.admin_url("concurrent_start"),
            )
            for _ in range(4)
        ]
        applied = await asyncio.gather(*(store.migrate() for store in stores))
        assert sorted(name for names in applied for name in names) == [
            name for _, name, _ in migration_files()
        ]
        async with await psycopg.AsyncConnection.connect(
            pg.server.admin_url("concurrent_start")
        ) as conn:
            rows = await (await conn.execute("SELECT count(*) FROM schema_migrations")).fetchone()
        assert rows[0] == len(migration_files())
    finally:
        pg.drop("concurrent_start")
