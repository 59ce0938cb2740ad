"""Store selection by URL: `sqlite:///path` (standalone) or `postgresql://…` (connected)."""

from __future__ import annotations

from typing import cast

from core.jobs.queue import JobQueue
from core.ports import Store
from core.stores.urls import url_problem
from core.texts import UNSUPPORTED_URL, install_hint

CONNECTED_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")


def open_store(url: str, *, admin_url: str | None = None, pool_size: int | None = None) -> Store:
    """A store for the URL (not yet opened). PostgreSQL support loads only when asked for.

    `admin_url` (connected mode) is the schema owner's URL, used for migrations; `url`
    is then the application role's. `pool_size`: the PostgreSQL pool's size, or the
    SQLite store's reader connections (None: each store's default)."""
    for given, name in ((url, "The database URL"), (admin_url, "The admin URL")):
        problem = url_problem(given, name) if given else None
        if problem:  # e.g. a libpq key=value string: not a SQLite file named after it
            raise ValueError(problem)
    if url.startswith(CONNECTED_SCHEMES):
        try:
            from core.stores.postgres.store import PostgresStore
        except ImportError as exc:  # the optional driver is missing
            raise ValueError(
                "connected mode needs the postgres extra: " + install_hint("postgres")
            ) from exc
        if pool_size is None:
            return PostgresStore(url, admin_url=admin_url)
        return PostgresStore(url, admin_url=admin_url, max_size=pool_size)
    if url.startswith("sqlite:") or "://" not in url:
        from core.stores.sqlite.store import SQLiteStore

        return SQLiteStore(url) if pool_size is None else SQLiteStore(url, readers=pool_size)
    raise ValueError(
        UNSUPPORTED_URL.format(name="The database URL", scheme=url.split("://", 1)[0] + "://")
    )


def open_job_queue(store: Store) -> JobQueue | None:
    """The store's durable job queue (PostgreSQL), or None: jobs then run in-process."""
    if store.url.startswith(CONNECTED_SCHEMES):
        from core.stores.postgres.jobs import PostgresJobs
        from core.stores.postgres.store import PostgresStore

        # A connected URL: `open_store` made a PostgresStore (or a wrapper that acts as one).
        return PostgresJobs(cast(PostgresStore, store))
    return None
