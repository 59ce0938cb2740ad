"""Many users at once (SPEC: one process serves a team): on both stores, concurrent
saves all land, a read never waits for an open write transaction, and a session
opened read-only cannot write.

Order of events, not wall-clock: the write transaction stays open until the read has
finished; a store whose reads queue behind writes finishes the read only after the
commit, which the recorded order shows.
"""

from __future__ import annotations

import asyncio

import pytest

from core.models import Principal, Scope, Status
from core.ports import ReadOnlySession
from tests.contract.test_store_contract import ALICE, add, memory

# Long enough for any loaded machine; it only ends a wait that a broken store would
# make endless, so the test then fails on the order of events instead of hanging.
DEADLOCK_GUARD = 60.0


async def test_a_read_is_not_blocked_by_an_open_write_transaction(store):
    await add(store, ALICE, "the staging DB is on port 6543")
    events: list[str] = []
    written, read_done = asyncio.Event(), asyncio.Event()

    async def writer() -> None:
        async with store.session(ALICE) as s:
            await s.insert_memory(memory(ALICE, "we deploy on Tuesdays"))
            events.append("written")
            written.set()
            await asyncio.wait([asyncio.create_task(read_done.wait())], timeout=DEADLOCK_GUARD)
            events.append("commit")

    async def reader() -> list[str]:
        await written.wait()
        async with store.session(ALICE, read_only=True) as s:
            seen = [m.content for m in await s.list_memories([Status.ACTIVE], 10)]
        events.append("read")
        read_done.set()
        return seen

    _, seen = await asyncio.gather(writer(), reader())
    assert events == ["written", "read", "commit"]
    assert seen == ["the staging DB is on port 6543"]  # the committed state only
    async with store.session(ALICE, read_only=True) as s:
        after = {m.content for m in await s.list_memories([Status.ACTIVE], 10)}
    assert after == {"the staging DB is on port 6543", "we deploy on Tuesdays"}


async def test_concurrent_writers_lose_nothing(store):
    users = [Principal("acme", f"user{n}") for n in range(8)]

    async def saves(principal: Principal) -> list[str]:
        ids = []
        for i in range(5):
            async with store.session(principal) as s:
                new = memory(principal, f"{principal.user} note {i}", Scope.GLOBAL)
                ids.append((await s.insert_memory(new)).id)
            async with store.session(principal, read_only=True) as s:  # reads in between
                await s.list_memories([Status.ACTIVE], 5)
        return ids

    written = [i for ids in await asyncio.gather(*(saves(u) for u in users)) for i in ids]
    async with store.session(users[0], read_only=True) as s:
        stored = {m.id for m in await s.list_memories([Status.ACTIVE], 100)}
        counts = await s.stats()
    assert len(written) == 40 and stored == set(written)
    assert counts.memories == 40


async def test_a_write_in_a_read_only_session_is_refused_and_nothing_is_written(store):
    with pytest.raises(ReadOnlySession):
        async with store.session(ALICE, read_only=True) as s:
            await s.insert_memory(memory(ALICE, "we deploy on Tuesdays"))
    async with store.session(ALICE) as s:  # the store still writes afterwards
        assert await s.list_memories([Status.ACTIVE], 10) == []
        await s.insert_memory(memory(ALICE, "we deploy on Fridays"))
    async with store.session(ALICE, read_only=True) as s:
        assert [m.content for m in await s.list_memories([Status.ACTIVE], 10)] == [
            "we deploy on Fridays"
        ]
