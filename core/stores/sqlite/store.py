"""The standalone store: one SQLite file, WAL mode, FTS5 with porter stemming.

sqlite3 is synchronous, so every connection has a thread of its own (a lane,
`core.stores.sqlite.lanes`) and the event loop never blocks on disk. A write session
is one `BEGIN IMMEDIATE` transaction on the single writer connection, under an
asyncio lock, so a check-then-write (dedup, merge, entity counts) can never
interleave with another. A read-only session borrows one of a few reader connections
and reads the last committed snapshot (WAL): it never waits for a write.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar, TypeVarTuple
from urllib.parse import quote

from core.models import Principal
from core.ports import ReadOnlySession, StoreFault, StoreUnavailable
from core.recall.segment import index_text
from core.stores.migrations import migration_files as read_migrations
from core.stores.sqlite.candidates import KnownCommon
from core.stores.sqlite.lanes import DEFAULT_READERS, Lane, Readers
from core.stores.sqlite.memo import SearchMemo
from core.stores.sqlite.session import SQLiteSession
from core.stores.sqlite.vectors import sign_bits

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

# SQLite's primary result codes that mean "the file itself refuses" (sqlite3.h)
_FAULT_CODES = {13: "full", 8: "read_only", 14: "read_only", 11: "damaged", 26: "damaged"}
_SQLITE_IOERR = 10
_SQLITE_READONLY = 8

MIGRATIONS_PACKAGE = "core.stores.sqlite"
# Every transaction that writes adds a segment to the keyword index, and FTS5 merges
# them only four to a level, so after a few hundred saves a search reads a dozen
# segments per term. A transaction that changed MERGE_AFTER rows or more (an import
# batch) first merges at most MERGE_PAGES pages of them: at 10k memories 8 ms, and a
# reconciliation search then costs 0.40 ms instead of 0.66, for the batch's next
# lines and every search after. (Done every ~45 sequential saves instead, it cost
# them more than it saved: CPU a save x0.83/0.89 of the start commit's, against
# x0.79/0.77 without, paired runs at 10k.)
MERGE_AFTER = 256
MERGE_PAGES = 200


def path_from_url(url: str) -> str:
    """`sqlite:///abs/path.db`, `sqlite:///:memory:` or a bare path → a file path."""
    if url.startswith("sqlite://"):
        rest = url[len("sqlite://") :]
        if rest.startswith("//"):  # sqlite:////abs/path (SQLAlchemy's absolute form)
            rest = rest[1:]
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
    """A `core.ports.Store` on one SQLite file: one writer lane, `readers` reader lanes
    (none for `:memory:`, whose connections cannot share a database: reads then take
    the writer's turn)."""

    one_writer = True  # `core.ports.Store.one_writer`: saves plan on a snapshot first

    def __init__(self, url: str, *, readers: int = DEFAULT_READERS) -> None:
        self.url = url
        self.path = path_from_url(url)
        self._writer = Lane("memorybot-sqlite", reader=False)
        self._readers = (
            Readers(readers, self._connect_reader) if readers and self.path != ":memory:" else None
        )
        self._lock = asyncio.Lock()
        self._touches: list[tuple[Principal, Sequence[str], float]] = []  # waiting for the writer
        self.known_common = KnownCommon()  # keyword search: terms found common
        self.searches = SearchMemo()  # keyword searches until the next commit
        self.version = 0  # commits that may have changed a row (`core.stores.sqlite.memo`)
        self._data_version: int | None = None  # the writer's PRAGMA data_version
        self._damaged: StoreFault | None = None

    async def run(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """Run `fn` on the writer's thread (see `run_on`)."""
        return await self.run_on(self._writer, fn, *args)

    async def run_on(self, lane: Lane, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """Run `fn` on `lane`'s thread; a full disk, a read-only or damaged file comes
        back as `StoreFault` (and a damaged file takes no more writes); a write tried
        on a reader, as `ReadOnlySession`."""
        if self._damaged is not None:
            raise self._damaged
        try:
            return await lane.call(fn, *args)
        except sqlite3.Error as exc:
            if lane.reader and getattr(exc, "sqlite_errorcode", 0) & 0xFF == _SQLITE_READONLY:
                raise ReadOnlySession(str(exc)) from exc
            fault = self.fault(exc)
            if fault is None:
                raise
            if isinstance(fault, StoreFault) and fault.code == "damaged":
                self._damaged = fault
            raise fault from exc

    def fault(self, exc: sqlite3.Error) -> StoreFault | StoreUnavailable | None:
        """What a SQLite error means for the user, or None (a bug or bad SQL: re-raise)."""
        code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
        if code == _SQLITE_IOERR:
            return StoreUnavailable(f"disk I/O error on {self.path}")
        kind = _FAULT_CODES.get(code)
        damaged = "malformed" in str(exc) or "not a database" in str(exc)
        if kind is None and isinstance(exc, sqlite3.DatabaseError) and damaged:
            kind = "damaged"
        return None if kind is None else StoreFault(kind, self.path, str(exc))

    async def open(self) -> None:
        if self._writer.conn is None:
            self._writer.conn = await self.run(self._connect)
            await self.migrate()

    def _connect(self) -> sqlite3.Connection:
        if self.path != ":memory:":
            try:
                private_file(Path(self.path))
            except OSError as exc:
                code = "full" if exc.errno == errno.ENOSPC else "read_only"
                raise StoreFault(code, self.path, exc.strerror or "") from exc
            if os.path.exists(self.path) and not os.access(self.path, os.W_OK):
                raise StoreFault("read_only", self.path, "the file is not writable")
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            conn.row_factory = sqlite3.Row
            # Deleted rows are overwritten with zeros, not left in free pages (issue 11).
            conn.execute("PRAGMA secure_delete = ON")
            conn.execute("PRAGMA journal_mode = WAL")
            # Under WAL, NORMAL syncs the log at each checkpoint instead of at each
            # commit: a commit is still atomic and a crash never corrupts the file, but
            # power lost (not a process crash) may undo the last commits before the
            # checkpoint (docs/architecture.md, Durability).
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA busy_timeout = 5000")
            conn.execute("PRAGMA foreign_keys = ON")
            _functions(conn)
            problems = integrity_problems(conn, quick=True)
        except BaseException:
            conn.close()
            raise
        if problems:
            conn.close()
            raise StoreFault("damaged", self.path, problems[0])
        return conn

    def _connect_reader(self) -> sqlite3.Connection:
        """A connection that may only read (`query_only`): a write tried in a read
        session fails instead of slipping past the writer's lock."""
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA busy_timeout = 5000")
            conn.execute("PRAGMA query_only = ON")
            _functions(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    async def close(self) -> None:
        if self._readers is not None:
            await self._readers.close()
        if self._touches and self._writer.conn is not None:
            async with self._lock:
                await self._apply_touches()
        await self._writer.close()

    @property
    def conn(self) -> sqlite3.Connection:
        """The writer's connection (use it on the writer's thread: `run`)."""
        if self._writer.conn is None:
            raise RuntimeError("the SQLite store is not open")
        return self._writer.conn

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
            self.version += 1
            applied.append(name)
        return applied

    async def embedding_model(self) -> str | None:
        """Which embedder model made the stored vectors, or None while none was recorded."""
        return await self.run(self._embedding_model)

    def _embedding_model(self) -> str | None:
        row = self.conn.execute("SELECT model FROM embedding_model WHERE id = 1").fetchone()
        return None if row is None else str(row[0])

    async def set_embedding_model(
        self, model: str, unrecorded: str | None = None
    ) -> list[tuple[str, str]]:
        """Record `model` as the maker of the stored vectors; when they are another
        model's, drop them all first (their memories are kept) and return the
        (workspace, owner) pairs that now have active memories to re-embed.
        `unrecorded` made the vectors stored before any model was recorded (None: take
        them as `model`'s)."""
        async with self._lock:
            return await self.run(self._set_embedding_model, model, unrecorded)

    def _set_embedding_model(self, model: str, unrecorded: str | None) -> list[tuple[str, str]]:
        conn = self.conn
        recorded = self._embedding_model()
        if recorded == model:
            return []
        stale = (recorded or unrecorded or model) != model
        conn.execute("BEGIN IMMEDIATE")
        try:
            if stale:
                conn.execute(
                    "UPDATE memories SET embedding = NULL, embedding_signs = NULL "
                    "WHERE embedding IS NOT NULL"
                )
            conn.execute(
                "INSERT INTO embedding_model (id, model) VALUES (1, ?) "
                "ON CONFLICT (id) DO UPDATE SET model = excluded.model",
                (model,),
            )
            queued = conn.execute(
                "SELECT DISTINCT workspace, owner FROM memories "
                "WHERE embedding IS NULL AND status = 'active' ORDER BY workspace, owner"
            ).fetchall()
        except sqlite3.Error:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        self.version += 1
        return [(str(w), str(o)) for w, o in queued] if stale else []

    @asynccontextmanager
    async def session(
        self, principal: Principal, *, read_only: bool = False
    ) -> AsyncIterator[SQLiteSession]:
        """One transaction as one principal: committed on success, rolled back on error.
        `read_only`: a snapshot on a reader connection, which waits for no writer."""
        if self._writer.conn is None:
            await self.open()
        if read_only and self._readers is not None:
            async with self._readers.borrow() as lane, self._read(lane, principal) as session:
                yield session
            return
        async with self._lock:
            await self._apply_touches()
            changes = await self.run(self._begin_write)
            session = SQLiteSession(Bound(self, self._writer), principal, changes=changes)
            try:
                yield session
                await self.run(self._commit, changes)
            except BaseException:
                self.version += 1  # whatever happened, no search read before is trusted
                # SQLite may already have rolled back (a full disk does): only roll back
                # what is still open, so the original error is the one reported.
                conn = self._writer.conn
                if conn is not None and conn.in_transaction:
                    await self._writer.call(_rollback_quietly, conn)
                raise
            if session.scrubbed:
                await self.run(self._checkpoint)

    def writer_busy(self) -> bool:
        """`core.ports.Store.writer_busy`: a write session is open or waiting (a save plans its
        reconciliation on a snapshot only then; with the writer free it decides inside
        its own transaction, on the writer's warm page cache — a reader's cache is
        dropped at every commit, and its search cost half as much again)."""
        return self._lock.locked()

    def _begin_write(self) -> int:
        """BEGIN IMMEDIATE; a commit by another connection since the writer's last
        transaction counts as one (`version`). Returns the rows changed so far."""
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        seen = conn.execute("PRAGMA data_version").fetchone()[0]
        if seen != self._data_version:
            self._data_version = seen
            self.version += 1
        return conn.total_changes

    def _commit(self, changes: int) -> None:
        """COMMIT; counted when the session changed a row (`changes`: before it).
        After MERGE_AFTER changed rows the keyword index's segments are merged first
        (a bounded amount of work, in the same transaction; same rows, same ranks)."""
        conn = self.conn
        if conn.total_changes - changes >= MERGE_AFTER:
            with contextlib.suppress(sqlite3.OperationalError):  # a tidy-up, not the save
                conn.execute(
                    "INSERT INTO memories_fts (memories_fts, rank) VALUES ('merge', ?)",
                    (-MERGE_PAGES,),
                )
        conn.execute("COMMIT")
        if conn.total_changes != changes:
            self.version += 1

    async def touch(self, principal: Principal, memory_ids: Sequence[str], now: float) -> None:
        """`core.ports.Store.touch`: at once if the writer is free, else queued for the
        next write session to apply first (a recall does not wait behind saves)."""
        self._touches.append((principal, list(memory_ids), now))
        if not self._lock.locked():
            async with self._lock:
                await self._apply_touches()

    async def _apply_touches(self) -> None:
        """The queued touches, in one transaction of their own (the caller holds the
        lock): a later session that rolls back does not take them with it."""
        touches, self._touches = self._touches, []
        if not touches:
            return
        await self.run(self.conn.execute, "BEGIN IMMEDIATE")
        try:
            for principal, memory_ids, now in touches:
                await SQLiteSession(Bound(self, self._writer), principal).touch(memory_ids, now)
            await self.run(self.conn.execute, "COMMIT")
            self.version += 1
        except sqlite3.Error:
            self.version += 1
            await self._writer.call(_rollback_quietly, self.conn)
            raise

    @asynccontextmanager
    async def _read(self, lane: Lane, principal: Principal) -> AsyncIterator[SQLiteSession]:
        """A deferred transaction: its snapshot is taken at the first read and held to
        the end, so every read of the session agrees; it ends by rolling back (nothing
        was written, and a reader connection may not write).

        Neither end costs the caller a trip to the lane's thread: BEGIN runs there
        just before the session's first call (`Bound`), and the rollback is queued
        without waiting for it — the lane runs it before whatever the next session
        queues. Two waits less per read session, a tenth of a save's wall time on a
        loaded host (bench/scale.py)."""
        assert lane.conn is not None
        conn = lane.conn
        version = self.version  # read before the snapshot is: see core.stores.sqlite.memo
        try:
            yield SQLiteSession(Bound(self, lane, begin=True), principal, version=version)
        finally:
            lane.post(_end_read, conn)

    def _checkpoint(self) -> None:
        """After a deletion, leave no copy of the deleted text in the files (issue 11).

        FTS5 records a deletion as a tombstone that repeats the text's tokens until its
        segments are merged: 'optimize' merges them all, dropping both. (SQLite 3.42's
        `secure-delete` option would avoid the merge; Python's SQLite is often older.)
        Then the WAL is copied into the file and truncated, so no frame of an old page
        survives there; the main file's freed cells were zeroed by secure_delete."""
        self.conn.execute("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')")
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.version += 1

    async def readiness(self) -> list[str]:
        """What keeps this store from serving ([] when ready): the file answers a
        query and every migration is applied (`/readyz`)."""

        def pending() -> list[str]:
            done = {row[0] for row in self.conn.execute("SELECT version FROM schema_migrations")}
            return [
                f"migration {name} not applied" for v, name, _ in migration_files() if v not in done
            ]

        if self._writer.conn is None:
            return ["the database is not open"]
        async with self._lock:
            return await self.run(pending)

    async def unembedded_principals(self) -> list[tuple[str, str]]:
        """(workspace, owner) of every active memory still without a vector: standalone
        mode's start-up backfill (`bots.wiring.queue_standalone_backfill`) embeds them
        as their owner, since a file has no worker to queue for."""
        async with self._lock:
            rows = await self.run(
                lambda: self.conn.execute(
                    "SELECT DISTINCT workspace, owner FROM memories "
                    "WHERE status = 'active' AND embedding IS NULL ORDER BY workspace, owner"
                ).fetchall()
            )
        return [(row[0], row[1]) for row in rows]

    async def workspaces(self) -> list[str]:
        """Every workspace with stored settings (maintenance, e.g. rotating secrets)."""
        async with self._lock:
            rows = await self.run(
                lambda: self.conn.execute(
                    "SELECT workspace FROM workspace_settings ORDER BY workspace"
                ).fetchall()
            )
        return [row[0] for row in rows]


class Bound:
    """What a session sees of its store: its lane's connection, run on that lane's
    thread with the store's fault handling (`core.stores.sqlite.session.Database`)."""

    def __init__(self, store: SQLiteStore, lane: Lane, *, begin: bool = False) -> None:
        """`begin`: a read session's BEGIN is still to run, with its first call."""
        self.store, self.lane = store, lane
        self.known_common = store.known_common
        self.searches = store.searches
        self.begin = begin

    @property
    def version(self) -> int:
        return self.store.version

    @property
    def conn(self) -> sqlite3.Connection:
        assert self.lane.conn is not None
        return self.lane.conn

    async def run(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        if self.begin:
            return await self.store.run_on(self.lane, self._begun, fn, args)
        return await self.store.run_on(self.lane, fn, *args)

    def _begun(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        """`fn(*args)` after the session's BEGIN, on the lane's thread. The flag is
        cleared there, once BEGIN ran: a call cancelled before the lane reached it
        leaves BEGIN to the next, and calls queued together begin once."""
        if self.begin:
            self.conn.execute("BEGIN")
            self.begin = False
        return fn(*args)


def _end_read(conn: sqlite3.Connection) -> None:
    """A read session's end, on its lane's thread: roll back if it began."""
    if conn.in_transaction:
        _rollback_quietly(conn)


def _functions(conn: sqlite3.Connection) -> None:
    """The SQL functions the triggers call: the FTS index's transform of the text (CJK
    bigrams, migration 0150) and a vector's signs (migration 0141)."""
    conn.create_function("memorybot_index_text", 1, index_text, deterministic=True)
    conn.create_function("memorybot_signs", 1, sign_bits, deterministic=True)


def _rollback_quietly(conn: sqlite3.Connection) -> None:
    """Roll back after a failure; a rollback that fails too must not hide the cause."""
    with contextlib.suppress(sqlite3.Error):
        conn.rollback()


def integrity_problems(conn: sqlite3.Connection, *, quick: bool = False) -> list[str]:
    """SQLite's own check of the file ([] when sound). `quick` skips index contents:
    cheap enough to run at every open, so a damaged file never takes writes."""
    pragma = "PRAGMA quick_check" if quick else "PRAGMA integrity_check"
    rows = [str(row[0]) for row in conn.execute(pragma).fetchall()]
    return [] if rows == ["ok"] else rows


def check_file(url: str) -> list[str]:
    """`memorybot db check`: the full integrity check of the file at `url`, opened
    read-only ([] when sound; a missing or unreadable file is one problem)."""
    path = path_from_url(url)
    if path == ":memory:":
        return []
    if not os.path.exists(path):
        return [f"{path} does not exist"]
    try:
        conn = sqlite3.connect(f"file:{quote(path)}?mode=ro", uri=True)
        try:
            return integrity_problems(conn)
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return [str(exc)]


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
