"""Store selection by URL: `sqlite:///path` (standalone) or `postgresql://…` (connected)."""

from __future__ import annotations

from core.ports import Store


def open_store(url: str) -> Store:
    """A store for the URL (not yet opened). PostgreSQL support loads only when asked for."""
    if url.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
        try:
            from core.stores.postgres.store import PostgresStore
        except ImportError as exc:  # the optional driver is missing
            raise ValueError(
                "connected mode needs the postgres extra: pip install 'memorybot[postgres]'"
            ) from exc
        return PostgresStore(url)
    if url.startswith("sqlite:") or "://" not in url:
        from core.stores.sqlite.store import SQLiteStore

        return SQLiteStore(url)
    raise ValueError(f"unsupported database URL scheme: {url.split('://', 1)[0]}://")
