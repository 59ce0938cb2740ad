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
import contextlib
import queue
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any, TypeVar, TypeVarTuple, cast

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

DEFAULT_READERS = 4  # 2 cores: more readers than this only queue inside SQLite


class Lane:
    """One connection and the one thread that uses it.

    A call is a job on the thread's queue and an asyncio future the thread settles
    through `call_soon_threadsafe`: a save makes about 17 such calls, and a thread
    pool's per-call machinery (a `concurrent.futures.Future` with its condition
    variable, the pool's work item and locks, the chaining onto an asyncio future) was
    a tenth of a save's CPU on top of the work itself. As with a pool, a call whose
    caller was cancelled before the thread reached it is not run."""

    def __init__(self, name: str, *, reader: bool) -> None:
        self.reader = reader
        self.conn: sqlite3.Connection | None = None
        self.name = name
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None  # started by the first call

    async def call(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        if threading.current_thread() is self._thread:  # inside `drive`: already here
            return fn(*args)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name=self.name, daemon=True)
            self._thread.start()
        self._jobs.put((fn, args, loop, future))
        return await future

    def post(self, fn: Callable[[*Ts], object], *args: *Ts) -> None:
        """Queue `fn` and return at once: for a tidy-up nobody waits for (a read
        session's end), which the lane runs before any job queued after it. What it
        raises is dropped, so it must handle its own errors."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name=self.name, daemon=True)
            self._thread.start()
        self._jobs.put((fn, args, None, None))

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            fn, args, loop, future = job
            if future is None or loop is None:  # posted: nobody to tell
                with contextlib.suppress(Exception):
                    fn(*args)
                continue
            if future.cancelled():
                continue
            try:
                result = fn(*args)
            except BaseException as exc:  # the caller's to handle, as from a pool
                _settle_soon(loop, future, None, exc)
            else:
                _settle_soon(loop, future, result, None)

    async def close(self) -> None:
        if self.conn is not None:
            conn, self.conn = self.conn, None
            await self.call(conn.close)
        thread, self._thread = self._thread, None
        if thread is not None:
            self._jobs.put(None)
            await asyncio.to_thread(thread.join)


def drive(work: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run the coroutine `work()` to its end on this thread, without an event loop:
    for a lane's own thread, where every store call it awaits runs at once
    (`Lane.call`), so it never suspends. Were it to wait on anything else (a lock, a
    sleep, another thread) it is stopped and this raises, rather than hanging."""
    coro = work()
    try:
        coro.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    coro.close()
    raise RuntimeError("work run on a store lane waited for something outside it")


_Job = tuple[
    Callable[..., Any],
    tuple[Any, ...],
    asyncio.AbstractEventLoop | None,
    "asyncio.Future[Any] | None",
]


def _settle_soon(
    loop: asyncio.AbstractEventLoop,
    future: asyncio.Future[Any],
    result: object,
    exc: BaseException | None,
) -> None:
    with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody waits
        loop.call_soon_threadsafe(_settle, future, result, exc)


def _settle(future: asyncio.Future[Any], result: object, exc: BaseException | None) -> None:
    if future.cancelled():
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)


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
