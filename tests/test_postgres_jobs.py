"""Background jobs live in a PostgreSQL queue claimed with FOR UPDATE SKIP LOCKED,
so any number of workers share them (SPEC §8)."""

from __future__ import annotations

import asyncio

import pytest

from core.jobs.handlers import JOB_HANDLERS
from core.ports import ProviderError
from core.service import MemoryService
from core.stores.postgres.jobs import PostgresJobs
from tests.conftest import Clock


@pytest.fixture
def recorded():
    """A job kind whose handler records each run; `fail` payloads raise. Queues built
    with `handlers=HANDLERS` run it."""
    runs: list[int] = []

    async def record(ports, payload):
        await asyncio.sleep(0)
        if payload.get("fail"):
            # A server's error text can quote the job's message: stored as a summary.
            raise ProviderError("provider down", f"cannot take {payload.get('said')!r}")
        runs.append(payload["n"])

    HANDLERS.clear()
    HANDLERS.update(JOB_HANDLERS, test_record=record)
    return runs


HANDLERS: dict = {}


async def test_two_workers_never_take_the_same_job(pg, pg_store, recorded):
    queue = PostgresJobs(pg_store, handlers=HANDLERS)
    for n in range(200):
        await queue.enqueue("test_record", {"n": n}, workspace=f"ws{n % 3}")
    other_store = pg_store.__class__(pg_store.url, admin_url=pg_store.admin_url, max_size=2)
    await other_store.open()
    service = MemoryService(pg_store)
    claimed: dict[str, list[int]] = {"a": [], "b": []}

    async def worker(name: str, jobs: PostgresJobs) -> None:
        while batch := await jobs.claim(5):
            claimed[name] += [j.payload["n"] for j in batch]
            for j in batch:
                await jobs.run_job(service.ports, j)

    try:
        await asyncio.gather(
            worker("a", queue), worker("b", PostgresJobs(other_store, handlers=HANDLERS))
        )
    finally:
        await other_store.close()
    assert sorted(recorded) == list(range(200))
    assert not set(claimed["a"]) & set(claimed["b"]) and claimed["a"] and claimed["b"]
    assert (await queue.counts())["done"] == 200


async def test_backoff_doubles_and_the_job_is_dead_after_max_attempts(pg_store, recorded):
    clock = Clock()
    queue = PostgresJobs(pg_store, clock=clock, max_attempts=3, backoff=2.0, handlers=HANDLERS)
    service = MemoryService(pg_store)
    await queue.enqueue("test_record", {"fail": True, "said": "Quokka7731"}, workspace="acme")
    delays = []
    for attempt in range(1, 4):
        [claimed] = await queue.claim()
        assert claimed.attempts == attempt
        failed_at = clock.now
        await queue.run_job(service.ports, claimed)
        if attempt == 3:
            break
        while not await _due(queue, clock):
            clock.advance(seconds=0.5)
        delays.append(clock.now - failed_at)
    assert delays == [2.0, 4.0]
    assert (await queue.counts())["dead"] == 1
    [(workspace, _, kind, error)] = await queue.dead()
    assert (workspace, kind) == ("acme", "test_record") and "provider down" in error
    assert "Quokka7731" not in error  # the server's words are not kept (issue 12)
    clock.advance(days=1)
    assert await queue.claim() == []  # dead jobs are never taken again


async def _due(queue: PostgresJobs, clock: Clock) -> bool:
    """Whether a job of workspace acme is ready at this clock time."""
    async with queue.store.transaction(workspace="acme") as conn:
        row = await (
            await conn.execute(
                "SELECT count(*) FROM jobs WHERE state = 'pending' AND run_after <= %s",
                (clock.now,),
            )
        ).fetchone()
    return row[0] > 0


async def test_a_job_whose_worker_died_is_taken_again_after_its_lease(pg_store, recorded):
    clock = Clock()
    queue = PostgresJobs(pg_store, clock=clock, lease=60.0, handlers=HANDLERS)
    await queue.enqueue("test_record", {"n": 1}, workspace="acme")
    [first] = await queue.claim()  # ...and the worker dies
    assert await queue.claim() == []
    clock.advance(seconds=61)
    [again] = await queue.claim()
    assert again.id == first.id and again.attempts == 2


async def test_an_idle_worker_wakes_on_notify(pg_store, recorded):
    queue = PostgresJobs(pg_store, handlers=HANDLERS)
    stop = asyncio.Event()
    worker = asyncio.create_task(queue.run(MemoryService(pg_store).ports, stop, idle=60.0))
    await asyncio.sleep(0.3)  # the worker is now idle and listening
    await queue.enqueue("test_record", {"n": 7}, workspace="acme")
    for _ in range(100):
        if recorded:
            break
        await asyncio.sleep(0.02)
    stop.set()
    await asyncio.wait_for(worker, 5)
    assert recorded == [7]


async def test_enqueue_refuses_an_unknown_kind(pg_store):
    with pytest.raises(LookupError):
        await PostgresJobs(pg_store).enqueue("no_such_job", {}, workspace="acme")


async def test_jobs_of_other_workspaces_are_invisible_outside_the_worker(pg_store, recorded):
    queue = PostgresJobs(pg_store, handlers=HANDLERS)
    await queue.enqueue("test_record", {"n": 1}, workspace="acme")
    await queue.enqueue("test_record", {"n": 2}, workspace="evil")
    async with pg_store.transaction(workspace="evil") as conn:
        rows = await (await conn.execute("SELECT payload FROM jobs")).fetchall()
    assert rows == [({"n": 2},)]
    assert (await queue.counts())["pending"] == 2  # the worker sees both
