"""A PostgreSQL restart during a burst of saves: every save that reported success
is there afterwards, every other one failed with StoreUnavailable (which adapters
turn into "the database is unavailable, try again"), and the pool reconnects by
itself, with no restart of the bot."""

from __future__ import annotations

import asyncio
import time

from core.commands import CommandRequest, run_command
from core.models import Principal, Status
from core.ports import StoreUnavailable
from core.service import MemoryService
from core.stores.postgres.store import PostgresStore

ALICE = Principal("acme", "alice")


async def test_a_database_restart_loses_no_acknowledged_save_and_the_pool_recovers(pg, pg_store):
    service = MemoryService(pg_store)
    acknowledged: list[tuple[float, str]] = []
    refused: list[str] = []
    restarted = {"stop": 0.0, "start": 0.0}
    counter = iter(range(100_000))

    async def saver() -> None:
        for _ in range(20_000):  # bounded by attempts, not by the clock
            text = f"burst memory {next(counter)}"
            try:
                result = await service.remember("acme", "alice", text)
            except StoreUnavailable:
                refused.append(text)
                await asyncio.sleep(0.01)
                continue
            assert result.ok and result.memory is not None
            acknowledged.append((time.monotonic(), result.memory.id))
            if restarted["start"] and sum(at > restarted["start"] for at, _ in acknowledged) > 20:
                return

    async def restart() -> None:
        for _ in range(10_000):  # saves are flowing before the stop
            if len(acknowledged) >= 5:
                break
            await asyncio.sleep(0.01)
        restarted["stop"] = time.monotonic()
        await asyncio.to_thread(pg.server.stop)
        for _ in range(10_000):  # down until the outage was felt: saves fail meanwhile
            if refused:
                break
            await asyncio.sleep(0.01)
        await asyncio.to_thread(pg.server.start)
        restarted["start"] = time.monotonic()

    pid_before = pg.server.server.get_pid()
    await asyncio.gather(restart(), *(saver() for _ in range(4)))

    assert pg.server.server.get_pid() != pid_before
    before = [t for at, t in acknowledged if at < restarted["stop"]]
    after = [t for at, t in acknowledged if at > restarted["start"]]
    assert before and len(after) > 20  # the burst spanned the restart
    assert refused  # the outage was felt, and reported as StoreUnavailable
    async with pg_store.session(ALICE) as s:
        stored = {m.id for m in await s.list_memories([Status.ACTIVE], 100_000)}
    missing = [memory_id for _, memory_id in acknowledged if memory_id not in stored]
    assert missing == []


async def test_commands_say_the_database_is_unavailable_instead_of_failing(tmp_path):
    down = PostgresStore(f"postgresql://memorybot_app@/memorybot?host={tmp_path}", timeout=1)
    service = MemoryService(down)
    request = CommandRequest("acme", "alice", "C1", "we deploy on Tuesdays")
    response = await run_command(service, "remember", request)
    assert not response.ok
    assert "database is unavailable" in response.plain() and "try again" in response.plain()
