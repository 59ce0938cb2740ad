"""The connected store: PostgreSQL with pgvector, row-level security and a pool.

Two roles, two URLs. `url` is the application role: it owns no table and has no
BYPASSRLS, so every row it reads or writes passes the policies of the migrations.
`admin_url` is the schema owner: it runs migrations, creates/grants the application
role and reshapes the embedding column. Without an admin URL the store migrates
with `url` itself (one-role setups; `memorybot doctor` warns about them).

Each `session()` is one transaction on a pooled connection that first sets the
principal (`memorybot.workspace`, `memorybot.user`) transaction-locally, so a
connection handed back to the pool carries no identity. Connection failures
surface as `core.ports.StoreUnavailable`; the pool checks each connection before
lending it and reconnects by itself after a server restart.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from typing import Any

import psycopg
from pgvector.psycopg import register_vector_async
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from core.models import Principal
from core.ports import ReadOnlySession, StoreFault, StoreUnavailable
from core.stores.postgres import migrations
from core.stores.postgres.search import CommonTerms
from core.stores.postgres.session import PostgresSession
from core.stores.urls import hide_passwords
from core.texts import URL_AT_IN_PASSWORD, URL_MALFORMED

log = logging.getLogger(__name__)

CONNECTION_ERRORS = (psycopg.OperationalError, psycopg.InterfaceError, PoolTimeout, OSError)
# A session's first round trip: BEGIN and the principal's settings, one simple-protocol
# query of two statements (values quoted here: a simple query takes no parameters).
BEGIN = (
    "BEGIN{read_only}; SELECT set_config('memorybot.workspace', {ws}, true), "
    "set_config('memorybot.user', {user}, true), set_config('hnsw.ef_search', '64', true), "
    "set_config('hnsw.iterative_scan', 'relaxed_order', true)"
)
HNSW_INDEX = "memories_embedding_hnsw"


# Server answers that no retry will change: a missing database or role, a refused login.
_PERMANENT = ("does not exist", "password authentication failed", "no pg_hba.conf entry")


def connection_fault(url: str, exc: BaseException) -> StoreFault | StoreUnavailable:
    """A failed connection as the user should hear it: StoreFault("no_database") with
    the server's own reason when retrying cannot help, else StoreUnavailable."""
    message = str(exc)
    reason = next((line for line in message.splitlines() if "FATAL:" in line), message)
    reason = reason.split("FATAL:", 1)[-1].strip()
    if any(marker in reason for marker in _PERMANENT):
        info = conninfo_to_dict(normalize_url(url))
        where = f"database {info.get('dbname', '?')} as {info.get('user', '?')}"
        return StoreFault("no_database", where, reason)
    return StoreUnavailable(f"cannot connect to the database: {exc}")


def begin_query(principal: Principal, read_only: bool) -> sql.Composed:
    """BEGIN [READ ONLY] and the principal's transaction-local settings, in one query:
    two round trips (BEGIN, then set_config) cost each session one more wait for the
    server, which a loaded host turns into milliseconds."""
    return sql.SQL(BEGIN).format(
        read_only=sql.SQL(" READ ONLY" if read_only else ""),
        ws=sql.Literal(principal.workspace),
        user=sql.Literal(principal.user),
    )


