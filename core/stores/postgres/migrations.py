"""Schema migrations for connected mode: numbered .sql files applied once, in order.

They run as the role that owns the schema (the admin URL), inside a session-level
advisory lock so that any number of bots and workers starting at once apply each
migration exactly once. After the files, the runner grants the application role
what it needs and no more: the role's name is configuration, so no .sql file
names it.
"""

from __future__ import annotations

import time
from typing import Any

import psycopg
from psycopg import sql

from core.ports import StoreFault
from core.stores.migrations import migration_files as read_migrations
from core.stores.postgres import stewards

MIGRATIONS_PACKAGE = "core.stores.postgres"
# pg_advisory_lock key: "memorybot" in ASCII, folded into a bigint.
LOCK_KEY = 0x6D656D6F7279626F


# The only login role migrations ever create (docs/connected-mode.md): any other name in
# the application URL must already exist, so a typo never becomes a new login role.
APP_ROLE = "memorybot_app"


class MigrationError(StoreFault):
    """Migrations cannot run as configured; the message says what to change."""

    def __init__(self, message: str) -> None:
        super().__init__("migration", "", message)

    def __str__(self) -> str:
        return self.detail


def migration_files() -> list[tuple[int, str, str]]:
    """(version, name, sql) for every numbered migration of this store, in order."""
    return read_migrations(MIGRATIONS_PACKAGE)


async def applied_versions(conn: psycopg.AsyncConnection[Any]) -> set[int]:
    exists = await (await conn.execute("SELECT to_regclass('schema_migrations')")).fetchone()
    if exists is None or exists[0] is None:
        return set()
    rows = await (await conn.execute("SELECT version FROM schema_migrations")).fetchall()
    return {row[0] for row in rows}


async def pending(conn: psycopg.AsyncConnection[Any]) -> list[str]:
    """Names of the migrations not applied yet (any role that can read the table)."""
    done = await applied_versions(conn)
    return [name for version, name, _ in migration_files() if version not in done]


async def apply(
    conn: psycopg.AsyncConnection[Any], app_role: str | None, app_password: str | None
) -> list[str]:
    """Apply pending migrations on an autocommit connection; returns their names."""
    await conn.execute("SELECT pg_advisory_lock(%s)", (LOCK_KEY,))
    try:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, "
            "name text NOT NULL, applied_at double precision NOT NULL)"
        )
        done = await applied_versions(conn)
        applied = []
        for version, name, text in migration_files():
            if version in done:
                continue
            async with conn.transaction():
                await conn.execute(text.encode())  # several statements, no parameters
                await conn.execute(
                    "INSERT INTO schema_migrations VALUES (%s, %s, %s)",
                    (version, name, time.time()),
                )
            applied.append(name)
        if app_role and (applied or not await _has_grants(conn, app_role)):
            await grant_app_role(conn, app_role, app_password)
            await stewards.appoint(conn, app_role)
        return applied
    finally:
        await conn.execute("SELECT pg_advisory_unlock(%s)", (LOCK_KEY,))


async def _has_grants(conn: psycopg.AsyncConnection[Any], role: str) -> bool:
    """Whether the role exists and may already use the schema (granted before)."""
    row = await (
        await conn.execute(
            "SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = %s) "
            "THEN has_table_privilege(%s, 'memories', 'SELECT') ELSE false END",
            (role, role),
        )
    ).fetchone()
    return bool(row and row[0])


async def grant_app_role(
    conn: psycopg.AsyncConnection[Any], role: str, password: str | None
) -> None:
    """Create the login role if missing, then grant it data access only: it owns
    nothing, cannot change the schema, and never rewrites the audit log."""
    row = await (await conn.execute("SELECT current_user")).fetchone()
    assert row is not None  # SELECT current_user always returns one row
    me = row[0]
    if role == me:
        return  # one role for everything: nothing to grant (doctor warns about it)
    found = await (
        await conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,))
    ).fetchone()
    ident = sql.Identifier(role)
    if found is None and role != APP_ROLE:
        raise MigrationError(
            f"the application role {role!r} (the user in MEMORYBOT_DATABASE_URL) does not "
            f"exist. memorybot only creates its own role {APP_ROLE!r}: fix the user name in "
            f"the URL, or create the role yourself (CREATE ROLE {role} LOGIN PASSWORD '…')"
        )
    if found is None:
        create = sql.SQL(
            "CREATE ROLE {} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE"
        ).format(ident)
        if password:
            create = sql.SQL("{} PASSWORD {}").format(create, sql.Literal(password))
        try:
            await conn.execute(create)
        except psycopg.errors.InsufficientPrivilege as exc:
            raise MigrationError(
                f"the application role {role!r} does not exist and {me!r} may not create it; "
                f"create it as a superuser: CREATE ROLE {role} LOGIN PASSWORD '…'"
            ) from exc
    async with conn.transaction():
        for statement in (
            "GRANT USAGE ON SCHEMA public TO {}",
            "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {}",
            # Append-only, except that a user may erase their own entries (RLS).
            "REVOKE UPDATE, TRUNCATE ON audit_log FROM {}",
            "REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON schema_migrations FROM {}",
            # Admin status enters only through memorybot_attest_admin (0113).
            "REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON workspace_admins FROM {}",
        ):
            await conn.execute(sql.SQL(statement).format(ident))
