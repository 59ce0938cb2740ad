"""Standalone mode: a read session begins with its first call and ends without a wait.

`SQLiteStore._read` no longer makes two trips to the reader's thread of its own: BEGIN
runs there just before the session's first call, and the rollback is queued behind it
(`Lane.post`). These tests pin what that must not change: every read of one session
sees one snapshot, a session that read nothing leaves its connection free, and the
next session on the same connection starts from a closed transaction.
"""

from __future__ import annotations

import asyncio
import sqlite3

from core.models import Principal
from core.stores.sqlite.lanes import Lane
from core.stores.sqlite.store import SQLiteStore
from tests.contract.test_store_contract import add

ALICE = Principal("acme", "alice")


async def opened(tmp_path) -> SQLiteStore:
    store = SQLiteStore(f"sqlite:///{tmp_path}/memorybot.db", readers=1)
    await store.open()
    return store


async def contents(session) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(m.content for m in await session.list_memories(["active"], 100))


async def test_the_reads_of_one_session_see_one_snapshot_despite_a_commit_between(tmp_path):
    store = await opened(tmp_path)
    try:
        await add(store, ALICE, "the office wifi is called orbit")
        async with store.session(ALICE, read_only=True) as s:
            first = await contents(s)
            await add(store, ALICE, "the standup is at ten")  # committed meanwhile
            second = await contents(s)
        assert first == second == ["the office wifi is called orbit"]
        async with store.session(ALICE, read_only=True) as s:  # a new snapshot sees it
            assert len(await contents(s)) == 2
    finally:
        await store.close()


async def test_a_session_that_reads_nothing_leaves_the_connection_free(tmp_path):
    store = await opened(tmp_path)
    try:
        async with store.session(ALICE, read_only=True):
            pass
        async with store.session(ALICE, read_only=True):
            pass
        await add(store, ALICE, "the release train leaves on thursday")
        async with store.session(ALICE, read_only=True) as s:  # the same one reader lane
            assert await contents(s) == ["the release train leaves on thursday"]
    finally:
        await store.close()


async def test_each_session_on_a_reused_connection_begins_from_a_closed_transaction(tmp_path):
    """The queued rollback runs before the next session's first call: that session's
    BEGIN would fail ("cannot start a transaction within a transaction") otherwise,
    and it would read the old snapshot."""
    store = await opened(tmp_path)
    try:
        for n in range(5):
            await add(store, ALICE, f"deploy number {n} went out on time")
            async with store.session(ALICE, read_only=True) as s:
                assert len(await contents(s)) == n + 1
                assert await s.store.run(lambda: s.conn.in_transaction)
        lane = store._readers._lanes[0] if store._readers else None
        assert lane is not None and lane.conn is not None
        assert not await lane.call(lambda: lane.conn.in_transaction)  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_a_failing_first_call_still_ends_the_session(tmp_path):
    store = await opened(tmp_path)
    try:
        async with store.session(ALICE, read_only=True) as s:
            try:
                await s.store.run(lambda: s.conn.execute("SELECT * FROM no_such_table"))
            except sqlite3.OperationalError:
                pass
            else:
                raise AssertionError("the bad query ran")
            assert await contents(s) == []  # the session goes on, inside its transaction
        await add(store, ALICE, "the backup runs nightly")
        async with store.session(ALICE, read_only=True) as s:
            assert await contents(s) == ["the backup runs nightly"]
    finally:
        await store.close()


async def test_a_posted_job_runs_in_order_and_its_error_is_dropped():
    lane = Lane("test-lane", reader=True)
    ran: list[str] = []

    def boom() -> None:
        ran.append("boom")
        raise RuntimeError("dropped")

    try:
        lane.post(boom)
        lane.post(ran.append, "after")
        assert await lane.call(lambda: list(ran)) == ["boom", "after"]
        assert await asyncio.wait_for(lane.call(lambda: 7), 5) == 7  # the thread lives on
    finally:
        await lane.close()