def normalize_url(url: str) -> str:
    """Accept SQLAlchemy-style `postgresql+psycopg://` too."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def parse_url(url: str, name: str = "The database URL") -> dict[str, Any]:
    """`url`'s settings, or ValueError saying why not without repeating it: libpq quotes
    a malformed URL back whole, password included, and an unencoded '@' in a password
    puts the rest of it into the host name (and then into "cannot resolve host …")."""
    url = normalize_url(url)
    try:
        info = conninfo_to_dict(url)
    except psycopg.ProgrammingError as exc:
        reason = hide_passwords(str(exc).replace(url, "the URL"))
        raise ValueError(URL_MALFORMED.format(name=name, reason=reason)) from None
    if "@" in str(info.get("host", "")):
        raise ValueError(URL_AT_IN_PASSWORD.format(name=name))
    return info


def url_user(url: str) -> tuple[str | None, str | None]:
    info = parse_url(url)
    user, password = info.get("user"), info.get("password")
    return (None if user is None else str(user)), (None if password is None else str(password))


class PostgresStore:
    """A `core.ports.Store` on PostgreSQL (psycopg 3, async pool)."""

    one_writer = False  # `core.ports.Store.one_writer`: saves decide in their transaction

    def writer_busy(self) -> bool:
        """`core.ports.Store.writer_busy`: writers run side by side, none waits for a turn."""
        return False

    def __init__(
        self,
        url: str,
        *,
        admin_url: str | None = None,
        app_role: str | None = None,
        min_size: int = 1,
        max_size: int = 10,
        timeout: float = 5.0,
    ) -> None:
        self.url = normalize_url(url)
        self.admin_url = normalize_url(admin_url) if admin_url else None
        user, password = url_user(self.url)
        if self.admin_url is not None:
            parse_url(self.admin_url, "The admin URL")  # refused before an error quotes it
        self.app_role = app_role or user
        self._app_password = password
        self._min_size, self._max_size, self._timeout = min_size, max_size, timeout
        self._pool: AsyncConnectionPool[psycopg.AsyncConnection[Any]] | None = None
        self._dimensions: int | None = None
        self._common_terms = CommonTerms()

    # -- lifecycle -------------------------------------------------------------------

    async def open(self) -> None:
        """Migrate (as the owner when an admin URL is set), then open the pool."""
        if self._pool is not None:
            return
        await self.migrate()  # also reads the embedding column's dimension
        if self.admin_url is not None:  # the app's own login: fail fast with the reason
            async with self.connect():
                pass
        pool: AsyncConnectionPool[psycopg.AsyncConnection[Any]] = AsyncConnectionPool(
            self.url,
            min_size=self._min_size,
            max_size=self._max_size,
            timeout=self._timeout,
            kwargs={"autocommit": True},
            configure=register_vector_async,
            check=AsyncConnectionPool.check_connection,
            open=False,
            reconnect_timeout=30.0,
        )
        try:
            await pool.open(wait=True, timeout=self._timeout)
        except CONNECTION_ERRORS as exc:
            await pool.close()
            raise StoreUnavailable(f"cannot connect to the database: {exc}") from exc
        self._pool = pool

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @asynccontextmanager
    async def connect(self, *, admin: bool = False) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        """A dedicated autocommit connection (migrations, maintenance, LISTEN)."""
        url = self.admin_url if admin and self.admin_url else self.url
        try:
            conn = await psycopg.AsyncConnection.connect(
                url, autocommit=True, connect_timeout=max(2, int(self._timeout))
            )
        except CONNECTION_ERRORS as exc:
            raise connection_fault(url, exc) from exc
        try:
            yield conn
        finally:
            await conn.close()

    async def migrate(self) -> list[str]:
        """Apply pending migrations as the owner; returns their names.

        Without an admin URL, the application URL may only find nothing to do:
        pending migrations then need `memorybot db migrate` with the admin URL."""
        async with self.connect(admin=True) as conn:
            applied = await self._migrate(conn)
            self._dimensions = await _column_dimensions(conn)
            return applied

    async def _migrate(self, conn: psycopg.AsyncConnection[Any]) -> list[str]:
        if self.admin_url is not None:
            return await migrations.apply(conn, self.app_role, self._app_password)
        todo = await migrations.pending(conn)
        if not todo:
            return []
        if not await _owns_or_may_create(conn):
            raise migrations.MigrationError(
                f"{len(todo)} migration(s) pending ({', '.join(todo)}) and the "
                "application role may not apply them: set MEMORYBOT_DATABASE_ADMIN_URL "
                "to the schema owner and run `memorybot db migrate`"
            )
        return await migrations.apply(conn, None, None)

    # -- sessions --------------------------------------------------------------------

    @asynccontextmanager
    async def session(
        self, principal: Principal, *, read_only: bool = False
    ) -> AsyncIterator[PostgresSession]:
        """One transaction as one principal: committed on success, rolled back on error.
        `read_only`: a READ ONLY transaction (the server refuses any write in it)."""
        if self._pool is None:
            await self.open()
        assert self._pool is not None
        try:
            async with self._pool.connection() as conn:
                await conn.execute(begin_query(principal, read_only))
                try:
                    session = PostgresSession(conn, principal, self._dimensions, self._common_terms)
                    yield session
                    await session.commit()  # with a recall's touch, in one round trip
                except BaseException:
                    with suppress(*CONNECTION_ERRORS, psycopg.Error):
                        await conn.execute("ROLLBACK")
                    raise
        except psycopg.errors.ReadOnlySqlTransaction as exc:
            raise ReadOnlySession(str(exc)) from exc
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(f"the database is unavailable: {exc}") from exc

    async def touch(self, principal: Principal, memory_ids: Sequence[str], now: float) -> None:
        """`core.ports.Store.touch`: row locks only, so at once."""
        async with self.session(principal) as session:
            await session.touch(memory_ids, now)

    @asynccontextmanager
    async def transaction(self, **settings: str) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        """A pooled transaction with the given `memorybot.*` settings (the job queue)."""
        if self._pool is None:
            await self.open()
        assert self._pool is not None
        try:
            async with self._pool.connection() as conn, conn.transaction():
                for name, value in settings.items():
                    await conn.execute(
                        "SELECT set_config(%s, %s, true)", (f"memorybot.{name}", value)
                    )
                yield conn
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(f"the database is unavailable: {exc}") from exc

    async def readiness(self) -> list[str]:
        """What keeps this store from serving ([] when ready): the application role
        can connect and every migration is applied (`/readyz`). Raises StoreUnavailable
        or StoreFault when the server cannot be reached."""
        async with self.connect() as conn:
            return [f"migration {name} not applied" for name in await migrations.pending(conn)]

    async def workspaces(self) -> list[str]:
        """Every workspace with stored settings (maintenance, e.g. rotating secrets)."""
        async with self.transaction() as conn:
            rows = await (await conn.execute("SELECT memorybot_workspaces()")).fetchall()
        return [row[0] for row in rows]

    # -- embedding dimension ---------------------------------------------------------

    async def dimensions(self) -> int | None:
        """The embedding column's dimension, or None while no embedder has set one."""
        async with self.connect() as conn:
            return await _column_dimensions(conn)

    async def embedding_model(self) -> str | None:
        """Which embedder made the stored vectors (recorded by `set_dimensions`), or None
        while none was recorded: vectors written before issue 14 carry no record."""
        async with self.connect() as conn:
            return await _column_model(conn)

    async def set_dimensions(
        self, dimensions: int, model: str | None = None, unrecorded: str | None = None
    ) -> list[tuple[str, str]]:
        """Reshape the embedding column to halfvec(dimensions) for the embedder `model`
        (its `model_id`), as the owner.

        Vectors of another dimension, or of another model, cannot be compared with the
        new ones, so they are dropped (the column is retyped with every value NULL),
        the HNSW index is rebuilt, and one `embed_backfill` job per (workspace, owner)
        is queued in the same transaction; the model is recorded as the column's
        comment. `unrecorded` is the model that made vectors stored while none was
        recorded (the local embedder's fp32 path); None takes them as `model`'s. A
        `model` of None (an embedder without a `model_id`) is told apart by its
        dimension only, as before, and a reshape for it drops any record.
        Returns the principals queued (empty if shape and model were already right).
        """
        if not 1 <= dimensions <= 4000:
            raise ValueError("halfvec HNSW indexes support 1 to 4000 dimensions")
        async with self.connect(admin=True) as conn:
            await conn.execute("SELECT pg_advisory_lock(%s)", (migrations.LOCK_KEY,))
            try:
                recorded = await _column_model(conn)
                stale = model is not None and (recorded or unrecorded or model) != model
                if await _column_dimensions(conn) == dimensions and not stale:
                    if model is not None and recorded != model:
                        await _record_model(conn, model)
                    self._dimensions = dimensions
                    return []
                async with conn.transaction():
                    queued = await _reshape(conn, dimensions)
                    await _record_model(conn, model)
                self._dimensions = dimensions
                return queued
            finally:
                await conn.execute("SELECT pg_advisory_unlock(%s)", (migrations.LOCK_KEY,))

    async def queue_backfills(self) -> list[tuple[str, str]]:
        """Queue one `embed_backfill` per (workspace, owner) with an active memory
        lacking a vector and no such job pending or running (so a restart, or two
        processes starting at once, add none twice); returns the principals queued.

        Needs the owner's URL: only it sees every workspace's memories (as `_reshape`).
        When nothing is missing this is one EXISTS probe of `memories_unembedded` (0195).
        """
        if self.admin_url is None:
            return []
        async with self.connect(admin=True) as conn, conn.transaction():
            await conn.execute("SELECT set_config('memorybot.maintenance', 'on', true)")
            row = await (await conn.execute(_ANY_UNEMBEDDED)).fetchone()
            if not (row and row[0]):
                return []
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (BACKFILL_LOCK_KEY,))
            queued = await (await conn.execute(_QUEUE_BACKFILLS)).fetchall()
            if queued:
                await conn.execute("NOTIFY memorybot_jobs")
        return [(w, o) for w, o in queued]


