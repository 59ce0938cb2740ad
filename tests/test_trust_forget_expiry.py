"""Forgotten text lingers only as long as Undo needs it (issue 11).

`forget` keeps the text in its own audit entry so Undo can bring it back. After
FORGET_UNDO_WINDOW the workspace's next recorded change (anyone's) purges it: the
scan of SQLite's files and of every PostgreSQL table (as the owner) then finds none of
its words, and Undo says there is nothing to undo. Both stores; in connected mode the
worker also sweeps every workspace each hour, so a quiet workspace keeps nothing either.
"""

from __future__ import annotations

import asyncio

from core import texts
from core.commands import CommandRequest, run_action
from core.models import FORGET_UNDO_WINDOW
from core.responses import ActionKind
from core.service import MemoryService
from core.stores.postgres.jobs import PostgresJobs
from tests.test_trust_erase import ALICE, BOB, WS, leftovers

HOUR = 3600.0


async def test_undo_within_the_window_brings_the_forgotten_text_back(service, clock):
    saved = await service.remember(WS, ALICE, "my zanzibarquux bike is the blue one")
    forgot = await service.forget(WS, ALICE, saved.memory.id)
    clock.advance(seconds=FORGET_UNDO_WINDOW - HOUR)
    await service.remember(WS, BOB, "bob parks on level 2")  # a write in the workspace
    assert await leftovers(service.store) == ["zanzibarquux"]  # held for Undo
    assert (await service.undo(WS, ALICE, forgot.audit_id)).ok
    found = await service.recall(WS, ALICE, "zanzibarquux bike")
    assert [h.content for h in found] == ["my zanzibarquux bike is the blue one"]


async def test_after_the_window_the_next_write_purges_the_text_and_undo_is_gone(service, clock):
    await service.update_settings(WS, "admin", is_admin=True, contradiction_policy="keep_history")
    await service.remember(WS, ALICE, "the plumtrellis gate code changes on Friday")
    latest = await service.remember(WS, ALICE, "the plumtrellis gate code changes on Monday")
    forgot = await service.forget(WS, ALICE, latest.memory.id)
    assert len(forgot.forgotten) == 1
    assert await leftovers(service.store) == ["plumtrellis"]  # both versions, for Undo
    clock.advance(seconds=FORGET_UNDO_WINDOW + HOUR)
    await service.remember(WS, BOB, "bob parks on level 2")  # someone else's write
    assert await leftovers(service.store) == []
    assert not (await service.undo(WS, ALICE, forgot.audit_id)).ok
    assert not (await service.undo(WS, ALICE)).ok  # nor as "the last change"
    bob = await service.memories(WS, BOB)
    assert [m.content for m in bob.items] == ["bob parks on level 2"]


async def test_an_undo_after_the_window_purges_before_it_looks(service, clock):
    saved = await service.remember(WS, ALICE, "my orbivane passport number is X1234")
    forgot = await service.forget(WS, ALICE, saved.memory.id)
    clock.advance(seconds=FORGET_UNDO_WINDOW + 1)
    result = await service.undo(WS, ALICE, forgot.audit_id)
    assert not result.ok and result.expired
    assert await leftovers(service.store) == []
    request = CommandRequest(WS, ALICE, "C1", platform="slack")  # the Undo button's path
    response = await run_action(service, request, ActionKind.UNDO, forgot.audit_id)
    assert not response.ok and response.text == texts.UNDO_EXPIRED.format(hours=24)
    assert await service.recall(WS, ALICE, "orbivane passport") == []


async def test_a_forget_in_another_workspace_is_left_to_its_own_window(service, clock):
    saved = await service.remember("elsewhere", ALICE, "my zanzibarquux bike is parked at gate 9")
    forgot = await service.forget("elsewhere", ALICE, saved.memory.id)
    clock.advance(seconds=FORGET_UNDO_WINDOW + HOUR)
    await service.remember(WS, BOB, "bob parks on level 2")  # acme's write purges acme's only
    assert await leftovers(service.store) == ["zanzibarquux"]
    await service.remember("elsewhere", BOB, "bob rides the bus")
    assert await leftovers(service.store) == []
    assert not (await service.undo("elsewhere", ALICE, forgot.audit_id)).ok


async def test_the_worker_purges_expired_text_where_nobody_writes_any_more(pg_store, clock):
    service = MemoryService(pg_store, clock=clock)
    forgets = []
    for workspace in (WS, "elsewhere"):
        saved = await service.remember(workspace, ALICE, "my zanzibarquux locker is on level 4")
        forgets.append((workspace, (await service.forget(workspace, ALICE, saved.memory.id))))
    queue = PostgresJobs(pg_store, clock=clock)
    assert await queue.sweep_forgotten() == 0  # still within the undo window
    assert await leftovers(pg_store) == ["zanzibarquux"]
    clock.advance(seconds=FORGET_UNDO_WINDOW + HOUR)
    stop = asyncio.Event()
    worker = asyncio.create_task(queue.run(service.ports, stop, idle=60.0))
    for _ in range(200):  # the loop's first pass sweeps
        if not await leftovers(pg_store):
            break
        await asyncio.sleep(0.02)
    stop.set()
    await asyncio.wait_for(worker, 5)
    assert await leftovers(pg_store) == []
    for workspace, forgot in forgets:
        assert not (await service.undo(workspace, ALICE, forgot.audit_id)).ok
