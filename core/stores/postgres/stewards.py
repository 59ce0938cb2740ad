"""Roles that nobody logs in as, each owning the few functions that reach past one
principal's rows in one table (docs/security.md).

A `SECURITY DEFINER` function runs with its owner's rights. Owned by the schema owner
(often the superuser) it could do anything; owned by a steward it can touch one table
and nothing else. A policy lets the steward see all of that table's rows, and the
application role — not a member, so it cannot `SET ROLE` to it — may only EXECUTE the
functions. Without the right to create roles or hand functions over (a non-superuser
owner), the functions stay the owner's and a warning says so: they still work.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Steward:
    role: str
    table: str
    privileges: str  # on `table`, what its functions need
    functions: tuple[str, ...]  # signatures, as ALTER FUNCTION names them


STEWARDS = (
    # The job queue (0114): picking ready jobs across workspaces, counts, dead jobs.
    Steward(
        "memorybot_worker",
        "jobs",
        "SELECT, UPDATE",
        (
            "memorybot_claim_jobs(double precision, double precision, integer)",
            "memorybot_job_counts()",
            "memorybot_dead_jobs(integer)",
        ),
    ),
    # The admin registry (0113): vouching for an admin, and asking whether one is.
    Steward(
        "memorybot_registry",
        "workspace_admins",
        "SELECT, INSERT, UPDATE",
        ("memorybot_attest_admin()", "memorybot_is_admin()"),
    ),
)
WORKER_ROLE = STEWARDS[0].role
REGISTRY_ROLE = STEWARDS[1].role


async def appoint(conn: psycopg.AsyncConnection[Any], app_role: str) -> None:
    """Create each steward (if missing), grant it its table, give it its functions, and
    let only the application role (and the steward) execute them. Idempotent."""
    for steward in STEWARDS:
        try:
            async with conn.transaction():
                await _appoint(conn, steward, app_role)
        except psycopg.errors.InsufficientPrivilege as exc:
            log.warning(
                "%s stay the schema owner's: it may not create or hand them to the role %s (%s)",
                ", ".join(steward.functions),
                steward.role,
                exc,
            )


async def _appoint(conn: psycopg.AsyncConnection[Any], steward: Steward, app_role: str) -> None:
    role, app = sql.Identifier(steward.role), sql.Identifier(app_role)
    table = sql.Identifier(steward.table)
    found = await (
        await conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (steward.role,))
    ).fetchone()
    if found is None:
        await conn.execute(
            sql.SQL(
                "CREATE ROLE {} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE"
            ).format(role)
        )
    await conn.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(role))
    await conn.execute(
        sql.SQL("GRANT {} ON {} TO {}").format(sql.SQL(steward.privileges), table, role)
    )
    policy = sql.Identifier(f"{steward.table}_steward")
    await conn.execute(sql.SQL("DROP POLICY IF EXISTS {} ON {}").format(policy, table))
    await conn.execute(
        sql.SQL("CREATE POLICY {} ON {} TO {} USING (true) WITH CHECK (true)").format(
            policy, table, role
        )
    )
    for signature in steward.functions:
        function = sql.SQL(signature)  # a constant above, never input
        await conn.execute(sql.SQL("ALTER FUNCTION {} OWNER TO {}").format(function, role))
        await conn.execute(sql.SQL("REVOKE EXECUTE ON FUNCTION {} FROM PUBLIC").format(function))
        await conn.execute(sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}").format(function, app))
