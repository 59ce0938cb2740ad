"""What `memorybot doctor` verifies about a PostgreSQL deployment, and how to fix it.

Each check connects on its own and never raises: a failed check is a line in the
report naming the problem and the fix, so one run shows everything that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg

from core.ports import StoreUnavailable
from core.stores.postgres import migrations
from core.stores.postgres.store import PostgresStore


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""


async def _one(conn: psycopg.AsyncConnection[Any], query: str, *args: Any) -> Any:
    row = await (await conn.execute(query, args)).fetchone()
    return row[0] if row else None


async def database_checks(store: PostgresStore) -> list[Check]:
    """Reachability, the vector extension, migrations, the application role, and
    whether keyword search can use its index under row-level security."""
    try:
        async with store.connect() as conn:
            version = await _one(conn, "SHOW server_version")
            checks = [
                Check("database", True, f"PostgreSQL {version} reachable as {store.app_role}")
            ]
            checks += await _schema_checks(conn)
            checks.append(await _role_check(conn))
            return checks
    except StoreUnavailable as exc:
        return [
            Check(
                "database",
                False,
                str(exc),
                "start PostgreSQL (`memorybot db start`, or `docker compose up db`) and check "
                "MEMORYBOT_DATABASE_URL",
            )
        ]
    except psycopg.Error as exc:
        return [Check("database", False, f"query failed: {exc}", "check the database logs")]


async def _schema_checks(conn: psycopg.AsyncConnection[Any]) -> list[Check]:
    vector = await _one(conn, "SELECT extversion FROM pg_extension WHERE extname = 'vector'")
    checks = [
        Check("vector extension", True, f"pgvector {vector}")
        if vector
        else Check(
            "vector extension",
            False,
            "pgvector is not installed in this database",
            "use a PostgreSQL with pgvector (image pgvector/pgvector:pg17) and run "
            "`memorybot db migrate` with MEMORYBOT_DATABASE_ADMIN_URL set",
        )
    ]
    todo = await migrations.pending(conn)
    checks.append(
        Check(
            "migrations",
            not todo,
            f"{len(todo)} pending: {', '.join(todo)}" if todo else "up to date",
            "run `memorybot db migrate` with MEMORYBOT_DATABASE_ADMIN_URL set" if todo else "",
        )
    )
    leakproof = await _one(
        conn, "SELECT proleakproof FROM pg_proc WHERE oid = 'ts_match_vq'::regproc"
    )
    checks.append(
        Check("keyword index", bool(leakproof), "GIN index usable under row-level security")
        if leakproof
        else Check(
            "keyword index",
            False,
            "keyword search scans every row of a workspace (ts_match_vq is not LEAKPROOF)",
            "as a superuser: ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF",
        )
    )
    dims = await _one(
        conn,
        "SELECT atttypmod FROM pg_attribute WHERE attrelid = to_regclass('memories') "
        "AND attname = 'embedding'",
    )
    if dims is not None:
        checks.append(
            Check("embedding column", True, f"halfvec({dims}) with HNSW index")
            if dims > 0
            else Check("embedding column", True, "no dimension yet (set when an embedder is used)")
        )
    return checks


async def _role_check(conn: psycopg.AsyncConnection[Any]) -> Check:
    row = await (
        await conn.execute(
            "SELECT r.rolname, r.rolsuper, r.rolbypassrls, "
            "EXISTS (SELECT 1 FROM pg_class c WHERE c.relowner = r.oid "
            "        AND c.relname IN ('memories', 'audit_log')) "
            "FROM pg_roles r WHERE r.rolname = current_user"
        )
    ).fetchone()
    assert row is not None  # pg_roles always holds current_user
    name, superuser, bypass, owner = row
    problems = [
        text
        for flag, text in (
            (superuser, "is a superuser"),
            (bypass, "has BYPASSRLS"),
            (owner, "owns the tables"),
        )
        if flag
    ]
    if problems:
        return Check(
            "application role",
            False,
            f"{name} {' and '.join(problems)}: row-level security does not protect this bot",
            "connect the bot as its own login role (MEMORYBOT_DATABASE_URL, e.g. memorybot_app) "
            "and migrate as the owner (MEMORYBOT_DATABASE_ADMIN_URL); the migration creates and "
            "grants the role",
        )
    return Check("application role", True, f"{name}: not the owner, no BYPASSRLS")