BACKFILL_LOCK_KEY = 0x6D656D6F72796266  # serialises start-up backfill queueing
_ANY_UNEMBEDDED = (
    "SELECT EXISTS (SELECT 1 FROM memories WHERE embedding IS NULL AND status = 'active')"
)
_QUEUE_BACKFILLS = """
    INSERT INTO jobs (workspace, kind, payload, run_after, created_at, updated_at)
    SELECT m.workspace, 'embed_backfill',
           jsonb_build_object('workspace', m.workspace, 'user', m.owner),
           extract(epoch FROM now()), extract(epoch FROM now()), extract(epoch FROM now())
    FROM (SELECT DISTINCT workspace, owner FROM memories
          WHERE embedding IS NULL AND status = 'active') AS m
    WHERE NOT EXISTS (
        SELECT 1 FROM jobs j
        WHERE j.workspace = m.workspace AND j.kind = 'embed_backfill'
          AND j.state IN ('pending', 'running') AND j.payload->>'user' = m.owner)
    RETURNING workspace, payload->>'user'"""


async def _column_dimensions(conn: psycopg.AsyncConnection[Any]) -> int | None:
    row = await (
        await conn.execute(
            "SELECT atttypmod FROM pg_attribute "
            "WHERE attrelid = to_regclass('memories') AND attname = 'embedding'"
        )
    ).fetchone()
    return row[0] if row and row[0] > 0 else None


