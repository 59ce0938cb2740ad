"""The standalone store's connections: one writer and a few readers, each on its thread.

Why: sqlite3 is synchronous and a connection must be used by one thread at a time, so
each connection gets a thread of its own (a "lane") and the event loop never blocks
on disk. In WAL mode a reader never waits for the writer: it reads the last committed
snapshot while a write transaction is open. So the store keeps one writer lane —
write transactions are serialised through it (`BEGIN IMMEDIATE`, under an asyncio
lock) — and a small pool of read-only lanes that read sessions borrow. SQLite lets go
of the GIL while it runs a statement, so a recall and a save really run at once.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import TypeVar, TypeVarTuple

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

DEFAULT_READERS = 4  # 2 cores: more readers than this only queue inside SQLite


class Lane:
    """One connection and the one thread that uses it."""

    def __init__(self, name: str, *, reader: bool) -> None:
        self.reader = reader
        self.conn: sqlite3.Connection | None = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)

    async def call(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def close(self) -> None:
        if self.conn is not None:
            conn, self.conn = self.conn, None
            await self.call(conn.close)
        self._executor.shutdown(wait=True)


class Readers:
    """A bounded pool of read-only lanes, opened on demand up to `size`: a read
    session waits for a free lane only when `size` reads are already running."""

    def __init__(self, size: int, connect: Callable[[], sqlite3.Connection]) -> None:
        self.size = size
        self._connect = connect
        self._idle: asyncio.Queue[Lane] = asyncio.Queue()
        self._lanes: list[Lane] = []

    @asynccontextmanager
    async def borrow(self) -> AsyncIterator[Lane]:
        if self._idle.empty() and len(self._lanes) < self.size:
            lane = Lane(f"memorybot-sqlite-read{len(self._lanes)}", reader=True)
            self._lanes.append(lane)
            try:
                lane.conn = await lane.call(self._connect)
            except BaseException:
                self._lanes.remove(lane)
                await lane.close()
                raise
        else:
            lane = await self._idle.get()
        try:
            yield lane
        finally:
            self._idle.put_nowait(lane)

    async def close(self) -> None:
        lanes, self._lanes = self._lanes, []
        self._idle = asyncio.Queue()
        for lane in lanes:
            await lane.close()
