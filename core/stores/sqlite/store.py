"""The standalone store: one SQLite file, WAL mode, FTS5 with porter stemming.

sqlite3 is synchronous, so the store owns one connection and one worker thread;
every query runs there (the event loop never blocks on disk) and an asyncio lock
makes each `session()` one transaction, so a check-then-write (dedup, merge,
entity counts) can never interleave with another.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from core.models import Principal
from core.recall.segment import index_text
from core.stores.migrations import migration_files as read_migrations
from core.stores.sqlite.session import SQLiteSession

T = TypeVar("T")

MIGRATIONS_PACKAGE = "core.stores.sqlite"


def path_from_url(url: str) -> str:
    """`sqlite:///abs/path.db`, `sqlite:///:memory:` or a bare path → a file path."""
    if url.startswith("sqlite://"):
        rest = url[len("sqlite://") :]
        return rest[1:] if rest.startswith("/:memory:") else rest
    return url


def private_file(path: Path) -> None:
    """The database file readable by this user only (0600), in a directory created
    0700 when we create it: it holds everyone's memories. An existing file of ours is
    tightened; an existing directory is the user's choice and left alone."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    info = path.stat()
    if info.st_mode & 0o077 and info.st_uid == os.getuid():
        path.chmod(0o600)


def migration_files() -> list[tuple[int, str, str]]:
    """(version, name, sql) for every numbered migration of this store, in order."""
    return read_migrations(MIGRATIONS_PACKAGE)


class SQLiteStore:
    """A `core.ports.Store` on one SQLite file."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.path = path_from_url(url)
        self._conn: sqlite3.Connection | None = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memorybot-sqlite")
        self._lock = asyncio.Lock()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def open(self) -> None:
        if self._conn is None:
            self._conn = await self.run(self._connect)
            await self.migrate()

    def _connect(self) -> sqlite3.Connection:
        if self.path != ":memory:":
            private_file(Path(self.path))
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        # Deleted rows are overwritten with zeros, not left in free pages (issue 11).
        conn.execute("PRAGMA secure_delete = ON")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA busy_timeout = 5000")
        conn.execute("PRAGMA foreign_keys = ON")
        # The FTS triggers index this transform of the text (CJK bigrams, migration 0150).
        conn.create_function("memorybot_index_text", 1, index_text, deterministic=True)
        return conn

    async def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await self.run(conn.close)
        self._executor.shutdown(wait=True)

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise RuntimeError("the SQLite store is not open")
        return self._conn

    async def migrate(self) -> list[str]:
        """Apply the numbered migrations not applied yet; returns their names."""
        async with self._lock:
            return await self.run(self._migrate)

    def _migrate(self) -> list[str]:
        conn = self.conn
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations "
            "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
        )
        done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
        applied = []
        for version, name, sql in migration_files():
            if version in done:
                continue
            conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in _split_sql(sql):
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO schema_migrations VALUES (?, ?, ?)",
                    (version, name, time.time()),
                )
            except sqlite3.Error:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            applied.append(name)
        return applied

    @asynccontextmanager
    async def session(self, principal: Principal) -> AsyncIterator[SQLiteSession]:
        """One transaction as one principal: committed on success, rolled back on error."""
        if self._conn is None:
            await self.open()
        async with self._lock:
            await self.run(self.conn.execute, "BEGIN IMMEDIATE")
            session = SQLiteSession(self, principal)
            try:
                yield session
            except BaseException:
                await self.run(self.conn.execute, "ROLLBACK")
                raise
            await self.run(self.conn.execute, "COMMIT")
            if session.scrubbed:
                await self.run(self._checkpoint)

    def _checkpoint(self) -> None:
        """After a deletion, leave no copy of the deleted text in the files (issue 11).

        FTS5 records a deletion as a tombstone that repeats the text's tokens until its
        segments are merged: 'optimize' merges them all, dropping both. (SQLite 3.42's
        `secure-delete` option would avoid the merge; Python's SQLite is often older.)
        Then the WAL is copied into the file and truncated, so no frame of an old page
        survives there; the main file's freed cells were zeroed by secure_delete."""
        self.conn.execute("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')")
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    async def workspaces(self) -> list[str]:
        """Every workspace with stored settings (maintenance, e.g. rotating secrets)."""
        async with self._lock:
            rows = await self.run(
                lambda: self.conn.execute(
                    "SELECT workspace FROM workspace_settings ORDER BY workspace"
                ).fetchall()
            )
        return [row[0] for row in rows]


def _split_sql(sql: str) -> list[str]:
    """Split a migration into statements, keeping trigger bodies whole."""
    statements, current = [], []
    in_trigger = False
    for line in sql.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("--"):
            continue
        current.append(line)
        upper = stripped.upper()
        if upper.startswith("CREATE TRIGGER"):
            in_trigger = True
        if (in_trigger and upper == "END;") or (not in_trigger and stripped.endswith(";")):
            statements.append("\n".join(current))
            current, in_trigger = [], False
    if current:
        statements.append("\n".join(current))
    return statements
