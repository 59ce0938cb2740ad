"""The test PostgreSQL: one embedded server per test session, one database per test.

The server starts once (about a second, plus initdb on the first run); the schema
is migrated once into a template database, and each test gets its own copy of it
(`CREATE DATABASE … TEMPLATE`), so tests never see each other's rows and never pay
for migrations.
"""

from __future__ import annotations

import asyncio
import itertools
import tempfile
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import psycopg
import pytest

from core.stores.postgres import embedded
from core.stores.postgres.store import PostgresStore

TEMPLATE = "memorybot_template"
T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to the end from sync code, even inside a running event loop
    (session fixtures are first requested from async tests)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


@dataclass
class PgDatabases:
    """Hands out migrated databases on the session's server, each empty when handed.

    A returned database is emptied (TRUNCATE, and the embedding column put back to
    no dimension) and handed out again: much cheaper than creating one per test."""

    server: embedded.LocalPostgres
    counter: itertools.count = field(default_factory=lambda: itertools.count(1))
    free: list[str] = field(default_factory=list)

    def fresh(self) -> str:
        if self.free:
            return self.free.pop()
        name = f"test_{next(self.counter)}"
        self.server.create_database(name, template=TEMPLATE)
        return name

    def store(self, database: str, **options) -> PostgresStore:
        """A store connecting as the application role, migrating as the owner."""
        return PostgresStore(
            self.server.app_url(database),
            admin_url=self.server.admin_url(database),
            min_size=1,
            max_size=options.pop("max_size", 4),
            **options,
        )

    def drop(self, database: str) -> None:
        """Give the database back: emptied for the next test, or dropped if it cannot be."""
        try:
            with psycopg.connect(self.server.admin_url(database), autocommit=True) as conn:
                busy = conn.execute(
                    "SELECT count(*) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                ).fetchone()
                if busy and busy[0]:
                    return  # still in use (a leftover task): leave it, never reuse it
                conn.execute("SET lock_timeout = '2s'")
                conn.execute(RESET_SQL)
        except psycopg.Error:
            self.server.drop_database(database)
            return
        self.free.append(database)


# Empties every table but schema_migrations and undoes a reshaped embedding column.
RESET_SQL = """DO $$
DECLARE tables text;
BEGIN
    SELECT string_agg(quote_ident(tablename), ', ') INTO tables FROM pg_tables
    WHERE schemaname = 'public' AND tablename <> 'schema_migrations';
    EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY';
    IF (SELECT atttypmod FROM pg_attribute WHERE attrelid = 'memories'::regclass
        AND attname = 'embedding') > 0 THEN
        DROP INDEX IF EXISTS memories_embedding_hnsw;
        ALTER TABLE memories ALTER COLUMN embedding TYPE halfvec USING NULL;
    END IF;
END $$"""


@pytest.fixture(scope="session")
def pg_server() -> Iterator[embedded.LocalPostgres]:
    """The embedded server for this test session, deleted at the end."""
    server = embedded.start(Path(tempfile.mkdtemp(prefix="memorybot-pg-")) / "data", delete=True)
    with psycopg.connect(server.admin_url("postgres"), autocommit=True) as conn:
        # Throwaway data: skip the flushes that make CREATE DATABASE and commits slow.
        for name in ("fsync", "synchronous_commit", "full_page_writes"):
            conn.execute(f"ALTER SYSTEM SET {name} = off")
        conn.execute("SELECT pg_reload_conf()")
    try:
        yield server
    finally:
        server.cleanup()


@pytest.fixture(scope="session")
def pg(pg_server: embedded.LocalPostgres) -> PgDatabases:
    """The server with a migrated template database (and the app role created)."""
    pg_server.create_database(TEMPLATE)
    store = PostgresStore(pg_server.app_url(TEMPLATE), admin_url=pg_server.admin_url(TEMPLATE))
    run_async(store.migrate())
    return PgDatabases(pg_server)


@pytest.fixture
async def pg_store(pg: PgDatabases) -> AsyncIterator[PostgresStore]:
    """An open PostgresStore on a fresh database of its own (postgres-only tests)."""
    database = pg.fresh()
    store = pg.store(database)
    await store.open()
    try:
        yield store
    finally:
        await store.close()
        pg.drop(database)