MODEL_COMMENT = "memorybot embedder: "  # the embedding column's comment, then the model id


async def _column_model(conn: psycopg.AsyncConnection[Any]) -> str | None:
    row = await (
        await conn.execute(
            "SELECT col_description(attrelid, attnum) FROM pg_attribute "
            "WHERE attrelid = to_regclass('memories') AND attname = 'embedding'"
        )
    ).fetchone()
    comment = row[0] if row else None
    if not comment or not comment.startswith(MODEL_COMMENT):
        return None
    return str(comment[len(MODEL_COMMENT) :])


async def _record_model(conn: psycopg.AsyncConnection[Any], model: str | None) -> None:
    comment = sql.Literal(MODEL_COMMENT + model) if model else sql.SQL("NULL")
    await conn.execute(sql.SQL("COMMENT ON COLUMN memories.embedding IS {}").format(comment))


async def _reshape(conn: psycopg.AsyncConnection[Any], dimensions: int) -> list[tuple[str, str]]:
    await conn.execute("SELECT set_config('memorybot.maintenance', 'on', true)")
    principals = await (
        await conn.execute(
            "SELECT DISTINCT workspace, owner FROM memories "
            "WHERE status = 'active' ORDER BY workspace, owner"
        )
    ).fetchall()
    await conn.execute(sql.SQL("DROP INDEX IF EXISTS {}").format(sql.Identifier(HNSW_INDEX)))
    await conn.execute(
        sql.SQL("ALTER TABLE memories ALTER COLUMN embedding TYPE halfvec({}) USING NULL").format(
            sql.Literal(dimensions)
        )
    )
    await conn.execute(
        sql.SQL("CREATE INDEX {} ON memories USING hnsw (embedding halfvec_cosine_ops)").format(
            sql.Identifier(HNSW_INDEX)
        )
    )
    for workspace, owner in principals:
        await conn.execute(
            "INSERT INTO jobs (workspace, kind, payload, run_after, created_at, updated_at) "
            "VALUES (%s, 'embed_backfill', %s, extract(epoch FROM now()), "
            "extract(epoch FROM now()), extract(epoch FROM now()))",
            (workspace, Jsonb({"workspace": workspace, "user": owner})),
        )
    await conn.execute("NOTIFY memorybot_jobs")
    return [(w, o) for w, o in principals]


async def _owns_or_may_create(conn: psycopg.AsyncConnection[Any]) -> bool:
    """True when this role can create tables (an empty database, migrated by its owner)."""
    row = await (
        await conn.execute("SELECT has_schema_privilege(current_user, 'public', 'CREATE')")
    ).fetchone()
    return bool(row and row[0])
